// Package gen generates streams for property tests and fuzzing: event
// sequences in the spec alphabet and (later) wire bytes of every format,
// valid by construction or mutated. It keeps its own bookkeeping and never
// asks package model what is valid.
//
// # Usage
//
//	rapid.Check(t, func(t *rapid.T) {
//		f, lim, evs := gen.Stream(t, true)
//		...
//	})
package gen
