package history

import (
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// The Anthropic Messages history: a request body
//
//	{"system": string | [blocks], "messages": [...], "tools": [...],
//	 "tool_choice": {"type", "name", "disable_parallel_tool_use"}}
//
// Messages have a role, "user" or "assistant", and a content that is a
// string (one text block) or an array of blocks: "text", "thinking" (with
// "signature"), "redacted_thinking" ("data"), "tool_use" ("id", "name",
// "input"), "tool_result" ("tool_use_id", "content", "is_error"), "image",
// and any other type, kept opaque. Anthropic combines consecutive messages
// of one role into one turn, and so does the decoder; a user turn becomes,
// in order, one tool message per tool_result block and one user message
// per run of other blocks (spec/history.go). The encoder writes each run of
// tool and user messages as one user message, results and blocks in order,
// and each run of assistant messages as one assistant message.
//
// A tool is {"name", "description", "input_schema"}; one with a "type"
// other than "custom" (a server tool such as web_search) is kept verbatim
// (spec.Tool.Data). The tool choice's "any" is ChoiceRequired, and
// disable_parallel_tool_use the parallel setting; a parallel setting
// without a mode is written with "type": "auto", which is what Anthropic
// does without one. A block's cache_control and citations are not part of
// a History: the decoder names each such member as a loss
// (anthropicDropped).

// anthropicTurn is one turn being decoded: consecutive messages of one role.
type anthropicTurn struct {
	role  string
	path  string // the first message of the turn
	parts []spec.Part
	paths []string
	// content holds the content paths of results: contents[n][k] is the path
	// of content k of parts[n].
	contents [][]string
}

// decodeAnthropic decodes an Anthropic Messages request body.
func decodeAnthropic(doc []byte) (spec.History, PathMap, []spec.Violation) {
	var h spec.History
	pm := PathMap{}
	o, vs := docObject(doc)
	if vs != nil {
		return h, pm, vs
	}
	if vs := anthropicSystem(&h, pm, o["system"]); vs != nil {
		return h, pm, vs
	}
	msgs, ok, vs := asArray(o["messages"], "messages")
	if vs != nil {
		return h, pm, vs
	}
	if !ok {
		return h, pm, shapeErr("$", "no messages")
	}
	var turns []anthropicTurn
	if vs := anthropicTurns(&turns, msgs); vs != nil {
		anthropicMessages(&h, pm, turns)
		return h, pm, vs
	}
	anthropicMessages(&h, pm, turns)
	tools, vs := anthropicTools(o["tools"])
	if vs != nil {
		return h, pm, vs
	}
	for i := range tools {
		pm[toolPath(i)] = jindex("tools", i)
	}
	h.Tools = tools
	if h.ToolChoice, vs = anthropicToolChoice(o["tool_choice"]); vs != nil {
		return h, pm, vs
	}
	if h.ToolChoice != (spec.ToolChoice{}) {
		pm[toolChoicePath] = "tool_choice"
	}
	return h, pm, anthropicDropped(o)
}

// anthropicKnown are the members a History holds of each element the
// decoder reads field by field: of a message, of each block type it turns
// into a part (an image or unknown block is kept whole), and of a tool of
// its own.
var anthropicKnown = map[string][]string{
	"message":           {"content", "role"},
	"text":              {"text", "type"},
	"thinking":          {"signature", "thinking", "type"},
	"redacted_thinking": {"data", "type"},
	"tool_use":          {"id", "input", "name", "type"},
	"tool_result":       {"content", "is_error", "tool_use_id", "type"},
	"tool":              {"description", "input_schema", "name", "strict", "type"},
}

// anthropicDropped returns a loss (XLATE-4; XLATE-6 for a tool) for each
// member of a message, a block or a tool that the History does not hold: a
// block's cache_control and citations above all, which a request sends
// back and a translation or a repair cannot. They are in document order by
// element, by name within one. It runs on a document decoded without a
// shape violation.
func anthropicDropped(o refjson.Object) []spec.Violation {
	var vs []spec.Violation
	extra := func(rule spec.RuleID, raw json.RawMessage, p, kind string) {
		what := "a " + kind + " block"
		if kind == "message" || kind == "tool" {
			what = "a " + kind
		}
		vs = append(vs, dropped(rule, raw, p, what, anthropicKnown[kind]...)...)
	}
	var blocks func(raw json.RawMessage, p string, results bool)
	blocks = func(raw json.RawMessage, p string, results bool) {
		var elems []json.RawMessage
		if refjson.IsNull(raw) || raw[0] != '[' || json.Unmarshal(raw, &elems) != nil {
			return
		}
		for n, e := range elems {
			bp := jindex(p, n)
			var b refjson.Object
			var typ string
			if json.Unmarshal(e, &b) != nil || json.Unmarshal(b["type"], &typ) != nil {
				continue
			}
			if _, ok := anthropicKnown[typ]; !ok || typ == "message" || typ == "tool" || typ == "tool_result" && !results {
				continue // kept whole
			}
			extra(spec.XlateOpaque, e, bp, typ)
			if typ == "tool_result" {
				blocks(b["content"], jpath(bp, "content"), false)
			}
		}
	}
	blocks(o["system"], "system", true)
	var msgs []json.RawMessage
	_ = json.Unmarshal(o["messages"], &msgs)
	for i, m := range msgs {
		p := jindex("messages", i)
		extra(spec.XlateOpaque, m, p, "message")
		var mo refjson.Object
		if json.Unmarshal(m, &mo) == nil {
			blocks(mo["content"], jpath(p, "content"), true)
		}
	}
	var tools []json.RawMessage
	if !refjson.IsNull(o["tools"]) {
		_ = json.Unmarshal(o["tools"], &tools)
	}
	for i, t := range tools {
		var to refjson.Object
		var typ string
		if json.Unmarshal(t, &to) != nil {
			continue
		}
		if !refjson.IsNull(to["type"]) {
			_ = json.Unmarshal(to["type"], &typ)
		}
		if typ == "" || typ == "custom" {
			extra(spec.XlateTools, t, jindex("tools", i), "tool")
		}
	}
	return vs
}

// anthropicTurns decodes the messages into turns, combining consecutive
// messages of one role; after a shape violation turns holds the messages
// before it.
func anthropicTurns(turns *[]anthropicTurn, msgs []json.RawMessage) []spec.Violation {
	for k, raw := range msgs {
		p := jindex("messages", k)
		m, ok, vs := asObject(raw, p)
		if vs != nil {
			return vs
		}
		if !ok {
			return shapeErr(p, "a message is null")
		}
		role, _, vs := asString(m["role"], jpath(p, "role"))
		if vs != nil {
			return vs
		}
		switch role {
		case "user", "assistant":
		case "":
			return shapeErr(p, "a message has no role")
		default:
			return shapeErr(jpath(p, "role"), "unknown role %q", role)
		}
		if len(*turns) == 0 || (*turns)[len(*turns)-1].role != role {
			*turns = append(*turns, anthropicTurn{role: role, path: p})
		}
		t := &(*turns)[len(*turns)-1]
		if vs := anthropicContent(t, m["content"], jpath(p, "content")); vs != nil {
			return vs
		}
	}
	return nil
}

// anthropicMessages adds the messages of the turns to h.
func anthropicMessages(h *spec.History, pm PathMap, turns []anthropicTurn) {
	for _, t := range turns {
		if t.role == "assistant" {
			addMessage(h, pm, t.path, spec.RoleAssistant, t.parts, t.paths)
			continue
		}
		anthropicUserTurn(h, pm, t)
	}
}

// anthropicUserTurn adds the messages of user turn t: one tool message per
// result, one user message per run of other blocks, in order; a turn
// without blocks is one user message without parts.
func anthropicUserTurn(h *spec.History, pm PathMap, t anthropicTurn) {
	if len(t.parts) == 0 {
		addMessage(h, pm, t.path, spec.RoleUser, nil, nil)
		return
	}
	for n := 0; n < len(t.parts); {
		if t.parts[n].Kind == spec.PartResult {
			i := len(h.Messages)
			for k, cp := range t.contents[n] {
				pm[contentPath(i, 0, k)] = cp
			}
			addMessage(h, pm, t.paths[n], spec.RoleTool, []spec.Part{t.parts[n]}, []string{t.paths[n]})
			n++
			continue
		}
		end := n
		for end < len(t.parts) && t.parts[end].Kind != spec.PartResult {
			end++
		}
		addMessage(h, pm, t.paths[n], spec.RoleUser, t.parts[n:end:end], t.paths[n:end:end])
		n = end
	}
}

// anthropicSystem decodes "system": a string or an array of blocks.
func anthropicSystem(h *spec.History, pm PathMap, raw json.RawMessage) []spec.Violation {
	var t anthropicTurn
	if vs := anthropicContent(&t, raw, "system"); vs != nil {
		return vs
	}
	for n, p := range t.parts {
		if p.Kind == spec.PartResult {
			return shapeErr(t.paths[n], "a tool_result block in the system prompt")
		}
		pm[systemPath(len(h.System))] = t.paths[n]
		h.System = append(h.System, p)
	}
	return nil
}

// anthropicContent appends to t the blocks of a content at path p: a
// string (one text block) or an array of blocks; null or absent is none.
func anthropicContent(t *anthropicTurn, raw json.RawMessage, p string) []spec.Violation {
	if refjson.IsNull(raw) {
		return nil
	}
	if raw[0] == '"' {
		s, _, vs := asString(raw, p)
		if vs != nil {
			return vs
		}
		t.parts, t.paths, t.contents = append(t.parts, spec.Part{Kind: spec.PartText, Text: s}), append(t.paths, p), append(t.contents, nil)
		return nil
	}
	elems, _, vs := asArray(raw, p)
	if vs != nil {
		return shapeErr(p, "content: want a string or an array, got a JSON %s", jsonType(raw))
	}
	for n, e := range elems {
		bp := jindex(p, n)
		part, cpaths, vs := anthropicBlock(e, bp, true)
		if vs != nil {
			return vs
		}
		t.parts, t.paths, t.contents = append(t.parts, part), append(t.paths, bp), append(t.contents, cpaths)
	}
	return nil
}

// anthropicBlock decodes one content block at path p; with results false
// (inside a tool_result) a tool_result block is kept opaque. It returns,
// for a result, the paths of its content.
func anthropicBlock(raw json.RawMessage, p string, results bool) (spec.Part, []string, []spec.Violation) {
	o, ok, vs := asObject(raw, p)
	if vs != nil {
		return spec.Part{}, nil, vs
	}
	if !ok {
		return spec.Part{}, nil, shapeErr(p, "a content block is null")
	}
	typ, _, vs := asString(o["type"], jpath(p, "type"))
	if vs != nil {
		return spec.Part{}, nil, vs
	}
	str := func(key string, required bool) (string, []spec.Violation) {
		s, ok, vs := asString(o[key], jpath(p, key))
		if vs == nil && !ok && required {
			vs = shapeErr(p, "a %s block has no %s", typ, key)
		}
		return s, vs
	}
	switch typ {
	case "":
		return spec.Part{}, nil, shapeErr(p, "a content block has no type")
	case "text":
		s, vs := str("text", true)
		return spec.Part{Kind: spec.PartText, Text: s}, nil, vs
	case "thinking":
		s, vs := str("thinking", true)
		if vs != nil {
			return spec.Part{}, nil, vs
		}
		sig, vs := str("signature", false)
		return spec.Part{Kind: spec.PartThinking, Text: s, Signature: sig}, nil, vs
	case "redacted_thinking":
		d, vs := str("data", true)
		return spec.Part{Kind: spec.PartRedacted, Data: d}, nil, vs
	case "tool_use":
		c := spec.Part{Kind: spec.PartCall, CallKind: spec.CallFunction}
		var vs []spec.Violation
		if c.ID, vs = str("id", false); vs != nil {
			return spec.Part{}, nil, vs
		}
		if c.Name, vs = str("name", false); vs != nil {
			return spec.Part{}, nil, vs
		}
		if in := o["input"]; len(in) > 0 {
			c.Args = refjson.Compact(in)
		}
		return c, nil, nil
	case "tool_result":
		if !results {
			break
		}
		r := spec.Part{Kind: spec.PartResult}
		var vs []spec.Violation
		if r.ID, vs = str("tool_use_id", false); vs != nil {
			return spec.Part{}, nil, vs
		}
		if r.IsError, _, vs = asBool(o["is_error"], jpath(p, "is_error")); vs != nil {
			return spec.Part{}, nil, vs
		}
		var t anthropicTurn
		if vs := anthropicResultContent(&t, o["content"], jpath(p, "content")); vs != nil {
			return spec.Part{}, nil, vs
		}
		r.Content = t.parts
		return r, t.paths, nil
	case "image":
		return spec.Part{Kind: spec.PartImage, Data: refjson.Compact(raw), Format: spec.FormatAnthropic}, nil, nil
	}
	return spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatAnthropic}, nil, nil
}

