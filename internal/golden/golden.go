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

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// Update reports whether tests should rewrite their golden files instead of
// comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files (scenario wants, capture summaries) instead of comparing")

// RapidDefaults sets rapid's number of checks to checks (shortChecks under
// -short) unless -rapid.checks was given, and the rapid seed to the
// TOOLSPEC_RAPID_SEED environment variable (set by the mutation check, for
// repeatable runs) unless -rapid.seed was given. Call it from TestMain
// after flag.Parse.
func RapidDefaults(checks, shortChecks int) {
	given := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if !given["rapid.checks"] {
		n := checks
		if testing.Short() {
			n = shortChecks
		}
		if err := flag.Set("rapid.checks", strconv.Itoa(n)); err != nil {
			panic(err)
		}
	}
	if seed := os.Getenv("TOOLSPEC_RAPID_SEED"); seed != "" && !given["rapid.seed"] {
		if err := flag.Set("rapid.seed", seed); err != nil {
			panic(err)
		}
	}
}
