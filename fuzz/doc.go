// Package fuzz holds the differential tests and native fuzz targets that
// prove impl equal to the reference model: on event sequences, on the wire
// bytes of every format (the golden scenarios, the shared captures and
// generated streams), under any chunking, and without panics on arbitrary
// bytes. Every comparison is of every exported field, at every depth, of
// the outcomes, outputs or events compared (compare.go), not of their
// transcripts, which do not show every field.
//
// The package has no exported identifiers. Its non-test files hold the
// comparisons, the rapid properties and the corpus readers that the tests
// (*_test.go) and the fuzz targets (all in fuzz_test.go) share, so that
// fuzz_test.go compiles without the other test files, as OSS-Fuzz's build
// compiles it (.clusterfuzzlite/build.sh). No target's name is written in
// any other file of this directory: that build looks a target up by its
// name and wants it in one file only.
//
// # Usage
//
//	go test ./fuzz
//	go test ./fuzz -run '^$' -fuzz '^Fuzz<Name>$' -fuzztime 60s  # a target of fuzz_test.go
package fuzz
