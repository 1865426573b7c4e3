package impl

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/spec"
)

// This file holds impl's own OpenAI chat decoder tests (the cases shared
// with the reference live in internal/decodetest), and the helpers the
// OpenAI Responses and Ollama decoder tests share (all prefixed oai; those
// the fuzz targets use too are in fuzz_test.go).

func newChatDecoder() payloadDecoder { return &openaiChatDecoder{} }

// TestImplOpenAIChatBorrowed checks that the events' bytes are sub-slices of
// the frame when no decoding is needed, and of the arena otherwise.
func TestImplOpenAIChatBorrowed(t *testing.T) {
	data := []byte(`{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"plain","tool_calls":[{"id":"c","function":{"name":"f","arguments":"{\"a\""}}]}}]}`)
	var b batch
	if v := (&openaiChatDecoder{}).decodeFrame(&b, &frame{no: 1, data: data}); v != nil {
		t.Fatal(v)
	}
	if len(b.evs) != 2 {
		t.Fatalf("got %d events", len(b.evs))
	}
	for _, s := range [][]byte{b.evs[0].data, b.evs[1].id, b.evs[1].name} {
		if !oaiWithin(s, data) {
			t.Errorf("%q is not borrowed from the frame", s)
		}
	}
	if !oaiWithin(b.evs[1].data, b.arena) {
		t.Errorf("decoded %q is not in the arena", b.evs[1].data)
	}
}

// oaiWithin reports whether the non-empty s lies within the backing array
// of buf[:cap(buf)].
func oaiWithin(s, buf []byte) bool {
	if len(s) == 0 {
		return false
	}
	full := buf[:cap(buf)]
	for i := range full {
		if &full[i] == &s[0] {
			return i+len(s) <= len(full)
		}
	}
	return false
}

// oaiCaptureFrames returns the frames of every capture of format f (the
// folder name), by file name; an absent folder stops the test
// (captures.Absent), an empty one fails it.
func oaiCaptureFrames(t *testing.T, f string) map[string][]oaiFrame {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", f)
	ents, err := os.ReadDir(dir)
	if err != nil {
		captures.Absent(t, dir, err)
	}
	out := map[string][]oaiFrame{}
	for _, e := range ents {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = oaiFrames(string(data))
	}
	if len(out) == 0 {
		t.Fatalf("no captures in %s", dir)
	}
	return out
}

// oaiCaptureTest decodes every capture of format f and checks the number
// of distinct call ids against want (from shared/captures/README.md, as the
// reference's tests do); files listed in errFiles or named openai-error-*
// must give an error event.
func oaiCaptureTest(t *testing.T, f string, newDec func() payloadDecoder, want map[string]int, errFiles []string, callID func(spec.Event) string) {
	for name, frames := range oaiCaptureFrames(t, f) {
		t.Run(name, func(t *testing.T) {
			d, ids, errs := newDec(), map[string]bool{}, 0
			var b batch
			for i, fr := range frames {
				b.reset()
				if v := d.decodeFrame(&b, &frame{no: i + 1, event: []byte(fr.event), data: []byte(fr.data)}); v != nil {
					t.Fatalf("frame %d: violation %v", i+1, v)
				}
				for j := range b.evs {
					e := b.evs[j].toSpec()
					if err := decodetest.CheckFields(e); err != nil {
						t.Error(err)
					}
					if id := callID(e); id != "" {
						ids[id] = true
					}
					if e.Kind == spec.KindError {
						errs++
					}
				}
			}
			isErr := strings.HasPrefix(name, "openai-error-") || slices.Contains(errFiles, name)
			if isErr != (errs > 0) {
				t.Errorf("%d error events", errs)
			}
			n, ok := want[name]
			if !ok {
				t.Fatalf("capture not in the test's table (%d call ids): add it", len(ids))
			}
			if len(ids) != n {
				t.Errorf("distinct call ids = %d %v, want %d", len(ids), ids, n)
			}
		})
	}
}

