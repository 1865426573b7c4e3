// Package spectest is toolspec's conformance kit: what a reassembler of
// streamed tool calls, in this module or outside it, is checked against.
//
// For now it holds the golden scenario corpus, [Scenarios]: one txtar
// archive per scenario, pairing the raw wire bytes of a stream with the
// transcript (spec.Outcome.String) that SPEC.md's rules give for it.
// Package scenario parses them. A reassembler conforms on a scenario when
// its outcome for the scenario's input, format and limits prints as the
// scenario's want.
//
// The corpus is embedded only in programs that import this package: the
// root package, spec and impl do not.
package spectest
