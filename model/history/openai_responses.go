package history

import (
	"encoding/json"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// The history of an OpenAI Responses request: {"instructions", "input",
// "tools", "tool_choice", "parallel_tool_calls"}.
//
// Decoding. "instructions" (a string) is the first system block; "input"
// is a string (one user message) or an array of items:
//
//   - a message item ("type":"message", or any item with a "role" and no
//     type): role user, system or developer with content a string (one
//     text part) or an array of input_text (text), input_image,
//     input_file and input_audio (image parts) and parts of other types
//     (opaque); role assistant with content a string or output_text
//     parts, kept as text (an assistant message with any other part, a
//     refusal say, is kept whole as one opaque part). System and developer
//     messages before the first other item are system blocks, one per
//     content part;
//   - function_call (call_id, name, arguments) and custom_tool_call
//     (call_id, name, input: a custom call whose Args is the input text),
//     each with its item id (id: fc_..., the part's ItemID, ID-12) and
//     namespace (NAME-6) when it has them;
//   - reasoning: one thinking part per summary_text, then one redacted
//     part for encrypted_content, each with the item's id as its ID (an
//     item with neither is one empty thinking part); a reasoning item with
//     "content" (reasoning text, which a summary is not) is kept whole as
//     one opaque part;
//   - function_call_output and custom_tool_call_output (call_id, output: a
//     string or an array of content parts as for a user message): one tool
//     message each;
//   - any other item (item_reference, web_search_call, computer_call, ...)
//     is kept whole as one opaque part.
//
// A run of assistant messages, reasoning, calls and opaque items is one
// assistant message. A message item's own "id" (msg_...) and the items'
// "status" are not part of a History; a reasoning item's id and a call
// item's are, since a request cannot send a reasoning item back without
// its id, nor pair it with the call after it without the call's (ID-12).
//
// Tools: {"type":"function", name, description, parameters} and
// {"type":"custom", name, description}; a tool of another type (a hosted
// tool: web_search, file_search, mcp, ...), and a custom tool with a
// grammar format, is kept verbatim (spec.Tool.Data). "strict" is a
// validation mode of the request, like its sampling fields not part of a
// History. tool_choice
// "none", "auto", "required", {"type":"function"|"custom", name};
// allowed_tools and hosted tool choices are losses (XLATE-3), read as
// their mode.
//
// Encoding writes the same shapes: instructions when the first system
// block is text, the other system blocks as system messages, user
// content as a string when it is one text part, consecutive text of an
// assistant message as one message item of output_text parts, and each
// run of thinking and redacted parts with one ID as one reasoning item (a
// thinking or redacted part without an ID, read from another format, is a
// loss, XLATE-1: openai-go's ResponseReasoningItemParam requires the id,
// ID-12, and none is made up). A
// result answering a custom call of its turn is a custom_tool_call_output.
// Responses cannot carry signatures, a result's error flag or its tool
// name (but for the name of the call its id names, which is implied), nor
// images and opaque parts of other formats; each is a loss.

// decodeResponses decodes an OpenAI Responses request body.
func decodeResponses(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	if raw, ok := root["instructions"]; ok && !refjson.IsNull(raw) {
		if raw[0] == '[' {
			if v := rsItems(s, raw, "instructions"); v != nil {
				return s.done(v)
			}
		} else {
			t, _, v := readString(raw, "instructions")
			if v != nil {
				return s.done(v)
			}
			s.system(spec.Part{Kind: spec.PartText, Text: t}, "instructions")
		}
	}
	if raw := root["input"]; !refjson.IsNull(raw) {
		if raw[0] == '"' {
			t, _, v := readString(raw, "input")
			if v != nil {
				return s.done(v)
			}
			i := s.message(spec.RoleUser, "input")
			s.part(i, spec.Part{Kind: spec.PartText, Text: t}, "input")
		} else if v := rsItems(s, raw, "input"); v != nil {
			return s.done(v)
		}
	}
	if v := rsTools(s, root["tools"]); v != nil {
		return s.done(v)
	}
	return s.done(rsToolChoice(s, root))
}

// rsItems decodes the item array raw at document path p.
func rsItems(s *builder, raw json.RawMessage, p string) *spec.Violation {
	items, _, v := readArray(raw, p)
	if v != nil {
		return v
	}
	for n, it := range items {
		if v := rsItem(s, it, jindex(p, n)); v != nil {
			return v
		}
	}
	return nil
}

// rsItem decodes one input item at document path p.
func rsItem(s *builder, raw json.RawMessage, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "an input item is an object, got null")
	}
	typ, _, v := readString(o["type"], jpath(p, "type"))
	if v != nil {
		return v
	}
	if typ == "" {
		if _, hasRole := o["role"]; !hasRole {
			return shapeViolation(p, "an input item needs a type or a role")
		}
		typ = "message"
	}
	switch typ {
	case "message":
		return rsMessage(s, o, raw, p)
	case "function_call", "custom_tool_call":
		return rsCall(s, o, typ, p)
	case "function_call_output", "custom_tool_call_output":
		return rsOutput(s, o, p)
	case "reasoning":
		return rsReasoning(s, o, raw, p)
	}
	i := s.run(spec.RoleAssistant, p)
	s.part(i, spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatOpenAIResponses}, p)
	return nil
}

