package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
	"golang.org/x/tools/txtar"
)

// historyDoc returns the history.json of a history scenario of the corpus
// (spectest/testdata/histories), written to a file of its own.
func historyDoc(t *testing.T, name string) string {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("../../spectest/testdata/histories", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		if f.Name == "history.json" {
			p := filepath.Join(t.TempDir(), "history.json")
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	t.Fatalf("%s has no history.json", name)
	return ""
}

// writeTemp writes data to a file of its own and returns its path.
func writeTemp(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// historyOut is the JSON output of the history subcommands as a client
// reads it.
type historyOut struct {
	Format       string          `json:"format"`
	From         string          `json:"from"`
	To           string          `json:"to"`
	StreamFormat string          `json:"stream_format"`
	Message      *int            `json:"message"`
	Document     json.RawMessage `json:"document"`
	Error        string          `json:"error"`
	Changes      []struct {
		Rule, Path, Message string
	} `json:"changes"`
	Violations []struct {
		Rule, Class, Path, Message string
	} `json:"violations"`
	Pending []struct {
		Path, ID, Name string
	} `json:"pending"`
}

// summary lists the rule and path of each violation and change, and the
// path of each pending call, for comparison.
func (h historyOut) summary() []string {
	var out []string
	for _, v := range h.Violations {
		out = append(out, v.Rule+" "+v.Class+" "+v.Path)
	}
	for _, c := range h.Changes {
		out = append(out, "change "+c.Rule+" "+c.Path)
	}
	for _, p := range h.Pending {
		out = append(out, "pending "+p.Path+" "+p.ID)
	}
	return out
}

const chatPaired = `{"messages":[{"role":"user","content":"2+2?"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"add","arguments":"{\"a\":2,\"b\":2}"}}]},{"role":"tool","tool_call_id":"call_1","content":"4"}],"tools":[{"type":"function","function":{"name":"add","parameters":{"type":"object"}}}]}`

const chatUnanswered = `{"messages":[{"role":"user","content":"2+2?"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"add","arguments":"{}"}}]},{"role":"user","content":"Well?"}]}`

const anthropicThreeThoughts = `{"system":[{"type":"text","text":"Be brief."},{"type":"text","text":"Use tools."}],"messages":[{"role":"user","content":"2+2?"},{"role":"assistant","content":[{"type":"thinking","thinking":"One.","signature":"s1"},{"type":"thinking","thinking":"Two.","signature":"s2"},{"type":"tool_use","id":"toolu_1","name":"add","input":{"a":2}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"4"}]}],"tool_choice":{"type":"auto","disable_parallel_tool_use":true}}`

// TestHistoryCommands runs toolspec history on documents of the corpus and
// by hand: exit status, the rules and paths reported, and the document
// written.
func TestHistoryCommands(t *testing.T) {
	sixOrphans := historyDoc(t, "pairing/anthropic-six-orphans")
	var orphans []string
	var dropped []string
	for k := 0; k < 6; k++ {
		orphans = append(orphans, fmt.Sprintf("HIST-1 call messages[2].content[%d]", k))
		dropped = append(dropped, fmt.Sprintf("change HIST-1 messages[2].content[%d]", k))
	}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  []string // summary()
		doc   string   // the document written, when not ""
	}{
		{"check six orphans", "", []string{"check", "--from", "anthropic", sixOrphans}, 1, orphans, ""},
		{"check pending", "", []string{"check", "--from", "openai-chat", historyDoc(t, "pairing/chat-pending-calls")}, 3,
			[]string{"pending messages[1].tool_calls[0] call_a", "pending messages[1].tool_calls[1] call_b"}, ""},
		{"check kimi ids", "", []string{"check", "--from", "anthropic", historyDoc(t, "pairing/anthropic-kimi-ids-across-turns")}, 0, nil, ""},
		{"check stdin", chatPaired, []string{"check", "--from", "openai-chat", "-"}, 0, nil, ""},
		{"check shape", `[]`, []string{"check", "--from", "openai-chat", "-"}, 1, []string{"HIST-8 terminal $"}, ""},
		{"check flags after the file", chatUnanswered, []string{"check", "-", "--from", "openai-chat"}, 1, []string{"HIST-3 call messages[1].tool_calls[0]"}, ""},
		{"translate lossless", `{"model":"m-1","max_completion_tokens":64,` + chatPaired[1:], []string{"translate", "--from", "openai-chat", "--to", "anthropic", "-"}, 0, nil,
			`{"messages":[{"role":"user","content":[{"type":"text","text":"2+2?"}]},{"role":"assistant","content":[{"type":"tool_use","id":"call_1","name":"add","input":{"a":2,"b":2}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"4"}]}],"tools":[{"name":"add","input_schema":{"type":"object"}}],"model":"m-1","max_tokens":64}`},
		{"translate without a required setting", chatPaired, []string{"translate", "--from", "openai-chat", "--to", "anthropic", "-"}, 3, []string{"XLATE-7 loss $"}, ""},
		{"translate with losses", anthropicThreeThoughts, []string{"translate", "--from", "anthropic", "--to", "ollama", "-"}, 3,
			[]string{"XLATE-1 loss messages[1].content[0]", "XLATE-1 loss messages[1].content[1]", "XLATE-3 loss tool_choice", "XLATE-3 loss tool_choice"}, ""},
		{"translate shape", `{"messages":3}`, []string{"translate", "--from", "openai-chat", "--to", "gemini", "-"}, 1, []string{"HIST-8 terminal messages"}, ""},
		{"repair unanswered", chatUnanswered, []string{"repair", "--from", "openai-chat", "-"}, 3, []string{"XLATE-4 loss messages[2]", "change HIST-3 messages[1].tool_calls[0]"},
			`{"messages":[{"role":"user","content":"2+2?"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"add","arguments":"{}"}}]},{"role":"tool","tool_call_id":"call_1","content":"The tool call was interrupted: no result was recorded for it."},{"role":"user","content":"Well?"}]}`},
		{"repair six orphans", "", []string{"repair", "--from", "anthropic", sixOrphans}, 3,
			dropped, ""},
		{"repair nothing to do", chatPaired, []string{"repair", "--from", "openai-chat", "-"}, 0, nil, ""},
		{"repair what it cannot", historyDoc(t, "pairing/chat-shared-id"), []string{"repair", "--from", "openai-chat"}, 1, nil, ""},
		{"repair shape", `{"messages":[{"content":"x"}]}`, []string{"repair", "--from", "openai-chat", "-"}, 1, []string{"HIST-8 terminal messages[0]"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"history"}, tc.args...)
			if tc.name == "repair what it cannot" {
				args = append(args, tc.stdin)
				tc.stdin = ""
			}
			code, out, errOut := runCmd(t, tc.stdin, args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q\n%s", code, tc.code, errOut, out)
			}
			var got historyOut
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			if got.Violations == nil {
				t.Errorf("no violations array:\n%s", out)
			}
			if tc.want != nil || tc.code == 0 {
				if g, w := strings.Join(got.summary(), "\n"), strings.Join(tc.want, "\n"); g != w {
					t.Errorf("reported\n%s\nwant\n%s", g, w)
				}
			}
			if tc.code == 1 && len(got.Violations) == 0 {
				t.Errorf("exit 1 without a violation:\n%s", out)
			}
			if tc.doc != "" {
				if g := compact(t, got.Document); g != tc.doc {
					t.Errorf("document\n%s\nwant\n%s", g, tc.doc)
				}
			}
			if got.Document != nil && tc.args[0] == "repair" && tc.code != 1 {
				// What repair writes passes the check.
				if code, out, _ := runCmd(t, compact(t, got.Document), "history", "check", "--from", got.Format, "-"); code != 0 {
					t.Errorf("the repaired document fails the check (exit %d):\n%s", code, out)
				}
			}
		})
	}
}

