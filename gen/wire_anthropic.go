package gen

import (
	"strconv"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// Anthropic Messages events (wire-formats.md §3); also the payloads of
// Bedrock InvokeModelWithResponseStream chunks.

func planAnthropic(t *rapid.T, o Options, f spec.Format) Response {
	r := Response{Format: f}
	ids := &idSource{style: 1, used: map[string]bool{}}
	caps := itemCaps{thinking: true, thinkSig: true, redacted: true, other: true, server: true, maxItems: 6, emptyText: true}
	nm := o.responses(t, "messages")
	for m := 0; m < nm; m++ {
		ids.reset()
		items := genItems(t, caps, ids)
		for _, it := range items {
			if it.Kind == ItemCall && it.Call.Server {
				it.Call.ID = "srv" + it.Call.ID
			}
		}
		stop := blockStop(t, items, []string{"end_turn", "max_tokens", "stop_sequence", "pause_turn", "refusal", "model_context_window_exceeded", "compaction"}, "tool_use", "end_turn")
		// Message ids are distinct: a start that repeats the open
		// message's is no start (ORD-4).
		r.Messages = append(r.Messages, Message{ID: "msg_" + genToken(t, "msgID") + strconv.Itoa(m), Choices: []Choice{{Items: items, Stop: stop}}})
	}
	return r
}

// blockStop draws a raw stop reason for a block format: every block is
// closed before the finish, so any reason leaves the calls complete.
func blockStop(t *rapid.T, items []Item, others []string, toolUse, end string) string {
	main := end
	if hasCalls(items) {
		main = toolUse
	}
	if rapid.IntRange(0, 3).Draw(t, "usualStop") > 0 {
		return main
	}
	return rapid.SampledFrom(append([]string{toolUse, end}, others...)).Draw(t, "stop")
}

// recordBlocks records every call of message m as seen in item order and
// the message's one stop: block formats start blocks in item order.
func recordBlocks(r *Response, m int) {
	for i, it := range r.Messages[m].Choices[0].Items {
		if it.Kind == ItemCall {
			r.seen = append(r.seen, itemRef{m, 0, i})
		}
	}
	r.stops = append(r.stops, itemRef{m, 0, 0})
}

// blockKeys draws the block keys of n blocks in start order: dense from
// 0 (the usual), increasing with gaps (ID-9), or any distinct keys.
func blockKeys(t *rapid.T, n int) []int {
	keys := make([]int, n)
	switch rapid.IntRange(0, 7).Draw(t, "blockKeys") {
	case 0:
		k := 0
		for i := range keys {
			k += rapid.IntRange(0, 2).Draw(t, "keyGap")
			keys[i] = k
			k++
		}
	case 1:
		used := map[int]bool{}
		for i := range keys {
			k := rapid.IntRange(0, 40).Draw(t, "anyKey")
			for used[k] {
				k++
			}
			used[k] = true
			keys[i] = k
		}
	default:
		for i := range keys {
			keys[i] = i
		}
	}
	return keys
}

// interleaveBlocks merges the frame sequences of blocks: blocks start in
// order, and after its start each block's later frames may interleave with
// the other open blocks' (PAIR-11), or not at all (sequential blocks, the
// usual case).
//
// A message whose stop is not a normal end has its blocks one after
// another (allow false): which call its stop cut (END-3) is then the
// last block's, as in the streams providers send.
func interleaveBlocks(t *rapid.T, seqs [][]frame, allow bool) []frame {
	var out []frame
	inter := allow && rapid.IntRange(0, 3).Draw(t, "interleaveBlocks") == 0
	pos := make([]int, len(seqs))
	next := 0
	var open []int
	for next < len(seqs) || len(open) > 0 {
		choice := -1 // -1 starts the next block
		if len(open) > 0 {
			if !inter {
				choice = open[len(open)-1]
			} else {
				k := rapid.IntRange(0, len(open)).Draw(t, "blockStep")
				if k < len(open) || next >= len(seqs) {
					choice = open[min(k, len(open)-1)]
				}
			}
		}
		if choice < 0 {
			choice = next
			next++
			open = append(open, choice)
		}
		out = append(out, seqs[choice][pos[choice]])
		pos[choice]++
		if pos[choice] == len(seqs[choice]) {
			for i, b := range open {
				if b == choice {
					open = append(open[:i:i], open[i+1:]...)
					break
				}
			}
		}
	}
	return out
}

func encodeAnthropic(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingSSE, framingSSE, framingLines)
	st.named = true
	if rapid.IntRange(0, 3).Draw(t, "padPayloads") == 0 {
		st.js.pad = rapid.IntRange(1, 12).Draw(t, "pad")
	}
	st.frames = anthropicFrames(t, r)
	return st
}

