// Package golden holds what the test packages share: the -update flag, so
// that `go test ./... -update` rewrites golden files wherever they live and
// is accepted by packages that have none; the rerun hint of a failing
// golden case (RerunPattern); and rapid's defaults (RapidDefaults).
//
// # Usage
//
// A test package with golden files reads golden.Update, and prints
// golden.RerunPattern(t.Name()) in its failure's rerun hint; one without
// imports the package for its side effect:
//
//	import _ "github.com/toolspec/toolspec/internal/golden"
package golden
