package fuzz

import (
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
)

// TestPathsModelEqualsImpl: on every Vertex partial-argument path of up to
// three bytes over the bytes the path grammar reads (after no prefix, $,
// $.l, $.l[ or $.l[1]), given to a call whose $.l already holds two elements, as
// a literal and then as a string, impl's outcome is the model's. Malformed
// forms (a non-canonical or negative index, a stray bracket or quote) are
// where a lenient parser differs, or panics.
func TestPathsModelEqualsImpl(t *testing.T) {
	alphabet := []string{"$", ".", "[", "]", "'", `"`, "0", "1", "-", "+", "l", " "}
	suffixes := []string{""}
	level := []string{""}
	for n := 0; n < 3; n++ {
		var next []string
		for _, s := range level {
			for _, c := range alphabet {
				next = append(next, s+c)
			}
		}
		suffixes = append(suffixes, next...)
		level = next
	}
	for _, prefix := range []string{"", "$", "$.l", "$.l[", "$.l[1]"} {
		for _, sfx := range suffixes {
			path := prefix + sfx
			evs := []spec.Event{
				{Kind: spec.KindPathOpen, Frame: 1, Name: "f"},
				{Kind: spec.KindPathArg, Frame: 2, Offset: 10, Path: "$.l[0]", Delta: spec.DeltaJSON, Data: "1"},
				{Kind: spec.KindPathArg, Frame: 2, Offset: 10, Path: "$.l[1]", Delta: spec.DeltaString, Data: "a", More: true},
				{Kind: spec.KindPathArg, Frame: 3, Offset: 20, Path: path, Delta: spec.DeltaJSON, Data: "2"},
				{Kind: spec.KindPathArg, Frame: 4, Offset: 30, Path: path, Delta: spec.DeltaString, Data: "s", More: true},
				{Kind: spec.KindPathArg, Frame: 5, Offset: 40, Path: path, Delta: spec.DeltaString, Data: "t"},
				{Kind: spec.KindPathClose, Frame: 6, Offset: 50},
				{Kind: spec.KindFinish, Frame: 7, Offset: 60, Data: "STOP"},
				{Kind: spec.KindEOF, Frame: 7, Offset: 70},
			}
			sameOutcome(t, "path "+path, model.Run(spec.FormatGemini, spec.Limits{}, evs), impl.RunEvents(spec.FormatGemini, spec.Limits{}, evs))
		}
	}
}
