package fuzz

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	_ "github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestEventsModelEqualsImpl: on every event sequence the production state
// machine gives the reference's outcome, byte for byte.
func TestEventsModelEqualsImpl(t *testing.T) {
	rapid.Check(t, checkEvents)
}

func checkEvents(t *rapid.T) {
	f, lim, evs := gen.Stream(t, true)
	want := model.Run(f, lim, evs).String()
	got := impl.RunEvents(f, lim, evs).String()
	if got != want {
		t.Fatalf("impl differs from the model on %s events:\n--- model\n%s--- impl\n%s", f, want, got)
	}
}

// FuzzEvents is the same property driven by the fuzzer.
func FuzzEvents(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(checkEvents))
}

// TestOutputsModelEqualsImpl: what the Assembler reports as it happens
// (OnOutput) is what the reference's Step returns, event by event.
func TestOutputsModelEqualsImpl(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f, lim, evs := gen.Stream(t, true)
		var want, got []string
		s := model.New(f, lim)
		for _, e := range evs {
			n, out, err := model.Step(s, e)
			if err != nil {
				break
			}
			s = n
			for _, o := range out {
				want = append(want, o.String())
			}
		}
		a := impl.New(f, lim)
		a.OnOutput(func(o *impl.Output) {
			so := spec.Output{Kind: o.Kind, Message: o.Message, Choice: o.Choice, Call: o.Call, Data: string(o.Data), Status: o.Status, Stop: o.Stop}
			if o.Violation != nil {
				so.Violation = *o.Violation
			}
			got = append(got, so.String())
		})
		for _, e := range evs {
			if a.PushEvent(e) != nil {
				break
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("outputs differ:\n--- model\n%s\n--- impl\n%s", strings.Join(want, "\n"), strings.Join(got, "\n"))
		}
	})
}
