package gen

import (
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// Bedrock ConverseStream events (wire-formats.md §6), as JSON lines
// {"<eventType>": payload} or as the binary event-stream; and
// InvokeModelWithResponseStream, whose chunk events carry, in base64, the
// invoked model's own events: Anthropic events (Claude) or one Converse
// event {"<eventType>": payload} each (Amazon Nova; FRAME-4).

func planBedrock(t *rapid.T, o Options) Response {
	r := Response{Format: spec.FormatBedrock}
	ids := &idSource{style: 2, used: map[string]bool{}}
	caps := itemCaps{thinking: true, thinkSig: true, redacted: true, other: true, server: true, maxItems: 6, emptyText: true}
	nm := o.responses(t, "messages")
	for m := 0; m < nm; m++ {
		ids.reset()
		items := genItems(t, caps, ids)
		stop := blockStop(t, items, []string{"max_tokens", "stop_sequence", "guardrail_intervened", "content_filtered",
			"malformed_model_output", "malformed_tool_use", "model_context_window_exceeded"}, "tool_use", "end_turn")
		r.Messages = append(r.Messages, Message{Choices: []Choice{{Items: items, Stop: stop}}})
	}
	return r
}

func encodeBedrock(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingEventStream, framingEventStream, framingLines)
	pad := rapid.IntRange(0, 3).Draw(t, "bedrockPadding") > 0
	if r.dialect == dialectInvoke {
		for _, fr := range anthropicFrames(t, r) {
			fr.invoke = true
			if pad {
				fr.pad = padding(t)
			}
			st.add(fr)
		}
		return st
	}
	nova := r.dialect == dialectInvokeNova
	for m := range r.Messages {
		for _, fr := range bedrockMessage(t, r, m) {
			switch {
			case nova:
				// The padding is the chunk's, outside the event; the last
				// chunk may carry Bedrock's invocation metrics.
				fr.invoke, fr.nova = true, true
				if pad {
					fr.pad = padding(t)
				}
				fr.metrics = fr.event == "metadata" && rapid.Bool().Draw(t, "invocationMetrics")
			case pad:
				fr.body.(*jObj).set("p", padding(t))
			}
			st.add(fr)
		}
	}
	return st
}

func bedrockMessage(t *rapid.T, r *Response, m int) []frame {
	ch := &r.Messages[m].Choices[0]
	recordBlocks(r, m)
	ev := func(typ string, fr frame, body *jObj) frame {
		fr.event, fr.body, fr.msg = typ, body, m
		return fr
	}
	var out []frame
	// messageStart is optional (PAIR-1), but a messageStop alone never
	// starts a message (END-7).
	if len(ch.Items) == 0 || rapid.IntRange(0, 4).Draw(t, "messageStart") > 0 {
		out = append(out, ev("messageStart", frame{role: roleMsgStart}, obj("role", "assistant")))
	}
	keys := blockKeys(t, len(ch.Items))
	seqs := make([][]frame, len(ch.Items))
	for i, it := range ch.Items {
		k := keys[i]
		delta := func(d *jObj) frame {
			return ev("contentBlockDelta", frame{role: roleBlockDelta, key: k}, obj("contentBlockIndex", num(k), "delta", d))
		}
		start := func(s *jObj) frame {
			return ev("contentBlockStart", frame{role: roleBlockStart, key: k}, obj("contentBlockIndex", num(k), "start", s))
		}
		var seq []frame
		// Text and reasoning blocks have no start: their first delta opens
		// them (PAIR-7), even an empty one.
		switch it.Kind {
		case ItemText:
			for _, p := range splitText(t, it.Text, 4, false, "text") {
				seq = append(seq, delta(obj("text", p)))
			}
		case ItemThinking:
			if it.Text != "" || it.Signature == "" {
				for _, p := range splitText(t, it.Text, 3, false, "thinking") {
					seq = append(seq, delta(obj("reasoningContent", obj("text", p))))
				}
			}
			if it.Signature != "" {
				seq = append(seq, delta(obj("reasoningContent", obj("signature", it.Signature))))
			}
		case ItemRedacted:
			for _, p := range splitText(t, it.Text, 2, false, "redacted") {
				seq = append(seq, delta(obj("reasoningContent", obj("redactedContent", p))))
			}
		case ItemOther:
			seq = append(seq, start(obj("toolResult", obj("toolUseId", "tooluse_"+genToken(t, "resultFor"), "status", "success"))))
			if rapid.Bool().Draw(t, "toolResultDelta") {
				seq = append(seq, delta(obj("toolResult", []any{obj("json", obj("ok", true))})))
			}
		case ItemCall:
			c := it.Call
			tu := obj("toolUseId", c.ID, "name", c.Name)
			if c.Server {
				tu.set("type", "server_tool_use")
			}
			seq = append(seq, start(obj("toolUse", tu)))
			if c.wire != "" || rapid.Bool().Draw(t, "emptyInputDelta") {
				for _, p := range splitText(t, c.wire, 5, true, "args") {
					seq = append(seq, delta(obj("toolUse", obj("input", p))))
				}
			}
		}
		seq = append(seq, ev("contentBlockStop", frame{role: roleBlockStop, key: k}, obj("contentBlockIndex", num(k))))
		seqs[i] = seq
	}
	out = append(out, interleaveBlocks(t, seqs, normalEnd(r.Format, ch.Stop))...)
	metadata := ev("metadata", frame{}, obj("usage", obj("inputTokens", num(40), "outputTokens", num(12), "totalTokens", num(52)),
		"metrics", obj("latencyMs", num(410))))
	when := rapid.IntRange(0, 4).Draw(t, "metadata")
	if when == 0 {
		out = append(out, metadata) // vercel/ai fixtures: metadata first
	}
	stop := obj("stopReason", ch.Stop)
	if rapid.IntRange(0, 5).Draw(t, "additionalFields") == 0 {
		stop.set("additionalModelResponseFields", obj("stop_sequence", nil))
	}
	out = append(out, ev("messageStop", frame{role: roleMsgEnd}, stop))
	if when > 1 {
		out = append(out, metadata) // observed: usage last
	}
	return out
}
