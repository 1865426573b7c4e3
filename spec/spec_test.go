package spec

import (
	_ "github.com/toolspec/toolspec/internal/golden"
	"os"
	"regexp"
	"strings"
	"testing"
)

var headingRE = regexp.MustCompile(`^### ([A-Z]+-[0-9]+) — (.*)$`)

// TestSpecMatchesRules keeps SPEC.md's rule headings and spec.Rules in step:
// same IDs, same order, same one-line summaries.
func TestSpecMatchesRules(t *testing.T) {
	data, err := os.ReadFile("SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	var got []Rule
	for _, line := range strings.Split(string(data), "\n") {
		if m := headingRE.FindStringSubmatch(line); m != nil {
			got = append(got, Rule{RuleID(m[1]), m[2]})
		}
	}
	if len(got) != len(Rules) {
		t.Errorf("SPEC.md has %d rule headings, spec.Rules has %d", len(got), len(Rules))
	}
	for i := 0; i < min(len(got), len(Rules)); i++ {
		if got[i] != Rules[i] {
			t.Errorf("rule %d: SPEC.md has %s %q, spec.Rules has %s %q", i, got[i].ID, got[i].Summary, Rules[i].ID, Rules[i].Summary)
		}
	}
	seen := map[RuleID]bool{}
	for _, r := range Rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
	}
}

// TestRuleArea: the area of every rule is its prefix, and only HIST and
// XLATE rules are of histories.
func TestRuleArea(t *testing.T) {
	for _, c := range []struct {
		id      RuleID
		area    string
		history bool
	}{{FrameSSE, "FRAME", false}, {IDRepeated, "ID", false}, {EventInvalid, "EVENT", false},
		{HistOrphan, "HIST", true}, {XlateTools, "XLATE", true}, {"nodash", "nodash", false}} {
		if got := c.id.Area(); got != c.area {
			t.Errorf("%s.Area() = %q, want %q", c.id, got, c.area)
		}
		if got := c.id.OfHistory(); got != c.history {
			t.Errorf("%s.OfHistory() = %v, want %v", c.id, got, c.history)
		}
	}
	n := 0
	for _, r := range Rules {
		if r.ID.OfHistory() {
			n++
		}
	}
	if n != 16 {
		t.Errorf("%d history rules, want 16 (HIST-1..9, XLATE-1..7)", n)
	}
}
