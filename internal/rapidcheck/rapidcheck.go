package rapidcheck

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// Defaults sets rapid's number of checks to checks (shortChecks under
// -short) unless -rapid.checks was given, and the rapid seed to the
// TOOLSPEC_RAPID_SEED environment variable (set by the mutation check, for
// repeatable runs) unless -rapid.seed was given. Call it from TestMain
// after flag.Parse.
func Defaults(checks, shortChecks int) {
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
