package spectest

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// twoBugs is toolspec's reassembler with two bugs, both MUST failures:
// every call's name is written twice (NAME-1: names concatenated, as an
// accumulator that appends a name resent on every chunk does), and the
// stop reason length is reported as end (END-4: a normal end for a cut
// generation).
type twoBugs struct{}

func (twoBugs) Describe() Description {
	return Description{Name: "two bugs", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}, StopReason: true}
}

func (twoBugs) Reassemble(s Stream) (Result, error) {
	r := FromOutcome(toolspec.Reassemble(s.Format, s.Data, s.Limits))
	for i := range r.Calls {
		r.Calls[i].Name += r.Calls[i].Name
	}
	if r.StopReason == toolspec.StopLength {
		r.StopReason = toolspec.StopEnd
	}
	return r, nil
}

// TestGroupsTwoBugs: the failures of an adapter with two bugs, each
// failing many cases, fall into exactly two groups, one per bug; every
// failing stream is in one group; the representative is the smallest;
// each member's first failure has the group's cause, and replaying a
// scenario member gives it again.
func TestGroupsTwoBugs(t *testing.T) {
	rep, err := Check(func() Adapter { return twoBugs{} }, RandomStreams(30), Seed(1), ShrinkTime(0))
	if err != nil {
		t.Fatal(err)
	}
	gs := rep.Groups()
	if len(gs) != 2 || gs[0].Rule != toolspec.NameOnce || gs[1].Rule != toolspec.EndStopReason || len(rep.WarningGroups()) != 0 {
		t.Fatalf("%d groups: %+v; warnings %+v", len(gs), causes(gs), causes(rep.WarningGroups()))
	}
	if s := rep.Summary(); s.Causes != 2 || s.RealCauses != 2 || s.Failed < 4 || s.FailedReal == 0 || s.FailedReal == s.Failed || s.Failed+s.Passed+s.Skipped != s.Cases {
		t.Errorf("summary %+v", s)
	}
	streams := 0 // the failing streams of the report
	for _, c := range rep.Cases {
		switch {
		case len(c.Streams) > 0:
			streams += len(c.Streams)
		case len(c.Failures) > 0:
			streams++
		}
	}
	members := 0
	for _, g := range gs {
		members += len(g.Members)
		if r, _ := toolspec.LookupRule(g.Rule); g.Summary != r.Summary || g.Summary == "" || len(g.Members) < 2 || g.Level != spec.LevelMust {
			t.Errorf("group %s: summary %q, %d members, level %v", g.Cause, g.Summary, len(g.Members), g.Level)
		}
		// Both causes fail seen scenarios, and the names fail synthetic
		// ones too: one group each, of real traffic, its representative
		// a real stream.
		robust := 0
		for _, m := range g.Members {
			if !m.Real {
				robust++
			}
		}
		if !g.Real || !g.Representative().Real || robust == 0 && g.Rule == toolspec.NameOnce {
			t.Errorf("group %s: real %v, representative real %v, %d robustness members", g.Cause, g.Real, g.Representative().Real, robust)
		}
		for i, m := range g.Members {
			if signature(m.Failures[0]) != g.Cause {
				t.Errorf("group %s: member %s's cause is %s", g.Cause, m.Case, signature(m.Failures[0]))
			}
			if m.Real && len(m.Input) < len(g.Representative().Input) {
				t.Errorf("group %s: member %d (%d bytes) is smaller than the representative (%d)", g.Cause, i, len(m.Input), len(g.Representative().Input))
			}
			if m.Stream >= 0 {
				if !strings.HasPrefix(m.Case, "random/") || m.Scenario == nil {
					t.Errorf("group %s: stream member %+v", g.Cause, m)
				}
				continue
			}
			data, err := fs.ReadFile(Scenarios, m.Case+".txtar")
			if err != nil {
				t.Fatal(err)
			}
			sc, err := scenario.Parse(m.Case+".txtar", data)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sc.Input, m.Input) {
				t.Errorf("%s: the member's input is not the scenario's", m.Case)
			}
			if c := CheckScenario(func() Adapter { return twoBugs{} }, sc); len(c.Failures) == 0 || signature(c.Failures[0]) != g.Cause {
				t.Errorf("%s replays as %+v, want %s", m.Case, c.Failures, g.Cause)
			}
		}
	}
	if members != streams {
		t.Errorf("%d members in the groups, %d failing streams in the report", members, streams)
	}
}