func TestImplOpenAIChatCaptures(t *testing.T) {
	want := map[string]int{
		"azure-gpt-5-mini-tool-prompt-filter.sse":       1,
		"deepseek-reasoner-reasoning-tool.jsonl":        1,
		"groq-gpt-oss-120b-reasoning-tool.sse":          1,
		"groq-gpt-oss-120b-tool-use-failed-error.sse":   0,
		"llama-cpp-gpt-oss-reasoning-tool.sse":          1,
		"mistral-api-glm-empty-name-continuation.jsonl": 1,
		"mistral-large-2calls-one-chunk.sse":            2,
		"mistral-small-no-index.jsonl":                  1,
		"openai-gpt-4o-2calls-noargs.sse":               2,
		"openai-gpt-4o-2calls.sse":                      2,
		"openrouter-anthropic-2calls.sse":               2,
		"openrouter-gemini-2calls.sse":                  2,
		"qwen3-max-empty-id-continuations.jsonl":        1,
		"vercel-gateway-gemini-3-reasoning-tool.sse":    1,
	}
	oaiCaptureTest(t, "openai-chat", newChatDecoder, want, []string{"groq-gpt-oss-120b-tool-use-failed-error.sse"}, func(e spec.Event) string {
		if e.Kind == spec.KindFragment {
			return e.ID
		}
		return ""
	})
}

// oaiAllocs checks that decoding each payload with a reused batch does not
// allocate, and reports the counts.
func oaiAllocs(t *testing.T, d payloadDecoder, event string, payloads map[string]string) {
	t.Helper()
	var b batch
	for name, p := range payloads {
		fr := frame{no: 1, data: []byte(p)}
		if event != "" {
			fr.event = []byte(event)
		}
		b.reset()
		if v := d.decodeFrame(&b, &fr); v != nil {
			t.Fatalf("%s: %v", name, v)
		}
		if len(b.evs) == 0 {
			t.Fatalf("%s: no events", name)
		}
		if invariants.Enabled {
			continue // the invariants build's checks allocate: only the normal build counts
		}
		n := testing.AllocsPerRun(200, func() {
			b.reset()
			if d.decodeFrame(&b, &fr) != nil {
				t.Fatal("violation")
			}
		})
		t.Logf("%s: %v allocations per frame", name, n)
		if n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", name, n)
		}
	}
}

func TestImplOpenAIChatAllocs(t *testing.T) {
	oaiAllocs(t, &openaiChatDecoder{}, "", map[string]string{
		"argument delta":  `{"id":"gen-1","object":"chat.completion.chunk","created":1777319805,"model":"m","provider":"p","choices":[{"index":0,"delta":{"content":null,"role":"assistant","tool_calls":[{"index":0,"function":{"arguments":"{\"a\": 2"}}]},"finish_reason":null,"native_finish_reason":null}]}`,
		"call opener":     `{"id":"c","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"add","arguments":""}}]}}]}`,
		"content":         `{"id":"c","choices":[{"index":0,"delta":{"content":"Hello, caf\u00e9"},"logprobs":null,"finish_reason":null}]}`,
		"reasoning":       `{"choices":[{"index":0,"delta":{"reasoning":"R","reasoning_details":[{"type":"reasoning.text","text":"R","signature":"s"},{"type":"reasoning.encrypted","data":"QUJD"}]}}]}`,
		"object args":     `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":{ "a" : 1 }},"extra_content":{"g":{"s":"x"}}}]}}]}`,
		"finish":          `{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1}}`,
		"numeric error":   `{"error":{"message":"Provider returned error","code":502}}`,
		"done":            `[DONE]`,
		"mistral chunks":  `{"choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"t"},{"type":"reference","reference_ids":[1]}],"signature":"s"},{"type":"text","text":"x"}]},"finish_reason":null}]}`,
		"thinking blocks": `{"choices":[{"index":0,"delta":{"reasoning_content":"r","thinking_blocks":[{"type":"thinking","thinking":"r","signature":"s"},{"type":"redacted_thinking","data":"d"}]}}]}`,
		"function_call":   `{"choices":[{"index":0,"delta":{"role":"assistant","function_call":{"name":"f","arguments":"{\"a\":1}"}}}]}`,
	})
}
