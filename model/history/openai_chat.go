package history

import (
	"encoding/json"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// The OpenAI Chat Completions history: a request body
//
//	{"messages": [...], "tools": [...], "tool_choice": ..., "parallel_tool_calls": bool}
//
// Messages have a role, "system" or "developer" (both system content),
// "user", "assistant" or "tool", and a content that is a string, an array
// of content parts or null. An assistant message's calls are its
// "tool_calls" ({"id", "type": "function", "function": {"name",
// "arguments"}} or {"id", "type": "custom", "custom": {"name", "input"}}),
// and its reasoning, which OpenAI-compatible servers (DeepSeek, vLLM) read
// back, the string "reasoning_content". Each result is a message of role
// "tool" with "tool_call_id" and a content of text.
//
// The canonical form of a message: the reasoning first, then the content
// parts in order, then the calls; a text content is one text part; a text
// content part is a text part, an "image_url" part an image, any other an
// opaque part. Leading system and developer messages are History.System,
// one part per message, or per content part of a message whose content is
// an array. Two consecutive assistant messages stay two turns: OpenAI wants
// each assistant message with calls followed by its tool messages.

// Tools are function tools ({"type": "function", "function": {"name",
// "description", "parameters", "strict"}}, strict false unless true) and custom tools ({"type": "custom",
// "custom": {"name", "description"}}; their "format" is not part of a
// History); a tool of another type is kept verbatim (spec.Tool.Data). A
// "developer" message is written back as "system": History has one system
// role. Every member, not null, that no History holds (a custom tool's
// format, a message's name) is named as a loss
// (chatDropped). An image is written in a user message only: the content
// of a system or tool message takes text parts, an assistant's text and
// refusal parts (openai-go's ChatCompletionSystemMessageParamContentUnion,
// ChatCompletionToolMessageParamContentUnion and
// ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion), so
// an image elsewhere is a loss (XLATE-4).

// decodeChat decodes an OpenAI Chat Completions request body.
func decodeChat(doc []byte) (spec.History, PathMap, []spec.Violation) {
	var h spec.History
	pm := PathMap{}
	o, vs := docObject(doc)
	if vs != nil {
		return h, pm, vs
	}
	msgs, ok, vs := asArray(o["messages"], "messages")
	if vs != nil {
		return h, pm, vs
	}
	if !ok {
		return h, pm, shapeErr("$", "no messages")
	}
	leading := true
	for k, raw := range msgs {
		p := jindex("messages", k)
		m, ok, vs := asObject(raw, p)
		if vs != nil {
			return h, pm, vs
		}
		if !ok {
			return h, pm, shapeErr(p, "a message is null")
		}
		role, _, vs := asString(m["role"], jpath(p, "role"))
		if vs != nil {
			return h, pm, vs
		}
		switch role {
		case "system", "developer":
			parts, paths, vs := chatContent(m["content"], jpath(p, "content"))
			if vs != nil {
				return h, pm, vs
			}
			if leading {
				for j, part := range parts {
					pm[systemPath(len(h.System))] = paths[j]
					h.System = append(h.System, part)
				}
				continue
			}
			addMessage(&h, pm, p, spec.RoleSystem, parts, paths)
		case "user":
			leading = false
			parts, paths, vs := chatContent(m["content"], jpath(p, "content"))
			if vs != nil {
				return h, pm, vs
			}
			addMessage(&h, pm, p, spec.RoleUser, parts, paths)
		case "assistant":
			leading = false
			parts, paths, vs := chatAssistant(m, p)
			if vs != nil {
				return h, pm, vs
			}
			addMessage(&h, pm, p, spec.RoleAssistant, parts, paths)
		case "tool":
			leading = false
			id, _, vs := asString(m["tool_call_id"], jpath(p, "tool_call_id"))
			if vs != nil {
				return h, pm, vs
			}
			content, paths, vs := chatContent(m["content"], jpath(p, "content"))
			if vs != nil {
				return h, pm, vs
			}
			i := len(h.Messages)
			for j, cp := range paths {
				pm[contentPath(i, 0, j)] = cp
			}
			addMessage(&h, pm, p, spec.RoleTool, []spec.Part{{Kind: spec.PartResult, ID: id, Content: content}}, []string{p})
		case "":
			return h, pm, shapeErr(p, "a message has no role")
		default:
			return h, pm, shapeErr(jpath(p, "role"), "unknown role %q", role)
		}
	}
	tools, vs := chatTools(o["tools"])
	if vs != nil {
		return h, pm, vs
	}
	for i := range tools {
		pm[toolPath(i)] = jindex("tools", i)
	}
	h.Tools = tools
	if h.ToolChoice, vs = chatToolChoice(o); vs != nil {
		return h, pm, vs
	}
	if h.ToolChoice != (spec.ToolChoice{}) {
		pm[toolChoicePath] = "tool_choice"
		if _, ok := o["tool_choice"]; !ok {
			pm[toolChoicePath] = "parallel_tool_calls"
		}
	}
	return h, pm, chatDropped(o)
}

// chatKnown are the members a History holds of a message, by role.
var chatKnown = map[string][]string{
	"system":    {"content", "role"},
	"developer": {"content", "role"},
	"user":      {"content", "role"},
	"assistant": {"content", "reasoning_content", "role", "tool_calls"},
	"tool":      {"content", "role", "tool_call_id"},
}

// chatDropped returns a loss (XLATE-4; XLATE-5 for a call, XLATE-6 for a
// tool) for each member, not null, of a message, a text part, a tool call
// or a tool of its own that no History holds (a message's name, a
// custom tool's format), in document order by
// element, by name within one. It runs on a document decoded without a
// shape violation.
func chatDropped(o refjson.Object) []spec.Violation {
	var vs []spec.Violation
	var msgs []json.RawMessage
	_ = json.Unmarshal(o["messages"], &msgs)
	for i, raw := range msgs {
		p := jindex("messages", i)
		var m refjson.Object
		_ = json.Unmarshal(raw, &m)
		role := jsonStr(m["role"])
		vs = append(vs, dropped(spec.XlateOpaque, raw, p, "a "+role+" message", chatKnown[role]...)...)
		var parts []json.RawMessage
		if c := m["content"]; !refjson.IsNull(c) && c[0] == '[' && json.Unmarshal(c, &parts) == nil {
			for n, part := range parts {
				var po refjson.Object
				if json.Unmarshal(part, &po) == nil && jsonStr(po["type"]) == "text" {
					vs = append(vs, dropped(spec.XlateOpaque, part, jindex(jpath(p, "content"), n), "a text part", "text", "type")...)
				}
			}
		}
		var calls []json.RawMessage
		if role == "assistant" && !refjson.IsNull(m["tool_calls"]) && json.Unmarshal(m["tool_calls"], &calls) == nil {
			for n, call := range calls {
				cp := jindex(jpath(p, "tool_calls"), n)
				var co refjson.Object
				_ = json.Unmarshal(call, &co)
				body, field := "function", "arguments"
				if jsonStr(co["type"]) == "custom" {
					body, field = "custom", "input"
				}
				vs = append(vs, dropped(spec.XlateIdentity, call, cp, "a tool call", "id", "type", body)...)
				vs = append(vs, dropped(spec.XlateIdentity, co[body], jpath(cp, body), "a tool call's "+body, "name", field)...)
			}
		}
	}
	var tools []json.RawMessage
	if !refjson.IsNull(o["tools"]) {
		_ = json.Unmarshal(o["tools"], &tools)
	}
	for i, t := range tools {
		p := jindex("tools", i)
		var to refjson.Object
		_ = json.Unmarshal(t, &to)
		body, known := "function", []string{"description", "name", "parameters", "strict"}
		switch jsonStr(to["type"]) {
		case "", "function":
		case "custom":
			body, known = "custom", []string{"description", "name"}
		default:
			continue // kept whole
		}
		vs = append(vs, dropped(spec.XlateTools, t, p, "a tool", "type", body)...)
		vs = append(vs, dropped(spec.XlateTools, to[body], jpath(p, body), "a tool's "+body, known...)...)
	}
	return vs
}

// chatContent decodes a message's content at path p: a string (one text
// part), an array of content parts, or null or absent (no parts).
func chatContent(raw json.RawMessage, p string) ([]spec.Part, []string, []spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, nil, nil
	}
	if raw[0] == '"' {
		s, _, vs := asString(raw, p)
		if vs != nil {
			return nil, nil, vs
		}
		return []spec.Part{{Kind: spec.PartText, Text: s}}, []string{p}, nil
	}
	elems, _, vs := asArray(raw, p)
	if vs != nil {
		return nil, nil, shapeErr(p, "content: want a string, an array or null, got a JSON %s", jsonType(raw))
	}
	var parts []spec.Part
	var paths []string
	for n, e := range elems {
		ep := jindex(p, n)
		part, vs := chatPart(e, ep)
		if vs != nil {
			return nil, nil, vs
		}
		parts = append(parts, part)
		paths = append(paths, ep)
	}
	return parts, paths, nil
}

