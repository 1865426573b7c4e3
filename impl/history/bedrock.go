package history

import (
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The Bedrock Converse history codec: {"system", "messages",
// "toolConfig"}, read and written as SPEC.md section 11 and model's codec
// of the format say. Blocks are objects named by their one member (text,
// reasoningContent, toolUse, toolResult, image, document, video; any other
// kept opaque); consecutive assistant messages are one, and a user message
// becomes one tool message per toolResult block and a user message for
// each run of other blocks. The encoder writes results first in the user
// message after their turn, with the user message that follows them.

var (
	hbrDocKeys    = []string{"system", "messages", "toolConfig"}
	hbrMsgKeys    = []string{"role", "content"}
	hbrBlockKeys  = []string{"text", "image", "document", "video", "toolUse", "toolResult", "reasoningContent"}
	hbrUseKeys    = []string{"type", "toolUseId", "name", "input", "status", "content"}
	hbrReasonKeys = []string{"redactedContent", "reasoningText", "text", "signature"}
	hbrConfigKeys = []string{"tools", "toolChoice"}
	hbrSpecKeys   = []string{"toolSpec", "name", "description", "inputSchema", "json"}
	hbrChoiceKeys = []string{"auto", "any", "tool"}
)

// Indexes in hbrBlockKeys and hbrUseKeys.
const (
	hbText = iota
	hbImage
	hbDocument
	hbVideo
	hbToolUse
	hbToolResult
	hbReasoning
)

const (
	huType = iota
	huID
	huName
	huInput
	huStatus
	huContent
)

// decodeBedrockHist decodes a Bedrock Converse request body.
func decodeBedrockHist(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := &hdBuild{pm: PathMap{}}
	root, v := hdRootDoc(doc)
	if v != nil {
		return s.done(v)
	}
	var top [3][]byte
	hFields(root, hbrDocKeys, top[:])
	sys, ok, v := hdArr(top[0], "system")
	if v != nil {
		return s.done(v)
	}
	if ok {
		hElems(sys, func(n int, b []byte) bool {
			p := hjIndex("system", n)
			o, ok, w := hdObj(b, p)
			if w == nil && !ok {
				w = hdShape(p, "a system block is an object, got null")
			}
			if v = w; v != nil {
				return false
			}
			var f [7][]byte
			hFields(o, hbrBlockKeys, f[:])
			pt := spec.Part{Kind: spec.PartOpaque, Data: hCompact(b), Format: spec.FormatBedrock}
			if f[hbImage] != nil || f[hbDocument] != nil || f[hbVideo] != nil {
				pt.Kind = spec.PartImage
			}
			if f[hbText] != nil {
				var t string
				if t, _, v = hdStr(f[hbText], hjPath(p, "text")); v != nil {
					return false
				}
				pt = spec.Part{Kind: spec.PartText, Text: t}
			}
			s.system(pt, p)
			return true
		})
		if v != nil {
			return s.done(v)
		}
	}
	msgs, ok, v := hdArr(top[1], "messages")
	if v != nil {
		return s.done(v)
	}
	if ok {
		hElems(msgs, func(n int, m []byte) bool {
			v = brMessageHist(s, m, hjIndex("messages", n))
			return v == nil
		})
		if v != nil {
			return s.done(v)
		}
	}
	return s.done(brConfigHist(s, top[2]))
}

// brMessageHist decodes one message at document path p.
func brMessageHist(s *hdBuild, raw []byte, p string) *spec.Violation {
	o, ok, v := hdObj(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return hdShape(p, "a message is an object, got null")
	}
	var f [2][]byte
	hFields(o, hbrMsgKeys, f[:])
	role, ok, v := hdStr(f[0], hjPath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return hdShape(hjPath(p, "role"), "a message needs a role")
	}
	cp := hjPath(p, "content")
	blocks, _, v := hdArr(f[1], cp)
	if v != nil {
		return v
	}
	switch role {
	case "assistant":
		var parts []hdPart
		if blocks != nil {
			hElems(blocks, func(n int, b []byte) bool {
				bp := hjIndex(cp, n)
				var pt spec.Part
				if pt, v = brBlockHist(b, bp, true); v != nil {
					return false
				}
				parts = append(parts, hdPart{pt, bp})
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
	case "user":
		if blocks == nil || hCount(blocks) == 0 {
			s.message(spec.RoleUser, p)
			return nil
		}
		cur := -1
		hElems(blocks, func(n int, b []byte) bool {
			bp := hjIndex(cp, n)
			var pt spec.Part
			if pt, v = brBlockHist(b, bp, false); v != nil {
				return false
			}
			if pt.Kind == spec.PartResult {
				var cps []string
				for k := range pt.Content {
					cps = append(cps, hjIndex(hjPath(hjPath(bp, "toolResult"), "content"), k))
				}
				s.result(pt, bp, cps)
				cur = -1
				return true
			}
			if cur < 0 {
				mp := p
				if n > 0 {
					mp = bp
				}
				cur = s.message(spec.RoleUser, mp)
			}
			s.part(cur, pt, bp)
			return true
		})
		return v
	default:
		return hdShape(hjPath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// brNeedObj returns v, or the violation of an element at p that is null.
func brNeedObj(v *spec.Violation, p string) *spec.Violation {
	if v != nil {
		return v
	}
	return hdShape(p, "want an object, got null")
}

// brBlockHist decodes one content block at document path p of an
// assistant message or (assistant false) of a user message.
func brBlockHist(raw []byte, p string, assistant bool) (spec.Part, *spec.Violation) {
	o, ok, v := hdObj(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, hdShape(p, "a content block is an object, got null")
	}
	var f [7][]byte
	hFields(o, hbrBlockKeys, f[:])
	opaque := func() spec.Part {
		return spec.Part{Kind: spec.PartOpaque, Data: hCompact(raw), Format: spec.FormatBedrock}
	}
	switch {
	case f[hbToolUse] != nil, f[hbToolResult] != nil:
		use := f[hbToolUse] != nil
		key, k := "toolResult", hbToolResult
		if use {
			key, k = "toolUse", hbToolUse
		}
		up := hjPath(p, key)
		u, ok, v := hdObj(f[k], up)
		if v != nil || !ok {
			return spec.Part{}, brNeedObj(v, up)
		}
		var g [6][]byte
		hFields(u, hbrUseKeys, g[:])
		if typ, _, v := hdStr(g[huType], hjPath(up, "type")); v != nil {
			return spec.Part{}, v
		} else if typ != "" {
			return opaque(), nil
		}
		if !use {
			if assistant {
				return spec.Part{}, hdShape(up, "a toolResult block in an assistant message")
			}
			return brResultHist(g, up)
		}
		if !assistant {
			return spec.Part{}, hdShape(up, "a toolUse block in a user message")
		}
		id, _, v := hdStr(g[huID], hjPath(up, "toolUseId"))
		if v != nil {
			return spec.Part{}, v
		}
		name, _, v := hdStr(g[huName], hjPath(up, "name"))
		if v != nil {
			return spec.Part{}, v
		}
		args := "{}"
		if !hNull(g[huInput]) {
			args = hCompact(g[huInput])
		}
		return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: args, CallKind: spec.CallFunction}, nil
	case f[hbReasoning] != nil:
		rp := hjPath(p, "reasoningContent")
		r, ok, v := hdObj(f[hbReasoning], rp)
		if v != nil || !ok {
			return spec.Part{}, brNeedObj(v, rp)
		}
		if !assistant {
			return spec.Part{}, hdShape(rp, "reasoning in a user message")
		}
		var g [4][]byte
		hFields(r, hbrReasonKeys, g[:])
		if g[0] != nil {
			d, _, v := hdStr(g[0], hjPath(rp, "redactedContent"))
			if v != nil {
				return spec.Part{}, v
			}
			return spec.Part{Kind: spec.PartRedacted, Data: d}, nil
		}
		tp := hjPath(rp, "reasoningText")
		t, ok, v := hdObj(g[1], tp)
		if v != nil || !ok {
			return spec.Part{}, brNeedObj(v, tp)
		}
		var x [4][]byte
		hFields(t, hbrReasonKeys, x[:])
		text, _, v := hdStr(x[2], hjPath(tp, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		sig, _, v := hdStr(x[3], hjPath(tp, "signature"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartThinking, Text: text, Signature: sig}, nil
	case f[hbText] != nil:
		t, _, v := hdStr(f[hbText], hjPath(p, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartText, Text: t}, nil
	case f[hbImage] != nil || f[hbDocument] != nil || f[hbVideo] != nil:
		return spec.Part{Kind: spec.PartImage, Data: hCompact(raw), Format: spec.FormatBedrock}, nil
	}
	return opaque(), nil
}

// brResultHist decodes a toolResult at document path p, whose members g
// are those of hbrUseKeys.
func brResultHist(g [6][]byte, p string) (spec.Part, *spec.Violation) {
	id, _, v := hdStr(g[huID], hjPath(p, "toolUseId"))
	if v != nil {
		return spec.Part{}, v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id}
	status, _, v := hdStr(g[huStatus], hjPath(p, "status"))
	if v != nil {
		return spec.Part{}, v
	}
	switch status {
	case "", "success":
	case "error":
		pt.IsError = true
	default:
		return spec.Part{}, hdShape(hjPath(p, "status"), "unknown status %q", status)
	}
	cp := hjPath(p, "content")
	content, ok, v := hdArr(g[huContent], cp)
	if v != nil || !ok {
		return pt, v
	}
	hElems(content, func(k int, c []byte) bool {
		kp := hjIndex(cp, k)
		o, ok, w := hdObj(c, kp)
		if w != nil || !ok {
			v = brNeedObj(w, kp)
			return false
		}
		var f [7][]byte
		hFields(o, hbrBlockKeys, f[:])
		switch {
		case f[hbText] != nil:
			var t string
			if t, _, v = hdStr(f[hbText], hjPath(kp, "text")); v != nil {
				return false
			}
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartText, Text: t})
		case f[hbImage] != nil || f[hbDocument] != nil || f[hbVideo] != nil:
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartImage, Data: hCompact(c), Format: spec.FormatBedrock})
		default:
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartOpaque, Data: hCompact(c), Format: spec.FormatBedrock})
		}
		return true
	})
	if v != nil {
		return spec.Part{}, v
	}
	return pt, nil
}

// brConfigHist decodes toolConfig.
func brConfigHist(s *hdBuild, raw []byte) *spec.Violation {
	tc, ok, v := hdObj(raw, "toolConfig")
	if v != nil || !ok {
		return v
	}
	var f [2][]byte
	hFields(tc, hbrConfigKeys, f[:])
	tp := "toolConfig.tools"
	tools, ok, v := hdArr(f[0], tp)
	if v != nil {
		return v
	}
	if ok {
		hElems(tools, func(n int, t []byte) bool {
			v = brToolHist(s, t, hjIndex(tp, n))
			return v == nil
		})
		if v != nil {
			return v
		}
	}
	cp := "toolConfig.toolChoice"
	c, ok, v := hdObj(f[1], cp)
	if v != nil || !ok {
		return v
	}
	var g [3][]byte
	hFields(c, hbrChoiceKeys, g[:])
	var choice spec.ToolChoice
	switch {
	case g[0] != nil:
		choice.Mode = spec.ChoiceAuto
	case g[1] != nil:
		choice.Mode = spec.ChoiceRequired
	case g[2] != nil:
		t, ok, v := hdObj(g[2], hjPath(cp, "tool"))
		if v != nil || !ok {
			return brNeedObj(v, hjPath(cp, "tool"))
		}
		name, _, v := hdStr(hField(t, "name"), hjPath(cp, "tool.name"))
		if v != nil {
			return v
		}
		choice.Mode, choice.Name = spec.ChoiceTool, name
	default:
		return hdShape(cp, "a toolChoice is one of auto, any and tool")
	}
	s.h.ToolChoice = choice
	s.pm[hToolChoicePath] = cp
	return nil
}

// brToolHist decodes one entry of toolConfig.tools at p.
func brToolHist(s *hdBuild, t []byte, p string) *spec.Violation {
	o, ok, v := hdObj(t, p)
	if v != nil || !ok {
		return brNeedObj(v, p)
	}
	var f [5][]byte
	hFields(o, hbrSpecKeys, f[:])
	if f[0] == nil {
		s.tool(hOpaqueTool(o, spec.FormatBedrock), p)
		return nil
	}
	sp := hjPath(p, "toolSpec")
	ts, ok, v := hdObj(f[0], sp)
	if v != nil || !ok {
		return brNeedObj(v, sp)
	}
	var g [5][]byte
	hFields(ts, hbrSpecKeys, g[:])
	name, _, v := hdStr(g[1], hjPath(sp, "name"))
	if v != nil {
		return v
	}
	desc, _, v := hdStr(g[2], hjPath(sp, "description"))
	if v != nil {
		return v
	}
	tool := spec.Tool{Name: name, Description: desc, Kind: spec.CallFunction}
	ip := hjPath(sp, "inputSchema")
	in, ok, v := hdObj(g[3], ip)
	if v != nil {
		return v
	}
	if ok {
		js := hField(in, "json")
		if !hNull(js) {
			if js[0] != '{' {
				return hdShape(hjPath(ip, "json"), "want an object, got %s", jsonwire.Clip(js))
			}
			tool.Schema = hCompact(js)
		}
	}
	s.tool(tool, sp)
	return nil
}

// brOut is one message an encoder builds: its role and the JSON text of
// its blocks. A user message holds results, then user blocks; user says
// the last blocks added were a user message's, closed that nothing more
// joins it.
type brOut struct {
	role         string
	blocks       []string
	user, closed bool
}

// encodeBedrockHist writes h as a Bedrock Converse request body.
func encodeBedrockHist(h spec.History) ([]byte, []spec.Violation) {
	e := &hLosses{f: spec.FormatBedrock}
	w := &hWriter{}
	w.open('{')
	if len(h.System) > 0 {
		w.key("system")
		w.open('[')
		for j, pt := range h.System {
			if b, ok := brBlockEnc(e, pt, hSystemPath(j), false); ok {
				w.elem()
				w.raw(b)
			}
		}
		w.close(']')
	}
	var msgs []*brOut
	lastUser := func() *brOut {
		if n := len(msgs); n > 0 && msgs[n-1].role == "user" {
			return msgs[n-1]
		}
		return nil
	}
	var dropped map[string]bool
	for i, m := range h.Messages {
		switch m.Role {
		case spec.RoleUser:
			var blocks []string
			for j, pt := range m.Parts {
				if b, ok := brBlockEnc(e, pt, hPartPath(i, j), false); ok {
					blocks = append(blocks, b)
				}
			}
			e.wrote(i, m.Role, false)
			u := lastUser()
			switch {
			case len(blocks) == 0:
				msgs = append(msgs, &brOut{role: "user", closed: true})
			case u != nil && !u.closed && !u.user:
				u.blocks = append(u.blocks, blocks...)
				u.user = true
			default:
				msgs = append(msgs, &brOut{role: "user", blocks: blocks, user: true})
			}
		case spec.RoleTool:
			blocks := brResultsEnc(e, h, i, dropped)
			if len(blocks) == 0 {
				continue
			}
			e.wrote(i, m.Role, false)
			if u := lastUser(); u != nil && !u.closed {
				u.blocks = append(u.blocks, blocks...)
				u.user = false
			} else {
				msgs = append(msgs, &brOut{role: "user", blocks: blocks})
			}
		case spec.RoleAssistant:
			e.wrote(i, m.Role, true)
			dropped = nil
			var blocks []string
			for j, pt := range m.Parts {
				p := hPartPath(i, j)
				if e.dropCustom(&dropped, pt, p, "Bedrock") {
					continue
				}
				if b, ok := brBlockEnc(e, pt, p, true); ok {
					blocks = append(blocks, b)
				}
			}
			msgs = append(msgs, &brOut{role: "assistant", blocks: blocks, closed: true})
		case spec.RoleSystem:
			e.lose(spec.XlateSystem, hMessagePath(i), "system message mid-conversation: Bedrock has system blocks before the messages only")
		default:
			e.badRole(i, m.Role)
		}
	}
	w.key("messages")
	w.open('[')
	for _, m := range msgs {
		w.elem()
		w.open('{')
		w.strMember("role", m.role)
		w.key("content")
		w.open('[')
		for _, b := range m.blocks {
			w.elem()
			w.raw(b)
		}
		w.close(']')
		w.close('}')
	}
	w.close(']')
	cm := w.mark()
	w.key("toolConfig")
	w.open('{')
	some := false
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
				e.lose(spec.XlateTools, hToolPath(i), "tool of format %q kept verbatim: Bedrock cannot write it", t.Format)
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, hToolPath(i), "custom tool %q: Bedrock has tool specs only", t.Name)
			continue
		}
		w.elem()
		w.open('{')
		w.key("toolSpec")
		w.open('{')
		w.strMember("name", t.Name)
		w.strMemberIf("description", t.Description)
		if s := e.toolSchema(t, i); s != "" {
			w.key("inputSchema")
			w.open('{')
			w.key("json")
			w.raw(s)
			w.close('}')
		}
		w.close('}')
		w.close('}')
		n++
	}
	if n == 0 {
		w.reset(tm)
	} else {
		w.close(']')
		some = true
	}
	choice := h.ToolChoice
	switch choice.Mode {
	case spec.ChoiceAuto, spec.ChoiceRequired:
		k := "auto"
		if choice.Mode == spec.ChoiceRequired {
			k = "any"
		}
		w.key("toolChoice")
		w.open('{')
		w.key(k)
		w.raw("{}")
		w.close('}')
		some = true
	case spec.ChoiceTool:
		w.key("toolChoice")
		w.open('{')
		w.key("tool")
		w.open('{')
		w.strMember("name", choice.Name)
		w.close('}')
		w.close('}')
		some = true
	case spec.ChoiceNone:
		e.lose(spec.XlateToolChoice, hToolChoicePath, "tool choice none: Bedrock has auto, any and a named tool only")
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, hToolChoicePath, "unknown tool choice mode %d", int(choice.Mode))
	}
	if choice.Parallel != spec.ParallelUnset {
		e.lose(spec.XlateToolChoice, hToolChoicePath+".parallel", "parallel-call setting: Bedrock has none")
	}
	if some {
		w.close('}')
	} else {
		w.reset(cm)
	}
	w.close('}')
	return w.b, e.vs
}

// brBlockEnc is the JSON text of the block for part pt (at canonical path
// p) of the system or a user message, or of an assistant message when
// assistant is set, or false (its loss named) when Bedrock cannot carry it
// there.
func brBlockEnc(e *hLosses, pt spec.Part, p string, assistant bool) (string, bool) {
	var w hWriter
	switch {
	case pt.Kind == spec.PartText:
		e.signature(pt, p)
		w.open('{')
		w.strMember("text", pt.Text)
		w.close('}')
	case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
		if !e.own(pt, p) {
			return "", false
		}
		return pt.Data, true
	case (pt.Kind == spec.PartThinking || pt.Kind == spec.PartRedacted) && assistant:
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Bedrock has none", pt.ID)
		}
		w.open('{')
		w.key("reasoningContent")
		w.open('{')
		if pt.Kind == spec.PartRedacted {
			w.strMember("redactedContent", pt.Data)
		} else {
			w.key("reasoningText")
			w.open('{')
			w.strMember("text", pt.Text)
			w.strMemberIf("signature", pt.Signature)
			w.close('}')
		}
		w.close('}')
		w.close('}')
	case pt.Kind == spec.PartCall && assistant:
		e.signature(pt, p)
		// input is a JSON document of any type (HIST-6 judges one that
		// is not an object); only text that is not JSON cannot be written.
		in := pt.Args
		if !hIsJSON(in) {
			e.lose(spec.XlateIdentity, p+".args", "arguments %s are not JSON: Bedrock writes the input as JSON, {} here", jsonwire.Clip([]byte(in)))
			in = "{}"
		}
		w.open('{')
		w.key("toolUse")
		w.open('{')
		w.strMember("toolUseId", pt.ID)
		w.strMember("name", pt.Name)
		w.key("input")
		w.raw(in)
		w.close('}')
		w.close('}')
	default:
		where := "a user message"
		if assistant {
			where = "an assistant message"
		}
		e.losePart(pt, p, "Bedrock has none in "+where)
		return "", false
	}
	return string(w.b), true
}

