package history

import (
	"encoding/json"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// The history of an Ollama /api/chat request: {"messages", "tools"}.
//
// An Ollama message is a record, not a list of blocks: role, content (a
// string), thinking (a string), images (base64 strings), tool_calls, and
// for role tool, tool_name and tool_call_id. A turn with several blocks
// in some order is therefore several consecutive messages of one role,
// and the decoder reads consecutive messages of one role (but tool) as one
// message, each one's parts in the order thinking, content, images,
// tool_calls; an empty content or thinking is no part. Leading system
// messages are the system prompt, one block per content and image. A tool
// message is one result: tool_call_id (ID), tool_name (Name), content (a
// text part) and images.
//
// Each tool call is {"id"?, "function": {"index"?, "name", "arguments"}}
// with arguments a JSON object; index does not identify a call and is not
// kept. Tools are {"type":"function", "function": {name, description,
// parameters}}; a tool of another type is kept verbatim (spec.Tool.Data).
//
// Encoding splits each message into as few Ollama messages as keep its
// parts in order. Ollama cannot carry a tool choice or parallel setting,
// signatures, redacted reasoning, a reasoning item's id, custom calls and
// tools, an error flag on a result, empty text, more than one text or text
// after an image in a result, and images or opaque parts of other formats;
// each is a loss. A result that answers a custom call left out is left
// out with it, so that it does not become an orphan.

// decodeOllama decodes an Ollama /api/chat request body.
func decodeOllama(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	msgs, _, v := readArray(root["messages"], "messages")
	if v != nil {
		return s.done(v)
	}
	for n, raw := range msgs {
		if v := olMessage(s, raw, jindex("messages", n)); v != nil {
			return s.done(v)
		}
	}
	return s.done(olTools(s, root["tools"]))
}

// olMessage decodes one message at document path p.
func olMessage(s *builder, raw json.RawMessage, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a message is an object, got null")
	}
	role, ok, v := readString(o["role"], jpath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(jpath(p, "role"), "a message needs a role")
	}
	content, _, v := readString(o["content"], jpath(p, "content"))
	if v != nil {
		return v
	}
	thinking, _, v := readString(o["thinking"], jpath(p, "thinking"))
	if v != nil {
		return v
	}
	images, v := olImages(o["images"], jpath(p, "images"))
	if v != nil {
		return v
	}
	calls, _, v := readArray(o["tool_calls"], jpath(p, "tool_calls"))
	if v != nil {
		return v
	}
	toolName, _, v := readString(o["tool_name"], jpath(p, "tool_name"))
	if v != nil {
		return v
	}
	toolCallID, _, v := readString(o["tool_call_id"], jpath(p, "tool_call_id"))
	if v != nil {
		return v
	}
	if role != "assistant" {
		if thinking != "" {
			return shapeViolation(jpath(p, "thinking"), "thinking in a message of role %q", role)
		}
		if len(calls) > 0 {
			return shapeViolation(jpath(p, "tool_calls"), "tool calls in a message of role %q", role)
		}
	}
	if role != "tool" {
		if toolName != "" {
			return shapeViolation(jpath(p, "tool_name"), "tool_name in a message of role %q", role)
		}
		if toolCallID != "" {
			return shapeViolation(jpath(p, "tool_call_id"), "tool_call_id in a message of role %q", role)
		}
	}
	text := func() []rsPart {
		if content == "" {
			return nil
		}
		return []rsPart{{spec.Part{Kind: spec.PartText, Text: content}, jpath(p, "content")}}
	}
	switch role {
	case "system":
		parts := append(text(), images...)
		if !s.began {
			for _, pp := range parts {
				s.system(pp.part, pp.path)
			}
			return nil
		}
		i := s.run(spec.RoleSystem, p)
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
	case "user":
		i := s.run(spec.RoleUser, p)
		for _, pp := range append(text(), images...) {
			s.part(i, pp.part, pp.path)
		}
	case "assistant":
		var parts []rsPart
		if thinking != "" {
			parts = append(parts, rsPart{spec.Part{Kind: spec.PartThinking, Text: thinking}, jpath(p, "thinking")})
		}
		parts = append(append(parts, text()...), images...)
		for n, c := range calls {
			cp := jindex(jpath(p, "tool_calls"), n)
			pt, v := olCall(c, cp)
			if v != nil {
				return v
			}
			parts = append(parts, rsPart{pt, cp})
		}
		i := s.run(spec.RoleAssistant, p)
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
	case "tool":
		pt := spec.Part{Kind: spec.PartResult, ID: toolCallID, Name: toolName}
		var paths []string
		for _, pp := range append(text(), images...) {
			pt.Content = append(pt.Content, pp.part)
			paths = append(paths, pp.path)
		}
		s.result(pt, p, paths)
	default:
		return shapeViolation(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// olImages decodes a message's images: each a base64 string, kept as its
// JSON text.
func olImages(raw json.RawMessage, p string) ([]rsPart, *spec.Violation) {
	a, _, v := readArray(raw, p)
	if v != nil {
		return nil, v
	}
	var out []rsPart
	for n, e := range a {
		ep := jindex(p, n)
		if _, ok, v := readString(e, ep); v != nil || !ok {
			if v == nil {
				v = shapeViolation(ep, "an image is a base64 string, got null")
			}
			return nil, v
		}
		out = append(out, rsPart{spec.Part{Kind: spec.PartImage, Data: refjson.Compact(e), Format: spec.FormatOllama}, ep})
	}
	return out, nil
}

// olCall decodes one tool call at document path p.
func olCall(raw json.RawMessage, p string) (spec.Part, *spec.Violation) {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(p, "a tool call is an object, got null")
	}
	id, _, v := readString(o["id"], jpath(p, "id"))
	if v != nil {
		return spec.Part{}, v
	}
	fp := jpath(p, "function")
	f, ok, v := readObject(o["function"], fp)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(fp, "a tool call needs a function")
	}
	name, _, v := readString(f["name"], jpath(fp, "name"))
	if v != nil {
		return spec.Part{}, v
	}
	args := f["arguments"]
	if refjson.IsNull(args) {
		args = json.RawMessage("{}")
	} else if args[0] != '{' {
		return spec.Part{}, shapeViolation(jpath(fp, "arguments"), "arguments are a JSON object in Ollama, got %s", refjson.Clip(args))
	}
	return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: rawArgs(args), CallKind: spec.CallFunction}, nil
}

