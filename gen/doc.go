// Package gen generates streams for property tests and fuzzing: event
// sequences in the spec alphabet (Stream), and wire bytes of every format,
// valid by construction with their expected outcome (Valid) or mutated by
// named adversarial patterns from the field notes (Mutated), re-chunked at
// will (Chunks); and conversation histories in the canonical form of
// spec/history.go (History, AnyHistory, AdversarialHistory), with its own
// account of what each history format carries (Expressible). It keeps its
// own bookkeeping and never asks package model what is valid.
//
// # Usage
//
//	rapid.Check(t, func(t *rapid.T) {
//		f, lim, evs := gen.Stream(t, true)
//		...
//	})
package gen