// anthropicResultContent decodes a tool_result's content at path p.
func anthropicResultContent(t *anthropicTurn, raw json.RawMessage, p string) []spec.Violation {
	if refjson.IsNull(raw) || raw[0] == '"' {
		return anthropicContent(t, raw, p)
	}
	elems, _, vs := asArray(raw, p)
	if vs != nil {
		return shapeErr(p, "content: want a string or an array, got a JSON %s", jsonType(raw))
	}
	for n, e := range elems {
		bp := jindex(p, n)
		part, _, vs := anthropicBlock(e, bp, false)
		if vs != nil {
			return vs
		}
		t.parts, t.paths = append(t.parts, part), append(t.paths, bp)
	}
	return nil
}

// anthropicTools decodes "tools".
func anthropicTools(raw json.RawMessage) ([]spec.Tool, []spec.Violation) {
	elems, _, vs := asArray(raw, "tools")
	if vs != nil {
		return nil, vs
	}
	var tools []spec.Tool
	for i, e := range elems {
		p := jindex("tools", i)
		o, ok, vs := asObject(e, p)
		if vs != nil {
			return nil, vs
		}
		if !ok {
			return nil, shapeErr(p, "a tool is null")
		}
		typ, _, vs := asString(o["type"], jpath(p, "type"))
		if vs != nil {
			return nil, vs
		}
		if typ != "" && typ != "custom" {
			tools = append(tools, opaqueTool(o, e, spec.FormatAnthropic))
			continue
		}
		t := spec.Tool{Kind: spec.CallFunction}
		if t.Name, _, vs = asString(o["name"], jpath(p, "name")); vs != nil {
			return nil, vs
		}
		if t.Description, _, vs = asString(o["description"], jpath(p, "description")); vs != nil {
			return nil, vs
		}
		if s := o["input_schema"]; !refjson.IsNull(s) {
			t.Schema = refjson.Compact(s)
		}
		// XLATE-6: strict is false unless true.
		strict, _, vs := asBool(o["strict"], jpath(p, "strict"))
		if vs != nil {
			return nil, vs
		}
		t.Strict = strictness(strict)
		tools = append(tools, t)
	}
	return tools, nil
}

