package history

import (
	"sort"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The Gemini generateContent history codec: {"systemInstruction",
// "contents", "tools", "toolConfig"} (and the snake_case spellings), read
// and written as SPEC.md section 11 and model's codec of the format say.
// A content of role "model" is assistant content, consecutive ones one
// message; a user content becomes one tool message per functionResponse
// part and a user message for each run of other parts. A result's
// response object {"output": text} or {"error": text} is its text (the
// latter with the error flag), any other object its JSON text. A
// declaration's parameters, Gemini's Schema, is converted to JSON Schema
// (schema.go).

// memberNames returns the distinct decoded member names of the valid object o,
// in the order of their first appearance: the keys a map decoded from o
// holds.
func memberNames(o []byte) []string {
	var keys []string
	var seen map[string]bool
	i := jsonwire.SkipSpace(o, 1)
	for i < len(o) && o[i] == '"' {
		ks := i
		i = jsonwire.SkipString(o, i)
		k := unquote(o[ks:i])
		if !seen[k] {
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[k] = true
			keys = append(keys, k)
		}
		i = jsonwire.SkipSpace(o, i)
		i = jsonwire.SkipValue(o, jsonwire.SkipSpace(o, i+1))
		i = jsonwire.SkipSpace(o, i)
		if i < len(o) && o[i] == ',' {
			i = jsonwire.SkipSpace(o, i+1)
		}
	}
	return keys
}

// geminiField returns member camel of o, else its snake_case spelling snake,
// with the name found; nil and camel when o has neither.
func geminiField(o []byte, camel, snake string) ([]byte, string) {
	var v [2][]byte
	membersNamed(o, []string{camel, snake}, v[:])
	if v[0] != nil {
		return v[0], camel
	}
	if v[1] != nil {
		return v[1], snake
	}
	return nil, camel
}

// geminiHasMedia reports whether the part o has inline or file data.
func geminiHasMedia(o []byte) bool {
	var v [4][]byte
	membersNamed(o, []string{"inlineData", "inline_data", "fileData", "file_data"}, v[:])
	return v[0] != nil || v[1] != nil || v[2] != nil || v[3] != nil
}

// decodeGemini decodes a Gemini generateContent request body.
func decodeGemini(doc []byte) (spec.History, PathMap, []spec.Violation) {
	s := newBuilder()
	root, v := rootObject(doc)
	if v != nil {
		return s.done(v)
	}
	raw, key := geminiField(root, "systemInstruction", "system_instruction")
	if sys, ok, v := readObject(raw, key); v != nil {
		return s.done(v)
	} else if ok {
		pp := jpath(key, "parts")
		parts, ok, v := readArray(member(sys, "parts"), pp)
		if v != nil {
			return s.done(v)
		}
		if ok {
			eachElem(parts, func(n int, e []byte) bool {
				p := jindex(pp, n)
				var pt spec.Part
				if pt, v = geminiPart(s, e, p); v != nil {
					return false
				}
				if pt.Kind == spec.PartCall || pt.Kind == spec.PartResult {
					v = shapeViolation(p, "a %s in the system instruction", partName(pt.Kind))
					return false
				}
				s.system(pt, p)
				return true
			})
			if v != nil {
				return s.done(v)
			}
		}
	}
	contents, ok, v := readArray(member(root, "contents"), "contents")
	if v != nil {
		return s.done(v)
	}
	if ok {
		eachElem(contents, func(n int, c []byte) bool {
			v = geminiContent(s, c, jindex("contents", n))
			return v == nil
		})
		if v != nil {
			return s.done(v)
		}
	}
	if v := geminiTools(s, member(root, "tools")); v != nil {
		return s.done(v)
	}
	return s.done(geminiToolConfig(s, root))
}

// geminiContent decodes one content at document path p.
func geminiContent(s *builder, raw []byte, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a content is an object, got null")
	}
	var f [2][]byte
	membersNamed(o, []string{"role", "parts"}, f[:])
	role, _, v := readString(f[0], jpath(p, "role"))
	if v != nil {
		return v
	}
	pp := jpath(p, "parts")
	parts, _, v := readArray(f[1], pp)
	if v != nil {
		return v
	}
	switch role {
	case "model":
		var decoded []rsPart
		if parts != nil {
			eachElem(parts, func(n int, e []byte) bool {
				ep := jindex(pp, n)
				var pt spec.Part
				if pt, v = geminiPart(s, e, ep); v != nil {
					return false
				}
				if pt.Kind == spec.PartResult {
					v = shapeViolation(ep, "a functionResponse in a model content")
					return false
				}
				decoded = append(decoded, rsPart{pt, ep})
				return true
			})
			if v != nil {
				return v
			}
		}
		i := s.run(spec.RoleAssistant, p)
		for _, d := range decoded {
			s.part(i, d.part, d.path)
		}
	case "user", "", "function":
		if parts == nil || elemCount(parts) == 0 {
			s.message(spec.RoleUser, p)
			return nil
		}
		cur := -1 // the user message of this content being filled
		eachElem(parts, func(n int, e []byte) bool {
			ep := jindex(pp, n)
			var pt spec.Part
			if pt, v = geminiPart(s, e, ep); v != nil {
				return false
			}
			switch pt.Kind {
			case spec.PartCall:
				v = shapeViolation(ep, "a functionCall in a user content")
				return false
			case spec.PartResult:
				cps := make([]string, 0, len(pt.Content))
				fr := jpath(ep, "functionResponse")
				k0 := 0
				if len(pt.Content) > 0 && pt.Content[0].Kind == spec.PartText {
					cps = append(cps, jpath(fr, "response"))
					k0 = 1
				}
				for k := k0; k < len(pt.Content); k++ {
					cps = append(cps, jindex(jpath(fr, "parts"), k-k0))
				}
				s.result(pt, ep, cps)
				cur = -1
			default:
				if cur < 0 {
					mp := p
					if n > 0 {
						mp = ep
					}
					cur = s.message(spec.RoleUser, mp)
				}
				s.part(cur, pt, ep)
			}
			return true
		})
		return v
	default:
		return shapeViolation(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// geminiPart decodes one part at document path p.
func geminiPart(s *builder, raw []byte, p string) (spec.Part, *spec.Violation) {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(p, "a part is an object, got null")
	}
	sraw, skey := geminiField(o, "thoughtSignature", "thought_signature")
	sig, _, v := readString(sraw, jpath(p, skey))
	if v != nil {
		return spec.Part{}, v
	}
	thought, _, v := readBool(member(o, "thought"), jpath(p, "thought"))
	if v != nil {
		return spec.Part{}, v
	}
	if raw, key := geminiField(o, "functionCall", "function_call"); raw != nil {
		fp := jpath(p, key)
		fc, ok, v := readObject(raw, fp)
		if v != nil || !ok {
			return spec.Part{}, brNeed(v, fp)
		}
		var f [3][]byte
		membersNamed(fc, []string{"id", "name", "args"}, f[:])
		id, _, v := readString(f[0], jpath(fp, "id"))
		if v != nil {
			return spec.Part{}, v
		}
		name, _, v := readString(f[1], jpath(fp, "name"))
		if v != nil {
			return spec.Part{}, v
		}
		args := "{}"
		if a := f[2]; !isNull(a) {
			if a[0] != '{' {
				return spec.Part{}, shapeViolation(jpath(fp, "args"), "args are a JSON object, got %s", jsonwire.Clip(a))
			}
			args = compact(a)
		}
		return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: args, CallKind: spec.CallFunction, Signature: sig}, nil
	}
	if raw, key := geminiField(o, "functionResponse", "function_response"); raw != nil {
		pt, v := geminiResponse(raw, jpath(p, key))
		if v == nil && sig != "" {
			s.loss(spec.XlateThinking, jpath(p, skey), "thought signature on a functionResponse: a History keeps signatures on text and calls")
		}
		return pt, v
	}
	if t := member(o, "text"); t != nil {
		text, _, v := readString(t, jpath(p, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		kind := spec.PartText
		if thought {
			kind = spec.PartThinking
		}
		return spec.Part{Kind: kind, Text: text, Signature: sig}, nil
	}
	if geminiHasMedia(o) {
		return spec.Part{Kind: spec.PartImage, Data: compact(raw), Format: spec.FormatGemini}, nil
	}
	if sig != "" {
		if n := len(memberNames(o)); n == 1 || n == 2 && thought {
			kind := spec.PartText
			if thought {
				kind = spec.PartThinking
			}
			return spec.Part{Kind: kind, Signature: sig}, nil
		}
	}
	return spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatGemini}, nil
}

// geminiResponse decodes a functionResponse at document path p.
func geminiResponse(raw []byte, p string) (spec.Part, *spec.Violation) {
	fr, ok, v := readObject(raw, p)
	if v != nil || !ok {
		return spec.Part{}, brNeed(v, p)
	}
	var f [4][]byte
	membersNamed(fr, []string{"id", "name", "response", "parts"}, f[:])
	id, _, v := readString(f[0], jpath(p, "id"))
	if v != nil {
		return spec.Part{}, v
	}
	name, _, v := readString(f[1], jpath(p, "name"))
	if v != nil {
		return spec.Part{}, v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id, Name: name}
	resp, ok, v := readObject(f[2], jpath(p, "response"))
	if v != nil {
		return spec.Part{}, v
	}
	if ok && len(memberNames(resp)) > 0 {
		text, isErr, plain := geminiResponseText(resp)
		if !plain {
			text = compact(resp)
		}
		pt.IsError = isErr
		pt.Content = append(pt.Content, spec.Part{Kind: spec.PartText, Text: text})
	}
	pp := jpath(p, "parts")
	parts, ok, v := readArray(f[3], pp)
	if v != nil {
		return spec.Part{}, v
	}
	if ok {
		eachElem(parts, func(n int, e []byte) bool {
			o, ok, w := readObject(e, jindex(pp, n))
			if w == nil && !ok {
				w = shapeViolation(jindex(pp, n), "a part is an object, got null")
			}
			if v = w; v != nil {
				return false
			}
			kind := spec.PartOpaque
			if geminiHasMedia(o) {
				kind = spec.PartImage
			}
			pt.Content = append(pt.Content, spec.Part{Kind: kind, Data: compact(e), Format: spec.FormatGemini})
			return true
		})
		if v != nil {
			return spec.Part{}, v
		}
	}
	return pt, nil
}

// geminiResponseText reads a response object of one member, "output" or "error",
// with a string value: its text, and whether it is an error; plain is
// false for any other object.
func geminiResponseText(resp []byte) (text string, isErr, plain bool) {
	keys := memberNames(resp)
	if len(keys) != 1 || keys[0] != "output" && keys[0] != "error" {
		return "", false, false
	}
	raw := member(resp, keys[0])
	if len(raw) == 0 || raw[0] != '"' {
		return "", false, false
	}
	return unquote(raw), keys[0] == "error", true
}

// geminiTools decodes the tools array.
func geminiTools(s *builder, raw []byte) *spec.Violation {
	tools, ok, v := readArray(raw, "tools")
	if v != nil || !ok {
		return v
	}
	eachElem(tools, func(n int, e []byte) bool {
		v = geminiTool(s, e, jindex("tools", n))
		return v == nil
	})
	return v
}

// geminiTool decodes one entry of tools at p: its function declarations,
// then the rest of the entry as one tool kept verbatim.
func geminiTool(s *builder, e []byte, p string) *spec.Violation {
	o, ok, v := readObject(e, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a tool is an object, got null")
	}
	draw, dkey := geminiField(o, "functionDeclarations", "function_declarations")
	dp := jpath(p, dkey)
	decls, ok, v := readArray(draw, dp)
	if v != nil {
		return v
	}
	if ok {
		eachElem(decls, func(m int, d []byte) bool {
			v = geminiDeclaration(s, d, jindex(dp, m))
			return v == nil
		})
		if v != nil {
			return v
		}
	}
	if draw == nil {
		s.tool(spec.Tool{Data: compact(e), Format: spec.FormatGemini}, p)
		return nil
	}
	keys := memberNames(o)
	sort.Strings(keys)
	var w writer
	w.open('{')
	n := 0
	for _, k := range keys {
		if k == dkey {
			continue
		}
		w.key(k)
		w.raw(compact(member(o, k)))
		n++
	}
	w.close('}')
	if n > 0 {
		s.tool(spec.Tool{Data: string(w.b), Format: spec.FormatGemini}, p)
	}
	return nil
}

// geminiDeclaration decodes one function declaration at document path p.
func geminiDeclaration(s *builder, raw []byte, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a function declaration is an object, got null")
	}
	keys := []string{"name", "description", "parameters", "response", "responseJsonSchema", "response_json_schema", "behavior"}
	var f [7][]byte
	membersNamed(o, keys, f[:])
	name, _, v := readString(f[0], jpath(p, "name"))
	if v != nil {
		return v
	}
	desc, _, v := readString(f[1], jpath(p, "description"))
	if v != nil {
		return v
	}
	// XLATE-6: parametersJsonSchema is a JSON Schema, kept; parameters is
	// Gemini's Schema, converted to one (schema.go), never copied.
	params, key := geminiField(o, "parametersJsonSchema", "parameters_json_schema")
	openAPI := isNull(params)
	if openAPI {
		params, key = f[2], "parameters"
	}
	schema := ""
	if !isNull(params) {
		if params[0] != '{' {
			return shapeViolation(jpath(p, key), "want an object, got %s", jsonwire.Clip(params))
		}
		schema = compact(params)
	}
	switch {
	case openAPI && schema != "":
		c := &schemaConv{}
		c.index(params)
		c.fromGemini(params, jpath(p, key))
		schema = string(c.w.b)
		s.vs = append(s.vs, c.vs...)
	case !openAPI && !isNull(f[2]):
		s.loss(spec.XlateTools, jpath(p, "parameters"), "parameters beside %s: the two are mutually exclusive, and a History keeps the JSON Schema", key)
	}
	for k := 3; k < len(keys); k++ {
		if !isNull(f[k]) {
			s.loss(spec.XlateTools, jpath(p, keys[k]), "function declaration's %s: a History holds a tool's input schema only", keys[k])
		}
	}
	s.tool(spec.Tool{Name: name, Description: desc, Schema: schema, Kind: spec.CallFunction, Strict: spec.StrictOff}, p)
	return nil
}

// geminiToolConfig decodes toolConfig.functionCallingConfig.
func geminiToolConfig(s *builder, root []byte) *spec.Violation {
	raw, key := geminiField(root, "toolConfig", "tool_config")
	tc, ok, v := readObject(raw, key)
	if v != nil || !ok {
		return v
	}
	craw, ckey := geminiField(tc, "functionCallingConfig", "function_calling_config")
	cp := jpath(key, ckey)
	fc, ok, v := readObject(craw, cp)
	if v != nil || !ok {
		return v
	}
	mode, _, v := readString(member(fc, "mode"), jpath(cp, "mode"))
	if v != nil {
		return v
	}
	nraw, nkey := geminiField(fc, "allowedFunctionNames", "allowed_function_names")
	np := jpath(cp, nkey)
	arr, ok, v := readArray(nraw, np)
	if v != nil {
		return v
	}
	var names []string
	if ok {
		eachElem(arr, func(i int, e []byte) bool {
			n, ok, w := readString(e, jindex(np, i))
			if w == nil && !ok {
				w = shapeViolation(jindex(np, i), "want a string, got null")
			}
			if v = w; v != nil {
				return false
			}
			names = append(names, n)
			return true
		})
		if v != nil {
			return v
		}
	}
	var choice spec.ToolChoice
	switch mode {
	case "", "MODE_UNSPECIFIED":
	case "AUTO":
		choice.Mode = spec.ChoiceAuto
	case "NONE":
		choice.Mode = spec.ChoiceNone
	case "ANY":
		choice.Mode = spec.ChoiceRequired
		if len(names) == 1 {
			choice.Mode, choice.Name = spec.ChoiceTool, names[0]
			names = nil
		}
	case "VALIDATED":
		choice.Mode = spec.ChoiceAuto
		s.loss(spec.XlateToolChoice, jpath(cp, "mode"), "mode VALIDATED: a History holds it as auto")
	default:
		return shapeViolation(jpath(cp, "mode"), "unknown function calling mode %q", mode)
	}
	if len(names) > 0 {
		s.loss(spec.XlateToolChoice, np, "allowed function names: a History holds one named tool only, with mode ANY")
	}
	if choice != (spec.ToolChoice{}) {
		s.h.ToolChoice = choice
		s.pm[toolChoicePath] = cp
	}
	return nil
}

// encodeGemini writes h as a Gemini generateContent request body.
func encodeGemini(h spec.History) ([]byte, []spec.Violation) {
	e := &encoder{f: spec.FormatGemini}
	w := &writer{}
	w.open('{')
	if len(h.System) > 0 {
		w.key("systemInstruction")
		w.open('{')
		w.key("parts")
		w.open('[')
		for j, pt := range h.System {
			if b, ok := e.geminiPart(pt, systemPath(j), false); ok {
				w.elem()
				w.raw(b)
			}
		}
		w.close(']')
		w.close('}')
	}
	contents := e.turns(h, turnFormat{
		name: "Gemini", assistant: "model",
		system:  "system message mid-conversation: Gemini has a system instruction only",
		part:    e.geminiPart,
		results: e.geminiResults,
	})
	w.key("contents")
	w.open('[')
	for _, c := range contents {
		w.elem()
		w.open('{')
		w.strMember("role", c.role)
		w.key("parts")
		w.open('[')
		for _, b := range c.parts {
			w.elem()
			w.raw(b)
		}
		w.close(']')
		w.close('}')
	}
	w.close(']')
	// Consecutive function tools are the declarations of one entry; a
	// tool kept verbatim is an entry of its own, in order.
	tm := w.mark()
	w.key("tools")
	w.open('[')
	entries, inDecls := 0, false
	flush := func() {
		if inDecls {
			w.close(']')
			w.close('}')
			inDecls = false
		}
	}
	for i, t := range h.Tools {
		switch {
		case t.Data != "":
			if keep, _ := e.verbatimTool(i, t, "Gemini"); keep {
				flush()
				w.elem()
				w.raw(t.Data)
				entries++
			}
			continue
		case t.Kind == spec.CallCustom:
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Gemini has function declarations only", t.Name)
			continue
		}
		if !inDecls {
			w.elem()
			w.open('{')
			w.key("functionDeclarations")
			w.open('[')
			inDecls = true
			entries++
		}
		w.elem()
		w.open('{')
		w.strMember("name", t.Name)
		w.strMemberIf("description", t.Description)
		if s := e.toolSchema(t, i); s != "" {
			w.key("parametersJsonSchema")
			w.raw(s)
		}
		e.vs = append(e.vs, strictLoss(t, i, e.f)...)
		w.close('}')
	}
	flush()
	if entries == 0 {
		w.reset(tm)
	} else {
		w.close(']')
	}
	tc := h.ToolChoice
	mode := ""
	switch tc.Mode {
	case spec.ChoiceAuto:
		mode = "AUTO"
	case spec.ChoiceNone:
		mode = "NONE"
	case spec.ChoiceRequired, spec.ChoiceTool:
		mode = "ANY"
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", int(tc.Mode))
	}
	if mode != "" {
		w.key("toolConfig")
		w.open('{')
		w.key("functionCallingConfig")
		w.open('{')
		w.strMember("mode", mode)
		if tc.Mode == spec.ChoiceTool {
			w.key("allowedFunctionNames")
			w.open('[')
			w.elem()
			w.str(tc.Name)
			w.close(']')
		}
		w.close('}')
		w.close('}')
	}
	e.parallel(h, "Gemini")
	w.close('}')
	return w.b, e.vs
}

// geminiPart is the JSON text of part pt (at canonical path p) of a system
// instruction or user content, or of a model content when model is set,
// or false (its loss named) when Gemini cannot carry it there.
func (e *encoder) geminiPart(pt spec.Part, p string, model bool) (string, bool) {
	var w writer
	switch {
	case pt.Kind == spec.PartText || pt.Kind == spec.PartThinking:
		if pt.Kind == spec.PartThinking && pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Gemini has none", pt.ID)
		}
		w.open('{')
		w.strMember("text", pt.Text)
		if pt.Kind == spec.PartThinking {
			w.key("thought")
			w.boolean(true)
		}
	case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
		if !e.own(pt, p) {
			return "", false
		}
		return pt.Data, true
	case pt.Kind == spec.PartCall && model:
		e.vs = append(e.vs, responsesCallLosses(pt, p, e.f)...)
		w.open('{')
		w.key("functionCall")
		w.open('{')
		w.strMemberIf("id", pt.ID)
		w.strMember("name", pt.Name)
		w.key("args")
		w.raw(e.callArgs(pt, p))
		w.close('}')
	default:
		where := "a user content"
		if model {
			where = "a model content"
		}
		e.losePart(pt, p, "Gemini has none in "+where)
		return "", false
	}
	w.strMemberIf("thoughtSignature", pt.Signature)
	w.close('}')
	return string(w.b), true
}

// geminiCallName is the name of the call with id id of the assistant turn
// before message i of h (the tool messages between skipped), or "".
func geminiCallName(h spec.History, i int, id string) string {
	if id == "" {
		return ""
	}
	for j := i - 1; j >= 0; j-- {
		switch h.Messages[j].Role {
		case spec.RoleTool:
			continue
		case spec.RoleAssistant:
			for _, pt := range h.Messages[j].Parts {
				if pt.Kind == spec.PartCall && pt.ID == id {
					return pt.Name
				}
			}
		}
		return ""
	}
	return ""
}

// geminiResults is the functionResponse parts of tool message i; dropped
// holds the ids of the custom calls of its turn that were left out.
func (e *encoder) geminiResults(h spec.History, i int, dropped map[string]bool) []string {
	var out []string
	for j, pt := range h.Messages[i].Parts {
		p := partPath(i, j)
		if pt.Kind != spec.PartResult {
			e.losePart(pt, p, "a tool message holds results only")
			continue
		}
		if pt.ID != "" && dropped[pt.ID] {
			e.lose(spec.XlateIdentity, p, "result of the custom call %q, which Gemini cannot carry", pt.ID)
			continue
		}
		name := pt.Name
		if name == "" {
			name = geminiCallName(h, i, pt.ID)
		}
		if name == "" {
			e.lose(spec.XlateIdentity, p, "a result that names no tool and answers no call of its turn: a Gemini functionResponse needs the function's name")
			continue
		}
		// The response holds the result's text, which must come before
		// the parts (images and opaque parts) that it keeps.
		var text *string
		var parts []string
		for k, c := range pt.Content {
			kp := contentPath(i, j, k)
			switch {
			case c.Kind == spec.PartText && text == nil && len(parts) == 0:
				e.signature(c, kp)
				t := c.Text
				text = &t
			case c.Kind == spec.PartText:
				e.losePart(c, kp, "a Gemini result holds one text, before its parts")
			case c.Kind == spec.PartImage || c.Kind == spec.PartOpaque:
				if e.own(c, kp) {
					parts = append(parts, c.Data)
				}
			default:
				e.losePart(c, kp, "Gemini has none in a result")
			}
		}
		var w writer
		w.open('{')
		w.key("functionResponse")
		w.open('{')
		w.strMemberIf("id", pt.ID)
		w.strMember("name", name)
		w.key("response")
		switch {
		case pt.IsError && text != nil:
			w.open('{')
			w.strMember("error", *text)
			w.close('}')
		case pt.IsError:
			e.lose(spec.XlateOpaque, p+".is_error", "error flag of a result without text: Gemini says an error in the response's error text")
			w.raw("{}")
		case text != nil && geminiRawObject(*text):
			w.raw(*text)
		case text != nil:
			w.open('{')
			w.strMember("output", *text)
			w.close('}')
		default:
			w.raw("{}")
		}
		if len(parts) > 0 {
			w.key("parts")
			w.open('[')
			for _, b := range parts {
				w.elem()
				w.raw(b)
			}
			w.close(']')
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

// geminiRawObject reports whether result text t can be written as the
// response object itself: the compact JSON text of an object other than
// {} that does not read back as an output or error text.
func geminiRawObject(t string) bool {
	if t == "{}" || !isJSONObject(t) || compact([]byte(t)) != t {
		return false
	}
	_, _, plain := geminiResponseText([]byte(t))
	return !plain
}
