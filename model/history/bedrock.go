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

// decodeBedrock decodes a Bedrock Converse request body.
func decodeBedrock(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	sys, _, v := readArray(root["system"], "system")
	if v != nil {
		return s.done(v)
	}
	for n, b := range sys {
		p := jindex("system", n)
		o, ok, v := readObject(b, p)
		if v != nil {
			return s.done(v)
		}
		if !ok {
			return s.done(shapeViolation(p, "a system block is an object, got null"))
		}
		pt := spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(b), Format: spec.FormatBedrock}
		if o["image"] != nil || o["document"] != nil || o["video"] != nil {
			pt.Kind = spec.PartImage
		}
		if raw, ok := o["text"]; ok {
			t, _, v := readString(raw, jpath(p, "text"))
			if v != nil {
				return s.done(v)
			}
			pt = spec.Part{Kind: spec.PartText, Text: t}
		}
		s.system(pt, p)
	}
	msgs, _, v := readArray(root["messages"], "messages")
	if v != nil {
		return s.done(v)
	}
	for n, m := range msgs {
		if v := brMessage(s, m, jindex("messages", n)); v != nil {
			return s.done(v)
		}
	}
	return s.done(brToolConfig(s, root["toolConfig"]))
}

// brMessage decodes one message at document path p.
func brMessage(s *builder, raw json.RawMessage, p string) *spec.Violation {
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
	cp := jpath(p, "content")
	blocks, _, v := readArray(o["content"], cp)
	if v != nil {
		return v
	}
	switch role {
	case "assistant":
		var parts []rsPart
		for n, b := range blocks {
			bp := jindex(cp, n)
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
			bp := jindex(cp, n)
			pt, v := brBlock(b, bp, false)
			if v != nil {
				return v
			}
			if pt.Kind == spec.PartResult {
				var cps []string
				for k := range pt.Content {
					cps = append(cps, jindex(jpath(jpath(bp, "toolResult"), "content"), k))
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
		return shapeViolation(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// brBlock decodes one content block at document path p of an assistant
// message or (assistant false) of a user message.
func brBlock(raw json.RawMessage, p string, assistant bool) (spec.Part, *spec.Violation) {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(p, "a content block is an object, got null")
	}
	opaque := spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatBedrock}
	switch {
	case o["toolUse"] != nil:
		up := jpath(p, "toolUse")
		u, ok, v := readObject(o["toolUse"], up)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, up)
		}
		if typ, _, v := readString(u["type"], jpath(up, "type")); v != nil {
			return spec.Part{}, v
		} else if typ != "" {
			return opaque, nil
		}
		if !assistant {
			return spec.Part{}, shapeViolation(up, "a toolUse block in a user message")
		}
		id, _, v := readString(u["toolUseId"], jpath(up, "toolUseId"))
		if v != nil {
			return spec.Part{}, v
		}
		name, _, v := readString(u["name"], jpath(up, "name"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: rawArgs(u["input"]), CallKind: spec.CallFunction}, nil
	case o["toolResult"] != nil:
		rp := jpath(p, "toolResult")
		r, ok, v := readObject(o["toolResult"], rp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, rp)
		}
		if typ, _, v := readString(r["type"], jpath(rp, "type")); v != nil {
			return spec.Part{}, v
		} else if typ != "" {
			return opaque, nil
		}
		if assistant {
			return spec.Part{}, shapeViolation(rp, "a toolResult block in an assistant message")
		}
		return brResult(r, rp)
	case o["reasoningContent"] != nil:
		rp := jpath(p, "reasoningContent")
		r, ok, v := readObject(o["reasoningContent"], rp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, rp)
		}
		if !assistant {
			return spec.Part{}, shapeViolation(rp, "reasoning in a user message")
		}
		if raw := r["redactedContent"]; raw != nil {
			d, _, v := readString(raw, jpath(rp, "redactedContent"))
			if v != nil {
				return spec.Part{}, v
			}
			return spec.Part{Kind: spec.PartRedacted, Data: d}, nil
		}
		tp := jpath(rp, "reasoningText")
		t, ok, v := readObject(r["reasoningText"], tp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, tp)
		}
		text, _, v := readString(t["text"], jpath(tp, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		sig, _, v := readString(t["signature"], jpath(tp, "signature"))
		if v != nil {
			return spec.Part{}, v
		}
		return spec.Part{Kind: spec.PartThinking, Text: text, Signature: sig}, nil
	case o["text"] != nil:
		t, _, v := readString(o["text"], jpath(p, "text"))
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
	return shapeViolation(p, "want an object, got null")
}

// brResult decodes a toolResult at document path p.
func brResult(r refjson.Object, p string) (spec.Part, *spec.Violation) {
	id, _, v := readString(r["toolUseId"], jpath(p, "toolUseId"))
	if v != nil {
		return spec.Part{}, v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id}
	status, _, v := readString(r["status"], jpath(p, "status"))
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
	content, _, v := readArray(r["content"], cp)
	if v != nil {
		return spec.Part{}, v
	}
	for k, c := range content {
		kp := jindex(cp, k)
		o, ok, v := readObject(c, kp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, kp)
		}
		switch {
		case o["text"] != nil:
			t, _, v := readString(o["text"], jpath(kp, "text"))
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
func brToolConfig(s *builder, raw json.RawMessage) *spec.Violation {
	tc, ok, v := readObject(raw, "toolConfig")
	if v != nil || !ok {
		return v
	}
	tp := "toolConfig.tools"
	tools, _, v := readArray(tc["tools"], tp)
	if v != nil {
		return v
	}
	for n, t := range tools {
		p := jindex(tp, n)
		o, ok, v := readObject(t, p)
		if v != nil || !ok {
			return brNeed(v, p)
		}
		if o["toolSpec"] == nil {
			s.tool(opaqueTool(o, t, spec.FormatBedrock), p)
			continue
		}
		sp := jpath(p, "toolSpec")
		ts, ok, v := readObject(o["toolSpec"], sp)
		if v != nil || !ok {
			return brNeed(v, sp)
		}
		name, _, v := readString(ts["name"], jpath(sp, "name"))
		if v != nil {
			return v
		}
		desc, _, v := readString(ts["description"], jpath(sp, "description"))
		if v != nil {
			return v
		}
		tool := spec.Tool{Name: name, Description: desc, Kind: spec.CallFunction, Strict: spec.StrictOff}
		ip := jpath(sp, "inputSchema")
		in, ok, v := readObject(ts["inputSchema"], ip)
		if v != nil {
			return v
		}
		if ok {
			js := in["json"]
			if !refjson.IsNull(js) && js[0] != '{' {
				return shapeViolation(jpath(ip, "json"), "want an object, got %s", refjson.Clip(js))
			}
			tool.Schema = rawSchema(js)
		}
		s.tool(tool, sp)
	}
	cp := "toolConfig.toolChoice"
	c, ok, v := readObject(tc["toolChoice"], cp)
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
		t, ok, v := readObject(c["tool"], jpath(cp, "tool"))
		if v != nil || !ok {
			return brNeed(v, jpath(cp, "tool"))
		}
		name, _, v := readString(t["name"], jpath(cp, "tool.name"))
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

// encodeBedrock writes h as a Bedrock Converse request body.
func encodeBedrock(h spec.History) ([]byte, []spec.Violation) {
	e := &encoder{f: spec.FormatBedrock}
	var root jsonObject
	if len(h.System) > 0 {
		sys := jsonArray{}
		for j, pt := range h.System {
			if pt.Kind == spec.PartImage {
				// SystemContentBlock is text, guardContent or cachePoint.
				e.lose(spec.XlateOpaque, systemPath(j), "an image in the system prompt: Bedrock's system blocks are text, guardContent and cachePoint only")
				continue
			}
			if v, ok := e.brBlock(pt, systemPath(j), false); ok {
				sys = append(sys, v)
			}
		}
		root = root.add("system", sys)
	}
	turns := e.turns(h, turnFormat{
		name: "Bedrock", assistant: "assistant",
		system:  "system message mid-conversation: Bedrock has system blocks before the messages only",
		part:    e.brBlock,
		results: e.brResults,
	})
	out := jsonArray{}
	for _, t := range turns {
		out = append(out, jsonObject{}.add("role", jsonString(t.role)).add("content", t.parts))
	}
	root = root.add("messages", out)
	var tc jsonObject
	var tools jsonArray
	for i, t := range h.Tools {
		if keep, ok := e.verbatimTool(i, t, "Bedrock"); ok {
			if keep {
				tools = append(tools, jsonRaw(t.Data))
			}
			continue
		}
		if t.Kind == spec.CallCustom {
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Bedrock has tool specs only", t.Name)
			continue
		}
		ts := jsonObject{}.add("name", jsonString(t.Name))
		if t.Description != "" {
			ts = ts.add("description", jsonString(t.Description))
		}
		// ToolSpecification.InputSchema is required.
		s, ok := e.toolSchema(t, i)
		if !ok {
			s = jsonRaw(noParams)
		}
		ts = ts.add("inputSchema", jsonObject{}.add("json", s))
		e.vs = append(e.vs, strictLoss(t, i, e.f)...)
		tools = append(tools, jsonObject{}.add("toolSpec", ts))
	}
	if len(tools) > 0 {
		tc = tc.add("tools", tools)
	}
	choice := h.ToolChoice
	if len(tools) == 0 && (choice.Mode == spec.ChoiceAuto || choice.Mode == spec.ChoiceRequired || choice.Mode == spec.ChoiceTool) {
		// ToolConfiguration.Tools is required: no toolConfig at all.
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice %s without a tool: Bedrock's toolConfig requires its tools", choice.Mode)
		choice = spec.ToolChoice{}
	}
	switch choice.Mode {
	case spec.ChoiceAuto:
		tc = tc.add("toolChoice", jsonObject{}.add("auto", jsonObject{}))
	case spec.ChoiceRequired:
		tc = tc.add("toolChoice", jsonObject{}.add("any", jsonObject{}))
	case spec.ChoiceTool:
		tc = tc.add("toolChoice", jsonObject{}.add("tool", jsonObject{}.add("name", jsonString(choice.Name))))
	case spec.ChoiceNone:
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice none: Bedrock has auto, any and a named tool only")
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", choice.Mode)
	}
	e.parallel(h, "Bedrock")
	if tc != nil {
		root = root.add("toolConfig", tc)
	}
	return jsonBytes(root), e.vs
}

// brBlock returns the block for part pt (at canonical path p) of the
// system or a user message, or of an assistant message when assistant is
// set, or false (naming the loss) when Bedrock cannot carry it there.
func (e *encoder) brBlock(pt spec.Part, p string, assistant bool) (jsonValue, bool) {
	switch {
	case pt.Kind == spec.PartText:
		e.signature(pt, p)
		return jsonObject{}.add("text", jsonString(pt.Text)), true
	case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
		if !e.own(pt, p) {
			return nil, false
		}
		return jsonRaw(pt.Data), true
	case pt.Kind == spec.PartThinking && assistant:
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Bedrock has none", pt.ID)
		}
		rt := jsonObject{}.add("text", jsonString(pt.Text))
		if pt.Signature != "" {
			rt = rt.add("signature", jsonString(pt.Signature))
		}
		return jsonObject{}.add("reasoningContent", jsonObject{}.add("reasoningText", rt)), true
	case pt.Kind == spec.PartRedacted && assistant:
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Bedrock has none", pt.ID)
		}
		return jsonObject{}.add("reasoningContent", jsonObject{}.add("redactedContent", jsonString(pt.Data))), true
	case pt.Kind == spec.PartCall && assistant:
		e.signature(pt, p)
		e.vs = append(e.vs, responsesCallLosses(pt, p, e.f)...)
		// input is a JSON document of any type (HIST-6 judges one that
		// is not an object); only text that is not JSON cannot be written.
		var in jsonValue = jsonRaw(pt.Args)
		if !isJSON(pt.Args) {
			e.lose(spec.XlateIdentity, p+".args", "arguments %s are not JSON: Bedrock writes the input as JSON, {} here", refjson.Clip([]byte(pt.Args)))
			in = jsonRaw("{}")
		}
		u := jsonObject{}.add("toolUseId", jsonString(pt.ID)).add("name", jsonString(pt.Name)).add("input", in)
		return jsonObject{}.add("toolUse", u), true
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
func (e *encoder) brResults(h spec.History, i int, dropped map[string]bool) jsonArray {
	var out jsonArray
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
		content := jsonArray{}
		for k, c := range pt.Content {
			cp := contentPath(i, j, k)
			switch c.Kind {
			case spec.PartText:
				e.signature(c, cp)
				content = append(content, jsonObject{}.add("text", jsonString(c.Text)))
			case spec.PartImage, spec.PartOpaque:
				if e.own(c, cp) {
					content = append(content, jsonRaw(c.Data))
				}
			default:
				e.losePart(c, cp, "Bedrock has none in a result")
			}
		}
		r := jsonObject{}.add("toolUseId", jsonString(pt.ID)).add("content", content)
		if pt.IsError {
			r = r.add("status", jsonString("error"))
		}
		out = append(out, jsonObject{}.add("toolResult", r))
	}
	if len(out) == 0 {
		e.lose(spec.XlateOpaque, messagePath(i), "tool message without a result left out")
	}
	return out
}
