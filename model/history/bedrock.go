package history

import (
	"encoding/json"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// The history of a Bedrock Converse request: {"system", "messages",
// "toolConfig"}.
//
// Decoding. The system blocks are {"text"} (text) and any other block
// (cachePoint, guardContent) kept opaque. A message is {"role": "user" |
// "assistant", "content": [blocks]}; consecutive assistant messages are
// one, and a user message becomes one tool message per toolResult block
// and a user message for each run of other blocks between them (a user
// message without blocks is an empty user message). Blocks:
//
//   - {"text"}: text;
//   - {"reasoningContent": {"reasoningText": {text, signature?}}}:
//     thinking with its signature; {"reasoningContent":
//     {"redactedContent"}}: redacted reasoning, its base64 text the Data;
//   - {"toolUse": {toolUseId, name, input}}: a call (assistant only);
//   - {"toolResult": {toolUseId, content, status}}: a result (user only),
//     status "error" its error flag, content blocks {"text"} text,
//     image, document and video image parts, json and any other kept
//     opaque;
//   - image, document and video: image parts; anything else (cachePoint,
//     guardContent, citationsContent, a server tool's toolUse or
//     toolResult with a "type") is kept whole as an opaque part.
//
// toolConfig.tools[].toolSpec {name, description, inputSchema.json} are
// the tools (other entries, such as cachePoint or systemTool, are kept
// verbatim, spec.Tool.Data); toolConfig.toolChoice {auto}, {any}
// (required), {tool: {name}}.
//
// Encoding writes the same shapes, results first in the user message
// after their turn (with the user message that follows them, if any).
// Bedrock cannot carry system messages mid-conversation, a tool choice of
// none, a parallel-call setting, signatures on text or calls, a reasoning
// item's id, a result's tool name (but for the name of the call its id
// names, which is implied), custom calls and tools, and images or opaque
// parts of other formats; each is a loss.

// decodeBedrockHistory decodes a Bedrock Converse request body.
func decodeBedrockHistory(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newHDState()
	root, v := hdRoot(doc)
	if v != nil {
		return s.done(v)
	}
	sys, _, v := hdArray(root["system"], "system")
	if v != nil {
		return s.done(v)
	}
	for n, b := range sys {
		p := hdIndex("system", n)
		o, ok, v := hdObject(b, p)
		if v != nil {
			return s.done(v)
		}
		if !ok {
			return s.done(hdViolation(p, "a system block is an object, got null"))
		}
		pt := spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(b), Format: spec.FormatBedrock}
		if o["image"] != nil || o["document"] != nil || o["video"] != nil {
			pt.Kind = spec.PartImage
		}
		if raw, ok := o["text"]; ok {
			t, _, v := hdString(raw, hdKey(p, "text"))
			if v != nil {
				return s.done(v)
			}
			pt = spec.Part{Kind: spec.PartText, Text: t}
		}
		s.system(pt, p)
	}
	msgs, _, v := hdArray(root["messages"], "messages")
	if v != nil {
		return s.done(v)
	}
	for n, m := range msgs {
		if v := brMessage(s, m, hdIndex("messages", n)); v != nil {
			return s.done(v)
		}
	}
	return s.done(brToolConfig(s, root["toolConfig"]))
}