// compact returns raw without insignificant white space.
func compact(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("document is not JSON: %v\n%s", err, raw)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// twoCallsStream is an Anthropic stream of a signed thinking block and two
// parallel calls whose stops arrive together at the end; cut, it ends
// before the second call's stop and the message's.
func twoCallsStream(cut bool) string {
	var b strings.Builder
	ev := func(typ, data string) { fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, data) }
	ev("message_start", `{"type":"message_start","message":{"id":"msg_2","type":"message","role":"assistant","content":[],"stop_reason":null}}`)
	ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`)
	ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Both."}}`)
	ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2ln"}}`)
	ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_a","name":"read","input":{}}}`)
	ev("content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_b","name":"read","input":{}}}`)
	ev("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"a\"}"}}`)
	ev("content_block_stop", `{"type":"content_block_stop","index":0}`)
	ev("content_block_stop", `{"type":"content_block_stop","index":1}`)
	// Block 2's delta after block 1's stop shows the generation went on
	// past call a: the cut leaves only call b incomplete (END-3).
	ev("content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"path\":"}}`)
	if cut {
		return b.String()
	}
	ev("content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"\"b\"}"}}`)
	ev("content_block_stop", `{"type":"content_block_stop","index":2}`)
	ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":9}}`)
	ev("message_stop", `{"type":"message_stop"}`)
	return b.String()
}

