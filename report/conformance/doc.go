// Package conformance runs toolspec's conformance kit (package spectest) on
// every third-party reassembler of package adapters, and on external
// adapter programs listed in a file, and renders what it found as the
// report docs/conformance.md: a libraries table that counts the failing
// cases on real traffic apart from the robustness findings and the
// warnings (the levels of SPEC.md's "Conformance levels"), a rules ×
// libraries table, each library's failures and warnings with the stream
// that shows each and the command that reproduces it, notes where a
// library departs from a rule on purpose, and each library's throughput
// against toolspec's from the same run.
//
// The report is generated, never edited: cmd/conformance writes it, and
// [CheckDocument] tells whether a committed report is in the form [Render]
// writes, for the libraries of the current build.
package conformance
