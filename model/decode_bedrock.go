package model

import (
	"encoding/base64"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// bedrockDecoder decodes the payloads of an AWS Bedrock ConverseStream
// (wire-formats.md section 6), and the "chunk" events of
// InvokeModelWithResponseStream, whose bytes are the invoked model's own
// stream events: Anthropic events (Claude) or Converse events (Amazon
// Nova). The one state kept is the shape the stream's chunks carry
// (FRAME-4).
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

// converseEvents are the Converse stream event types a Nova chunk may
// carry, in the order the reference looks for them.
var converseEvents = []string{"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata"}

func (d *bedrockDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	switch fr.msgType {
	case "error":
		// An error message carries its code and text in headers, not in
		// the payload (FRAME-3).
		return []spec.Event{{Kind: spec.KindError, Name: fr.errCode, Data: fr.errMsg}}, nil
	case "exception":
		name := fr.excType
		if name == "" {
			name = fr.event
		}
		o, v := parseObject(fr.data)
		if v != nil {
			return nil, v
		}
		return bedrockException(o, name)
	case "event":
		o, v := parseObject(fr.data)
		if v != nil {
			return nil, v
		}
		return d.event(fr.event, o)
	case "":
		if fr.event != "" {
			o, v := parseObject(fr.data)
			if v != nil {
				return nil, v
			}
			if strings.HasSuffix(fr.event, "Exception") {
				// An exception named by its event type: a provider error
				// like the line's (END-5).
				return bedrockException(o, fr.event)
			}
			return d.event(fr.event, o)
		}
		return d.line(fr.data)
	}
	// Unknown event-stream message types carry nothing (FRAME-5).
	return nil, nil
}

// line decodes one JSON line {"<eventType>": payload}.
func (d *bedrockDecoder) line(data []byte) ([]spec.Event, *spec.Violation) {
	line, v := parseObject(data)
	if v != nil {
		return nil, v
	}
	if len(line) != 1 {
		return nil, payloadErr(spec.FrameFieldType, "line: want an object with exactly one member, the event type, got %d", len(line))
	}
	for typ, raw := range line {
		o, _, v := asObject(raw, typ)
		if v != nil {
			return nil, v
		}
		if strings.HasSuffix(typ, "Exception") {
			return bedrockException(o, typ)
		}
		return d.event(typ, o)
	}
	return nil, nil // unreachable: the line has one member
}

// bedrockException translates an exception payload {"message": ...} of
// type name.
func bedrockException(o refjson.Object, name string) ([]spec.Event, *spec.Violation) {
	key := "message"
	if _, ok := o[key]; !ok {
		key = "Message"
	}
	msg, _, v := asString(o[key], name+"."+key)
	if v != nil {
		return nil, v
	}
	return []spec.Event{{Kind: spec.KindError, Data: msg, Name: name}}, nil
}

// event translates the payload o of the event typ: a chunk's bytes are
// read by chunk, every other event by bedrockEvent.
func (d *bedrockDecoder) event(typ string, o refjson.Object) ([]spec.Event, *spec.Violation) {
	if typ != "chunk" {
		return bedrockEvent(typ, o)
	}
	s, ok, v := asString(o["bytes"], "chunk.bytes")
	if v != nil {
		return nil, v
	}
	if !ok {
		return nil, payloadErr(spec.FramePayload, "chunk.bytes: missing")
	}
	inner, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, payloadErr(spec.FramePayload, "chunk.bytes: bad base64: %v", err)
	}
	return d.chunk(inner)
}

// chunk translates the decoded bytes of an InvokeModelWithResponseStream
// chunk (FRAME-4): an Anthropic event, which has a type, or one Converse
// event, an object with exactly one member named by a Converse event type
// (other members, such as the amazon-bedrock-invocationMetrics Bedrock
// adds to the last chunk, are ignored: FRAME-5). A chunk of neither shape,
// or of the other shape than the stream's first chunk, is a violation.
func (d *bedrockDecoder) chunk(data []byte) ([]spec.Event, *spec.Violation) {
	o, v := parseObject(data)
	if v != nil {
		return nil, v
	}
	shape, typ := invokeAnthropic, ""
	if refjson.IsNull(o["type"]) {
		var names []string
		for _, k := range converseEvents {
			if !refjson.IsNull(o[k]) {
				names = append(names, k)
			}
		}
		if len(names) != 1 {
			return nil, payloadErr(spec.FramePayload, "chunk.bytes: neither an Anthropic event (no type) nor one Converse event (%d members among %s)",
				len(names), strings.Join(converseEvents, ", "))
		}
		shape, typ = invokeConverse, names[0]
	}
	if d.invoke != invokeUnknown && shape != d.invoke {
		return nil, payloadErr(spec.FramePayload, "chunk.bytes: %s in a stream whose first chunk carried %s", shape.event(), d.invoke.event())
	}
	d.invoke = shape
	if shape == invokeAnthropic {
		return decodeAnthropicPayload(data, "")
	}
	p, _, v := asObject(o[typ], "chunk.bytes."+typ)
	if v != nil {
		return nil, v
	}
	return bedrockEvent(typ, p)
}