// anthropicToolChoice decodes "tool_choice".
func anthropicToolChoice(raw json.RawMessage) (spec.ToolChoice, []spec.Violation) {
	var c spec.ToolChoice
	o, ok, vs := asObject(raw, "tool_choice")
	if vs != nil || !ok {
		return c, vs
	}
	typ, _, vs := asString(o["type"], "tool_choice.type")
	if vs != nil {
		return c, vs
	}
	switch typ {
	case "auto":
		c.Mode = spec.ChoiceAuto
	case "any":
		c.Mode = spec.ChoiceRequired
	case "none":
		c.Mode = spec.ChoiceNone
	case "tool":
		c.Mode = spec.ChoiceTool
		name, ok, vs := asString(o["name"], "tool_choice.name")
		if vs != nil {
			return c, vs
		}
		if !ok {
			return c, shapeErr("tool_choice", "a tool choice of type tool has no name")
		}
		c.Name = name
	case "":
		return c, shapeErr("tool_choice", "a tool choice has no type")
	default:
		return c, shapeErr("tool_choice.type", "unknown tool choice type %q", typ)
	}
	if b, ok, vs := asBool(o["disable_parallel_tool_use"], "tool_choice.disable_parallel_tool_use"); vs != nil {
		return c, vs
	} else if ok {
		c.Parallel = spec.ParallelAllowed
		if b {
			c.Parallel = spec.ParallelDisabled
		}
	}
	return c, nil
}

