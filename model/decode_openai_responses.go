package model

import (
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// responsesDecoder decodes the payloads of an OpenAI Responses API stream.
// The event type is the payload's "type", or the SSE event name when the
// payload has none. It keeps no state: each frame is translated on its own;
// joining deltas to their items by output_index (or, where a server omits
// it, by item id) is the state machine's job.
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
	case "response.function_call_arguments.done", "response.mcp_call_arguments.done":
		return responsesArgsDone(o, typ, "arguments")
	case "response.custom_tool_call_input.done":
		return responsesArgsDone(o, typ, "input")
	case "response.code_interpreter_call_code.done":
		return responsesArgsDone(o, typ, "code")
	case "response.completed", "response.done", "response.incomplete":
		// response.done: gateways end Responses streams with it
		// (decolua/9router#2142, can1357/oh-my-pi#4692).
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

// blockRef returns the block an event of type typ names (ID-9): its
// output_index when it has one; otherwise the item id, which itemID reads
// (llama.cpp's /v1/responses sends no output_index,
// ggml-org/llama.cpp#20607).
func blockRef(o refjson.Object, typ string, itemID func() (string, *spec.Violation)) (idx int, byItem bool, item string, v *spec.Violation) {
	n, ok, v := asInt(o["output_index"], "output_index")
	if v != nil || ok {
		return n, false, "", v
	}
	if item, v = itemID(); v != nil {
		return 0, false, "", v
	}
	if item == "" {
		return 0, false, "", payloadErr(spec.FramePayload, "%s without output_index or item id", typ)
	}
	return 0, true, item, nil
}

// eventItemID reads the item_id of an event about an item's content.
func eventItemID(o refjson.Object) func() (string, *spec.Violation) {
	return func() (string, *spec.Violation) {
		s, _, v := asString(o["item_id"], "item_id")
		return s, v
	}
}

// responseObj returns the "response" member of o (nil when absent).
func responseObj(o refjson.Object) (refjson.Object, *spec.Violation) {
	r, _, v := asObject(o["response"], "response")
	return r, v
}

func responsesCreated(o refjson.Object) ([]spec.Event, *spec.Violation) {
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
func responsesItem(o refjson.Object, typ string) (refjson.Object, string, *spec.Violation) {
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

// itemCall says how an output item type is a call (NAME-4, NAME-5).
type itemCall struct {
	kind   spec.CallKind
	server bool   // the provider runs it (tool_search_call: unless execution is "client")
	id     string // the member that is the call's id: call_id, or id where the type has no call_id
	input  string // the member that is its input ("" for none)
	// json says the input is an embedded JSON value, read from the done
	// item only (the added item is in progress); otherwise it is a string
	// that streams and is repeated at its end (PAIR-8).
	json bool
	name bool // the item names its tool (name)
}

// itemCalls are the output item types that are calls (NAME-5), after
// openai/openai-python src/openai/types/responses/ (response_output_item.py
// and the type files of each item).
var itemCalls = map[string]itemCall{
	"function_call":         {kind: spec.CallFunction, id: "call_id", input: "arguments", name: true},
	"custom_tool_call":      {kind: spec.CallCustom, id: "call_id", input: "input", name: true},
	"computer_call":         {kind: spec.CallComputer, id: "call_id", input: "action", json: true},
	"shell_call":            {kind: spec.CallShell, id: "call_id", input: "action", json: true},
	"apply_patch_call":      {kind: spec.CallApplyPatch, id: "call_id", input: "operation", json: true},
	"local_shell_call":      {kind: spec.CallLocalShell, id: "call_id", input: "action", json: true},
	"tool_search_call":      {kind: spec.CallToolSearch, server: true, id: "call_id", input: "arguments", json: true},
	"mcp_approval_request":  {kind: spec.CallMCPApproval, id: "id", input: "arguments", name: true},
	"mcp_call":              {kind: spec.CallMCP, server: true, id: "id", input: "arguments", name: true},
	"web_search_call":       {kind: spec.CallWebSearch, server: true, id: "id", input: "action", json: true},
	"file_search_call":      {kind: spec.CallFileSearch, server: true, id: "id", input: "queries", json: true},
	"code_interpreter_call": {kind: spec.CallCodeInterpreter, server: true, id: "id", input: "code"},
	"image_generation_call": {kind: spec.CallImageGeneration, server: true, id: "id"},
}

// callOf returns how item it, of type itemType, is a call, and whether it
// is one. A tool_search_call is a client call when its execution is
// "client".
func callOf(it refjson.Object, itemType string) (itemCall, bool, *spec.Violation) {
	c, ok := itemCalls[itemType]
	if !ok {
		return c, false, nil
	}
	if c.kind == spec.CallToolSearch {
		ex, _, v := asString(it["execution"], "item.execution")
		if v != nil {
			return c, false, v
		}
		c.server = ex != "client"
	}
	return c, true, nil
}

// itemKey reads the id that names item it when its event has no
// output_index: its id, else (a call item of llama.cpp, which has none)
// its call_id.
func itemKey(it refjson.Object, call bool) func() (string, *spec.Violation) {
	return func() (string, *spec.Violation) {
		id, _, v := asString(it["id"], "item.id")
		if v != nil || id != "" || !call {
			return id, v
		}
		id, _, v = asString(it["call_id"], "item.call_id")
		return id, v
	}
}

func responsesItemAdded(o refjson.Object) ([]spec.Event, *spec.Violation) {
	const typ = "response.output_item.added"
	it, itemType, v := responsesItem(o, typ)
	if v != nil {
		return nil, v
	}
	c, isCall, v := callOf(it, itemType)
	if v != nil {
		return nil, v
	}
	idx, byItem, _, v := blockRef(o, typ, itemKey(it, isCall))
	if v != nil {
		return nil, v
	}
	ev := spec.Event{Kind: spec.KindBlockStart, Index: idx, ByItem: byItem}
	if ev.Item, v = itemKey(it, isCall)(); v != nil {
		return nil, v
	}
	if own, _, _ := asString(it["id"], "item.id"); own == "" && ev.Item != "" {
		ev.ItemByCall = true // the item has no id: Item is its call_id (ID-12)
	}
	switch {
	case isCall:
		ev.Block, ev.CallKind, ev.Server = spec.BlockCall, c.kind, c.server
		if ev.ID, ev.Name, ev.Namespace, v = responsesIdentity(it, c); v != nil {
			return nil, v
		}
		if c.input != "" && !c.json {
			if ev.Data, _, v = asString(it[c.input], "item."+c.input); v != nil {
				return nil, v
			}
		}
	case itemType == "message":
		ev.Block = spec.BlockText
	case itemType == "reasoning":
		ev.Block = spec.BlockThinking
	default:
		ev.Block = spec.BlockOther
	}
	return []spec.Event{ev}, nil
}

func responsesItemDone(o refjson.Object) ([]spec.Event, *spec.Violation) {
	const typ = "response.output_item.done"
	it, itemType, v := responsesItem(o, typ)
	if v != nil {
		return nil, v
	}
	c, isCall, v := callOf(it, itemType)
	if v != nil {
		return nil, v
	}
	idx, byItem, item, v := blockRef(o, typ, itemKey(it, isCall))
	if v != nil {
		return nil, v
	}
	ev := spec.Event{Kind: spec.KindBlockStop, Index: idx, ByItem: byItem, Item: item}
	switch {
	case isCall:
		// ID-10: the done item repeats the call's identity.
		if ev.ID, ev.Name, _, v = responsesIdentity(it, c); v != nil {
			return nil, v
		}
		if ev.Data, ev.HasData, v = responsesInput(it, c); v != nil {
			return nil, v
		}
		status, _, v := asString(it["status"], "item.status")
		if v != nil {
			return nil, v
		}
		if status == "incomplete" {
			// END-3: the item was cut. Its input is kept (PAIR-8), and
			// no stop is emitted, so that the message's end finds the
			// call open and leaves it incomplete, whatever its bytes
			// parse to.
			if !ev.HasData {
				return nil, nil
			}
			return []spec.Event{{Kind: spec.KindBlockDelta, Index: idx, ByItem: byItem, Item: item, Delta: spec.DeltaFinalArgs, Data: ev.Data, HasData: true}}, nil
		}
	case itemType == "reasoning":
		if ev.Sig, _, v = asString(it["encrypted_content"], "item.encrypted_content"); v != nil {
			return nil, v
		}
	}
	return []spec.Event{ev}, nil
}

// responsesIdentity returns a call item's id (its call_id, or its id where
// the type has none), its name where the type has one, and the namespace
// of a function or custom call (NAME-6).
func responsesIdentity(it refjson.Object, c itemCall) (id, name, namespace string, v *spec.Violation) {
	if id, _, v = asString(it[c.id], "item."+c.id); v != nil {
		return "", "", "", v
	}
	if c.name {
		if name, _, v = asString(it["name"], "item.name"); v != nil {
			return "", "", "", v
		}
	}
	if c.kind == spec.CallFunction || c.kind == spec.CallCustom {
		if namespace, _, v = asString(it["namespace"], "item.namespace"); v != nil {
			return "", "", "", v
		}
	}
	return id, name, namespace, nil
}

// responsesInput returns the input a done call item carries, and whether
// it carries one: a string member verbatim, an embedded JSON value
// compacted (ID-1). A computer_call's input is its action, or, when it has
// none, its batched actions (computer_use).
func responsesInput(it refjson.Object, c itemCall) (string, bool, *spec.Violation) {
	switch {
	case c.input == "":
		return "", false, nil
	case !c.json:
		return asString(it[c.input], "item."+c.input)
	}
	raw := it[c.input]
	if refjson.IsNull(raw) && c.kind == spec.CallComputer {
		raw = it["actions"]
	}
	if refjson.IsNull(raw) {
		return "", false, nil
	}
	return refjson.Compact(raw), true, nil
}

// responsesDelta translates every "*.delta" event.
func responsesDelta(o refjson.Object, typ string) ([]spec.Event, *spec.Violation) {
	var kind spec.DeltaType
	switch typ {
	case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta",
		"response.mcp_call_arguments.delta", "response.code_interpreter_call_code.delta":
		kind = spec.DeltaArgs
	case "response.output_text.delta":
		kind = spec.DeltaText
	case "response.refusal.delta":
		kind = spec.DeltaRefusal // END-8
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
		kind = spec.DeltaThinking
	default:
		// Audio, image and unknown deltas carry nothing the outcome
		// keeps; their items are paired by added and done (FRAME-5).
		return nil, nil
	}
	idx, byItem, item, v := blockRef(o, typ, eventItemID(o))
	if v != nil {
		return nil, v
	}
	data, _, v := asString(o["delta"], "delta")
	if v != nil {
		return nil, v
	}
	return []spec.Event{{Kind: spec.KindBlockDelta, Index: idx, ByItem: byItem, Item: item, Delta: kind, Data: data}}, nil
}

// responsesArgsDone translates the .done events of a call's streamed input
// (function_call_arguments, custom_tool_call_input, mcp_call_arguments,
// code_interpreter_call_code), whose member field repeats the final input
// (PAIR-8).
func responsesArgsDone(o refjson.Object, typ, field string) ([]spec.Event, *spec.Violation) {
	idx, byItem, item, v := blockRef(o, typ, eventItemID(o))
	if v != nil {
		return nil, v
	}
	args, ok, v := asString(o[field], field)
	if v != nil || !ok {
		return nil, v
	}
	return []spec.Event{{Kind: spec.KindBlockDelta, Index: idx, ByItem: byItem, Item: item, Delta: spec.DeltaFinalArgs, Data: args, HasData: true}}, nil
}

// responsesEnd translates the terminal events response.completed,
// response.done and response.incomplete (END-4). The raw reason of
// response.incomplete, and of a completed or done event whose embedded
// response says status "incomplete" (vLLM, vllm-project/vllm#45386), is
// incomplete_details.reason, or "incomplete" when it names none; an
// embedded status other than "completed" is the raw reason verbatim;
// otherwise it is "completed".
func responsesEnd(o refjson.Object, typ string) ([]spec.Event, *spec.Violation) {
	r, v := responseObj(o)
	if v != nil {
		return nil, v
	}
	status := "incomplete"
	if typ != "response.incomplete" {
		if status, _, v = asString(r["status"], "response.status"); v != nil {
			return nil, v
		}
	}
	reason := status
	switch status {
	case "", "completed":
		reason = "completed"
	case "incomplete":
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

func responsesFailed(o refjson.Object) ([]spec.Event, *spec.Violation) {
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
func responsesError(o refjson.Object) ([]spec.Event, *spec.Violation) {
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
