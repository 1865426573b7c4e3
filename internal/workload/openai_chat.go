package workload

import "github.com/toolspec/toolspec/spec"

// OpenAI Chat Completions (wire-formats.md §1): a role chunk first, then
// each call (a first delta with index, id, type and name and empty
// arguments, then argument deltas carrying only index and arguments; in
// the rep dialect id, type and name ride on every delta), a finish chunk
// with finish_reason "tool_calls" (or "stop" after text) and data: [DONE].

// chatHead is the lean envelope up to the delta: the same bytes on every
// chunk.
const chatHead = `{"id":"chatcmpl-CBench0toolspec0workload01","object":"chat.completion.chunk","created":1764400000,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_f9f4fb6dbf","choices":[{"index":0,"delta":`

// chatRealHead is the real envelope up to the delta, in the order OpenAI
// sends its fields (shared/captures/openai-chat/openai-gpt-4o-2calls.sse).
var chatRealHead = `{"id":"` + id("chatcmpl-", 7, 29) + `","object":"chat.completion.chunk","created":1764400000,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_f9f4fb6dbf","usage":null,"choices":[{"index":0,"delta":`

// chatChunk emits one chat.completion.chunk whose delta delta writes, with
// finish reason finish ("" for null).
func (b *builder) chatChunk(delta func(), finish string) {
	real := b.w.Dialect == Real
	if real {
		b.lit(chatRealHead)
	} else {
		b.lit(chatHead)
	}
	delta()
	b.lit(`,"logprobs":null,"finish_reason":`)
	if finish == "" {
		b.lit("null")
	} else {
		b.str(finish)
	}
	if real {
		// The obfuscation string pads each chunk to hide the token's
		// length: its length changes from chunk to chunk.
		b.lit(`}],"obfuscation":`)
		b.str(b.obfuscation(16))
		b.lit("}")
	} else {
		b.lit(`}],"usage":null,"obfuscation":"Qz3"}`)
	}
	b.emit("")
}

func (b *builder) openAIChat() {
	w := b.w
	if w.Dialect == Real {
		b.chatChunk(func() { b.lit(`{"role":"assistant","content":null}`) }, "")
	} else {
		b.chatChunk(func() { b.lit(`{"role":"assistant","content":null,"refusal":null}`) }, "")
	}
	finish := "tool_calls"
	switch w.Kind {
	case KindArgs:
		b.want.Calls = wantCalls(w, func(n int) string { return id("call_", n, 24) })
		b.want.Stop = spec.StopToolUse
		// head writes the delta that names call i, with argument fragment
		// f (bulk unless empty).
		head := func(i int, f string) {
			c := b.want.Calls[i]
			b.lit(`{"tool_calls":[{"index":`)
			b.num(i)
			b.lit(`,"id":`)
			b.str(c.ID)
			b.lit(`,"type":"function","function":{"name":`)
			b.str(c.Name)
			b.lit(`,"arguments":`)
			if f == "" {
				b.lit(`""`)
			} else {
				b.bulkStr(f)
			}
			b.lit("}}]}")
		}
		b.schedule(func(i int) {
			b.chatChunk(func() { head(i, "") }, "")
		}, func(i int, f string) {
			if w.Dialect == Repeat {
				b.chatChunk(func() { head(i, f) }, "")
				return
			}
			b.chatChunk(func() {
				b.lit(`{"tool_calls":[{"index":`)
				b.num(i)
				b.lit(`,"function":{"arguments":`)
				b.bulkStr(f)
				b.lit("}}]}")
			}, "")
		}, func(int) {})
	case KindText:
		b.want.Text = string(text(7, w.Size))
		b.want.Stop = spec.StopEnd
		finish = "stop"
		for _, f := range fragments(b.want.Text, w.Delta) {
			b.chatChunk(func() {
				b.lit(`{"content":`)
				b.bulkStr(f)
				b.lit("}")
			}, "")
		}
	default:
		panic("workload: openai-chat has no " + string(w.Kind) + " workload")
	}
	b.chatChunk(func() { b.lit(`{}`) }, finish)
	b.payload("[DONE]")
	b.emit("")
}
