package impl

import (
	"slices"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// TestImplGeminiResponseIDs: a non-empty responseId other than the current
// message's starts a message before the chunk's content (ORD-4), as the
// reference decoder does; the id is kept across frames whose buffers are
// reused.
func TestImplGeminiResponseIDs(t *testing.T) {
	d := &geminiDecoder{}
	var b batch
	buf := make([]byte, 0, 256)
	for i, c := range []struct {
		payload string
		want    []string
	}{
		{`{"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`, []string{"text a"}},
		{`{"candidates":[{"content":{"parts":[{"text":"b"}]}}],"responseId":"r1"}`, []string{"text b"}},
		{`{"candidates":[{"content":{"parts":[{"text":"c"}]}}],"responseId":""}`, []string{"text c"}},
		{`{"candidates":[{"content":{"parts":[{"text":"d"}]}}],"responseId":"r1"}`, []string{"text d"}},
		{`{"candidates":[{"content":{"parts":[{"text":"e"}]}}],"responseId":"r2"}`, []string{"message-start r2", "text e"}},
		{`{"responseId":"r1"}`, []string{"message-start r1"}},
		{`{"candidates":[{"content":{"parts":[{"text":"f"}]}}],"responseId":"r1"}`, []string{"text f"}},
	} {
		buf = append(buf[:0], c.payload...) // the frame's bytes move, as the framer's do
		b.reset()
		if v := d.decodeFrame(&b, &frame{no: i + 1, data: buf}); v != nil {
			t.Fatalf("frame %d: violation %v", i+1, v)
		}
		var got []string
		for _, e := range b.evs {
			s := e.kind.String()
			if e.kind == spec.KindMessageStart {
				s += " " + string(e.id)
			} else {
				s += " " + string(e.data)
			}
			got = append(got, s)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("frame %d: events %q, want %q", i+1, got, c.want)
		}
	}
}

func TestImplGeminiAllocs(t *testing.T) {
	for _, c := range []struct {
		name    string
		payload string
		n       int
	}{
		{"text chunk", `{"candidates": [{"content": {"parts": [{"text": "The weather in Paris is"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 9,"totalTokenCount": 9},"modelVersion": "gemini-2.5-flash","responseId": "abc"}`, 1},
		{"thought chunk with escapes", gmParts(`{"text":"**Plan**\n\u00e9","thought":true}`), 1},
		{"whole call", gmParts(`{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"}`), 1},
		{"path args", gmParts(`{"functionCall":{"id":"i","name":"f","partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":true},{"jsonPath":"$.b","numberValue":1.5},{"jsonPath":"$.c","boolValue":true},{"jsonPath":"$.d","nullValue":null}],"willContinue":true}}`), 5},
		{"finish", `{"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}]}`, 1},
		{"error", `{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`, 1},
	} {
		if n := abgAllocs(t, &geminiDecoder{}, frame{no: 1, data: []byte(c.payload)}, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}