// rsMessage decodes a message item.
func rsMessage(s *builder, o refjson.Object, raw json.RawMessage, p string) *spec.Violation {
	role, ok, v := readString(o["role"], jpath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(jpath(p, "role"), "a message item needs a role")
	}
	cp := jpath(p, "content")
	craw := o["content"]
	if refjson.IsNull(craw) {
		return shapeViolation(cp, "a message item needs content")
	}
	switch role {
	case "assistant":
		parts, whole, v := rsAssistantContent(craw, cp)
		if v != nil {
			return v
		}
		i := s.run(spec.RoleAssistant, p)
		if whole {
			s.part(i, spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatOpenAIResponses}, p)
			return nil
		}
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
		return nil
	case "user", "system", "developer":
		parts, v := rsContent(craw, cp)
		if v != nil {
			return v
		}
		if role != "user" && !s.began {
			for _, pp := range parts {
				s.system(pp.part, pp.path)
			}
			return nil
		}
		r := spec.RoleUser
		if role != "user" {
			r = spec.RoleSystem
		}
		i := s.message(r, p)
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
		return nil
	}
	return shapeViolation(jpath(p, "role"), "unknown role %q", role)
}

// rsPart is a decoded part with its document path.
type rsPart struct {
	part spec.Part
	path string
}

// rsContent decodes the content of a user, system or developer message, or
// a function call output: a string or an array of content parts.
func rsContent(raw json.RawMessage, p string) ([]rsPart, *spec.Violation) {
	if raw[0] == '"' {
		t, _, v := readString(raw, p)
		if v != nil {
			return nil, v
		}
		return []rsPart{{spec.Part{Kind: spec.PartText, Text: t}, p}}, nil
	}
	a, _, v := readArray(raw, p)
	if v != nil {
		return nil, v
	}
	out := make([]rsPart, 0, len(a))
	for n, e := range a {
		ep := jindex(p, n)
		o, ok, v := readObject(e, ep)
		if v != nil {
			return nil, v
		}
		if !ok {
			return nil, shapeViolation(ep, "a content part is an object, got null")
		}
		typ, _, v := readString(o["type"], jpath(ep, "type"))
		if v != nil {
			return nil, v
		}
		switch typ {
		case "input_text":
			t, ok, v := readString(o["text"], jpath(ep, "text"))
			if v != nil {
				return nil, v
			}
			if !ok {
				return nil, shapeViolation(jpath(ep, "text"), "an input_text part needs text")
			}
			out = append(out, rsPart{spec.Part{Kind: spec.PartText, Text: t}, ep})
		case "input_image", "input_file", "input_audio":
			out = append(out, rsPart{spec.Part{Kind: spec.PartImage, Data: refjson.Compact(e), Format: spec.FormatOpenAIResponses}, ep})
		default:
			out = append(out, rsPart{spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(e), Format: spec.FormatOpenAIResponses}, ep})
		}
	}
	return out, nil
}

