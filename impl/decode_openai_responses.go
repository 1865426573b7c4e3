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
var respKeys = newKeySet("type", "response", "output_index", "item", "delta", "arguments", "error", "input", "item_id", "code")

const (
	respType, respResponse, respOutputIndex, respItem = 0, 1, 2, 3
	respDelta, respArguments, respError, respInput    = 4, 5, 6, 7
	respItemIDKey, respCode                           = 8, 9
)

// respFields holds the raw top-level members of a payload, indexed as
// respKeys.
type respFields [10][]byte

// respItemFields holds the raw members of an item, indexed as respItemKeys.
type respItemFields [15][]byte

var (
	respItemKeys = newKeySet("type", "call_id", "name", "id", "arguments", "encrypted_content", "input",
		"namespace", "status", "execution", "action", "actions", "operation", "queries", "code")

	// Constant event data (never written to).
	respCompleted  = []byte("completed")
	respIncomplete = []byte("incomplete")
	respFailed     = []byte("response.failed")
)

const (
	respItemType, respItemCallID, respItemName, respItemID, respItemArgs, respItemEnc, respItemInput = 0, 1, 2, 3, 4, 5, 6
	respItemNamespace, respItemStatus, respItemExecution, respItemAction, respItemActions            = 7, 8, 9, 10, 11
	respItemOperation, respItemQueries, respItemCode                                                 = 12, 13, 14
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
	case "response.mcp_call_arguments.done":
		return responsesArgsDone(b, &f, respArguments, "response.mcp_call_arguments.done", "arguments")
	case "response.custom_tool_call_input.done":
		return responsesArgsDone(b, &f, respInput, "response.custom_tool_call_input.done", "input")
	case "response.code_interpreter_call_code.done":
		return responsesArgsDone(b, &f, respCode, "response.code_interpreter_call_code.done", "code")
	case "response.completed":
		return responsesEnd(b, &f, "response.completed")
	case "response.done":
		// Gateways end Responses streams with it (decolua/9router#2142,
		// can1357/oh-my-pi#4692).
		return responsesEnd(b, &f, "response.done")
	case "response.incomplete":
		return responsesEnd(b, &f, "response.incomplete")
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

// contentRef mirrors model's blockRef for an event about an item's
// content (ID-9): its output_index when it has one; otherwise its item_id
// (llama.cpp's /v1/responses sends no output_index,
// ggml-org/llama.cpp#20607); item is that id when byItem.
func contentRef(b *batch, f *respFields, typ string) (idx int, byItem bool, item []byte, v *spec.Violation) {
	n, ok, v := asInt(f[respOutputIndex], "output_index")
	if v != nil || ok {
		return n, false, nil, v
	}
	if item, _, v = asString(b, f[respItemIDKey], "item_id"); v != nil {
		return 0, false, nil, v
	}
	if len(item) == 0 {
		return 0, false, nil, payloadErr(spec.FramePayload, "%s without output_index or item id", typ)
	}
	return 0, true, item, nil
}

// itemRef mirrors model's blockRef for an item event (ID-9): its
// output_index when it has one; otherwise the item's id, or a call item's
// call_id (itemKey); key is that id when byItem.
func itemRef(b *batch, f *respFields, it *respItemFields, call bool, typ string) (idx int, byItem bool, key []byte, v *spec.Violation) {
	n, ok, v := asInt(f[respOutputIndex], "output_index")
	if v != nil || ok {
		return n, false, nil, v
	}
	if key, v = itemKey(b, it, call); v != nil {
		return 0, false, nil, v
	}
	if len(key) == 0 {
		return 0, false, nil, payloadErr(spec.FramePayload, "%s without output_index or item id", typ)
	}
	return 0, true, key, nil
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

// itemCall mirrors model's itemCall: how an output item type is a call
// (NAME-4, NAME-5). Members are indexes of respItemFields, -1 for none.
type itemCall struct {
	kind   spec.CallKind
	server bool
	id     int    // the member that is the call's id
	idName string // its name, for violations
	input  int    // the member that is its input
	inName string
	json   bool // the input is an embedded JSON value, read at done only
	name   bool // the item names its tool
}

// itemCalls mirrors model's itemCalls.
var itemCalls = map[string]itemCall{
	"function_call":         {kind: spec.CallFunction, id: respItemCallID, idName: "item.call_id", input: respItemArgs, inName: "item.arguments", name: true},
	"custom_tool_call":      {kind: spec.CallCustom, id: respItemCallID, idName: "item.call_id", input: respItemInput, inName: "item.input", name: true},
	"computer_call":         {kind: spec.CallComputer, id: respItemCallID, idName: "item.call_id", input: respItemAction, json: true},
	"shell_call":            {kind: spec.CallShell, id: respItemCallID, idName: "item.call_id", input: respItemAction, json: true},
	"apply_patch_call":      {kind: spec.CallApplyPatch, id: respItemCallID, idName: "item.call_id", input: respItemOperation, json: true},
	"local_shell_call":      {kind: spec.CallLocalShell, id: respItemCallID, idName: "item.call_id", input: respItemAction, json: true},
	"tool_search_call":      {kind: spec.CallToolSearch, server: true, id: respItemCallID, idName: "item.call_id", input: respItemArgs, json: true},
	"mcp_approval_request":  {kind: spec.CallMCPApproval, id: respItemID, idName: "item.id", input: respItemArgs, inName: "item.arguments", name: true},
	"mcp_call":              {kind: spec.CallMCP, server: true, id: respItemID, idName: "item.id", input: respItemArgs, inName: "item.arguments", name: true},
	"web_search_call":       {kind: spec.CallWebSearch, server: true, id: respItemID, idName: "item.id", input: respItemAction, json: true},
	"file_search_call":      {kind: spec.CallFileSearch, server: true, id: respItemID, idName: "item.id", input: respItemQueries, json: true},
	"code_interpreter_call": {kind: spec.CallCodeInterpreter, server: true, id: respItemID, idName: "item.id", input: respItemCode, inName: "item.code"},
	"image_generation_call": {kind: spec.CallImageGeneration, server: true, id: respItemID, idName: "item.id", input: -1},
}

// callOf mirrors model's callOf.
func callOf(b *batch, it *respItemFields, itemType []byte) (itemCall, bool, *spec.Violation) {
	c, ok := itemCalls[string(itemType)]
	if !ok {
		return c, false, nil
	}
	if c.kind == spec.CallToolSearch {
		ex, _, v := asString(b, it[respItemExecution], "item.execution")
		if v != nil {
			return c, false, v
		}
		c.server = string(ex) != "client"
	}
	return c, true, nil
}

// itemKey mirrors model's itemKey: the id that names an item whose event
// has no output_index (its id, else a call item's call_id).
func itemKey(b *batch, it *respItemFields, call bool) ([]byte, *spec.Violation) {
	id, _, v := asString(b, it[respItemID], "item.id")
	if v != nil || len(id) > 0 || !call {
		return id, v
	}
	id, _, v = asString(b, it[respItemCallID], "item.call_id")
	return id, v
}

func responsesItemAdded(b *batch, f *respFields) *spec.Violation {
	const typ = "response.output_item.added"
	var it respItemFields
	itemType, v := responsesItem(b, f, typ, &it)
	if v != nil {
		return v
	}
	c, isCall, v := callOf(b, &it, itemType)
	if v != nil {
		return v
	}
	idx, byItem, key, v := itemRef(b, f, &it, isCall, typ)
	if v != nil {
		return v
	}
	if !byItem {
		if key, v = itemKey(b, &it, isCall); v != nil {
			return v
		}
	}
	ev := event{kind: spec.KindBlockStart, index: idx, byItem: byItem, item: key}
	if own, _, _ := asString(b, it[respItemID], "item.id"); len(own) == 0 && len(key) > 0 {
		ev.byCall = true // the item has no id: item is its call_id (ID-12)
	}
	switch {
	case isCall:
		ev.block, ev.callKind, ev.server = spec.BlockCall, c.kind, c.server
		if ev.id, ev.name, ev.ns, v = responsesIdentity(b, &it, c); v != nil {
			return v
		}
		if c.input >= 0 && !c.json {
			if ev.data, _, v = asString(b, it[c.input], c.inName); v != nil {
				return v
			}
		}
	case string(itemType) == "message":
		ev.block = spec.BlockText
	case string(itemType) == "reasoning":
		ev.block = spec.BlockThinking
	default:
		ev.block = spec.BlockOther
	}
	b.add(ev)
	return nil
}

func responsesItemDone(b *batch, f *respFields) *spec.Violation {
	const typ = "response.output_item.done"
	var it respItemFields
	itemType, v := responsesItem(b, f, typ, &it)
	if v != nil {
		return v
	}
	c, isCall, v := callOf(b, &it, itemType)
	if v != nil {
		return v
	}
	idx, byItem, key, v := itemRef(b, f, &it, isCall, typ)
	if v != nil {
		return v
	}
	ev := event{kind: spec.KindBlockStop, index: idx, byItem: byItem, item: key}
	switch {
	case isCall:
		// ID-10: the done item repeats the call's identity.
		if ev.id, ev.name, _, v = responsesIdentity(b, &it, c); v != nil {
			return v
		}
		if ev.data, ev.hasData, v = responsesInput(b, &it, c); v != nil {
			return v
		}
		status, _, v := asString(b, it[respItemStatus], "item.status")
		if v != nil {
			return v
		}
		if string(status) == "incomplete" {
			// END-3: the item was cut. Its input is kept (PAIR-8), and
			// no stop is emitted, so that the message's end finds the
			// call open and leaves it incomplete, whatever its bytes
			// parse to.
			if ev.hasData {
				b.add(event{kind: spec.KindBlockDelta, index: idx, byItem: byItem, item: key, delta: spec.DeltaFinalArgs, data: ev.data, hasData: true})
			}
			return nil
		}
	case string(itemType) == "reasoning":
		if ev.sig, _, v = asString(b, it[respItemEnc], "item.encrypted_content"); v != nil {
			return v
		}
	}
	b.add(ev)
	return nil
}

// responsesIdentity mirrors model's responsesIdentity: a call item's id,
// its name where the type has one, and the namespace of a function or
// custom call (NAME-6).
func responsesIdentity(b *batch, it *respItemFields, c itemCall) (id, name, ns []byte, v *spec.Violation) {
	if id, _, v = asString(b, it[c.id], c.idName); v != nil {
		return nil, nil, nil, v
	}
	if c.name {
		if name, _, v = asString(b, it[respItemName], "item.name"); v != nil {
			return nil, nil, nil, v
		}
	}
	if c.kind == spec.CallFunction || c.kind == spec.CallCustom {
		if ns, _, v = asString(b, it[respItemNamespace], "item.namespace"); v != nil {
			return nil, nil, nil, v
		}
	}
	return id, name, ns, nil
}

// responsesInput mirrors model's responsesInput: the input a done call
// item carries, a string verbatim or an embedded JSON value compacted
// (ID-1); a computer_call's action, or else its actions.
func responsesInput(b *batch, it *respItemFields, c itemCall) ([]byte, bool, *spec.Violation) {
	switch {
	case c.input < 0:
		return nil, false, nil
	case !c.json:
		return asString(b, it[c.input], c.inName)
	}
	raw := it[c.input]
	if isNull(raw) && c.kind == spec.CallComputer {
		raw = it[respItemActions]
	}
	if isNull(raw) {
		return nil, false, nil
	}
	return b.compact(raw), true, nil
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
	case "response.mcp_call_arguments.delta":
		kind, name = spec.DeltaArgs, "response.mcp_call_arguments.delta"
	case "response.code_interpreter_call_code.delta":
		kind, name = spec.DeltaArgs, "response.code_interpreter_call_code.delta"
	case "response.output_text.delta":
		kind, name = spec.DeltaText, "response.output_text.delta"
	case "response.refusal.delta":
		kind, name = spec.DeltaRefusal, "response.refusal.delta" // END-8
	case "response.reasoning_summary_text.delta":
		kind, name = spec.DeltaThinking, "response.reasoning_summary_text.delta"
	case "response.reasoning_text.delta":
		kind, name = spec.DeltaThinking, "response.reasoning_text.delta"
	default:
		// Audio, image and unknown deltas carry nothing the outcome
		// keeps; their items are paired by added and done (FRAME-5).
		return nil
	}
	idx, byItem, item, v := contentRef(b, f, name)
	if v != nil {
		return v
	}
	data, _, v := asString(b, f[respDelta], "delta")
	if v != nil {
		return v
	}
	b.add(event{kind: spec.KindBlockDelta, index: idx, byItem: byItem, item: item, delta: kind, data: data})
	return nil
}

// responsesArgsDone translates the .done events of a call's streamed
// input, whose member f[member] (named field) repeats the final input
// (PAIR-8).
func responsesArgsDone(b *batch, f *respFields, member int, typ, field string) *spec.Violation {
	idx, byItem, item, v := contentRef(b, f, typ)
	if v != nil {
		return v
	}
	args, ok, v := asString(b, f[member], field)
	if v != nil || !ok {
		return v
	}
	b.add(event{kind: spec.KindBlockDelta, index: idx, byItem: byItem, item: item, delta: spec.DeltaFinalArgs, data: args, hasData: true})
	return nil
}

// responsesEnd mirrors model's responsesEnd: the terminal events
// response.completed, response.done and response.incomplete (END-3,
// END-4).
func responsesEnd(b *batch, f *respFields, typ string) *spec.Violation {
	r, v := responseObj(f)
	if v != nil {
		return v
	}
	status := respIncomplete
	if typ != "response.incomplete" {
		if status, _, v = asString(b, b.lookup(r, "status"), "response.status"); v != nil {
			return v
		}
	}
	reason := status
	switch string(status) {
	case "", "completed":
		reason = respCompleted
	case "incomplete":
		det, _, v := asObject(b.lookup(r, "incomplete_details"), "response.incomplete_details")
		if v != nil {
			return v
		}
		s, _, v := asString(b, b.lookup(det, "reason"), "incomplete_details.reason")
		if v != nil {
			return v
		}
		reason = respIncomplete
		if len(s) > 0 {
			reason = s
		}
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
