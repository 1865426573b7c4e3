package history

import (
	"encoding/json"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// The history of a Gemini generateContent request: {"systemInstruction",
// "contents", "tools", "toolConfig"} (the snake_case spellings that the
// API's JSON mapping accepts too are read as well).
//
// Decoding. systemInstruction.parts are the system blocks. A content of
// role "model" is assistant content, and consecutive ones are one
// message; a content of role "user" (or none, or the older "function")
// becomes one tool message per functionResponse part and a user message
// for each run of other parts between them, in order (a content with no
// parts is an empty user message). Parts:
//
//   - {"text"}: text, or thinking when "thought" is true (a part with
//     only "thought" and a signature is empty thinking); its
//     "thoughtSignature" is the part's Signature;
//   - {"functionCall": {id?, name, args}}: a call (model contents only),
//     its thoughtSignature the call's Signature, absent args {};
//   - {"functionResponse": {id?, name, response, parts?}}: a result (user
//     contents only). The response object is the result's content as the
//     API documents it: {"output": string} is that text, {"error": string}
//     that text with the error flag, {} no content, and any other object
//     its JSON text; the FunctionResponseParts (inline or file data) are
//     image parts after it;
//   - inlineData and fileData: image parts; any other part (executableCode,
//     codeExecutionResult, ...) is kept whole as an opaque part.
//
// tools[].functionDeclarations are the tools: parametersJsonSchema is
// the schema, or else parameters, Gemini's Schema (an OpenAPI 3.0 subset),
// converted to JSON Schema with what does not convert named
// (SchemaFromGemini); parameters beside parametersJsonSchema, a declared
// response schema or behaviour is a decode-side loss. The other tools of
// an entry, such as googleSearch or codeExecution, are one tool kept
// verbatim (spec.Tool.Data). The tool choice is
// toolConfig.functionCallingConfig: AUTO, NONE, ANY (required), ANY with
// one allowedFunctionNames entry (that tool); VALIDATED and other lists of
// names are losses.
//
// Encoding writes the same shapes, with parametersJsonSchema for a schema
// (a JSON Schema, which parameters, an OpenAPI subset, is not), a result's
// name taken from its call by id when the result has none (the API
// requires it), and a result's text as the raw response object when it
// is the JSON text of an object that reads back as itself. Gemini cannot
// carry system messages mid-conversation, redacted reasoning, a reasoning
// item's id, custom calls and tools, a parallel-call setting, text after
// the first result content or an error flag without text, and images or
// opaque parts of other formats; each is a loss.

// geminiField returns member camel (or its snake_case spelling snake) of o,
// with the key found.
func geminiField(o refjson.Object, camel, snake string) (json.RawMessage, string) {
	if raw, ok := o[camel]; ok {
		return raw, camel
	}
	if raw, ok := o[snake]; ok {
		return raw, snake
	}
	return nil, camel
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
		parts, _, v := readArray(sys["parts"], pp)
		if v != nil {
			return s.done(v)
		}
		for n, e := range parts {
			p := jindex(pp, n)
			pt, v := geminiPart(s, e, p)
			if v != nil {
				return s.done(v)
			}
			if pt.Kind == spec.PartCall || pt.Kind == spec.PartResult {
				return s.done(shapeViolation(p, "a %s in the system instruction", partName(pt.Kind)))
			}
			s.system(pt, p)
		}
	}
	contents, _, v := readArray(root["contents"], "contents")
	if v != nil {
		return s.done(v)
	}
	for n, c := range contents {
		if v := geminiContent(s, c, jindex("contents", n)); v != nil {
			return s.done(v)
		}
	}
	if v := geminiTools(s, root["tools"]); v != nil {
		return s.done(v)
	}
	return s.done(geminiToolConfig(s, root))
}

