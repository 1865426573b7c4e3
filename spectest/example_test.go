package spectest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing/fstest"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spectest"
)

// lastWins is an adapter with a bug many clients ship: it keys calls by
// their index, so distinct calls at one index collapse into the last.
type lastWins struct{}

func (lastWins) Describe() spectest.Description {
	return spectest.Description{Name: "last wins", Formats: []toolspec.Format{toolspec.FormatOllama}}
}

func (lastWins) Reassemble(s spectest.Stream) (spectest.Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	byIndex := map[int]spectest.Call{}
	for _, c := range out.Calls {
		byIndex[0] = spectest.Call{ID: c.ID, Name: c.Name, Arguments: c.Args, Finished: true}
	}
	var r spectest.Result
	if c, ok := byIndex[0]; ok {
		r.Calls = append(r.Calls, c)
	}
	return r, nil
}

// Check runs the kit on an adapter and reports each case.
func ExampleCheck() {
	rep, err := spectest.Check(func() spectest.Adapter { return lastWins{} },
		spectest.Only("^identity/ollama-same-index$"), spectest.RandomStreams(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Cases {
		fmt.Println(c.Name, c.Rules, c.Passed())
		for _, f := range c.Failures {
			fmt.Println(f)
		}
	}
	// Output:
	// identity/ollama-same-index [ID-8 ORD-1 ID-1] false
	// identity/ollama-same-index: ORD-1: got no finished call for the model's call #0 (1 finished of 1), want call #0 id="PpZ8JqRmm" name="read_file" arguments="{\"path\":\"/etc/hostname\"}"
}

// Command checks a program in any language by the one-shot protocol: here
// a shell one-liner that answers every stream with no calls.
func ExampleCommand() {
	if _, err := exec.LookPath("sh"); err != nil {
		return
	}
	d := spectest.Description{Name: "no calls", Formats: []toolspec.Format{toolspec.FormatOllama}}
	rep, _ := spectest.Check(func() spectest.Adapter { return spectest.Command(`echo '{"calls":[]}'`, d) },
		spectest.Only("^identity/ollama-same-index$"), spectest.RandomStreams(0))
	fmt.Println(rep.Err())
	// Output:
	// identity/ollama-same-index: ORD-1: got no finished call for the model's call #0 (0 finished of 0), want call #0 id="PpZ8JqRmm" name="read_file" arguments="{\"path\":\"/etc/hostname\"}"
	// identity/ollama-same-index: ORD-1: got no finished call for the model's call #1 (0 finished of 0), want call #1 id="DDe4wZqkx" name="read_file" arguments="{\"path\":\"/etc/os-release\"}"
}

// ParseResponse reads an adapter's answer; toolspec's own JSON is one.
func ExampleParseResponse() {
	out := toolspec.Reassemble(toolspec.FormatOllama, []byte(`{"model":"m","message":{"role":"assistant","tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":true,"done_reason":"stop"}`+"\n"), toolspec.Limits{})
	b, _ := json.Marshal(out)
	r, err := spectest.ParseResponse(b)
	fmt.Println(len(r.Calls), r.Calls[0].Name, r.Calls[0].Finished, r.StopReason, err)
	// Output:
	// 1 f true tool_use <nil>
}

// TestAdapter returns every failure, one per line; toolspec passes.
func ExampleTestAdapter() {
	err := spectest.TestAdapter(spectest.Toolspec, spectest.Only("^identity/"), spectest.RandomStreams(0))
	fmt.Println(err)
	// Output:
	// <nil>
}

// A translator that drops every call is caught: the source's calls are
// missing from the translation (MUST). That its stop is end, not tool_use,
// follows from the calls it dropped: no generation is reported as
// ending normally that did not, so the stop's difference is allowed (MAY).
func ExampleCheckTranslator() {
	dropCalls := spectest.TranslatorFunc(func(s spectest.Stream) ([]byte, error) {
		return []byte("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"role\":\"assistant\",\"content\":[]}}\n\n" +
			"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\n" +
			"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"), nil
	})
	rep, _ := spectest.CheckTranslator(func() spectest.Translator { return dropCalls }, toolspec.FormatOllama, toolspec.FormatAnthropic,
		spectest.Only("^identity/ollama-same-index$"), spectest.RandomStreams(0))
	c := rep.Cases[0]
	for _, f := range append(append(c.Failures, c.Warnings...), c.Allowed...) {
		fmt.Println(f.Level, f.Rule, f.Got)
	}
	// Output:
	// MUST ORD-1 0 call(s) in the translation
	// MUST ORD-1 0 call(s) in the translation
	// MAY END-4 stop reason end
}

// SetClaims reads the claim names of the command line and the protocol;
// ClaimNames gives them back.
func ExampleDescription_SetClaims() {
	var d spectest.Description
	fmt.Println(d.SetClaims("text", "stop-reason"), d.ClaimNames())
	fmt.Println(d.SetClaims("speed"))
	// Output:
	// <nil> [stop-reason text]
	// unknown claim "speed" (the claims are stop-reason, text, thinking, limits, custom, several-responses, all)
}

// LimitFlags renders limits as toolspec reassemble's flags, which
// "{limits}" in a command line becomes.
func ExampleLimitFlags() {
	fmt.Println(spectest.LimitFlags(toolspec.Limits{MaxCalls: 3, NoParallel: true}))
	fmt.Println(len(spectest.LimitFlags(toolspec.Limits{})))
	// Output:
	// [--max-calls 3 --no-parallel]
	// 0
}

// FromOutcome is how an adapter built on toolspec reports: a call is
// finished when it is complete.
func ExampleFromOutcome() {
	out := toolspec.Reassemble(toolspec.FormatOllama, []byte(`{"model":"m","message":{"role":"assistant","content":"ok","tool_calls":[{"function":{"name":"f","arguments":{"a":1}}}]},"done":true,"done_reason":"stop"}`+"\n"), toolspec.Limits{})
	r := spectest.FromOutcome(out)
	fmt.Printf("%+v %s %q\n", r.Calls, r.StopReason, r.Text)
	// Output:
	// [{ID: Name:f Arguments:{"a":1} Finished:true}] tool_use "ok"
}

// Scenario writes a stream an adapter failed on as a scenario, with the
// model's outcome as its want; CheckScenario replays it.
func ExampleScenario() {
	data := []byte(`{"model":"m","message":{"role":"assistant","tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":false}` + "\n")
	fs := []spectest.Failure{{Case: "mine", Rule: toolspec.EndTruncation, Got: "call presented as finished", Want: "not finished"}}
	txt := spectest.Scenario("mine", toolspec.FormatOllama, toolspec.Limits{}, data, fs)
	sc, err := scenario.Parse("mine.txtar", txt)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sc.Rules, sc.Format)
	fmt.Print(sc.Want)
	res := spectest.CheckScenario(spectest.Toolspec, sc)
	fmt.Println(res.Name, res.Passed())
	// Output:
	// [END-3] ollama
	// format ollama
	// messages 1
	// msg 0 choice 0 call 0 complete id="" name="f" args="{}"
	// stop msg 0 choice 0 truncated raw=""
	// mine true
}

// Process starts an adapter program once and speaks the persistent form
// of the protocol with it: the program describes itself in the handshake,
// then answers one request per stream. The program here is this test
// binary, run again: when SPECTEST_FAKE_ADAPTER is set, its TestMain
// (serve_test.go) serves the protocol with toolspec's reassembler instead
// of running the tests. An adapter in another language is started the
// same way, e.g. spectest.Process("python3 adapter.py --serve").
func ExampleProcess() {
	self := "'" + strings.ReplaceAll(os.Args[0], "'", `'\''`) + "'"
	a, err := spectest.Process("SPECTEST_FAKE_ADAPTER=example " + self)
	if err != nil {
		fmt.Println(err)
		return
	}
	d := a.Describe()
	fmt.Printf("%s %s %v %v\n", d.Name, d.Version, d.Formats, d.ClaimNames())
	// One adapter serves every case: the program runs once for them all.
	rep, err := spectest.Check(func() spectest.Adapter { return a },
		spectest.Only("^identity/chat-same-index"), spectest.RandomStreams(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Cases {
		fmt.Println(c.Name, c.Passed())
	}
	fmt.Println(a.Restarts(), a.Close())
	// Output:
	// toolspec behind the protocol 0.0.1 [openai-chat anthropic] [stop-reason text thinking limits custom]
	// identity/chat-same-index-ids-interleaved true
	// identity/chat-same-index-new-ids true
	// 0 <nil>
}

// Corpus runs the kit on scenarios of one's own, here one in memory in
// the corpus's format (package scenario); adding
// spectest.Corpus(spectest.Scenarios) would run the embedded corpus too.
func ExampleCorpus() {
	mine := fstest.MapFS{"mine/two-calls.txtar": {Data: []byte(`Two Ollama calls in one line stay two calls.
seen: captures/ollama/SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson
rules: ID-8 ORD-1
format: ollama
-- input --
{"model":"m","message":{"role":"assistant","tool_calls":[{"function":{"name":"a","arguments":{}}},{"function":{"name":"b","arguments":{"x":1}}}]},"done":true,"done_reason":"stop"}
-- want --
format ollama
messages 1
msg 0 choice 0 call 0 complete id="" name="a" args="{}"
msg 0 choice 0 call 1 complete id="" name="b" args="{\"x\":1}"
stop msg 0 choice 0 tool_use raw="stop"
`)}}
	rep, err := spectest.Check(func() spectest.Adapter { return lastWins{} }, spectest.Corpus(mine), spectest.RandomStreams(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Err())
	for _, f := range rep.Cases[0].Warnings {
		fmt.Println(f)
	}
	// Output:
	// mine/two-calls: END-2: got call #0 with arguments "{\"x\":1}", want "{}"
	// mine/two-calls: ORD-1: got no finished call for the model's call #1 (1 finished of 1), want call #1 id="" name="b" arguments="{\"x\":1}"
	// mine/two-calls: NAME-1 (SHOULD): got call #0 named "b", want "a"
}

// strict fails closed, with a panic, on every stream that breaks a rule:
// it is meant for trusted input only.
var strict = spectest.AdapterFunc(func(s spectest.Stream) (spectest.Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	if len(out.Violations) > 0 {
		panic("untrusted input")
	}
	return spectest.FromOutcome(out), out.Err()
})

// RandomValid draws valid random streams only: an adapter for trusted
// input passes them, where the adversarial streams catch it.
func ExampleRandomValid() {
	for _, valid := range []bool{true, false} {
		opts := []spectest.Option{spectest.RandomOnly(), spectest.Formats(toolspec.FormatOllama), spectest.RandomStreams(20),
			spectest.Seed(1), spectest.RandomFailures(1), spectest.ShrinkTime(time.Second)}
		if valid {
			opts = append(opts, spectest.RandomValid())
		}
		rep, err := spectest.Check(func() spectest.Adapter { return strict }, opts...)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, c := range rep.Cases {
			if c.Name == "random/ollama" {
				fmt.Println("valid only:", valid, "passed:", c.Passed())
			}
		}
	}
	// Output:
	// valid only: true passed: true
	// valid only: false passed: false
}

// dropsIDsOnBOM has two bugs: it fails every stream that starts with a
// byte-order mark (which valid SSE may), and it drops every call's id.
type dropsIDsOnBOM struct{}

func (dropsIDsOnBOM) Describe() spectest.Description {
	return spectest.Description{Name: "two bugs", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}}
}

func (dropsIDsOnBOM) Reassemble(s spectest.Stream) (spectest.Result, error) {
	if bytes.HasPrefix(s.Data, []byte("\xEF\xBB\xBF")) {
		return spectest.Result{}, errors.New("invalid character 'ï' looking for beginning of value")
	}
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	r := spectest.FromOutcome(out)
	for i := range r.Calls {
		r.Calls[i].ID = ""
	}
	return r, out.Err()
}

// RandomFailures sets how many distinct failing random streams a case
// reports: the draws go on past the first failure, so that it does not
// hide the other bug, here a warning (a dropped id is SHOULD), which is
// reported after the failures, in the room they leave. The error on a
// whole stream names no rule itself: it gets ORD-1, where the model
// completes calls that the error loses.
func ExampleRandomFailures() {
	for _, n := range []int{1, 3} {
		rep, err := spectest.Check(func() spectest.Adapter { return dropsIDsOnBOM{} }, spectest.RandomOnly(),
			spectest.Formats(toolspec.FormatOpenAIChat), spectest.RandomStreams(100), spectest.Seed(2),
			spectest.RandomFailures(n), spectest.ShrinkTime(time.Second))
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, c := range rep.Cases {
			if c.Name != "random/openai-chat" {
				continue
			}
			// Which failing stream the draws meet first depends on the
			// generators; the set they find does not.
			var rules []string
			for _, s := range c.Streams {
				rules = append(rules, s.Failures[0].Level.String()+" "+string(s.Failures[0].Rule))
			}
			sort.Strings(rules)
			fmt.Println(n, len(c.Streams), "distinct failing stream(s)")
			if n > 1 {
				fmt.Println(rules)
			}
		}
	}
	// Output:
	// 1 1 distinct failing stream(s)
	// 3 2 distinct failing stream(s)
	// [MUST ORD-1 SHOULD ID-1]
}

// lastThinking is a request converter with the loss of Ollama's Anthropic
// layer: of several thinking blocks in an assistant turn it keeps the last
// (and it is short: it writes no system prompt and no tools).
func lastThinking(from, to toolspec.Format, doc []byte) ([]byte, error) {
	var req map[string]any
	if err := json.Unmarshal(doc, &req); err != nil {
		return nil, err
	}
	var msgs []map[string]any
	ms, _ := req["messages"].([]any)
	for _, m := range ms {
		m, _ := m.(map[string]any)
		out := map[string]any{"role": m["role"], "content": ""}
		switch c := m["content"].(type) {
		case string:
			out["content"] = c
		case []any:
			for _, b := range c {
				b, _ := b.(map[string]any)
				switch b["type"] {
				case "text":
					out["content"] = b["text"]
				case "thinking":
					out["thinking"] = b["thinking"] // the last one wins
				case "tool_use":
					out["tool_calls"] = []any{map[string]any{"id": b["id"], "function": map[string]any{"name": b["name"], "arguments": b["input"]}}}
				case "tool_result":
					out = map[string]any{"role": "tool", "content": b["content"], "tool_call_id": b["tool_use_id"]}
				}
			}
		}
		msgs = append(msgs, out)
	}
	return json.Marshal(map[string]any{"messages": msgs})
}

// CheckHistoryTranslator judges a request converter on the history
// scenarios: here one that keeps only the last thinking block loses two,
// each named with its path in the Anthropic request, and one that writes
// no system prompt and no tools loses those too; it leaves out "stream":
// false, so the Ollama server streams a request that did not ask to
// (XLATE-7, "$": the Anthropic request says it by saying nothing).
func ExampleCheckHistoryTranslator() {
	rep, err := spectest.CheckHistoryTranslator(func() spectest.HistoryTranslator { return spectest.HistoryTranslatorFunc(lastThinking) },
		toolspec.FormatAnthropic, toolspec.FormatOllama,
		spectest.Only("^translation/anthropic-to-ollama-thinking-system-parallel$"), spectest.RandomStreams(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Cases {
		for _, f := range c.Failures {
			fmt.Println(f.Rule, f.Path, f.Got)
		}
	}
	// Output:
	// XLATE-1 messages[1].content[0] a translation without the thinking block "First, the city."
	// XLATE-1 messages[1].content[2] a translation without the thinking block "Then the units."
	// XLATE-2 system[0] a translation without the system block "You are terse."
	// XLATE-2 system[1] a translation without the system block "Use the tools."
	// XLATE-6 tools[0] a translation without the tool "weather" (description "Weather of a city", schema {"type":"object","properties":{"city":{"type":"string"}}})
	// XLATE-7 $ a translation without the setting stream (stream)
}

// Histories holds the history scenarios, one txtar archive each, for
// scenario.ParseHistory.
func ExampleHistories() {
	data, err := fs.ReadFile(spectest.Histories, "pairing/anthropic-six-orphans.txtar")
	if err != nil {
		fmt.Println(err)
		return
	}
	sc, err := scenario.ParseHistory("pairing/anthropic-six-orphans.txtar", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sc.Format, sc.Rules)
	// Output:
	// anthropic [HIST-1]
}

// dropsIDs is an adapter with two bugs: it drops every call's id, and it
// reports the stop reason length as end.
type dropsIDs struct{}

func (dropsIDs) Describe() spectest.Description {
	return spectest.Description{Name: "drops ids", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}, StopReason: true}
}

func (dropsIDs) Reassemble(s spectest.Stream) (spectest.Result, error) {
	r := spectest.FromOutcome(toolspec.Reassemble(s.Format, s.Data, s.Limits))
	for i := range r.Calls {
		r.Calls[i].ID = ""
	}
	if r.StopReason == toolspec.StopLength {
		r.StopReason = toolspec.StopEnd
	}
	return r, nil
}

// Groups gathers the failures by root cause: here two failing cases, one
// bug; WarningGroups gathers the warnings alike: two more cases, the other
// bug (a dropped id is SHOULD: the call is the same). Each group names its
// rule with the rule's summary, and its representative, the smallest
// failing stream (of real traffic, when one is), is the one to look at
// first.
func ExampleReport_Groups() {
	rep, err := spectest.Check(func() spectest.Adapter { return dropsIDs{} }, spectest.RandomStreams(0),
		spectest.Only("^identity/chat-(same-index-new-ids|ids-verbatim)$|^completion/chat-(length-cut-args|mistral-model-length)$"))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := rep.Summary()
	fmt.Printf("%d cases: %d passed, %d failed (%d on real traffic), %d warned; %d root causes, %d of warnings\n",
		s.Cases, s.Passed, s.Failed, s.FailedReal, s.Warned, s.Causes, s.WarningCauses)
	for _, g := range append(rep.Groups(), rep.WarningGroups()...) {
		fmt.Printf("%s (%s; real traffic: %v)\n", g.Cause, g.Summary, g.Real)
		r := g.Representative()
		fmt.Printf("  %s, and %d more\n", r.Case, len(g.Members)-1)
		fmt.Printf("  got %s, want %s\n", r.Failures[0].Got, r.Failures[0].Want)
	}
	// Output:
	// 4 cases: 0 passed, 2 failed (2 on real traffic), 2 warned; 1 root causes, 1 of warnings
	// END-4: stop reason end (raw stop reasons map onto one canonical set; tool_use needs a client call; real traffic: true)
	//   completion/chat-mistral-model-length, and 1 more
	//   got stop reason end, want length
	// SHOULD ID-1: call #N with id "" (identity is per message and choice; provider ids pass through verbatim; real traffic: true)
	//   identity/chat-same-index-new-ids, and 1 more
	//   got call #0 with id "", want id "call_function_7f3a_1", verbatim
}

// Expect lists a known failure: it is kept apart, and fails neither the
// case nor the run until it no longer happens.
func ExampleExpect() {
	rep, err := spectest.Check(func() spectest.Adapter { return lastWins{} },
		spectest.Only("^identity/ollama-same-index$"), spectest.RandomStreams(0),
		spectest.Expect("identity/ollama-same-index", toolspec.OrdFirstSeen, "keys calls by index"))
	if err != nil {
		fmt.Println(err)
		return
	}
	c := rep.Cases[0]
	fmt.Println(c.Name, c.Status(), len(c.Failures), len(c.Expected), c.Expected[0].Expected)
	fmt.Println(rep.Err(), len(rep.Groups()))
	// Output:
	// identity/ollama-same-index expected 0 1 keys calls by index
	// <nil> 0
}
