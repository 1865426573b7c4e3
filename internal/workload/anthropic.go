package workload

import "github.com/toolspec/toolspec/spec"

// Anthropic Messages (wire-formats.md §3): message_start, a ping, one
// content block per call (content_block_start with a tool_use block, an
// empty input_json_delta and then the argument fragments,
// content_block_stop), message_delta and message_stop, each as "event:
// <type>" plus "data: {...}". Thinking blocks stream thinking_delta events
// and end with a signature_delta. Interleaved calls are open blocks at
// once whose deltas alternate (SPEC.md PAIR-11). The real dialect pads
// payloads with runs of spaces before their closing brace, sends pings
// between deltas, and has the fields of
// shared/captures/anthropic/claude-sonnet-4-text-2tools-padded.sse.

const (
	anthropicStart     = `{"type":"message_start","message":{"id":"msg_01BenchToolspecWorkload01","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1472,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":2,"service_tier":"standard"}}}`
	anthropicRealStart = `{"type":"message_start","message":{"model":"claude-sonnet-4-20250514","id":"msg_01PSvJdjd5keNSBenchWorkld","type":"message","role":"assistant","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":502,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},"output_tokens":4,"service_tier":"standard","inference_geo":"not_available"}}}`
)

// anthropicEvent emits the payload built in d as event typ, padded in the
// real dialect.
func (b *builder) anthropicEvent(typ string) {
	if b.w.Dialect == Real {
		// Padding goes before the closing brace: 0 to 15 spaces.
		n := b.intn(16)
		last := b.d[len(b.d)-1]
		b.d = b.d[:len(b.d)-1]
		for range n {
			b.d = append(b.d, ' ')
		}
		b.d = append(b.d, last)
	}
	b.emit(typ)
}

// anthropicPing emits a ping.
func (b *builder) anthropicPing() {
	b.payload(`{"type": "ping"}`)
	b.emit("ping")
}

func (b *builder) anthropic() {
	w := b.w
	real := w.Dialect == Real
	if real {
		b.payload(anthropicRealStart)
	} else {
		b.payload(anthropicStart)
	}
	b.emit("message_start")
	if !real {
		b.anthropicPing()
	}
	pinged := false
	// afterStart sends the real dialect's ping after the first block
	// start, as the capture has it.
	afterStart := func() {
		if real && !pinged {
			b.anthropicPing()
			pinged = true
		}
	}
	// maybePing sends a ping between deltas now and then (real dialect).
	maybePing := func() {
		if real && b.intn(64) == 0 {
			b.anthropicPing()
		}
	}
	delta := func(index int, kind, field, frag string) {
		b.lit(`{"type":"content_block_delta","index":`)
		b.num(index)
		b.lit(`,"delta":{"type":"`)
		b.lit(kind)
		b.lit(`","`)
		b.lit(field)
		b.lit(`":`)
		if frag == "" || kind == "signature_delta" {
			b.str(frag)
		} else {
			b.bulkStr(frag)
		}
		b.lit("}}")
		b.anthropicEvent("content_block_delta")
		maybePing()
	}
	start := func(index int, block string) {
		b.lit(`{"type":"content_block_start","index":`)
		b.num(index)
		b.lit(`,"content_block":`)
		b.lit(block)
		b.lit("}")
		b.anthropicEvent("content_block_start")
		afterStart()
	}
	stop := func(index int) {
		b.lit(`{"type":"content_block_stop","index":`)
		b.num(index)
		b.lit("}")
		b.anthropicEvent("content_block_stop")
	}
	index := 0
	stopReason := "tool_use"
	b.want.Stop = spec.StopToolUse
	switch w.Kind {
	case KindThinking:
		b.want.Thinking = string(text(11, w.Size))
		start(index, `{"type":"thinking","thinking":"","signature":""}`)
		for _, f := range fragments(b.want.Thinking, w.Delta) {
			delta(index, "thinking_delta", "thinking", f)
		}
		delta(index, "signature_delta", "signature", id("EqQBCkYIBxgCKkBench", 3, 180))
		stop(index)
		index++
	case KindText:
		b.want.Text = string(text(7, w.Size))
		stopReason, b.want.Stop = "end_turn", spec.StopEnd
		start(index, `{"type":"text","text":""}`)
		for _, f := range fragments(b.want.Text, w.Delta) {
			delta(index, "text_delta", "text", f)
		}
		stop(index)
		index++
	}
	if w.Calls > 0 {
		b.want.Calls = wantCalls(w, func(n int) string { return id("toolu_01", n, 22) })
	}
	first := index
	b.schedule(func(i int) {
		c := b.want.Calls[i]
		block := appendString([]byte(`{"type":"tool_use","id":`), c.ID)
		block = append(block, `,"name":`...)
		block = appendString(block, c.Name)
		block = append(block, `,"input":{}`...)
		if real {
			block = append(block, `,"caller":{"type":"direct"}`...)
		}
		block = append(block, '}')
		start(first+i, string(block))
		delta(first+i, "input_json_delta", "partial_json", "")
	}, func(i int, f string) {
		delta(first+i, "input_json_delta", "partial_json", f)
	}, func(i int) {
		stop(first + i)
	})
	b.lit(`{"type":"message_delta","delta":{"stop_reason":"`)
	b.lit(stopReason)
	b.lit(`","stop_sequence":null},"usage":{`)
	if real {
		b.lit(`"input_tokens":502,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,`)
	}
	b.lit(`"output_tokens":`)
	b.num(len(b.raw) / 64)
	b.lit("}}")
	b.anthropicEvent("message_delta")
	b.lit(`{"type":"message_stop"}`)
	b.anthropicEvent("message_stop")
}
