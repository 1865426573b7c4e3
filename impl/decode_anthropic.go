package impl

import (
	"crypto/sha256"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// anthropicDecoder decodes the payloads of an Anthropic Messages stream. It
// is an allocation-free port of model/decode_anthropic.go: it checks the
// same fields in the same order and returns the same violations. The one
// state kept is the start of the open message, so that a repeat of it is no
// restart (ORD-4): where the reference keeps the compacted payload, this
// keeps its SHA-256, so that memory stays bounded.
type anthropicDecoder struct {
	open  bool              // a message_start began a message no message_stop or [DONE] ended
	start [sha256.Size]byte // SHA-256 of that message_start's payload, compacted
}

func (d *anthropicDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	if isDone(fr.data) {
		// FRAME-4: proxies append [DONE]; it ends the message like
		// message_stop and is ignored when no message is open (END-7).
		d.open = false
		b.add(event{kind: spec.KindMessageEnd})
		return nil
	}
	n := len(b.evs)
	if v := decodeAnthropicPayload(b, fr.data, fr.event); v != nil {
		return v
	}
	if len(b.evs) > n && b.evs[n].kind == spec.KindMessageStart {
		// ORD-4: a message_start that is the open message's own, the same
		// JSON text up to white space, is a repeat (a proxy's duplicate,
		// BerriAI/litellm#32357), not a new message: it is ignored. A
		// splice starts another generation, whose id differs.
		mark := len(b.arena)
		sum := sha256.Sum256(b.compact(jsonwire.TrimSpace(fr.data)))
		b.arena = b.arena[:mark]
		if d.open && sum == d.start {
			b.evs = b.evs[:n]
			return nil
		}
		d.open, d.start = true, sum
	}
	for i := n; i < len(b.evs); i++ {
		if b.evs[i].kind == spec.KindMessageEnd {
			d.open = false
		}
	}
	return nil
}

// withField prefixes the message of v, built by a helper called with an
// empty field name, with the field name; the reference's messages all start
// with "<field>: ", so this gives the same text while building a dynamic
// field name only on the violation path.
func withField(v *spec.Violation, field string) *spec.Violation {
	v.Message = field + v.Message
	return v
}

// Members of an Anthropic event payload.
var anthropicEventKeys = newKeySet("type", "message", "index", "content_block", "delta", "error")

const (
	anType = iota
	anMessage
	anIndex
	anContentBlock
	anDelta
	anError
	anEventKeys
)

// decodeAnthropicPayload translates one Anthropic event payload into events
// appended to b. The payload's "type" names the event; name (the SSE event
// name, or empty) is used when the payload has none. Unknown types yield no
// events (FRAME-5). The Bedrock decoder reuses it for
// InvokeModelWithResponseStream chunks.
func decodeAnthropicPayload(b *batch, data, name []byte) *spec.Violation {
	if n := len(b.evs); !invariants.Sometimes(10) && anthropicFastDelta(b, data) {
		if invariants.Enabled {
			checkEvents("anthropicFastDelta", b.evs[n:], data, func(g *batch) *spec.Violation { return decodeAnthropicGeneral(g, data, name) })
		}
		return nil
	}
	return decodeAnthropicGeneral(b, data, name)
}

// decodeAnthropicGeneral is decodeAnthropicPayload for a payload of any
// shape.
func decodeAnthropicGeneral(b *batch, data, name []byte) *spec.Violation {
	o, v := b.parseObject(data)
	if v != nil {
		return v
	}
	var vals [anEventKeys][]byte
	b.lookupN(o, anthropicEventKeys, vals[:])
	typ, _, v := asString(b, vals[anType], "type")
	if v != nil {
		return v
	}
	if len(typ) == 0 {
		typ = name
	}
	switch string(typ) {
	case "message_start":
		return anthropicMessageStart(b, vals[anMessage])
	case "content_block_start":
		return anthropicBlockStart(b, vals[anIndex], vals[anContentBlock])
	case "content_block_delta":
		return anthropicBlockDelta(b, vals[anIndex], vals[anDelta])
	case "content_block_stop":
		i, v := anthropicRequiredInt(vals[anIndex], "content_block_stop.index")
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindBlockStop, index: i})
	case "message_delta":
		d, _, v := asObject(vals[anDelta], "message_delta.delta")
		if v != nil {
			return v
		}
		reason, _, v := asString(b, b.lookup(d, "stop_reason"), "message_delta.delta.stop_reason")
		if v != nil {
			return v
		}
		if len(reason) != 0 {
			b.add(event{kind: spec.KindFinish, data: reason})
		}
	case "message_stop":
		b.add(event{kind: spec.KindMessageEnd})
	case "error":
		e, _, v := asObject(vals[anError], "error.error")
		if v != nil {
			return v
		}
		var ev [2][]byte
		b.lookupN(e, anthropicErrorKeys, ev[:])
		msg, _, v := asString(b, ev[0], "error.error.message")
		if v != nil {
			return v
		}
		name, _, v := asString(b, ev[1], "error.error.type")
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindError, data: msg, name: name})
	}
	// "ping" and unknown event types carry nothing.
	return nil
}