// chatPart decodes one content part: {"type": "text", "text"}, an
// "image_url" part (an image), or another part (opaque).
func chatPart(raw json.RawMessage, p string) (spec.Part, []spec.Violation) {
	o, ok, vs := asObject(raw, p)
	if vs != nil {
		return spec.Part{}, vs
	}
	if !ok {
		return spec.Part{}, shapeErr(p, "a content part is null")
	}
	typ, _, vs := asString(o["type"], jpath(p, "type"))
	if vs != nil {
		return spec.Part{}, vs
	}
	switch typ {
	case "":
		return spec.Part{}, shapeErr(p, "a content part has no type")
	case "text":
		s, ok, vs := asString(o["text"], jpath(p, "text"))
		if vs != nil {
			return spec.Part{}, vs
		}
		if !ok {
			return spec.Part{}, shapeErr(p, "a text part has no text")
		}
		return spec.Part{Kind: spec.PartText, Text: s}, nil
	case "image_url":
		return spec.Part{Kind: spec.PartImage, Data: refjson.Compact(raw), Format: spec.FormatOpenAIChat}, nil
	}
	return spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatOpenAIChat}, nil
}

// chatAssistant decodes an assistant message at path p: reasoning_content,
// content, tool_calls.
func chatAssistant(m refjson.Object, p string) ([]spec.Part, []string, []spec.Violation) {
	var parts []spec.Part
	var paths []string
	rp := jpath(p, "reasoning_content")
	if r, ok, vs := asString(m["reasoning_content"], rp); vs != nil {
		return nil, nil, vs
	} else if ok {
		parts, paths = append(parts, spec.Part{Kind: spec.PartThinking, Text: r}), append(paths, rp)
	}
	cs, cps, vs := chatContent(m["content"], jpath(p, "content"))
	if vs != nil {
		return nil, nil, vs
	}
	parts, paths = append(parts, cs...), append(paths, cps...)
	tp := jpath(p, "tool_calls")
	calls, _, vs := asArray(m["tool_calls"], tp)
	if vs != nil {
		return nil, nil, vs
	}
	for n, raw := range calls {
		cp := jindex(tp, n)
		c, vs := chatCall(raw, cp)
		if vs != nil {
			return nil, nil, vs
		}
		parts, paths = append(parts, c), append(paths, cp)
	}
	return parts, paths, nil
}