func causes(gs []Group) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.Cause+" ×"+strconv.Itoa(len(g.Members)))
	}
	return out
}

// TestGroupsOrder pins the representative and the order: a group with a
// protocol failure first, then the groups of real traffic, then the
// robustness findings, each the largest first; within a group the
// smallest stream of real traffic first (the smallest when none is), the
// others in the report's order. Warnings group apart.
func TestGroupsOrder(t *testing.T) {
	fail := func(c, rule, got string) Failure {
		return Failure{Case: c, Rule: toolspec.RuleID(rule), Got: got, Want: "w"}
	}
	real := func(f Failure) Failure { f.Real = true; return f }
	warn := func(f Failure) Failure { f.Level = spec.LevelShould; return f }
	rep := &Report{Cases: []CaseResult{
		{Name: "a", Failures: []Failure{fail("a", "ID-3", `call #0 presented as finished`), fail("a", "END-4", "stop reason end")}, Input: []byte("aaaa")},
		{Name: "b", Failures: []Failure{fail("b", "END-4", "stop reason end")}, Input: []byte("bbb")},
		{Name: "c", Failures: []Failure{fail("c", "ID-3", `call #2 presented as finished`)}, Input: []byte("cc")},
		{Name: "d", Failures: []Failure{fail("d", "ID-3", `call #1 presented as finished`)}, Input: []byte("ddddd")},
		{Name: "e", Failures: []Failure{{Case: "e", Got: "a protocol failure", Protocol: &ProtocolError{Kind: ErrCrashed}}}, Input: []byte("eeeeee")},
		{Name: "f", Skipped: "not applicable"},
		{Name: "g", Expected: []Failure{fail("g", "ID-1", "x")}},
		{Name: "h", Failures: []Failure{real(fail("h", "NAME-1", `call #0 named "ff"`))}, Warnings: []Failure{warn(real(fail("h", "ID-1", `call #0 with id ""`)))}, Input: []byte("hhhhhhh")},
		{Name: "i", Failures: []Failure{real(fail("i", "END-4", "stop reason end"))}, Input: []byte("iiiiiiii")},
		{Name: "j", Warnings: []Failure{warn(fail("j", "ID-1", `call #1 with id ""`))}, Input: []byte("j")},
	}}
	render := func(gs []Group) []string {
		var got []string
		for _, g := range gs {
			var names []string
			for _, m := range g.Members {
				names = append(names, m.Case)
			}
			got = append(got, fmt.Sprintf("%s (real %v, %v): %s", g.Cause, g.Real, g.Level, strings.Join(names, " ")))
		}
		return got
	}
	want := []string{
		"protocol: " + ErrCrashed.Error() + " (real false, MUST): e",
		"END-4: stop reason end (real true, MUST): i b", // i, the real member, first though larger
		`NAME-1: call #N named "" (real true, MUST): h`,
		`ID-3: call #N presented as finished (real false, MUST): c a d`,
	}
	if got := render(rep.Groups()); !slices.Equal(got, want) {
		t.Errorf("groups\n%q\nwant\n%q", got, want)
	}
	wantWarn := []string{`SHOULD ID-1: call #N with id "" (real true, SHOULD): h j`}
	if got := render(rep.WarningGroups()); !slices.Equal(got, wantWarn) {
		t.Errorf("warning groups\n%q\nwant\n%q", got, wantWarn)
	}
	if s := rep.Summary(); s != (Summary{Cases: 10, Failed: 6, FailedReal: 2, Warned: 1, Broken: 1, Skipped: 1, Expected: 1, Causes: 4, RealCauses: 2, RobustnessCauses: 2, WarningCauses: 1}) {
		t.Errorf("summary %+v", s)
	}
	if st := rep.Cases[9].Status(); st != CaseWarned || rep.Cases[9].Passed() {
		t.Errorf("a case with a warning only: %s", st)
	}
}

// knownBug is toolspec's reassembler with one bug, on one stream only:
// the stream of identity/chat-same-index-new-ids (the only one holding
// the id call_function_7f3a_2) gets no calls.
type knownBug struct{}

