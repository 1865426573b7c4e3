package spectest

import (
	"io/fs"
	"os/exec"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// modelAdapter runs the reference model.
type modelAdapter struct{}

func (modelAdapter) Describe() Description {
	return Description{Name: "model", StopReason: true, Text: true, Thinking: true, Limits: true, Custom: true, SeveralResponses: true}
}

func (modelAdapter) Reassemble(s Stream) (Result, error) {
	out := model.Reassemble(s.Format, s.Data, spec.Limits(s.Limits))
	return FromOutcome(toolspec.Outcome(out)), out.Err()
}

// TestToolspecPasses: the production reassembler passes the kit.
func TestToolspecPasses(t *testing.T) {
	Run(t, Toolspec, RandomStreams(50))
}

// TestToolspecPassesSmallLimits: and so it does on random streams under
// small limits, which reach the budget rules.
func TestToolspecPassesSmallLimits(t *testing.T) {
	lim := toolspec.Limits{MaxCalls: 2, MaxArgBytes: 64, MaxResponseBytes: 256, MaxIDBytes: 12, MaxNameBytes: 12, MaxItems: 6, NoParallel: true}
	Run(t, Toolspec, RandomOnly(), RandomStreams(40), Limits(lim))
}

// TestModelPasses: the reference passes its own kit.
func TestModelPasses(t *testing.T) {
	Run(t, func() Adapter { return modelAdapter{} }, RandomStreams(20))
}

// TestCommandToolspec: toolspec's own command, run through the one-shot
// protocol, passes the kit.
func TestCommandToolspec(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the command for every scenario")
	}
	bin := t.TempDir() + "/toolspec"
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/toolspec").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	d := Description{Name: "toolspec reassemble", StopReason: true, Text: true, Thinking: true, Limits: true, Custom: true, SeveralResponses: true}
	Run(t, func() Adapter { return Command(bin+" reassemble --format {format} {limits} -", d) }, RandomStreams(5))
}

// oneResponse is the model claiming all but SeveralResponses.
type oneResponse struct{ modelAdapter }

func (oneResponse) Describe() Description {
	d := modelAdapter{}.Describe()
	d.SeveralResponses = false
	return d
}