// rsAssistantContent decodes the content of an assistant message: its
// text parts, or whole when a part is not output_text.
func rsAssistantContent(raw json.RawMessage, p string) (parts []rsPart, whole bool, v *spec.Violation) {
	if raw[0] == '"' {
		t, _, v := readString(raw, p)
		if v != nil {
			return nil, false, v
		}
		return []rsPart{{spec.Part{Kind: spec.PartText, Text: t}, p}}, false, nil
	}
	a, _, v := readArray(raw, p)
	if v != nil {
		return nil, false, v
	}
	for n, e := range a {
		ep := jindex(p, n)
		o, ok, v := readObject(e, ep)
		if v != nil {
			return nil, false, v
		}
		if !ok {
			return nil, false, shapeViolation(ep, "a content part is an object, got null")
		}
		typ, _, v := readString(o["type"], jpath(ep, "type"))
		if v != nil {
			return nil, false, v
		}
		if typ != "output_text" {
			whole = true
			continue
		}
		t, ok, v := readString(o["text"], jpath(ep, "text"))
		if v != nil {
			return nil, false, v
		}
		if !ok {
			return nil, false, shapeViolation(jpath(ep, "text"), "an output_text part needs text")
		}
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartText, Text: t}, ep})
	}
	return parts, whole, nil
}

// rsCall decodes a function_call or custom_tool_call item.
func rsCall(s *builder, o refjson.Object, typ, p string) *spec.Violation {
	id, _, v := readString(o["call_id"], jpath(p, "call_id"))
	if v != nil {
		return v
	}
	name, _, v := readString(o["name"], jpath(p, "name"))
	if v != nil {
		return v
	}
	pt := spec.Part{Kind: spec.PartCall, ID: id, Name: name, CallKind: spec.CallFunction}
	if pt.ItemID, _, v = readString(o["id"], jpath(p, "id")); v != nil {
		return v
	}
	if pt.Namespace, _, v = readString(o["namespace"], jpath(p, "namespace")); v != nil {
		return v
	}
	if typ == "custom_tool_call" {
		in, _, v := readString(o["input"], jpath(p, "input"))
		if v != nil {
			return v
		}
		pt.CallKind, pt.Args = spec.CallCustom, in
	} else {
		args, _, v := readString(o["arguments"], jpath(p, "arguments"))
		if v != nil {
			return v
		}
		pt.Args = argsText(args)
	}
	s.part(s.run(spec.RoleAssistant, p), pt, p)
	return nil
}

// rsOutput decodes a function_call_output or custom_tool_call_output item.
func rsOutput(s *builder, o refjson.Object, p string) *spec.Violation {
	id, _, v := readString(o["call_id"], jpath(p, "call_id"))
	if v != nil {
		return v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id}
	var paths []string
	if raw := o["output"]; !refjson.IsNull(raw) {
		parts, v := rsContent(raw, jpath(p, "output"))
		if v != nil {
			return v
		}
		for _, pp := range parts {
			pt.Content = append(pt.Content, pp.part)
			paths = append(paths, pp.path)
		}
	}
	s.result(pt, p, paths)
	return nil
}

