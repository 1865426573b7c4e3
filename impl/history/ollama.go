package history

import (
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The Ollama /api/chat history codec: {"messages", "tools"}, read and
// written as SPEC.md section 11 and model's codec of the format say. A
// message is a record (role, content, thinking, images, tool_calls,
// tool_name, tool_call_id), so consecutive messages of one role but tool
// are one message, each one's parts in the order thinking, content,
// images, tool_calls; the encoder splits a message into as few records as
// keep its parts in order.

var (
	olDocKeys  = []string{"messages", "tools"}
	olMsgKeys  = []string{"role", "content", "thinking", "images", "tool_calls", "tool_name", "tool_call_id"}
	olCallKeys = []string{"id", "function", "type"}
	olFuncKeys = []string{"name", "arguments", "description", "parameters"}
)

// decodeOllama decodes an Ollama /api/chat request body.
func decodeOllama(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	var top [2][]byte
	membersNamed(root, olDocKeys, top[:])
	msgs, ok, v := readArray(top[0], "messages")
	if v != nil {
		return s.done(v)
	}
	if ok {
		eachElem(msgs, func(n int, raw []byte) bool {
			v = olMessage(s, raw, jindex("messages", n))
			return v == nil
		})
		if v != nil {
			return s.done(v)
		}
	}
	return s.done(olTools(s, top[1]))
}

// olMessage decodes one message at document path p.
func olMessage(s *builder, raw []byte, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a message is an object, got null")
	}
	var f [7][]byte
	membersNamed(o, olMsgKeys, f[:])
	role, ok, v := readString(f[0], jpath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(jpath(p, "role"), "a message needs a role")
	}
	content, _, v := readString(f[1], jpath(p, "content"))
	if v != nil {
		return v
	}
	thinking, _, v := readString(f[2], jpath(p, "thinking"))
	if v != nil {
		return v
	}
	images, v := olImages(f[3], jpath(p, "images"))
	if v != nil {
		return v
	}
	calls, _, v := readArray(f[4], jpath(p, "tool_calls"))
	if v != nil {
		return v
	}
	toolName, _, v := readString(f[5], jpath(p, "tool_name"))
	if v != nil {
		return v
	}
	toolCallID, _, v := readString(f[6], jpath(p, "tool_call_id"))
	if v != nil {
		return v
	}
	if role != "assistant" {
		if thinking != "" {
			return shapeViolation(jpath(p, "thinking"), "thinking in a message of role %q", role)
		}
		if calls != nil && elemCount(calls) > 0 {
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
	var parts []rsPart
	if role == "assistant" && thinking != "" {
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartThinking, Text: thinking}, jpath(p, "thinking")})
	}
	if content != "" {
		parts = append(parts, rsPart{spec.Part{Kind: spec.PartText, Text: content}, jpath(p, "content")})
	}
	parts = append(parts, images...)
	switch role {
	case "system":
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
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
	case "assistant":
		if calls != nil {
			cp := jpath(p, "tool_calls")
			eachElem(calls, func(n int, c []byte) bool {
				ep := jindex(cp, n)
				var pt spec.Part
				if pt, v = olCall(c, ep); v != nil {
					return false
				}
				parts = append(parts, rsPart{pt, ep})
				return true
			})
			if v != nil {
				return v
			}
		}
		i := s.run(spec.RoleAssistant, p)
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
	case "tool":
		pt := spec.Part{Kind: spec.PartResult, ID: toolCallID, Name: toolName}
		var paths []string
		for _, pp := range parts {
			pt.Content = append(pt.Content, pp.part)
			paths = append(paths, pp.path)
		}
		s.result(pt, p, paths)
	default:
		return shapeViolation(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// olImages decodes a message's images: base64 strings, each kept as
// its JSON text.
func olImages(raw []byte, p string) ([]rsPart, *spec.Violation) {
	a, ok, v := readArray(raw, p)
	if v != nil || !ok {
		return nil, v
	}
	var out []rsPart
	eachElem(a, func(n int, e []byte) bool {
		ep := jindex(p, n)
		_, ok, w := readString(e, ep)
		if w == nil && !ok {
			w = shapeViolation(ep, "an image is a base64 string, got null")
		}
		if v = w; v != nil {
			return false
		}
		out = append(out, rsPart{spec.Part{Kind: spec.PartImage, Data: compact(e), Format: spec.FormatOllama}, ep})
		return true
	})
	if v != nil {
		return nil, v
	}
	return out, nil
}

// olCall decodes one tool call at document path p.
func olCall(raw []byte, p string) (spec.Part, *spec.Violation) {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(p, "a tool call is an object, got null")
	}
	var f [3][]byte
	membersNamed(o, olCallKeys, f[:])
	id, _, v := readString(f[0], jpath(p, "id"))
	if v != nil {
		return spec.Part{}, v
	}
	fp := jpath(p, "function")
	fn, ok, v := readObject(f[1], fp)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(fp, "a tool call needs a function")
	}
	var g [4][]byte
	membersNamed(fn, olFuncKeys, g[:])
	name, _, v := readString(g[0], jpath(fp, "name"))
	if v != nil {
		return spec.Part{}, v
	}
	args := "{}"
	if a := g[1]; !isNull(a) {
		if a[0] != '{' {
			return spec.Part{}, shapeViolation(jpath(fp, "arguments"), "arguments are a JSON object in Ollama, got %s", jsonwire.Clip(a))
		}
		args = compact(a)
	}
	return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: args, CallKind: spec.CallFunction}, nil
}

// olTools decodes the tools array.
func olTools(s *builder, raw []byte) *spec.Violation {
	tools, ok, v := readArray(raw, "tools")
	if v != nil || !ok {
		return v
	}
	eachElem(tools, func(n int, e []byte) bool {
		v = olTool(s, e, jindex("tools", n))
		return v == nil
	})
	return v
}

