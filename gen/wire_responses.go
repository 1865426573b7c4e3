package gen

import (
	"strconv"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// OpenAI Responses API events (wire-formats.md §2).

// respItemShape is how a call of a Responses item kind travels (NAME-5):
// its item type, whether the provider runs it, the member that is its
// input, whether that input is an embedded JSON value (read from the done
// item only) or a string, the events its string input streams in, and
// whether the item names its tool.
type respItemShape struct {
	kind      spec.CallKind
	typ       string
	server    bool
	input     string // "" for none
	json      bool
	deltaType string // "" when the input does not stream
	doneType  string
	name      bool
	byID      bool // the call's id is the item's id (the type has no call_id)
}

// respItemShapes are the Responses call items besides function_call and
// custom_tool_call, after openai/openai-python src/openai/types/responses/.
var respItemShapes = []respItemShape{
	{kind: spec.CallComputer, typ: "computer_call", input: "action", json: true},
	{kind: spec.CallShell, typ: "shell_call", input: "action", json: true},
	{kind: spec.CallApplyPatch, typ: "apply_patch_call", input: "operation", json: true},
	{kind: spec.CallLocalShell, typ: "local_shell_call", input: "action", json: true},
	{kind: spec.CallToolSearch, typ: "tool_search_call", input: "arguments", json: true},
	{kind: spec.CallToolSearch, typ: "tool_search_call", server: true, input: "arguments", json: true},
	{kind: spec.CallMCPApproval, typ: "mcp_approval_request", input: "arguments", name: true, byID: true},
	{kind: spec.CallMCP, typ: "mcp_call", server: true, input: "arguments", deltaType: "response.mcp_call_arguments.delta", doneType: "response.mcp_call_arguments.done", name: true, byID: true},
	{kind: spec.CallWebSearch, typ: "web_search_call", server: true, input: "action", json: true, byID: true},
	{kind: spec.CallFileSearch, typ: "file_search_call", server: true, input: "queries", json: true, byID: true},
	{kind: spec.CallCodeInterpreter, typ: "code_interpreter_call", server: true, input: "code", deltaType: "response.code_interpreter_call_code.delta", doneType: "response.code_interpreter_call_code.done", byID: true},
	{kind: spec.CallImageGeneration, typ: "image_generation_call", server: true, byID: true},
}

// respShapeOf returns the shape of an item-kind call c.
func respShapeOf(c *Call) respItemShape {
	for _, s := range respItemShapes {
		if s.kind == c.Kind && s.server == c.Server {
			return s
		}
	}
	panic("gen: no Responses item shape for " + c.Kind.String())
}

func planResponses(t *rapid.T, o Options) Response {
	r := Response{Format: spec.FormatOpenAIResponses}
	ids := &idSource{style: 0, used: map[string]bool{}}
	caps := itemCaps{thinking: true, thinkSig: true, other: true, maxItems: 5, emptyText: true, custom: true, refusal: true}
	nm := o.responses(t, "messages")
	for m := 0; m < nm; m++ {
		ids.reset()
		items := genItems(t, caps, ids)
		for _, it := range items {
			if it.Kind == ItemCall {
				planResponsesCall(t, it.Call)
			}
		}
		stop := "completed"
		if rapid.IntRange(0, 5).Draw(t, "incomplete") == 0 {
			stop = rapid.SampledFrom([]string{"max_output_tokens", "content_filter", "incomplete"}).Draw(t, "incompleteReason")
		}
		r.Messages = append(r.Messages, Message{ID: "resp_" + genToken(t, "respID"), Choices: []Choice{{Items: items, Stop: stop}}})
	}
	return r
}

// planResponsesCall draws how a call travels in Responses: a function or
// custom call, perhaps in a namespace (NAME-6), or a call of another item
// kind (NAME-5); and whether its item ends incomplete (END-3).
func planResponsesCall(t *rapid.T, c *Call) {
	if !c.Custom && rapid.IntRange(0, 2).Draw(t, "itemKind") == 0 {
		s := rapid.SampledFrom(respItemShapes).Draw(t, "itemShape")
		c.Kind, c.Server = s.kind, s.server
		if s.byID {
			c.ID = s.typ[:3] + "_" + c.ID
		}
		if !s.name {
			c.Name = ""
		}
		switch {
		case s.input == "":
			c.wire, c.Args = "", ""
		case s.json:
			var v any = c.val
			switch {
			case s.kind == spec.CallFileSearch:
				qs := make([]any, rapid.IntRange(0, 3).Draw(t, "queries"))
				for i := range qs {
					qs[i] = genText(t, "query", false)
				}
				v = qs
			case s.kind == spec.CallComputer && rapid.Bool().Draw(t, "computerActions"):
				v = []any{c.val} // computer_use's batched actions
			}
			c.wire = style{esc: c.esc, space: c.sp != spCompact}.text(v)
			c.Args = compactJSON(c.wire)
			c.how = deliverWhole
		case s.kind == spec.CallCodeInterpreter:
			c.wire = genText(t, "code", false)
			c.Args = c.wire
		default: // an MCP call's arguments, a JSON string, kept as sent
			c.wire = rapid.SampledFrom([]string{"", renderArgs(c.val, c.esc, c.sp)}).Draw(t, "mcpArgs")
			if c.sp == spIndented {
				c.wire = renderArgs(c.val, c.esc, spSpaced)
			}
			c.Args = c.wire
		}
	} else if rapid.IntRange(0, 5).Draw(t, "namespace") == 0 {
		c.Namespace = rapid.SampledFrom([]string{"crm", "fs", "github.issues"}).Draw(t, "namespaceName")
	}
	if rapid.IntRange(0, 9).Draw(t, "itemIncomplete") == 0 {
		c.Incomplete = true
		c.Args = c.wire // a cut call keeps its raw bytes (END-3), "" included
		if c.Kind != spec.CallUnspecified && respShapeOf(c).json {
			c.Args = compactJSON(c.wire)
		}
	}
}

func encodeResponses(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingSSE, framingSSE, framingLines)
	st.named = true
	if rapid.IntRange(0, 5).Draw(t, "sortedKeys") == 0 {
		st.js.sorted = true // Bedrock Mantle
	}
	typeless := st.framing == framingSSE && rapid.IntRange(0, 9).Draw(t, "typeless") == 0
	for m := range r.Messages {
		for _, fr := range responsesMessage(t, r, m) {
			if typeless && rapid.IntRange(0, 3).Draw(t, "dropType") == 0 {
				if o, ok := fr.body.(*jObj); ok {
					o.del("type") // the SSE event name stands in (FRAME-1)
					st.liberties = append(st.liberties, LibertyTypeless)
				}
			}
			st.add(fr)
		}
	}
	return st
}