// olTools decodes the tools array.
func olTools(s *builder, raw json.RawMessage) *spec.Violation {
	tools, _, v := readArray(raw, "tools")
	if v != nil {
		return v
	}
	for n, e := range tools {
		p := jindex("tools", n)
		o, ok, v := readObject(e, p)
		if v != nil {
			return v
		}
		if !ok {
			return shapeViolation(p, "a tool is an object, got null")
		}
		typ, _, v := readString(o["type"], jpath(p, "type"))
		if v != nil {
			return v
		}
		if typ != "" && typ != "function" {
			s.tool(opaqueTool(o, e, spec.FormatOllama), p)
			continue
		}
		fp := jpath(p, "function")
		f, ok, v := readObject(o["function"], fp)
		if v != nil {
			return v
		}
		if !ok {
			return shapeViolation(fp, "a tool needs a function")
		}
		name, _, v := readString(f["name"], jpath(fp, "name"))
		if v != nil {
			return v
		}
		desc, _, v := readString(f["description"], jpath(fp, "description"))
		if v != nil {
			return v
		}
		params := f["parameters"]
		if !refjson.IsNull(params) && params[0] != '{' {
			return shapeViolation(jpath(fp, "parameters"), "want an object, got %s", refjson.Clip(params))
		}
		s.tool(spec.Tool{Name: name, Description: desc, Schema: rawSchema(params), Kind: spec.CallFunction, Strict: spec.StrictOff}, p)
	}
	return nil
}

