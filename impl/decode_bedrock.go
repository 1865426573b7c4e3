package impl

import (
	"bytes"
	"encoding/base64"
	"slices"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// bedrockDecoder decodes the payloads of an AWS Bedrock ConverseStream, and
// the "chunk" events of InvokeModelWithResponseStream, whose bytes are the
// invoked model's own stream events: Anthropic events (Claude) or Converse
// events (Amazon Nova). It is an allocation-free port of
// model/decode_bedrock.go; the one state kept is the shape the stream's
// chunks carry (FRAME-4).
//
// Frames come from the binary event-stream framer, which names the event in
// fr.event and the message type in fr.msgType, or from the JSON-lines
// framer, where each line wraps its payload as {"<eventType>": payload}.
type bedrockDecoder struct {
	invoke invokeShape // the shape of the stream's chunks; invokeUnknown before the first
}

// invokeShape is the shape of the payloads InvokeModelWithResponseStream
// chunks carry (FRAME-4).
type invokeShape uint8

const (
	invokeUnknown   invokeShape = iota // no chunk yet
	invokeAnthropic                    // Anthropic Messages events, with a type (Claude)
	invokeConverse                     // one Converse event a chunk, {"<eventType>": payload} (Amazon Nova)
)

// event names one event of the shape, for violation messages.
func (s invokeShape) event() string {
	if s == invokeConverse {
		return "a Converse event"
	}
	return "an Anthropic event"
}

// invokeShapeKeys are the members that tell a chunk's shape: the Anthropic
// type, then the Converse stream event types a Nova chunk may carry, in the
// order the reference looks for them.
var invokeShapeKeys = newKeySet("type", "messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata")

const converseEventList = "messageStart, contentBlockStart, contentBlockDelta, contentBlockStop, messageStop, metadata"

func (d *bedrockDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	switch string(fr.msgType) {
	case "error":
		// An error message carries its code and text in headers, not in
		// the payload (FRAME-3).
		b.add(event{kind: spec.KindError, name: fr.errCode, data: fr.errMsg})
		return nil
	case "exception":
		name := fr.excType
		if len(name) == 0 {
			name = fr.event
		}
		o, v := b.parseObject(fr.data)
		if v != nil {
			return v
		}
		return bedrockException(b, o, name)
	case "event":
		o, v := b.parseObject(fr.data)
		if v != nil {
			return v
		}
		return d.event(b, fr.event, o)
	case "":
		if len(fr.event) != 0 {
			o, v := b.parseObject(fr.data)
			if v != nil {
				return v
			}
			if bytes.HasSuffix(fr.event, []byte("Exception")) {
				// An exception pushed by its event type, as SDKs name it:
				// a provider error like the line's (END-5).
				return bedrockException(b, o, fr.event)
			}
			return d.event(b, fr.event, o)
		}
		return d.line(b, fr.data)
	}
	// Unknown event-stream message types carry nothing (FRAME-5).
	return nil
}

// line decodes one JSON line {"<eventType>": payload}. The reference
// decodes the line into a map, so the line must have exactly one distinct
// (decoded) key; repeated keys count once and the last value wins.
func (d *bedrockDecoder) line(b *batch, data []byte) *spec.Violation {
	line, v := b.parseObject(data)
	if v != nil {
		return v
	}
	var typ, raw []byte
	n, same := 0, true
	b.eachMember(line, func(k, val []byte) {
		if n == 0 {
			typ = b.str(k)
		} else if same && !bedrockSameKey(b, typ, k) {
			same = false
		}
		if same {
			raw = val
		}
		n++
	})
	if n == 0 || !same {
		return payloadErr(spec.FrameFieldType, "line: want an object with exactly one member, the event type, got %d", bedrockDistinctKeys(b, line))
	}
	o, _, v := asObject(raw, "")
	if v != nil {
		return withField(v, string(typ))
	}
	if bytes.HasSuffix(typ, []byte("Exception")) {
		return bedrockException(b, o, typ)
	}
	return d.event(b, typ, o)
}

// bedrockSameKey reports whether the raw quoted key k decodes to s. A key
// with escapes or non-ASCII bytes is decoded into the arena, which is then
// truncated back.
func bedrockSameKey(b *batch, s, k []byte) bool {
	start := len(b.arena)
	d := b.str(k)
	eq := bytes.Equal(d, s)
	b.arena = b.arena[:start]
	return eq
}

// bedrockDistinctKeys counts the distinct decoded keys of the valid object
// o, as len() of the reference's map does, in O(n log n). It is used on the
// violation path only, and allocates.
func bedrockDistinctKeys(b *batch, o []byte) int {
	var keys []string
	b.eachMember(o, func(k, _ []byte) {
		keys = append(keys, string(jsonwire.AppendUnquote(nil, k)))
	})
	slices.Sort(keys)
	return len(slices.Compact(keys))
}

var bedrockExceptionKeys = newKeySet("message", "Message")

// bedrockException translates an exception payload {"message": ...} of
// type name; o is nil when the payload is null.
func bedrockException(b *batch, o, name []byte) *spec.Violation {
	var vals [2][]byte
	b.lookupN(o, bedrockExceptionKeys, vals[:])
	key, raw := "message", vals[0]
	if raw == nil {
		key, raw = "Message", vals[1]
	}
	msg, _, v := asString(b, raw, "")
	if v != nil {
		return withField(v, string(name)+"."+key)
	}
	b.add(event{kind: spec.KindError, data: msg, name: name})
	return nil
}

// event translates the payload o (nil when null) of the event typ: a
// chunk's bytes are read by chunk, every other event by bedrockEvent.
func (d *bedrockDecoder) event(b *batch, typ, o []byte) *spec.Violation {
	if string(typ) != "chunk" {
		return bedrockEvent(b, typ, o)
	}
	s, ok, v := asString(b, b.lookup(o, "bytes"), "chunk.bytes")
	if v != nil {
		return v
	}
	if !ok {
		return payloadErr(spec.FramePayload, "chunk.bytes: missing")
	}
	// As base64.StdEncoding.DecodeString does, into the arena: s may
	// itself lie in the arena, before the bytes written here.
	n := base64.StdEncoding.DecodedLen(len(s))
	start := len(b.arena)
	b.arena = slices.Grow(b.arena, n)
	m, err := base64.StdEncoding.Decode(b.arena[start:start+n], s)
	if err != nil {
		b.arena = b.arena[:start]
		return payloadErr(spec.FramePayload, "chunk.bytes: bad base64: %v", err)
	}
	b.arena = b.arena[:start+m]
	return d.chunk(b, b.arena[start:start+m:start+m])
}

// chunk translates the decoded bytes of an InvokeModelWithResponseStream
// chunk (FRAME-4): an Anthropic event, which has a type, or one Converse
// event, an object with exactly one member named by a Converse event type
// (other members, such as the amazon-bedrock-invocationMetrics Bedrock
// adds to the last chunk, are ignored: FRAME-5). A chunk of neither shape,
// or of the other shape than the stream's first chunk, is a violation. A
// stream of Anthropic chunks keeps the Anthropic fast path.
func (d *bedrockDecoder) chunk(b *batch, data []byte) *spec.Violation {
	if d.invoke != invokeConverse {
		// A fast-path delta has a type: it is an Anthropic event.
		if n := len(b.evs); !invariants.Sometimes(10) && anthropicFastDelta(b, data) {
			if invariants.Enabled {
				checkEvents("anthropicFastDelta", b.evs[n:], data, func(g *batch) *spec.Violation { return decodeAnthropicGeneral(g, data, nil) })
			}
			d.invoke = invokeAnthropic
			return nil
		}
	}
	o, v := b.parseObject(data)
	if v != nil {
		return v
	}
	var vals [7][]byte
	b.lookupN(o, invokeShapeKeys, vals[:])
	shape, k := invokeAnthropic, 0
	if isNull(vals[0]) {
		names := 0
		for j := 1; j < len(vals); j++ {
			if !isNull(vals[j]) {
				names++
				k = j
			}
		}
		if names != 1 {
			return payloadErr(spec.FramePayload, "chunk.bytes: neither an Anthropic event (no type) nor one Converse event (%d members among %s)", names, converseEventList)
		}
		shape = invokeConverse
	}
	if d.invoke != invokeUnknown && shape != d.invoke {
		return payloadErr(spec.FramePayload, "chunk.bytes: %s in a stream whose first chunk carried %s", shape.event(), d.invoke.event())
	}
	d.invoke = shape
	if shape == invokeAnthropic {
		return decodeAnthropicGeneral(b, data, nil)
	}
	typ := invokeShapeKeys.keys[k]
	p, _, v := asObject(vals[k], "")
	if v != nil {
		return withField(v, "chunk.bytes."+typ)
	}
	return bedrockEvent(b, []byte(typ), p)
}

// bedrockEvent translates the payload o (nil when null) of the
// ConverseStream event typ. Unknown events, metadata and the "p" padding
// field carry nothing.
func bedrockEvent(b *batch, typ, o []byte) *spec.Violation {
	switch string(typ) {
	case "messageStart":
		b.add(event{kind: spec.KindMessageStart})
	case "contentBlockStart":
		return bedrockBlockStart(b, o)
	case "contentBlockDelta":
		return bedrockBlockDelta(b, o)
	case "contentBlockStop":
		i, v := anthropicRequiredInt(b.lookup(o, "contentBlockIndex"), "contentBlockStop.contentBlockIndex")
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindBlockStop, index: i})
	case "messageStop":
		reason, _, v := asString(b, b.lookup(o, "stopReason"), "messageStop.stopReason")
		if v != nil {
			return v
		}
		if len(reason) != 0 {
			b.add(event{kind: spec.KindFinish, data: reason})
		}
		b.add(event{kind: spec.KindMessageEnd})
	}
	return nil
}