// rsReasoning decodes a reasoning item.
func rsReasoning(s *builder, o refjson.Object, raw json.RawMessage, p string) *spec.Violation {
	id, _, v := readString(o["id"], jpath(p, "id"))
	if v != nil {
		return v
	}
	content, _, v := readArray(o["content"], jpath(p, "content"))
	if v != nil {
		return v
	}
	sp := jpath(p, "summary")
	summary, _, v := readArray(o["summary"], sp)
	if v != nil {
		return v
	}
	var parts []rsPart
	whole := len(content) > 0
	for n, e := range summary {
		ep := jindex(sp, n)
		so, ok, v := readObject(e, ep)
		if v != nil {
			return v
		}
		if !ok {
			return shapeViolation(ep, "a summary part is an object, got null")
		}
		typ, _, v := readString(so["type"], jpath(ep, "type"))
		if v != nil {
			return v
		}
		if typ != "summary_text" {
			whole = true
			continue
		}
		t, ok, v := readString(so["text"], jpath(ep, "text"))
		if v != nil {
			return v
		}
		if !ok {
			return shapeViolation(jpath(ep, "text"), "a summary_text part needs text")
		}
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartThinking, Text: t, ID: id}, ep})
	}
	enc, hasEnc, v := readString(o["encrypted_content"], jpath(p, "encrypted_content"))
	if v != nil {
		return v
	}
	i := s.run(spec.RoleAssistant, p)
	if whole {
		s.part(i, spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatOpenAIResponses}, p)
		return nil
	}
	if hasEnc {
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartRedacted, Data: enc, ID: id}, jpath(p, "encrypted_content")})
	}
	if len(parts) == 0 {
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartThinking, ID: id}, p})
	}
	for _, pp := range parts {
		s.part(i, pp.part, pp.path)
	}
	return nil
}

// rsTools decodes the tools array.
func rsTools(s *builder, raw json.RawMessage) *spec.Violation {
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
		if typ == "" {
			return shapeViolation(jpath(p, "type"), "a tool needs a type")
		}
		// A hosted tool, and a custom tool with a grammar (which no
		// other field holds), are kept verbatim.
		if f := o["format"]; typ != "function" && typ != "custom" || typ == "custom" && !refjson.IsNull(f) && refjson.Compact(f) != `{"type":"text"}` {
			s.tool(opaqueTool(o, e, spec.FormatOpenAIResponses), p)
			continue
		}
		name, _, v := readString(o["name"], jpath(p, "name"))
		if v != nil {
			return v
		}
		desc, _, v := readString(o["description"], jpath(p, "description"))
		if v != nil {
			return v
		}
		t := spec.Tool{Name: name, Description: desc, Kind: spec.CallFunction}
		if typ == "custom" {
			t.Kind = spec.CallCustom
		} else {
			params := o["parameters"]
			if !refjson.IsNull(params) && params[0] != '{' {
				return shapeViolation(jpath(p, "parameters"), "want an object, got %s", refjson.Clip(params))
			}
			t.Schema = rawSchema(params)
			// XLATE-6: strict is true unless false (FunctionToolParam).
			strict, ok, v := readBool(o["strict"], jpath(p, "strict"))
			if v != nil {
				return v
			}
			t.Strict = strictness(strict || !ok)
		}
		s.tool(t, p)
	}
	return nil
}

