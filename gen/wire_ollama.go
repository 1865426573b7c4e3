package gen

import (
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// Ollama /api/chat NDJSON (wire-formats.md §4).

func planOllama(t *rapid.T, o Options) Response {
	r := Response{Format: spec.FormatOllama}
	ids := &idSource{style: 0, used: map[string]bool{}}
	caps := itemCaps{thinking: true, maxItems: 5}
	nm := o.responses(t, "messages")
	for m := 0; m < nm; m++ {
		ids.reset()
		caps.minItems = min(m, 1) // a done line alone never starts a message (END-7)
		items := genItems(t, caps, ids)
		stop := rapid.SampledFrom([]string{"stop", "stop", "stop", "", "length", "tool_calls"}).Draw(t, "doneReason")
		r.Messages = append(r.Messages, Message{Choices: []Choice{{Items: items, Stop: stop}}})
	}
	return r
}

// ollamaPiece is one contribution to a line's message.
type ollamaPiece struct {
	rank int // thinking, content, tool call: the order a line is decoded in
	text string
	call *jObj
	item int
}

func encodeOllama(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingLines)
	for m := range r.Messages {
		ch := &r.Messages[m].Choices[0]
		noIDs := rapid.IntRange(0, 3).Draw(t, "noIDs") == 0 // older servers
		indexStyle := rapid.IntRange(0, 2).Draw(t, "indexStyle")
		var pieces []ollamaPiece
		nCalls := 0
		for i, it := range ch.Items {
			switch it.Kind {
			case ItemThinking:
				for _, s := range splitText(t, it.Text, 3, false, "thinking") {
					pieces = append(pieces, ollamaPiece{rank: 0, text: s, item: -1})
				}
			case ItemText:
				for _, s := range splitText(t, it.Text, 4, false, "text") {
					pieces = append(pieces, ollamaPiece{rank: 1, text: s, item: -1})
				}
			case ItemCall:
				c := it.Call
				c.setWhole()
				e := obj()
				if noIDs {
					c.ID = ""
				} else {
					e.set("id", c.ID)
				}
				fn := obj()
				switch indexStyle { // ID-8: the index is ignored
				case 1:
					fn.set("index", num(0))
				case 2:
					fn.set("index", num(nCalls))
				}
				nCalls++
				fn.set("name", c.Name)
				if c.wire != "{}" || rapid.IntRange(0, 2).Draw(t, "emptyArguments") > 0 {
					fn.set("arguments", jRaw(c.wire))
				}
				e.set("function", fn)
				pieces = append(pieces, ollamaPiece{rank: 2, call: e, item: i})
			}
		}
		line := func(done bool) *jObj {
			return obj("model", "gen-model", "created_at", "2026-01-01T00:00:00.000000Z", "message", obj("role", "assistant", "content", ""), "done", done)
		}
		var cur *jObj
		curRank := -1
		flush := func() {
			if cur != nil {
				st.add(frame{body: cur, role: roleContent, msg: m})
				cur = nil
			}
		}
		for _, p := range pieces {
			if cur == nil || p.rank < curRank || (p.rank < 2 && p.rank == curRank) || rapid.IntRange(0, 2).Draw(t, "newLine") == 0 {
				flush()
				cur, curRank = line(false), -1
			}
			msg := cur.obj("message")
			switch p.rank {
			case 0:
				msg.set("thinking", p.text)
			case 1:
				msg.set("content", p.text)
			case 2:
				msg.set("tool_calls", append(msg.arr("tool_calls"), p.call))
				r.seen = append(r.seen, itemRef{m, 0, p.item})
			}
			curRank = p.rank
		}
		// The done line may carry the last pieces (calls only in the done
		// frame, pattern 35).
		if cur == nil || rapid.Bool().Draw(t, "separateDone") {
			flush()
			cur = line(true)
		}
		cur.set("done", true)
		if ch.Stop != "" || rapid.Bool().Draw(t, "emptyDoneReason") {
			cur.set("done_reason", ch.Stop)
		}
		cur.set("total_duration", num(123456789))
		cur.set("eval_count", num(42))
		st.add(frame{body: cur, role: roleFinish, msg: m})
		r.stops = append(r.stops, itemRef{m, 0, 0})
		cur = nil
	}
	return st
}