func responsesMessage(t *rapid.T, r *Response, m int) []frame {
	msg := &r.Messages[m]
	ch := &msg.Choices[0]
	recordBlocks(r, m)
	seqNo := 0
	ev := func(typ string, fr frame, kv ...any) frame {
		fr.event, fr.msg = typ, m
		fr.body = obj(append([]any{"type", typ, "sequence_number", num(seqNo)}, kv...)...)
		seqNo++
		return fr
	}
	obfuscate := rapid.IntRange(0, 4).Draw(t, "obfuscation") == 0
	// llama.cpp sends no output_index: its events name their item by id
	// (ID-9, ggml-org/llama.cpp#20607); it does not rotate item ids.
	noIndex := rapid.IntRange(0, 7).Draw(t, "noOutputIndex") == 0
	rotate := !noIndex && rapid.IntRange(0, 5).Draw(t, "rotatingItemIDs") == 0 // GitHub Copilot
	resp := func(status string) *jObj {
		return obj("id", msg.ID, "object", "response", "created_at", num(1767225600), "status", status, "model", "gpt-gen", "output", []any{})
	}
	out := []frame{ev("response.created", frame{role: roleMsgStart}, "response", resp("in_progress"))}
	if rapid.Bool().Draw(t, "inProgress") {
		out = append(out, ev("response.in_progress", frame{}, "response", resp("in_progress")))
	}
	keys := blockKeys(t, len(ch.Items))
	seqs := make([][]frame, len(ch.Items))
	var replay []any
	for i, it := range ch.Items {
		k := keys[i]
		prefix := map[ItemKind]string{ItemCall: "fc_", ItemText: "msg_", ItemRefusal: "msg_", ItemThinking: "rs_", ItemOther: "mcpl_"}[it.Kind]
		itemID := prefix + genToken(t, "itemID") + "_" + strconv.Itoa(i)
		var shape respItemShape
		if it.Kind == ItemCall && it.Call.Kind != spec.CallUnspecified {
			shape = respShapeOf(it.Call)
			if shape.byID {
				itemID = it.Call.ID // the call's id is its item's id
			}
		}
		// route is the item id its content events name: llama.cpp's call
		// items had no id before ggml-org/llama.cpp#24882, and named
		// the call by its call_id (can1357/oh-my-pi#2016).
		route := itemID
		dropID := noIndex && it.Kind == ItemCall && !shape.byID && rapid.Bool().Draw(t, "noItemID")
		if dropID {
			route = it.Call.ID
		}
		if it.Kind == ItemCall && (!dropID || it.Call.Kind != spec.CallUnspecified) {
			it.Call.ItemID = itemID // ID-12: an item kind's item keeps its id
		}
		id := func() string {
			if rotate {
				return itemID + "_" + genToken(t, "rotItemID")
			}
			return route
		}
		// at is the block's key, unless the events carry none.
		at := func(kv ...any) []any {
			if noIndex {
				return kv
			}
			return append([]any{"output_index", num(k)}, kv...)
		}
		// Each event is built when the block's events are interleaved, so
		// sequence numbers are assigned below, in stream order.
		type pend struct {
			typ  string
			role role
			kv   []any
		}
		var evs []pend
		add := func(typ string, rl role, kv ...any) { evs = append(evs, pend{typ, rl, kv}) }
		switch it.Kind {
		case ItemCall:
			c := it.Call
			status := "completed"
			if c.Incomplete {
				status = "incomplete" // END-3
			}
			if c.Kind != spec.CallUnspecified {
				added, done := responsesItemCall(t, c, shape, itemID, status)
				add("response.output_item.added", roleBlockStart, at("item", added)...)
				responsesItemProgress(t, c, shape, func(typ string, rl role, kv ...any) { add(typ, rl, at(kv...)...) }, id)
				add("response.output_item.done", roleBlockStop, at("item", done)...)
				replay = append(replay, done)
				break
			}
			itemType, argsKey, deltaType, doneType := "function_call", "arguments", "response.function_call_arguments.delta", "response.function_call_arguments.done"
			if c.Custom { // NAME-4
				itemType, argsKey, deltaType, doneType = "custom_tool_call", "input", "response.custom_tool_call_input.delta", "response.custom_tool_call_input.done"
			}
			item := func(status string, args any) *jObj {
				o := obj("type", itemType)
				if !dropID {
					o.set("id", itemID)
				}
				o.set("call_id", c.ID)
				if c.Namespace != "" {
					o.set("namespace", c.Namespace) // NAME-6
				}
				o.set("name", c.Name)
				if args != nil {
					o.set(argsKey, args)
				}
				o.set("status", status)
				return o
			}
			add("response.output_item.added", roleBlockStart, at("item", item("in_progress", ""))...)
			deltas := rapid.IntRange(0, 4).Draw(t, "argDeltas") > 0 // LM Studio, Codex: none
			if deltas {
				for _, p := range splitText(t, c.wire, 5, true, "args") {
					kv := []any{"item_id", id(), "delta", p}
					if obfuscate {
						kv = append(kv, "obfuscation", padding(t))
					}
					add(deltaType, roleBlockDelta, at(kv...)...)
				}
			}
			argsDone := !deltas || rapid.IntRange(0, 4).Draw(t, "argsDone") > 0
			itemArgs := !argsDone || rapid.IntRange(0, 4).Draw(t, "itemDoneArgs") > 0
			if argsDone {
				add(doneType, roleBlockDelta, at("item_id", id(), argsKey, c.wire)...)
			}
			var final any
			if itemArgs {
				final = c.wire
			}
			done := item(status, final)
			add("response.output_item.done", roleBlockStop, at("item", done)...)
			replay = append(replay, done)
		case ItemText, ItemRefusal:
			partType, textKey, deltaType, doneType := "output_text", "text", "response.output_text.delta", "response.output_text.done"
			if it.Kind == ItemRefusal { // END-8
				partType, textKey, deltaType, doneType = "refusal", "refusal", "response.refusal.delta", "response.refusal.done"
			}
			emptyPart := obj("type", partType, textKey, "")
			if it.Kind == ItemText {
				emptyPart = obj("type", partType, "annotations", []any{}, textKey, "")
			}
			add("response.output_item.added", roleBlockStart, at("item", obj("id", itemID, "type", "message", "status", "in_progress", "content", []any{}, "role", "assistant"))...)
			add("response.content_part.added", roleOther, at("item_id", id(), "content_index", num(0), "part", emptyPart)...)
			for _, p := range splitText(t, it.Text, 4, true, "text") {
				kv := []any{"item_id", id(), "content_index", num(0), "delta", p}
				if it.Kind == ItemText {
					kv = append(kv, "logprobs", []any{})
				}
				add(deltaType, roleBlockDelta, at(kv...)...)
			}
			part := obj("type", partType, textKey, it.Text)
			if it.Kind == ItemText {
				part = obj("type", partType, "annotations", []any{}, textKey, it.Text)
			}
			add(doneType, roleOther, at("item_id", id(), "content_index", num(0), textKey, it.Text)...)
			add("response.content_part.done", roleOther, at("item_id", id(), "content_index", num(0), "part", part)...)
			done := obj("id", itemID, "type", "message", "status", "completed", "content", []any{part}, "role", "assistant")
			add("response.output_item.done", roleBlockStop, at("item", done)...)
			replay = append(replay, done)
		case ItemThinking:
			deltaType := "response.reasoning_summary_text.delta"
			if rapid.IntRange(0, 4).Draw(t, "reasoningText") == 0 {
				deltaType = "response.reasoning_text.delta" // DeepSeek
			}
			add("response.output_item.added", roleBlockStart, at("item", obj("id", itemID, "type", "reasoning", "summary", []any{}))...)
			add("response.reasoning_summary_part.added", roleOther, at("item_id", id(), "summary_index", num(0),
				"part", obj("type", "summary_text", "text", ""))...)
			for _, p := range splitText(t, it.Text, 3, true, "thinking") {
				add(deltaType, roleBlockDelta, at("item_id", id(), "summary_index", num(0), "delta", p)...)
			}
			add("response.reasoning_summary_text.done", roleOther, at("item_id", id(), "summary_index", num(0), "text", it.Text)...)
			done := obj("id", itemID, "type", "reasoning", "summary", []any{obj("type", "summary_text", "text", it.Text)})
			if it.Signature != "" {
				done.set("encrypted_content", it.Signature)
			}
			add("response.output_item.done", roleBlockStop, at("item", done)...)
			replay = append(replay, done)
		case ItemOther:
			add("response.output_item.added", roleBlockStart, at("item", obj("id", itemID, "type", "mcp_list_tools", "server_label", "crm", "tools", []any{}))...)
			add("response.mcp_list_tools.in_progress", roleOther, at("item_id", id())...)
			add("response.mcp_list_tools.completed", roleOther, at("item_id", id())...)
			done := obj("id", itemID, "type", "mcp_list_tools", "server_label", "crm", "tools", []any{obj("name", "lookup", "input_schema", obj())})
			add("response.output_item.done", roleBlockStop, at("item", done)...)
			replay = append(replay, done)
		}
		for _, p := range evs {
			seqs[i] = append(seqs[i], frame{event: p.typ, body: obj(p.kv...), role: p.role, key: k, msg: m})
		}
	}
	for _, fr := range interleaveBlocks(t, seqs, normalEnd(r.Format, ch.Stop)) {
		body := fr.body.(*jObj)
		out = append(out, ev(fr.event, fr, body.k2kv()...))
	}
	final := resp("completed")
	final.set("output", replay)
	final.set("usage", obj("input_tokens", num(30), "output_tokens", num(20), "total_tokens", num(50)))
	// The terminal event: response.completed, or response.done as gateways
	// send it (decolua/9router#2142); an incomplete response in
	// response.incomplete, or wrapped in response.completed or .done as
	// vLLM sends it (vllm-project/vllm#45386).
	terminal := "response.completed"
	if rapid.IntRange(0, 4).Draw(t, "responseDone") == 0 {
		terminal = "response.done"
	}
	if ch.Stop != "completed" {
		final.set("status", "incomplete")
		if ch.Stop == "incomplete" {
			final.set("incomplete_details", nil)
		} else {
			final.set("incomplete_details", obj("reason", ch.Stop))
		}
		if rapid.IntRange(0, 2).Draw(t, "vllmIncomplete") > 0 {
			terminal = "response.incomplete"
		}
	}
	out = append(out, ev(terminal, frame{role: roleMsgEnd}, "response", final))
	if rapid.IntRange(0, 5).Draw(t, "proxyDone") == 0 {
		out = append(out, frame{body: jRaw("[DONE]"), role: roleOther, msg: m, noEvent: true}) // FRAME-4, END-7
	}
	return out
}

