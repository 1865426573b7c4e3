// Package rootfuzz holds the native fuzz targets of the root package,
// toolspec, which cannot live in the root directory: OSS-Fuzz's
// compile_native_go_fuzzer (.clusterfuzzlite/build.sh) looks a target up by
// grepping its package's directory and everything below it for the name,
// and wants the name in one file only; below the root directory is the
// whole repository, build.sh itself included. Here only the targets' own
// file holds their names, and the targets call the root package as any
// importer does (they were in the external test package toolspec_test,
// which that build cannot compile either). The package has no other code.
//
// # Usage
//
//	go test ./internal/rootfuzz
//	go test ./internal/rootfuzz -run '^$' -fuzz '^Fuzz<Name>$' -fuzztime 60s  # a target of fuzz_test.go
package rootfuzz