// TestHistoryTurn: toolspec history turn prints a stream's assistant turn
// as a history document of the stream's format or another, fails closed
// on an incomplete call, and drops it with a change when asked; the
// document, once the results are appended, passes the check.
func TestHistoryTurn(t *testing.T) {
	whole := writeTemp(t, "whole.sse", twoCallsStream(false))
	const anthropicTurn = `{"messages":[{"role":"assistant","content":[{"type":"thinking","thinking":"Both.","signature":"c2ln"},{"type":"tool_use","id":"toolu_a","name":"read","input":{"path":"a"}},{"type":"tool_use","id":"toolu_b","name":"read","input":{"path":"b"}}]}]}`
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  []string
		doc   string
	}{
		{"detected, same format", "", []string{whole}, 0, nil, anthropicTurn},
		{"named format, stdin", twoCallsStream(false), []string{"--format", "anthropic", "-"}, 0, nil, anthropicTurn},
		// Anthropic's signature is bound to the provider that made it.
		{"to bedrock", "", []string{"--to", "bedrock", whole}, 3, []string{"XLATE-1 loss messages[0].parts[0].signature"},
			`{"messages":[{"role":"assistant","content":[{"reasoningContent":{"reasoningText":{"text":"Both."}}},{"toolUse":{"toolUseId":"toolu_a","name":"read","input":{"path":"a"}}},{"toolUse":{"toolUseId":"toolu_b","name":"read","input":{"path":"b"}}}]}]}`},
		{"to chat loses the signature", "", []string{"--to", "openai-chat", whole}, 3, []string{"XLATE-1 loss messages[0].parts[0].signature"}, ""},
		{"incomplete call fails closed", twoCallsStream(true), []string{"-"}, 1, nil, ""},
		{"incomplete call dropped", twoCallsStream(true), []string{"--drop-unfinished", "-"}, 3, []string{"change END-3 items[2]"},
			`{"messages":[{"role":"assistant","content":[{"type":"thinking","thinking":"Both.","signature":"c2ln"},{"type":"tool_use","id":"toolu_a","name":"read","input":{"path":"a"}}]}]}`},
		{"no such message", "", []string{"--message", "1", whole}, 1, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"history", "turn"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q\n%s", code, tc.code, errOut, out)
			}
			var got historyOut
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			if g, w := strings.Join(got.summary(), "\n"), strings.Join(tc.want, "\n"); g != w {
				t.Errorf("reported\n%s\nwant\n%s", g, w)
			}
			if tc.code == 1 && (got.Error == "" || got.Document != nil) {
				t.Errorf("a failed turn has error %q and document %s", got.Error, got.Document)
			}
			if tc.doc != "" && compact(t, got.Document) != tc.doc {
				t.Errorf("document\n%s\nwant\n%s", compact(t, got.Document), tc.doc)
			}
		})
	}
	// The error names the call.
	_, out, _ := runCmd(t, twoCallsStream(true), "history", "turn", "-")
	if !strings.Contains(out, `call #1 (id \"toolu_b\"`) {
		t.Errorf("the error does not name the incomplete call:\n%s", out)
	}

	// The turn, the user message before it and the results after it make
	// a history that passes the check; without the results, two calls are
	// pending.
	_, out, _ = runCmd(t, "", "history", "turn", whole)
	var got historyOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	turn := strings.TrimSuffix(strings.TrimPrefix(compact(t, got.Document), `{"messages":[`), `]}`)
	user := `{"role":"user","content":"Read a and b."}`
	pending := `{"messages":[` + user + `,` + turn + `]}`
	if code, out, _ := runCmd(t, pending, "history", "check", "--from", "anthropic", "-"); code != 3 || !strings.Contains(out, `"pending"`) {
		t.Errorf("the turn alone: exit %d, want 3 with two pending calls:\n%s", code, out)
	}
	results := `{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_a","content":"A"},{"type":"tool_result","tool_use_id":"toolu_b","content":"B"}]}`
	answered := `{"messages":[` + user + `,` + turn + `,` + results + `]}`
	for _, f := range spec.Formats {
		code, out, _ := runCmd(t, answered, "history", "translate", "--from", "anthropic", "--to", string(f), "-")
		if code == 1 {
			t.Fatalf("%s: exit 1:\n%s", f, out)
		}
		var tr historyOut
		if err := json.Unmarshal([]byte(out), &tr); err != nil {
			t.Fatal(err)
		}
		if code, out, _ := runCmd(t, compact(t, tr.Document), "history", "check", "--from", string(f), "-"); code != 0 {
			t.Errorf("%s: the answered turn fails the check (exit %d):\n%s", f, code, out)
		}
	}
}

