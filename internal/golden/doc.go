// Package golden holds what the test packages share: the -update flag, so
// that `go test ./... -update` rewrites golden files wherever they live and
// is accepted by packages that have none, and the rerun hint of a failing
// golden case (RerunPattern). rapid's defaults are internal/rapidcheck's.
//
// # Usage
//
// A test package with golden files reads golden.Update; one without imports
// the package for its side effect:
//
//	import _ "github.com/toolspec/toolspec/internal/golden"
package golden
