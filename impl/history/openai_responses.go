package history

import (
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The OpenAI Responses history codec: {"instructions", "input", "tools",
// "tool_choice", "parallel_tool_calls"}, read and written as SPEC.md
// section 11 and model's codec of the format say. A run of assistant
// message, reasoning, call and unknown items is one assistant message;
// each function_call_output is a tool message; a reasoning item is one
// thinking part per summary_text and a redacted part for its
// encrypted_content, each with the item's id; a call keeps its item id
// and namespace (ID-12, NAME-6).

var (
	rsItemKeys   = []string{"type", "role", "content", "call_id", "name", "input", "arguments", "output", "id", "summary", "encrypted_content", "namespace"}
	rsPartKeys   = []string{"type", "text"}
	rsToolKeys   = []string{"type", "format", "name", "description", "parameters", "strict"}
	rsChoiceKeys = []string{"type", "name", "mode"}
)

// Indexes in rsItemKeys.
const (
	riType = iota
	riRole
	riContent
	riCallID
	riName
	riInput
	riArguments
	riOutput
	riID
	riSummary
	riEncrypted
	riNamespace
)

// decodeResponses decodes an OpenAI Responses request body.
func decodeResponses(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	var top [5][]byte
	membersNamed(root, []string{"instructions", "input", "tools", "tool_choice", "parallel_tool_calls"}, top[:])
	if raw := top[0]; !isNull(raw) {
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
	if raw := top[1]; !isNull(raw) {
		if raw[0] == '"' {
			i := s.message(spec.RoleUser, "input")
			s.part(i, spec.Part{Kind: spec.PartText, Text: unquote(raw)}, "input")
		} else if v := rsItems(s, raw, "input"); v != nil {
			return s.done(v)
		}
	}
	if v := rsTools(s, top[2]); v != nil {
		return s.done(v)
	}
	return s.done(rsToolChoice(s, top[3], top[4]))
}

// rsItems decodes the item array raw at document path p.
func rsItems(s *builder, raw []byte, p string) *spec.Violation {
	items, _, v := readArray(raw, p)
	if v != nil {
		return v
	}
	eachElem(items, func(n int, it []byte) bool {
		v = rsItem(s, it, jindex(p, n))
		return v == nil
	})
	return v
}

// rsItem decodes one input item at document path p.
func rsItem(s *builder, raw []byte, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "an input item is an object, got null")
	}
	var f [12][]byte
	membersNamed(o, rsItemKeys, f[:])
	typ, _, v := readString(f[riType], jpath(p, "type"))
	if v != nil {
		return v
	}
	if typ == "" {
		if f[riRole] == nil {
			return shapeViolation(p, "an input item needs a type or a role")
		}
		typ = "message"
	}
	switch typ {
	case "message":
		return rsMessage(s, &f, raw, p)
	case "function_call", "custom_tool_call":
		id, _, v := readString(f[riCallID], jpath(p, "call_id"))
		if v != nil {
			return v
		}
		name, _, v := readString(f[riName], jpath(p, "name"))
		if v != nil {
			return v
		}
		pt := spec.Part{Kind: spec.PartCall, ID: id, Name: name, CallKind: spec.CallFunction}
		if pt.ItemID, _, v = readString(f[riID], jpath(p, "id")); v != nil {
			return v
		}
		if pt.Namespace, _, v = readString(f[riNamespace], jpath(p, "namespace")); v != nil {
			return v
		}
		if typ == "custom_tool_call" {
			in, _, v := readString(f[riInput], jpath(p, "input"))
			if v != nil {
				return v
			}
			pt.CallKind, pt.Args = spec.CallCustom, in
		} else {
			args, _, v := readString(f[riArguments], jpath(p, "arguments"))
			if v != nil {
				return v
			}
			pt.Args = argsText(args)
		}
		s.part(s.run(spec.RoleAssistant, p), pt, p)
		return nil
	case "function_call_output", "custom_tool_call_output":
		id, _, v := readString(f[riCallID], jpath(p, "call_id"))
		if v != nil {
			return v
		}
		pt := spec.Part{Kind: spec.PartResult, ID: id}
		var paths []string
		if raw := f[riOutput]; !isNull(raw) {
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
	case "reasoning":
		return rsReasoning(s, &f, raw, p)
	}
	i := s.run(spec.RoleAssistant, p)
	s.part(i, spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatOpenAIResponses}, p)
	return nil
}

// rsMessage decodes a message item, whose members f are those of
// rsItemKeys.
func rsMessage(s *builder, f *[12][]byte, raw []byte, p string) *spec.Violation {
	role, ok, v := readString(f[riRole], jpath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(jpath(p, "role"), "a message item needs a role")
	}
	cp := jpath(p, "content")
	craw := f[riContent]
	if isNull(craw) {
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
			s.part(i, spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatOpenAIResponses}, p)
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

// rsContent decodes the content of a user, system or developer
// message, or of a call's output: a string or an array of content parts.
func rsContent(raw []byte, p string) ([]rsPart, *spec.Violation) {
	if raw[0] == '"' {
		return []rsPart{{spec.Part{Kind: spec.PartText, Text: unquote(raw)}, p}}, nil
	}
	a, _, v := readArray(raw, p)
	if v != nil {
		return nil, v
	}
	var out []rsPart
	eachElem(a, func(n int, e []byte) bool {
		ep := jindex(p, n)
		o, ok, w := readObject(e, ep)
		if w == nil && !ok {
			w = shapeViolation(ep, "a content part is an object, got null")
		}
		if v = w; v != nil {
			return false
		}
		var f [2][]byte
		membersNamed(o, rsPartKeys, f[:])
		typ, _, w := readString(f[0], jpath(ep, "type"))
		if v = w; v != nil {
			return false
		}
		switch typ {
		case "input_text":
			t, ok, w := readString(f[1], jpath(ep, "text"))
			if w == nil && !ok {
				w = shapeViolation(jpath(ep, "text"), "an input_text part needs text")
			}
			if v = w; v != nil {
				return false
			}
			out = append(out, rsPart{spec.Part{Kind: spec.PartText, Text: t}, ep})
		case "input_image", "input_file", "input_audio":
			out = append(out, rsPart{spec.Part{Kind: spec.PartImage, Data: compact(e), Format: spec.FormatOpenAIResponses}, ep})
		default:
			out = append(out, rsPart{spec.Part{Kind: spec.PartOpaque, Data: compact(e), Format: spec.FormatOpenAIResponses}, ep})
		}
		return true
	})
	if v != nil {
		return nil, v
	}
	return out, nil
}

// rsAssistantContent decodes the content of an assistant message: its text
// parts, or whole when a part is not output_text.
func rsAssistantContent(raw []byte, p string) (parts []rsPart, whole bool, v *spec.Violation) {
	if raw[0] == '"' {
		return []rsPart{{spec.Part{Kind: spec.PartText, Text: unquote(raw)}, p}}, false, nil
	}
	a, _, v := readArray(raw, p)
	if v != nil {
		return nil, false, v
	}
	eachElem(a, func(n int, e []byte) bool {
		ep := jindex(p, n)
		o, ok, w := readObject(e, ep)
		if w == nil && !ok {
			w = shapeViolation(ep, "a content part is an object, got null")
		}
		if v = w; v != nil {
			return false
		}
		var f [2][]byte
		membersNamed(o, rsPartKeys, f[:])
		typ, _, w := readString(f[0], jpath(ep, "type"))
		if v = w; v != nil {
			return false
		}
		if typ != "output_text" {
			whole = true
			return true
		}
		t, ok, w := readString(f[1], jpath(ep, "text"))
		if w == nil && !ok {
			w = shapeViolation(jpath(ep, "text"), "an output_text part needs text")
		}
		if v = w; v != nil {
			return false
		}
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartText, Text: t}, ep})
		return true
	})
	if v != nil {
		return nil, false, v
	}
	return parts, whole, nil
}