// olTool decodes one tool at p.
func olTool(s *builder, e []byte, p string) *spec.Violation {
	o, ok, v := readObject(e, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a tool is an object, got null")
	}
	var f [3][]byte
	membersNamed(o, olCallKeys, f[:])
	typ, _, v := readString(f[2], jpath(p, "type"))
	if v != nil {
		return v
	}
	if typ != "" && typ != "function" {
		s.tool(opaqueTool(o, spec.FormatOllama), p)
		return nil
	}
	fp := jpath(p, "function")
	fn, ok, v := readObject(f[1], fp)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(fp, "a tool needs a function")
	}
	var g [4][]byte
	membersNamed(fn, olFuncKeys, g[:])
	name, _, v := readString(g[0], jpath(fp, "name"))
	if v != nil {
		return v
	}
	desc, _, v := readString(g[2], jpath(fp, "description"))
	if v != nil {
		return v
	}
	schema := ""
	if params := g[3]; !isNull(params) {
		if params[0] != '{' {
			return shapeViolation(jpath(fp, "parameters"), "want an object, got %s", jsonwire.Clip(params))
		}
		schema = compact(params)
	}
	s.tool(spec.Tool{Name: name, Description: desc, Schema: schema, Kind: spec.CallFunction, Strict: spec.StrictOff}, p)
	return nil
}

// olMsg is one Ollama message an encoder builds: images and calls are
// the JSON text of their elements.
type olMsg struct {
	role                 string
	content, thinking    *string
	images, calls        []string
	toolName, toolCallID string
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

// write writes m as one element of the messages array.
func (m *olMsg) write(w *writer) {
	w.elem()
	w.open('{')
	w.strMember("role", m.role)
	content := ""
	if m.content != nil {
		content = *m.content
	}
	w.strMember("content", content)
	if m.thinking != nil {
		w.strMember("thinking", *m.thinking)
	}
	for _, f := range [...]struct {
		k  string
		vs []string
	}{{"images", m.images}, {"tool_calls", m.calls}} {
		if len(f.vs) == 0 {
			continue
		}
		w.key(f.k)
		w.open('[')
		for _, x := range f.vs {
			w.elem()
			w.raw(x)
		}
		w.close(']')
	}
	w.strMemberIf("tool_name", m.toolName)
	w.strMemberIf("tool_call_id", m.toolCallID)
	w.close('}')
}

// olSplitter turns the parts of one message into records, a new one whenever
// a part's field comes before (or is) one already filled.
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

// write writes the records, at least one.
func (sp *olSplitter) write(w *writer) {
	if len(sp.out) == 0 {
		sp.out = append(sp.out, &olMsg{role: sp.role})
	}
	for _, m := range sp.out {
		m.write(w)
	}
}

// encodeOllama writes h as an Ollama /api/chat request body.
func encodeOllama(h spec.History) ([]byte, []spec.Violation) {
	e := &encoder{f: spec.FormatOllama}
	w := &writer{}
	w.open('{')
	w.key("messages")
	w.open('[')
	for j, pt := range h.System {
		sp := &olSplitter{role: "system"}
		if e.olPart(sp, pt, systemPath(j), false) {
			sp.write(w)
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
			if e.olResults(w, h, i, dropped) {
				e.wrote(i, m.Role, false)
			}
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
		sp.write(w)
	}
	w.close(']')
	tm := w.mark()
	w.key("tools")
	w.open('[')
	n := 0
	for i, t := range h.Tools {
		if keep, ok := e.verbatimTool(i, t, "Ollama"); ok {
			if keep {
				w.elem()
				w.raw(t.Data)
				n++
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Ollama has function tools only", t.Name)
			continue
		}
		w.elem()
		w.open('{')
		w.strMember("type", "function")
		w.key("function")
		w.open('{')
		w.strMember("name", t.Name)
		w.strMemberIf("description", t.Description)
		if s := e.toolSchema(t, i); s != "" {
			w.key("parameters")
			w.raw(s)
		}
		e.vs = append(e.vs, strictLoss(t, i, e.f)...)
		w.close('}')
		w.close('}')
		n++
	}
	if n == 0 {
		w.reset(tm)
	} else {
		w.close(']')
	}
	if h.ToolChoice.Mode != spec.ChoiceUnset {
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice: Ollama has none")
	}
	e.parallel(h, "Ollama")
	w.close('}')
	return w.b, e.vs
}

// olPart adds part pt (at canonical path p) to the records sp builds,
// or names its loss; assistant says thinking and calls may be written. It
// reports whether the part was written.
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
		m.images = append(m.images, pt.Data)
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
		var cw writer
		cw.open('{')
		cw.strMemberIf("id", pt.ID)
		cw.key("function")
		cw.open('{')
		cw.strMember("name", pt.Name)
		cw.key("arguments")
		cw.raw(args)
		cw.close('}')
		cw.close('}')
		m := sp.at(4)
		m.calls = append(m.calls, string(cw.b))
	default:
		e.losePart(pt, p, "Ollama has none in a message of role "+sp.role)
		return false
	}
	return true
}

// olResults writes the records of tool message i; dropped holds the
// ids of the custom calls of its turn that were left out. It reports
// whether it wrote any.
func (e *encoder) olResults(w *writer, h spec.History, i int, dropped map[string]bool) bool {
	n := 0
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
					m.images = append(m.images, c.Data)
				}
			default:
				e.losePart(c, cp, "Ollama has none in a result")
			}
		}
		m.write(w)
		n++
	}
	if n == 0 {
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return n > 0
}
