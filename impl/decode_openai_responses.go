package impl

import "github.com/toolspec/toolspec/spec"

// responsesDecoder decodes the payloads of an OpenAI Responses API stream.
// The event type is the payload's "type", or the SSE event name when the
// payload has none. It keeps no state: each frame is translated on its own;
// joining deltas to their items by output_index is the state machine's job.
// It mirrors model/decode_openai_responses.go check for check.
type responsesDecoder struct{}

// The top-level members a Responses payload is read for, in one pass
// (lookupN: the last of duplicate members wins).
var respKeys = newKeySet("type", "response", "output_index", "item", "delta", "arguments", "error", "input")

const (
	respType, respResponse, respOutputIndex, respItem = 0, 1, 2, 3
	respDelta, respArguments, respError, respInput    = 4, 5, 6, 7
)

// respFields holds the raw top-level members of a payload, indexed as
// respKeys.
type respFields [8][]byte

// respItemFields holds the raw members of an item, indexed as respItemKeys.
type respItemFields [7][]byte

var (
	respItemKeys = newKeySet("type", "call_id", "name", "id", "arguments", "encrypted_content", "input")

	// Constant event data (never written to).
	respCompleted  = []byte("completed")
	respIncomplete = []byte("incomplete")
	respFailed     = []byte("response.failed")
)

const (
	respItemType, respItemCallID, respItemName, respItemID, respItemArgs, respItemEnc, respItemInput = 0, 1, 2, 3, 4, 5, 6
)

func (d *responsesDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	// Proxies append the Chat Completions sentinel to Responses streams.
	if isDone(fr.data) {
		b.add(event{kind: spec.KindMessageEnd})
		return nil
	}
	o, v := b.parseObject(fr.data)
	if v != nil {
		return v
	}
	var f respFields
	b.lookupN(o, respKeys, f[:])
	typ, _, v := asString(b, f[respType], "type")
	if v != nil {
		return v
	}
	if len(typ) == 0 {
		typ = fr.event
	}
	switch string(typ) {
	case "response.created":
		return responsesCreated(b, &f)
	case "response.output_item.added":
		return responsesItemAdded(b, &f)
	case "response.output_item.done":
		return responsesItemDone(b, &f)
	case "response.function_call_arguments.done":
		return responsesArgsDone(b, &f, respArguments, "response.function_call_arguments.done", "arguments")
	case "response.custom_tool_call_input.done":
		return responsesArgsDone(b, &f, respInput, "response.custom_tool_call_input.done", "input")
	case "response.completed":
		b.add(event{kind: spec.KindFinish, data: respCompleted})
		b.add(event{kind: spec.KindMessageEnd})
		return nil
	case "response.incomplete":
		return responsesIncomplete(b, &f)
	case "response.failed":
		return responsesFailed(b, &f)
	case "error":
		return responsesError(b, o, &f)
	}
	if n := len(typ); n >= len(".delta") && string(typ[n-len(".delta"):]) == ".delta" {
		return responsesDelta(b, &f, typ)
	}
	// response.in_progress, response.queued, part .added/.done events and
	// every unknown type carry nothing for the event alphabet (FRAME-5).
	return nil
}

// outputIndex returns the required output_index; typ names the event in the
// violation.
func outputIndex(f *respFields, typ string) (int, *spec.Violation) {
	n, ok, v := asInt(f[respOutputIndex], "output_index")
	if v != nil {
		return 0, v
	}
	if !ok {
		return 0, payloadErr(spec.FramePayload, "%s without output_index", typ)
	}
	return n, nil
}

// responseObj returns the "response" member (nil when absent).
func responseObj(f *respFields) ([]byte, *spec.Violation) {
	r, _, v := asObject(f[respResponse], "response")
	return r, v
}

func responsesCreated(b *batch, f *respFields) *spec.Violation {
	r, v := responseObj(f)
	if v != nil {
		return v
	}
	id, _, v := asString(b, b.lookup(r, "id"), "response.id")
	if v != nil {
		return v
	}
	b.add(event{kind: spec.KindMessageStart, id: id})
	return nil
}

// responsesItem reads the required "item" member into it (indexed as
// respItemKeys) and returns its type.
func responsesItem(b *batch, f *respFields, typ string, it *respItemFields) ([]byte, *spec.Violation) {
	obj, ok, v := asObject(f[respItem], "item")
	if v != nil {
		return nil, v
	}
	if !ok {
		return nil, payloadErr(spec.FramePayload, "%s without item", typ)
	}
	b.lookupN(obj, respItemKeys, it[:])
	itemType, _, v := asString(b, it[respItemType], "item.type")
	if v != nil {
		return nil, v
	}
	return itemType, nil
}

func responsesItemAdded(b *batch, f *respFields) *spec.Violation {
	const typ = "response.output_item.added"
	idx, v := outputIndex(f, typ)
	if v != nil {
		return v
	}
	var it respItemFields
	itemType, v := responsesItem(b, f, typ, &it)
	if v != nil {
		return v
	}
	ev := event{kind: spec.KindBlockStart, index: idx}
	switch string(itemType) {
	case "function_call", "custom_tool_call":
		ev.block, ev.callKind = spec.BlockCall, spec.CallFunction
		args, field := it[respItemArgs], "item.arguments"
		if string(itemType) == "custom_tool_call" {
			ev.callKind, args, field = spec.CallCustom, it[respItemInput], "item.input" // NAME-4
		}
		if ev.id, ev.name, v = responsesIdentity(b, &it); v != nil {
			return v
		}
		if ev.item, _, v = asString(b, it[respItemID], "item.id"); v != nil {
			return v
		}
		if ev.data, _, v = asString(b, args, field); v != nil {
			return v
		}
	case "message":
		ev.block = spec.BlockText
	case "reasoning":
		ev.block = spec.BlockThinking
	default:
		ev.block = spec.BlockOther
	}
	b.add(ev)
	return nil
}