// brMessage decodes one message at document path p.
func brMessage(s *hdState, raw json.RawMessage, p string) *spec.Violation {
	o, ok, v := hdObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return hdViolation(p, "a message is an object, got null")
	}
	role, ok, v := hdString(o["role"], hdKey(p, "role"))
	if v != nil {
		return v
	}
	if !ok {
		return hdViolation(hdKey(p, "role"), "a message needs a role")
	}
	cp := hdKey(p, "content")
	blocks, _, v := hdArray(o["content"], cp)
	if v != nil {
		return v
	}
	switch role {
	case "assistant":
		var parts []rsPart
		for n, b := range blocks {
			bp := hdIndex(cp, n)
			pt, v := brBlock(b, bp, true)
			if v != nil {
				return v
			}
			parts = append(parts, rsPart{pt, bp})
		}
		i := s.run(spec.RoleAssistant, p)
		for _, pp := range parts {
			s.part(i, pp.part, pp.path)
		}
	case "user":
		if len(blocks) == 0 {
			s.message(spec.RoleUser, p)
			return nil
		}
		cur := -1
		for n, b := range blocks {
			bp := hdIndex(cp, n)
			pt, v := brBlock(b, bp, false)
			if v != nil {
				return v
			}
			if pt.Kind == spec.PartResult {
				var cps []string
				for k := range pt.Content {
					cps = append(cps, hdIndex(hdKey(hdKey(bp, "toolResult"), "content"), k))
				}
				s.result(pt, bp, cps)
				cur = -1
				continue
			}
			if cur < 0 {
				mp := p
				if n > 0 {
					mp = bp
				}
				cur = s.message(spec.RoleUser, mp)
			}
			s.part(cur, pt, bp)
		}
	default:
		return hdViolation(hdKey(p, "role"), "unknown role %q", role)
	}
	return nil
}

// brBlock decodes one content block at document path p of an assistant
// message or (assistant false) of a user message.
func brBlock(raw json.RawMessage, p string, assistant bool) (spec.Part, *spec.Violation) {
	o, ok, v := hdObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, hdViolation(p, "a content block is an object, got null")
	}
	opaque := spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatBedrock}
	switch {
	case o["toolUse"] != nil:
		up := hdKey(p, "toolUse")
		u, ok, v := hdObject(o["toolUse"], up)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, up)
		}
		if typ, _, v := hdString(u["type"], hdKey(up, "type")); v != nil {
			return spec.Part{}, v
		} else if typ != "" {
			return opaque, nil
		}
		if !assistant {
			return spec.Part{}, hdViolation(up, "a toolUse block in a user message")
		}
		id, _, v := hdString(u["toolUseId"], hdKey(up, "toolUseId"))
		if v != nil {
			return spec.Part{}, v
		}
		name, _, v := hdString(u["name"], hdKey(up, "name"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: hdArgs(u["input"]), CallKind: spec.CallFunction}, nil
	case o["toolResult"] != nil:
		rp := hdKey(p, "toolResult")
		r, ok, v := hdObject(o["toolResult"], rp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, rp)
		}
		if typ, _, v := hdString(r["type"], hdKey(rp, "type")); v != nil {
			return spec.Part{}, v
		} else if typ != "" {
			return opaque, nil
		}
		if assistant {
			return spec.Part{}, hdViolation(rp, "a toolResult block in an assistant message")
		}
		return brResult(r, rp)
	case o["reasoningContent"] != nil:
		rp := hdKey(p, "reasoningContent")
		r, ok, v := hdObject(o["reasoningContent"], rp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, rp)
		}
		if !assistant {
			return spec.Part{}, hdViolation(rp, "reasoning in a user message")
		}
		if raw := r["redactedContent"]; raw != nil {
			d, _, v := hdString(raw, hdKey(rp, "redactedContent"))
			if v != nil {
				return spec.Part{}, v
			}
			return spec.Part{Kind: spec.PartRedacted, Data: d}, nil
		}
		tp := hdKey(rp, "reasoningText")
		t, ok, v := hdObject(r["reasoningText"], tp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, tp)
		}
		text, _, v := hdString(t["text"], hdKey(tp, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		sig, _, v := hdString(t["signature"], hdKey(tp, "signature"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartThinking, Text: text, Signature: sig}, nil
	case o["text"] != nil:
		t, _, v := hdString(o["text"], hdKey(p, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartText, Text: t}, nil
	case o["image"] != nil || o["document"] != nil || o["video"] != nil:
		return spec.Part{Kind: spec.PartImage, Data: refjson.Compact(raw), Format: spec.FormatBedrock}, nil
	}
	return opaque, nil
}

// brNeed returns v, or the violation of a block at p that is null.
func brNeed(v *spec.Violation, p string) *spec.Violation {
	if v != nil {
		return v
	}
	return hdViolation(p, "want an object, got null")
}

// brResult decodes a toolResult at document path p.
func brResult(r refjson.Object, p string) (spec.Part, *spec.Violation) {
	id, _, v := hdString(r["toolUseId"], hdKey(p, "toolUseId"))
	if v != nil {
		return spec.Part{}, v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id}
	status, _, v := hdString(r["status"], hdKey(p, "status"))
	if v != nil {
		return spec.Part{}, v
	}
	switch status {
	case "", "success":
	case "error":
		pt.IsError = true
	default:
		return spec.Part{}, hdViolation(hdKey(p, "status"), "unknown status %q", status)
	}
	cp := hdKey(p, "content")
	content, _, v := hdArray(r["content"], cp)
	if v != nil {
		return spec.Part{}, v
	}
	for k, c := range content {
		kp := hdIndex(cp, k)
		o, ok, v := hdObject(c, kp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, kp)
		}
		switch {
		case o["text"] != nil:
			t, _, v := hdString(o["text"], hdKey(kp, "text"))
			if v != nil {
				return spec.Part{}, v
			}
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartText, Text: t})
		case o["image"] != nil || o["document"] != nil || o["video"] != nil:
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartImage, Data: refjson.Compact(c), Format: spec.FormatBedrock})
		default:
			pt.Content = append(pt.Content, spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(c), Format: spec.FormatBedrock})
		}
	}
	return pt, nil
}

