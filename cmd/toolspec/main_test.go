package main

import (
	"bytes"
	"encoding/json"
	"flag"
	_ "github.com/toolspec/toolspec/internal/golden"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

const seedStream = "../../testdata/streams/ollama-same-index.ndjson"

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestReassembleSeedJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "reassemble", seedStream)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var got jsonOutcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if got.Format != "ollama" || got.StopReason != "tool_use" || len(got.Violations) != 0 {
		t.Errorf("format %q stop %q violations %v", got.Format, got.StopReason, got.Violations)
	}
	if len(got.Calls) != 2 || got.Calls[0].ID != "PpZ8JqRmm" || got.Calls[1].ID != "DDe4wZqkx" {
		t.Fatalf("calls = %+v, want PpZ8JqRmm then DDe4wZqkx", got.Calls)
	}
	if got.Calls[1].Arguments != `{"path":"/etc/os-release"}` || got.Calls[1].Status != "complete" {
		t.Errorf("call 1 = %+v", got.Calls[1])
	}
}

func TestReassembleNoParallelFailsClosed(t *testing.T) {
	code, out, _ := runCmd(t, "", "reassemble", "--no-parallel", seedStream)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var got jsonOutcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Violations) != 1 || got.Violations[0].Rule != string(spec.BudParallel) || got.Violations[0].Class != "terminal" {
		t.Errorf("violations = %+v, want one terminal BUD-7", got.Violations)
	}
}

func TestReassembleStdinAndText(t *testing.T) {
	data, err := os.ReadFile(seedStream)
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, string(data), "reassemble", "--text", "--format", "ollama", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"format ollama", "PpZ8JqRmm", "DDe4wZqkx", "no violations"} {
		if !strings.Contains(out, want) {
			t.Errorf("--text output lacks %q:\n%s", want, out)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"reassemble"},
		{"reassemble", "--format", "nope", seedStream},
		{"reassemble", "/nonexistent/file"},
		{"reassemble", "--max-calls", "x", seedStream},
		{"reassemble", "--max-calls", "-1", seedStream},
		{"reassemble", "--max-choices", "-1", seedStream},
		{"reassemble", "--max-id-bytes", "x", seedStream},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("toolspec %v: exit %d, want 2", args, code)
		}
	}
	for _, lf := range limitFlags {
		if code, _, errOut := runCmd(t, "", "reassemble", "--"+lf.name, "-1", seedStream); code != 2 || !strings.Contains(errOut, lf.name) {
			t.Errorf("--%s -1: exit %d, stderr %q; want 2 naming the flag", lf.name, code, errOut)
		}
	}
	if code, _, errOut := runCmd(t, "hello\n", "reassemble", "-"); code != 2 || !strings.Contains(errOut, "--format") {
		t.Errorf("undetectable input: exit %d, stderr %q", code, errOut)
	}
}

// Two Ollama turns (two messages); and one chat completion whose only
// choice is numbered 1.
const (
	twoTurns = `{"message":{"role":"assistant","content":"Hi."},"done":true,"done_reason":"stop"}
{"message":{"role":"assistant","content":"Bye."},"done":true,"done_reason":"stop"}
`
	choiceOne = `data: {"choices":[{"index":1,"delta":{"content":"B"},"finish_reason":"stop"}]}

data: [DONE]

`
)

// TestLimitsFlags shows that every limit flag takes effect: the seed
// stream (or a small stream of the shape a limit needs) passes without the
// flag and breaks the rule the flag bounds with it.
func TestLimitsFlags(t *testing.T) {
	for _, c := range []struct {
		flag, value string
		stdin       string // "" reads the seed stream
		rule        spec.RuleID
		msg         string // a piece of the violation's message
	}{
		{"max-calls", "1", "", spec.BudCalls, "more than 1 calls"},
		{"max-arg-bytes", "10", "", spec.BudArgBytes, "exceed 10"},
		{"max-response-bytes", "30", "", spec.BudRespBytes, "exceeds 30"},
		{"max-id-bytes", "8", "", spec.BudIDName, "id of 9 bytes exceeds 8"},
		{"max-name-bytes", "8", "", spec.BudIDName, "name of 9 bytes exceeds 8"},
		{"max-frame-bytes", "200", "", spec.BudFrame, "200"},
		{"max-items", "1", "", spec.BudItems, "more than 1 items"},
		{"max-messages", "1", twoTurns, spec.BudItems, "more than 1 messages"},
		{"max-choices", "1", choiceOne, spec.BudItems, "choice 1 outside 0..0"},
	} {
		t.Run(c.flag, func(t *testing.T) {
			file := seedStream
			if c.stdin != "" {
				file = "-"
			}
			if code, out, errOut := runCmd(t, c.stdin, "reassemble", file); code != 0 {
				t.Fatalf("without --%s: exit %d, stderr %q\n%s", c.flag, code, errOut, out)
			}
			code, out, errOut := runCmd(t, c.stdin, "reassemble", "--"+c.flag, c.value, file)
			if code != 1 {
				t.Fatalf("--%s %s: exit %d, want 1; stderr %q", c.flag, c.value, code, errOut)
			}
			var got jsonOutcome
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Violations) != 1 || got.Violations[0].Rule != string(c.rule) || !strings.Contains(got.Violations[0].Message, c.msg) {
				t.Errorf("--%s %s: violations %+v, want one %s containing %q", c.flag, c.value, got.Violations, c.rule, c.msg)
			}
		})
	}
}

