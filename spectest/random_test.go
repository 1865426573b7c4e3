package spectest

import (
	"bytes"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// TestForm: the form of a Got keeps its words and rule IDs and drops its
// values, so that failures that differ only in values have one signature.
func TestForm(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{`call #0 with id "a"`, `call #12 with id "b\"c"`},
		{`the error "EOF"`, `the error "unexpected end of JSON input: 3"`},
		{`a translated stream that breaks ID-7 (x)`, `a translated stream that breaks ID-7 (x)`},
	} {
		if form(c.a) != form(c.b) {
			t.Errorf("form(%q) = %q, form(%q) = %q: want equal", c.a, form(c.a), c.b, form(c.b))
		}
	}
	for _, c := range []struct{ a, b string }{
		{`stop reason end`, `stop reason length`},
		{`a translated stream that breaks ID-7 (x)`, `a translated stream that breaks ID-6 (x)`},
		{`the error "a"`, `call id="a" name="b" arguments="{}" presented as finished`},
	} {
		if form(c.a) == form(c.b) {
			t.Errorf("form(%q) = form(%q) = %q: want them apart", c.a, c.b, form(c.a))
		}
	}
	if got := form(`call #3 "unterminated`); got != `call #N ""` {
		t.Errorf("an unterminated quote: %q", got)
	}
	a := Failure{Rule: toolspec.IDScope, Got: `call #0 with id "a"`}
	b := Failure{Rule: toolspec.NameOnce, Got: `call #0 with id "a"`}
	if signature(a) == signature(b) {
		t.Errorf("failures of two rules have one signature %q", signature(a))
	}
}

// failWhole is an adapter that fails every stream (fails closed), and
// panics on every stream when panics is set.
type failWhole struct{ panics bool }

func (a failWhole) Reassemble(Stream) (Result, error) {
	if a.panics {
		panic("boom")
	}
	return Result{}, errors.New("no")
}

// TestAttribution: a random stream's failure that names no rule gets the
// rule of the model's outcome of the stream: its violation, the rule that
// keeps a call from completing, ORD-1 for the calls it completes, or
// NO-RULE with why; a scenario's keeps the scenario's rule.
func TestAttribution(t *testing.T) {
	garbage := "data: {\"choices\":5}\n\n"
	garbageRule := model.Reassemble(toolspec.FormatOpenAIChat, []byte(garbage), spec.Limits{}).Violations[0].Rule
	cut := `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":"{"}}]}}]}` + "\n\n"
	empty := `data: {"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n"
	for _, c := range []struct {
		name   string
		panics bool
		data   string
		rule   toolspec.RuleID
		why    string
	}{
		{"error on a whole stream with a call", false, chatStream, toolspec.OrdFirstSeen, `it completes 1 call(s) (#0 "f" complete)`},
		{"error on a whole stream without calls", false, empty, NoRule, "FRAME-1: SSE"},
		{"panic on a whole stream with a call", true, chatStream, toolspec.OrdFirstSeen, "every call is output"},
		{"panic on a terminal violation", true, garbage, garbageRule, "a terminal violation of " + string(garbageRule)},
		{"panic on a cut call", true, cut, toolspec.EndTruncation, `call #0 "f" is incomplete`},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := func() Adapter { return failWhole{c.panics} }
			k := kase{name: "random/openai-chat", format: toolspec.FormatOpenAIChat, data: []byte(c.data), random: true}
			fs := runCase(a, newOptions(nil), k).failures
			if len(fs) != 1 || fs[0].Rule != c.rule || !strings.Contains(fs[0].Why, c.why) || !strings.Contains(fs[0].Error(), "; "+fs[0].Why) {
				t.Fatalf("failures %v; want one of %s, why with %q", fs, c.rule, c.why)
			}
			sc, err := scenario.Parse("s", Scenario(k.name, k.format, k.limits, k.data, fs))
			if err != nil || len(sc.Rules) != 1 || sc.Rules[0] != c.rule {
				t.Errorf("the scenario: %v, rules %v; want %s", err, sc.Rules, c.rule)
			}
			k.random, k.rules = false, []toolspec.RuleID{toolspec.FramePayload}
			if fs := runCase(a, newOptions(nil), k).failures; len(fs) != 1 || fs[0].Rule != toolspec.FramePayload || fs[0].Why != "" {
				t.Errorf("as a scenario: %v; want the scenario's rule", fs)
			}
		})
	}
	// An error on a stream that is not whole fails closed: no failure.
	k := kase{name: "random/openai-chat", format: toolspec.FormatOpenAIChat, data: []byte(cut), random: true}
	if fs := runCase(func() Adapter { return failWhole{} }, newOptions(nil), k).failures; len(fs) != 0 {
		t.Errorf("an error on a cut stream: %v", fs)
	}
}

