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
	holDocKeys  = []string{"messages", "tools"}
	holMsgKeys  = []string{"role", "content", "thinking", "images", "tool_calls", "tool_name", "tool_call_id"}
	holCallKeys = []string{"id", "function", "type"}
	holFuncKeys = []string{"name", "arguments", "description", "parameters"}
)

// decodeOllamaHist decodes an Ollama /api/chat request body.
func decodeOllamaHist(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := &hdBuild{pm: PathMap{}}
	root, v := hdRootDoc(doc)
	if v != nil {
		return s.done(v)
	}
	var top [2][]byte
	hFields(root, holDocKeys, top[:])
	msgs, ok, v := hdArr(top[0], "messages")
	if v != nil {
		return s.done(v)
	}
	if ok {
		hElems(msgs, func(n int, raw []byte) bool {
			v = olMessageHist(s, raw, hjIndex("messages", n))
			return v == nil
		})
		if v != nil {
			return s.done(v)
		}
	}
	return s.done(olToolsHist(s, top[1]))
}

// olMessageHist decodes one message at document path p.
func olMessageHist(s *hdBuild, raw []byte, p string) *spec.Violation {
	o, ok, v := hdObj(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return hdShape(p, "a message is an object, got null")
	}
	var f [7][]byte
	hFields(o, holMsgKeys, f[:])
	role, ok, v := hdStr(f[0], hjPath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return hdShape(hjPath(p, "role"), "a message needs a role")
	}
	content, _, v := hdStr(f[1], hjPath(p, "content"))
	if v != nil {
		return v
	}
	thinking, _, v := hdStr(f[2], hjPath(p, "thinking"))
	if v != nil {
		return v
	}
	images, v := olImagesHist(f[3], hjPath(p, "images"))
	if v != nil {
		return v
	}
	calls, _, v := hdArr(f[4], hjPath(p, "tool_calls"))
	if v != nil {
		return v
	}
	toolName, _, v := hdStr(f[5], hjPath(p, "tool_name"))
	if v != nil {
		return v
	}
	toolCallID, _, v := hdStr(f[6], hjPath(p, "tool_call_id"))
	if v != nil {
		return v
	}
	if role != "assistant" {
		if thinking != "" {
			return hdShape(hjPath(p, "thinking"), "thinking in a message of role %q", role)
		}
		if calls != nil && hCount(calls) > 0 {
			return hdShape(hjPath(p, "tool_calls"), "tool calls in a message of role %q", role)
		}
	}
	if role != "tool" {
		if toolName != "" {
			return hdShape(hjPath(p, "tool_name"), "tool_name in a message of role %q", role)
		}
		if toolCallID != "" {
			return hdShape(hjPath(p, "tool_call_id"), "tool_call_id in a message of role %q", role)
		}
	}
	var parts []hdPart
	if role == "assistant" && thinking != "" {
		parts = append(parts, hdPart{spec.Part{Kind: spec.PartThinking, Text: thinking}, hjPath(p, "thinking")})
	}
	if content != "" {
		parts = append(parts, hdPart{spec.Part{Kind: spec.PartText, Text: content}, hjPath(p, "content")})
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
			cp := hjPath(p, "tool_calls")
			hElems(calls, func(n int, c []byte) bool {
				ep := hjIndex(cp, n)
				var pt spec.Part
				if pt, v = olCallHist(c, ep); v != nil {
					return false
				}
				parts = append(parts, hdPart{pt, ep})
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
		return hdShape(hjPath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// olImagesHist decodes a message's images: base64 strings, each kept as
// its JSON text.
func olImagesHist(raw []byte, p string) ([]hdPart, *spec.Violation) {
	a, ok, v := hdArr(raw, p)
	if v != nil || !ok {
		return nil, v
	}
	var out []hdPart
	hElems(a, func(n int, e []byte) bool {
		ep := hjIndex(p, n)
		_, ok, w := hdStr(e, ep)
		if w == nil && !ok {
			w = hdShape(ep, "an image is a base64 string, got null")
		}
		if v = w; v != nil {
			return false
		}
		out = append(out, hdPart{spec.Part{Kind: spec.PartImage, Data: hCompact(e), Format: spec.FormatOllama}, ep})
		return true
	})
	if v != nil {
		return nil, v
	}
	return out, nil
}

// olCallHist decodes one tool call at document path p.
func olCallHist(raw []byte, p string) (spec.Part, *spec.Violation) {
	o, ok, v := hdObj(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, hdShape(p, "a tool call is an object, got null")
	}
	var f [3][]byte
	hFields(o, holCallKeys, f[:])
	id, _, v := hdStr(f[0], hjPath(p, "id"))
	if v != nil {
		return spec.Part{}, v
	}
	fp := hjPath(p, "function")
	fn, ok, v := hdObj(f[1], fp)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, hdShape(fp, "a tool call needs a function")
	}
	var g [4][]byte
	hFields(fn, holFuncKeys, g[:])
	name, _, v := hdStr(g[0], hjPath(fp, "name"))
	if v != nil {
		return spec.Part{}, v
	}
	args := "{}"
	if a := g[1]; !hNull(a) {
		if a[0] != '{' {
			return spec.Part{}, hdShape(hjPath(fp, "arguments"), "arguments are a JSON object in Ollama, got %s", jsonwire.Clip(a))
		}
		args = hCompact(a)
	}
	return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: args, CallKind: spec.CallFunction}, nil
}

// olToolsHist decodes the tools array.
func olToolsHist(s *hdBuild, raw []byte) *spec.Violation {
	tools, ok, v := hdArr(raw, "tools")
	if v != nil || !ok {
		return v
	}
	hElems(tools, func(n int, e []byte) bool {
		v = olToolHist(s, e, hjIndex("tools", n))
		return v == nil
	})
	return v
}

// olToolHist decodes one tool at p.
func olToolHist(s *hdBuild, e []byte, p string) *spec.Violation {
	o, ok, v := hdObj(e, p)
	if v != nil {
		return v
	}
	if !ok {
		return hdShape(p, "a tool is an object, got null")
	}
	var f [3][]byte
	hFields(o, holCallKeys, f[:])
	typ, _, v := hdStr(f[2], hjPath(p, "type"))
	if v != nil {
		return v
	}
	if typ != "" && typ != "function" {
		s.tool(hOpaqueTool(o, spec.FormatOllama), p)
		return nil
	}
	fp := hjPath(p, "function")
	fn, ok, v := hdObj(f[1], fp)
	if v != nil {
		return v
	}
	if !ok {
		return hdShape(fp, "a tool needs a function")
	}
	var g [4][]byte
	hFields(fn, holFuncKeys, g[:])
	name, _, v := hdStr(g[0], hjPath(fp, "name"))
	if v != nil {
		return v
	}
	desc, _, v := hdStr(g[2], hjPath(fp, "description"))
	if v != nil {
		return v
	}
	schema := ""
	if params := g[3]; !hNull(params) {
		if params[0] != '{' {
			return hdShape(hjPath(fp, "parameters"), "want an object, got %s", jsonwire.Clip(params))
		}
		schema = hCompact(params)
	}
	s.tool(spec.Tool{Name: name, Description: desc, Schema: schema, Kind: spec.CallFunction}, p)
	return nil
}

// olRecord is one Ollama message an encoder builds: images and calls are
// the JSON text of their elements.
type olRecord struct {
	role                 string
	content, thinking    *string
	images, calls        []string
	toolName, toolCallID string
}

// slot is the position of the last field filled: 0 none, 1 thinking, 2
// content, 3 images, 4 tool_calls.
func (m *olRecord) slot() int {
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
func (m *olRecord) write(w *hWriter) {
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

// olSplit turns the parts of one message into records, a new one whenever
// a part's field comes before (or is) one already filled.
type olSplit struct {
	role string
	out  []*olRecord
}

func (sp *olSplit) at(slot int) *olRecord {
	n := len(sp.out)
	if n == 0 || sp.out[n-1].slot() > slot || (slot <= 2 && sp.out[n-1].slot() == slot) {
		sp.out = append(sp.out, &olRecord{role: sp.role})
		n++
	}
	return sp.out[n-1]
}

// write writes the records, at least one.
func (sp *olSplit) write(w *hWriter) {
	if len(sp.out) == 0 {
		sp.out = append(sp.out, &olRecord{role: sp.role})
	}
	for _, m := range sp.out {
		m.write(w)
	}
}

// encodeOllamaHist writes h as an Ollama /api/chat request body.
func encodeOllamaHist(h spec.History) ([]byte, []spec.Violation) {
	e := &hLosses{f: spec.FormatOllama}
	w := &hWriter{}
	w.open('{')
	w.key("messages")
	w.open('[')
	for j, pt := range h.System {
		sp := &olSplit{role: "system"}
		if olPartEnc(e, sp, pt, hSystemPath(j), false) {
			sp.write(w)
		}
	}
	var dropped map[string]bool // ids of the custom calls of the last assistant turn, left out
	for i, m := range h.Messages {
		var sp *olSplit
		switch m.Role {
		case spec.RoleUser:
			sp = &olSplit{role: "user"}
		case spec.RoleSystem:
			e.leadingSystem(i)
			sp = &olSplit{role: "system"}
		case spec.RoleAssistant:
			sp = &olSplit{role: "assistant"}
			dropped = nil
		case spec.RoleTool:
			if olResultsEnc(e, w, h, i, dropped) {
				e.wrote(i, m.Role, false)
			}
			continue
		default:
			e.badRole(i, m.Role)
			continue
		}
		e.wrote(i, m.Role, true)
		for j, pt := range m.Parts {
			p := hPartPath(i, j)
			if m.Role == spec.RoleAssistant && e.dropCustom(&dropped, pt, p, "Ollama") {
				continue
			}
			olPartEnc(e, sp, pt, p, m.Role == spec.RoleAssistant)
		}
		sp.write(w)
	}
	w.close(']')
	tm := w.mark()
	w.key("tools")
	w.open('[')
	n := 0
	for i, t := range h.Tools {
		if t.Data != "" {
			if t.Format == e.f && hIsObjectText(t.Data) {
				w.elem()
				w.raw(t.Data)
				n++
			} else {
				e.lose(spec.XlateTools, hToolPath(i), "tool of format %q kept verbatim: Ollama cannot write it", t.Format)
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, hToolPath(i), "custom tool %q: Ollama has function tools only", t.Name)
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
		e.lose(spec.XlateToolChoice, hToolChoicePath, "tool choice: Ollama has none")
	}
	if h.ToolChoice.Parallel != spec.ParallelUnset {
		e.lose(spec.XlateToolChoice, hToolChoicePath+".parallel", "parallel-call setting: Ollama has none")
	}
	w.close('}')
	return w.b, e.vs
}

// olPartEnc adds part pt (at canonical path p) to the records sp builds,
// or names its loss; assistant says thinking and calls may be written. It
// reports whether the part was written.
func olPartEnc(e *hLosses, sp *olSplit, pt spec.Part, p string, assistant bool) bool {
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
		args := e.callArgs(pt, p)
		var cw hWriter
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

// olResultsEnc writes the records of tool message i; dropped holds the
// ids of the custom calls of its turn that were left out. It reports
// whether it wrote any.
func olResultsEnc(e *hLosses, w *hWriter, h spec.History, i int, dropped map[string]bool) bool {
	n := 0
	for j, pt := range h.Messages[i].Parts {
		p := hPartPath(i, j)
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
		m := &olRecord{role: "tool", toolName: pt.Name, toolCallID: pt.ID}
		for k, c := range pt.Content {
			cp := hContentPath(i, j, k)
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
		e.lose(spec.XlateOpaque, hMessagePath(i), "tool message without a result left out")
	}
	return n > 0
}