// brToolConfig decodes toolConfig.
func brToolConfig(s *hdState, raw json.RawMessage) *spec.Violation {
	tc, ok, v := hdObject(raw, "toolConfig")
	if v != nil || !ok {
		return v
	}
	tp := "toolConfig.tools"
	tools, _, v := hdArray(tc["tools"], tp)
	if v != nil {
		return v
	}
	for n, t := range tools {
		p := hdIndex(tp, n)
		o, ok, v := hdObject(t, p)
		if v != nil || !ok {
			return brNeed(v, p)
		}
		if o["toolSpec"] == nil {
			s.tool(opaqueTool(o, t, spec.FormatBedrock), p)
			continue
		}
		sp := hdKey(p, "toolSpec")
		ts, ok, v := hdObject(o["toolSpec"], sp)
		if v != nil || !ok {
			return brNeed(v, sp)
		}
		name, _, v := hdString(ts["name"], hdKey(sp, "name"))
		if v != nil {
			return v
		}
		desc, _, v := hdString(ts["description"], hdKey(sp, "description"))
		if v != nil {
			return v
		}
		tool := spec.Tool{Name: name, Description: desc, Kind: spec.CallFunction}
		ip := hdKey(sp, "inputSchema")
		in, ok, v := hdObject(ts["inputSchema"], ip)
		if v != nil {
			return v
		}
		if ok {
			js := in["json"]
			if !refjson.IsNull(js) && js[0] != '{' {
				return hdViolation(hdKey(ip, "json"), "want an object, got %s", refjson.Clip(js))
			}
			tool.Schema = hdSchema(js)
		}
		s.tool(tool, sp)
	}
	cp := "toolConfig.toolChoice"
	c, ok, v := hdObject(tc["toolChoice"], cp)
	if v != nil || !ok {
		return v
	}
	var choice spec.ToolChoice
	switch {
	case c["auto"] != nil:
		choice.Mode = spec.ChoiceAuto
	case c["any"] != nil:
		choice.Mode = spec.ChoiceRequired
	case c["tool"] != nil:
		t, ok, v := hdObject(c["tool"], hdKey(cp, "tool"))
		if v != nil || !ok {
			return brNeed(v, hdKey(cp, "tool"))
		}
		name, _, v := hdString(t["name"], hdKey(cp, "tool.name"))
		if v != nil {
			return v
		}
		choice.Mode, choice.Name = spec.ChoiceTool, name
	default:
		return hdViolation(cp, "a toolChoice is one of auto, any and tool")
	}
	s.h.ToolChoice = choice
	s.pm[toolChoicePath] = cp
	return nil
}

