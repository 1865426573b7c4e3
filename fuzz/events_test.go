package fuzz

import (
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	_ "github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestEventsModelEqualsImpl: on every event sequence the production state
// machine gives the reference's outcome, field by field.
func TestEventsModelEqualsImpl(t *testing.T) {
	rapid.Check(t, checkEvents)
}

// TestOutputsModelEqualsImpl: what the Assembler reports as it happens
// (OnOutput) is what the reference's Step returns, event by event.
func TestOutputsModelEqualsImpl(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f, lim, evs := gen.Stream(t, true)
		var want, got []spec.Output
		s := model.New(f, lim)
		for _, e := range evs {
			n, out, err := model.Step(s, e)
			if err != nil {
				break
			}
			s = n
			want = append(want, out...)
		}
		a := impl.New(f, lim)
		a.OnOutput(func(o *impl.Output) { got = append(got, specOutput(o)) })
		for _, e := range evs {
			if a.PushEvent(e) != nil {
				break
			}
		}
		sameOutputs(t, string(f)+" events", want, got)
	})
}