// rsToolChoice decodes tool_choice and parallel_tool_calls.
func rsToolChoice(s *builder, root refjson.Object) *spec.Violation {
	var tc spec.ToolChoice
	at := ""
	if raw := root["tool_choice"]; !refjson.IsNull(raw) {
		at = "tool_choice"
		if raw[0] == '"' {
			m, _, v := readString(raw, at)
			if v != nil {
				return v
			}
			switch m {
			case "none":
				tc.Mode = spec.ChoiceNone
			case "auto":
				tc.Mode = spec.ChoiceAuto
			case "required":
				tc.Mode = spec.ChoiceRequired
			default:
				return shapeViolation(at, "unknown tool_choice %q", m)
			}
		} else {
			o, _, v := readObject(raw, at)
			if v != nil {
				return v
			}
			typ, _, v := readString(o["type"], jpath(at, "type"))
			if v != nil {
				return v
			}
			switch typ {
			case "function", "custom":
				name, _, v := readString(o["name"], jpath(at, "name"))
				if v != nil {
					return v
				}
				tc.Mode, tc.Name = spec.ChoiceTool, name
			case "allowed_tools":
				m, _, v := readString(o["mode"], jpath(at, "mode"))
				if v != nil {
					return v
				}
				tc.Mode = spec.ChoiceAuto
				if m == "required" {
					tc.Mode = spec.ChoiceRequired
				}
				s.loss(spec.XlateToolChoice, at, "tool choice restricted to a list of tools: a History holds the mode only")
			case "":
				return shapeViolation(jpath(at, "type"), "a tool_choice object needs a type")
			default:
				tc.Mode = spec.ChoiceRequired
				s.loss(spec.XlateToolChoice, at, "tool choice of the hosted tool %q: a History holds it as required", typ)
			}
		}
	}
	if raw := root["parallel_tool_calls"]; !refjson.IsNull(raw) {
		b, _, v := readBool(raw, "parallel_tool_calls")
		if v != nil {
			return v
		}
		tc.Parallel = spec.ParallelDisabled
		if b {
			tc.Parallel = spec.ParallelAllowed
		}
		if at == "" {
			at = "parallel_tool_calls"
		}
	}
	if at != "" {
		s.h.ToolChoice = tc
		s.pm[toolChoicePath] = at
	}
	return nil
}

// encodeResponses writes h as an OpenAI Responses request body.
func encodeResponses(h spec.History) ([]byte, []spec.Violation) {
	e := &encoder{f: spec.FormatOpenAIResponses}
	var root jsonObject
	input := jsonArray{}
	for j, pt := range h.System {
		p := systemPath(j)
		if j == 0 && pt.Kind == spec.PartText {
			e.signature(pt, p)
			root = root.add("instructions", jsonString(pt.Text))
			continue
		}
		if c, ok := e.rsContentPart(pt, p); ok {
			input = append(input, rsMessageItem("system", jsonArray{c}))
		}
	}
	for i, m := range h.Messages {
		switch m.Role {
		case spec.RoleUser, spec.RoleSystem:
			role := "user"
			if m.Role == spec.RoleSystem {
				role = "system"
				e.leadingSystem(i)
			}
			e.wrote(i, m.Role, false)
			input = append(input, rsMessageItem(role, e.rsContent(m.Parts, func(j int) string { return partPath(i, j) })))
		case spec.RoleAssistant:
			e.wrote(i, m.Role, true)
			input = append(input, e.rsAssistant(m, i)...)
		case spec.RoleTool:
			items := e.rsResults(h, i)
			if len(items) > 0 {
				e.wrote(i, m.Role, false)
			}
			input = append(input, items...)
		default:
			e.badRole(i, m.Role)
		}
	}
	root = root.add("input", input)
	if tools := e.rsTools(h.Tools); len(tools) > 0 {
		root = root.add("tools", tools)
	}
	tc := h.ToolChoice
	switch tc.Mode {
	case spec.ChoiceAuto:
		root = root.add("tool_choice", jsonString("auto"))
	case spec.ChoiceNone:
		root = root.add("tool_choice", jsonString("none"))
	case spec.ChoiceRequired:
		root = root.add("tool_choice", jsonString("required"))
	case spec.ChoiceTool:
		typ := "function"
		for _, t := range h.Tools {
			if t.Name == tc.Name && (t.Kind == spec.CallCustom || t.Data != "" && rsToolType(t.Data) == "custom") {
				typ = "custom"
				break
			}
		}
		root = root.add("tool_choice", jsonObject{}.add("type", jsonString(typ)).add("name", jsonString(tc.Name)))
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", tc.Mode)
	}
	switch tc.Parallel {
	case spec.ParallelAllowed:
		root = root.add("parallel_tool_calls", jsonBool(true))
	case spec.ParallelDisabled:
		root = root.add("parallel_tool_calls", jsonBool(false))
	case spec.ParallelUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath+".parallel", "unknown parallel setting %d", tc.Parallel)
	}
	return jsonBytes(root), e.vs
}