// anthropicFrames encodes every message of r as Anthropic events.
func anthropicFrames(t *rapid.T, r *Response) []frame {
	var out []frame
	for m := range r.Messages {
		out = append(out, anthropicMessage(t, r, m)...)
	}
	return out
}

func anthropicMessage(t *rapid.T, r *Response, m int) []frame {
	msg := &r.Messages[m]
	ch := &msg.Choices[0]
	recordBlocks(r, m)
	ev := func(typ string, fr frame, kv ...any) frame {
		fr.event = typ
		fr.body = obj(append([]any{"type", typ}, kv...)...)
		fr.msg = m
		return fr
	}
	usage := obj("input_tokens", num(12), "output_tokens", num(1))
	message := func(content []any, stop any) *jObj {
		return obj("id", msg.ID, "type", "message", "role", "assistant", "model", "claude-gen", "content", content,
			"stop_reason", stop, "stop_sequence", nil, "usage", usage)
	}
	programmatic := len(ch.Items) > 0 && rapid.IntRange(0, 4).Draw(t, "programmatic") == 0
	for _, it := range ch.Items {
		programmatic = programmatic && (it.Kind == ItemCall || it.Kind == ItemText)
	}
	if programmatic {
		// Programmatic tool calling: complete calls inside message_start,
		// then message_stop (ID-8).
		var content []any
		for _, it := range ch.Items {
			if it.Kind == ItemText {
				content = append(content, obj("type", "text", "text", it.Text))
				continue
			}
			c := it.Call
			c.setWhole()
			c.elem = true
			b := obj("type", callBlockType(c), "id", c.ID, "name", c.Name)
			if c.wire != "{}" || rapid.Bool().Draw(t, "emptyInputField") {
				b.set("input", jRaw(c.wire))
			}
			b.set("caller", obj("type", "code_execution_20250825", "tool_id", "srvtoolu_"+genToken(t, "callerID")))
			content = append(content, b)
		}
		return anthropicDone(t, r, repeatStart(t, r, []frame{
			ev("message_start", frame{role: roleMsgStart}, "message", message(content, ch.Stop)),
			ev("message_stop", frame{role: roleMsgEnd}),
		}), m)
	}
	out := []frame{ev("message_start", frame{role: roleMsgStart}, "message", message([]any{}, nil))}
	keys := blockKeys(t, len(ch.Items))
	seqs := make([][]frame, len(ch.Items))
	for i, it := range ch.Items {
		k := keys[i]
		start := func(block *jObj) frame {
			return ev("content_block_start", frame{role: roleBlockStart, key: k}, "index", num(k), "content_block", block)
		}
		delta := func(d *jObj) frame {
			return ev("content_block_delta", frame{role: roleBlockDelta, key: k}, "index", num(k), "delta", d)
		}
		var seq []frame
		switch it.Kind {
		case ItemText:
			pieces := splitText(t, it.Text, 4, true, "text")
			first := ""
			if rapid.IntRange(0, 5).Draw(t, "textInStart") == 0 {
				first, pieces = pieces[0], pieces[1:]
			}
			seq = append(seq, start(obj("type", "text", "text", first)))
			for _, p := range pieces {
				seq = append(seq, delta(obj("type", "text_delta", "text", p)))
			}
			if rapid.IntRange(0, 7).Draw(t, "citation") == 0 {
				seq = append(seq, delta(obj("type", "citations_delta", "citation", obj("type", "web_search_result_location", "url", "https://example.com", "cited_text", "x"))))
			}
		case ItemThinking:
			b := obj("type", "thinking", "thinking", "")
			if rapid.Bool().Draw(t, "signatureField") {
				b.set("signature", "")
			}
			seq = append(seq, start(b))
			for _, p := range splitText(t, it.Text, 3, true, "thinking") {
				seq = append(seq, delta(obj("type", "thinking_delta", "thinking", p)))
			}
			if it.Signature != "" {
				seq = append(seq, delta(obj("type", "signature_delta", "signature", it.Signature)))
			}
		case ItemRedacted:
			seq = append(seq, start(obj("type", "redacted_thinking", "data", it.Text)))
		case ItemOther:
			seq = append(seq, start(obj("type", "web_search_tool_result", "tool_use_id", "srvtoolu_"+genToken(t, "resultFor"),
				"content", []any{obj("type", "web_search_result", "url", "https://example.com/"+strconv.Itoa(i), "title", "t")})))
		case ItemCall:
			c := it.Call
			b := obj("type", callBlockType(c), "id", c.ID, "name", c.Name)
			inline := len(c.val.k) > 0 && rapid.IntRange(0, 5).Draw(t, "inlineInput") == 0
			if inline {
				c.setWhole() // PAIR-6: a start with a non-empty input holds the arguments
				b.set("input", jRaw(c.wire))
			} else {
				b.set("input", obj())
			}
			if callBlockType(c) == "mcp_tool_use" {
				b.set("server_name", "gen-mcp")
			} else if rapid.Bool().Draw(t, "caller") {
				b.set("caller", obj("type", "direct"))
			}
			seq = append(seq, start(b))
			switch {
			case inline:
				if rapid.Bool().Draw(t, "inlineEmptyDelta") {
					seq = append(seq, delta(obj("type", "input_json_delta", "partial_json", "")))
				}
			case c.wire == "" && rapid.Bool().Draw(t, "noDeltas"):
			default:
				frags := splitText(t, c.wire, 5, true, "args")
				if frags[0] != "" && rapid.Bool().Draw(t, "leadingEmpty") {
					frags = append([]string{""}, frags...)
				}
				for _, p := range frags {
					seq = append(seq, delta(obj("type", "input_json_delta", "partial_json", p)))
				}
			}
		}
		seq = append(seq, ev("content_block_stop", frame{role: roleBlockStop, key: k}, "index", num(k)))
		seqs[i] = seq
	}
	out = append(out, interleaveBlocks(t, seqs, normalEnd(r.Format, ch.Stop))...)
	out = append(out, ev("message_delta", frame{role: roleFinish},
		"delta", obj("stop_reason", ch.Stop, "stop_sequence", nil), "usage", obj("output_tokens", num(42))))
	if rapid.IntRange(0, 9).Draw(t, "secondMessageDelta") == 0 {
		// END-7: a repeated finish is ignored.
		out = append(out, ev("message_delta", frame{role: roleFinish},
			"delta", obj("stop_reason", ch.Stop, "stop_sequence", nil), "usage", obj("output_tokens", num(43))))
	}
	out = append(out, ev("message_stop", frame{role: roleMsgEnd}))
	// Pings anywhere after the start (the SDKs skip them).
	if rapid.IntRange(0, 2).Draw(t, "pings") == 0 {
		n := rapid.IntRange(1, 3).Draw(t, "pingCount")
		for i := 0; i < n; i++ {
			at := rapid.IntRange(1, len(out)-1).Draw(t, "pingAt")
			ping := frame{event: "ping", body: jRaw(`{"type": "ping"}`), msg: m}
			out = append(out[:at:at], append([]frame{ping}, out[at:]...)...)
		}
	}
	return anthropicDone(t, r, repeatStart(t, r, out), m)
}