var bedrockStartKeys = newKeySet("contentBlockIndex", "start")

var bedrockToolUseKeys = newKeySet("toolUseId", "name", "type")

// bedrockBlockStart translates contentBlockStart {contentBlockIndex, start}.
func bedrockBlockStart(b *batch, o []byte) *spec.Violation {
	var vals [2][]byte
	b.lookupN(o, bedrockStartKeys, vals[:])
	i, v := anthropicRequiredInt(vals[0], "contentBlockStart.contentBlockIndex")
	if v != nil {
		return v
	}
	start, v := anthropicRequiredObject(vals[1], "contentBlockStart.start")
	if v != nil {
		return v
	}
	const field = "contentBlockStart.start.toolUse"
	tu, ok, v := asObject(b.lookup(start, "toolUse"), field)
	if v != nil {
		return v
	}
	if !ok {
		// toolResult and unknown starts.
		b.add(event{kind: spec.KindBlockStart, index: i, block: spec.BlockOther})
		return nil
	}
	var tv [3][]byte
	b.lookupN(tu, bedrockToolUseKeys, tv[:])
	ev := event{kind: spec.KindBlockStart, index: i, block: spec.BlockCall}
	if ev.id, _, v = asString(b, tv[0], field+".toolUseId"); v != nil {
		return v
	}
	if ev.name, _, v = asString(b, tv[1], field+".name"); v != nil {
		return v
	}
	kind, _, v := asString(b, tv[2], field+".type")
	if v != nil {
		return v
	}
	ev.server = string(kind) == "server_tool_use"
	b.add(ev)
	return nil
}