// olMsg is one Ollama message an encoder builds.
type olMsg struct {
	role       string
	content    *string
	thinking   *string
	images     jsonArray
	calls      jsonArray
	toolName   string
	toolCallID string
}

// slot is the position of the last field filled: 0 none, 1 thinking, 2
// content, 3 images, 4 tool_calls.
func (m *olMsg) slot() int {
	switch {
	case len(m.calls) > 0:
		return 4
	case len(m.images) > 0:
		return 3
	case m.content != nil:
		return 2
	case m.thinking != nil:
		return 1
	}
	return 0
}

func (m *olMsg) json() jsonObject {
	o := jsonObject{}.add("role", jsonString(m.role))
	content := ""
	if m.content != nil {
		content = *m.content
	}
	o = o.add("content", jsonString(content))
	if m.thinking != nil {
		o = o.add("thinking", jsonString(*m.thinking))
	}
	if len(m.images) > 0 {
		o = o.add("images", m.images)
	}
	if len(m.calls) > 0 {
		o = o.add("tool_calls", m.calls)
	}
	if m.toolName != "" {
		o = o.add("tool_name", jsonString(m.toolName))
	}
	if m.toolCallID != "" {
		o = o.add("tool_call_id", jsonString(m.toolCallID))
	}
	return o
}

// olSplitter turns the parts of one message into Ollama messages, a new
// one whenever a part's field comes before (or is) one already filled.
type olSplitter struct {
	role string
	out  []*olMsg
}

func (sp *olSplitter) at(slot int) *olMsg {
	n := len(sp.out)
	if n == 0 || sp.out[n-1].slot() > slot || (slot <= 2 && sp.out[n-1].slot() == slot) {
		sp.out = append(sp.out, &olMsg{role: sp.role})
		n++
	}
	return sp.out[n-1]
}

func (sp *olSplitter) json() []jsonValue {
	if len(sp.out) == 0 {
		sp.out = append(sp.out, &olMsg{role: sp.role})
	}
	out := make([]jsonValue, len(sp.out))
	for i, m := range sp.out {
		out[i] = m.json()
	}
	return out
}