// chatCall decodes one entry of tool_calls at path p.
func chatCall(raw json.RawMessage, p string) (spec.Part, []spec.Violation) {
	o, ok, vs := asObject(raw, p)
	if vs != nil {
		return spec.Part{}, vs
	}
	if !ok {
		return spec.Part{}, shapeErr(p, "a tool call is null")
	}
	id, _, vs := asString(o["id"], jpath(p, "id"))
	if vs != nil {
		return spec.Part{}, vs
	}
	typ, _, vs := asString(o["type"], jpath(p, "type"))
	if vs != nil {
		return spec.Part{}, vs
	}
	c := spec.Part{Kind: spec.PartCall, ID: id, CallKind: spec.CallFunction}
	body, field := "function", "arguments"
	switch typ {
	case "", "function":
	case "custom":
		c.CallKind, body, field = spec.CallCustom, "custom", "input"
	default:
		return spec.Part{}, shapeErr(jpath(p, "type"), "unknown tool call type %q", typ)
	}
	bp := jpath(p, body)
	f, ok, vs := asObject(o[body], bp)
	if vs != nil {
		return spec.Part{}, vs
	}
	if !ok {
		return spec.Part{}, shapeErr(p, "a tool call has no %s", body)
	}
	if c.Name, _, vs = asString(f["name"], jpath(bp, "name")); vs != nil {
		return spec.Part{}, vs
	}
	args, _, vs := asString(f[field], jpath(bp, field))
	if vs != nil {
		return spec.Part{}, vs
	}
	if c.CallKind == spec.CallCustom {
		c.Args = args
	} else {
		c.Args = argsText(args)
	}
	return c, nil
}