// TestEveryLimitHasAFlag fails when a field of spec.Limits cannot be set
// from the command line: each flag is given a distinct value and every
// field must come out holding its own.
func TestEveryLimitHasAFlag(t *testing.T) {
	var o options
	fs := newFlags(&o, io.Discard)
	var args []string
	want := map[string]int{}
	for i, lf := range limitFlags {
		args = append(args, "--"+lf.name, strconv.Itoa(i+1))
		want[lf.name] = i + 1
	}
	args = append(args, "--no-parallel")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	v := reflect.ValueOf(o.lim)
	seen := map[int]bool{}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if !f.IsExported() {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Int:
			n := int(v.Field(i).Int())
			if n == 0 || seen[n] {
				t.Errorf("spec.Limits.%s is set by no flag of its own (holds %d)", f.Name, n)
			}
			seen[n] = true
		case reflect.Bool:
			if !v.Field(i).Bool() {
				t.Errorf("spec.Limits.%s is set by no flag", f.Name)
			}
		default:
			t.Errorf("spec.Limits.%s has a kind (%s) the command does not know", f.Name, f.Type.Kind())
		}
	}
	if len(seen) != len(limitFlags) {
		t.Errorf("%d int fields set, %d limit flags", len(seen), len(limitFlags))
	}
}

