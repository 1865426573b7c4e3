// Command testsum reads go test -json on its standard input and prints
// what go test prints without -v: each package's result line, and the
// output of every test that failed. It adds one line that counts the
// tests skipped because the shared captures are absent (internal/captures'
// Marker), so that no such skip passes unseen, and exits with status 1 if
// a test or a package failed, or if no package was reported at all.
//
//	go test -json ./... | go run ./internal/testsum
package main
