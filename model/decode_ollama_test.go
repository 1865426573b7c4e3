package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/spec"
)

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

// ollamaCaptureDir returns the Ollama captures directory; its absence
// stops the test (captures.Absent).
func ollamaCaptureDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", "ollama")
	if _, err := os.Stat(dir); err != nil {
		captures.Absent(t, dir, err)
	}
	return dir
}

// TestOllamaCaptures decodes every real Ollama capture without a violation
// and checks the calls, text and ends against captures/README.md.
func TestOllamaCaptures(t *testing.T) {
	dir := ollamaCaptureDir(t)
	files := captures.Glob(t, dir, "*")
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
