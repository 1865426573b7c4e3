package golden

import (
	"flag"
	"regexp"
	"strings"
)

// Update reports whether tests should rewrite their golden files instead of
// comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files (scenario wants, capture summaries) instead of comparing")

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