// rsReasoning decodes a reasoning item, whose members f are those of
// rsItemKeys.
func rsReasoning(s *builder, f *[12][]byte, raw []byte, p string) *spec.Violation {
	id, _, v := readString(f[riID], jpath(p, "id"))
	if v != nil {
		return v
	}
	content, _, v := readArray(f[riContent], jpath(p, "content"))
	if v != nil {
		return v
	}
	sp := jpath(p, "summary")
	summary, ok, v := readArray(f[riSummary], sp)
	if v != nil {
		return v
	}
	var parts []rsPart
	whole := content != nil && elemCount(content) > 0
	if ok {
		eachElem(summary, func(n int, e []byte) bool {
			ep := jindex(sp, n)
			so, ok, w := readObject(e, ep)
			if w == nil && !ok {
				w = shapeViolation(ep, "a summary part is an object, got null")
			}
			if v = w; v != nil {
				return false
			}
			var g [2][]byte
			membersNamed(so, rsPartKeys, g[:])
			typ, _, w := readString(g[0], jpath(ep, "type"))
			if v = w; v != nil {
				return false
			}
			if typ != "summary_text" {
				whole = true
				return true
			}
			t, ok, w := readString(g[1], jpath(ep, "text"))
			if w == nil && !ok {
				w = shapeViolation(jpath(ep, "text"), "a summary_text part needs text")
			}
			if v = w; v != nil {
				return false
			}
			parts = append(parts, rsPart{spec.Part{Kind: spec.PartThinking, Text: t, ID: id}, ep})
			return true
		})
		if v != nil {
			return v
		}
	}
	enc, hasEnc, v := readString(f[riEncrypted], jpath(p, "encrypted_content"))
	if v != nil {
		return v
	}
	i := s.run(spec.RoleAssistant, p)
	if whole {
		s.part(i, spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatOpenAIResponses}, p)
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
func rsTools(s *builder, raw []byte) *spec.Violation {
	tools, ok, v := readArray(raw, "tools")
	if v != nil || !ok {
		return v
	}
	eachElem(tools, func(n int, e []byte) bool {
		v = rsTool(s, e, jindex("tools", n))
		return v == nil
	})
	return v
}

// rsTool decodes one tool at p. A hosted tool, and a custom tool with
// a grammar (which no other field holds), are kept verbatim.
func rsTool(s *builder, e []byte, p string) *spec.Violation {
	o, ok, v := readObject(e, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a tool is an object, got null")
	}
	var f [6][]byte
	membersNamed(o, rsToolKeys, f[:])
	typ, _, v := readString(f[0], jpath(p, "type"))
	if v != nil {
		return v
	}
	if typ == "" {
		return shapeViolation(jpath(p, "type"), "a tool needs a type")
	}
	if typ != "function" && typ != "custom" || typ == "custom" && !isNull(f[1]) && compact(f[1]) != `{"type":"text"}` {
		s.tool(opaqueTool(o, spec.FormatOpenAIResponses), p)
		return nil
	}
	name, _, v := readString(f[2], jpath(p, "name"))
	if v != nil {
		return v
	}
	desc, _, v := readString(f[3], jpath(p, "description"))
	if v != nil {
		return v
	}
	t := spec.Tool{Name: name, Description: desc, Kind: spec.CallFunction}
	if typ == "custom" {
		t.Kind = spec.CallCustom
	} else {
		if params := f[4]; !isNull(params) {
			if params[0] != '{' {
				return shapeViolation(jpath(p, "parameters"), "want an object, got %s", jsonwire.Clip(params))
			}
			t.Schema = compact(params)
		}
		strict, ok, v := readBool(f[5], jpath(p, "strict"))
		if v != nil {
			return v
		}
		t.Strict = strictness(strict || !ok)
	}
	s.tool(t, p)
	return nil
}

// rsToolChoice decodes tool_choice (raw) and parallel_tool_calls (par).
func rsToolChoice(s *builder, raw, par []byte) *spec.Violation {
	var tc spec.ToolChoice
	at := ""
	if !isNull(raw) {
		at = "tool_choice"
		if raw[0] == '"' {
			switch m := unquote(raw); m {
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
			var f [3][]byte
			membersNamed(o, rsChoiceKeys, f[:])
			typ, _, v := readString(f[0], jpath(at, "type"))
			if v != nil {
				return v
			}
			switch typ {
			case "function", "custom":
				name, _, v := readString(f[1], jpath(at, "name"))
				if v != nil {
					return v
				}
				tc.Mode, tc.Name = spec.ChoiceTool, name
			case "allowed_tools":
				m, _, v := readString(f[2], jpath(at, "mode"))
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
	if !isNull(par) {
		b, _, v := readBool(par, "parallel_tool_calls")
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
	w := &writer{}
	w.open('{')
	var sysItems []string
	for j, pt := range h.System {
		p := systemPath(j)
		if j == 0 && pt.Kind == spec.PartText {
			e.signature(pt, p)
			w.strMember("instructions", pt.Text)
			continue
		}
		if c, ok := e.rsContentPart(pt, p); ok {
			sysItems = append(sysItems, rsMessageItem("system", "["+c+"]"))
		}
	}
	w.key("input")
	w.open('[')
	for _, it := range sysItems {
		w.elem()
		w.raw(it)
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
			w.elem()
			w.raw(rsMessageItem(role, e.rsContent(m.Parts, func(j int) string { return partPath(i, j) })))
		case spec.RoleAssistant:
			e.wrote(i, m.Role, true)
			e.rsAssistant(w, m, i)
		case spec.RoleTool:
			if e.rsResults(w, h, i) {
				e.wrote(i, m.Role, false)
			}
		default:
			e.badRole(i, m.Role)
		}
	}
	w.close(']')
	e.rsTools(w, h.Tools)
	tc := h.ToolChoice
	switch tc.Mode {
	case spec.ChoiceAuto:
		w.strMember("tool_choice", "auto")
	case spec.ChoiceNone:
		w.strMember("tool_choice", "none")
	case spec.ChoiceRequired:
		w.strMember("tool_choice", "required")
	case spec.ChoiceTool:
		typ := "function"
		for _, t := range h.Tools {
			if t.Name == tc.Name && (t.Kind == spec.CallCustom || t.Data != "" && rsToolType(t.Data) == "custom") {
				typ = "custom"
				break
			}
		}
		w.key("tool_choice")
		w.open('{')
		w.strMember("type", typ)
		w.strMember("name", tc.Name)
		w.close('}')
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", int(tc.Mode))
	}
	switch tc.Parallel {
	case spec.ParallelAllowed, spec.ParallelDisabled:
		w.key("parallel_tool_calls")
		w.boolean(tc.Parallel == spec.ParallelAllowed)
	case spec.ParallelUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath+".parallel", "unknown parallel setting %d", int(tc.Parallel))
	}
	w.close('}')
	return w.b, e.vs
}

// rsToolType is the "type" of a Responses tool kept verbatim, read as
// encoding/json reads it into a struct field tagged "type": any member
// whose name matches it without regard to case, the last string one
// winning; "" for text that is not one JSON object.
func rsToolType(data string) string {
	b := jsonwire.TrimSpace([]byte(data))
	if len(b) == 0 || b[0] != '{' || !jsonwire.Valid(b) {
		return ""
	}
	typ := ""
	i := jsonwire.SkipSpace(b, 1)
	for i < len(b) && b[i] == '"' {
		ks := i
		i = jsonwire.SkipString(b, i)
		k := unquote(b[ks:i])
		i = jsonwire.SkipSpace(b, i)
		vs := jsonwire.SkipSpace(b, i+1)
		i = jsonwire.SkipValue(b, vs)
		if len(k) == 4 && (k[0]|0x20) == 't' && (k[1]|0x20) == 'y' && (k[2]|0x20) == 'p' && (k[3]|0x20) == 'e' && b[vs] == '"' {
			typ = unquote(b[vs:i])
		}
		i = jsonwire.SkipSpace(b, i)
		if i < len(b) && b[i] == ',' {
			i = jsonwire.SkipSpace(b, i+1)
		}
	}
	return typ
}

// rsMessageItem is the JSON text of a message item of role with the JSON
// text content.
func rsMessageItem(role, content string) string {
	var w writer
	w.open('{')
	w.strMember("type", "message")
	w.strMember("role", role)
	w.key("content")
	w.raw(content)
	w.close('}')
	return string(w.b)
}

// rsContentPart is the JSON text of the content part for a part of a
// user, system or output content, or false (its loss named).
func (e *encoder) rsContentPart(pt spec.Part, p string) (string, bool) {
	switch pt.Kind {
	case spec.PartText:
		e.signature(pt, p)
		var w writer
		w.open('{')
		w.strMember("type", "input_text")
		w.strMember("text", pt.Text)
		w.close('}')
		return string(w.b), true
	case spec.PartImage, spec.PartOpaque:
		if e.own(pt, p) {
			return pt.Data, true
		}
		return "", false
	}
	e.losePart(pt, p, "Responses has none in a user, system or output content")
	return "", false
}

// rsContent is the JSON text of the content of a user or system
// message, or of an output: a string when what it keeps is one text part,
// else an array.
func (e *encoder) rsContent(parts []spec.Part, path func(int) string) string {
	var out []string
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
		return string(quote(nil, text))
	}
	var w writer
	w.open('[')
	for _, c := range out {
		w.elem()
		w.raw(c)
	}
	w.close(']')
	return string(w.b)
}

// rsReasoningItem is the reasoning item an encoder is building: summary
// texts, then at most one encrypted_content, all of one id.
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

// write writes the item; a lone empty summary is written as none, the
// form such an item decodes from.
func (r *rsReasoningItem) write(w *writer) {
	w.elem()
	w.open('{')
	w.strMember("type", "reasoning")
	w.strMemberIf("id", r.id)
	w.key("summary")
	w.open('[')
	if !(len(r.texts) == 1 && r.texts[0] == "" && r.enc == nil) {
		for _, t := range r.texts {
			w.elem()
			w.open('{')
			w.strMember("type", "summary_text")
			w.strMember("text", t)
			w.close('}')
		}
	}
	w.close(']')
	if r.enc != nil {
		w.strMember("encrypted_content", *r.enc)
	}
	w.close('}')
}

// rsAssistant writes the items of assistant message i.
func (e *encoder) rsAssistant(w *writer, m spec.Message, i int) {
	items := 0
	var texts []string // the output_text parts of the message item being built
	var r rsReasoningItem
	flush := func() {
		if len(texts) > 0 {
			var c writer
			c.open('[')
			for _, t := range texts {
				c.elem()
				c.open('{')
				c.strMember("type", "output_text")
				c.strMember("text", t)
				c.close('}')
			}
			c.close(']')
			w.elem()
			w.raw(rsMessageItem("assistant", string(c.b)))
			items++
			texts = nil
		}
		if r.open {
			r.write(w)
			items++
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
			texts = append(texts, pt.Text)
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
			w.elem()
			w.open('{')
			w.strMember("type", typ)
			w.strMemberIf("id", pt.ItemID) // ID-12
			w.strMember("call_id", pt.ID)
			w.strMemberIf("namespace", pt.Namespace) // NAME-6
			w.strMember("name", pt.Name)
			w.strMember(field, pt.Args)
			w.close('}')
			items++
		case spec.PartOpaque:
			flush()
			if e.own(pt, p) {
				w.elem()
				w.raw(pt.Data)
				items++
			}
		default:
			flush()
			e.losePart(pt, p, "Responses has none in an assistant turn")
		}
	}
	flush()
	if items == 0 {
		w.elem()
		w.raw(rsMessageItem("assistant", "[]"))
	}
}

// rsCallKind is the kind of the call with id id of the assistant turn
// before message i of h (the tool messages between skipped).
func rsCallKind(h spec.History, i int, id string) spec.CallKind {
	if id == "" {
		return spec.CallUnspecified
	}
	for j := i - 1; j >= 0; j-- {
		switch h.Messages[j].Role {
		case spec.RoleTool:
			continue
		case spec.RoleAssistant:
			for _, pt := range h.Messages[j].Parts {
				if pt.Kind == spec.PartCall && pt.ID == id {
					return pt.CallKind
				}
			}
		}
		return spec.CallUnspecified
	}
	return spec.CallUnspecified
}

// rsResults writes the output items of tool message i, and reports
// whether it wrote any.
func (e *encoder) rsResults(w *writer, h spec.History, i int) bool {
	n := 0
	for j, pt := range h.Messages[i].Parts {
		p := partPath(i, j)
		if pt.Kind != spec.PartResult {
			e.losePart(pt, p, "a tool message holds results only")
			continue
		}
		typ := "function_call_output"
		if rsCallKind(h, i, pt.ID) == spec.CallCustom {
			typ = "custom_tool_call_output"
		}
		if pt.ID == "" && pt.Name != "" {
			e.lose(spec.XlateIdentity, p, "result that pairs by its tool name %q alone: %s pairs results by id", pt.Name, e.f)
		}
		if pt.IsError {
			e.lose(spec.XlateOpaque, p+".is_error", "result's error flag: Responses outputs have none")
		}
		out := e.rsContent(pt.Content, func(k int) string { return contentPath(i, j, k) })
		w.elem()
		w.open('{')
		w.strMember("type", typ)
		w.strMember("call_id", pt.ID)
		w.key("output")
		w.raw(out)
		w.close('}')
		n++
	}
	if n == 0 {
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return n > 0
}

// rsTools writes the tools array, when it has a tool to hold.
func (e *encoder) rsTools(w *writer, tools []spec.Tool) {
	m := w.mark()
	w.key("tools")
	w.open('[')
	n := 0
	for i, t := range tools {
		if keep, ok := e.verbatimTool(i, t, "Responses"); ok {
			if keep {
				w.elem()
				w.raw(t.Data)
				n++
			}
			continue
		}
		w.elem()
		w.open('{')
		if t.Kind == spec.CallCustom {
			w.strMember("type", "custom")
			w.strMember("name", t.Name)
			w.strMemberIf("description", t.Description)
			if t.Schema != "" {
				e.lose(spec.XlateTools, toolPath(i)+".schema", "custom tool's input schema: a custom tool takes free text")
			}
		} else {
			w.strMember("type", "function")
			w.strMember("name", t.Name)
			w.strMemberIf("description", t.Description)
			if s := e.toolSchema(t, i); s != "" {
				w.key("parameters")
				w.raw(s)
			}
			if t.Strict == spec.StrictOff {
				w.key("strict")
				w.raw("false")
			}
		}
		w.close('}')
		n++
	}
	if n == 0 {
		w.reset(m)
		return
	}
	w.close(']')
}

// rsPart is a decoded part and its document path.
type rsPart struct {
	part spec.Part
	path string
}