// brResultsEnc is the toolResult blocks of tool message i; dropped holds
// the ids of the custom calls of its turn that were left out.
func brResultsEnc(e *hLosses, h spec.History, i int, dropped map[string]bool) []string {
	var out []string
	for j, pt := range h.Messages[i].Parts {
		p := hPartPath(i, j)
		if pt.Kind != spec.PartResult {
			e.losePart(pt, p, "a tool message holds results only")
			continue
		}
		if pt.ID != "" && dropped[pt.ID] {
			e.lose(spec.XlateIdentity, p, "result of the custom call %q, which Bedrock cannot carry", pt.ID)
			continue
		}
		if pt.ID == "" && pt.Name != "" {
			e.lose(spec.XlateIdentity, p, "result that pairs by its tool name %q alone: %s pairs results by id", pt.Name, e.f)
		}
		var w hWriter
		w.open('{')
		w.key("toolResult")
		w.open('{')
		w.strMember("toolUseId", pt.ID)
		w.key("content")
		w.open('[')
		for k, c := range pt.Content {
			cp := hContentPath(i, j, k)
			switch c.Kind {
			case spec.PartText:
				e.signature(c, cp)
				w.elem()
				w.open('{')
				w.strMember("text", c.Text)
				w.close('}')
			case spec.PartImage, spec.PartOpaque:
				if e.own(c, cp) {
					w.elem()
					w.raw(c.Data)
				}
			default:
				e.losePart(c, cp, "Bedrock has none in a result")
			}
		}
		w.close(']')
		if pt.IsError {
			w.strMember("status", "error")
		}
		w.close('}')
		w.close('}')
		out = append(out, string(w.b))
	}
	if len(out) == 0 {
		e.lose(spec.XlateOpaque, hMessagePath(i), "tool message without a result left out")
	}
	return out
}
