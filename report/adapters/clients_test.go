package adapters

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// clients are the adapters of the providers' own clients (Gemini, Bedrock,
// Ollama), each with the shared captures of its format on which a correct
// reassembler returns toolspec's calls, text, thinking and stop reason.
var clients = []struct {
	name  string
	new   func() spectest.Adapter
	plain []string
}{
	{"genai", GenAI, []string{
		"gemini/gemini-2.5-flash-2calls-one-chunk-nocr.sse",
		"gemini/gemini-2.5-flash-thought-then-call.sse",
		"gemini/gemini-2.5-pro-2calls-separate-chunks.sse",
		"gemini/gemini-3-pro-2calls-with-ids.sse",
	}},
	{"bedrockruntime", BedrockRuntime, []string{
		"bedrock/nova-micro-text-then-tool.eventstream",
		"bedrock/claude-sonnet-4-reasoning-signature.eventstream",
		"bedrock/claude-3-7-sonnet-redacted-reasoning.eventstream",
		// JSON lines, served as the event-stream messages they record.
		"bedrock/claude-reasoning-decoded.jsonl",
		"bedrock/SYNTHETIC-text-then-2tools-decoded.jsonl",
	}},
	{"ollama-api", OllamaAPI, []string{
		"ollama/SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson" + withDone,
		"ollama/qwen3-14b-2calls-index-omitted-no-ids.ndjson",
		"ollama/gpt-oss-thinking-then-content.ndjson",
		"ollama/qwen3-14b-answer-only-in-done-chunk.ndjson",
	}},
}

// TestClientCaptures: on the plain captures of its format, each client's
// adapter returns toolspec's calls (id, name, arguments as JSON, all
// finished, in order), text, thinking and stop reason, and no error.
func TestClientCaptures(t *testing.T) {
	withCalls := 0
	for _, a := range clients {
		for _, name := range a.plain {
			t.Run(a.name+"/"+name, func(t *testing.T) {
				name, done := strings.CutSuffix(name, withDone)
				data := load(t, name)
				if done {
					data = append(bytes.Clone(data), `{"model":"m","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}`+"\n"...)
				}
				f, err := toolspec.ParseFormat(filepath.Dir(name))
				if err != nil {
					t.Fatal(err)
				}
				want := spectest.FromOutcome(toolspec.Reassemble(f, data, toolspec.Limits{}))
				ad := a.new()
				got, err := ad.Reassemble(spectest.Stream{Format: f, Data: data})
				if err != nil {
					t.Fatalf("error %v", err)
				}
				if len(want.Calls) > 0 {
					withCalls++
				}
				if len(got.Calls) != len(want.Calls) {
					t.Fatalf("%d calls %+v, want %d %+v", len(got.Calls), got.Calls, len(want.Calls), want.Calls)
				}
				for i, c := range got.Calls {
					w := want.Calls[i]
					if c.ID != w.ID || c.Name != w.Name || !c.Finished || !sameJSON(c.Arguments, w.Arguments) {
						t.Errorf("call %d: %+v, want %+v", i, c, w)
					}
				}
				d := ad.(spectest.Describer).Describe()
				if !d.Text || !d.Thinking || !d.StopReason {
					t.Fatalf("the adapter claims %v; want stop-reason, text and thinking", d.ClaimNames())
				}
				if got.Text != want.Text {
					t.Errorf("text %q, want %q", got.Text, want.Text)
				}
				if got.Thinking != want.Thinking {
					t.Errorf("thinking %q, want %q", got.Thinking, want.Thinking)
				}
				// The raw reason's canonical name is the adapter's (an end
				// that END-4 refines to tool_use by the calls is allowed,
				// SPEC.md END-4's MAY row "vocabulary").
				if got.StopReason != want.StopReason && !(endOrToolUse(got.StopReason) && endOrToolUse(want.StopReason)) {
					t.Errorf("stop reason %q, want %q", got.StopReason, want.StopReason)
				}
			})
		}
	}
	if withCalls < 8 {
		t.Errorf("%d captures with calls, want at least 8: the captures read hold too few calls to tell", withCalls)
	}
}