func responsesItemDone(b *batch, f *respFields) *spec.Violation {
	const typ = "response.output_item.done"
	idx, v := outputIndex(f, typ)
	if v != nil {
		return v
	}
	var it respItemFields
	itemType, v := responsesItem(b, f, typ, &it)
	if v != nil {
		return v
	}
	ev := event{kind: spec.KindBlockStop, index: idx}
	switch string(itemType) {
	case "function_call", "custom_tool_call":
		args, field := it[respItemArgs], "item.arguments"
		if string(itemType) == "custom_tool_call" {
			args, field = it[respItemInput], "item.input"
		}
		// ID-10: the done item repeats the call's identity.
		if ev.id, ev.name, v = responsesIdentity(b, &it); v != nil {
			return v
		}
		if ev.data, ev.hasData, v = asString(b, args, field); v != nil {
			return v
		}
	case "reasoning":
		if ev.sig, _, v = asString(b, it[respItemEnc], "item.encrypted_content"); v != nil {
			return v
		}
	}
	b.add(ev)
	return nil
}

// responsesIdentity returns a call item's call_id and name.
func responsesIdentity(b *batch, it *respItemFields) (id, name []byte, v *spec.Violation) {
	if id, _, v = asString(b, it[respItemCallID], "item.call_id"); v != nil {
		return nil, nil, v
	}
	name, _, v = asString(b, it[respItemName], "item.name")
	return id, name, v
}

// responsesDelta translates every "*.delta" event.
func responsesDelta(b *batch, f *respFields, typ []byte) *spec.Violation {
	// name is typ as a constant, so that no string is made of it per frame.
	var kind spec.DeltaType
	var name string
	switch string(typ) {
	case "response.function_call_arguments.delta":
		kind, name = spec.DeltaArgs, "response.function_call_arguments.delta"
	case "response.custom_tool_call_input.delta":
		kind, name = spec.DeltaArgs, "response.custom_tool_call_input.delta"
	case "response.output_text.delta":
		kind, name = spec.DeltaText, "response.output_text.delta"
	case "response.refusal.delta":
		kind, name = spec.DeltaText, "response.refusal.delta"
	case "response.reasoning_summary_text.delta":
		kind, name = spec.DeltaThinking, "response.reasoning_summary_text.delta"
	case "response.reasoning_text.delta":
		kind, name = spec.DeltaThinking, "response.reasoning_text.delta"
	default:
		// Hosted-tool, audio and unknown deltas carry nothing
		// the outcome keeps; their items are paired by added and done
		// (FRAME-5).
		return nil
	}
	idx, v := outputIndex(f, name)
	if v != nil {
		return v
	}
	data, _, v := asString(b, f[respDelta], "delta")
	if v != nil {
		return v
	}
	b.add(event{kind: spec.KindBlockDelta, index: idx, delta: kind, data: data})
	return nil
}

// responsesArgsDone translates function_call_arguments.done and
// custom_tool_call_input.done, whose member f[member] (named field) repeats
// the final arguments or input (PAIR-8).
func responsesArgsDone(b *batch, f *respFields, member int, typ, field string) *spec.Violation {
	idx, v := outputIndex(f, typ)
	if v != nil {
		return v
	}
	args, ok, v := asString(b, f[member], field)
	if v != nil || !ok {
		return v
	}
	b.add(event{kind: spec.KindBlockDelta, index: idx, delta: spec.DeltaFinalArgs, data: args, hasData: true})
	return nil
}

// responsesIncomplete translates response.incomplete.
func responsesIncomplete(b *batch, f *respFields) *spec.Violation {
	r, v := responseObj(f)
	if v != nil {
		return v
	}
	det, _, v := asObject(b.lookup(r, "incomplete_details"), "response.incomplete_details")
	if v != nil {
		return v
	}
	s, _, v := asString(b, b.lookup(det, "reason"), "incomplete_details.reason")
	if v != nil {
		return v
	}
	reason := respIncomplete
	if len(s) > 0 {
		reason = s
	}
	b.add(event{kind: spec.KindFinish, data: reason})
	b.add(event{kind: spec.KindMessageEnd})
	return nil
}

func responsesFailed(b *batch, f *respFields) *spec.Violation {
	r, v := responseObj(f)
	if v != nil {
		return v
	}
	e, _, v := asObject(b.lookup(r, "error"), "response.error")
	if v != nil {
		return v
	}
	ev := event{kind: spec.KindError}
	if v := errorFields(b, &ev, e, "response.error.message", "code", "response.error.code", "", ""); v != nil {
		return v
	}
	if len(ev.name) == 0 {
		ev.name = respFailed
	}
	b.add(ev)
	return nil
}

// responsesError translates the error event: documented flat
// ({"type":"error","code","message"}), observed nested
// ({"type":"error","error":{"type","code","message"}}).
func responsesError(b *batch, o []byte, f *respFields) *spec.Violation {
	ev := event{kind: spec.KindError}
	e, nested, v := asObject(f[respError], "error")
	if v != nil {
		return v
	}
	if nested {
		v = errorFields(b, &ev, e, "error.message", "code", "error.code", "type", "error.type")
	} else {
		// The flat form's "type" is the event type "error", not an error
		// type: only "code" names the error.
		v = errorFields(b, &ev, o, "message", "code", "code", "", "")
	}
	if v != nil {
		return v
	}
	b.add(ev)
	return nil
}
