package model

import (
	"fmt"

	"github.com/toolspec/toolspec/spec"
)

// outcomeDiff returns "" when a and b are equal in every field, or their
// transcripts under the labels la and lb, followed by both in Go syntax
// when the transcripts are the same (the transcript does not show every
// field: a call's Message, a signature item's Text).
func outcomeDiff(la string, a spec.Outcome, lb string, b spec.Outcome) string {
	ga, gb := fmt.Sprintf("%#v", a), fmt.Sprintf("%#v", b)
	if ga == gb {
		return ""
	}
	s := fmt.Sprintf("--- %s\n%s--- %s\n%s", la, a, lb, b)
	if a.String() == b.String() {
		s += fmt.Sprintf("(equal transcripts; the fields:)\n--- %s\n%s\n--- %s\n%s\n", la, ga, lb, gb)
	}
	return s
}