// encodeAnthropic writes h as an Anthropic Messages request body.
func encodeAnthropic(h spec.History) ([]byte, []spec.Violation) {
	var e anthropicEncoder
	var kv []string
	if len(h.System) == 1 && h.System[0].Kind == spec.PartText && h.System[0].Signature == "" {
		kv = append(kv, "system", jstr(h.System[0].Text))
	} else if len(h.System) > 0 {
		var blocks []string
		for i, p := range h.System {
			if p.Kind == spec.PartImage {
				// MessageNewParams.System is []TextBlockParam.
				e.lose(spec.XlateOpaque, systemPath(i), "an image in the system prompt: anthropic's system blocks are text only")
				continue
			}
			if b := e.block(p, systemPath(i)); b != "" {
				blocks = append(blocks, b)
			}
		}
		kv = append(kv, "system", jarr(blocks))
	}
	// Consecutive messages of one wire role are one message: Anthropic
	// combines them, and so does the decoder.
	var msgs []string
	role := ""          // the role of the message being built
	var blocks []string // its blocks
	flush := func() {
		if role != "" {
			msgs = append(msgs, jobj("role", jstr(role), "content", jarr(blocks)))
		}
		role, blocks = "", nil
	}
	add := func(r string, i int, m spec.Message) {
		if role != r {
			flush()
			role = r
		}
		for j, p := range m.Parts {
			if b := e.block(p, partPath(i, j)); b != "" {
				blocks = append(blocks, b)
			}
		}
	}
	for i, m := range h.Messages {
		switch m.Role {
		case spec.RoleAssistant:
			if role != "assistant" {
				e.left = nil
			}
			add("assistant", i, m)
		case spec.RoleUser, spec.RoleTool:
			add("user", i, m)
		case spec.RoleSystem:
			e.lose(spec.XlateSystem, messagePath(i), "a system message in the conversation: anthropic has a system prompt only before it")
		default:
			e.lose(spec.XlateOpaque, messagePath(i), "a message of role %s: anthropic has no such role", m.Role)
		}
	}
	flush()
	kv = append(kv, "messages", jarr(msgs))
	if len(h.Tools) > 0 {
		var tools []string
		for i, t := range h.Tools {
			if tj := e.tool(i, t); tj != "" {
				tools = append(tools, tj)
			}
		}
		kv = append(kv, "tools", jarr(tools))
	}
	kv = append(kv, "tool_choice", e.toolChoice(h.ToolChoice))
	return []byte(jobj(kv...)), e.losses
}