// TestRandomFailuresAttributed: no failure of the random streams of an
// adapter that fails every stream closed is left without a rule, and the
// scenarios cite the rules of their failures.
func TestRandomFailuresAttributed(t *testing.T) {
	rep, err := Check(func() Adapter { return failWhole{} }, RandomOnly(), Formats(toolspec.FormatOllama), RandomStreams(50), Seed(5), ShrinkTime(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range rep.Cases {
		for _, s := range c.Streams {
			sc, err := scenario.Parse("s", s.Scenario)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range s.Failures {
				n++
				if f.Rule == "" || f.Why == "" || !strings.Contains(string(s.Scenario), "rules: ") || !containsRule(sc.Rules, f.Rule) {
					t.Errorf("failure %v; scenario rules %v", f, sc.Rules)
				}
			}
		}
	}
	if n == 0 {
		t.Fatalf("no failure:\n%v", rep.Err())
	}
}

func containsRule(rs []toolspec.RuleID, r toolspec.RuleID) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// bomAndFinished is an adapter with two bugs: it fails every stream that
// starts with a byte-order mark (as openai-go does), and it presents
// every call as finished (a cut or invalid one too).
type bomAndFinished struct{}

func (bomAndFinished) Describe() Description {
	return Description{Name: "bom and finished", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}}
}

func (bomAndFinished) Reassemble(s Stream) (Result, error) {
	if bytes.HasPrefix(bytes.TrimLeft(s.Data, " \r\n"), []byte("\xEF\xBB\xBF")) {
		return Result{}, errors.New("invalid character ':' after top-level value")
	}
	r := FromOutcome(toolspec.Reassemble(s.Format, s.Data, s.Limits))
	for i := range r.Calls {
		r.Calls[i].Finished = true
	}
	return r, nil
}

// TestRandomFailuresDistinct: the draws go on past the first failing
// stream and report distinct ones, each bringing a failure that none
// before it had, each shrunk to a scenario on which the adapter fails
// again, each with a seed that draws it first again; the frequent
// byte-order-mark failure does not mask the cut calls presented as
// finished. RandomFailures(1) reports the first only.
func TestRandomFailuresDistinct(t *testing.T) {
	run := func(n int, seed uint64) CaseResult {
		rep, err := Check(func() Adapter { return bomAndFinished{} }, RandomOnly(), Formats(toolspec.FormatOpenAIChat),
			RandomStreams(300), Seed(seed), ShrinkTime(time.Second), RandomFailures(n))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range rep.Cases {
			if c.Name == "random/openai-chat" {
				return c
			}
		}
		t.Fatal("no case random/openai-chat")
		return CaseResult{}
	}
	// Six: the calls presented as finished fail on many shapes of the
	// chat generator, each a failure of its own signature, before the
	// byte-order mark comes.
	res := run(6, 11)
	if len(res.Streams) < 2 || len(res.Streams) > 6 {
		t.Fatalf("%d failing streams, want 2 to 6:\n%s", len(res.Streams), res.Message)
	}
	seen := map[string]bool{}
	var all []Failure
	bom, finished := false, false
	for i, s := range res.Streams {
		fresh := false
		for _, f := range s.Failures {
			fresh = fresh || !seen[signature(f)]
			bom = bom || strings.HasPrefix(f.Got, "the error ")
			finished = finished || strings.HasSuffix(f.Got, "presented as finished")
		}
		if !fresh {
			t.Errorf("stream %d brings no failure the streams before it lacked: %v", i+1, s.Failures)
		}
		for _, f := range s.Failures {
			seen[signature(f)] = true
		}
		all = append(all, s.Failures...)
		sc, err := scenario.Parse("s", s.Scenario)
		if err != nil {
			t.Fatalf("stream %d: %v\n%s", i+1, err, s.Scenario)
		}
		c := kase{name: "s", format: sc.Format, data: sc.Input, rules: sc.Rules}
		if fs := runCase(func() Adapter { return bomAndFinished{} }, newOptions(nil), c).failures; len(fs) == 0 || !containsRule(sc.Rules, fs[0].Rule) {
			t.Errorf("stream %d: the adapter gives %v on its scenario (rules %v)", i+1, fs, sc.Rules)
		}
		must := slices.ContainsFunc(s.Failures, func(f Failure) bool { return f.Level == spec.LevelMust })
		if must && (s.Seed == 0 || !strings.Contains(res.Message, s.Message) || !strings.Contains(s.Message, "-rapid.seed=")) {
			t.Errorf("stream %d: seed %d, message:\n%s", i+1, s.Seed, s.Message)
		}
	}
	if !bom || !finished {
		t.Errorf("the byte-order mark failure (%v) or a call presented as finished (%v) is missing:\n%s", bom, finished, res.Message)
	}
	if len(all) != len(res.Failures)+len(res.Warnings)+len(res.Allowed) || string(res.Scenario) != string(res.Streams[0].Scenario) {
		t.Errorf("the case's Failures, Warnings, Allowed and Scenario are not its streams'")
	}
	// The seed of a stream draws it first again.
	last := res.Streams[len(res.Streams)-1]
	if again := run(1, last.Seed); len(again.Streams) != 1 || again.Streams[0].Seed != last.Seed {
		t.Errorf("Seed(%d) draws first %+v", last.Seed, again.Streams)
	}
	if one := run(1, 11); len(one.Streams) != 1 {
		t.Errorf("RandomFailures(1): %d streams", len(one.Streams))
	}
}

// recorder is an adapter that keeps every stream it is given; strict
// makes it panic on a stream in which the model finds a violation, as
// an adapter behind a trusted provider may.
type recorder struct {
	mu      *sync.Mutex
	streams *[]Stream
	strict  bool
}

func (r recorder) Reassemble(s Stream) (Result, error) {
	r.mu.Lock()
	*r.streams = append(*r.streams, s)
	r.mu.Unlock()
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	if r.strict && len(out.Violations) > 0 {
		panic("not a valid stream")
	}
	return FromOutcome(out), out.Err()
}

// TestRandomValid: under RandomValid every random stream of every format
// is valid (the model finds no violation in it), and an adapter that
// panics on a broken stream passes; without it, streams are broken and it
// fails.
func TestRandomValid(t *testing.T) {
	for _, valid := range []bool{true, false} {
		var mu sync.Mutex
		var streams []Stream
		opts := []Option{RandomOnly(), RandomStreams(30), Seed(3), ShrinkTime(time.Second), RandomFailures(1)}
		if valid {
			opts = append(opts, RandomValid())
		}
		rep, err := Check(func() Adapter { return recorder{&mu, &streams, true} }, opts...)
		if err != nil {
			t.Fatal(err)
		}
		broken := 0
		formats := map[toolspec.Format]bool{}
		for _, s := range streams {
			formats[s.Format] = true
			if len(model.Reassemble(s.Format, s.Data, spec.Limits(s.Limits)).Violations) > 0 {
				broken++
			}
		}
		// Streams with custom calls are not applicable (the adapter does
		// not claim Custom) and never reach it.
		if valid && (broken > 0 || rep.Err() != nil || len(streams) < 100 || len(formats) != 6) {
			t.Errorf("RandomValid: %d of %d streams broken, %d formats; %v", broken, len(streams), len(formats), rep.Err())
		}
		if !valid && (rep.Err() == nil || !strings.Contains(rep.Err().Error(), "got a panic: not a valid stream")) {
			t.Errorf("without RandomValid: %v", rep.Err())
		}
	}
}

// TestFuzzInputValid: under RandomValid the fuzz target judges only the
// raw inputs in which the model finds no violation.
func TestFuzzInputValid(t *testing.T) {
	strict := func() Adapter { return recorder{&sync.Mutex{}, &[]Stream{}, true} }
	garbage := []byte("data: {\"choices\":5}\n\n")
	for _, c := range []struct {
		valid      bool
		data       []byte
		skip, fail bool
	}{
		{true, garbage, true, false},
		{false, garbage, false, true},
		{true, []byte(chatStream), false, false},
	} {
		var opts []Option
		if c.valid {
			opts = []Option{RandomValid()}
		}
		ft, err := newFuzzTarget(toolspec.FormatOpenAIChat, strict, opts)
		if err != nil {
			t.Fatal(err)
		}
		skip, fail := ft.stream(c.data)
		if (skip != "") != c.skip || (fail != "") != c.fail {
			t.Errorf("valid=%v %q: skip %q, fail %q", c.valid, c.data, skip, head(fail, 3))
		}
	}
}

// mine is a corpus of one scenario: the embedded
// identity/ollama-same-index under another name.
func mine(t *testing.T) fstest.MapFS {
	data, err := fs.ReadFile(Scenarios, "identity/ollama-same-index.txtar")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"mine/same-index.txtar": {Data: data}, "mine/README.md": {Data: []byte("not a scenario")}}
}