// TestHistoryUsage: usage and I/O errors exit 2 and say why.
func TestHistoryUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"history"}, "usage: toolspec history"},
		{[]string{"history", "frobnicate"}, "usage: toolspec history"},
		{[]string{"history", "check", "-"}, "--from is required"},
		{[]string{"history", "check", "--from", "klingon", "-"}, "--from"},
		{[]string{"history", "check", "--from", "anthropic"}, "usage: toolspec history"},
		{[]string{"history", "check", "--from", "anthropic", "a", "b"}, "usage: toolspec history"},
		{[]string{"history", "check", "--from", "anthropic", "/nonexistent/history.json"}, "no such file"},
		{[]string{"history", "translate", "--from", "anthropic", "-"}, "--to is required"},
		{[]string{"history", "translate", "--from", "anthropic", "--to", "x", "-"}, "--to"},
		{[]string{"history", "check", "--to", "anthropic", "--from", "anthropic", "-"}, "not defined"},
		{[]string{"history", "turn", "--format", "x", "-"}, "unknown format"},
		{[]string{"history", "turn", "--choice", "-1", "-"}, "--choice"},
		{[]string{"history", "turn", "-"}, "--format"},
	} {
		code, out, errOut := runCmd(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stderr %q (want 2 and %q); stdout %q", tc.args, code, errOut, tc.want, out)
		}
	}
	if code, out, _ := runCmd(t, "", "history", "-h"); code != 0 || !strings.Contains(out, "toolspec history turn") {
		t.Errorf("history -h: exit %d\n%s", code, out)
	}
}

// TestHistoryText: --text prints the headline, the document, the changes,
// the violations and the pending calls, one line each, with the same exit
// status as the JSON.
func TestHistoryText(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		want  []string
	}{
		{"", []string{"check", "--from", "openai-chat", historyDoc(t, "pairing/chat-pending-calls")}, 3,
			[]string{"openai-chat history", "no violations", `pending: messages[1].tool_calls[0]: call id "call_a" name "read"`}},
		{chatUnanswered, []string{"repair", "--from", "openai-chat", "-"}, 3,
			[]string{"document: {", "change: HIST-3: messages[1].tool_calls[0]: added a placeholder result", "toolspec: XLATE-4: messages[2]: "}},
		{anthropicThreeThoughts, []string{"translate", "--from", "anthropic", "--to", "gemini", "-"}, 3,
			[]string{"anthropic history translated to gemini", "document: {", "(loss)"}},
		{twoCallsStream(true), []string{"turn", "-"}, 1,
			[]string{"assistant turn of message 0 of the anthropic stream, as anthropic", `error: toolspec: END-3: items[2]: the incomplete call #1`}},
	} {
		code, out, _ := runCmd(t, tc.stdin, append(append([]string{"history"}, tc.args...), "--text")...)
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d\n%s", tc.args, code, tc.code, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: --text lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
}

