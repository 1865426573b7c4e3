package model

import (
	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// anthropicDecoder decodes the payloads of an Anthropic Messages stream
// (wire-formats.md section 3). Every payload is translated on its own; the
// one state kept is the start of the open message, so that a repeat of it
// is no restart (ORD-4).
type anthropicDecoder struct {
	open  bool   // a message_start began a message no message_stop or [DONE] ended
	start string // that message_start's payload, compacted
}

func (d *anthropicDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	if isDone(fr.data) {
		// FRAME-4: proxies append [DONE]; it ends the message like
		// message_stop and is ignored when no message is open (END-7).
		d.open = false
		return []spec.Event{{Kind: spec.KindMessageEnd}}, nil
	}
	evs, v := decodeAnthropicPayload(fr.data, fr.event)
	if v != nil {
		return evs, v
	}
	if len(evs) > 0 && evs[0].Kind == spec.KindMessageStart {
		// ORD-4: a message_start that is the open message's own, the same
		// JSON text up to white space, is a repeat (a proxy's duplicate,
		// BerriAI/litellm#32357), not a new message: it is ignored. A
		// splice starts another generation, whose id differs.
		p := refjson.Compact(fr.data)
		if d.open && p == d.start {
			return nil, nil
		}
		d.open, d.start = true, p
	}
	for _, e := range evs {
		if e.Kind == spec.KindMessageEnd {
			d.open = false
		}
	}
	return evs, nil
}

// decodeAnthropicPayload translates one Anthropic event payload into events.
// The payload's "type" names the event; event (the SSE event name, or "")
// is used when the payload has none. Unknown types yield no events
// (FRAME-5). The Bedrock decoder reuses it for InvokeModelWithResponseStream
// chunks.
func decodeAnthropicPayload(data []byte, event string) ([]spec.Event, *spec.Violation) {
	o, v := parseObject(data)
	if v != nil {
		return nil, v
	}
	typ, _, v := asString(o["type"], "type")
	if v != nil {
		return nil, v
	}
	if typ == "" {
		typ = event
	}
	switch typ {
	case "message_start":
		return anthropicMessageStart(o)
	case "content_block_start":
		return anthropicBlockStart(o)
	case "content_block_delta":
		return anthropicBlockDelta(o)
	case "content_block_stop":
		i, v := anthropicRequiredInt(o, "index", "content_block_stop.index")
		if v != nil {
			return nil, v
		}
		return []spec.Event{{Kind: spec.KindBlockStop, Index: i}}, nil
	case "message_delta":
		d, _, v := asObject(o["delta"], "message_delta.delta")
		if v != nil {
			return nil, v
		}
		reason, _, v := asString(d["stop_reason"], "message_delta.delta.stop_reason")
		if v != nil {
			return nil, v
		}
		if reason == "" {
			return nil, nil
		}
		return []spec.Event{{Kind: spec.KindFinish, Data: reason}}, nil
	case "message_stop":
		return []spec.Event{{Kind: spec.KindMessageEnd}}, nil
	case "error":
		e, _, v := asObject(o["error"], "error.error")
		if v != nil {
			return nil, v
		}
		msg, _, v := asString(e["message"], "error.error.message")
		if v != nil {
			return nil, v
		}
		name, _, v := asString(e["type"], "error.error.type")
		if v != nil {
			return nil, v
		}
		return []spec.Event{{Kind: spec.KindError, Data: msg, Name: name}}, nil
	}
	// "ping" and unknown event types carry nothing.
	return nil, nil
}

// anthropicMessageStart translates message_start: the message start, any
// content the message already holds (programmatic tool calling puts
// complete tool_use blocks there), and its stop reason if it has one.
func anthropicMessageStart(o refjson.Object) ([]spec.Event, *spec.Violation) {
	m, _, v := asObject(o["message"], "message_start.message")
	if v != nil {
		return nil, v
	}
	id, _, v := asString(m["id"], "message_start.message.id")
	if v != nil {
		return nil, v
	}
	evs := []spec.Event{{Kind: spec.KindMessageStart, ID: id}}
	content, _, v := asArray(m["content"], "message_start.message.content")
	if v != nil {
		return nil, v
	}
	for pos, raw := range content {
		const field = "message_start.message.content[]"
		b, ok, v := asObject(raw, field)
		if v != nil {
			return nil, v
		}
		if !ok {
			continue
		}
		typ, _, v := asString(b["type"], field+".type")
		if v != nil {
			return nil, v
		}
		switch typ {
		case "tool_use", "server_tool_use", "mcp_tool_use":
			id, name, input, v := anthropicCallFields(b, field)
			if v != nil {
				return nil, v
			}
			evs = append(evs, spec.Event{Kind: spec.KindWholeCall, ID: id, Name: name, Data: input, Server: typ != "tool_use"})
		// Text, thinking and redacted blocks already in the message are
		// blocks at their position in the content array, started and
		// stopped at once: they stay separate items (ORD-3, THINK-3).
		case "text":
			text, _, v := asString(b["text"], field+".text")
			if v != nil {
				return nil, v
			}
			evs = append(evs, spec.Event{Kind: spec.KindBlockStart, Index: pos, Block: spec.BlockText, Data: text},
				spec.Event{Kind: spec.KindBlockStop, Index: pos})
		case "thinking":
			text, _, v := asString(b["thinking"], field+".thinking")
			if v != nil {
				return nil, v
			}
			sig, _, v := asString(b["signature"], field+".signature")
			if v != nil {
				return nil, v
			}
			evs = append(evs, spec.Event{Kind: spec.KindBlockStart, Index: pos, Block: spec.BlockThinking, Data: text, Sig: sig},
				spec.Event{Kind: spec.KindBlockStop, Index: pos})
		case "redacted_thinking":
			data, _, v := asString(b["data"], field+".data")
			if v != nil {
				return nil, v
			}
			evs = append(evs, spec.Event{Kind: spec.KindBlockStart, Index: pos, Block: spec.BlockRedacted, Data: data},
				spec.Event{Kind: spec.KindBlockStop, Index: pos})
		}
	}
	reason, _, v := asString(m["stop_reason"], "message_start.message.stop_reason")
	if v != nil {
		return nil, v
	}
	if reason != "" {
		evs = append(evs, spec.Event{Kind: spec.KindFinish, Data: reason})
	}
	return evs, nil
}

// anthropicBlockStart translates content_block_start.
func anthropicBlockStart(o refjson.Object) ([]spec.Event, *spec.Violation) {
	i, v := anthropicRequiredInt(o, "index", "content_block_start.index")
	if v != nil {
		return nil, v
	}
	const field = "content_block_start.content_block"
	b, v := anthropicRequiredObject(o, "content_block", field)
	if v != nil {
		return nil, v
	}
	typ, _, v := asString(b["type"], field+".type")
	if v != nil {
		return nil, v
	}
	ev := spec.Event{Kind: spec.KindBlockStart, Index: i, Block: spec.BlockOther}
	switch typ {
	case "text":
		ev.Block = spec.BlockText
		ev.Data, _, v = asString(b["text"], field+".text")
	case "thinking":
		ev.Block = spec.BlockThinking
		ev.Data, _, v = asString(b["thinking"], field+".thinking")
		if v == nil {
			ev.Sig, _, v = asString(b["signature"], field+".signature")
		}
	case "redacted_thinking":
		ev.Block = spec.BlockRedacted
		ev.Data, _, v = asString(b["data"], field+".data")
	case "tool_use", "server_tool_use", "mcp_tool_use":
		ev.Block = spec.BlockCall
		ev.Server = typ != "tool_use"
		ev.ID, ev.Name, ev.Data, v = anthropicCallFields(b, field)
	}
	if v != nil {
		return nil, v
	}
	return []spec.Event{ev}, nil
}

// anthropicBlockDelta translates content_block_delta.
func anthropicBlockDelta(o refjson.Object) ([]spec.Event, *spec.Violation) {
	i, v := anthropicRequiredInt(o, "index", "content_block_delta.index")
	if v != nil {
		return nil, v
	}
	const field = "content_block_delta.delta"
	d, v := anthropicRequiredObject(o, "delta", field)
	if v != nil {
		return nil, v
	}
	typ, _, v := asString(d["type"], field+".type")
	if v != nil {
		return nil, v
	}
	ev := spec.Event{Kind: spec.KindBlockDelta, Index: i, Delta: spec.DeltaOther}
	switch typ {
	case "text_delta":
		ev.Delta = spec.DeltaText
		ev.Data, _, v = asString(d["text"], field+".text")
	case "input_json_delta":
		ev.Delta = spec.DeltaArgs
		ev.Data, _, v = asString(d["partial_json"], field+".partial_json")
		if v != nil {
			return nil, v
		}
		// An empty argument fragment is still a delta of the call.
		return []spec.Event{ev}, nil
	case "thinking_delta":
		ev.Delta = spec.DeltaThinking
		ev.Data, _, v = asString(d["thinking"], field+".thinking")
	case "signature_delta":
		ev.Delta = spec.DeltaSignature
		ev.Data, _, v = asString(d["signature"], field+".signature")
	default:
		// citations_delta and unknown deltas: content not kept.
		return []spec.Event{ev}, nil
	}
	if v != nil {
		return nil, v
	}
	// Empty deltas are kept: whether a delta fits its block does not depend
	// on its length (PAIR-5).
	return []spec.Event{ev}, nil
}

// anthropicCallFields reads the id, name and inline input of a tool_use,
// server_tool_use or mcp_tool_use block. The input is returned as compact
// JSON text, or "" when it is absent, null or {}.
func anthropicCallFields(b refjson.Object, field string) (id, name, input string, v *spec.Violation) {
	id, _, v = asString(b["id"], field+".id")
	if v != nil {
		return "", "", "", v
	}
	name, _, v = asString(b["name"], field+".name")
	if v != nil {
		return "", "", "", v
	}
	if raw := b["input"]; !refjson.IsNull(raw) {
		if input = refjson.Compact(raw); input == "{}" {
			input = ""
		}
	}
	return id, name, input, nil
}

// anthropicRequiredInt reads the integer member key of o; absent or null is
// a FRAME-6 violation. The Bedrock decoder uses it too.
func anthropicRequiredInt(o refjson.Object, key, field string) (int, *spec.Violation) {
	n, ok, v := asInt(o[key], field)
	if v != nil {
		return 0, v
	}
	if !ok {
		return 0, payloadErr(spec.FramePayload, "%s: missing", field)
	}
	return n, nil
}

// anthropicRequiredObject reads the object member key of o; absent or null
// is a FRAME-6 violation. The Bedrock decoder uses it too.
func anthropicRequiredObject(o refjson.Object, key, field string) (refjson.Object, *spec.Violation) {
	m, ok, v := asObject(o[key], field)
	if v != nil {
		return nil, v
	}
	if !ok {
		return nil, payloadErr(spec.FramePayload, "%s: missing", field)
	}
	return m, nil
}