// TestCorpus: Corpus runs another corpus instead of the embedded one, or
// beside it, judging its scenarios as the embedded ones are; a corpus
// without scenarios, a scenario that does not parse and a name two
// corpora share are errors.
func TestCorpus(t *testing.T) {
	doubleNames := func() Adapter {
		return outcomeAdapter{func(out toolspec.Outcome, r *Result) error {
			for i := range r.Calls {
				r.Calls[i].Name += r.Calls[i].Name
			}
			return out.Err()
		}}
	}
	rep, err := Check(doubleNames, Corpus(mine(t)), RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) != 1 || rep.Cases[0].Name != "mine/same-index" || len(rep.Cases[0].Failures) == 0 || rep.Cases[0].Failures[0].Rule != toolspec.NameOnce {
		t.Fatalf("cases %+v", rep.Cases)
	}
	all, err := Check(Toolspec, Corpus(Scenarios), Corpus(mine(t)), RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := Check(Toolspec, RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Cases) != len(embedded.Cases)+1 || all.Err() != nil {
		t.Errorf("with the embedded corpus: %d cases, want %d; %v", len(all.Cases), len(embedded.Cases)+1, all.Err())
	}
	tr, err := CheckTranslator(func() Translator { return identity{} }, toolspec.FormatOllama, toolspec.FormatOllama, Corpus(mine(t)), RandomStreams(0))
	if err != nil || len(tr.Cases) != 1 || !tr.Cases[0].Passed() {
		t.Errorf("a translator on the corpus: %v, %+v", err, tr)
	}
	dup := fstest.MapFS{"identity/ollama-same-index.txtar": mine(t)["mine/same-index.txtar"]}
	for _, c := range []struct {
		opts []Option
		msg  string
	}{
		{[]Option{Corpus(fstest.MapFS{"a/README.md": {Data: []byte("x")}})}, "corpus 1 of 1: no scenario"},
		{[]Option{Corpus(fstest.MapFS{"a/b.txtar": {Data: []byte("no rules\n-- input --\nx\n")}})}, "corpus 1 of 1: a/b.txtar"},
		{[]Option{Corpus(fstest.MapFS{"a/b.txtar": {Data: []byte("rules: ID-8\nformat: ollama\n-- input --\nx\n")}})}, "corpus 1 of 1: a/b.txtar: neither a seen: nor a synthetic: line"},
		{[]Option{Corpus(Scenarios), Corpus(dup)}, `corpus 2 of 2: identity/ollama-same-index.txtar: the scenario "identity/ollama-same-index" is in corpus 1 too`},
	} {
		if _, err := Check(Toolspec, append(c.opts, RandomStreams(0))...); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("error %v, want %q", err, c.msg)
		}
	}
}

// identity is a translator that sends the source on as it is.
type identity struct{}

func (identity) Translate(s Stream) ([]byte, error) { return s.Data, nil }