// TestSynopsisListsEveryFlag keeps the usage text, the package doc and
// the synopsis of docs/command.md in step with the flags.
func TestSynopsisListsEveryFlag(t *testing.T) {
	commandDoc, err := os.ReadFile("../../docs/command.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, synopsis, _ := strings.Cut(string(commandDoc), "toolspec reassemble [")
	synopsis, _, _ = strings.Cut(synopsis, "```")
	var o options
	newFlags(&o, io.Discard).VisitAll(func(f *flag.Flag) {
		for where, text := range map[string]string{"usage": usage, "docs/command.md synopsis": synopsis, "doc.go": string(doc)} {
			if !strings.Contains(text, "--"+f.Name) {
				t.Errorf("%s lacks --%s", where, f.Name)
			}
		}
	})
}

// thinkTextCall is an Anthropic stream of a signed thinking block longer
// than a line, text with HTML characters, and a call.
const thinkTextCall = `event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"The user wants the weather in Lima.\nI should call get_weather with the city, then answer in one short sentence."}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCg=="}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Checking <now> & then."}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"city\":\"Lima\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"}}

event: message_stop
data: {"type":"message_stop"}

`

// TestTextItems: --text prints every item in order, thinking shortened
// to one line with its length, then the call table.
func TestTextItems(t *testing.T) {
	code, out, errOut := runCmd(t, thinkTextCall, "reassemble", "--text", "-")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := `format anthropic, 1 message(s), stop tool_use
message 0 choice 0: thinking (111 bytes, 1 signature): "The user wants the weather in Lima. I should call get_weather with the city, th…"
message 0 choice 0: text: "Checking <now> & then."
message 0 choice 0: call #0 get_weather (complete)
#  MSG  CHOICE  STATUS    ID       NAME         ARGUMENTS
0  0    0       complete  toolu_1  get_weather  {"city":"Lima"}
stop: message 0 choice 0: tool_use (raw "tool_use")
no violations
`
	if out != want {
		t.Errorf("--text printed\n%s\nwant\n%s", out, want)
	}
}

// TestJSONExact: the JSON output of a stream, byte for byte: the schema's
// fields in its order, two-space indent, HTML characters as they are.
func TestJSONExact(t *testing.T) {
	code, out, errOut := runCmd(t, thinkTextCall, "reassemble", "-")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := `{
  "format": "anthropic",
  "messages": 1,
  "calls": [
    {
      "id": "toolu_1",
      "name": "get_weather",
      "arguments": "{\"city\":\"Lima\"}",
      "status": "complete",
      "kind": "function",
      "server": false,
      "message": 0,
      "choice": 0
    }
  ],
  "items": [
    {
      "kind": "thinking",
      "message": 0,
      "choice": 0,
      "text": "The user wants the weather in Lima.\nI should call get_weather with the city, then answer in one short sentence.",
      "signatures": [
        "EqQBCg=="
      ]
    },
    {
      "kind": "text",
      "message": 0,
      "choice": 0,
      "text": "Checking <now> & then."
    },
    {
      "kind": "call",
      "message": 0,
      "choice": 0,
      "call": 0
    }
  ],
  "stop_reason": "tool_use",
  "stops": [
    {
      "message": 0,
      "choice": 0,
      "reason": "tool_use",
      "raw": "tool_use"
    }
  ],
  "violations": []
}
`
	if out != want {
		t.Errorf("JSON output\n%s\nwant\n%s", out, want)
	}
}

// TestWriteText: every kind of item, a server and a custom call, a call
// without a name, a stop without reason, a tail and a violation, with
// white space and terminal control characters in what the provider sent.
func TestWriteText(t *testing.T) {
	long := strings.Repeat("é", 100) // 200 bytes, 100 runes
	o := spec.Outcome{
		Format:   spec.FormatOpenAIResponses,
		Messages: 2,
		Items: []spec.Item{
			{Kind: spec.ItemText, Text: long, Call: spec.NoCall},
			{Kind: spec.ItemText, Text: "  two\n\tlines  ", Call: spec.NoCall},
			{Kind: spec.ItemText, Text: strings.Repeat("x", shortRunes), Call: spec.NoCall},
			{Kind: spec.ItemThinking, Text: "red \x1b[31mflag", Signatures: []string{"a", "b"}, Call: spec.NoCall},
			{Kind: spec.ItemRedacted, Text: "0123456789", Call: spec.NoCall},
			{Kind: spec.ItemSignature, Signatures: []string{"sig=="}, Call: spec.NoCall},
			{Kind: spec.ItemOther, Call: spec.NoCall},
			{Kind: spec.ItemCall, Call: 0},
			{Kind: spec.ItemCall, Message: 1, Choice: 1, Call: 1},
			{Kind: spec.ItemCall, Message: 1, Choice: 1, Call: 2},
		},
		Calls: []spec.Call{
			{Ordinal: 0, ID: "ws_1", Name: "web_search", Args: "{}", Status: spec.StatusComplete, Kind: spec.CallFunction, Server: true},
			{Ordinal: 1, ID: "call_\x1b]0;x", Name: "patch", Args: "line 1\nline 2", Status: spec.StatusIncomplete, Kind: spec.CallCustom, Message: 1, Choice: 1},
			{Ordinal: 2, ID: "", Name: "", Args: `{"a":`, Status: spec.StatusInvalid, Kind: spec.CallFunction, Message: 1, Choice: 1},
		},
		Stops: []spec.Stop{{Reason: spec.StopToolUse, Raw: "completed"}, {Message: 1, Reason: spec.StopNone}},
		Tail:  "{\"type\":\"resp\u202eonse.",
		Violations: []spec.Violation{{Rule: spec.NameMissing, Class: spec.ClassCall, Frame: 7, Offset: 99, Call: 2,
			Message: "call without a name\nsaid \x07"}},
	}
	var b strings.Builder
	writeText(&b, o)
	want := `format openai-responses, 2 message(s), stop none
message 0 choice 0: text (200 bytes): "` + strings.Repeat("é", shortRunes-1) + `…"
message 0 choice 0: text: "two lines"
message 0 choice 0: text: "` + strings.Repeat("x", shortRunes) + `"
message 0 choice 0: thinking (2 signatures): "red \x1b[31mflag"
message 0 choice 0: redacted (10 bytes)
message 0 choice 0: signature (5 bytes)
message 0 choice 0: other
message 0 choice 0: call #0 web_search (complete, server)
message 1 choice 1: call #1 patch (incomplete, custom)
message 1 choice 1: call #2 (no name) (invalid)
#  MSG  CHOICE  STATUS      ID             NAME                 ARGUMENTS
0  0    0       complete    ws_1           web_search (server)  {}
1  1    1       incomplete  call_\x1b]0;x  patch (custom)       line 1 line 2
2  1    1       invalid                    (no name)            {"a":
stop: message 0 choice 0: tool_use (raw "completed")
stop: message 1 choice 0: none (raw "")
tail (21 bytes): {"type":"resp\u202eonse.
toolspec: NAME-3: frame 7 (offset 99): call #2: call without a name said \a (call)
`
	if got := b.String(); got != want {
		t.Errorf("writeText printed\n%s\nwant\n%s", got, want)
	}
}

// TestKitCommands: the kit's subcommands are toolspec-kit's; given one,
// toolspec exits 2 and says how to run it, and its usage names
// toolspec-kit.
func TestKitCommands(t *testing.T) {
	for _, name := range kitCommands {
		code, out, errOut := runCmd(t, "", name, "--adapter", "x", "file.txtar")
		if code != 2 || out != "" || !strings.Contains(errOut, "toolspec-kit "+name+" ...") || !strings.Contains(errOut, "go run ./cmd/toolspec-kit "+name+" ...") {
			t.Errorf("toolspec %s: exit %d, stdout %q, stderr %q; want 2 and the toolspec-kit command", name, code, out, errOut)
		}
	}
	if code, out, _ := runCmd(t, "", "-h"); code != 0 || !strings.Contains(out, "toolspec-kit") {
		t.Errorf("toolspec -h: exit %d, usage %q lacks toolspec-kit", code, out)
	}
}
