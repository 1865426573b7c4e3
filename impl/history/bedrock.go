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
	brDocKeys    = []string{"system", "messages", "toolConfig"}
	brMsgKeys    = []string{"role", "content"}
	brBlockKeys  = []string{"text", "image", "document", "video", "toolUse", "toolResult", "reasoningContent"}
	brUseKeys    = []string{"type", "toolUseId", "name", "input", "status", "content"}
	brReasonKeys = []string{"redactedContent", "reasoningText", "text", "signature"}
	brConfigKeys = []string{"tools", "toolChoice"}
	brSpecKeys   = []string{"toolSpec", "name", "description", "inputSchema", "json"}
	brChoiceKeys = []string{"auto", "any", "tool"}
)

// Indexes in brBlockKeys and brUseKeys.
const (
	bbText = iota
	bbImage
	bbDocument
	bbVideo
	bbToolUse
	bbToolResult
	bbReasoning
)

const (
	buType = iota
	buID
	buName
	buInput
	buStatus
	buContent
)

// decodeBedrock decodes a Bedrock Converse request body.
func decodeBedrock(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	var top [3][]byte
	membersNamed(root, brDocKeys, top[:])
	sys, ok, v := readArray(top[0], "system")
	if v != nil {
		return s.done(v)
	}
	if ok {
		eachElem(sys, func(n int, b []byte) bool {
			p := jindex("system", n)
			o, ok, w := readObject(b, p)
			if w == nil && !ok {
				w = shapeViolation(p, "a system block is an object, got null")
			}
			if v = w; v != nil {
				return false
			}
			var f [7][]byte
			membersNamed(o, brBlockKeys, f[:])
			pt := spec.Part{Kind: spec.PartOpaque, Data: compact(b), Format: spec.FormatBedrock}
			if f[bbImage] != nil || f[bbDocument] != nil || f[bbVideo] != nil {
				pt.Kind = spec.PartImage
			}
			if f[bbText] != nil {
				var t string
				if t, _, v = readString(f[bbText], jpath(p, "text")); v != nil {
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
	msgs, ok, v := readArray(top[1], "messages")
	if v != nil {
		return s.done(v)
	}
	if ok {
		eachElem(msgs, func(n int, m []byte) bool {
			v = brMessage(s, m, jindex("messages", n))
			return v == nil
		})
		if v != nil {
			return s.done(v)
		}
	}
	return s.done(brToolConfig(s, top[2]))
}

// brMessage decodes one message at document path p.
func brMessage(s *builder, raw []byte, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a message is an object, got null")
	}
	var f [2][]byte
	membersNamed(o, brMsgKeys, f[:])
	role, ok, v := readString(f[0], jpath(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(jpath(p, "role"), "a message needs a role")
	}
	cp := jpath(p, "content")
	blocks, _, v := readArray(f[1], cp)
	if v != nil {
		return v
	}
	switch role {
	case "assistant":
		var parts []rsPart
		if blocks != nil {
			eachElem(blocks, func(n int, b []byte) bool {
				bp := jindex(cp, n)
				var pt spec.Part
				if pt, v = brBlock(b, bp, true); v != nil {
					return false
				}
				parts = append(parts, rsPart{pt, bp})
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
		if blocks == nil || elemCount(blocks) == 0 {
			s.message(spec.RoleUser, p)
			return nil
		}
		cur := -1
		eachElem(blocks, func(n int, b []byte) bool {
			bp := jindex(cp, n)
			var pt spec.Part
			if pt, v = brBlock(b, bp, false); v != nil {
				return false
			}
			if pt.Kind == spec.PartResult {
				var cps []string
				for k := range pt.Content {
					cps = append(cps, jindex(jpath(jpath(bp, "toolResult"), "content"), k))
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
		return shapeViolation(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// brNeed returns v, or the violation of an element at p that is null.
func brNeed(v *spec.Violation, p string) *spec.Violation {
	if v != nil {
		return v
	}
	return shapeViolation(p, "want an object, got null")
}

// brBlock decodes one content block at document path p of an
// assistant message or (assistant false) of a user message.
func brBlock(raw []byte, p string, assistant bool) (spec.Part, *spec.Violation) {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(p, "a content block is an object, got null")
	}
	var f [7][]byte
	membersNamed(o, brBlockKeys, f[:])
	opaque := func() spec.Part {
		return spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatBedrock}
	}
	switch {
	case f[bbToolUse] != nil, f[bbToolResult] != nil:
		use := f[bbToolUse] != nil
		key, k := "toolResult", bbToolResult
		if use {
			key, k = "toolUse", bbToolUse
		}
		up := jpath(p, key)
		u, ok, v := readObject(f[k], up)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, up)
		}
		var g [6][]byte
		membersNamed(u, brUseKeys, g[:])
		if typ, _, v := readString(g[buType], jpath(up, "type")); v != nil {
			return spec.Part{}, v
		} else if typ != "" {
			return opaque(), nil
		}
		if !use {
			if assistant {
				return spec.Part{}, shapeViolation(up, "a toolResult block in an assistant message")
			}
			return brResult(g, up)
		}
		if !assistant {
			return spec.Part{}, shapeViolation(up, "a toolUse block in a user message")
		}
		id, _, v := readString(g[buID], jpath(up, "toolUseId"))
		if v != nil {
			return spec.Part{}, v
		}
		name, _, v := readString(g[buName], jpath(up, "name"))
		if v != nil {
			return spec.Part{}, v
		}
		args := "{}"
		if !isNull(g[buInput]) {
			args = compact(g[buInput])
		}
		return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: args, CallKind: spec.CallFunction}, nil
	case f[bbReasoning] != nil:
		rp := jpath(p, "reasoningContent")
		r, ok, v := readObject(f[bbReasoning], rp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, rp)
		}
		if !assistant {
			return spec.Part{}, shapeViolation(rp, "reasoning in a user message")
		}
		var g [4][]byte
		membersNamed(r, brReasonKeys, g[:])
		if g[0] != nil {
			d, _, v := readString(g[0], jpath(rp, "redactedContent"))
			if v != nil {
				return spec.Part{}, v
			}
			return spec.Part{Kind: spec.PartRedacted, Data: d}, nil
		}
		tp := jpath(rp, "reasoningText")
		t, ok, v := readObject(g[1], tp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, tp)
		}
		var x [4][]byte
		membersNamed(t, brReasonKeys, x[:])
		text, _, v := readString(x[2], jpath(tp, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		sig, _, v := readString(x[3], jpath(tp, "signature"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartThinking, Text: text, Signature: sig}, nil
	case f[bbText] != nil:
		t, _, v := readString(f[bbText], jpath(p, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartText, Text: t}, nil
	case f[bbImage] != nil || f[bbDocument] != nil || f[bbVideo] != nil:
		return spec.Part{Kind: spec.PartImage, Data: compact(raw), Format: spec.FormatBedrock}, nil
	}
	return opaque(), nil
}

// brResult decodes a toolResult at document path p, whose members g
// are those of brUseKeys.
func brResult(g [6][]byte, p string) (spec.Part, *spec.Violation) {
	id, _, v := readString(g[buID], jpath(p, "toolUseId"))
	if v != nil {
		return spec.Part{}, v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id}
	status, _, v := readString(g[buStatus], jpath(p, "status"))
	if v != nil {
		return spec.Part{}, v
	}
	switch status {
	case "", "success":
	case "error":
		pt.IsError = true
	default:
		return spec.Part{}, shapeViolation(jpath(p, "status"), "unknown status %q", status)
	}
	cp := jpath(p, "content")
	content, ok, v := readArray(g[buContent], cp)
	if v != nil || !ok {
		return pt, v
	}
	eachElem(content, func(k int, c []byte) bool {
		kp := jindex(cp, k)
		o, ok, w := readObject(c, kp)
		if w != nil || !ok {
			v = brNeed(w, kp)
			return false
		}
		var f [7][]byte
		membersNamed(o, brBlockKeys, f[:])
		switch {
		case f[bbText] != nil:
			var t string
			if t, _, v = readString(f[bbText], jpath(kp, "text")); v != nil {
				return false
			}
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartText, Text: t})
		case f[bbImage] != nil || f[bbDocument] != nil || f[bbVideo] != nil:
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartImage, Data: compact(c), Format: spec.FormatBedrock})
		default:
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartOpaque, Data: compact(c), Format: spec.FormatBedrock})
		}
		return true
	})
	if v != nil {
		return spec.Part{}, v
	}
	return pt, nil
}

// brToolConfig decodes toolConfig.
func brToolConfig(s *builder, raw []byte) *spec.Violation {
	tc, ok, v := readObject(raw, "toolConfig")
	if v != nil || !ok {
		return v
	}
	var f [2][]byte
	membersNamed(tc, brConfigKeys, f[:])
	tp := "toolConfig.tools"
	tools, ok, v := readArray(f[0], tp)
	if v != nil {
		return v
	}
	if ok {
		eachElem(tools, func(n int, t []byte) bool {
			v = brTool(s, t, jindex(tp, n))
			return v == nil
		})
		if v != nil {
			return v
		}
	}
	cp := "toolConfig.toolChoice"
	c, ok, v := readObject(f[1], cp)
	if v != nil || !ok {
		return v
	}
	var g [3][]byte
	membersNamed(c, brChoiceKeys, g[:])
	var choice spec.ToolChoice
	switch {
	case g[0] != nil:
		choice.Mode = spec.ChoiceAuto
	case g[1] != nil:
		choice.Mode = spec.ChoiceRequired
	case g[2] != nil:
		t, ok, v := readObject(g[2], jpath(cp, "tool"))
		if v != nil || !ok {
			return brNeed(v, jpath(cp, "tool"))
		}
		name, _, v := readString(member(t, "name"), jpath(cp, "tool.name"))
		if v != nil {
			return v
		}
		choice.Mode, choice.Name = spec.ChoiceTool, name
	default:
		return shapeViolation(cp, "a toolChoice is one of auto, any and tool")
	}
	s.h.ToolChoice = choice
	s.pm[toolChoicePath] = cp
	return nil
}

// brTool decodes one entry of toolConfig.tools at p.
func brTool(s *builder, t []byte, p string) *spec.Violation {
	o, ok, v := readObject(t, p)
	if v != nil || !ok {
		return brNeed(v, p)
	}
	var f [5][]byte
	membersNamed(o, brSpecKeys, f[:])
	if f[0] == nil {
		s.tool(opaqueTool(o, spec.FormatBedrock), p)
		return nil
	}
	sp := jpath(p, "toolSpec")
	ts, ok, v := readObject(f[0], sp)
	if v != nil || !ok {
		return brNeed(v, sp)
	}
	var g [5][]byte
	membersNamed(ts, brSpecKeys, g[:])
	name, _, v := readString(g[1], jpath(sp, "name"))
	if v != nil {
		return v
	}
	desc, _, v := readString(g[2], jpath(sp, "description"))
	if v != nil {
		return v
	}
	tool := spec.Tool{Name: name, Description: desc, Kind: spec.CallFunction, Strict: spec.StrictOff}
	ip := jpath(sp, "inputSchema")
	in, ok, v := readObject(g[3], ip)
	if v != nil {
		return v
	}
	if ok {
		js := member(in, "json")
		if !isNull(js) {
			if js[0] != '{' {
				return shapeViolation(jpath(ip, "json"), "want an object, got %s", jsonwire.Clip(js))
			}
			tool.Schema = compact(js)
		}
	}
	s.tool(tool, sp)
	return nil
}

// encodeBedrock writes h as a Bedrock Converse request body.
func encodeBedrock(h spec.History) ([]byte, []spec.Violation) {
	e := &encoder{f: spec.FormatBedrock}
	w := &writer{}
	w.open('{')
	if len(h.System) > 0 {
		w.key("system")
		w.open('[')
		for j, pt := range h.System {
			if pt.Kind == spec.PartImage {
				// SystemContentBlock is text, guardContent or cachePoint.
				e.lose(spec.XlateOpaque, systemPath(j), "an image in the system prompt: Bedrock's system blocks are text, guardContent and cachePoint only")
				continue
			}
			if b, ok := e.brBlock(pt, systemPath(j), false); ok {
				w.elem()
				w.raw(b)
			}
		}
		w.close(']')
	}
	turns := e.turns(h, turnFormat{
		name: "Bedrock", assistant: "assistant",
		system:  "system message mid-conversation: Bedrock has system blocks before the messages only",
		part:    e.brBlock,
		results: e.brResults,
	})
	w.key("messages")
	w.open('[')
	for _, t := range turns {
		w.elem()
		w.open('{')
		w.strMember("role", t.role)
		w.key("content")
		w.open('[')
		for _, b := range t.parts {
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
		if keep, ok := e.verbatimTool(i, t, "Bedrock"); ok {
			if keep {
				w.elem()
				w.raw(t.Data)
				n++
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Bedrock has tool specs only", t.Name)
			continue
		}
		w.elem()
		w.open('{')
		w.key("toolSpec")
		w.open('{')
		w.strMember("name", t.Name)
		w.strMemberIf("description", t.Description)
		// ToolSpecification.InputSchema is required.
		s := e.toolSchema(t, i)
		if s == "" {
			s = noParams
		}
		w.key("inputSchema")
		w.open('{')
		w.key("json")
		w.raw(s)
		w.close('}')
		e.vs = append(e.vs, strictLoss(t, i, e.f)...)
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
	if n == 0 && (choice.Mode == spec.ChoiceAuto || choice.Mode == spec.ChoiceRequired || choice.Mode == spec.ChoiceTool) {
		// ToolConfiguration.Tools is required: no toolConfig at all.
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice %s without a tool: Bedrock's toolConfig requires its tools", choice.Mode)
		choice = spec.ToolChoice{}
	}
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
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice none: Bedrock has auto, any and a named tool only")
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", int(choice.Mode))
	}
	e.parallel(h, "Bedrock")
	if some {
		w.close('}')
	} else {
		w.reset(cm)
	}
	w.close('}')
	return w.b, e.vs
}

// brBlock is the JSON text of the block for part pt (at canonical path
// p) of the system or a user message, or of an assistant message when
// assistant is set, or false (its loss named) when Bedrock cannot carry it
// there.
func (e *encoder) brBlock(pt spec.Part, p string, assistant bool) (string, bool) {
	var w writer
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
		e.vs = append(e.vs, responsesCallLosses(pt, p, e.f)...)
		// input is a JSON document of any type (HIST-6 judges one that
		// is not an object); only text that is not JSON cannot be written.
		in := pt.Args
		if !isJSON(in) {
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

// brResults is the toolResult blocks of tool message i; dropped holds
// the ids of the custom calls of its turn that were left out.
func (e *encoder) brResults(h spec.History, i int, dropped map[string]bool) []string {
	var out []string
	for j, pt := range h.Messages[i].Parts {
		p := partPath(i, j)
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
		var w writer
		w.open('{')
		w.key("toolResult")
		w.open('{')
		w.strMember("toolUseId", pt.ID)
		w.key("content")
		w.open('[')
		for k, c := range pt.Content {
			cp := contentPath(i, j, k)
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
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return out
}
