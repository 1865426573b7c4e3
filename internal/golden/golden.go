package golden

import (
	"flag"
	"os"
	"regexp"
	"strconv"
	"strings"
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

// RerunPattern returns the -run pattern that selects exactly the test
// named name (t.Name(): the names of the test and its subtests joined by
// "/"): each level anchored and quoted, since go test matches each
// slash-separated element of -run against one level, unanchored.
func RerunPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	// For the shell: the hint is printed between single quotes.
	return strings.ReplaceAll(strings.Join(parts, "/"), "'", `'\''`)
}
