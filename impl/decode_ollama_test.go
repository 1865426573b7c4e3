package impl

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// The cases shared with the reference live in internal/decodetest.

// ollamaFrame runs one payload through a fresh ollamaDecoder.
func ollamaFrame(payload string) ([]spec.Event, *spec.Violation) {
	var b batch
	if v := (&ollamaDecoder{}).decodeFrame(&b, &frame{no: 1, data: []byte(payload)}); v != nil {
		return nil, v
	}
	var out []spec.Event
	for i := range b.evs {
		out = append(out, b.evs[i].toSpec())
	}
	return out, nil
}

// TestImplOllamaEmptyPayload: a payload of white space, which no framer
// hands over (JSON lines skip blank lines), is not a JSON object.
func TestImplOllamaEmptyPayload(t *testing.T) {
	evs, v := ollamaFrame(" ")
	if v == nil {
		t.Fatalf("no violation; events %v", evs)
	}
	oaiCheckViolation(t, v)
	if v.Rule != spec.FramePayload || v.Message != `payload is not a JSON object: ""` {
		t.Errorf("violation %s %q, want %s %q", v.Rule, v.Message, spec.FramePayload, `payload is not a JSON object: ""`)
	}
}

// TestImplOllamaCaptures decodes every real Ollama capture without a
// violation and checks the calls, text and ends as the reference's test
// does.
func TestImplOllamaCaptures(t *testing.T) {
	type expect struct {
		calls    []spec.Event
		thinking string // prefix of the concatenated thinking
		text     string // prefix of the concatenated text
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
	for name, frames := range oaiCaptureFrames(t, "ollama") {
		t.Run(name, func(t *testing.T) {
			var calls []spec.Event
			var thinking, text strings.Builder
			finish, ends := "-", 0
			for i, fr := range frames {
				evs, v := ollamaFrame(fr.data)
				if v != nil {
					t.Fatalf("line %d: violation %v", i+1, v)
				}
				for _, ev := range evs {
					if err := decodetest.CheckFields(ev); err != nil {
						t.Error(err)
					}
					switch ev.Kind {
					case spec.KindWholeCall:
						calls = append(calls, ev)
					case spec.KindThinking:
						thinking.WriteString(ev.Data)
					case spec.KindText:
						text.WriteString(ev.Data)
					case spec.KindFinish:
						finish = ev.Data
					case spec.KindMessageEnd:
						ends++
					default:
						t.Errorf("unexpected event %v", ev)
					}
				}
			}
			if (finish == "-") != (ends == 0) || ends > 1 {
				t.Errorf("finish %q with %d message ends", finish, ends)
			}
			want, ok := known[name]
			if !ok {
				t.Fatalf("capture not described in the test (%d calls): add it", len(calls))
			}
			if !slices.Equal(calls, want.calls) {
				t.Errorf("calls:\n got %v\nwant %v", calls, want.calls)
			}
			if !strings.HasPrefix(thinking.String(), want.thinking) || (want.thinking == "" && thinking.Len() > 0) {
				t.Errorf("thinking %q, want prefix %q", thinking.String(), want.thinking)
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

func TestImplOllamaAllocs(t *testing.T) {
	oaiAllocs(t, &ollamaDecoder{}, "", map[string]string{
		"content":   `{"model":"gpt-oss:20b","created_at":"2025-08-01T10:00:00.123456Z","message":{"role":"assistant","content":" thing"},"done":false}`,
		"thinking":  `{"model":"gpt-oss:20b","created_at":"2025-08-01T10:00:00Z","message":{"role":"assistant","content":"","thinking":" user says \"Test\""},"done":false}`,
		"tool call": `{"model":"qwen3:14b","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"weather","arguments":{ "city": "Detroit" }}},{"id":"x","function":{"name":"s","arguments":"{\"q\":1}"}}]},"done":false}`,
		"done":      `{"model":"qwen3:14b","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":123,"eval_count":9}`,
		"error":     `{"error":{"message":"boom"}}`,
	})
}
