package workload

import "github.com/toolspec/toolspec/spec"

// Bedrock ConverseStream (wire-formats.md §6): the binary AWS event-stream,
// one message per event with its :event-type header and a JSON payload
// with sorted keys: messageStart, then per call contentBlockStart (toolUse
// with name and toolUseId), contentBlockDelta events with toolUse.input
// fragments and contentBlockStop; text and reasoning blocks have no start
// and stream delta.text and delta.reasoningContent.text (then one
// reasoningContent.signature); messageStop with the stop reason, then
// metadata. Interleaved calls are open blocks at once whose deltas
// alternate by contentBlockIndex. The real dialect adds the "p" padding
// member of random length to every payload
// (shared/captures/bedrock/nova-micro-text-then-tool.eventstream).

// bedrockPad is what the padding members are prefixes of.
const bedrockPad = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

func (b *builder) bedrock() {
	w := b.w
	real := w.Dialect == Real
	// pad writes the padding member, with sep before (",") or after it.
	pad := func(before, after string) {
		if real {
			b.lit(before)
			b.lit(`"p":"`)
			b.lit(bedrockPad[:1+b.intn(len(bedrockPad)-1)])
			b.lit(`"`)
			b.lit(after)
		}
	}
	b.lit("{")
	pad("", ",")
	b.lit(`"role":"assistant"}`)
	b.emit("messageStart")
	block := func(index int) {
		b.lit(`{"contentBlockIndex":`)
		b.num(index)
	}
	delta := func(index int, kind, field, f string, bulk bool) {
		block(index)
		b.lit(`,"delta":{`)
		if kind != "" {
			b.lit(`"` + kind + `":{`)
		}
		b.lit(`"` + field + `":`)
		if bulk {
			b.bulkStr(f)
		} else {
			b.str(f)
		}
		if kind != "" {
			b.lit("}")
		}
		b.lit("}")
		pad(",", "")
		b.lit("}")
		b.emit("contentBlockDelta")
	}
	stop := func(index int) {
		block(index)
		pad(",", "")
		b.lit("}")
		b.emit("contentBlockStop")
	}
	index := 0
	stopReason := "tool_use"
	b.want.Stop = spec.StopToolUse
	switch w.Kind {
	case KindThinking:
		b.want.Thinking = string(text(11, w.Size))
		for _, f := range fragments(b.want.Thinking, w.Delta) {
			delta(index, "reasoningContent", "text", f, true)
		}
		delta(index, "reasoningContent", "signature", id("EqQBCkYIBxgCKkBench", 3, 180), false)
		stop(index)
		index++
	case KindText:
		b.want.Text = string(text(7, w.Size))
		stopReason, b.want.Stop = "end_turn", spec.StopEnd
		for _, f := range fragments(b.want.Text, w.Delta) {
			delta(index, "", "text", f, true)
		}
		stop(index)
		index++
	}
	if w.Calls > 0 {
		b.want.Calls = wantCalls(w, func(n int) string { return id("tooluse_", n, 22) })
	}
	first := index
	b.schedule(func(i int) {
		c := b.want.Calls[i]
		block(first + i)
		pad(",", "")
		b.lit(`,"start":{"toolUse":{"name":`)
		b.str(c.Name)
		b.lit(`,"toolUseId":`)
		b.str(c.ID)
		b.lit("}}}")
		b.emit("contentBlockStart")
	}, func(i int, f string) {
		delta(first+i, "toolUse", "input", f, true)
	}, func(i int) {
		stop(first + i)
	})
	b.lit("{")
	pad("", ",")
	b.lit(`"stopReason":"` + stopReason + `"}`)
	b.emit("messageStop")
	b.lit(`{"metrics":{"latencyMs":422}`)
	pad(",", "")
	b.lit(`,"usage":{"inputTokens":471,"outputTokens":`)
	b.num(len(b.frames))
	b.lit(`,"totalTokens":`)
	b.num(471 + len(b.frames))
	b.lit("}}")
	b.emit("metadata")
}