// brUserOut is one user message an encoder builds.
type brUserOut struct {
	blocks       hjArr
	user, closed bool // as for gmContentOut
}

// encodeBedrockHistory writes h as a Bedrock Converse request body.
func encodeBedrockHistory(h spec.History) ([]byte, []spec.Violation) {
	e := &heEncoder{f: spec.FormatBedrock}
	var root hjObj
	if len(h.System) > 0 {
		sys := hjArr{}
		for j, pt := range h.System {
			if v, ok := e.brBlock(pt, systemPath(j), false); ok {
				sys = append(sys, v)
			}
		}
		root = root.add("system", sys)
	}
	type msg struct {
		role string
		u    *brUserOut
	}
	var msgs []msg
	lastUser := func() *brUserOut {
		if n := len(msgs); n > 0 && msgs[n-1].role == "user" {
			return msgs[n-1].u
		}
		return nil
	}
	dropped := map[string]bool{}
	for i, m := range h.Messages {
		switch m.Role {
		case spec.RoleUser:
			blocks := hjArr{}
			for j, pt := range m.Parts {
				if v, ok := e.brBlock(pt, partPath(i, j), false); ok {
					blocks = append(blocks, v)
				}
			}
			e.wrote(i, m.Role, false)
			u := lastUser()
			switch {
			case len(blocks) == 0:
				msgs = append(msgs, msg{"user", &brUserOut{blocks: blocks, closed: true}})
			case u != nil && !u.closed && !u.user:
				u.blocks = append(u.blocks, blocks...)
				u.user = true
			default:
				msgs = append(msgs, msg{"user", &brUserOut{blocks: blocks, user: true}})
			}
		case spec.RoleTool:
			blocks := e.brResults(h, i, dropped)
			if len(blocks) == 0 {
				continue
			}
			e.wrote(i, m.Role, false)
			if u := lastUser(); u != nil && !u.closed {
				u.blocks = append(u.blocks, blocks...)
				u.user = false
			} else {
				msgs = append(msgs, msg{"user", &brUserOut{blocks: blocks}})
			}
		case spec.RoleAssistant:
			e.wrote(i, m.Role, true)
			dropped = map[string]bool{}
			blocks := hjArr{}
			for j, pt := range m.Parts {
				p := partPath(i, j)
				if pt.Kind == spec.PartCall && (pt.CallKind == spec.CallCustom || pt.CallKind.IsItem()) {
					e.lose(spec.XlateIdentity, p, "%s: Bedrock has function calls only", heCallLabel(pt))
					dropped[pt.ID] = true
					continue
				}
				if v, ok := e.brBlock(pt, p, true); ok {
					blocks = append(blocks, v)
				}
			}
			msgs = append(msgs, msg{"assistant", &brUserOut{blocks: blocks, closed: true}})
		case spec.RoleSystem:
			e.lose(spec.XlateSystem, messagePath(i), "system message mid-conversation: Bedrock has system blocks before the messages only")
		default:
			e.badRole(i, m.Role)
		}
	}
	out := hjArr{}
	for _, m := range msgs {
		out = append(out, hjObj{}.add("role", hjStr(m.role)).add("content", m.u.blocks))
	}
	root = root.add("messages", out)
	var tc hjObj
	var tools hjArr
	for i, t := range h.Tools {
		if t.Data != "" {
			if t.Format == e.f && hjIsObject(t.Data) {
				tools = append(tools, hjRaw(t.Data))
			} else {
				e.lose(spec.XlateTools, toolPath(i), "tool of format %q kept verbatim: Bedrock cannot write it", t.Format)
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Bedrock has tool specs only", t.Name)
			continue
		}
		ts := hjObj{}.add("name", hjStr(t.Name))
		if t.Description != "" {
			ts = ts.add("description", hjStr(t.Description))
		}
		if s, ok := e.toolSchema(t, i); ok {
			ts = ts.add("inputSchema", hjObj{}.add("json", s))
		}
		tools = append(tools, hjObj{}.add("toolSpec", ts))
	}
	if len(tools) > 0 {
		tc = tc.add("tools", tools)
	}
	switch choice := h.ToolChoice; choice.Mode {
	case spec.ChoiceAuto:
		tc = tc.add("toolChoice", hjObj{}.add("auto", hjObj{}))
	case spec.ChoiceRequired:
		tc = tc.add("toolChoice", hjObj{}.add("any", hjObj{}))
	case spec.ChoiceTool:
		tc = tc.add("toolChoice", hjObj{}.add("tool", hjObj{}.add("name", hjStr(choice.Name))))
	case spec.ChoiceNone:
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice none: Bedrock has auto, any and a named tool only")
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", choice.Mode)
	}
	if h.ToolChoice.Parallel != spec.ParallelUnset {
		e.lose(spec.XlateToolChoice, toolChoicePath+".parallel", "parallel-call setting: Bedrock has none")
	}
	if tc != nil {
		root = root.add("toolConfig", tc)
	}
	return hjBytes(root), e.vs
}

// brBlock returns the block for part pt (at canonical path p) of the
// system or a user message, or of an assistant message when assistant is
// set, or false (naming the loss) when Bedrock cannot carry it there.
func (e *heEncoder) brBlock(pt spec.Part, p string, assistant bool) (hj, bool) {
	switch {
	case pt.Kind == spec.PartText:
		e.signature(pt, p)
		return hjObj{}.add("text", hjStr(pt.Text)), true
	case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
		if !e.own(pt, p) {
			return nil, false
		}
		return hjRaw(pt.Data), true
	case pt.Kind == spec.PartThinking && assistant:
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Bedrock has none", pt.ID)
		}
		rt := hjObj{}.add("text", hjStr(pt.Text))
		if pt.Signature != "" {
			rt = rt.add("signature", hjStr(pt.Signature))
		}
		return hjObj{}.add("reasoningContent", hjObj{}.add("reasoningText", rt)), true
	case pt.Kind == spec.PartRedacted && assistant:
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Bedrock has none", pt.ID)
		}
		return hjObj{}.add("reasoningContent", hjObj{}.add("redactedContent", hjStr(pt.Data))), true
	case pt.Kind == spec.PartCall && assistant:
		e.signature(pt, p)
		// input is a JSON document of any type (HIST-6 judges one that
		// is not an object); only text that is not JSON cannot be written.
		var in hj = hjRaw(pt.Args)
		if !hjIsJSON(pt.Args) {
			e.lose(spec.XlateIdentity, p+".args", "arguments %s are not JSON: Bedrock writes the input as JSON, {} here", refjson.Clip([]byte(pt.Args)))
			in = hjRaw("{}")
		}
		u := hjObj{}.add("toolUseId", hjStr(pt.ID)).add("name", hjStr(pt.Name)).add("input", in)
		return hjObj{}.add("toolUse", u), true
	}
	where := "a user message"
	if assistant {
		where = "an assistant message"
	}
	e.losePart(pt, p, "Bedrock has none in "+where)
	return nil, false
}

// brResults returns the toolResult blocks of tool message i; dropped
// holds the ids of the custom calls of its turn that were left out.
func (e *heEncoder) brResults(h spec.History, i int, dropped map[string]bool) hjArr {
	var out hjArr
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
		e.resultName(pt, p)
		content := hjArr{}
		for k, c := range pt.Content {
			cp := contentPath(i, j, k)
			switch c.Kind {
			case spec.PartText:
				e.signature(c, cp)
				content = append(content, hjObj{}.add("text", hjStr(c.Text)))
			case spec.PartImage, spec.PartOpaque:
				if e.own(c, cp) {
					content = append(content, hjRaw(c.Data))
				}
			default:
				e.losePart(c, cp, "Bedrock has none in a result")
			}
		}
		r := hjObj{}.add("toolUseId", hjStr(pt.ID)).add("content", content)
		if pt.IsError {
			r = r.add("status", hjStr("error"))
		}
		out = append(out, hjObj{}.add("toolResult", r))
	}
	if len(out) == 0 {
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return out
}
