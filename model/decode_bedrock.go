package model

import (
	"encoding/base64"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// bedrockDecoder decodes the payloads of an AWS Bedrock ConverseStream
// (wire-formats.md section 6), and the "chunk" events of
// InvokeModelWithResponseStream, whose bytes are Anthropic events. It keeps
// no state.
//
// Frames come from the binary event-stream framer, which names the event in
// fr.event and the message type in fr.msgType, or from the JSON-lines
// framer, where each line wraps its payload as {"<eventType>": payload}.
type bedrockDecoder struct{}

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
		return bedrockEvent(fr.event, o)
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
			return bedrockEvent(fr.event, o)
		}
		return bedrockLine(fr.data)
	}
	// Unknown event-stream message types carry nothing (FRAME-5).
	return nil, nil
}

// bedrockLine decodes one JSON line {"<eventType>": payload}.
func bedrockLine(data []byte) ([]spec.Event, *spec.Violation) {
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
		return bedrockEvent(typ, o)
	}
	return nil, nil // unreachable: the line has one member
}

// bedrockException translates an exception payload {"message": ...} of
// type name.
func bedrockException(o obj, name string) ([]spec.Event, *spec.Violation) {
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

// bedrockEvent translates the payload o of the event typ. Unknown events,
// metadata and the "p" padding field carry nothing.
func bedrockEvent(typ string, o obj) ([]spec.Event, *spec.Violation) {
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
	case "chunk":
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
		return decodeAnthropicPayload(inner, "")
	}
	return nil, nil
}

// bedrockBlockStart translates contentBlockStart {contentBlockIndex, start}.
func bedrockBlockStart(o obj) ([]spec.Event, *spec.Violation) {
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
func bedrockBlockDelta(o obj) ([]spec.Event, *spec.Violation) {
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
	if !isNull(d["text"]) {
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
			if !isNull(d[k]) {
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