// anthropicEncoder collects the losses of one encoding.
type anthropicEncoder struct {
	losses []spec.Violation
	// left holds the ids of the calls of the current turn that were left
	// out (custom calls): their results are left out with them.
	left map[string]bool
}

func (e *anthropicEncoder) lose(rule spec.RuleID, p, format string, args ...any) {
	e.losses = append(e.losses, loss(rule, p, format, args...))
}

// block writes part p, at canonical path path, as one content block, or
// returns "" and names the loss.
func (e *anthropicEncoder) block(p spec.Part, path string) string {
	switch p.Kind {
	case spec.PartText:
		if p.Signature != "" {
			e.lose(spec.XlateThinking, path, "the signature of a text part: anthropic text blocks have none")
		}
		return jobj("type", jstr("text"), "text", jstr(p.Text))
	case spec.PartThinking:
		e.reasoningID(p, path)
		if p.Signature == "" {
			// ThinkingBlockParam requires the signature, and the API
			// checks it: an unsigned thinking block is refused.
			e.lose(spec.XlateThinking, path, "thinking without a signature: anthropic refuses an unsigned thinking block")
			return ""
		}
		return jobj("type", jstr("thinking"), "thinking", jstr(p.Text), "signature", jstr(p.Signature))
	case spec.PartRedacted:
		e.reasoningID(p, path)
		return jobj("type", jstr("redacted_thinking"), "data", jstr(p.Data))
	case spec.PartCall:
		return e.call(p, path)
	case spec.PartResult:
		return e.result(p, path)
	case spec.PartImage, spec.PartOpaque:
		if p.Format == spec.FormatAnthropic && isJSONObject(p.Data) {
			return p.Data
		}
		e.lose(spec.XlateOpaque, path, "%s part of %s: anthropic cannot carry it", p.Kind, formatName(p.Format))
		return ""
	}
	e.lose(spec.XlateOpaque, path, "a part of kind %s: anthropic cannot carry it", p.Kind)
	return ""
}

// reasoningID names the id of the OpenAI Responses reasoning item a
// thinking or redacted part came from: anthropic blocks have none.
func (e *anthropicEncoder) reasoningID(p spec.Part, path string) {
	if p.ID != "" {
		e.lose(spec.XlateThinking, path+".id", "reasoning item id %q: anthropic has none", p.ID)
	}
}

// call writes a tool_use block.
func (e *anthropicEncoder) call(p spec.Part, path string) string {
	if p.CallKind == spec.CallCustom || p.CallKind.IsItem() {
		if p.CallKind.IsItem() {
			e.lose(spec.XlateIdentity, path, "a call of kind %s: anthropic has tool_use blocks only", p.CallKind)
		} else {
			e.lose(spec.XlateIdentity, path, "a custom call: anthropic has no free-form tools")
		}
		if p.ID != "" {
			if e.left == nil {
				e.left = map[string]bool{}
			}
			e.left[p.ID] = true
		}
		return ""
	}
	e.losses = append(e.losses, responsesCallLosses(p, path, spec.FormatAnthropic)...)
	if p.Signature != "" {
		e.lose(spec.XlateThinking, path, "the signature of a call: anthropic tool_use blocks have none")
	}
	id := ""
	if p.ID != "" {
		id = jstr(p.ID)
	}
	input := p.Args
	switch {
	case input == "":
		input = "{}" // END-2: no arguments are {}
	case !json.Valid([]byte(input)):
		e.lose(spec.XlateIdentity, path, "arguments that are not JSON: anthropic's input is a JSON value; written as {}")
		input = "{}"
	}
	return jobj("type", jstr("tool_use"), "id", id, "name", jstr(p.Name), "input", input)
}

