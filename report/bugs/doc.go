// Package bugs holds, one folder each, the Go programs of the bug reports
// of docs/conformance/bugs: each reproduces one library's bug with only
// the library's public API, on the stream's bytes served as the provider's
// response, and exits with status 1 while the bug is there (make bugs).
package bugs