var bedrockBlockDeltaKeys = newKeySet("contentBlockIndex", "delta")

// Members of contentBlockDelta.delta, a union.
var bedrockDeltaKeys = newKeySet("text", "toolUse", "reasoningContent", "citation", "toolResult", "image")

const (
	bdText = iota
	bdToolUse
	bdReasoning
	bdCitation
	bdToolResult
	bdImage
	bdKeys
)

// Members of reasoningContent, in the order the reference reads them, with
// the delta type each gives.
var bedrockReasoningKeys = newKeySet("text", "signature", "redactedContent")

var bedrockReasoningTypes = [...]spec.DeltaType{spec.DeltaThinking, spec.DeltaSignature, spec.DeltaRedacted}

// bedrockBlockDelta translates contentBlockDelta {contentBlockIndex, delta}.
// The delta is a union; its first known member is used.
func bedrockBlockDelta(b *batch, o []byte) *spec.Violation {
	var vals [2][]byte
	b.lookupN(o, bedrockBlockDeltaKeys, vals[:])
	i, v := anthropicRequiredInt(vals[0], "contentBlockDelta.contentBlockIndex")
	if v != nil {
		return v
	}
	const field = "contentBlockDelta.delta"
	d, v := anthropicRequiredObject(vals[1], field)
	if v != nil {
		return v
	}
	var dv [bdKeys][]byte
	b.lookupN(d, bedrockDeltaKeys, dv[:])
	if !isNull(dv[bdText]) {
		// Deltas are kept even when empty: an empty first delta still opens
		// its block (PAIR-7).
		text, _, v := asString(b, dv[bdText], field+".text")
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindBlockDelta, index: i, delta: spec.DeltaText, data: text})
		return nil
	}
	tu, ok, v := asObject(dv[bdToolUse], field+".toolUse")
	if v != nil {
		return v
	}
	if ok {
		input, _, v := asString(b, b.lookup(tu, "input"), field+".toolUse.input")
		if v != nil {
			return v
		}
		// An empty argument fragment is still a delta of the call.
		b.add(event{kind: spec.KindBlockDelta, index: i, delta: spec.DeltaArgs, data: input})
		return nil
	}
	rc, ok, v := asObject(dv[bdReasoning], field+".reasoningContent")
	if v != nil {
		return v
	}
	if !ok {
		// citation, toolResult and image deltas: content not kept; unknown
		// members are ignored (FRAME-5).
		if !isNull(dv[bdCitation]) || !isNull(dv[bdToolResult]) || !isNull(dv[bdImage]) {
			b.add(event{kind: spec.KindBlockDelta, index: i, delta: spec.DeltaOther})
		}
		return nil
	}
	var rv [3][]byte
	b.lookupN(rc, bedrockReasoningKeys, rv[:])
	for k := range rv {
		s, ok, v := asString(b, rv[k], "")
		if v != nil {
			return withField(v, field+".reasoningContent."+bedrockReasoningKeys.keys[k])
		}
		if ok {
			b.add(event{kind: spec.KindBlockDelta, index: i, delta: bedrockReasoningTypes[k], data: s})
		}
	}
	return nil // no known member: ignored (FRAME-5)
}
