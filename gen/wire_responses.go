package gen

import (
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// OpenAI Responses API events (wire-formats.md §2).

func planResponses(t *rapid.T, o Options) Response {
	r := Response{Format: spec.FormatOpenAIResponses}
	ids := &idSource{style: 0, used: map[string]bool{}}
	caps := itemCaps{thinking: true, thinkSig: true, other: true, maxItems: 5, emptyText: true, custom: true}
	nm := o.responses(t, "messages")
	for m := 0; m < nm; m++ {
		ids.reset()
		items := genItems(t, caps, ids)
		stop := "completed"
		if rapid.IntRange(0, 5).Draw(t, "incomplete") == 0 {
			stop = rapid.SampledFrom([]string{"max_output_tokens", "content_filter"}).Draw(t, "incompleteReason")
		}
		r.Messages = append(r.Messages, Message{ID: "resp_" + genToken(t, "respID"), Choices: []Choice{{Items: items, Stop: stop}}})
	}
	return r
}

func encodeResponses(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingSSE, framingSSE, framingLines)
	st.named = true
	if rapid.IntRange(0, 5).Draw(t, "sortedKeys") == 0 {
		st.js.sorted = true // Bedrock Mantle
	}
	typeless := st.framing == framingSSE && rapid.IntRange(0, 9).Draw(t, "typeless") == 0
	for m := range r.Messages {
		for _, fr := range responsesMessage(t, r, m) {
			if typeless && rapid.IntRange(0, 3).Draw(t, "dropType") == 0 {
				if o, ok := fr.body.(*jObj); ok {
					o.del("type") // the SSE event name stands in (FRAME-1)
				}
			}
			st.add(fr)
		}
	}
	return st
}