// geminiContent decodes one content at document path p.
func geminiContent(s *builder, raw json.RawMessage, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a content is an object, got null")
	}
	role, _, v := readString(o["role"], jpath(p, "role"))
	if v != nil {
		return v
	}
	pp := jpath(p, "parts")
	parts, _, v := readArray(o["parts"], pp)
	if v != nil {
		return v
	}
	switch role {
	case "model":
		var decoded []rsPart
		for n, e := range parts {
			ep := jindex(pp, n)
			pt, v := geminiPart(s, e, ep)
			if v != nil {
				return v
			}
			if pt.Kind == spec.PartResult {
				return shapeViolation(ep, "a functionResponse in a model content")
			}
			decoded = append(decoded, rsPart{pt, ep})
		}
		i := s.run(spec.RoleAssistant, p)
		for _, d := range decoded {
			s.part(i, d.part, d.path)
		}
	case "user", "", "function":
		if len(parts) == 0 {
			s.message(spec.RoleUser, p)
			return nil
		}
		cur := -1 // the user message of this content being filled
		for n, e := range parts {
			ep := jindex(pp, n)
			pt, v := geminiPart(s, e, ep)
			if v != nil {
				return v
			}
			switch pt.Kind {
			case spec.PartCall:
				return shapeViolation(ep, "a functionCall in a user content")
			case spec.PartResult:
				var cps []string
				for k := range pt.Content {
					cps = append(cps, geminiResultContentPath(ep, pt, k))
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
		}
	default:
		return shapeViolation(jpath(p, "role"), "unknown role %q", role)
	}
	return nil
}

// geminiResultContentPath returns the document path of content k of the
// result pt decoded from the part at p: the response for its text, else
// one of its parts.
func geminiResultContentPath(p string, pt spec.Part, k int) string {
	fr := jpath(p, "functionResponse")
	if len(pt.Content) > 0 && pt.Content[0].Kind == spec.PartText {
		if k == 0 {
			return jpath(fr, "response")
		}
		k--
	}
	return jindex(jpath(fr, "parts"), k)
}

// geminiPart decodes one part at document path p.
func geminiPart(s *builder, raw json.RawMessage, p string) (spec.Part, *spec.Violation) {
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
	thought, _, v := readBool(o["thought"], jpath(p, "thought"))
	if v != nil {
		return spec.Part{}, v
	}
	if raw, key := geminiField(o, "functionCall", "function_call"); raw != nil {
		fp := jpath(p, key)
		fc, ok, v := readObject(raw, fp)
		if v != nil {
			return spec.Part{}, v
		}
		if !ok {
			return spec.Part{}, shapeViolation(fp, "want an object, got null")
		}
		id, _, v := readString(fc["id"], jpath(fp, "id"))
		if v != nil {
			return spec.Part{}, v
		}
		name, _, v := readString(fc["name"], jpath(fp, "name"))
		if v != nil {
			return spec.Part{}, v
		}
		args := fc["args"]
		if refjson.IsNull(args) {
			args = json.RawMessage("{}")
		} else if args[0] != '{' {
			return spec.Part{}, shapeViolation(jpath(fp, "args"), "args are a JSON object, got %s", refjson.Clip(args))
		}
		return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: rawArgs(args), CallKind: spec.CallFunction, Signature: sig}, nil
	}
	if raw, key := geminiField(o, "functionResponse", "function_response"); raw != nil {
		pt, v := geminiResponse(raw, jpath(p, key))
		if v == nil && sig != "" {
			s.loss(spec.XlateThinking, jpath(p, skey), "thought signature on a functionResponse: a History keeps signatures on text and calls")
		}
		return pt, v
	}
	if raw, ok := o["text"]; ok {
		t, _, v := readString(raw, jpath(p, "text"))
		if v != nil {
			return spec.Part{}, v
		}
		kind := spec.PartText
		if thought {
			kind = spec.PartThinking
		}
		return spec.Part{Kind: kind, Text: t, Signature: sig}, nil
	}
	for _, k := range [...]string{"inlineData", "inline_data", "fileData", "file_data"} {
		if _, ok := o[k]; ok {
			return spec.Part{Kind: spec.PartImage, Data: refjson.Compact(raw), Format: spec.FormatGemini}, nil
		}
	}
	if len(o) == 1 && sig != "" || len(o) == 2 && sig != "" && thought {
		kind := spec.PartText
		if thought {
			kind = spec.PartThinking
		}
		return spec.Part{Kind: kind, Signature: sig}, nil
	}
	return spec.Part{Kind: spec.PartOpaque, Data: refjson.Compact(raw), Format: spec.FormatGemini}, nil
}