// rsMessageItem returns a message item of role with content.
func rsMessageItem(role string, content jsonValue) jsonObject {
	return jsonObject{}.add("type", jsonString("message")).add("role", jsonString(role)).add("content", content)
}

// rsContentPart returns the content part for a part of a user, system or
// tool output content, or false (naming the loss) when it has none.
func (e *encoder) rsContentPart(pt spec.Part, p string) (jsonValue, bool) {
	switch pt.Kind {
	case spec.PartText:
		e.signature(pt, p)
		return jsonObject{}.add("type", jsonString("input_text")).add("text", jsonString(pt.Text)), true
	case spec.PartImage, spec.PartOpaque:
		if e.own(pt, p) {
			return jsonRaw(pt.Data), true
		}
		return nil, false
	}
	e.losePart(pt, p, "Responses has none in a user, system or output content")
	return nil, false
}

// rsContent returns the content of a user or system message, or of a tool
// output: a string when what it keeps is one text part, else an array.
func (e *encoder) rsContent(parts []spec.Part, path func(int) string) jsonValue {
	out := jsonArray{}
	text, texts := "", 0
	for j, pt := range parts {
		if c, ok := e.rsContentPart(pt, path(j)); ok {
			out = append(out, c)
			if pt.Kind == spec.PartText {
				text, texts = pt.Text, texts+1
			}
		}
	}
	if len(out) == 1 && texts == 1 {
		return jsonString(text)
	}
	return out
}

// rsReasoningItem is the reasoning item an encoder is building: summary texts,
// then at most one encrypted_content, all of one id.
type rsReasoningItem struct {
	open  bool
	id    string
	texts []string
	enc   *string
}

// takes reports whether part pt joins the item: it has the item's
// non-empty id and the item has no encrypted_content yet.
func (r *rsReasoningItem) takes(pt spec.Part) bool {
	return r.open && pt.ID != "" && pt.ID == r.id && r.enc == nil
}

// item returns the item's JSON. A lone empty summary is written as no
// summary, the form such an item decodes from.
func (r *rsReasoningItem) item() jsonObject {
	it := jsonObject{}.add("type", jsonString("reasoning"))
	if r.id != "" {
		it = it.add("id", jsonString(r.id))
	}
	summary := jsonArray{}
	if !(len(r.texts) == 1 && r.texts[0] == "" && r.enc == nil) {
		for _, t := range r.texts {
			summary = append(summary, jsonObject{}.add("type", jsonString("summary_text")).add("text", jsonString(t)))
		}
	}
	it = it.add("summary", summary)
	if r.enc != nil {
		it = it.add("encrypted_content", jsonString(*r.enc))
	}
	return it
}

