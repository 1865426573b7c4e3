// Package fuzz holds the differential tests and native fuzz targets that
// prove impl equal to the reference model: on event sequences, on the wire
// bytes of every format (the golden scenarios, the shared captures and
// generated streams), under any chunking, and without panics on arbitrary
// bytes. Every comparison is of every exported field, at every depth, of
// the outcomes, outputs or events compared (compare_test.go), not of their
// transcripts, which do not show every field. It has no non-test code
// besides this comment.
//
// # Usage
//
//	go test ./fuzz
//	go test ./fuzz -run '^$' -fuzz '^FuzzWire$' -fuzztime 60s
package fuzz
