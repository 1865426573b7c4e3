package history

import (
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The OpenAI Chat Completions history codec: a request body
// {"messages", "tools", "tool_choice", "parallel_tool_calls"}, read and
// written as SPEC.md section 11 and model's codec of the format say:
// leading system and developer messages are History.System, one part per
// message or content part; an assistant message is its reasoning_content
// (a thinking part), its content parts, then its tool_calls; each tool
// message is one result, by tool_call_id.

var (
	chatDocKeys  = []string{"messages", "tools", "tool_choice", "parallel_tool_calls"}
	chatMsgKeys  = []string{"role", "content", "tool_call_id", "reasoning_content", "tool_calls"}
	chatPartKeys = []string{"type", "text"}
	chatCallKeys = []string{"id", "type", "function", "custom"}
	chatFuncKeys = []string{"name", "arguments", "input", "description", "parameters", "strict"}
)

// decodeChat decodes an OpenAI Chat Completions request body.
func decodeChat(doc []byte) (spec.History, PathMap, []spec.Violation) {
	var h spec.History
	pm := PathMap{}
	o, vs := docObject(doc)
	if vs != nil {
		return h, pm, vs
	}
	var top [4][]byte
	membersNamed(o, chatDocKeys, top[:])
	msgs, ok, vs := asArray(top[0], "messages")
	if vs != nil {
		return h, pm, vs
	}
	if !ok {
		return h, pm, shapeErr("$", "no messages")
	}
	if n := elemCount(msgs); n > 0 {
		h.Messages = make([]spec.Message, 0, n)
	}
	leading := true
	eachElem(msgs, func(k int, raw []byte) bool {
		vs = chatMessage(&h, pm, raw, jindex("messages", k), &leading)
		return vs == nil
	})
	if vs != nil {
		return h, pm, vs
	}
	if h.Tools, vs = chatTools(top[1]); vs != nil {
		h.Tools = nil
		return h, pm, vs
	}
	for i := range h.Tools {
		pm[toolPath(i)] = jindex("tools", i)
	}
	if h.ToolChoice, vs = chatToolChoice(top[2], top[3]); vs != nil {
		return h, pm, vs
	}
	if h.ToolChoice != (spec.ToolChoice{}) {
		pm[toolChoicePath] = "tool_choice"
		if top[2] == nil {
			pm[toolChoicePath] = "parallel_tool_calls"
		}
	}
	return h, pm, chatDropped(msgs, top[1])
}

// chatKnown are the members a History holds of a message, by role
// (model's chatKnown).
var chatKnown = map[string][]string{
	"system":    {"content", "role"},
	"developer": {"content", "role"},
	"user":      {"content", "role"},
	"assistant": {"content", "reasoning_content", "role", "tool_calls"},
	"tool":      {"content", "role", "tool_call_id"},
}

// chatDropped returns a loss (XLATE-4; XLATE-5 for a call, XLATE-6
// for a tool) for each member, not null, of a message, a text part, a
// tool call or a tool of its own that no History holds (a message's name,
// a custom tool's format): in document order by
// element, by name within one. msgs and tools are of a document decoded
// without a shape violation.
func chatDropped(msgs, tools []byte) []spec.Violation {
	var vs []spec.Violation
	eachElem(msgs, func(i int, m []byte) bool {
		p := jindex("messages", i)
		var f [3][]byte
		membersNamed(m, []string{"role", "content", "tool_calls"}, f[:])
		role := jsonStr(f[0])
		vs = append(vs, dropped(spec.XlateOpaque, m, p, "a "+role+" message", chatKnown[role]...)...)
		if c := f[1]; len(c) > 0 && c[0] == '[' {
			eachElem(c, func(n int, part []byte) bool {
				if len(part) > 0 && part[0] == '{' && jsonStr(member(part, "type")) == "text" {
					vs = append(vs, dropped(spec.XlateOpaque, part, jindex(jpath(p, "content"), n), "a text part", "text", "type")...)
				}
				return true
			})
		}
		if c := f[2]; role == "assistant" && len(c) > 0 && c[0] == '[' {
			eachElem(c, func(n int, call []byte) bool {
				cp := jindex(jpath(p, "tool_calls"), n)
				body, field := "function", "arguments"
				if jsonStr(member(call, "type")) == "custom" {
					body, field = "custom", "input"
				}
				vs = append(vs, dropped(spec.XlateIdentity, call, cp, "a tool call", "id", "type", body)...)
				vs = append(vs, dropped(spec.XlateIdentity, member(call, body), jpath(cp, body), "a tool call's "+body, "name", field)...)
				return true
			})
		}
		return true
	})
	if len(tools) > 0 && tools[0] == '[' {
		eachElem(tools, func(i int, t []byte) bool {
			p := jindex("tools", i)
			body, known := "function", []string{"description", "name", "parameters", "strict"}
			switch jsonStr(member(t, "type")) {
			case "", "function":
			case "custom":
				body, known = "custom", []string{"description", "name"}
			default:
				return true // kept whole
			}
			vs = append(vs, dropped(spec.XlateTools, t, p, "a tool", "type", body)...)
			vs = append(vs, dropped(spec.XlateTools, member(t, body), jpath(p, body), "a tool's "+body, known...)...)
			return true
		})
	}
	return vs
}

// chatMessage decodes the message raw at path p into h.
func chatMessage(h *spec.History, pm PathMap, raw []byte, p string, leading *bool) []spec.Violation {
	m, ok, vs := asObject(raw, p)
	if vs != nil {
		return vs
	}
	if !ok {
		return shapeErr(p, "a message is null")
	}
	var f [5][]byte
	membersNamed(m, chatMsgKeys, f[:])
	role, _, vs := asString(f[0], jpath(p, "role"))
	if vs != nil {
		return vs
	}
	cp := jpath(p, "content")
	switch role {
	case "system", "developer":
		parts, paths, vs := chatContent(f[1], cp)
		if vs != nil {
			return vs
		}
		if *leading {
			for j, part := range parts {
				pm[systemPath(len(h.System))] = paths[j]
				h.System = append(h.System, part)
			}
			return nil
		}
		addMessage(h, pm, p, spec.RoleSystem, parts, paths)
	case "user":
		*leading = false
		parts, paths, vs := chatContent(f[1], cp)
		if vs != nil {
			return vs
		}
		addMessage(h, pm, p, spec.RoleUser, parts, paths)
	case "assistant":
		*leading = false
		parts, paths, vs := chatAssistant(f, p)
		if vs != nil {
			return vs
		}
		addMessage(h, pm, p, spec.RoleAssistant, parts, paths)
	case "tool":
		*leading = false
		id, _, vs := asString(f[2], jpath(p, "tool_call_id"))
		if vs != nil {
			return vs
		}
		content, paths, vs := chatContent(f[1], cp)
		if vs != nil {
			return vs
		}
		i := len(h.Messages)
		for k, q := range paths {
			pm[contentPath(i, 0, k)] = q
		}
		addMessage(h, pm, p, spec.RoleTool, []spec.Part{{Kind: spec.PartResult, ID: id, Content: content}}, []string{p})
	case "":
		return shapeErr(p, "a message has no role")
	default:
		return shapeErr(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// chatContent decodes a message's content at path p: a string (one
// text part), an array of content parts, or null or absent (no parts).
func chatContent(raw []byte, p string) ([]spec.Part, []string, []spec.Violation) {
	if isNull(raw) {
		return nil, nil, nil
	}
	switch raw[0] {
	case '"':
		return []spec.Part{{Kind: spec.PartText, Text: unquote(raw)}}, []string{p}, nil
	case '[':
	default:
		return nil, nil, shapeErr(p, "content: want a string, an array or null, got a JSON %s", jsonType(raw))
	}
	var parts []spec.Part
	var paths []string
	if n := elemCount(raw); n > 0 {
		parts, paths = make([]spec.Part, 0, n), make([]string, 0, n)
	}
	var vs []spec.Violation
	eachElem(raw, func(k int, e []byte) bool {
		ep := jindex(p, k)
		var part spec.Part
		if part, vs = chatPart(e, ep); vs != nil {
			return false
		}
		parts, paths = append(parts, part), append(paths, ep)
		return true
	})
	if vs != nil {
		return nil, nil, vs
	}
	return parts, paths, nil
}

// chatPart decodes one content part: text, image_url (an image), or
// another type (opaque).
func chatPart(raw []byte, p string) (spec.Part, []spec.Violation) {
	o, ok, vs := asObject(raw, p)
	if vs != nil {
		return spec.Part{}, vs
	}
	if !ok {
		return spec.Part{}, shapeErr(p, "a content part is null")
	}
	var f [2][]byte
	membersNamed(o, chatPartKeys, f[:])
	typ, _, vs := asString(f[0], jpath(p, "type"))
	if vs != nil {
		return spec.Part{}, vs
	}
	switch typ {
	case "":
		return spec.Part{}, shapeErr(p, "a content part has no type")
	case "text":
		s, ok, vs := asString(f[1], jpath(p, "text"))
		if vs != nil {
			return spec.Part{}, vs
		}
		if !ok {
			return spec.Part{}, shapeErr(p, "a text part has no text")
		}
		return spec.Part{Kind: spec.PartText, Text: s}, nil
	case "image_url":
		return spec.Part{Kind: spec.PartImage, Data: compact(raw), Format: spec.FormatOpenAIChat}, nil
	}
	return spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatOpenAIChat}, nil
}

// chatAssistant decodes an assistant message at path p, whose members
// f are those of chatMsgKeys: reasoning_content, content, tool_calls.
func chatAssistant(f [5][]byte, p string) ([]spec.Part, []string, []spec.Violation) {
	var parts []spec.Part
	var paths []string
	rp := jpath(p, "reasoning_content")
	if r, ok, vs := asString(f[3], rp); vs != nil {
		return nil, nil, vs
	} else if ok {
		parts, paths = append(parts, spec.Part{Kind: spec.PartThinking, Text: r}), append(paths, rp)
	}
	cs, cps, vs := chatContent(f[1], jpath(p, "content"))
	if vs != nil {
		return nil, nil, vs
	}
	parts, paths = append(parts, cs...), append(paths, cps...)
	tp := jpath(p, "tool_calls")
	calls, ok, vs := asArray(f[4], tp)
	if vs != nil || !ok {
		return parts, paths, vs
	}
	eachElem(calls, func(n int, raw []byte) bool {
		cp := jindex(tp, n)
		var c spec.Part
		if c, vs = chatCall(raw, cp); vs != nil {
			return false
		}
		parts, paths = append(parts, c), append(paths, cp)
		return true
	})
	if vs != nil {
		return nil, nil, vs
	}
	return parts, paths, nil
}

// chatCall decodes one entry of tool_calls at path p.
func chatCall(raw []byte, p string) (spec.Part, []spec.Violation) {
	o, ok, vs := asObject(raw, p)
	if vs != nil {
		return spec.Part{}, vs
	}
	if !ok {
		return spec.Part{}, shapeErr(p, "a tool call is null")
	}
	var f [4][]byte
	membersNamed(o, chatCallKeys, f[:])
	c := spec.Part{Kind: spec.PartCall, CallKind: spec.CallFunction}
	if c.ID, _, vs = asString(f[0], jpath(p, "id")); vs != nil {
		return spec.Part{}, vs
	}
	typ, _, vs := asString(f[1], jpath(p, "type"))
	if vs != nil {
		return spec.Part{}, vs
	}
	body, bodyRaw, field := "function", f[2], 1
	switch typ {
	case "", "function":
	case "custom":
		c.CallKind, body, bodyRaw, field = spec.CallCustom, "custom", f[3], 2
	default:
		return spec.Part{}, shapeErr(jpath(p, "type"), "unknown tool call type %q", typ)
	}
	bp := jpath(p, body)
	fn, ok, vs := asObject(bodyRaw, bp)
	if vs != nil {
		return spec.Part{}, vs
	}
	if !ok {
		return spec.Part{}, shapeErr(p, "a tool call has no %s", body)
	}
	var g [6][]byte
	membersNamed(fn, chatFuncKeys, g[:])
	if c.Name, _, vs = asString(g[0], jpath(bp, "name")); vs != nil {
		return spec.Part{}, vs
	}
	args, _, vs := asString(g[field], jpath(bp, chatFuncKeys[field]))
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
func chatTools(raw []byte) ([]spec.Tool, []spec.Violation) {
	arr, ok, vs := asArray(raw, "tools")
	if vs != nil || !ok {
		return nil, vs
	}
	tools := make([]spec.Tool, 0, elemCount(arr))
	eachElem(arr, func(i int, e []byte) bool {
		var t spec.Tool
		var keep bool
		if t, keep, vs = chatTool(e, jindex("tools", i)); vs != nil {
			return false
		}
		if keep {
			tools = append(tools, t)
		}
		return true
	})
	if vs != nil {
		return nil, vs
	}
	if len(tools) == 0 {
		return nil, nil
	}
	return tools, nil
}

// chatTool decodes one tool at path p.
func chatTool(e []byte, p string) (spec.Tool, bool, []spec.Violation) {
	o, ok, vs := asObject(e, p)
	if vs != nil {
		return spec.Tool{}, false, vs
	}
	if !ok {
		return spec.Tool{}, false, shapeErr(p, "a tool is null")
	}
	var f [4][]byte
	membersNamed(o, chatCallKeys, f[:])
	typ, _, vs := asString(f[1], jpath(p, "type"))
	if vs != nil {
		return spec.Tool{}, false, vs
	}
	t := spec.Tool{Kind: spec.CallFunction}
	body, bodyRaw, schema := "function", f[2], true
	switch typ {
	case "", "function":
	case "custom":
		t.Kind, body, bodyRaw, schema = spec.CallCustom, "custom", f[3], false
	default:
		return opaqueTool(o, spec.FormatOpenAIChat), true, nil
	}
	bp := jpath(p, body)
	fn, ok, vs := asObject(bodyRaw, bp)
	if vs != nil {
		return spec.Tool{}, false, vs
	}
	if !ok {
		return spec.Tool{}, false, shapeErr(p, "a tool has no %s", body)
	}
	var g [6][]byte
	membersNamed(fn, chatFuncKeys, g[:])
	if t.Name, _, vs = asString(g[0], jpath(bp, "name")); vs != nil {
		return spec.Tool{}, false, vs
	}
	if t.Description, _, vs = asString(g[3], jpath(bp, "description")); vs != nil {
		return spec.Tool{}, false, vs
	}
	if schema && !isNull(g[4]) {
		t.Schema = compact(g[4])
	}
	if t.Kind == spec.CallFunction {
		strict, _, vs := asBool(g[5], jpath(bp, "strict"))
		if vs != nil {
			return spec.Tool{}, false, vs
		}
		t.Strict = strictness(strict)
	}
	return t, true, nil
}

// chatToolChoice decodes "tool_choice" (raw) and "parallel_tool_calls"
// (par). After a violation the choice holds what was decoded before it.
func chatToolChoice(raw, par []byte) (spec.ToolChoice, []spec.Violation) {
	var c spec.ToolChoice
	if b, ok, vs := asBool(par, "parallel_tool_calls"); vs != nil {
		return c, vs
	} else if ok {
		c.Parallel = spec.ParallelAllowed
		if !b {
			c.Parallel = spec.ParallelDisabled
		}
	}
	if isNull(raw) {
		return c, nil
	}
	if raw[0] == '"' {
		switch s := unquote(raw); s {
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
	var f [4][]byte
	membersNamed(t, chatCallKeys, f[:])
	typ, _, vs := asString(f[1], "tool_choice.type")
	if vs != nil {
		return c, vs
	}
	body := f[2]
	switch typ {
	case "function":
	case "custom":
		body = f[3]
	default:
		return c, shapeErr("tool_choice.type", "unknown tool choice type %q", typ)
	}
	fn, ok, vs := asObject(body, jpath("tool_choice", typ))
	if vs != nil {
		return c, vs
	}
	if !ok {
		return c, shapeErr("tool_choice", "a named tool choice has no %s", typ)
	}
	name, _, vs := asString(member(fn, "name"), jpath("tool_choice", typ+".name"))
	if vs != nil {
		return c, vs
	}
	c.Name, c.Mode = name, spec.ChoiceTool
	return c, nil
}

// chatEncoder is one encoding of a History as an OpenAI chat request.
type chatEncoder struct {
	w      writer
	losses []spec.Violation
}

func (e *chatEncoder) lose(rule spec.RuleID, p, format string, args ...any) {
	e.losses = append(e.losses, loss(rule, p, format, args...))
}

// encodeChat writes h as an OpenAI Chat Completions request body.
func encodeChat(h spec.History) ([]byte, []spec.Violation) {
	e := &chatEncoder{}
	w := &e.w
	w.open('{')
	w.key("messages")
	w.open('[')
	for i, p := range h.System {
		m := w.mark()
		w.elem()
		w.open('{')
		w.strMember("role", "system")
		w.key("content")
		if !e.content([]spec.Part{p}, func(int) string { return systemPath(i) }, "system") {
			w.reset(m)
			continue
		}
		w.close('}')
	}
	for i, m := range h.Messages {
		path := func(j int) string { return partPath(i, j) }
		switch m.Role {
		case spec.RoleSystem, spec.RoleUser:
			w.elem()
			w.open('{')
			if m.Role == spec.RoleSystem {
				w.strMember("role", "system")
			} else {
				w.strMember("role", "user")
			}
			w.key("content")
			role := "user"
			if m.Role == spec.RoleSystem {
				role = "system"
			}
			if !e.content(m.Parts, path, role) {
				w.raw("[]")
			}
			w.close('}')
		case spec.RoleAssistant:
			e.assistant(i, m)
		case spec.RoleTool:
			e.results(i, m)
		default:
			e.lose(spec.XlateOpaque, messagePath(i), "a message of role %s: openai-chat has no such role", m.Role)
		}
	}
	w.close(']')
	if len(h.Tools) > 0 {
		w.key("tools")
		w.open('[')
		for i, t := range h.Tools {
			e.tool(i, t)
		}
		w.close(']')
	}
	e.toolChoice(h)
	w.close('}')
	return w.b, e.losses
}

// content writes parts as the content of a message of role: a string for
// one text part, else an array of content parts. It writes nothing and
// returns false when there are parts and every one is lost. An image in a
// message other than a user message is a loss (XLATE-4): the content of a
// system or tool message takes text parts only, an assistant's text and
// refusal parts.
func (e *chatEncoder) content(parts []spec.Part, path func(int) string, role string) bool {
	w := &e.w
	if len(parts) == 1 && parts[0].Kind == spec.PartText {
		e.textSignature(parts[0], path(0))
		w.str(parts[0].Text)
		return true
	}
	m := w.mark()
	w.open('[')
	n := 0
	for j, p := range parts {
		if e.contentPart(p, path(j), role) {
			n++
		}
	}
	if n == 0 && len(parts) > 0 {
		w.reset(m)
		return false
	}
	w.close(']')
	return true
}

// contentPart writes one element of the content array of a message of
// role, or names its loss and returns false.
func (e *chatEncoder) contentPart(p spec.Part, path string, role string) bool {
	w := &e.w
	switch p.Kind {
	case spec.PartText:
		e.textSignature(p, path)
		w.elem()
		w.open('{')
		w.strMember("type", "text")
		w.strMember("text", p.Text)
		w.close('}')
		return true
	case spec.PartImage, spec.PartOpaque:
		if p.Format == spec.FormatOpenAIChat && isJSONObject(p.Data) {
			if p.Kind == spec.PartImage && role != "user" {
				e.lose(spec.XlateOpaque, path, "an image in %s content: openai-chat takes images in user messages only", role)
				return false
			}
			w.elem()
			w.raw(p.Data)
			return true
		}
		e.lose(spec.XlateOpaque, path, "%s part of %s: openai-chat cannot carry it", p.Kind, formatName(p.Format))
	case spec.PartThinking, spec.PartRedacted:
		e.lose(spec.XlateThinking, path, "%s part outside an assistant message's reasoning: openai-chat cannot carry it", p.Kind)
	default:
		e.lose(spec.XlateOpaque, path, "%s part in a content: openai-chat cannot carry it", p.Kind)
	}
	return false
}

// textSignature names the signature of a text part, which chat cannot
// carry.
func (e *chatEncoder) textSignature(p spec.Part, path string) {
	if p.Signature != "" {
		e.lose(spec.XlateThinking, path, "the signature of a text part: openai-chat cannot carry it")
	}
}

// assistant writes the assistant message i: its first thinking part as
// reasoning_content, its text and other parts as content, its calls as
// tool_calls. The losses of the reasoning, the calls and the order come
// first, in part order, then those of the content, as the content is
// written after the parts are sorted.
func (e *chatEncoder) assistant(i int, m spec.Message) {
	reasoning := -1
	var content []spec.Part
	var contentPaths []string
	calls := 0
	seenCall, seenOther := false, false
	for j, p := range m.Parts {
		path := partPath(i, j)
		switch p.Kind {
		case spec.PartThinking:
			switch {
			case reasoning >= 0:
				e.lose(spec.XlateThinking, path, "a second thinking part: openai-chat carries one reasoning text per message")
			case seenOther:
				e.lose(spec.XlateThinking, path, "a thinking part after other content: openai-chat carries the reasoning first in the message")
			default:
				reasoning = j
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
			calls++
			e.losses = append(e.losses, responsesCallLosses(p, path, spec.FormatOpenAIChat)...)
			if p.Signature != "" {
				e.lose(spec.XlateThinking, path, "the signature of a call: openai-chat cannot carry it")
			}
		default:
			seenOther = true
			if seenCall {
				e.lose(spec.XlateOpaque, path, "%s part after a call: openai-chat writes the content before the tool calls", p.Kind)
			}
			content, contentPaths = append(content, p), append(contentPaths, path)
		}
	}
	w := &e.w
	w.elem()
	w.open('{')
	w.strMember("role", "assistant")
	w.key("content")
	if len(content) == 0 || !e.content(content, func(j int) string { return contentPaths[j] }, "assistant") {
		w.raw("null")
	}
	if reasoning >= 0 {
		w.strMember("reasoning_content", m.Parts[reasoning].Text)
	}
	if calls > 0 {
		w.key("tool_calls")
		w.open('[')
		for _, p := range m.Parts {
			if p.Kind == spec.PartCall && !p.CallKind.IsItem() {
				e.call(p)
			}
		}
		w.close(']')
	}
	w.close('}')
}

// call writes one entry of tool_calls.
func (e *chatEncoder) call(p spec.Part) {
	w := &e.w
	w.elem()
	w.open('{')
	w.strMemberIf("id", p.ID)
	body, field := "function", "arguments"
	if p.CallKind == spec.CallCustom {
		body, field = "custom", "input"
	}
	w.strMember("type", body)
	w.key(body)
	w.open('{')
	w.strMember("name", p.Name)
	w.strMember(field, p.Args)
	w.close('}')
	w.close('}')
}

// results writes the tool message i: one message per result part.
func (e *chatEncoder) results(i int, m spec.Message) {
	w := &e.w
	for j, p := range m.Parts {
		path := partPath(i, j)
		if p.Kind != spec.PartResult {
			e.lose(spec.XlateOpaque, path, "%s part in a tool message: openai-chat cannot carry it", p.Kind)
			continue
		}
		if p.ID == "" && p.Name != "" {
			e.lose(spec.XlateIdentity, path, "a result paired by its name %q: openai-chat pairs results by id alone", p.Name)
		}
		if p.IsError {
			e.lose(spec.XlateOpaque, path, "the error flag of a result: openai-chat results have none")
		}
		w.elem()
		w.open('{')
		w.strMember("role", "tool")
		w.strMemberIf("tool_call_id", p.ID)
		w.key("content")
		if !e.content(p.Content, func(k int) string { return contentPath(i, j, k) }, "tool") {
			w.raw("[]")
		}
		w.close('}')
	}
}

// tool writes one tool, or names its loss.
func (e *chatEncoder) tool(i int, t spec.Tool) {
	w := &e.w
	if t.Data != "" {
		if t.Format == spec.FormatOpenAIChat && isJSONObject(t.Data) {
			w.elem()
			w.raw(t.Data)
			return
		}
		e.lose(spec.XlateTools, toolPath(i), "a tool of %s that is neither a function nor a custom tool: openai-chat cannot carry it", formatName(t.Format))
		return
	}
	w.elem()
	w.open('{')
	if t.Kind == spec.CallCustom {
		if t.Schema != "" {
			e.lose(spec.XlateTools, toolPath(i), "the input schema of a custom tool: openai-chat custom tools have none")
		}
		w.strMember("type", "custom")
		w.key("custom")
		w.open('{')
		w.strMember("name", t.Name)
		w.strMemberIf("description", t.Description)
		w.close('}')
		w.close('}')
		return
	}
	schema := t.Schema
	if schema != "" && !jsonwire.Valid([]byte(schema)) {
		e.lose(spec.XlateTools, toolPath(i), "an input schema that is not JSON: openai-chat cannot carry it")
		schema = ""
	}
	w.strMember("type", "function")
	w.key("function")
	w.open('{')
	w.strMember("name", t.Name)
	w.strMemberIf("description", t.Description)
	if schema != "" {
		w.key("parameters")
		w.raw(schema)
	}
	if t.Strict == spec.StrictOn {
		w.key("strict")
		w.raw("true")
	}
	w.close('}')
	w.close('}')
}

// toolChoice writes tool_choice and parallel_tool_calls.
func (e *chatEncoder) toolChoice(h spec.History) {
	w := &e.w
	c := h.ToolChoice
	switch c.Mode {
	case spec.ChoiceUnset:
	case spec.ChoiceAuto:
		w.strMember("tool_choice", "auto")
	case spec.ChoiceNone:
		w.strMember("tool_choice", "none")
	case spec.ChoiceRequired:
		w.strMember("tool_choice", "required")
	case spec.ChoiceTool:
		typ := "function"
		for _, t := range h.Tools {
			if t.Name == c.Name && t.Kind == spec.CallCustom {
				typ = "custom"
			}
		}
		w.key("tool_choice")
		w.open('{')
		w.strMember("type", typ)
		w.key(typ)
		w.open('{')
		w.strMember("name", c.Name)
		w.close('}')
		w.close('}')
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice mode %s: openai-chat has no such mode", c.Mode)
	}
	switch c.Parallel {
	case spec.ParallelAllowed:
		w.key("parallel_tool_calls")
		w.boolean(true)
	case spec.ParallelDisabled:
		w.key("parallel_tool_calls")
		w.boolean(false)
	}
}