// rsAssistant returns the items of assistant message i.
func (e *encoder) rsAssistant(m spec.Message, i int) []jsonValue {
	var (
		items []jsonValue
		texts jsonArray // output_text parts of the message item being built
		r     rsReasoningItem
	)
	flush := func() {
		if len(texts) > 0 {
			items = append(items, rsMessageItem("assistant", texts))
			texts = nil
		}
		if r.open {
			items = append(items, r.item())
			r = rsReasoningItem{}
		}
	}
	for j, pt := range m.Parts {
		p := partPath(i, j)
		switch pt.Kind {
		case spec.PartText:
			if r.open {
				flush()
			}
			e.signature(pt, p)
			texts = append(texts, jsonObject{}.add("type", jsonString("output_text")).add("text", jsonString(pt.Text)))
		case spec.PartThinking, spec.PartRedacted:
			if pt.ID == "" {
				// XLATE-1, ID-12: ResponseReasoningItemParam requires its id.
				e.lose(spec.XlateThinking, p, "%s part without a reasoning item id: a Responses reasoning item requires one", pt.Kind)
				continue
			}
			if !r.takes(pt) {
				flush()
				r = rsReasoningItem{open: true, id: pt.ID}
			}
			if pt.Kind == spec.PartThinking {
				e.signature(pt, p)
				r.texts = append(r.texts, pt.Text)
			} else {
				d := pt.Data
				r.enc = &d
			}
		case spec.PartCall:
			flush()
			if pt.CallKind.IsItem() {
				e.lose(spec.XlateIdentity, p, "call %q of kind %s: a Responses history carries function and custom calls only", pt.Name, pt.CallKind)
				continue
			}
			e.signature(pt, p)
			typ, field := "function_call", "arguments"
			if pt.CallKind == spec.CallCustom {
				typ, field = "custom_tool_call", "input"
			}
			it := jsonObject{}.add("type", jsonString(typ))
			if pt.ItemID != "" {
				it = it.add("id", jsonString(pt.ItemID)) // ID-12
			}
			it = it.add("call_id", jsonString(pt.ID))
			if pt.Namespace != "" {
				it = it.add("namespace", jsonString(pt.Namespace)) // NAME-6
			}
			items = append(items, it.add("name", jsonString(pt.Name)).add(field, jsonString(pt.Args)))
		case spec.PartOpaque:
			flush()
			if e.own(pt, p) {
				items = append(items, jsonRaw(pt.Data))
			}
		default:
			flush()
			e.losePart(pt, p, "Responses has none in an assistant turn")
		}
	}
	flush()
	if len(items) == 0 {
		items = append(items, rsMessageItem("assistant", jsonArray{}))
	}
	return items
}

// rsResults returns the output items of tool message i.
func (e *encoder) rsResults(h spec.History, i int) []jsonValue {
	var items []jsonValue
	for j, pt := range h.Messages[i].Parts {
		p := partPath(i, j)
		if pt.Kind != spec.PartResult {
			e.losePart(pt, p, "a tool message holds results only")
			continue
		}
		typ := "function_call_output"
		if c, ok := callOf(h, i, pt.ID); ok && c.CallKind == spec.CallCustom {
			typ = "custom_tool_call_output"
		}
		e.resultName(pt, p)
		if pt.IsError {
			e.lose(spec.XlateOpaque, p+".is_error", "result's error flag: Responses outputs have none")
		}
		out := e.rsContent(pt.Content, func(k int) string { return contentPath(i, j, k) })
		items = append(items, jsonObject{}.add("type", jsonString(typ)).add("call_id", jsonString(pt.ID)).add("output", out))
	}
	if len(items) == 0 {
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return items
}

// rsTools returns the tools array.
func (e *encoder) rsTools(tools []spec.Tool) jsonArray {
	var out jsonArray
	for i, t := range tools {
		if keep, ok := e.verbatimTool(i, t, "Responses"); ok {
			if keep {
				out = append(out, jsonRaw(t.Data))
			}
			continue
		}
		o := jsonObject{}
		if t.Kind == spec.CallCustom {
			o = o.add("type", jsonString("custom")).add("name", jsonString(t.Name))
			if t.Description != "" {
				o = o.add("description", jsonString(t.Description))
			}
			if t.Schema != "" {
				e.lose(spec.XlateTools, toolPath(i)+".schema", "custom tool's input schema: a custom tool takes free text")
			}
		} else {
			o = o.add("type", jsonString("function")).add("name", jsonString(t.Name))
			if t.Description != "" {
				o = o.add("description", jsonString(t.Description))
			}
			if s, ok := e.toolSchema(t, i); ok {
				o = o.add("parameters", s)
			}
			if t.Strict == spec.StrictOff {
				o = o.add("strict", jsonRaw("false"))
			}
		}
		out = append(out, o)
	}
	return out
}

// rsToolType returns the "type" of a Responses tool kept verbatim.
func rsToolType(data string) string {
	var o struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal([]byte(data), &o) // a tool that does not say has no type
	return o.Type
}