var anthropicErrorKeys = newKeySet("message", "type")

// Members of message_start.message.
var anthropicMessageKeys = newKeySet("id", "content", "stop_reason")

// Members of a content block (message_start content or
// content_block_start.content_block).
var anthropicBlockKeys = newKeySet("type", "id", "name", "input", "text", "thinking", "signature", "data")

const (
	abType = iota
	abID
	abName
	abInput
	abText
	abThinking
	abSignature
	abData
	abBlockKeys
)

// anthropicMessageStart translates message_start: the message start, any
// content the message already holds (programmatic tool calling puts
// complete tool_use blocks there), and its stop reason if it has one.
func anthropicMessageStart(b *batch, raw []byte) *spec.Violation {
	m, _, v := asObject(raw, "message_start.message")
	if v != nil {
		return v
	}
	var mv [3][]byte
	b.lookupN(m, anthropicMessageKeys, mv[:])
	id, _, v := asString(b, mv[0], "message_start.message.id")
	if v != nil {
		return v
	}
	b.add(event{kind: spec.KindMessageStart, id: id})
	content, _, v := asArray(mv[1], "message_start.message.content")
	if v != nil {
		return v
	}
	const field = "message_start.message.content[]"
	cur := b.newArrayCursor(content)
	for pos := 0; ; pos++ {
		raw, more := cur.next()
		if !more {
			break
		}
		blk, ok, v := asObject(raw, field)
		if v != nil {
			return v
		}
		if !ok {
			continue
		}
		var bv [abBlockKeys][]byte
		b.lookupN(blk, anthropicBlockKeys, bv[:])
		typ, _, v := asString(b, bv[abType], field+".type")
		if v != nil {
			return v
		}
		switch string(typ) {
		case "tool_use", "server_tool_use", "mcp_tool_use":
			ev := event{kind: spec.KindWholeCall, server: string(typ) != "tool_use"}
			if v := anthropicCallFields(b, &bv, field, &ev); v != nil {
				return v
			}
			b.add(ev)
		case "text":
			text, _, v := asString(b, bv[abText], field+".text")
			if v != nil {
				return v
			}
			b.add(event{kind: spec.KindBlockStart, index: pos, block: spec.BlockText, data: text})
			b.add(event{kind: spec.KindBlockStop, index: pos})
		case "thinking":
			text, _, v := asString(b, bv[abThinking], field+".thinking")
			if v != nil {
				return v
			}
			sig, _, v := asString(b, bv[abSignature], field+".signature")
			if v != nil {
				return v
			}
			b.add(event{kind: spec.KindBlockStart, index: pos, block: spec.BlockThinking, data: text, sig: sig})
			b.add(event{kind: spec.KindBlockStop, index: pos})
		case "redacted_thinking":
			data, _, v := asString(b, bv[abData], field+".data")
			if v != nil {
				return v
			}
			b.add(event{kind: spec.KindBlockStart, index: pos, block: spec.BlockRedacted, data: data})
			b.add(event{kind: spec.KindBlockStop, index: pos})
		}
	}
	reason, _, v := asString(b, mv[2], "message_start.message.stop_reason")
	if v != nil {
		return v
	}
	if len(reason) != 0 {
		b.add(event{kind: spec.KindFinish, data: reason})
	}
	return nil
}

