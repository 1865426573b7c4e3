package model

import (
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// ollamaDecoder decodes the payloads of an Ollama /api/chat stream: one
// ChatResponse object per NDJSON line (wire-formats.md §4). It keeps no
// state: every line is translated on its own.
//
//   - a non-null "error" gives one KindError (the string, or error.message);
//   - message.thinking and message.content give KindThinking and KindText;
//   - every message.tool_calls element is one KindWholeCall (function.index
//     is not used: it does not identify a call);
//   - done:true gives KindFinish (done_reason, possibly "") then
//     KindMessageEnd.
type ollamaDecoder struct{}

func (d *ollamaDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	o, v := parseObject(fr.data)
	if v != nil {
		return nil, v
	}
	if !refjson.IsNull(o["error"]) {
		msg, v := ollamaError(o["error"])
		if v != nil {
			return nil, v
		}
		return []spec.Event{{Kind: spec.KindError, Data: msg}}, nil
	}

	var out []spec.Event
	msg, _, v := asObject(o["message"], "message")
	if v != nil {
		return nil, v
	}
	thinking, _, v := asString(msg["thinking"], "message.thinking")
	if v != nil {
		return nil, v
	}
	if thinking != "" {
		out = append(out, spec.Event{Kind: spec.KindThinking, Data: thinking})
	}
	content, _, v := asString(msg["content"], "message.content")
	if v != nil {
		return nil, v
	}
	if content != "" {
		out = append(out, spec.Event{Kind: spec.KindText, Data: content})
	}
	calls, _, v := asArray(msg["tool_calls"], "message.tool_calls")
	if v != nil {
		return nil, v
	}
	for i, raw := range calls {
		ev, ok, v := ollamaCall(raw, "message.tool_calls["+strconv.Itoa(i)+"]")
		if v != nil {
			return nil, v
		}
		if ok {
			out = append(out, ev)
		}
	}

	done, _, v := asBool(o["done"], "done")
	if v != nil {
		return nil, v
	}
	if done {
		reason, _, v := asString(o["done_reason"], "done_reason")
		if v != nil {
			return nil, v
		}
		out = append(out,
			spec.Event{Kind: spec.KindFinish, Data: reason},
			spec.Event{Kind: spec.KindMessageEnd})
	}
	return out, nil
}

// ollamaError returns the text of a non-null "error" member: the string
// itself, or the "message" of an object.
func ollamaError(raw json.RawMessage) (string, *spec.Violation) {
	if raw[0] == '{' {
		e, _, v := asObject(raw, "error")
		if v != nil {
			return "", v
		}
		s, _, v := asString(e["message"], "error.message")
		return s, v
	}
	s, _, v := asString(raw, "error")
	return s, v
}

// ollamaCall translates one tool_calls element; ok is false for a null
// element, which carries no call.
func ollamaCall(raw json.RawMessage, field string) (spec.Event, bool, *spec.Violation) {
	c, ok, v := asObject(raw, field)
	if v != nil || !ok {
		return spec.Event{}, false, v
	}
	id, _, v := asString(c["id"], field+".id")
	if v != nil {
		return spec.Event{}, false, v
	}
	fn, _, v := asObject(c["function"], field+".function")
	if v != nil {
		return spec.Event{}, false, v
	}
	name, _, v := asString(fn["name"], field+".function.name")
	if v != nil {
		return spec.Event{}, false, v
	}
	args, v := ollamaArgs(fn["arguments"], field+".function.arguments")
	if v != nil {
		return spec.Event{}, false, v
	}
	return spec.Event{Kind: spec.KindWholeCall, ID: id, Name: name, Data: args}, true, nil
}

// ollamaArgs returns the argument text of a call: an object compacted
// ("{}" included), a string verbatim, "" when absent or null.
func ollamaArgs(raw json.RawMessage, field string) (string, *spec.Violation) {
	if refjson.IsNull(raw) {
		return "", nil
	}
	switch raw[0] {
	case '{':
		return refjson.Compact(raw), nil
	case '"':
		s, _, v := asString(raw, field)
		return s, v
	}
	return "", payloadErr(spec.FrameFieldType, "%s: want an object or a string, got %s", field, refjson.Clip(raw))
}