func responsesMessage(t *rapid.T, r *Response, m int) []frame {
	msg := &r.Messages[m]
	ch := &msg.Choices[0]
	recordBlocks(r, m)
	seqNo := 0
	ev := func(typ string, fr frame, kv ...any) frame {
		fr.event, fr.msg = typ, m
		fr.body = obj(append([]any{"type", typ, "sequence_number", num(seqNo)}, kv...)...)
		seqNo++
		return fr
	}
	obfuscate := rapid.IntRange(0, 4).Draw(t, "obfuscation") == 0
	rotate := rapid.IntRange(0, 5).Draw(t, "rotatingItemIDs") == 0 // GitHub Copilot
	resp := func(status string) *jObj {
		return obj("id", msg.ID, "object", "response", "created_at", num(1767225600), "status", status, "model", "gpt-gen", "output", []any{})
	}
	out := []frame{ev("response.created", frame{role: roleMsgStart}, "response", resp("in_progress"))}
	if rapid.Bool().Draw(t, "inProgress") {
		out = append(out, ev("response.in_progress", frame{}, "response", resp("in_progress")))
	}
	keys := blockKeys(t, len(ch.Items))
	seqs := make([][]frame, len(ch.Items))
	var replay []any
	for i, it := range ch.Items {
		k := keys[i]
		itemID := map[ItemKind]string{ItemCall: "fc_", ItemText: "msg_", ItemThinking: "rs_", ItemOther: "ws_"}[it.Kind] + genToken(t, "itemID")
		id := func() string {
			if rotate {
				return itemID + "_" + genToken(t, "rotItemID")
			}
			return itemID
		}
		// Each event is built when the block's events are interleaved, so
		// sequence numbers are assigned below, in stream order.
		type pend struct {
			typ  string
			role role
			kv   []any
		}
		var evs []pend
		add := func(typ string, rl role, kv ...any) { evs = append(evs, pend{typ, rl, kv}) }
		switch it.Kind {
		case ItemCall:
			c := it.Call
			itemType, argsKey, deltaType, doneType := "function_call", "arguments", "response.function_call_arguments.delta", "response.function_call_arguments.done"
			if c.Custom { // NAME-4
				itemType, argsKey, deltaType, doneType = "custom_tool_call", "input", "response.custom_tool_call_input.delta", "response.custom_tool_call_input.done"
			}
			item := func(status string, args any) *jObj {
				o := obj("type", itemType, "id", itemID, "call_id", c.ID, "name", c.Name)
				if args != nil {
					o.set(argsKey, args)
				}
				o.set("status", status)
				return o
			}
			add("response.output_item.added", roleBlockStart, "output_index", num(k), "item", item("in_progress", ""))
			deltas := rapid.IntRange(0, 4).Draw(t, "argDeltas") > 0 // LM Studio, Codex: none
			if deltas {
				for _, p := range splitText(t, c.wire, 5, true, "args") {
					kv := []any{"item_id", id(), "output_index", num(k), "delta", p}
					if obfuscate {
						kv = append(kv, "obfuscation", padding(t))
					}
					add(deltaType, roleBlockDelta, kv...)
				}
			}
			argsDone := !deltas || rapid.IntRange(0, 4).Draw(t, "argsDone") > 0
			itemArgs := !argsDone || rapid.IntRange(0, 4).Draw(t, "itemDoneArgs") > 0
			if argsDone {
				add(doneType, roleBlockDelta, "item_id", id(), "output_index", num(k), argsKey, c.wire)
			}
			var final any
			if itemArgs {
				final = c.wire
			}
			done := item("completed", final)
			add("response.output_item.done", roleBlockStop, "output_index", num(k), "item", done)
			replay = append(replay, done)
		case ItemText:
			deltaType := "response.output_text.delta"
			if rapid.IntRange(0, 9).Draw(t, "refusal") == 0 {
				deltaType = "response.refusal.delta"
			}
			add("response.output_item.added", roleBlockStart, "output_index", num(k),
				"item", obj("id", itemID, "type", "message", "status", "in_progress", "content", []any{}, "role", "assistant"))
			add("response.content_part.added", roleOther, "item_id", id(), "output_index", num(k), "content_index", num(0),
				"part", obj("type", "output_text", "annotations", []any{}, "text", ""))
			for _, p := range splitText(t, it.Text, 4, true, "text") {
				add(deltaType, roleBlockDelta, "item_id", id(), "output_index", num(k), "content_index", num(0), "delta", p, "logprobs", []any{})
			}
			part := obj("type", "output_text", "annotations", []any{}, "text", it.Text)
			add("response.output_text.done", roleOther, "item_id", id(), "output_index", num(k), "content_index", num(0), "text", it.Text)
			add("response.content_part.done", roleOther, "item_id", id(), "output_index", num(k), "content_index", num(0), "part", part)
			done := obj("id", itemID, "type", "message", "status", "completed", "content", []any{part}, "role", "assistant")
			add("response.output_item.done", roleBlockStop, "output_index", num(k), "item", done)
			replay = append(replay, done)
		case ItemThinking:
			deltaType := "response.reasoning_summary_text.delta"
			if rapid.IntRange(0, 4).Draw(t, "reasoningText") == 0 {
				deltaType = "response.reasoning_text.delta" // DeepSeek
			}
			add("response.output_item.added", roleBlockStart, "output_index", num(k), "item", obj("id", itemID, "type", "reasoning", "summary", []any{}))
			add("response.reasoning_summary_part.added", roleOther, "item_id", id(), "output_index", num(k), "summary_index", num(0),
				"part", obj("type", "summary_text", "text", ""))
			for _, p := range splitText(t, it.Text, 3, true, "thinking") {
				add(deltaType, roleBlockDelta, "item_id", id(), "output_index", num(k), "summary_index", num(0), "delta", p)
			}
			add("response.reasoning_summary_text.done", roleOther, "item_id", id(), "output_index", num(k), "summary_index", num(0), "text", it.Text)
			done := obj("id", itemID, "type", "reasoning", "summary", []any{obj("type", "summary_text", "text", it.Text)})
			if it.Signature != "" {
				done.set("encrypted_content", it.Signature)
			}
			add("response.output_item.done", roleBlockStop, "output_index", num(k), "item", done)
			replay = append(replay, done)
		case ItemOther:
			add("response.output_item.added", roleBlockStart, "output_index", num(k), "item", obj("id", itemID, "type", "web_search_call", "status", "in_progress"))
			add("response.web_search_call.in_progress", roleOther, "output_index", num(k), "item_id", id())
			add("response.web_search_call.searching", roleOther, "output_index", num(k), "item_id", id())
			add("response.web_search_call.completed", roleOther, "output_index", num(k), "item_id", id())
			done := obj("id", itemID, "type", "web_search_call", "status", "completed", "action", obj("type", "search", "query", "q"))
			add("response.output_item.done", roleBlockStop, "output_index", num(k), "item", done)
			replay = append(replay, done)
		}
		for _, p := range evs {
			seqs[i] = append(seqs[i], frame{event: p.typ, body: obj(p.kv...), role: p.role, key: k, msg: m})
		}
	}
	for _, fr := range interleaveBlocks(t, seqs, normalEnd(r.Format, ch.Stop)) {
		body := fr.body.(*jObj)
		out = append(out, ev(fr.event, fr, body.k2kv()...))
	}
	final := resp("completed")
	final.set("output", replay)
	final.set("usage", obj("input_tokens", num(30), "output_tokens", num(20), "total_tokens", num(50)))
	if ch.Stop == "completed" {
		out = append(out, ev("response.completed", frame{role: roleMsgEnd}, "response", final))
	} else {
		final.set("status", "incomplete")
		final.set("incomplete_details", obj("reason", ch.Stop))
		out = append(out, ev("response.incomplete", frame{role: roleMsgEnd}, "response", final))
	}
	if rapid.IntRange(0, 5).Draw(t, "proxyDone") == 0 {
		out = append(out, frame{body: jRaw("[DONE]"), role: roleOther, msg: m, noEvent: true}) // FRAME-4, END-7
	}
	return out
}

// k2kv flattens an object into key, value pairs.
func (o *jObj) k2kv() []any {
	kv := make([]any, 0, 2*len(o.k))
	for i, k := range o.k {
		kv = append(kv, k, o.v[i])
	}
	return kv
}
