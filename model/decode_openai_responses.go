package model

import (
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// responsesDecoder decodes the payloads of an OpenAI Responses API stream.
// The event type is the payload's "type", or the SSE event name when the
// payload has none. It keeps no state: each frame is translated on its own;
// joining deltas to their items by output_index is the state machine's job.
type responsesDecoder struct{}

func (d *responsesDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	// Proxies append the Chat Completions sentinel to Responses streams.
	if isDone(fr.data) {
		return []spec.Event{{Kind: spec.KindMessageEnd}}, nil
	}
	o, v := parseObject(fr.data)
	if v != nil {
		return nil, v
	}
	typ, _, v := asString(o["type"], "type")
	if v != nil {
		return nil, v
	}
	if typ == "" {
		typ = fr.event
	}
	switch typ {
	case "response.created":
		return responsesCreated(o)
	case "response.output_item.added":
		return responsesItemAdded(o)
	case "response.output_item.done":
		return responsesItemDone(o)
	case "response.function_call_arguments.done":
		return responsesArgsDone(o, typ, "arguments")
	case "response.custom_tool_call_input.done":
		return responsesArgsDone(o, typ, "input")
	case "response.completed", "response.incomplete":
		return responsesEnd(o, typ)
	case "response.failed":
		return responsesFailed(o)
	case "error":
		return responsesError(o)
	}
	if strings.HasSuffix(typ, ".delta") {
		return responsesDelta(o, typ)
	}
	// response.in_progress, response.queued, part .added/.done events and
	// every unknown type carry nothing for the event alphabet (FRAME-5).
	return nil, nil
}

// outputIndex returns the required output_index of o.
func outputIndex(o obj, typ string) (int, *spec.Violation) {
	n, ok, v := asInt(o["output_index"], "output_index")
	if v != nil {
		return 0, v
	}
	if !ok {
		return 0, payloadErr(spec.FramePayload, "%s without output_index", typ)
	}
	return n, nil
}

// responseObj returns the "response" member of o (nil when absent).
func responseObj(o obj) (obj, *spec.Violation) {
	r, _, v := asObject(o["response"], "response")
	return r, v
}

func responsesCreated(o obj) ([]spec.Event, *spec.Violation) {
	r, v := responseObj(o)
	if v != nil {
		return nil, v
	}
	id, _, v := asString(r["id"], "response.id")
	if v != nil {
		return nil, v
	}
	return []spec.Event{{Kind: spec.KindMessageStart, ID: id}}, nil
}

// responsesItem returns the required "item" member of o and its type.
func responsesItem(o obj, typ string) (obj, string, *spec.Violation) {
	it, ok, v := asObject(o["item"], "item")
	if v != nil {
		return nil, "", v
	}
	if !ok {
		return nil, "", payloadErr(spec.FramePayload, "%s without item", typ)
	}
	itemType, _, v := asString(it["type"], "item.type")
	if v != nil {
		return nil, "", v
	}
	return it, itemType, nil
}

func responsesItemAdded(o obj) ([]spec.Event, *spec.Violation) {
	const typ = "response.output_item.added"
	idx, v := outputIndex(o, typ)
	if v != nil {
		return nil, v
	}
	it, itemType, v := responsesItem(o, typ)
	if v != nil {
		return nil, v
	}
	ev := spec.Event{Kind: spec.KindBlockStart, Index: idx}
	switch itemType {
	case "function_call", "custom_tool_call":
		ev.Block, ev.CallKind = spec.BlockCall, spec.CallFunction
		args := "arguments"
		if itemType == "custom_tool_call" {
			ev.CallKind, args = spec.CallCustom, "input" // NAME-4
		}
		if ev.ID, ev.Name, v = responsesIdentity(it); v != nil {
			return nil, v
		}
		if ev.Item, _, v = asString(it["id"], "item.id"); v != nil {
			return nil, v
		}
		if ev.Data, _, v = asString(it[args], "item."+args); v != nil {
			return nil, v
		}
	case "message":
		ev.Block = spec.BlockText
	case "reasoning":
		ev.Block = spec.BlockThinking
	default:
		ev.Block = spec.BlockOther
	}
	return []spec.Event{ev}, nil
}

func responsesItemDone(o obj) ([]spec.Event, *spec.Violation) {
	const typ = "response.output_item.done"
	idx, v := outputIndex(o, typ)
	if v != nil {
		return nil, v
	}
	it, itemType, v := responsesItem(o, typ)
	if v != nil {
		return nil, v
	}
	ev := spec.Event{Kind: spec.KindBlockStop, Index: idx}
	switch itemType {
	case "function_call", "custom_tool_call":
		args := "arguments"
		if itemType == "custom_tool_call" {
			args = "input"
		}
		// ID-10: the done item repeats the call's identity.
		if ev.ID, ev.Name, v = responsesIdentity(it); v != nil {
			return nil, v
		}
		if ev.Data, ev.HasData, v = asString(it[args], "item."+args); v != nil {
			return nil, v
		}
	case "reasoning":
		if ev.Sig, _, v = asString(it["encrypted_content"], "item.encrypted_content"); v != nil {
			return nil, v
		}
	}
	return []spec.Event{ev}, nil
}

// responsesIdentity returns a call item's call_id and name.
func responsesIdentity(it obj) (id, name string, v *spec.Violation) {
	if id, _, v = asString(it["call_id"], "item.call_id"); v != nil {
		return "", "", v
	}
	name, _, v = asString(it["name"], "item.name")
	return id, name, v
}

// responsesDelta translates every "*.delta" event.
func responsesDelta(o obj, typ string) ([]spec.Event, *spec.Violation) {
	var kind spec.DeltaType
	switch typ {
	case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta":
		kind = spec.DeltaArgs
	case "response.output_text.delta", "response.refusal.delta":
		kind = spec.DeltaText
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
		kind = spec.DeltaThinking
	default:
		// Hosted-tool, audio and unknown deltas carry nothing
		// the outcome keeps; their items are paired by added and done
		// (FRAME-5).
		return nil, nil
	}
	idx, v := outputIndex(o, typ)
	if v != nil {
		return nil, v
	}
	data, _, v := asString(o["delta"], "delta")
	if v != nil {
		return nil, v
	}
	return []spec.Event{{Kind: spec.KindBlockDelta, Index: idx, Delta: kind, Data: data}}, nil
}

// responsesArgsDone translates function_call_arguments.done and
// custom_tool_call_input.done, whose member field repeats the final
// arguments or input (PAIR-8).
func responsesArgsDone(o obj, typ, field string) ([]spec.Event, *spec.Violation) {
	idx, v := outputIndex(o, typ)
	if v != nil {
		return nil, v
	}
	args, ok, v := asString(o[field], field)
	if v != nil || !ok {
		return nil, v
	}
	return []spec.Event{{Kind: spec.KindBlockDelta, Index: idx, Delta: spec.DeltaFinalArgs, Data: args, HasData: true}}, nil
}

// responsesEnd translates response.completed and response.incomplete.
func responsesEnd(o obj, typ string) ([]spec.Event, *spec.Violation) {
	reason := "completed"
	if typ == "response.incomplete" {
		reason = "incomplete"
		r, v := responseObj(o)
		if v != nil {
			return nil, v
		}
		det, _, v := asObject(r["incomplete_details"], "response.incomplete_details")
		if v != nil {
			return nil, v
		}
		s, _, v := asString(det["reason"], "incomplete_details.reason")
		if v != nil {
			return nil, v
		}
		if s != "" {
			reason = s
		}
	}
	return []spec.Event{{Kind: spec.KindFinish, Data: reason}, {Kind: spec.KindMessageEnd}}, nil
}

func responsesFailed(o obj) ([]spec.Event, *spec.Violation) {
	r, v := responseObj(o)
	if v != nil {
		return nil, v
	}
	e, _, v := asObject(r["error"], "response.error")
	if v != nil {
		return nil, v
	}
	ev, v := errorFields(spec.Event{Kind: spec.KindError}, e, "response.error.", "code")
	if v != nil {
		return nil, v
	}
	if ev.Name == "" {
		ev.Name = "response.failed"
	}
	return []spec.Event{ev}, nil
}

// responsesError translates the error event: documented flat
// ({"type":"error","code","message"}), observed nested
// ({"type":"error","error":{"type","code","message"}}).
func responsesError(o obj) ([]spec.Event, *spec.Violation) {
	ev := spec.Event{Kind: spec.KindError}
	e, nested, v := asObject(o["error"], "error")
	if v != nil {
		return nil, v
	}
	if nested {
		ev, v = errorFields(ev, e, "error.", "code", "type")
	} else {
		// The flat form's "type" is the event type "error", not an error
		// type: only "code" names the error.
		ev, v = errorFields(ev, o, "", "code")
	}
	if v != nil {
		return nil, v
	}
	return []spec.Event{ev}, nil
}
