package history

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// PathMap maps the canonical path of each element of a decoded
// [spec.History] to the JSON path of that element in the document it was
// decoded from. The zero PathMap maps nothing.
type PathMap map[string]string

// Lookup returns the document path of the element at canonical path p: the
// path recorded for p, else the one recorded for the longest enclosing
// element of p, else p itself.
func (m PathMap) Lookup(p string) string {
	for q := p; q != ""; {
		if d, ok := m[q]; ok {
			return d
		}
		i := strings.LastIndexAny(q, ".[")
		if i <= 0 {
			break
		}
		q = q[:i]
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

// codec is the decoder and encoder of one format's history.
type codec struct {
	decode func(doc []byte) (spec.History, PathMap, []spec.Violation)
	encode func(h spec.History) ([]byte, []spec.Violation)
}

// codecs are the history codecs impl has, by format.
var codecs = map[spec.Format]codec{
	spec.FormatOpenAIChat:      {decodeChat, encodeChat},
	spec.FormatAnthropic:       {decodeAnthropic, encodeAnthropic},
	spec.FormatOllama:          {decodeOllama, encodeOllama},
	spec.FormatBedrock:         {decodeBedrock, encodeBedrock},
	spec.FormatGemini:          {decodeGemini, encodeGemini},
	spec.FormatOpenAIResponses: {decodeResponses, encodeResponses},
}

// noCodec is the HIST-8 violation for a format without a codec: one
// that is not one of spec.Formats.
func noCodec(f spec.Format) []spec.Violation {
	msg := "no history codec for format " + strconv.Quote(string(f))
	return []spec.Violation{{Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: "$", Message: msg}}
}

// hasShapeErr reports whether vs holds a HIST-8 violation.
func hasShapeErr(vs []spec.Violation) bool {
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			return true
		}
	}
	return false
}

// decode runs the decoder of format f.
func decode(f spec.Format, doc []byte) (spec.History, PathMap, []spec.Violation) {
	c, ok := codecs[f]
	if !ok {
		return spec.History{}, nil, noCodec(f)
	}
	return c.decode(doc)
}

// Decode decodes doc, a request body of format f, into its
// normalized [spec.History], with the violations of its shape (HIST-8) and
// of its calls and tools (HIST-6, HIST-7), each at its path in doc. After a
// HIST-8 violation, which is terminal, the History holds what was decoded
// before it and nothing else is judged. Pairing is [Check]'s.
func Decode(f spec.Format, doc []byte) (spec.History, []spec.Violation) {
	h, _, vs := DecodePaths(f, doc)
	return h, vs
}

// DecodePaths is [Decode] that also returns where in doc each
// element of the History came from.
func DecodePaths(f spec.Format, doc []byte) (spec.History, PathMap, []spec.Violation) {
	h, pm, vs := decode(f, doc)
	if hasShapeErr(vs) {
		return h, pm, vs
	}
	return h, pm, append(vs, pm.Locate(checkElements(f, h))...)
}

// Encode writes h as a request body of format f, with a ClassLoss
// violation (XLATE rules) at the canonical path of each element f cannot
// carry.
func Encode(f spec.Format, h spec.History) ([]byte, []spec.Violation) {
	c, ok := codecs[f]
	if !ok {
		return nil, noCodec(f)
	}
	return c.encode(h)
}

// Translate translates doc, a request body of format from, into one
// of format to: the decoding's violations (HIST-6, HIST-7, the request
// elements no History holds) then the encoding's losses, every one at its
// path in doc; between two formats, signatures and redacted reasoning are
// left out first, each named ([Unbind]); into its own format the body is
// [Splice]'s (HIST-9). A document without its format's shape (HIST-8) is not
// translated: the result is nil, with the violation.
func Translate(from, to spec.Format, doc []byte) ([]byte, []spec.Violation) {
	h, pm, vs := DecodePaths(from, doc)
	if hasShapeErr(vs) {
		return nil, vs
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

// Canonical paths (SPEC.md section 11).

func systemPath(i int) string  { return "system[" + strconv.Itoa(i) + "]" }
func messagePath(i int) string { return "messages[" + strconv.Itoa(i) + "]" }
func partPath(i, j int) string { return messagePath(i) + ".parts[" + strconv.Itoa(j) + "]" }
func contentPath(i, j, k int) string {
	return partPath(i, j) + ".content[" + strconv.Itoa(k) + "]"
}
func toolPath(i int) string { return "tools[" + strconv.Itoa(i) + "]" }

const toolChoicePath = "tool_choice"
