package model

import (
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// geminiDecoder decodes the payloads of a Gemini / Vertex AI
// streamGenerateContent stream: one GenerateContentResponse per SSE data
// payload or JSON line (wire-formats.md §5). Every frame is translated on
// its own, in part order; the one state kept is the responseId of the
// current message (ORD-4).
//
//   - a non-null "error" gives one KindError (error.message, error.status);
//   - a non-empty responseId other than the current message's gives
//     KindMessageStart first; the first one seen names the current message
//     and gives nothing;
//   - a text part gives KindThinking (thought:true) or KindText;
//   - a functionCall part gives KindWholeCall, or, for Vertex streamed
//     arguments, KindPathOpen / KindPathArg / KindPathClose;
//   - a thoughtSignature on a part that is neither text nor functionCall
//     gives KindSignature;
//   - a candidate's finishReason gives KindFinish;
//   - a promptFeedback.blockReason gives KindFinish of choice 0 after the
//     candidates: the prompt was blocked, and no candidate follows (END-4).
//
// Gemini has no end-of-message signal: the stream just ends.
type geminiDecoder struct {
	respID string // responseId of the current message; "" before the first
}

func (d *geminiDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	o, v := parseObject(fr.data)
	if v != nil {
		return nil, v
	}
	if !refjson.IsNull(o["error"]) {
		e, _, v := asObject(o["error"], "error")
		if v != nil {
			return nil, v
		}
		msg, _, v := asString(e["message"], "error.message")
		if v != nil {
			return nil, v
		}
		status, _, v := asString(e["status"], "error.status")
		if v != nil {
			return nil, v
		}
		return []spec.Event{{Kind: spec.KindError, Data: msg, Name: status}}, nil
	}

	id, _, v := asString(o["responseId"], "responseId")
	if v != nil {
		return nil, v
	}
	cands, _, v := asArray(o["candidates"], "candidates")
	if v != nil {
		return nil, v
	}
	var out []spec.Event
	// ORD-4: a new responseId is a new response; an absent or empty one
	// belongs to the current message.
	if id != "" && id != d.respID {
		if d.respID != "" {
			out = append(out, spec.Event{Kind: spec.KindMessageStart, ID: id})
		}
		d.respID = id
	}
	for i, raw := range cands {
		field := "candidates[" + strconv.Itoa(i) + "]"
		c, ok, v := asObject(raw, field)
		if v != nil {
			return nil, v
		}
		if !ok {
			continue
		}
		choice, ok, v := asInt(c["index"], field+".index")
		if v != nil {
			return nil, v
		}
		if !ok {
			choice = i // Vertex omits the index
		}
		evs, v := geminiCandidate(c, field)
		if v != nil {
			return nil, v
		}
		for _, ev := range evs {
			ev.Choice = choice
			out = append(out, ev)
		}
	}
	// END-4: a blocked prompt has a blockReason and no candidates; the
	// reason is the finish of choice 0 (END-7 ignores it when a candidate
	// finished choice 0 already).
	fb, _, v := asObject(o["promptFeedback"], "promptFeedback")
	if v != nil {
		return nil, v
	}
	block, _, v := asString(fb["blockReason"], "promptFeedback.blockReason")
	if v != nil {
		return nil, v
	}
	if block != "" {
		out = append(out, spec.Event{Kind: spec.KindFinish, Data: block})
	}
	return out, nil
}

// geminiCandidate translates the parts of one candidate, then its
// finishReason. Choice is set by the caller.
func geminiCandidate(c refjson.Object, field string) ([]spec.Event, *spec.Violation) {
	var out []spec.Event
	content, _, v := asObject(c["content"], field+".content")
	if v != nil {
		return nil, v
	}
	parts, _, v := asArray(content["parts"], field+".content.parts")
	if v != nil {
		return nil, v
	}
	for j, raw := range parts {
		evs, v := geminiPart(raw, field+".content.parts["+strconv.Itoa(j)+"]")
		if v != nil {
			return nil, v
		}
		out = append(out, evs...)
	}
	reason, _, v := asString(c["finishReason"], field+".finishReason")
	if v != nil {
		return nil, v
	}
	if reason != "" {
		out = append(out, spec.Event{Kind: spec.KindFinish, Data: reason})
	}
	return out, nil
}

// geminiPart translates one part. Parts that carry neither text, a
// functionCall nor a signature (executableCode, inlineData, ...) give
// nothing.
func geminiPart(raw json.RawMessage, field string) ([]spec.Event, *spec.Violation) {
	p, ok, v := asObject(raw, field)
	if v != nil || !ok {
		return nil, v
	}
	sig, _, v := asString(p["thoughtSignature"], field+".thoughtSignature")
	if v != nil {
		return nil, v
	}
	text, hasText, v := asString(p["text"], field+".text")
	if v != nil {
		return nil, v
	}
	thought, _, v := asBool(p["thought"], field+".thought")
	if v != nil {
		return nil, v
	}
	fc, hasCall, v := asObject(p["functionCall"], field+".functionCall")
	if v != nil {
		return nil, v
	}

	var out []spec.Event
	// An empty text is skipped unless it is what carries the signature.
	if hasText && (text != "" || (sig != "" && !hasCall)) {
		kind := spec.KindText
		if thought {
			kind = spec.KindThinking
		}
		out = append(out, spec.Event{Kind: kind, Data: text, Sig: sig})
	}
	if hasCall {
		evs, v := geminiCall(fc, sig, field+".functionCall")
		if v != nil {
			return nil, v
		}
		out = append(out, evs...)
	}
	if !hasText && !hasCall && sig != "" {
		out = append(out, spec.Event{Kind: spec.KindSignature, Sig: sig})
	}
	return out, nil
}

// geminiCall translates one functionCall (wire-formats.md §5.3, §5.4).
func geminiCall(fc refjson.Object, sig, field string) ([]spec.Event, *spec.Violation) {
	id, _, v := asString(fc["id"], field+".id")
	if v != nil {
		return nil, v
	}
	name, _, v := asString(fc["name"], field+".name")
	if v != nil {
		return nil, v
	}
	more, _, v := asBool(fc["willContinue"], field+".willContinue")
	if v != nil {
		return nil, v
	}
	partial, _, v := asArray(fc["partialArgs"], field+".partialArgs")
	if v != nil {
		return nil, v
	}
	args, hasArgs, v := geminiArgs(fc["args"], field+".args")
	if v != nil {
		return nil, v
	}

	// FRAME-6: a null element is an absent one, so partialArgs [null] is
	// partialArgs [].
	present := 0
	for _, raw := range partial {
		if !refjson.IsNull(raw) {
			present++
		}
	}
	switch {
	case present > 0:
		// Streamed arguments; a name opens the call first.
		var out []spec.Event
		if name != "" {
			out = append(out, spec.Event{Kind: spec.KindPathOpen, ID: id, Name: name, Sig: sig})
		}
		for k, raw := range partial {
			if refjson.IsNull(raw) {
				continue
			}
			ev, v := geminiPartialArg(raw, field+".partialArgs["+strconv.Itoa(k)+"]")
			if v != nil {
				return nil, v
			}
			out = append(out, ev)
		}
		return out, nil
	case name != "" && more:
		return []spec.Event{{Kind: spec.KindPathOpen, ID: id, Name: name, Sig: sig}}, nil
	case name != "" || hasArgs:
		// A complete call. A nameless call with arguments is passed on as
		// it is (the state machine judges it), not taken for a close.
		return []spec.Event{{Kind: spec.KindWholeCall, ID: id, Name: name, Data: args, Sig: sig}}, nil
	case more:
		return nil, nil // keep-alive between streamed arguments
	}
	return []spec.Event{{Kind: spec.KindPathClose}}, nil
}

// geminiArgs returns the compacted text of a functionCall's args object
// ("{}" included); ok is false when args is absent or null.
func geminiArgs(raw json.RawMessage, field string) (string, bool, *spec.Violation) {
	if refjson.IsNull(raw) {
		return "", false, nil
	}
	if raw[0] != '{' {
		return "", false, payloadErr(spec.FrameFieldType, "%s: want an object, got %s", field, refjson.Clip(raw))
	}
	return refjson.Compact(raw), true, nil
}

// geminiPartialArg translates one Vertex PartialArg (not null) into a
// KindPathArg.
func geminiPartialArg(raw json.RawMessage, field string) (spec.Event, *spec.Violation) {
	a, _, v := asObject(raw, field)
	if v != nil {
		return spec.Event{}, v
	}
	path, _, v := asString(a["jsonPath"], field+".jsonPath")
	if v != nil {
		return spec.Event{}, v
	}
	more, _, v := asBool(a["willContinue"], field+".willContinue")
	if v != nil {
		return spec.Event{}, v
	}
	ev := spec.Event{Kind: spec.KindPathArg, Path: path, More: more}

	s, ok, v := asString(a["stringValue"], field+".stringValue")
	if v != nil {
		return spec.Event{}, v
	}
	if ok {
		ev.Delta, ev.Data = spec.DeltaString, s
		return ev, nil
	}
	if n := a["numberValue"]; !refjson.IsNull(n) {
		if !geminiIsNumber(n) {
			return spec.Event{}, payloadErr(spec.FrameFieldType, "%s.numberValue: want a number, got %s", field, refjson.Clip(n))
		}
		ev.Delta, ev.Data = spec.DeltaJSON, refjson.Compact(n)
		return ev, nil
	}
	b, ok, v := asBool(a["boolValue"], field+".boolValue")
	if v != nil {
		return spec.Event{}, v
	}
	if ok {
		ev.Delta, ev.Data = spec.DeltaJSON, strconv.FormatBool(b)
		return ev, nil
	}
	// nullValue is the protobuf NullValue: JSON null (or "NULL_VALUE"), so
	// its presence, not its value, is what counts.
	if _, ok := a["nullValue"]; ok {
		ev.Delta, ev.Data = spec.DeltaJSON, "null"
		return ev, nil
	}
	return spec.Event{}, payloadErr(spec.FrameFieldType, "%s: no stringValue, numberValue, boolValue or nullValue", field)
}

// geminiIsNumber reports whether raw (a valid JSON value) is a number.
func geminiIsNumber(raw json.RawMessage) bool {
	c := raw[0]
	return c == '-' || (c >= '0' && c <= '9')
}