// geminiResponse decodes a functionResponse at document path p.
func geminiResponse(raw json.RawMessage, p string) (spec.Part, *spec.Violation) {
	fr, ok, v := readObject(raw, p)
	if v != nil {
		return spec.Part{}, v
	}
	if !ok {
		return spec.Part{}, shapeViolation(p, "want an object, got null")
	}
	id, _, v := readString(fr["id"], jpath(p, "id"))
	if v != nil {
		return spec.Part{}, v
	}
	name, _, v := readString(fr["name"], jpath(p, "name"))
	if v != nil {
		return spec.Part{}, v
	}
	pt := spec.Part{Kind: spec.PartResult, ID: id, Name: name}
	rp := jpath(p, "response")
	resp, ok, v := readObject(fr["response"], rp)
	if v != nil {
		return spec.Part{}, v
	}
	if ok && len(resp) > 0 {
		text, isErr, plain := geminiResponseText(resp)
		if !plain {
			text = refjson.Compact(fr["response"])
		}
		pt.IsError = isErr
		pt.Content = append(pt.Content, spec.Part{Kind: spec.PartText, Text: text})
	}
	pp := jpath(p, "parts")
	parts, _, v := readArray(fr["parts"], pp)
	if v != nil {
		return spec.Part{}, v
	}
	for n, e := range parts {
		o, ok, v := readObject(e, jindex(pp, n))
		if v != nil {
			return spec.Part{}, v
		}
		if !ok {
			return spec.Part{}, shapeViolation(jindex(pp, n), "a part is an object, got null")
		}
		kind := spec.PartOpaque
		for _, k := range [...]string{"inlineData", "inline_data", "fileData", "file_data"} {
			if _, ok := o[k]; ok {
				kind = spec.PartImage
			}
		}
		pt.Content = append(pt.Content, spec.Part{Kind: kind, Data: refjson.Compact(e), Format: spec.FormatGemini})
	}
	return pt, nil
}

// geminiResponseText reads a response object of one member "output" or
// "error" with a string value: its text, and whether it is an error.
// plain is false for any other object.
func geminiResponseText(resp refjson.Object) (text string, isErr, plain bool) {
	if len(resp) != 1 {
		return "", false, false
	}
	for k, raw := range resp {
		if k != "output" && k != "error" || len(raw) == 0 || raw[0] != '"' {
			return "", false, false
		}
		if json.Unmarshal(raw, &text) != nil {
			return "", false, false
		}
		return text, k == "error", true
	}
	return "", false, false
}

// geminiTools decodes the tools array.
func geminiTools(s *builder, raw json.RawMessage) *spec.Violation {
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
		draw, dkey := geminiField(o, "functionDeclarations", "function_declarations")
		dp := jpath(p, dkey)
		decls, _, v := readArray(draw, dp)
		if v != nil {
			return v
		}
		for m, d := range decls {
			if v := geminiDeclaration(s, d, jindex(dp, m)); v != nil {
				return v
			}
		}
		// The rest of the entry (googleSearch, codeExecution, ...) is a
		// tool kept verbatim: the whole entry, or its other members in
		// the order of their names.
		if draw == nil {
			s.tool(spec.Tool{Data: refjson.Compact(e), Format: spec.FormatGemini}, p)
			continue
		}
		var rest jsonObject
		for _, k := range geminiSortedKeys(o) {
			if k != dkey {
				rest = rest.add(k, jsonRaw(refjson.Compact(o[k])))
			}
		}
		if rest != nil {
			s.tool(spec.Tool{Data: string(jsonBytes(rest)), Format: spec.FormatGemini}, p)
		}
	}
	return nil
}

// geminiSortedKeys returns the member names of o, sorted.
func geminiSortedKeys(o refjson.Object) []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j-1] > keys[j]; j-- {
			keys[j-1], keys[j] = keys[j], keys[j-1]
		}
	}
	return keys
}