// TestHistorySynopsisListsEveryFlag keeps the usage text, the package doc
// and the synopsis of toolspec history in docs/command.md in step with the
// flags of each subcommand.
func TestHistorySynopsisListsEveryFlag(t *testing.T) {
	commandDoc, err := os.ReadFile("../../docs/command.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for name := range historyCommands {
		n := 0
		newHistoryFlags(name, historyTo[name], io.Discard).fl.VisitAll(func(f *flag.Flag) {
			n++
			for where, text := range map[string]string{"usage": historyUsage, "docs/command.md": string(commandDoc), "doc.go": string(doc)} {
				if !regexp.MustCompile(`toolspec history ` + name + ` [^\n]*(\n[/\t ]+\[[^\n]*)?--` + f.Name + `\b`).MatchString(text) {
					t.Errorf("%s: the synopsis of history %s lacks --%s", where, name, f.Name)
				}
			}
		})
		if n == 0 {
			t.Errorf("history %s has no flags", name)
		}
	}
}

// TestHistoryKeepsTheRequest: repair and turn --request print the whole
// request body, its model and settings byte for byte (HIST-9); --body
// prints it alone, exactly as written.
func TestHistoryKeepsTheRequest(t *testing.T) {
	body := `{"model":"gpt-4o","temperature":0.2,"stream":true,
 "tools":[{"type":"function","function":{"name":"add","parameters":{"type":"object"},"strict":true}}],
 "messages":[{"role":"user","content":"2+2?"},{"role":"tool","tool_call_id":"call_9","content":"4"}]}`
	code, out, errOut := runCmd(t, body, "history", "repair", "--from", "openai-chat", "--body", "-")
	want := `{"model":"gpt-4o","temperature":0.2,"stream":true,"tools":[{"type":"function","function":{"name":"add","parameters":{"type":"object"},"strict":true}}],"messages":[{"role":"user","content":"2+2?"}]}`
	if code != 3 || out != want {
		t.Fatalf("repair --body: exit %d, want 3\n got %s\nwant %s\nstderr %s", code, out, want, errOut)
	}
	if !strings.Contains(errOut, `change: HIST-1: messages[1]`) {
		t.Errorf("repair --body: the change is not on stderr:\n%s", errOut)
	}

	dir := t.TempDir()
	req := filepath.Join(dir, "request.json")
	results := filepath.Join(dir, "results.json")
	prev := `{"model":"claude-sonnet-4-5","max_tokens":1024,"stream":true,"messages":[{"role":"user","content":"Read a and b"}]}`
	if err := os.WriteFile(req, []byte(prev), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(results, []byte(`[{"id":"toolu_a","content":"A"},{"id":"toolu_b","content":"B","is_error":true}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCmd(t, twoCallsStream(false), "history", "turn", "--request", req, "--results", results, "--body", "-")
	if code != 0 {
		t.Fatalf("turn --request: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.HasPrefix(out, `{"model":"claude-sonnet-4-5","max_tokens":1024,"stream":true,"messages":[{"role":"user","content":"Read a and b"},{"role":"assistant","content":[{"type":"thinking"`) ||
		!strings.Contains(out, `{"type":"tool_result","tool_use_id":"toolu_b","content":"B","is_error":true}`) {
		t.Fatalf("turn --request: not the next request:\n%s", out)
	}
	if !strings.Contains(errOut, "the next request, after message 0 of the anthropic stream, as anthropic") {
		t.Errorf("turn --request: stderr lacks its headline:\n%s", errOut)
	}
	// A result for a call the turn does not have is an orphan.
	if err := os.WriteFile(results, []byte(`[{"id":"toolu_x","content":"?"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCmd(t, twoCallsStream(false), "history", "turn", "--request", req, "--results", results, "-")
	if code != 1 || !strings.Contains(out, `"HIST-1"`) {
		t.Fatalf("turn --request with an orphan result: exit %d, want 1 with HIST-1\n%s", code, out)
	}
	for _, args := range [][]string{
		{"turn", "--results", results, "-"},
		{"turn", "--request", req, "--message", "0", "-"},
		{"turn", "--request", req, "--results", req, "-"},
	} {
		if code, _, _ := runCmd(t, twoCallsStream(false), append([]string{"history"}, args...)...); code != 2 {
			t.Errorf("%q: exit %d, want 2 (usage)", args, code)
		}
	}
}