// result writes a tool_result block, or leaves out, with a loss, the
// result of a call that was left out.
func (e *anthropicEncoder) result(p spec.Part, path string) string {
	if p.ID != "" && e.left[p.ID] {
		e.lose(spec.XlateIdentity, path, "the result of a custom call, which was left out")
		return ""
	}
	id := ""
	if p.ID != "" {
		id = jstr(p.ID)
	} else if p.Name != "" {
		e.lose(spec.XlateIdentity, path, "a result paired by its name %q: anthropic pairs results by id alone", p.Name)
	}
	content := ""
	if len(p.Content) == 1 && p.Content[0].Kind == spec.PartText && p.Content[0].Signature == "" {
		content = jstr(p.Content[0].Text)
	} else if len(p.Content) > 0 {
		var blocks []string
		for k, c := range p.Content {
			cp := path + ".content[" + strconv.Itoa(k) + "]"
			switch c.Kind {
			case spec.PartText, spec.PartImage, spec.PartOpaque:
				if b := e.block(c, cp); b != "" {
					blocks = append(blocks, b)
				}
			default:
				e.lose(spec.XlateOpaque, cp, "%s part in a result: anthropic results hold text, images and documents", c.Kind)
			}
		}
		content = jarr(blocks)
	}
	isErr := ""
	if p.IsError {
		isErr = jbool(true)
	}
	return jobj("type", jstr("tool_result"), "tool_use_id", id, "content", content, "is_error", isErr)
}

// tool writes one tool, or "" with a loss.
func (e *anthropicEncoder) tool(i int, t spec.Tool) string {
	if t.Data != "" {
		if t.Format == spec.FormatAnthropic && isJSONObject(t.Data) {
			return t.Data
		}
		e.lose(spec.XlateTools, toolPath(i), "a tool of %s that is neither a function nor a custom tool: anthropic cannot carry it", formatName(t.Format))
		return ""
	}
	if t.Kind == spec.CallCustom {
		e.lose(spec.XlateTools, toolPath(i), "a custom (free-form) tool: anthropic has none")
		return ""
	}
	desc := ""
	if t.Description != "" {
		desc = jstr(t.Description)
	}
	schema := t.Schema
	if schema != "" && !json.Valid([]byte(schema)) {
		e.lose(spec.XlateTools, toolPath(i), "an input schema that is not JSON: anthropic cannot carry it")
		schema = ""
	}
	if schema == "" {
		// ToolParam.InputSchema is required.
		schema = noParams
	}
	strict := ""
	if t.Strict == spec.StrictOn {
		strict = "true"
	}
	return jobj("name", jstr(t.Name), "description", desc, "input_schema", schema, "strict", strict)
}

// toolChoice writes tool_choice, or "" when the history sets none.
func (e *anthropicEncoder) toolChoice(c spec.ToolChoice) string {
	disable := ""
	switch c.Parallel {
	case spec.ParallelAllowed:
		disable = jbool(false)
	case spec.ParallelDisabled:
		disable = jbool(true)
	}
	switch c.Mode {
	case spec.ChoiceUnset:
		if disable == "" {
			return ""
		}
		return jobj("type", jstr("auto"), "disable_parallel_tool_use", disable)
	case spec.ChoiceAuto:
		return jobj("type", jstr("auto"), "disable_parallel_tool_use", disable)
	case spec.ChoiceRequired:
		return jobj("type", jstr("any"), "disable_parallel_tool_use", disable)
	case spec.ChoiceTool:
		return jobj("type", jstr("tool"), "name", jstr(c.Name), "disable_parallel_tool_use", disable)
	case spec.ChoiceNone:
		if disable != "" {
			e.lose(spec.XlateToolChoice, toolChoicePath, "the parallel setting with tool choice none: anthropic's none has none")
		}
		return jobj("type", jstr("none"))
	}
	e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice mode %s: anthropic has no such mode", c.Mode)
	return ""
}