// geminiDeclaration decodes one function declaration at document path p.
func geminiDeclaration(s *builder, raw json.RawMessage, p string) *spec.Violation {
	o, ok, v := readObject(raw, p)
	if v != nil {
		return v
	}
	if !ok {
		return shapeViolation(p, "a function declaration is an object, got null")
	}
	name, _, v := readString(o["name"], jpath(p, "name"))
	if v != nil {
		return v
	}
	desc, _, v := readString(o["description"], jpath(p, "description"))
	if v != nil {
		return v
	}
	// XLATE-6: parametersJsonSchema is a JSON Schema, kept; parameters is
	// Gemini's Schema, converted to one (schema.go), never copied.
	params, key := geminiField(o, "parametersJsonSchema", "parameters_json_schema")
	openAPI := refjson.IsNull(params)
	if openAPI {
		params, key = o["parameters"], "parameters"
	}
	if !refjson.IsNull(params) && params[0] != '{' {
		return shapeViolation(jpath(p, key), "want an object, got %s", refjson.Clip(params))
	}
	schema := rawSchema(params)
	switch {
	case openAPI && schema != "":
		c := &schemaConv{}
		v, _ := c.fromGemini(params, jpath(p, key))
		schema = string(jsonBytes(v))
		s.vs = append(s.vs, c.vs...)
	case !openAPI && !refjson.IsNull(o["parameters"]):
		s.loss(spec.XlateTools, jpath(p, "parameters"), "parameters beside %s: the two are mutually exclusive, and a History keeps the JSON Schema", key)
	}
	for _, k := range [...]string{"response", "responseJsonSchema", "response_json_schema", "behavior"} {
		if !refjson.IsNull(o[k]) {
			s.loss(spec.XlateTools, jpath(p, k), "function declaration's %s: a History holds a tool's input schema only", k)
		}
	}
	s.tool(spec.Tool{Name: name, Description: desc, Schema: schema, Kind: spec.CallFunction, Strict: spec.StrictOff}, p)
	return nil
}

// geminiToolConfig decodes toolConfig.functionCallingConfig.
func geminiToolConfig(s *builder, root refjson.Object) *spec.Violation {
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
	mode, _, v := readString(fc["mode"], jpath(cp, "mode"))
	if v != nil {
		return v
	}
	nraw, nkey := geminiField(fc, "allowedFunctionNames", "allowed_function_names")
	names, v := readStrings(nraw, jpath(cp, nkey))
	if v != nil {
		return v
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
		s.loss(spec.XlateToolChoice, jpath(cp, nkey), "allowed function names: a History holds one named tool only, with mode ANY")
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
	var root jsonObject
	if len(h.System) > 0 {
		parts := jsonArray{}
		for j, pt := range h.System {
			if v, ok := e.geminiPart(pt, systemPath(j), false); ok {
				parts = append(parts, v)
			}
		}
		root = root.add("systemInstruction", jsonObject{}.add("parts", parts))
	}
	contents := e.turns(h, turnFormat{
		name: "Gemini", assistant: "model",
		system:  "system message mid-conversation: Gemini has a system instruction only",
		part:    e.geminiPart,
		results: e.geminiResults,
	})
	out := jsonArray{}
	for _, c := range contents {
		out = append(out, jsonObject{}.add("role", jsonString(c.role)).add("parts", c.parts))
	}
	root = root.add("contents", out)
	// Consecutive function tools are the declarations of one entry; a
	// tool kept verbatim is an entry of its own, in order.
	var (
		entries jsonArray
		decls   jsonArray
	)
	flush := func() {
		if len(decls) > 0 {
			entries = append(entries, jsonObject{}.add("functionDeclarations", decls))
			decls = nil
		}
	}
	for i, t := range h.Tools {
		switch {
		case t.Data != "":
			if keep, _ := e.verbatimTool(i, t, "Gemini"); keep {
				flush()
				entries = append(entries, jsonRaw(t.Data))
			}
			continue
		case t.Kind == spec.CallCustom:
			e.lose(spec.XlateTools, toolPath(i), "custom tool %q: Gemini has function declarations only", t.Name)
			continue
		}
		d := jsonObject{}.add("name", jsonString(t.Name))
		if t.Description != "" {
			d = d.add("description", jsonString(t.Description))
		}
		if s, ok := e.toolSchema(t, i); ok {
			d = d.add("parametersJsonSchema", s)
		}
		e.vs = append(e.vs, strictLoss(t, i, e.f)...)
		decls = append(decls, d)
	}
	flush()
	if len(entries) > 0 {
		root = root.add("tools", entries)
	}
	var fc jsonObject
	switch tc := h.ToolChoice; tc.Mode {
	case spec.ChoiceAuto:
		fc = fc.add("mode", jsonString("AUTO"))
	case spec.ChoiceNone:
		fc = fc.add("mode", jsonString("NONE"))
	case spec.ChoiceRequired:
		fc = fc.add("mode", jsonString("ANY"))
	case spec.ChoiceTool:
		fc = fc.add("mode", jsonString("ANY")).add("allowedFunctionNames", jsonArray{jsonString(tc.Name)})
	case spec.ChoiceUnset:
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "unknown tool choice mode %d", tc.Mode)
	}
	if fc != nil {
		root = root.add("toolConfig", jsonObject{}.add("functionCallingConfig", fc))
	}
	e.parallel(h, "Gemini")
	return jsonBytes(root), e.vs
}

