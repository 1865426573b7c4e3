package impl

import (
	"testing"

	"github.com/toolspec/toolspec/internal/invariants"
)

// The helpers prefixed ab and abg serve the tests of the Anthropic, Bedrock
// and Gemini payload decoders (abgFuzzCheck, in fuzz_test.go, their fuzz
// targets).

// abFrame is a payload frame without an SSE event name.
func abFrame(payload string) frame { return frame{data: []byte(payload)} }

// abSSE is a payload frame with an SSE event name.
func abSSE(event, payload string) frame {
	return frame{event: []byte(event), data: []byte(payload)}
}

// TestImplAnthropicArenaReuse decodes frames one after another into one
// batch, as the framer does, and checks that each frame's events are right
// although the arena is reused.
func TestImplAnthropicArenaReuse(t *testing.T) {
	var b batch
	d := &anthropicDecoder{}
	for i, c := range []struct{ in, want string }{
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\u00e9t\u00e9"}}`, `#0 block-delta index=0 delta=text data="été"`},
		{`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t\u0031","name":"f","input":{ "a" : 1 }}}`, `#0 block-start index=1 block=call id="t1" name="f" data="{\"a\":1}"`},
		{`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"b\":"}}`, `#0 block-delta index=1 delta=args data="{\"b\":"`},
	} {
		b.reset()
		fr := frame{no: i + 1, data: []byte(c.in)}
		if v := d.decodeFrame(&b, &fr); v != nil {
			t.Fatalf("frame %d: %v", i+1, v)
		}
		if len(b.evs) != 1 {
			t.Fatalf("frame %d: %d events", i+1, len(b.evs))
		}
		if got := b.evs[0].toSpec().String(); got != c.want {
			t.Errorf("frame %d: got %s, want %s", i+1, got, c.want)
		}
	}
}

// abgAllocs reports the allocations of decoding fr with pd into a reused
// batch, after a warm-up.
func abgAllocs(t *testing.T, pd payloadDecoder, fr frame, wantEvents int) float64 {
	t.Helper()
	var b batch
	run := func() {
		b.reset()
		// Each run decodes fr as the stream's first frame: a decoder's
		// state (the open message's start, a chunk shape) starts anew.
		switch d := pd.(type) {
		case *anthropicDecoder:
			*d = anthropicDecoder{}
		case *bedrockDecoder:
			*d = bedrockDecoder{}
		}
		if v := pd.decodeFrame(&b, &fr); v != nil {
			t.Fatalf("violation: %v", v)
		}
		if len(b.evs) != wantEvents {
			t.Fatalf("%d events, want %d", len(b.evs), wantEvents)
		}
	}
	run()
	if invariants.Enabled {
		return 0 // the invariants build's checks allocate: only the normal build counts
	}
	return testing.AllocsPerRun(200, run)
}

func TestImplAnthropicAllocs(t *testing.T) {
	for _, c := range []struct {
		name string
		fr   frame
		n    int
	}{
		{"input_json_delta", abFrame(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Par"}}`), 1},
		{"text_delta with escapes", abSSE("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"caf\u00e9\n"}}`), 1},
		{"tool_use start", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{}}}`), 1},
		{"message_start with whole call", abFrame(`{"type":"message_start","message":{"id":"msg_2","content":[{"type":"tool_use","id":"toolu_1","name":"roll","input":{ "a" : [1, 2] }}],"stop_reason":"tool_use"}}`), 3},
		{"message_delta", abFrame(`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":65}}`), 1},
		{"ping", abSSE("ping", `{"type": "ping"}`), 0},
	} {
		if n := abgAllocs(t, &anthropicDecoder{}, c.fr, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}
