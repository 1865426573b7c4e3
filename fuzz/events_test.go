package fuzz

import (
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	_ "github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/model"
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