// geminiPart returns the JSON of part pt (at canonical path p) of a system
// instruction or user content, or of a model content when model is set,
// or false (naming the loss) when Gemini cannot carry it there.
func (e *encoder) geminiPart(pt spec.Part, p string, model bool) (jsonValue, bool) {
	withSig := func(o jsonObject) jsonObject {
		if pt.Signature != "" {
			o = o.add("thoughtSignature", jsonString(pt.Signature))
		}
		return o
	}
	switch {
	case pt.Kind == spec.PartText:
		return withSig(jsonObject{}.add("text", jsonString(pt.Text))), true
	case pt.Kind == spec.PartThinking:
		if pt.ID != "" {
			e.lose(spec.XlateThinking, p+".id", "reasoning item id %q: Gemini has none", pt.ID)
		}
		return withSig(jsonObject{}.add("text", jsonString(pt.Text)).add("thought", jsonBool(true))), true
	case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
		if !e.own(pt, p) {
			return nil, false
		}
		return jsonRaw(pt.Data), true
	case pt.Kind == spec.PartCall && model:
		e.vs = append(e.vs, responsesCallLosses(pt, p, e.f)...)
		fc := jsonObject{}
		if pt.ID != "" {
			fc = fc.add("id", jsonString(pt.ID))
		}
		fc = fc.add("name", jsonString(pt.Name)).add("args", e.callArgs(pt, p))
		return withSig(jsonObject{}.add("functionCall", fc)), true
	}
	where := "a user content"
	if model {
		where = "a model content"
	}
	e.losePart(pt, p, "Gemini has none in "+where)
	return nil, false
}

// geminiResults returns the functionResponse parts of tool message i; dropped
// holds the ids of the custom calls of its turn that were left out.
func (e *encoder) geminiResults(h spec.History, i int, dropped map[string]bool) jsonArray {
	var out jsonArray
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
			if c, ok := callOf(h, i, pt.ID); ok {
				name = c.Name
			}
		}
		if name == "" {
			// functionResponse.name is required: a nameless one answers
			// no function.
			e.lose(spec.XlateIdentity, p, "a result that names no tool and answers no call of its turn: a Gemini functionResponse needs the function's name")
			continue
		}
		fr := jsonObject{}
		if pt.ID != "" {
			fr = fr.add("id", jsonString(pt.ID))
		}
		fr = fr.add("name", jsonString(name))
		// The response holds the result's text, which must come before
		// the parts (images and opaque parts) that it keeps.
		var (
			text  *string
			parts jsonArray
		)
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
					parts = append(parts, jsonRaw(c.Data))
				}
			default:
				e.losePart(c, kp, "Gemini has none in a result")
			}
		}
		var resp jsonValue = jsonObject{}
		switch {
		case pt.IsError && text != nil:
			resp = jsonObject{}.add("error", jsonString(*text))
		case pt.IsError:
			e.lose(spec.XlateOpaque, p+".is_error", "error flag of a result without text: Gemini says an error in the response's error text")
		case text != nil && geminiRawObject(*text):
			resp = jsonRaw(*text)
		case text != nil:
			resp = jsonObject{}.add("output", jsonString(*text))
		}
		fr = fr.add("response", resp)
		if len(parts) > 0 {
			fr = fr.add("parts", parts)
		}
		out = append(out, jsonObject{}.add("functionResponse", fr))
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
	if t == "{}" || !isJSONObject(t) || refjson.Compact(json.RawMessage(t)) != t {
		return false
	}
	var o refjson.Object
	if json.Unmarshal([]byte(t), &o) != nil {
		return false
	}
	_, _, plain := geminiResponseText(o)
	return !plain
}