// bedrockEvent translates the payload o of the ConverseStream event typ.
// Unknown events, metadata and the "p" padding field carry nothing.
func bedrockEvent(typ string, o refjson.Object) ([]spec.Event, *spec.Violation) {
	switch typ {
	case "messageStart":
		return []spec.Event{{Kind: spec.KindMessageStart}}, nil
	case "contentBlockStart":
		return bedrockBlockStart(o)
	case "contentBlockDelta":
		return bedrockBlockDelta(o)
	case "contentBlockStop":
		i, v := anthropicRequiredInt(o, "contentBlockIndex", "contentBlockStop.contentBlockIndex")
		if v != nil {
			return nil, v
		}
		return []spec.Event{{Kind: spec.KindBlockStop, Index: i}}, nil
	case "messageStop":
		reason, _, v := asString(o["stopReason"], "messageStop.stopReason")
		if v != nil {
			return nil, v
		}
		var evs []spec.Event
		if reason != "" {
			evs = append(evs, spec.Event{Kind: spec.KindFinish, Data: reason})
		}
		return append(evs, spec.Event{Kind: spec.KindMessageEnd}), nil
	}
	return nil, nil
}

// bedrockBlockStart translates contentBlockStart {contentBlockIndex, start}.
func bedrockBlockStart(o refjson.Object) ([]spec.Event, *spec.Violation) {
	i, v := anthropicRequiredInt(o, "contentBlockIndex", "contentBlockStart.contentBlockIndex")
	if v != nil {
		return nil, v
	}
	start, v := anthropicRequiredObject(o, "start", "contentBlockStart.start")
	if v != nil {
		return nil, v
	}
	const field = "contentBlockStart.start.toolUse"
	tu, ok, v := asObject(start["toolUse"], field)
	if v != nil {
		return nil, v
	}
	if !ok {
		// toolResult and unknown starts.
		return []spec.Event{{Kind: spec.KindBlockStart, Index: i, Block: spec.BlockOther}}, nil
	}
	ev := spec.Event{Kind: spec.KindBlockStart, Index: i, Block: spec.BlockCall}
	if ev.ID, _, v = asString(tu["toolUseId"], field+".toolUseId"); v != nil {
		return nil, v
	}
	if ev.Name, _, v = asString(tu["name"], field+".name"); v != nil {
		return nil, v
	}
	kind, _, v := asString(tu["type"], field+".type")
	if v != nil {
		return nil, v
	}
	ev.Server = kind == "server_tool_use"
	return []spec.Event{ev}, nil
}

// bedrockBlockDelta translates contentBlockDelta {contentBlockIndex, delta}.
// The delta is a union; its first known member is used.
func bedrockBlockDelta(o refjson.Object) ([]spec.Event, *spec.Violation) {
	i, v := anthropicRequiredInt(o, "contentBlockIndex", "contentBlockDelta.contentBlockIndex")
	if v != nil {
		return nil, v
	}
	const field = "contentBlockDelta.delta"
	d, v := anthropicRequiredObject(o, "delta", field)
	if v != nil {
		return nil, v
	}
	delta := func(t spec.DeltaType, data string) spec.Event {
		return spec.Event{Kind: spec.KindBlockDelta, Index: i, Delta: t, Data: data}
	}
	if !refjson.IsNull(d["text"]) {
		// Deltas are kept even when empty: an empty first delta still opens
		// its block (PAIR-7).
		text, _, v := asString(d["text"], field+".text")
		if v != nil {
			return nil, v
		}
		return []spec.Event{delta(spec.DeltaText, text)}, nil
	}
	tu, ok, v := asObject(d["toolUse"], field+".toolUse")
	if v != nil {
		return nil, v
	}
	if ok {
		input, _, v := asString(tu["input"], field+".toolUse.input")
		if v != nil {
			return nil, v
		}
		// An empty argument fragment is still a delta of the call.
		return []spec.Event{delta(spec.DeltaArgs, input)}, nil
	}
	rc, ok, v := asObject(d["reasoningContent"], field+".reasoningContent")
	if v != nil {
		return nil, v
	}
	if !ok {
		// citation, toolResult and image deltas: content not kept; unknown
		// members are ignored (FRAME-5).
		for _, k := range []string{"citation", "toolResult", "image"} {
			if !refjson.IsNull(d[k]) {
				return []spec.Event{delta(spec.DeltaOther, "")}, nil
			}
		}
		return nil, nil
	}
	members := []struct {
		key string
		typ spec.DeltaType
	}{
		{"text", spec.DeltaThinking},
		{"signature", spec.DeltaSignature},
		{"redactedContent", spec.DeltaRedacted},
	}
	var evs []spec.Event
	for _, m := range members {
		s, ok, v := asString(rc[m.key], field+".reasoningContent."+m.key)
		if v != nil {
			return nil, v
		}
		if ok {
			evs = append(evs, delta(m.typ, s))
		}
	}
	return evs, nil // no known member: ignored (FRAME-5)
}