// TestSeveralResponsesClaim: the scenarios tagged several-responses are
// not applicable to an adapter that does not claim SeveralResponses, with
// the reason, and only those; an adapter that claims it runs them all, and
// the model passes them.
func TestSeveralResponsesClaim(t *testing.T) {
	tagged := map[string]bool{}
	eachScenario(t, func(name string, sc *scenario.Scenario) {
		if sc.HasTag(scenario.TagSeveralResponses) {
			tagged[name] = true
		}
	})
	if len(tagged) == 0 {
		t.Fatal("no scenario is tagged several-responses")
	}
	one, err := Check(func() Adapter { return oneResponse{} }, RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	na := 0
	for _, c := range one.Cases {
		if (c.Skipped == notSeveral) != tagged[c.Name] {
			t.Errorf("%s: skipped %q; tagged several-responses: %v", c.Name, c.Skipped, tagged[c.Name])
		}
		if c.Skipped == notSeveral {
			na++
		}
	}
	if na != len(tagged) {
		t.Errorf("%d cases not applicable for several responses, want the %d tagged", na, len(tagged))
	}
	all, err := Check(func() Adapter { return modelAdapter{} }, RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, c := range all.Cases {
		if tagged[c.Name] {
			ran++
			if !c.Passed() {
				t.Errorf("%s: the model, which claims SeveralResponses: skipped %q, failures %v", c.Name, c.Skipped, c.Failures)
			}
		}
	}
	if ran != len(tagged) {
		t.Errorf("the model ran %d tagged cases, want %d", ran, len(tagged))
	}
}

// TestCaseSeen: each case of the embedded corpus says whether its
// scenario's shape was seen in real traffic (its seen: line), in Check's
// report, in CheckScenario's result and for a translator; random streams
// are never seen. The line changes no verdict.
func TestCaseSeen(t *testing.T) {
	seen := map[string]bool{}
	scs := map[string]*scenario.Scenario{}
	eachScenario(t, func(name string, sc *scenario.Scenario) {
		seen[name], scs[name] = sc.IsSeen(), sc
	})
	rep, err := Check(Toolspec, RandomStreams(1), Formats(toolspec.FormatOllama))
	if err != nil {
		t.Fatal(err)
	}
	counts := map[bool]int{}
	random := 0
	for _, c := range rep.Cases {
		want, ok := seen[c.Name]
		if !ok {
			random++
			if c.Seen {
				t.Errorf("%s: Seen for a case that is not a scenario", c.Name)
			}
			continue
		}
		if c.Seen != want {
			t.Errorf("%s: Seen %v, want %v (the scenario's seen: line)", c.Name, c.Seen, want)
		}
		if c.Skipped == "" {
			counts[c.Seen]++
		}
	}
	if counts[true] == 0 || counts[false] == 0 || random == 0 {
		t.Errorf("ran %d seen and %d synthetic scenarios and %d random cases; want some of each", counts[true], counts[false], random)
	}
	for _, name := range []string{"identity/ollama-same-index", "framing/ollama-done-string"} {
		if c := CheckScenario(Toolspec, scs[name]); c.Seen != seen[name] || !c.Passed() {
			t.Errorf("CheckScenario(%s): Seen %v, passed %v; want Seen %v and a pass", name, c.Seen, c.Passed(), seen[name])
		}
	}
	tr, err := CheckTranslator(func() Translator { return identity{} }, toolspec.FormatOllama, toolspec.FormatOllama, RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range tr.Cases {
		if c.Seen != seen[c.Name] {
			t.Errorf("translator case %s: Seen %v, want %v", c.Name, c.Seen, seen[c.Name])
		}
	}
}

// TestTextByChoice: an adapter that keeps one text per choice and joins
// them passes a stream whose choices interleave; one that joins them in
// another order gets an ORD-3 warning (text is SHOULD: it fails nothing).
func TestTextByChoice(t *testing.T) {
	join := func(reverse bool) func() Adapter {
		return func() Adapter {
			return AdapterFunc(func(s Stream) (Result, error) {
				out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
				r := FromOutcome(out)
				r.Text = textByChoice(out, toolspec.ItemText)
				if reverse {
					r.Text = textOf(out, toolspec.ItemText)[len("Sure, checking."):] + "Sure, checking."
				}
				return r, out.Err()
			})
		}
	}
	for _, c := range []struct {
		reverse bool
		fails   bool
	}{{false, false}, {true, true}} {
		rep, err := Check(withText(join(c.reverse)), Only("^ordering/chat-text-merging$"), RandomStreams(0))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(rep.Cases) == 1 && len(rep.Cases[0].Warnings) == 1 && rep.Cases[0].Warnings[0].Rule == toolspec.OrdMerge; got != c.fails || rep.Err() != nil || len(rep.Cases) != 1 {
			t.Errorf("reverse=%v: %v, %+v", c.reverse, rep.Err(), rep.Cases)
		}
	}
}

// withText makes the adapters of newAdapter claim text.
func withText(newAdapter func() Adapter) func() Adapter {
	return func() Adapter { return textClaim{newAdapter()} }
}

type textClaim struct{ Adapter }

func (textClaim) Describe() Description { return Description{Name: "text", Text: true} }

// eachScenario calls fn with the name (area/name) and the parsed scenario
// of every scenario of the kit's corpus.
func eachScenario(t *testing.T, fn func(name string, sc *scenario.Scenario)) {
	t.Helper()
	err := fs.WalkDir(Scenarios, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Scenarios, path)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(path, data)
		if err != nil {
			return err
		}
		fn(strings.TrimSuffix(path, ".txtar"), sc)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
