package history

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// PathMap maps the canonical path of each element of a decoded
// [spec.History] to the JSON path of that element in the document it was
// decoded from (see the paths above). The zero PathMap maps nothing.
type PathMap map[string]string

// Lookup returns the document path of the element at canonical path p: the
// path recorded for p, else the one recorded for the longest enclosing
// element of p ("messages[2].parts[0]" for "messages[2].parts[0].content[1]"
// when only the part was recorded), else p itself.
func (m PathMap) Lookup(p string) string {
	for q := p; q != ""; q = parentPath(q) {
		if d, ok := m[q]; ok {
			return d
		}
	}
	return p
}

// Locate returns vs with each Path rewritten by [PathMap.Lookup]; vs itself
// is not changed. A violation without a Path is left as it is.
func (m PathMap) Locate(vs []spec.Violation) []spec.Violation {
	if len(vs) == 0 {
		return vs
	}
	out := make([]spec.Violation, len(vs))
	for i, v := range vs {
		if v.Path != "" {
			v.Path = m.Lookup(v.Path)
		}
		out[i] = v
	}
	return out
}

// parentPath returns p without its last step ("a.b[2]" → "a.b", "a.b" →
// "a"), or "" for a path of one step.
func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i <= 0 {
		return ""
	}
	return p[:i]
}

// Canonical paths (see the package's history paths).

func systemPath(i int) string        { return "system[" + strconv.Itoa(i) + "]" }
func messagePath(i int) string       { return "messages[" + strconv.Itoa(i) + "]" }
func partPath(i, j int) string       { return messagePath(i) + ".parts[" + strconv.Itoa(j) + "]" }
func contentPath(i, j, k int) string { return partPath(i, j) + ".content[" + strconv.Itoa(k) + "]" }
func toolPath(i int) string          { return "tools[" + strconv.Itoa(i) + "]" }

const toolChoicePath = "tool_choice"

// noCodec is the violation for a format without a history codec.
func noCodec(f spec.Format) []spec.Violation {
	return []spec.Violation{{
		Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: "$",
		Message: "no history codec for format " + strconv.Quote(string(f)),
	}}
}

// Decode decodes doc, a request body of format f, into its
// normalized [spec.History], with the violations of its shape (HIST-8) and
// of its calls and tools (HIST-6, HIST-7), each at its path in doc. After a
// HIST-8 violation, which is terminal, the History holds what was decoded
// before it and nothing else is judged. Decode does not check the
// pairing of calls and results: [Check] and [CheckDocument]
// do.
func Decode(f spec.Format, doc []byte) (spec.History, []spec.Violation) {
	h, _, vs := DecodePaths(f, doc)
	return h, vs
}

// DecodePaths is [Decode] that also returns where in doc each
// element of the History came from.
func DecodePaths(f spec.Format, doc []byte) (spec.History, PathMap, []spec.Violation) {
	h, pm, vs := decode(f, doc)
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			return h, pm, vs // HIST-8: a history that cannot be read is not judged
		}
	}
	// What is left are the losses of a decoder (a request element no
	// History holds); the elements are judged all the same.
	return h, pm, append(vs, pm.Locate(checkElements(f, h))...)
}

// decode runs the decoder of format f: the History, its paths and
// its shape violations (HIST-8), which end the decoding, and the losses of
// request elements that no History holds (ClassLoss, at document paths).
func decode(f spec.Format, doc []byte) (spec.History, PathMap, []spec.Violation) {
	switch f {
	case spec.FormatOpenAIChat:
		return decodeChat(doc)
	case spec.FormatAnthropic:
		return decodeAnthropic(doc)
	case spec.FormatOpenAIResponses:
		return decodeResponses(doc)
	case spec.FormatOllama:
		return decodeOllama(doc)
	case spec.FormatGemini:
		return decodeGemini(doc)
	case spec.FormatBedrock:
		return decodeBedrock(doc)
	default:
		return spec.History{}, nil, noCodec(f)
	}
}

// Encode writes h as a request body of format f, with a ClassLoss
// violation (XLATE rules) at the canonical path of each element f cannot
// carry.
func Encode(f spec.Format, h spec.History) ([]byte, []spec.Violation) {
	switch f {
	case spec.FormatOpenAIChat:
		return encodeChat(h)
	case spec.FormatAnthropic:
		return encodeAnthropic(h)
	case spec.FormatOpenAIResponses:
		return encodeResponses(h)
	case spec.FormatOllama:
		return encodeOllama(h)
	case spec.FormatGemini:
		return encodeGemini(h)
	case spec.FormatBedrock:
		return encodeBedrock(h)
	default:
		return nil, noCodec(f)
	}
}

// Translate translates doc, a request body of format from, into a
// request body of format to: it decodes doc ([DecodePaths]) and
// encodes the History ([Encode]). The violations are those of the
// decoding (HIST-6 and HIST-7, and the request elements no History holds)
// followed by the losses of the encoding (XLATE rules, class loss), every
// one at its path in doc: a loss names the element of the source that the
// target cannot carry. Between two formats, signatures and redacted
// reasoning are left out first, each named ([Unbind]): they are bound to
// the provider that made them. A document that is not of its format's shape
// (HIST-8) is not translated: the result is nil, with the violation.
// Into the request's own format, the body is [Splice]'s: every member
// the translation does not change stays byte for byte (HIST-9), the
// model and settings among them. Pairing is not checked: [Check] judges
// the History, in either format.
func Translate(from, to spec.Format, doc []byte) ([]byte, []spec.Violation) {
	h, pm, vs := DecodePaths(from, doc)
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			return nil, vs
		}
	}
	if from == to {
		// An operation in one format: every member it does not change
		// stays byte for byte (HIST-9), the request's settings among them.
		// The losses are Encode's, located in doc as a translation's are.
		out, _ := Splice(to, doc, h)
		_, losses := Encode(to, h)
		return out, append(vs, pm.Locate(losses)...)
	}
	h, unbound, at := Unbind(h)
	out, losses := Encode(to, h)
	for k := range losses {
		losses[k].Path = at(losses[k].Path)
	}
	vs = append(append(vs, pm.Locate(unbound)...), pm.Locate(losses)...)
	out, settings := translateSettings(from, to, doc, out)
	return out, append(vs, settings...)
}