// TestClientsKnownBehaviour: the adapters report the clients' own handling
// of the shapes the notes describe.
func TestClientsKnownBehaviour(t *testing.T) {
	// A Vertex streamed-arguments call: the name, a partial argument, the
	// closing empty part; the SDK hands over each part's FunctionCall.
	vertex := []byte(`data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"get_weather","willContinue":true}}]}}]}` + "\n\n" +
		`data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.city","stringValue":"Oslo"}],"willContinue":true}}]}}]}` + "\n\n" +
		`data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}` + "\n\n")
	// A ConverseStream exception after a toolUse block: the stream fails.
	exception := []byte(`{"messageStart":{"role":"assistant"}}
{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"t1","name":"f"}}}}
{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":"{\"a\":1}"}}}}
{"contentBlockStop":{"contentBlockIndex":0}}
{"modelStreamErrorException":{"message":"the model failed","originalStatusCode":500}}
`)
	// Two toolUse blocks whose deltas interleave: told apart by index.
	interleaved := []byte(`{"messageStart":{"role":"assistant"}}
{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"t1","name":"f"}}}}
{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t2","name":"g"}}}}
{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":"{\"a\":"}}}}
{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"b\":"}}}}
{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"2}"}}}}
{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":"1}"}}}}
{"contentBlockStop":{"contentBlockIndex":1}}
{"contentBlockStop":{"contentBlockIndex":0}}
{"messageStop":{"stopReason":"tool_use"}}
`)
	// An InvokeModelWithResponseStream chunk: not a ConverseStream event.
	invoke := []byte(`{"chunk":{"bytes":"eyJ0eXBlIjoibWVzc2FnZV9zdGFydCJ9"}}
`)
	// Two calls at function.index 0 in one line, then done.
	sameIndex := []byte(`{"model":"m","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"a","function":{"index":0,"name":"f","arguments":{"x":1}}},{"id":"b","function":{"index":0,"name":"f","arguments":{"x":2}}}]},"done":false}
{"model":"m","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
`)
	tests := []struct {
		name    string
		adapter spectest.Adapter
		format  toolspec.Format
		data    []byte
		calls   string // "id name args finished;" each, or the error's pattern after "error "
	}{
		{"genai streamed arguments", GenAI(), toolspec.FormatGemini, vertex, ` get_weather  true;   true;   true;`},
		{"bedrock exception", BedrockRuntime(), toolspec.FormatBedrock, exception, `error the model failed`},
		{"bedrock interleaved", BedrockRuntime(), toolspec.FormatBedrock, interleaved, `t1 f {"a":1} true;t2 g {"b":2} true;`},
		{"bedrock invoke chunk", BedrockRuntime(), toolspec.FormatBedrock, invoke, ``},
		{"bedrock cut block", BedrockRuntime(), toolspec.FormatBedrock, interleaved[:bytes.Index(interleaved, []byte(`{"contentBlockStop":{"contentBlockIndex":0}}`))],
			`t1 f {"a":1} false;t2 g {"b":2} true;`},
		{"ollama same index", OllamaAPI(), toolspec.FormatOllama, sameIndex, `a f {"x":1} true;b f {"x":2} true;`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.adapter.Reassemble(spectest.Stream{Format: tc.format, Data: tc.data})
			if pat, ok := strings.CutPrefix(tc.calls, "error "); ok {
				if err == nil || !regexp.MustCompile(pat).MatchString(err.Error()) {
					t.Fatalf("error %v, want one matching %q (calls %+v)", err, pat, r.Calls)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			var got strings.Builder
			for _, c := range r.Calls {
				got.WriteString(c.ID + " " + c.Name + " " + c.Arguments + " ")
				if c.Finished {
					got.WriteString("true;")
				} else {
					got.WriteString("false;")
				}
			}
			if got.String() != tc.calls {
				t.Errorf("calls %q, want %q", got.String(), tc.calls)
			}
		})
	}
}

// TestEventStreamBytes: a Bedrock stream in JSON lines becomes one
// event-stream message a line, which toolspec reads as it reads the lines;
// binary input is served as it is.
func TestEventStreamBytes(t *testing.T) {
	for _, name := range []string{"bedrock/claude-reasoning-decoded.jsonl", "bedrock/SYNTHETIC-text-then-2tools-decoded.jsonl"} {
		data := load(t, name)
		out, err := EventStreamBytes(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) < 16 || binary.BigEndian.Uint32(out) > uint32(len(out)) {
			t.Fatalf("%s: not an event-stream: % x", name, out[:min(len(out), 16)])
		}
		lines := 0
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		msgs := 0
		for b := out; len(b) >= 4; msgs++ {
			b = b[binary.BigEndian.Uint32(b):]
		}
		if msgs != lines {
			t.Errorf("%s: %d messages for %d lines", name, msgs, lines)
		}
		a := toolspec.Reassemble(toolspec.FormatBedrock, data, toolspec.Limits{})
		b := toolspec.Reassemble(toolspec.FormatBedrock, out, toolspec.Limits{})
		if a.Err() != nil || b.Err() != nil {
			t.Fatalf("%s: errors %v (lines), %v (messages)", name, a.Err(), b.Err())
		}
		if x, y := spectest.FromOutcome(a), spectest.FromOutcome(b); !sameResult(x, y) {
			t.Errorf("%s: the messages read %+v, the lines %+v", name, y, x)
		}
	}
	bin := load(t, "bedrock/nova-micro-text-then-tool.eventstream")
	if out, err := EventStreamBytes(bin); err != nil || !bytes.Equal(out, bin) {
		t.Errorf("an event-stream was not served as it is (error %v)", err)
	}
	// A line that is not an object of one member has no event type.
	out, err := EventStreamBytes([]byte(`{"a":{},"b":{}}` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte(":event-type")) || !bytes.Contains(out, []byte(`{"a":{},"b":{}}`)) {
		t.Errorf("a two-member line served as %q", out)
	}
}

func endOrToolUse(s toolspec.StopReason) bool {
	return s == toolspec.StopEnd || s == toolspec.StopToolUse
}

func sameResult(a, b spectest.Result) bool {
	if len(a.Calls) != len(b.Calls) || a.Text != b.Text || a.Thinking != b.Thinking || a.StopReason != b.StopReason {
		return false
	}
	for i := range a.Calls {
		if a.Calls[i] != b.Calls[i] {
			return false
		}
	}
	return true
}