// chatTools decodes the "tools" array.
func chatTools(raw json.RawMessage) ([]spec.Tool, []spec.Violation) {
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
		t := spec.Tool{Kind: spec.CallFunction}
		body, schema := "function", "parameters"
		switch typ {
		case "", "function":
		case "custom":
			t.Kind, body, schema = spec.CallCustom, "custom", ""
		default:
			tools = append(tools, opaqueTool(o, e, spec.FormatOpenAIChat))
			continue
		}
		bp := jpath(p, body)
		f, ok, vs := asObject(o[body], bp)
		if vs != nil {
			return nil, vs
		}
		if !ok {
			return nil, shapeErr(p, "a tool has no %s", body)
		}
		if t.Name, _, vs = asString(f["name"], jpath(bp, "name")); vs != nil {
			return nil, vs
		}
		if t.Description, _, vs = asString(f["description"], jpath(bp, "description")); vs != nil {
			return nil, vs
		}
		if s := f[schema]; schema != "" && !refjson.IsNull(s) {
			t.Schema = refjson.Compact(s)
		}
		if t.Kind == spec.CallFunction {
			// XLATE-6: function.strict is false unless true.
			strict, _, vs := asBool(f["strict"], jpath(bp, "strict"))
			if vs != nil {
				return nil, vs
			}
			t.Strict = strictness(strict)
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// chatToolChoice decodes "tool_choice" and "parallel_tool_calls".
func chatToolChoice(o refjson.Object) (spec.ToolChoice, []spec.Violation) {
	var c spec.ToolChoice
	if b, ok, vs := asBool(o["parallel_tool_calls"], "parallel_tool_calls"); vs != nil {
		return c, vs
	} else if ok {
		c.Parallel = spec.ParallelAllowed
		if !b {
			c.Parallel = spec.ParallelDisabled
		}
	}
	raw := o["tool_choice"]
	if refjson.IsNull(raw) {
		return c, nil
	}
	if raw[0] == '"' {
		s, _, vs := asString(raw, "tool_choice")
		if vs != nil {
			return c, vs
		}
		switch s {
		case "auto":
			c.Mode = spec.ChoiceAuto
		case "none":
			c.Mode = spec.ChoiceNone
		case "required":
			c.Mode = spec.ChoiceRequired
		default:
			return c, shapeErr("tool_choice", "unknown tool choice %q", s)
		}
		return c, nil
	}
	t, _, vs := asObject(raw, "tool_choice")
	if vs != nil {
		return c, vs
	}
	typ, _, vs := asString(t["type"], "tool_choice.type")
	if vs != nil {
		return c, vs
	}
	if typ != "function" && typ != "custom" {
		return c, shapeErr("tool_choice.type", "unknown tool choice type %q", typ)
	}
	f, ok, vs := asObject(t[typ], jpath("tool_choice", typ))
	if vs != nil {
		return c, vs
	}
	if !ok {
		return c, shapeErr("tool_choice", "a named tool choice has no %s", typ)
	}
	if c.Name, _, vs = asString(f["name"], jpath("tool_choice", typ+".name")); vs != nil {
		return c, vs
	}
	c.Mode = spec.ChoiceTool
	return c, nil
}

// encodeChat writes h as an OpenAI Chat Completions request body.
func encodeChat(h spec.History) ([]byte, []spec.Violation) {
	var e chatEncoder
	var msgs []string
	for i, p := range h.System {
		if c := e.content([]spec.Part{p}, func(int) string { return systemPath(i) }, "system"); c != "" {
			msgs = append(msgs, jobj("role", jstr("system"), "content", c))
		}
	}
	for i, m := range h.Messages {
		path := func(j int) string { return partPath(i, j) }
		switch m.Role {
		case spec.RoleSystem, spec.RoleUser:
			role := "user"
			if m.Role == spec.RoleSystem {
				role = "system"
			}
			c := e.content(m.Parts, path, role)
			if c == "" {
				c = "[]"
			}
			msgs = append(msgs, jobj("role", jstr(role), "content", c))
		case spec.RoleAssistant:
			msgs = append(msgs, e.assistant(i, m))
		case spec.RoleTool:
			msgs = append(msgs, e.results(i, m)...)
		default:
			e.lose(spec.XlateOpaque, messagePath(i), "a message of role %s: openai-chat has no such role", m.Role)
		}
	}
	var tools []string
	for i, t := range h.Tools {
		if tj := e.tool(i, t); tj != "" {
			tools = append(tools, tj)
		}
	}
	kv := []string{"messages", jarr(msgs)}
	if len(h.Tools) > 0 {
		kv = append(kv, "tools", jarr(tools))
	}
	kv = append(kv, e.toolChoice(h)...)
	return []byte(jobj(kv...)), e.losses
}

// chatEncoder collects the losses of one encoding.
type chatEncoder struct{ losses []spec.Violation }

func (e *chatEncoder) lose(rule spec.RuleID, p, format string, args ...any) {
	e.losses = append(e.losses, loss(rule, p, format, args...))
}

// content writes parts as the content of a message of role: a string for
// one text part, else an array of content parts; "" when nothing is
// written. A part that is not text, or an image or opaque part of this
// format, is a loss (XLATE-1 for reasoning, else XLATE-4), and so is an
// image in a message other than a user message, whose content takes text
// parts only (refusal parts for the assistant's; XLATE-4).
func (e *chatEncoder) content(parts []spec.Part, path func(int) string, role string) string {
	if len(parts) == 1 && parts[0].Kind == spec.PartText {
		e.textSignature(parts[0], path(0))
		return jstr(parts[0].Text)
	}
	var elems []string
	for j, p := range parts {
		if el := e.contentPart(p, path(j), role); el != "" {
			elems = append(elems, el)
		}
	}
	if len(elems) == 0 && len(parts) > 0 {
		return ""
	}
	return jarr(elems)
}

// contentPart writes one element of the content array of a message of
// role, or returns "" and names the loss.
func (e *chatEncoder) contentPart(p spec.Part, path string, role string) string {
	switch p.Kind {
	case spec.PartText:
		e.textSignature(p, path)
		return jobj("type", jstr("text"), "text", jstr(p.Text))
	case spec.PartImage, spec.PartOpaque:
		if p.Format == spec.FormatOpenAIChat && isJSONObject(p.Data) {
			if p.Kind == spec.PartImage && role != "user" {
				e.lose(spec.XlateOpaque, path, "an image in %s content: openai-chat takes images in user messages only", role)
				return ""
			}
			return p.Data
		}
		e.lose(spec.XlateOpaque, path, "%s part of %s: openai-chat cannot carry it", p.Kind, formatName(p.Format))
	case spec.PartThinking, spec.PartRedacted:
		e.lose(spec.XlateThinking, path, "%s part outside an assistant message's reasoning: openai-chat cannot carry it", p.Kind)
	default:
		e.lose(spec.XlateOpaque, path, "%s part in a content: openai-chat cannot carry it", p.Kind)
	}
	return ""
}

// textSignature names the signature of a text part, which chat cannot
// carry.
func (e *chatEncoder) textSignature(p spec.Part, path string) {
	if p.Signature != "" {
		e.lose(spec.XlateThinking, path, "the signature of a text part: openai-chat cannot carry it")
	}
}

// assistant writes the assistant message i: the first thinking part as
// reasoning_content, the text and content parts as content, the calls as
// tool_calls.
func (e *chatEncoder) assistant(i int, m spec.Message) string {
	reasoning := ""
	var content []spec.Part
	var contentPaths []string
	var calls []string
	seenCall, seenOther := false, false
	for j, p := range m.Parts {
		path := partPath(i, j)
		switch p.Kind {
		case spec.PartThinking:
			switch {
			case reasoning != "":
				e.lose(spec.XlateThinking, path, "a second thinking part: openai-chat carries one reasoning text per message")
			case seenOther:
				e.lose(spec.XlateThinking, path, "a thinking part after other content: openai-chat carries the reasoning first in the message")
			default:
				reasoning = jstr(p.Text)
				if p.Signature != "" {
					e.lose(spec.XlateThinking, path, "the signature of a thinking part: openai-chat cannot carry it")
				}
				if p.ID != "" {
					e.lose(spec.XlateThinking, path+".id", "reasoning item id %q: openai-chat has none", p.ID)
				}
			}
		case spec.PartRedacted:
			e.lose(spec.XlateThinking, path, "redacted reasoning: openai-chat cannot carry it")
		case spec.PartCall:
			if p.CallKind.IsItem() {
				e.lose(spec.XlateIdentity, path, "call %q of kind %s: openai-chat carries function and custom calls only", p.Name, p.CallKind)
				continue
			}
			seenCall, seenOther = true, true
			calls = append(calls, e.call(path, p))
		default:
			seenOther = true
			if seenCall {
				e.lose(spec.XlateOpaque, path, "%s part after a call: openai-chat writes the content before the tool calls", p.Kind)
			}
			content, contentPaths = append(content, p), append(contentPaths, path)
		}
	}
	c := e.content(content, func(j int) string { return contentPaths[j] }, "assistant")
	if c == "" || len(content) == 0 {
		c = "null"
	}
	kv := []string{"role", jstr("assistant"), "content", c, "reasoning_content", reasoning}
	if len(calls) > 0 {
		kv = append(kv, "tool_calls", jarr(calls))
	}
	return jobj(kv...)
}

// call writes one entry of tool_calls.
func (e *chatEncoder) call(path string, p spec.Part) string {
	e.losses = append(e.losses, responsesCallLosses(p, path, spec.FormatOpenAIChat)...)
	if p.Signature != "" {
		e.lose(spec.XlateThinking, path, "the signature of a call: openai-chat cannot carry it")
	}
	id := ""
	if p.ID != "" {
		id = jstr(p.ID)
	}
	if p.CallKind == spec.CallCustom {
		return jobj("id", id, "type", jstr("custom"), "custom", jobj("name", jstr(p.Name), "input", jstr(p.Args)))
	}
	return jobj("id", id, "type", jstr("function"), "function", jobj("name", jstr(p.Name), "arguments", jstr(p.Args)))
}

// results writes the tool message i: one message per result part.
func (e *chatEncoder) results(i int, m spec.Message) []string {
	var out []string
	for j, p := range m.Parts {
		path := partPath(i, j)
		if p.Kind != spec.PartResult {
			e.lose(spec.XlateOpaque, path, "%s part in a tool message: openai-chat cannot carry it", p.Kind)
			continue
		}
		id := ""
		if p.ID != "" {
			id = jstr(p.ID)
		} else if p.Name != "" {
			e.lose(spec.XlateIdentity, path, "a result paired by its name %q: openai-chat pairs results by id alone", p.Name)
		}
		if p.IsError {
			e.lose(spec.XlateOpaque, path, "the error flag of a result: openai-chat results have none")
		}
		c := e.content(p.Content, func(k int) string { return contentPath(i, j, k) }, "tool")
		if c == "" {
			c = "[]"
		}
		out = append(out, jobj("role", jstr("tool"), "tool_call_id", id, "content", c))
	}
	return out
}

// tool writes one tool, or "" with a loss when its schema is not JSON.
func (e *chatEncoder) tool(i int, t spec.Tool) string {
	desc := ""
	if t.Description != "" {
		desc = jstr(t.Description)
	}
	if t.Data != "" {
		if t.Format == spec.FormatOpenAIChat && isJSONObject(t.Data) {
			return t.Data
		}
		e.lose(spec.XlateTools, toolPath(i), "a tool of %s that is neither a function nor a custom tool: openai-chat cannot carry it", formatName(t.Format))
		return ""
	}
	if t.Kind == spec.CallCustom {
		if t.Schema != "" {
			e.lose(spec.XlateTools, toolPath(i), "the input schema of a custom tool: openai-chat custom tools have none")
		}
		return jobj("type", jstr("custom"), "custom", jobj("name", jstr(t.Name), "description", desc))
	}
	schema := t.Schema
	if schema != "" && !json.Valid([]byte(schema)) {
		e.lose(spec.XlateTools, toolPath(i), "an input schema that is not JSON: openai-chat cannot carry it")
		schema = ""
	}
	strict := ""
	if t.Strict == spec.StrictOn {
		strict = "true"
	}
	return jobj("type", jstr("function"), "function", jobj("name", jstr(t.Name), "description", desc, "parameters", schema, "strict", strict))
}

// toolChoice writes tool_choice and parallel_tool_calls.
func (e *chatEncoder) toolChoice(h spec.History) []string {
	c := h.ToolChoice
	var kv []string
	switch c.Mode {
	case spec.ChoiceUnset:
	case spec.ChoiceAuto:
		kv = append(kv, "tool_choice", jstr("auto"))
	case spec.ChoiceNone:
		kv = append(kv, "tool_choice", jstr("none"))
	case spec.ChoiceRequired:
		kv = append(kv, "tool_choice", jstr("required"))
	case spec.ChoiceTool:
		typ := "function"
		for _, t := range h.Tools {
			if t.Name == c.Name && t.Kind == spec.CallCustom {
				typ = "custom"
			}
		}
		kv = append(kv, "tool_choice", jobj("type", jstr(typ), typ, jobj("name", jstr(c.Name))))
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice mode %s: openai-chat has no such mode", c.Mode)
	}
	switch c.Parallel {
	case spec.ParallelAllowed:
		kv = append(kv, "parallel_tool_calls", jbool(true))
	case spec.ParallelDisabled:
		kv = append(kv, "parallel_tool_calls", jbool(false))
	}
	return kv
}