// anthropicBlockStart translates content_block_start.
func anthropicBlockStart(b *batch, index, block []byte) *spec.Violation {
	i, v := anthropicRequiredInt(index, "content_block_start.index")
	if v != nil {
		return v
	}
	const field = "content_block_start.content_block"
	blk, v := anthropicRequiredObject(block, field)
	if v != nil {
		return v
	}
	var bv [abBlockKeys][]byte
	b.lookupN(blk, anthropicBlockKeys, bv[:])
	typ, _, v := asString(b, bv[abType], field+".type")
	if v != nil {
		return v
	}
	ev := event{kind: spec.KindBlockStart, index: i, block: spec.BlockOther}
	switch string(typ) {
	case "text":
		ev.block = spec.BlockText
		ev.data, _, v = asString(b, bv[abText], field+".text")
	case "thinking":
		ev.block = spec.BlockThinking
		ev.data, _, v = asString(b, bv[abThinking], field+".thinking")
		if v == nil {
			ev.sig, _, v = asString(b, bv[abSignature], field+".signature")
		}
	case "redacted_thinking":
		ev.block = spec.BlockRedacted
		ev.data, _, v = asString(b, bv[abData], field+".data")
	case "tool_use", "server_tool_use", "mcp_tool_use":
		ev.block = spec.BlockCall
		ev.server = string(typ) != "tool_use"
		v = anthropicCallFields(b, &bv, field, &ev)
	}
	if v != nil {
		return v
	}
	b.add(ev)
	return nil
}

// Members of content_block_delta.delta.
var anthropicDeltaKeys = newKeySet("type", "text", "partial_json", "thinking", "signature")

// anthropicBlockDelta translates content_block_delta.
func anthropicBlockDelta(b *batch, index, delta []byte) *spec.Violation {
	i, v := anthropicRequiredInt(index, "content_block_delta.index")
	if v != nil {
		return v
	}
	const field = "content_block_delta.delta"
	d, v := anthropicRequiredObject(delta, field)
	if v != nil {
		return v
	}
	var dv [5][]byte
	b.lookupN(d, anthropicDeltaKeys, dv[:])
	typ, _, v := asString(b, dv[0], field+".type")
	if v != nil {
		return v
	}
	ev := event{kind: spec.KindBlockDelta, index: i, delta: spec.DeltaOther}
	switch string(typ) {
	case "text_delta":
		ev.delta = spec.DeltaText
		ev.data, _, v = asString(b, dv[1], field+".text")
	case "input_json_delta":
		// An empty argument fragment is still a delta of the call.
		ev.delta = spec.DeltaArgs
		ev.data, _, v = asString(b, dv[2], field+".partial_json")
	case "thinking_delta":
		ev.delta = spec.DeltaThinking
		ev.data, _, v = asString(b, dv[3], field+".thinking")
	case "signature_delta":
		ev.delta = spec.DeltaSignature
		ev.data, _, v = asString(b, dv[4], field+".signature")
	}
	// citations_delta and unknown deltas: content not kept.
	if v != nil {
		return v
	}
	// Empty deltas are kept: whether a delta fits its block does not depend
	// on its length (PAIR-5).
	b.add(ev)
	return nil
}

// anthropicCallFields reads the id, name and inline input of a tool_use,
// server_tool_use or mcp_tool_use block (its members in bv) into ev. The
// input is kept as compact JSON text, or left empty when it is absent, null
// or {}. field names the block in messages.
func anthropicCallFields(b *batch, bv *[abBlockKeys][]byte, field string, ev *event) *spec.Violation {
	id, _, v := asString(b, bv[abID], "")
	if v != nil {
		return withField(v, field+".id")
	}
	name, _, v := asString(b, bv[abName], "")
	if v != nil {
		return withField(v, field+".name")
	}
	ev.id, ev.name = id, name
	if raw := bv[abInput]; !isNull(raw) {
		start := len(b.arena)
		if input := b.compact(raw); string(input) == "{}" {
			b.arena = b.arena[:start]
		} else {
			ev.data = input
		}
	}
	return nil
}

// anthropicRequiredInt reads the integer value raw; absent or null is a
// FRAME-4 violation. The Bedrock decoder uses it too.
func anthropicRequiredInt(raw []byte, field string) (int, *spec.Violation) {
	n, ok, v := asInt(raw, field)
	if v != nil {
		return 0, v
	}
	if !ok {
		return 0, payloadErr(spec.FramePayload, "%s: missing", field)
	}
	return n, nil
}

// anthropicRequiredObject reads the object value raw; absent or null is a
// FRAME-4 violation. The Bedrock decoder uses it too.
func anthropicRequiredObject(raw []byte, field string) ([]byte, *spec.Violation) {
	m, ok, v := asObject(raw, field)
	if v != nil {
		return nil, v
	}
	if !ok {
		return nil, payloadErr(spec.FramePayload, "%s: missing", field)
	}
	return m, nil
}
