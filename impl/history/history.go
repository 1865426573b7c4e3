package history

// Conversation histories (SPEC.md section 11): the entry points over the
// per-format codecs. The checker is in check.go, Repair in repair.go.
//
// # Paths
//
// Every element of a [spec.History] has a canonical path, which names it
// by its position in the History and in no format: system[i],
// messages[i], messages[i].parts[j], messages[i].parts[j].content[k],
// tools[i], tool_choice. [CheckHistory] and the encoders report
// violations at canonical paths; a decoder also returns a [PathMap] from
// canonical path to the element's JSON path in its document, and the entry
// points that start from a document rewrite every path with it.
//
// # Codecs
//
// Each format with a history codec has, in <format>.go, a decoder
// and an encoder:
//
//	func decodeXHist(doc []byte) (spec.History, PathMap, []spec.Violation)
//	func encodeXHist(h spec.History) ([]byte, []spec.Violation)
//
// A decoder validates the document once, as encoding/json would, before it
// reads anything (HIST-8 when it is not one JSON object: nothing is
// allocated for a document that cannot be read), then walks it with the
// history reader of json.go: members are looked up in one pass
// over an object, the last of a repeated name winning (encoding/json's
// rule), strings decoded as encoding/json decodes them, values compacted
// as json.Compact writes them. It returns the normalized History, the
// path of every element, and its shape violations (HIST-8, at document
// paths), after which the History holds what was decoded before. An
// encoder writes deterministic JSON with a fixed key order, strings as
// encoding/json writes them without HTML escapes, and names with a
// ClassLoss violation each element its format cannot carry.

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

// histCodec is the decoder and encoder of one format's history.
type histCodec struct {
	decode func(doc []byte) (spec.History, PathMap, []spec.Violation)
	encode func(h spec.History) ([]byte, []spec.Violation)
}

// histCodecs are the history codecs impl has, by format.
var histCodecs = map[spec.Format]histCodec{
	spec.FormatOpenAIChat:      {decodeChatHist, encodeChatHist},
	spec.FormatAnthropic:       {decodeAnthropicHist, encodeAnthropicHist},
	spec.FormatOllama:          {decodeOllamaHist, encodeOllamaHist},
	spec.FormatBedrock:         {decodeBedrockHist, encodeBedrockHist},
	spec.FormatGemini:          {decodeGeminiHist, encodeGeminiHist},
	spec.FormatOpenAIResponses: {decodeResponsesHist, encodeResponsesHist},
}

// HistoryFormats returns the formats impl has a history codec for, in the
// order of [spec.Formats].
func HistoryFormats() []spec.Format {
	var fs []spec.Format
	for _, f := range spec.Formats {
		if HasHistoryCodec(f) {
			fs = append(fs, f)
		}
	}
	return fs
}

// HasHistoryCodec reports whether impl decodes and encodes histories of
// format f.
func HasHistoryCodec(f spec.Format) bool {
	_, ok := histCodecs[f]
	return ok
}

// noHistCodec is the HIST-8 violation for a format without a codec: one
// that is not one of spec.Formats.
func noHistCodec(f spec.Format) []spec.Violation {
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

// decodeHist runs the decoder of format f.
func decodeHist(f spec.Format, doc []byte) (spec.History, PathMap, []spec.Violation) {
	c, ok := histCodecs[f]
	if !ok {
		return spec.History{}, nil, noHistCodec(f)
	}
	return c.decode(doc)
}

// DecodeHistory decodes doc, a request body of format f, into its
// normalized [spec.History], with the violations of its shape (HIST-8) and
// of its calls and tools (HIST-6, HIST-7), each at its path in doc. After a
// HIST-8 violation, which is terminal, the History holds what was decoded
// before it and nothing else is judged. Pairing is [CheckHistory]'s.
func DecodeHistory(f spec.Format, doc []byte) (spec.History, []spec.Violation) {
	h, _, vs := DecodeHistoryPaths(f, doc)
	return h, vs
}

// DecodeHistoryPaths is [DecodeHistory] that also returns where in doc each
// element of the History came from.
func DecodeHistoryPaths(f spec.Format, doc []byte) (spec.History, PathMap, []spec.Violation) {
	h, pm, vs := decodeHist(f, doc)
	if hasShapeErr(vs) {
		return h, pm, vs
	}
	return h, pm, append(vs, pm.Locate(elementViolations(f, h))...)
}

// elementViolations are the HIST-6 and HIST-7 violations of h, at
// canonical paths, in document order.
func elementViolations(f spec.Format, h spec.History) []spec.Violation {
	rules, _ := spec.LookupFormatRules(f)
	var vs []spec.Violation
	emit := func(fd histFinding) { vs = append(vs, fd.violation()) }
	for i, m := range h.Messages {
		for j, p := range m.Parts {
			if p.Kind == spec.PartCall {
				callFindings(f, rules, i, j, p, emit)
			}
		}
	}
	toolFindings(h, emit)
	return vs
}

// EncodeHistory writes h as a request body of format f, with a ClassLoss
// violation (XLATE rules) at the canonical path of each element f cannot
// carry.
func EncodeHistory(f spec.Format, h spec.History) ([]byte, []spec.Violation) {
	c, ok := histCodecs[f]
	if !ok {
		return nil, noHistCodec(f)
	}
	return c.encode(h)
}

// CheckHistoryDocument decodes doc, a request body of format f, and checks
// the history: the decoder's shape violations (HIST-8), or, when the
// document has its format's shape, what [CheckHistory] finds, every
// violation and pending call at its path in doc. It also returns the
// decoded history.
func CheckHistoryDocument(f spec.Format, doc []byte) (spec.History, HistoryReport) {
	h, pm, vs := decodeHist(f, doc)
	if hasShapeErr(vs) {
		return h, HistoryReport{Violations: vs}
	}
	rep := CheckHistory(f, h)
	rep.Violations = pm.Locate(rep.Violations)
	for i := range rep.Pending {
		rep.Pending[i].Path = pm.Lookup(rep.Pending[i].Path)
	}
	return h, rep
}

// TranslateHistory translates doc, a request body of format from, into one
// of format to: the decoding's violations (HIST-6, HIST-7, the request
// elements no History holds) then the encoding's losses, every one at its
// path in doc. A document without its format's shape (HIST-8) is not
// translated: the result is nil, with the violation.
func TranslateHistory(from, to spec.Format, doc []byte) ([]byte, []spec.Violation) {
	h, pm, vs := DecodeHistoryPaths(from, doc)
	if hasShapeErr(vs) {
		return nil, vs
	}
	out, losses := EncodeHistory(to, h)
	return out, append(vs, pm.Locate(losses)...)
}

// Canonical paths (SPEC.md section 11).

func hSystemPath(i int) string  { return "system[" + strconv.Itoa(i) + "]" }
func hMessagePath(i int) string { return "messages[" + strconv.Itoa(i) + "]" }
func hPartPath(i, j int) string { return hMessagePath(i) + ".parts[" + strconv.Itoa(j) + "]" }
func hContentPath(i, j, k int) string {
	return hPartPath(i, j) + ".content[" + strconv.Itoa(k) + "]"
}
func hToolPath(i int) string { return "tools[" + strconv.Itoa(i) + "]" }

const hToolChoicePath = "tool_choice"
