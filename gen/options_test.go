package gen

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestOneResponse: under Options.OneResponse every valid stream of every
// format holds one response, while the zero Options draws several too (so
// the option is what makes the difference).
func TestOneResponse(t *testing.T) {
	for _, f := range spec.Formats {
		t.Run(string(f), func(t *testing.T) {
			several := false
			rapid.Check(t, func(rt *rapid.T) {
				if r, _ := (Options{OneResponse: true}).Valid(rt, f); len(r.Messages) != 1 {
					rt.Fatalf("OneResponse drew %d responses", len(r.Messages))
				}
				if r, _ := Valid(rt, f); len(r.Messages) > 1 {
					several = true
				}
			})
			if !several {
				t.Error("the zero Options drew no stream of several responses")
			}
		})
	}
}
