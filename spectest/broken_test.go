package spectest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/scenario"
)

// naiveChat is the OpenAI chat accumulator many clients ship: one call per
// tool_calls index, the id and name of every delta appended (openai-go's
// accumulator concatenates a repeated name), arguments appended, and every
// call finished when the stream ends, whether or not it was cut.
type naiveChat struct{}

func (naiveChat) Describe() Description {
	return Description{Name: "naive chat accumulator", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}}
}

func (naiveChat) Reassemble(s Stream) (Result, error) {
	var calls []Call
	byIndex := map[int]int{}
	sc := bufio.NewScanner(bytes.NewReader(s.Data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data:")
		if !ok {
			continue
		}
		var chunk struct {
			Choices []struct {
				Delta struct {
					ToolCalls []struct {
						Index    int    `json:"index"`
						ID       string `json:"id"`
						Function struct {
							Name      string `json:"name"`
							Arguments string `json:"arguments"`
						} `json:"function"`
					} `json:"tool_calls"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if json.Unmarshal([]byte(strings.TrimSpace(line)), &chunk) != nil {
			continue
		}
		for _, ch := range chunk.Choices {
			for _, tc := range ch.Delta.ToolCalls {
				n, ok := byIndex[tc.Index]
				if !ok {
					n = len(calls)
					byIndex[tc.Index] = n
					calls = append(calls, Call{Finished: true})
				}
				if tc.ID != "" {
					calls[n].ID = tc.ID
				}
				calls[n].Name += tc.Function.Name
				calls[n].Arguments += tc.Function.Arguments
			}
		}
	}
	return Result{Calls: calls}, nil
}

// outcomeAdapter runs toolspec and then breaks its result with edit.
type outcomeAdapter struct {
	edit func(out toolspec.Outcome, r *Result) error
}

func (outcomeAdapter) Describe() Description {
	return Description{Name: "broken", Limits: true, Custom: true}
}

func (a outcomeAdapter) Reassemble(s Stream) (Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	r := FromOutcome(out)
	return r, a.edit(out, &r)
}

// brokenAdapters are adapters with one known bug each, and the rules the
// kit must name for it: at MUST level (rules), or as a warning (warns)
// for a bug SPEC.md's conformance levels rank SHOULD.
var brokenAdapters = []struct {
	name  string
	new   func() Adapter
	rules []toolspec.RuleID
	warns []toolspec.RuleID
}{
	{"naive chat accumulator", func() Adapter { return naiveChat{} },
		[]toolspec.RuleID{toolspec.NameOnce, toolspec.IDNewAtHeld, toolspec.EndTruncation}, nil},
	{"every call finished, no error (openai-go on a cut stream)", func() Adapter {
		return outcomeAdapter{func(_ toolspec.Outcome, r *Result) error {
			for i := range r.Calls {
				r.Calls[i].Finished = true
			}
			return nil
		}}
	}, []toolspec.RuleID{toolspec.EndTruncation, toolspec.EndValidate}, nil},
	{"invalid arguments become {} (anthropic-sdk-go)", func() Adapter {
		return outcomeAdapter{func(out toolspec.Outcome, r *Result) error {
			for i, c := range out.Calls {
				if c.Status == toolspec.StatusInvalid {
					r.Calls[i].Arguments, r.Calls[i].Finished = "{}", true
				}
			}
			if errors.Is(out.Err(), toolspec.ErrInvalid) && !errors.Is(out.Err(), toolspec.ErrTruncated) {
				return nil
			}
			return out.Err()
		}}
	}, []toolspec.RuleID{toolspec.EndValidate}, nil},
	// An id dropped is a SHOULD (ID-1 verbatim-id): the call is the same,
	// and the next request fails visibly when its result cannot be paired.
	{"ids dropped", func() Adapter {
		return outcomeAdapter{func(out toolspec.Outcome, r *Result) error {
			for i := range r.Calls {
				r.Calls[i].ID = ""
			}
			return out.Err()
		}}
	}, nil, []toolspec.RuleID{toolspec.IDScope}},
	{"panics on two calls", func() Adapter {
		return outcomeAdapter{func(out toolspec.Outcome, r *Result) error {
			if len(out.Calls) > 1 {
				panic("index out of range")
			}
			return out.Err()
		}}
	}, nil, nil},
}

// TestBrokenAdaptersCaught: the kit catches every broken adapter, naming
// the rules its bug breaks at MUST level (its run's Err), or as warnings
// for a bug of SHOULD level, which fail nothing.
func TestBrokenAdaptersCaught(t *testing.T) {
	for _, b := range brokenAdapters {
		t.Run(b.name, func(t *testing.T) {
			rep, err := Check(b.new, RandomStreams(0))
			if err != nil {
				t.Fatal(err)
			}
			var warnings []string
			for _, c := range rep.Cases {
				for _, f := range c.Warnings {
					warnings = append(warnings, f.Error())
				}
			}
			if b.warns != nil {
				if err := rep.Err(); err != nil {
					t.Errorf("a bug of SHOULD level fails the run: %v", head(err.Error(), 10))
				}
				for _, r := range b.warns {
					if !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, ": "+string(r)+" (SHOULD): got ") }) {
						t.Errorf("no warning names %s; the warnings:\n%s", r, head(strings.Join(warnings, "\n"), 30))
					}
				}
				return
			}
			err = rep.Err()
			if err == nil {
				t.Fatal("the kit found nothing")
			}
			msg := err.Error()
			for _, r := range b.rules {
				if !strings.Contains(msg, ": "+string(r)+": got ") {
					t.Errorf("no failure names %s; the failures:\n%s", r, head(msg, 30))
				}
			}
			if b.rules == nil && !strings.Contains(msg, "got a panic: index out of range") {
				t.Errorf("the panic is not reported:\n%s", head(msg, 30))
			}
		})
	}
}

// TestShrunkScenario: a random stream that catches a broken adapter is
// shrunk to a scenario of at most 6 frames, within 8 s of shrinking (about
// 10 s in all on an idle machine), which parses and on which the adapter
// fails again.
func TestShrunkScenario(t *testing.T) {
	for _, b := range brokenAdapters[:3] {
		t.Run(b.name, func(t *testing.T) {
			start := time.Now()
			rep, err := Check(b.new, RandomOnly(), Formats(toolspec.FormatOpenAIChat), RandomStreams(200), Seed(7), ShrinkTime(8*time.Second), RandomFailures(1))
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			var res CaseResult
			for _, c := range rep.Cases {
				if c.Name == "random/openai-chat" {
					res = c
				}
			}
			if len(res.Streams) != 1 || !strings.Contains(rep.Err().Error(), "The stream as a scenario") {
				t.Fatalf("%s: %d failing streams, want 1:\n%v", res.Name, len(res.Streams), rep.Err())
			}
			txt := res.Streams[0].Scenario
			if string(txt) != string(res.Scenario) || !strings.Contains(res.Message, string(txt)) {
				t.Errorf("the case's Scenario and Message are not its stream's")
			}
			sc, perr := scenario.Parse("shrunk", txt)
			if perr != nil {
				t.Fatalf("the scenario does not parse: %v\n%s", perr, txt)
			}
			frames := 0
			evs, _ := model.Decode(sc.Format, sc.Input, sc.Limits)
			for _, e := range evs {
				frames = max(frames, e.Frame)
			}
			// The shrinking is bounded by time (ShrinkTime), so a loaded
			// machine shrinks less; the bound on the wall time only
			// catches a hang.
			if frames > 6 || took > 30*time.Second {
				t.Errorf("shrunk to %d frames in %v:\n%s", frames, took, txt)
			}
			c := kase{name: "shrunk", format: sc.Format, limits: toolspec.Limits(sc.Limits), data: sc.Input, rules: sc.Rules}
			if v := runCase(b.new, newOptions(nil), c); len(v.failures) == 0 {
				t.Errorf("the adapter passes the shrunk scenario:\n%s", txt)
			}
			t.Logf("%d frames, %v:\n%s", frames, took, txt)
		})
	}
}

func head(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// TestCheckReport: Check reports every case: the naive chat accumulator's
// other formats as not applicable, its failing scenarios with their
// rules, and the random chat streams with the shrunk scenario and seed.
func TestCheckReport(t *testing.T) {
	rep, err := Check(func() Adapter { return naiveChat{} }, RandomStreams(50), Seed(3))
	if err != nil {
		t.Fatal(err)
	}
	var na, failed, passed int
	var random *CaseResult
	for i, c := range rep.Cases {
		switch {
		case strings.HasPrefix(c.Skipped, "not applicable: format"):
			na++
		case c.Passed():
			passed++
		default:
			failed++
		}
		if c.Name == "random/openai-chat" {
			random = &rep.Cases[i]
		}
	}
	if na == 0 || failed == 0 || passed == 0 || rep.Adapter.Name != "naive chat accumulator" {
		t.Errorf("%d not applicable, %d failed, %d passed; adapter %q", na, failed, passed, rep.Adapter.Name)
	}
	if random == nil || len(random.Failures) == 0 || !strings.Contains(random.Message, "-rapid.seed=") {
		t.Fatalf("random/openai-chat: %+v", random)
	}
	if _, err := scenario.Parse("random", random.Scenario); err != nil {
		t.Errorf("the random case's scenario does not parse: %v\n%s", err, random.Scenario)
	}
	if rep.Err() == nil {
		t.Error("Err() is nil")
	}
}

// TestFuzzFindsBug runs go test -fuzz on FuzzNaiveChat (fuzz_broken_test.go,
// built with the spectest_broken tag): spectest.Fuzz on a broken adapter
// must fail within 60 s of fuzzing, print the scenario that reproduces it,
// and write nothing under testdata. The 60 s count from the fuzzing
// engine's first line, not from the start of go test, whose build of the
// instrumented binary depends on the build cache and the machine's load.
func TestFuzzFindsBug(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test -fuzz")
	}
	cmd := exec.Command("go", "test", "-tags", "spectest_broken", "-run", "^$", "-fuzz", "^FuzzNaiveChat$", "-fuzztime", "60s", ".")
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	var out bytes.Buffer
	var fuzzing time.Time // when the engine printed its first line
	sc := bufio.NewScanner(pr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if fuzzing.IsZero() && strings.HasPrefix(sc.Text(), "fuzz: ") {
			fuzzing = time.Now()
		}
		out.Write(sc.Bytes())
		out.WriteByte('\n')
	}
	pr.Close()
	err = cmd.Wait()
	var took time.Duration
	if !fuzzing.IsZero() {
		took = time.Since(fuzzing)
	}
	if err == nil {
		t.Fatalf("go test -fuzz found nothing in %v of fuzzing:\n%s", took, out.String())
	}
	if fuzzing.IsZero() {
		t.Fatalf("go test -fuzz failed before fuzzing:\n%s", head(out.String(), 40))
	}
	if !strings.Contains(out.String(), "The stream as a scenario") || !strings.Contains(out.String(), "-- want --") {
		t.Errorf("no scenario in the failure:\n%s", head(out.String(), 40))
	}
	if took > 60*time.Second {
		t.Errorf("took %v of fuzzing", took)
	}
	if _, err := os.Stat("testdata/fuzz/FuzzNaiveChat"); err == nil {
		os.RemoveAll("testdata/fuzz/FuzzNaiveChat")
		t.Error("go test -fuzz wrote testdata/fuzz/FuzzNaiveChat")
	}
	t.Logf("failed after %v of fuzzing", took)
}