// responsesItemCall builds the added and done items of a call c of a
// Responses item kind (NAME-5), whose item id is itemID and whose done
// item's status is status.
func responsesItemCall(t *rapid.T, c *Call, s respItemShape, itemID, status string) (added, done *jObj) {
	item := func() *jObj {
		o := obj("type", s.typ, "id", itemID)
		if !s.byID {
			o.set("call_id", c.ID)
		}
		if s.name {
			o.set("name", c.Name)
			o.set("server_label", "crm")
		}
		if s.kind == spec.CallToolSearch {
			switch {
			case !s.server:
				o.set("execution", "client")
			case rapid.Bool().Draw(t, "serverExecution"):
				o.set("execution", "server") // else absent: the provider's
			}
		}
		return o
	}
	added, done = item(), item()
	added.set("status", "in_progress")
	switch {
	case s.input == "":
	case s.json:
		member := s.input
		if s.kind == spec.CallComputer && c.wire != "" && c.wire[0] == '[' {
			member = "actions" // computer_use's batched actions, without an action
		}
		if rapid.IntRange(0, 2).Draw(t, "placeholderInput") == 0 {
			// An item in progress may carry a placeholder input, which is
			// not read (xAI's web_search_call: "query": "").
			added.set(s.input, obj("type", "search", "query", ""))
		} else {
			// The added item carries its input too, which the item's type
			// requires (openai-python's ResponseFunctionShellToolCall
			// action, ResponseApplyPatchToolCall operation); only the done
			// item's is read.
			added.set(member, jRaw(c.wire))
		}
		done.set(member, jRaw(c.wire))
	case s.deltaType == "": // mcp_approval_request: whole on added and done
		added.set(s.input, c.wire)
		done.set(s.input, c.wire)
	default:
		added.set(s.input, rapid.SampledFrom([]any{"", nil}).Draw(t, "addedInput"))
		done.set(s.input, c.wire)
	}
	done.set("status", status)
	return added, done
}