// encodeOllama writes h as an Ollama /api/chat request body.
func encodeOllama(h spec.History) ([]byte, []spec.Violation) {
	e := &encoder{f: spec.FormatOllama}
	msgs := jsonArray{}
	for j, pt := range h.System {
		sp := &olSplitter{role: "system"}
		if e.olPart(sp, pt, systemPath(j), false) {
			msgs = append(msgs, sp.json()...)
		}
	}
	var dropped map[string]bool // ids of the custom calls of the last assistant turn, left out
	for i, m := range h.Messages {
		var sp *olSplitter
		switch m.Role {
		case spec.RoleUser:
			sp = &olSplitter{role: "user"}
		case spec.RoleSystem:
			e.leadingSystem(i)
			sp = &olSplitter{role: "system"}
		case spec.RoleAssistant:
			sp = &olSplitter{role: "assistant"}
			dropped = nil
		case spec.RoleTool:
			out := e.olResults(h, i, dropped)
			if len(out) > 0 {
				e.wrote(i, m.Role, false)
			}
			msgs = append(msgs, out...)
			continue
		default:
			e.badRole(i, m.Role)
			continue
		}
		e.wrote(i, m.Role, true)
		for j, pt := range m.Parts {
			p := partPath(i, j)
			if m.Role == spec.RoleAssistant && e.dropCustom(&dropped, pt, p, "Ollama") {
				continue
			}
			e.olPart(sp, pt, p, m.Role == spec.RoleAssistant)
		}
		msgs = append(msgs, sp.json()...)
	}
	root := jsonObject{}.add("messages", msgs)
	var tools jsonArray
	for i, t := range h.Tools {
		if keep, ok := e.verbatimTool(i, t, "Ollama"); ok {
			if keep {
				tools = append(tools, jsonRaw(t.Data))
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Ollama has function tools only", t.Name)
			continue
		}
		f := jsonObject{}.add("name", jsonString(t.Name))
		if t.Description != "" {
			f = f.add("description", jsonString(t.Description))
		}
		if s, ok := e.toolSchema(t, i); ok {
			f = f.add("parameters", s)
		}
		e.vs = append(e.vs, strictLoss(t, i, e.f)...)
		tools = append(tools, jsonObject{}.add("type", jsonString("function")).add("function", f))
	}
	if len(tools) > 0 {
		root = root.add("tools", tools)
	}
	if h.ToolChoice.Mode != spec.ChoiceUnset {
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice: Ollama has none")
	}
	e.parallel(h, "Ollama")
	return jsonBytes(root), e.vs
}

// olPart adds part pt (at canonical path p) to the messages sp builds,
// or names its loss; assistant says thinking and calls may be written.
// It reports whether the part was written.
func (e *encoder) olPart(sp *olSplitter, pt spec.Part, p string, assistant bool) bool {
	switch {
	case pt.Kind == spec.PartText:
		if pt.Text == "" {
			e.losePart(pt, p, "empty text: an empty Ollama content is no text")
			return false
		}
		e.signature(pt, p)
		t := pt.Text
		sp.at(2).content = &t
	case pt.Kind == spec.PartImage:
		if !e.own(pt, p) {
			return false
		}
		m := sp.at(3)
		m.images = append(m.images, jsonRaw(pt.Data))
	case pt.Kind == spec.PartThinking && assistant:
		if pt.Text == "" {
			e.losePart(pt, p, "empty thinking: an empty Ollama thinking is none")
			return false
		}
		e.signature(pt, p)
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Ollama has none", pt.ID)
		}
		t := pt.Text
		sp.at(1).thinking = &t
	case pt.Kind == spec.PartCall && assistant:
		e.signature(pt, p)
		e.vs = append(e.vs, responsesCallLosses(pt, p, e.f)...)
		args := e.callArgs(pt, p)
		f := jsonObject{}.add("name", jsonString(pt.Name)).add("arguments", args)
		c := jsonObject{}
		if pt.ID != "" {
			c = c.add("id", jsonString(pt.ID))
		}
		m := sp.at(4)
		m.calls = append(m.calls, c.add("function", f))
	default:
		e.losePart(pt, p, "Ollama has none in a message of role "+sp.role)
		return false
	}
	return true
}

// olResults returns the Ollama messages of tool message i; dropped holds
// the ids of the custom calls of its turn that were left out.
func (e *encoder) olResults(h spec.History, i int, dropped map[string]bool) []jsonValue {
	var out []jsonValue
	for j, pt := range h.Messages[i].Parts {
		p := partPath(i, j)
		if pt.Kind != spec.PartResult {
			e.losePart(pt, p, "a tool message holds results only")
			continue
		}
		if pt.ID != "" && dropped[pt.ID] {
			e.lose(spec.XlateIdentity, p, "result of the custom call %q, which Ollama cannot carry", pt.ID)
			continue
		}
		if pt.IsError {
			e.lose(spec.XlateOpaque, p+".is_error", "result's error flag: Ollama has none")
		}
		m := &olMsg{role: "tool", toolName: pt.Name, toolCallID: pt.ID}
		for k, c := range pt.Content {
			cp := contentPath(i, j, k)
			switch {
			case c.Kind == spec.PartText && m.slot() == 0 && c.Text != "":
				e.signature(c, cp)
				t := c.Text
				m.content = &t
			case c.Kind == spec.PartText:
				e.losePart(c, cp, "an Ollama tool message holds one non-empty text, before its images")
			case c.Kind == spec.PartImage:
				if e.own(c, cp) {
					m.images = append(m.images, jsonRaw(c.Data))
				}
			default:
				e.losePart(c, cp, "Ollama has none in a result")
			}
		}
		out = append(out, m.json())
	}
	if len(out) == 0 {
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return out
}