// repeatStart writes a message's start a second time, byte for byte, as
// LiteLLM's /v1/messages bridge does right after the first
// (BerriAI/litellm#32357), or later in the message, before its end: a
// repeat of the open message's start is ignored (ORD-4). out is the
// message's frames, its start first and its end last. Bedrock's Claude
// chunks never repeat it.
func repeatStart(t *rapid.T, r *Response, out []frame) []frame {
	if r.Format != spec.FormatAnthropic || rapid.IntRange(0, 5).Draw(t, "repeatStart") > 0 {
		return out
	}
	at := 1 // observed: right after the first
	if rapid.IntRange(0, 2).Draw(t, "repeatStartLater") == 0 {
		at = rapid.IntRange(1, len(out)-1).Draw(t, "repeatStartAt")
	}
	if at > 1 {
		r.liberties = append(r.liberties, LibertyLateStart)
	}
	rep := copyFrame(out[0])
	rep.role = roleOther
	return append(out[:at:at], append([]frame{rep}, out[at:]...)...)
}

// anthropicDone appends the data: [DONE] that proxies write after
// message_stop, or writes it in message_stop's place (FRAME-4: in anthropic
// it ends the open message and is ignored after message_stop).
func anthropicDone(t *rapid.T, r *Response, out []frame, m int) []frame {
	if r.Format != spec.FormatAnthropic {
		return out // Bedrock's InvokeModel chunks never carry it
	}
	done := frame{body: jRaw("[DONE]"), msg: m, noEvent: true}
	switch rapid.IntRange(0, 9).Draw(t, "proxyDone") {
	case 0, 1:
		out = append(out, done)
	case 2:
		done.role = roleMsgEnd
		out[len(out)-1] = done
	}
	return out
}

// callBlockType is the block type of a call: tool_use for client calls,
// server_tool_use or mcp_tool_use for server calls.
func callBlockType(c *Call) string {
	if !c.Server {
		return "tool_use"
	}
	if len(c.Name)%2 == 0 {
		return "mcp_tool_use"
	}
	return "server_tool_use"
}
