package model

import (
	"io/fs"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// update rewrites golden files instead of comparing with them.
var update = golden.Update

const scenarioDir = "../spectest/testdata/scenarios"

// loadScenarios parses every scenario under spectest/testdata/scenarios.
func loadScenarios(t *testing.T) []*scenario.Scenario {
	t.Helper()
	var out []*scenario.Scenario
	err := filepath.WalkDir(scenarioDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(path, data)
		if err != nil {
			return err
		}
		out = append(out, sc)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestScenarios runs every golden scenario through the reference model and
// compares the transcript with its want section. With -update it rewrites
// the want sections instead: read the diff before committing it.
func TestScenarios(t *testing.T) {
	for _, sc := range loadScenarios(t) {
		t.Run(scenarioTestName(sc), func(t *testing.T) {
			for _, r := range sc.Rules {
				if _, ok := spec.LookupRule(r); !ok {
					t.Errorf("scenario cites unknown rule %s", r)
				}
			}
			got := Reassemble(sc.Format, sc.Input, sc.Limits).String()
			if *update {
				if got != sc.Want {
					sc.Want = got
					if err := os.WriteFile(sc.Name, sc.Marshal(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			if got != sc.Want {
				t.Errorf("transcript differs (rerun: go test ./model -run '%s' -update)\n--- got\n%s--- want\n%s", golden.RerunPattern(t.Name()), got, sc.Want)
			}
			// The same bytes written in random chunks give the same outcome.
			rng := rand.New(rand.NewSource(int64(len(sc.Input))))
			for try := 0; try < 5; try++ {
				if again := reassembleChunked(sc.Format, sc.Input, sc.Limits, rng); again != got {
					t.Fatalf("chunked decoding differs:\n--- whole\n%s--- chunked\n%s", got, again)
				}
			}
		})
	}
}

// TestSeveralResponsesTag: a scenario carries the tag several-responses
// exactly when its stream holds several responses, the model's outcome
// more than one message, so that the conformance kit judges an adapter
// that reads a stream as one response on none of them (spectest's
// Description.SeveralResponses).
func TestSeveralResponsesTag(t *testing.T) {
	tagged := 0
	for _, sc := range loadScenarios(t) {
		n := Reassemble(sc.Format, sc.Input, sc.Limits).Messages
		has := sc.HasTag(scenario.TagSeveralResponses)
		if has != (n > 1) {
			t.Errorf("%s: %d message(s), tagged %s: %v; want the tag exactly when the stream holds several responses", scenarioTestName(sc), n, scenario.TagSeveralResponses, has)
		}
		if has {
			tagged++
		}
	}
	if tagged == 0 {
		t.Errorf("no scenario is tagged %s", scenario.TagSeveralResponses)
	}
}

// TestScenarioSources: every capture a scenario's seen: line cites exists
// in the shared captures folder (package scenario checks the form of every
// source, and that each scenario has a seen: or a synthetic: line).
func TestScenarioSources(t *testing.T) {
	if _, err := os.Stat(capturesDir); err != nil {
		captures.Absent(t, capturesDir, err)
	}
	cited := 0
	for _, sc := range loadScenarios(t) {
		if sc.IsSeen() == (sc.Synthetic != "") {
			t.Errorf("%s: seen %q, synthetic %q: want exactly one", scenarioTestName(sc), sc.Seen, sc.Synthetic)
		}
		for _, src := range sc.Seen {
			rest, ok := strings.CutPrefix(src, "captures/")
			if !ok {
				continue
			}
			cited++
			if _, err := os.Stat(filepath.Join(capturesDir, rest)); err != nil {
				t.Errorf("%s: seen: cites %s, which is not in the captures folder: %v", scenarioTestName(sc), src, err)
			}
		}
	}
	if cited == 0 {
		t.Error("no scenario cites a capture")
	}
}

// scenarioTestName is the subtest name of a scenario: its path under
// spectest/testdata/scenarios without .txtar, "<area>/<name>".
func scenarioTestName(sc *scenario.Scenario) string {
	return strings.TrimSuffix(strings.TrimPrefix(sc.Name, scenarioDir+"/"), ".txtar")
}

// reassembleChunked decodes data written in random chunks.
func reassembleChunked(f spec.Format, data []byte, lim spec.Limits, rng *rand.Rand) string {
	d := NewDecoder(f, lim)
	d.keep = true
	var evs []spec.Event
	var v *spec.Violation
	for rest := data; len(rest) > 0 && v == nil; {
		n := 1 + rng.Intn(min(len(rest), 17))
		var got []spec.Event
		got, v = d.Write(rest[:n])
		evs = append(evs, got...)
		rest = rest[n:]
	}
	if v == nil {
		var got []spec.Event
		got, v = d.Close()
		evs = append(evs, got...)
	}
	out := runEvents(New(f, lim), evs, v, d.payloads)
	return out.String()
}

// TestEveryRuleHasAScenario fails when a rule of SPEC.md has no scenario:
// a stream scenario, or a history scenario for HIST and XLATE rules.
func TestEveryRuleHasAScenario(t *testing.T) {
	// EVENT-1 concerns events no wire input can produce; TestInvalidEvents pins it.
	exempt := map[spec.RuleID]bool{spec.EventInvalid: true}
	cited := map[spec.RuleID]bool{}
	for _, sc := range loadScenarios(t) {
		for _, r := range sc.Rules {
			cited[r] = true
		}
	}
	for _, sc := range loadHistories(t) {
		for _, r := range sc.Rules {
			cited[r] = true
		}
	}
	var missing []string
	for _, r := range spec.Rules {
		if !cited[r.ID] && !exempt[r.ID] {
			missing = append(missing, string(r.ID))
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("rules without a scenario: %s", strings.Join(missing, " "))
	}
}

// TestPatternTable checks that SPEC.md maps each of the 38 field-notes
// patterns, and every pattern its table adds after them, to known rules and
// to scenarios that exist and cite the pattern:
// stream scenarios by their name, history scenarios as
// "histories/<area>/<name>".
func TestPatternTable(t *testing.T) {
	data, err := os.ReadFile("../spec/SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := scenario.PatternTable(data)
	byName := map[string][]int{} // scenario name → its patterns
	for _, sc := range loadScenarios(t) {
		byName[strings.TrimSuffix(strings.TrimPrefix(sc.Name, scenarioDir+"/"), ".txtar")] = sc.Patterns
	}
	for _, sc := range loadHistories(t) {
		byName["histories/"+strings.TrimSuffix(strings.TrimPrefix(sc.Name, historyDir+"/"), ".txtar")] = sc.Patterns
	}
	numbers := map[int]bool{}
	for n := 1; n <= 38; n++ {
		numbers[n] = true // the field notes' patterns: each must have its row
	}
	for n := range rows {
		numbers[n] = true // and every pattern the table adds is checked too
	}
	for _, n := range slices.Sorted(maps.Keys(numbers)) {
		row, ok := rows[n]
		if !ok {
			t.Errorf("pattern %d missing from the SPEC.md table", n)
			continue
		}
		for _, r := range row.Rules {
			if _, ok := spec.LookupRule(r); !ok {
				t.Errorf("pattern %d cites unknown rule %q", n, r)
			}
		}
		for _, name := range row.Scenarios {
			patterns, ok := byName[name]
			if !ok {
				t.Errorf("pattern %d: scenario %s does not exist", n, name)
				continue
			}
			if !slices.Contains(patterns, n) {
				t.Errorf("pattern %d: scenario %s does not list it in its patterns: line", n, name)
			}
		}
	}
}

// historyDir is the corpus of history scenarios (SPEC.md section 11),
// which package model/history runs; the rule and pattern checks here read
// it too.
const historyDir = "../spectest/testdata/histories"

// loadHistories parses every history scenario under historyDir.
func loadHistories(t *testing.T) []*scenario.History {
	t.Helper()
	var out []*scenario.History
	err := filepath.WalkDir(historyDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.ParseHistory(path, data)
		if err != nil {
			return err
		}
		out = append(out, sc)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no history scenarios")
	}
	return out
}