// responsesItemProgress adds the events of a call of a Responses item kind
// between its added and done items: its streamed input, and progress
// events that carry nothing a call keeps (FRAME-5). id names the item.
func responsesItemProgress(t *rapid.T, c *Call, s respItemShape, add func(string, role, ...any), id func() string) {
	switch s.kind {
	case spec.CallWebSearch:
		add("response.web_search_call.in_progress", roleOther, "item_id", id())
		add("response.web_search_call.searching", roleOther, "item_id", id())
		add("response.web_search_call.completed", roleOther, "item_id", id())
	case spec.CallShell:
		add("response.shell_call_command.added", roleOther, "command_index", num(0), "command", "")
		add("response.shell_call_command.delta", roleOther, "command_index", num(0), "delta", "ls")
		add("response.shell_call_command.done", roleOther, "command_index", num(0), "command", "ls")
	case spec.CallImageGeneration:
		add("response.image_generation_call.generating", roleOther, "item_id", id())
		add("response.image_generation_call.partial_image", roleOther, "item_id", id(), "partial_image_index", num(0), "partial_image_b64", "iVBORw0KGgo=")
	}
	if s.deltaType == "" {
		return
	}
	for _, p := range splitText(t, c.wire, 4, true, "itemInput") {
		add(s.deltaType, roleBlockDelta, "item_id", id(), "delta", p)
	}
	if rapid.Bool().Draw(t, "itemInputDone") {
		add(s.doneType, roleBlockDelta, "item_id", id(), s.input, c.wire)
	}
}

// k2kv flattens an object into key, value pairs.
func (o *jObj) k2kv() []any {
	kv := make([]any, 0, 2*len(o.k))
	for i, k := range o.k {
		kv = append(kv, k, o.v[i])
	}
	return kv
}
