package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// ollamaFrame runs one payload through a fresh ollamaDecoder.
func ollamaFrame(payload string) ([]spec.Event, *spec.Violation) {
	return (&ollamaDecoder{}).decodeFrame(frame{no: 1, data: []byte(payload)})
}

func TestOllamaDecodeFrame(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		want    []spec.Event
	}{
		{
			name:    "thinking",
			payload: `{"model":"gpt-oss","message":{"role":"assistant","content":"","thinking":"The"},"done":false}`,
			want:    []spec.Event{{Kind: spec.KindThinking, Data: "The"}},
		},
		{
			name:    "content",
			payload: `{"message":{"role":"assistant","content":"Sure"},"done":false}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "Sure"}},
		},
		{
			name:    "thinking before content",
			payload: `{"message":{"content":"b","thinking":"a"},"done":false}`,
			want:    []spec.Event{{Kind: spec.KindThinking, Data: "a"}, {Kind: spec.KindText, Data: "b"}},
		},
		{
			name:    "empty text and thinking skipped",
			payload: `{"message":{"role":"assistant","content":"","thinking":""},"done":false}`,
			want:    nil,
		},
		{
			name:    "no message",
			payload: `{"model":"m","done":false}`,
			want:    nil,
		},
		{
			name:    "null message",
			payload: `{"message":null}`,
			want:    nil,
		},
		{
			name: "two calls same wire index",
			payload: `{"message":{"role":"assistant","content":"","tool_calls":[` +
				`{"id":"PpZ8JqRmm","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/hostname"}}},` +
				`{"id":"DDe4wZqkx","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/os-release"}}}]},"done":false}`,
			want: []spec.Event{
				{Kind: spec.KindWholeCall, ID: "PpZ8JqRmm", Name: "read_file", Data: `{"path":"/etc/hostname"}`},
				{Kind: spec.KindWholeCall, ID: "DDe4wZqkx", Name: "read_file", Data: `{"path":"/etc/os-release"}`},
			},
		},
		{
			name:    "arguments compacted, key order kept",
			payload: `{"message":{"tool_calls":[{"function":{"name":"f","arguments":{ "b" : 1 , "a" : [ 1, 2 ] }}}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"b":1,"a":[1,2]}`}},
		},
		{
			name:    "empty arguments object",
			payload: `{"message":{"tool_calls":[{"id":"call_abcdefgh","function":{"index":3,"name":"f","arguments":{}}}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, ID: "call_abcdefgh", Name: "f", Data: `{}`}},
		},
		{
			name:    "string arguments verbatim",
			payload: `{"message":{"tool_calls":[{"function":{"name":"f","arguments":"{\"a\": 1}"}}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"a": 1}`}},
		},
		{
			name:    "absent and null arguments",
			payload: `{"message":{"tool_calls":[{"function":{"name":"f"}},{"function":{"name":"g","arguments":null}}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f"}, {Kind: spec.KindWholeCall, Name: "g"}},
		},
		{
			name:    "empty id and name stay absent",
			payload: `{"message":{"tool_calls":[{"id":"","function":{"name":"","arguments":{}}}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, Data: `{}`}},
		},
		{
			name:    "call without function",
			payload: `{"message":{"tool_calls":[{"id":"x"}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, ID: "x"}},
		},
		{
			name:    "null tool_calls",
			payload: `{"message":{"tool_calls":null}}` + "\n",
			want:    nil,
		},
		{
			name:    "null element skipped",
			payload: `{"message":{"tool_calls":[null,{"function":{"name":"f"}}]}}`,
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f"}},
		},
		{
			name:    "done with reason",
			payload: `{"message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":1}`,
			want:    []spec.Event{{Kind: spec.KindFinish, Data: "stop"}, {Kind: spec.KindMessageEnd}},
		},
		{
			name:    "done without reason",
			payload: `{"done":true}`,
			want:    []spec.Event{{Kind: spec.KindFinish}, {Kind: spec.KindMessageEnd}},
		},
		{
			name:    "done false with reason",
			payload: `{"done":false,"done_reason":"stop"}`,
			want:    nil,
		},
		{
			name:    "content, calls, then done",
			payload: `{"message":{"content":"hi","tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":true,"done_reason":"length"}`,
			want: []spec.Event{
				{Kind: spec.KindText, Data: "hi"},
				{Kind: spec.KindWholeCall, Name: "f", Data: `{}`},
				{Kind: spec.KindFinish, Data: "length"},
				{Kind: spec.KindMessageEnd},
			},
		},
		{
			name:    "error string",
			payload: `{"error":"an error was encountered while running the model: unexpected EOF"}`,
			want:    []spec.Event{{Kind: spec.KindError, Data: "an error was encountered while running the model: unexpected EOF"}},
		},
		{
			name:    "error object",
			payload: `{"error":{"message":"boom","type":"x"},"message":{"content":"ignored"},"done":true}`,
			want:    []spec.Event{{Kind: spec.KindError, Data: "boom"}},
		},
		{
			name:    "null error ignored",
			payload: `{"error":null,"message":{"content":"a"}}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
		{
			name:    "unknown fields ignored",
			payload: `{"remote_model":"x","logprobs":[1],"message":{"images":null,"tool_name":"t","future":{"a":1},"content":"c"},"extra":true}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "c"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, v := ollamaFrame(tt.payload)
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("events:\n got %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestOllamaDecodeFrameErrors(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		rule    spec.RuleID
	}{
		{"not json", `hello`, spec.FramePayload},
		{"array", `[{"done":true}]`, spec.FramePayload},
		{"string", `"x"`, spec.FramePayload},
		{"truncated", `{"message":{"content":"a"`, spec.FramePayload},
		{"trailing garbage", `{"done":true} x`, spec.FramePayload},
		{"message string", `{"message":"hi"}`, spec.FrameFieldType},
		{"content number", `{"message":{"content":1}}`, spec.FrameFieldType},
		{"thinking bool", `{"message":{"thinking":true}}`, spec.FrameFieldType},
		{"tool_calls object", `{"message":{"tool_calls":{"function":{}}}}`, spec.FrameFieldType},
		{"tool call string", `{"message":{"tool_calls":["f"]}}`, spec.FrameFieldType},
		{"id number", `{"message":{"tool_calls":[{"id":7,"function":{"name":"f"}}]}}`, spec.FrameFieldType},
		{"function array", `{"message":{"tool_calls":[{"function":[]}]}}`, spec.FrameFieldType},
		{"name number", `{"message":{"tool_calls":[{"function":{"name":1}}]}}`, spec.FrameFieldType},
		{"arguments array", `{"message":{"tool_calls":[{"function":{"name":"f","arguments":[1]}}]}}`, spec.FrameFieldType},
		{"arguments number", `{"message":{"tool_calls":[{"function":{"name":"f","arguments":1}}]}}`, spec.FrameFieldType},
		{"done string", `{"done":"true"}`, spec.FrameFieldType},
		{"done_reason number", `{"done":true,"done_reason":1}`, spec.FrameFieldType},
		{"error number", `{"error":500}`, spec.FrameFieldType},
		{"error message number", `{"error":{"message":5}}`, spec.FrameFieldType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, v := ollamaFrame(tt.payload)
			if v == nil {
				t.Fatalf("no violation; events %v", got)
			}
			if v.Rule != tt.rule || v.Class != spec.ClassTerminal || v.Call != spec.NoCall {
				t.Errorf("violation %v, want rule %s terminal no-call", v, tt.rule)
			}
			if got != nil {
				t.Errorf("events with a violation: %v", got)
			}
		})
	}
}

// TestOllamaDecodeStream checks framing of a whole NDJSON stream: frame
// numbers, offsets, blank lines and the final EOF event.
func TestOllamaDecodeStream(t *testing.T) {
	l1 := `{"message":{"thinking":"t"},"done":false}`
	l2 := `{"message":{"tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":false}`
	l3 := `{"message":{"content":"x"},"done":true,"done_reason":"stop"}`
	in := l1 + "\r\n\n" + l2 + "\n" + l3 // no final newline
	got, v := Decode(spec.FormatOllama, []byte(in), spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	o2 := int64(len(l1) + 3)
	o3 := o2 + int64(len(l2)+1)
	want := []spec.Event{
		{Kind: spec.KindThinking, Frame: 1, Offset: 0, Data: "t"},
		{Kind: spec.KindWholeCall, Frame: 2, Offset: o2, Name: "f", Data: "{}"},
		{Kind: spec.KindText, Frame: 3, Offset: o3, Data: "x"},
		{Kind: spec.KindFinish, Frame: 3, Offset: o3, Data: "stop"},
		{Kind: spec.KindMessageEnd, Frame: 3, Offset: o3},
		{Kind: spec.KindEOF, Frame: 3, Offset: int64(len(in))},
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %v\nwant %v", got, want)
	}

	// A bad line stops the stream with the line's frame number and offset.
	bad := l1 + "\n" + `{"message":"oops"}` + "\n" + l3 + "\n"
	got, v = Decode(spec.FormatOllama, []byte(bad), spec.Limits{})
	if v == nil || v.Rule != spec.FrameFieldType || v.Frame != 2 || v.Offset != int64(len(l1)+1) {
		t.Fatalf("violation %v, want FRAME-6 at frame 2 offset %d", v, len(l1)+1)
	}
	if len(got) != 1 || got[0].Kind != spec.KindThinking {
		t.Errorf("events before the violation: %v", got)
	}
}

// ollamaCaptureDir returns the Ollama captures directory, or skips.
func ollamaCaptureDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", "ollama")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("captures not available: %v", err)
	}
	return dir
}

// TestOllamaCaptures decodes every real Ollama capture without a violation
// and checks the calls, text and ends against captures/README.md.
func TestOllamaCaptures(t *testing.T) {
	dir := ollamaCaptureDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		t.Skipf("no Ollama captures in %s", dir)
	}
	type expect struct {
		calls    []spec.Event // KindWholeCall events, Frame and Offset ignored
		thinking string       // concatenated
		text     string       // prefix of the concatenated text
		finish   string
	}
	known := map[string]expect{
		"SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson": {
			calls: []spec.Event{
				{Kind: spec.KindWholeCall, ID: "PpZ8JqRmm", Name: "read_file", Data: `{"path":"/etc/hostname"}`},
				{Kind: spec.KindWholeCall, ID: "DDe4wZqkx", Name: "read_file", Data: `{"path":"/etc/os-release"}`},
			},
			finish: "-", // no done line
		},
		"gpt-oss-thinking-then-content.ndjson": {
			thinking: `The user says "Test prompt". Likely they are just testing the system.`,
			text:     "Sure thing!",
			finish:   "stop",
		},
		"qwen3-14b-2calls-index-omitted-no-ids.ndjson": {
			calls: []spec.Event{
				{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"Detroit"}`},
				{Kind: spec.KindWholeCall, Name: "search", Data: `{"query":"Detroit Tigers game time today"}`},
			},
			finish: "stop",
		},
		"qwen3-14b-answer-only-in-done-chunk.ndjson": {
			text:   "<think>\nOkay, let me figure out",
			finish: "stop",
		},
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(spec.FormatOllama, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if n := len(evs); n == 0 || evs[n-1].Kind != spec.KindEOF {
				t.Fatalf("last event is not EOF: %v", evs)
			}
			var calls []spec.Event
			var thinking, text strings.Builder
			finish, ends := "-", 0
			for i, ev := range evs {
				switch ev.Kind {
				case spec.KindWholeCall:
					ev.Frame, ev.Offset = 0, 0
					calls = append(calls, ev)
				case spec.KindThinking:
					thinking.WriteString(ev.Data)
				case spec.KindText:
					text.WriteString(ev.Data)
				case spec.KindFinish:
					finish = ev.Data
					if i+1 >= len(evs) || evs[i+1].Kind != spec.KindMessageEnd {
						t.Errorf("finish not followed by message end: %v", evs[i:])
					}
				case spec.KindMessageEnd:
					ends++
				case spec.KindEOF:
				default:
					t.Errorf("unexpected event %v", ev)
				}
			}
			if (finish == "-") != (ends == 0) || ends > 1 {
				t.Errorf("finish %q with %d message ends", finish, ends)
			}
			want, ok := known[name]
			if !ok {
				t.Logf("%s: not described in the test; decoded %d events, %d calls", name, len(evs), len(calls))
				return
			}
			if !slices.Equal(calls, want.calls) {
				t.Errorf("calls:\n got %v\nwant %v", calls, want.calls)
			}
			if thinking.String() != want.thinking && !strings.HasPrefix(thinking.String(), want.thinking) {
				t.Errorf("thinking %q, want prefix %q", thinking.String(), want.thinking)
			}
			if want.thinking == "" && thinking.Len() > 0 {
				t.Errorf("unexpected thinking %q", thinking.String())
			}
			if !strings.HasPrefix(text.String(), want.text) || (want.text == "" && text.Len() > 0) {
				t.Errorf("text %q, want prefix %q", text.String(), want.text)
			}
			if finish != want.finish {
				t.Errorf("finish %q, want %q", finish, want.finish)
			}
		})
	}
}

// TestOllamaTypeConfusion feeds capture payloads with members of random
// types to the decoder: no panic, only FRAME-4 / FRAME-6 violations.
func TestOllamaTypeConfusion(t *testing.T) {
	framingTypeConfusion(t, spec.FormatOllama, func() payloadDecoder { return &ollamaDecoder{} })
}
