package fuzz

import (
	"math/rand"
	"testing"
)

// TestWireOutputsCorpus: on every scenario and capture, impl reports, as it
// happens, what the reference's Step gives for the events of the model's
// decoder, whole and in random chunks.
func TestWireOutputsCorpus(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	n := 0
	for _, in := range corpus(t) {
		if len(in.data) > maxOutputsInput {
			continue
		}
		compareRun(t, in.name, in.f, in.lim, in.data, []int{1 + rng.Intn(64), 1 + rng.Intn(7)})
		n++
	}
	if n < 200 {
		t.Fatalf("only %d inputs compared", n)
	}
}
