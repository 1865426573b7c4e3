package workload

import (
	"time"

	"github.com/toolspec/toolspec/spec"
)

// Ollama /api/chat (wire-formats.md §4): NDJSON, one ChatResponse per
// line. Text and thinking arrive in message.content and message.thinking
// pieces; each call arrives whole, with its arguments as a JSON object,
// one call per line (Ollama's own server, which mints ids call_ plus 8
// lowercase characters and counts function.index); a done line with
// done_reason "stop" ends the stream (after calls that is tool_use,
// SPEC.md END-4). The real dialect's created_at advances by a few
// milliseconds a line, written as Go's RFC 3339 with nanoseconds (so its
// length changes), and its done line carries the timings
// (shared/captures/ollama/gpt-oss-thinking-then-content.ndjson).

func (b *builder) ollama() {
	w := b.w
	real := w.Dialect == Real
	at := time.Date(2025, 8, 14, 14, 53, 6, 667108000, time.UTC)
	line := func(msg func(), done bool) {
		b.lit(`{"model":"gpt-oss:20b","created_at":"`)
		if real {
			at = at.Add(time.Duration(17000000 + b.intn(1000)*1000 + b.intn(10)*100))
			b.d = at.AppendFormat(b.d, time.RFC3339Nano)
		} else {
			b.lit("2025-08-14T14:53:06.667108Z")
		}
		b.lit(`","message":{"role":"assistant","content":`)
		msg()
		b.lit("}")
		if done {
			b.lit(`,"done_reason":"stop","done":true`)
			if real {
				b.lit(`,"total_duration":23595672042,"load_duration":24478458,"prompt_eval_count":218,"prompt_eval_duration":339942708,"eval_count":`)
				b.num(len(b.frames))
				b.lit(`,"eval_duration":23230435042`)
			}
		} else {
			b.lit(`,"done":false`)
		}
		b.lit("}")
		b.emit("")
	}
	b.want.Stop = spec.StopToolUse
	switch w.Kind {
	case KindThinking:
		b.want.Thinking = string(text(11, w.Size))
		for _, f := range fragments(b.want.Thinking, w.Delta) {
			line(func() {
				b.lit(`"","thinking":`)
				b.bulkStr(f)
			}, false)
		}
	case KindText:
		b.want.Text = string(text(7, w.Size))
		b.want.Stop = spec.StopEnd
		for _, f := range fragments(b.want.Text, w.Delta) {
			line(func() { b.bulkStr(f) }, false)
		}
	}
	if w.Calls > 0 {
		b.want.Calls = wantCalls(w, func(n int) string { return lowerID("call_", n, 8) })
	}
	for i, c := range b.want.Calls {
		line(func() {
			b.lit(`"","tool_calls":[{"id":`)
			b.str(c.ID)
			b.lit(`,"function":{"index":`)
			b.num(i)
			b.lit(`,"name":`)
			b.str(c.Name)
			b.lit(`,"arguments":`)
			b.bulkRaw(c.Args)
			b.lit("}}]")
		}, false)
	}
	line(func() { b.lit(`""`) }, true)
}