// knownBugCase is the scenario knownBug fails.
const knownBugCase = "identity/chat-same-index-new-ids"

func (knownBug) Describe() Description {
	return Description{Name: "known bug", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}}
}

func (knownBug) Reassemble(s Stream) (Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	if bytes.Contains(s.Data, []byte("call_function_7f3a_2")) {
		return Result{}, nil
	}
	return FromOutcome(out), out.Err()
}

// TestExpect: a failure an Expect names is kept apart and fails nothing;
// an expectation the case does not fail is stale and fails the run; one
// of a case that does not apply is unchecked; a random case's rules are
// what its streams may fail; an Expect naming no case or no rule is an
// error.
func TestExpect(t *testing.T) {
	only := Only("^identity/chat-same-index-new-ids$|^identity/chat-ids-verbatim$|^identity/ollama-same-index$")
	check := func(opts ...Option) *Report {
		t.Helper()
		rep, err := Check(func() Adapter { return knownBug{} }, append(opts, only, RandomStreams(0))...)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	byName := func(rep *Report, name string) CaseResult {
		for _, c := range rep.Cases {
			if c.Name == name {
				return c
			}
		}
		t.Fatalf("no case %s", name)
		return CaseResult{}
	}
	rep := check()
	c := byName(rep, knownBugCase)
	if c.Status() != CaseFailed || len(c.Failures) == 0 || rep.Err() == nil || len(rep.Groups()) != 1 {
		t.Fatalf("without Expect: %+v", c)
	}
	rule := c.Failures[0].Rule

	rep = check(Expect(knownBugCase, rule, "it drops the calls"), Expect("identity/ollama-same-index", toolspec.IDWhole, "not an ollama reader"))
	c = byName(rep, knownBugCase)
	if c.Status() != CaseExpected || len(c.Failures) != 0 || len(c.Expected) == 0 || c.Expected[0].Expected != "it drops the calls" || c.Passed() {
		t.Errorf("expected: status %s, %+v", c.Status(), c)
	}
	na := byName(rep, "identity/ollama-same-index")
	if na.Status() != CaseSkipped || len(na.Unchecked) != 1 || na.Unchecked[0].Rule != toolspec.IDWhole {
		t.Errorf("not applicable: %+v", na)
	}
	if err := rep.Err(); err != nil || len(rep.Groups()) != 0 || rep.Summary() != (Summary{Cases: 3, Passed: 1, Expected: 1, Skipped: 1, Unchecked: 1}) {
		t.Errorf("expected: Err %v, %d groups, summary %+v", err, len(rep.Groups()), rep.Summary())
	}

	rep = check(Expect(knownBugCase, rule, "drops"), Expect("identity/chat-ids-verbatim", toolspec.IDScope, "it used to"))
	c = byName(rep, "identity/chat-ids-verbatim")
	if c.Status() != CaseNoLongerFails || len(c.NoLongerFails) != 1 || rep.Err() == nil ||
		!strings.Contains(rep.Err().Error(), "identity/chat-ids-verbatim: ID-1 no longer fails (expected: it used to)") {
		t.Errorf("stale: %+v, %v", c, rep.Err())
	}

	// Another rule expected: the failure stays, and the rule is stale.
	rep = check(Expect(knownBugCase, toolspec.NameOnce, "wrong rule"))
	c = byName(rep, knownBugCase)
	if c.Status() != CaseFailed || len(c.NoLongerFails) != 1 || len(c.Expected) != 0 {
		t.Errorf("another rule: %+v", c)
	}

	// A random case's expectations are the rules its streams may fail.
	rnd, err := Check(func() Adapter { return twoBugs{} }, RandomOnly(), RandomStreams(30), Seed(1), ShrinkTime(0),
		Expect("random/openai-chat", toolspec.NameOnce, "doubles names"), Expect("random/openai-chat", toolspec.EndStopReason, "length is end"), Expect("random/openai-chat", toolspec.EndTruncation, "may"))
	if err != nil {
		t.Fatal(err)
	}
	if c := rnd.Cases[0]; c.Status() != CaseExpected || len(c.NoLongerFails) != 0 || len(rnd.Groups()) != 0 || rnd.Err() != nil {
		t.Errorf("random: %s, %+v, groups %v", c.Status(), c.NoLongerFails, causes(rnd.Groups()))
	}

	for _, o := range []Option{Expect("identity/no-such-case", toolspec.IDScope, "x"), Expect(knownBugCase, "ID-99", "x"), Expect("random/nope", toolspec.IDScope, "x")} {
		if _, err := Check(func() Adapter { return knownBug{} }, o, RandomStreams(0)); err == nil {
			t.Error("an Expect of no case or no rule is not an error")
		}
	}
}

// seedsOf returns the names of the scenarios among ft's seeds and the
// number of the generator's.
func seedsOf(t *testing.T, ft fuzzTarget) (names []string, gen int) {
	t.Helper()
	byInput := map[string]string{}
	err := fs.WalkDir(Scenarios, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Scenarios, p)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(p, data)
		if err != nil {
			return err
		}
		byInput[string(sc.Input)] = strings.TrimSuffix(p, ".txtar")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ft.seeds {
		if len(s.raw) == 0 {
			gen++
			continue
		}
		name, ok := byInput[string(s.raw)]
		if !ok {
			t.Fatalf("a seed is no scenario: %q", s.raw)
		}
		names = append(names, name)
	}
	return names, gen
}

// TestFuzzSeeds: Fuzz is seeded with the scenarios Check would run on the
// adapter: Only, Skip, RandomOnly, RandomValid and Expect select them as
// they select Check's cases, a scenario that does not apply to the
// adapter is left out, and the generator's seeds come only when
// random/<format> is selected.
func TestFuzzSeeds(t *testing.T) {
	seeds := func(newAdapter func() Adapter, opts ...Option) ([]string, int, fuzzTarget) {
		t.Helper()
		ft, err := newFuzzTarget(toolspec.FormatOpenAIChat, newAdapter, opts)
		if err != nil {
			t.Fatal(err)
		}
		names, gen := seedsOf(t, ft)
		return names, gen, ft
	}
	bug := func() Adapter { return knownBug{} }
	all, gen, ft := seeds(bug)
	if len(all) < 50 || gen != 8 || !ft.random || !slices.Contains(all, knownBugCase) {
		t.Fatalf("default: %d scenarios, %d generator seeds", len(all), gen)
	}
	rep, err := Check(bug, RandomStreams(0), Formats(toolspec.FormatOpenAIChat))
	if err != nil {
		t.Fatal(err)
	}
	var run []string
	for _, c := range rep.Cases {
		if c.Skipped == "" && len(c.Input) > 0 {
			run = append(run, c.Name)
		}
	}
	for _, name := range all {
		if !slices.Contains(run, name) {
			t.Errorf("the seed %s is a case Check does not run on the adapter", name)
		}
	}
	// Several responses (the adapter does not claim them), limits.
	for _, na := range []string{"ordering/chat-several-messages", "ordering/chat-max-calls-first-seen"} {
		if slices.Contains(all, na) || slices.Contains(run, na) {
			t.Errorf("%s, which does not apply, is seeded or run", na)
		}
	}

	// The known failure stops the target on its seed; expected, it is no
	// seed, and every seed passes.
	if _, fail := ft.stream(mustInput(t, knownBugCase)); fail == "" {
		t.Fatal("the known bug does not fail its scenario")
	}
	names, gen, ft := seeds(bug, Expect(knownBugCase, toolspec.OrdFirstSeen, "drops the calls"))
	if slices.Contains(names, knownBugCase) || len(names) != len(all)-1 || gen != 8 {
		t.Errorf("Expect: %d scenarios (of %d), %d generator seeds", len(names), len(all), gen)
	}
	drawn := 0 // the generator's seeds that rapid does not skip
	for i, s := range ft.seeds {
		if len(s.raw) > 0 {
			if skip, fail := ft.stream(s.raw); skip != "" || fail != "" {
				t.Errorf("a seed fails: %s %s", skip, head(fail, 5))
			}
			continue
		}
		// rapid skips an input too short for what it draws.
		t.Run("generator-"+strconv.Itoa(i), func(t *testing.T) { rapid.MakeFuzz(ft.generated)(t, s.gen); drawn++ })
	}
	if drawn < 4 {
		t.Errorf("%d of 8 generator seeds draw a stream", drawn)
	}

	names, gen, ft = seeds(bug, Only("^identity/chat-"))
	if len(names) == 0 || gen != 0 || ft.random {
		t.Errorf("Only: %d scenarios, %d generator seeds, generator %v", len(names), gen, ft.random)
	}
	for _, n := range names {
		if !strings.HasPrefix(n, "identity/chat-") {
			t.Errorf("Only: seed %s", n)
		}
	}
	if _, gen, ft = seeds(bug, Only("^identity/chat-|^random/openai-chat$")); gen != 8 || !ft.random {
		t.Errorf("Only with random/openai-chat: %d generator seeds", gen)
	}
	// Without the generator an empty input is the empty stream.
	if skip, fail := ft.stream(nil); skip != "" || fail != "" {
		t.Errorf("the empty stream: %s %s", skip, fail)
	}

	names, _, _ = seeds(bug, Skip("not yet", toolspec.IDNewAtHeld))
	if len(names) == 0 || slices.Contains(names, knownBugCase) {
		t.Errorf("Skip ID-6: %d scenarios, %v", len(names), slices.Contains(names, knownBugCase))
	}
	for _, n := range names {
		sc := mustScenario(t, n)
		if slices.Contains(sc.Rules, toolspec.IDNewAtHeld) {
			t.Errorf("Skip ID-6: seed %s cites it", n)
		}
	}

	if names, gen, _ = seeds(bug, RandomOnly()); len(names) != 0 || gen != 8 {
		t.Errorf("RandomOnly: %d scenarios, %d generator seeds", len(names), gen)
	}
	if _, gen, ft = seeds(bug, RandomStreams(0)); gen != 0 || ft.random {
		t.Errorf("RandomStreams(0): %d generator seeds", gen)
	}

	names, _, _ = seeds(bug, RandomValid())
	if len(names) == 0 || len(names) >= len(all) {
		t.Errorf("RandomValid: %d scenarios of %d", len(names), len(all))
	}
	for _, n := range names {
		sc := mustScenario(t, n)
		if out := reference(scenarioCase(n, sc)); len(out.Violations) > 0 {
			t.Errorf("RandomValid: seed %s has a violation", n)
		}
	}
}

func mustScenario(t *testing.T, name string) *scenario.Scenario {
	t.Helper()
	data, err := fs.ReadFile(Scenarios, name+".txtar")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse(name+".txtar", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func mustInput(t *testing.T, name string) []byte { return mustScenario(t, name).Input }

// TestFuzzPastExpected runs go test -fuzz on FuzzKnownBug
// (fuzz_broken_test.go, built with the spectest_broken tag): spectest.Fuzz
// on an adapter whose one failing scenario is expected must fuzz past it,
// running inputs beyond its seeds, and pass. Without the Expect the same
// target fails on its seed (TestFuzzSeeds), before fuzzing anything.
func TestFuzzPastExpected(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test -fuzz")
	}
	const execs = 400
	cmd := exec.Command("go", "test", "-tags", "spectest_broken", "-run", "^$", "-fuzz", "^FuzzKnownBug$", "-fuzztime", strconv.Itoa(execs)+"x", "-parallel", "1", ".")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -fuzz: %v\n%s", err, head(string(out), 40))
	}
	// The engine runs the seeds (its baseline), then fuzzes: it reports
	// the executions, which must exceed the seeds.
	baseline := regexp.MustCompile(`gathering baseline coverage: \d+/(\d+) completed`).FindSubmatch(out)
	var last []byte
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if m := regexp.MustCompile(`execs: (\d+)`).FindSubmatch(sc.Bytes()); m != nil {
			last = m[1]
		}
	}
	if baseline == nil || last == nil {
		t.Fatalf("no baseline or no executions in\n%s", out)
	}
	seeds, _ := strconv.Atoi(string(baseline[1]))
	n, _ := strconv.Atoi(string(last))
	if n <= seeds || !bytes.Contains(out, []byte("PASS")) {
		t.Errorf("%d executions for %d seeds:\n%s", n, seeds, out)
	}
	if _, err := os.Stat("testdata/fuzz/FuzzKnownBug"); err == nil {
		os.RemoveAll("testdata/fuzz/FuzzKnownBug")
		t.Error("go test -fuzz wrote testdata/fuzz/FuzzKnownBug")
	}
	t.Logf("%d executions, %d seeds", n, seeds)
}
