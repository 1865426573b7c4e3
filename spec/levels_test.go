package spec

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// levelsTable returns the rows of SPEC.md's "Conformance levels" table as
// requirements, and each row's reason.
func levelsTable(t *testing.T) ([]Requirement, []string) {
	t.Helper()
	data, err := os.ReadFile("SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(data), "\n## Conformance levels\n")
	if !ok {
		t.Fatal(`SPEC.md has no section "## Conformance levels"`)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	var rows []Requirement
	var whys []string
	header := false
	for _, line := range strings.Split(sec, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if !header {
			header = true
			if strings.Join(cells, "|") != "rule|clause|level|an adapter, at that level|why" {
				t.Fatalf("the table's header is %q", line)
			}
			continue
		}
		if strings.Trim(line, "|-") == "" {
			continue
		}
		if len(cells) != 5 {
			t.Fatalf("a row of %d cells, want 5: %s", len(cells), line)
		}
		lv, ok := ParseLevel(cells[2])
		if !ok {
			t.Errorf("%s %s: level %q, want MUST, SHOULD or MAY", cells[0], cells[1], cells[2])
		}
		rows = append(rows, Requirement{RuleID(cells[0]), cells[1], lv, cells[3]})
		whys = append(whys, cells[4])
	}
	return rows, whys
}

var clauseRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// TestSpecMatchesRequirements keeps SPEC.md's conformance levels table and
// spec.Requirements equal, row by row, and requires a row for every rule
// of spec.Rules, rows in the rules' order, clause names unique within
// their rule, and a reason in every row.
func TestSpecMatchesRequirements(t *testing.T) {
	rows, whys := levelsTable(t)
	if len(rows) != len(Requirements) {
		t.Errorf("SPEC.md's table has %d rows, spec.Requirements %d", len(rows), len(Requirements))
	}
	for i := 0; i < min(len(rows), len(Requirements)); i++ {
		if rows[i] != Requirements[i] {
			t.Errorf("row %d: SPEC.md has %+v,\nspec.Requirements has %+v", i+1, rows[i], Requirements[i])
		}
		if whys[i] == "" {
			t.Errorf("row %d (%s %s) gives no reason", i+1, rows[i].Rule, rows[i].Clause)
		}
	}
	pos := map[RuleID]int{}
	for i, r := range Rules {
		pos[r.ID] = i
	}
	last := -1
	seen := map[RuleID]bool{}
	clauses := map[Requirement]bool{}
	for _, r := range Requirements {
		p, ok := pos[r.Rule]
		if !ok {
			t.Errorf("%s %s: no such rule", r.Rule, r.Clause)
			continue
		}
		if p < last {
			t.Errorf("%s %s: out of the rules' order", r.Rule, r.Clause)
		}
		last = p
		seen[r.Rule] = true
		key := Requirement{Rule: r.Rule, Clause: r.Clause}
		if clauses[key] {
			t.Errorf("%s %s: listed twice", r.Rule, r.Clause)
		}
		clauses[key] = true
		if !clauseRE.MatchString(r.Clause) || r.Text == "" || r.Level > LevelMay {
			t.Errorf("%s: clause %q, level %v, text %q", r.Rule, r.Clause, r.Level, r.Text)
		}
	}
	for _, r := range Rules {
		if !seen[r.ID] {
			t.Errorf("%s has no row in the conformance levels table", r.ID)
		}
	}
}

// TestLevelOf: the lookups read the table; the levels name themselves and
// order MUST before SHOULD before MAY.
func TestLevelOf(t *testing.T) {
	for _, c := range []struct {
		rule   RuleID
		clause string
		want   Level
		ok     bool
	}{
		{EndTruncation, "read-whole", LevelMust, true},
		{EndTruncation, "no-end-event", LevelShould, true},
		{IDDuplicate, "duplicate-id", LevelMay, true},
		{IDDuplicate, "kept-apart", LevelMust, true},
		{FrameSSE, "unterminated-last-event", LevelMay, true},
		{FrameSSE, "nonesuch", LevelMust, false},
	} {
		if got, ok := LevelOf(c.rule, c.clause); got != c.want || ok != c.ok {
			t.Errorf("LevelOf(%s, %s) = %v, %v; want %v, %v", c.rule, c.clause, got, ok, c.want, c.ok)
		}
	}
	if n := len(RuleRequirements(IDDuplicate)); n != 2 {
		t.Errorf("ID-7 has %d rows, want 2", n)
	}
	for _, l := range []Level{LevelMust, LevelShould, LevelMay} {
		if p, ok := ParseLevel(l.String()); !ok || p != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), p, ok)
		}
	}
	if LevelShould.Stronger(LevelMust) != LevelMust || LevelMay.Stronger(LevelShould) != LevelShould || Level(9).String() != "level(9)" {
		t.Error("Stronger or String")
	}
	if _, ok := ParseLevel("must"); ok {
		t.Error(`ParseLevel("must") succeeded`)
	}
}
