// Package golden holds the -update flag shared by every test package, so
// that `go test ./... -update` rewrites golden files wherever they live and
// is accepted by packages that have none.
//
// # Usage
//
// A test package with golden files reads golden.Update; one without imports
// the package for its side effect:
//
//	import _ "github.com/toolspec/toolspec/internal/golden"
package golden

import "flag"

// Update reports whether tests should rewrite their golden files instead of
// comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files (scenario wants, capture summaries) instead of comparing")
