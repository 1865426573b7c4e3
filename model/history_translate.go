package model

import "github.com/toolspec/toolspec/spec"

// TranslateHistory translates doc, a request body of format from, into a
// request body of format to: it decodes doc ([DecodeHistoryPaths]) and
// encodes the History ([EncodeHistory]). The violations are those of the
// decoding (HIST-6 and HIST-7, and the request elements no History holds)
// followed by the losses of the encoding (XLATE rules, class loss), every
// one at its path in doc: a loss names the element of the source that the
// target cannot carry. A document that is not of its format's shape
// (HIST-8) is not translated: the result is nil, with the violation.
// Pairing is not checked: [CheckHistory] judges the History, in either
// format.
func TranslateHistory(from, to spec.Format, doc []byte) ([]byte, []spec.Violation) {
	h, pm, vs := DecodeHistoryPaths(from, doc)
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			return nil, vs
		}
	}
	out, losses := EncodeHistory(to, h)
	return out, append(vs, pm.Locate(losses)...)
}
