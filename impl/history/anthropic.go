package history

import (
	"strconv"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The Anthropic Messages history codec: a request body {"system",
// "messages", "tools", "tool_choice"}, read and written as SPEC.md section
// 11 and model's codec of the format say. Consecutive messages of one role
// are one turn; a user turn becomes one tool message per tool_result block
// and one user message per run of other blocks, in order; the encoder
// writes each run of tool and user messages as one user message and each
// run of assistant messages as one assistant message.

var (
	anthropicDocKeys    = []string{"system", "messages", "tools", "tool_choice"}
	anthropicMsgKeys    = []string{"role", "content"}
	anthropicBlockKeys  = []string{"type", "text", "thinking", "signature", "data", "id", "name", "input", "tool_use_id", "is_error", "content"}
	anthropicToolKeys   = []string{"type", "name", "description", "input_schema", "strict"}
	anthropicChoiceKeys = []string{"type", "name", "disable_parallel_tool_use"}
)

// Indexes in anthropicBlockKeys.
const (
	abType = iota
	abText
	abThinking
	abSignature
	abData
	abID
	abName
	abInput
	abToolUseID
	abIsError
	abContent
)

// anthropicTurn is one turn being decoded: consecutive messages of one role.
type anthropicTurn struct {
	user  bool
	path  string // the first message of the turn
	parts []spec.Part
	paths []string
	// contents[n] holds the paths of the content of parts[n], a result.
	contents [][]string
}

// decodeAnthropic decodes an Anthropic Messages request body.
func decodeAnthropic(doc []byte) (spec.History, PathMap, []spec.Violation) {
	var h spec.History
	pm := PathMap{}
	o, vs := docObject(doc)
	if vs != nil {
		return h, pm, vs
	}
	var top [4][]byte
	membersNamed(o, anthropicDocKeys, top[:])
	if vs := anthropicSystem(&h, pm, top[0]); vs != nil {
		return h, pm, vs
	}
	msgs, ok, vs := asArray(top[1], "messages")
	if vs != nil {
		return h, pm, vs
	}
	if !ok {
		return h, pm, shapeErr("$", "no messages")
	}
	var turns []anthropicTurn
	eachElem(msgs, func(k int, raw []byte) bool {
		vs = anthropicMessage(&turns, raw, jindex("messages", k))
		return vs == nil
	})
	// After a shape violation the turns hold what was decoded before it,
	// the turn being read included.
	for _, t := range turns {
		anthropicTurnMessages(&h, pm, t)
	}
	if vs != nil {
		return h, pm, vs
	}
	tools, vs := anthropicTools(top[2])
	if vs != nil {
		return h, pm, vs
	}
	for i := range tools {
		pm[toolPath(i)] = jindex("tools", i)
	}
	h.Tools = tools
	if h.ToolChoice, vs = anthropicToolChoice(top[3]); vs != nil {
		return h, pm, vs
	}
	if h.ToolChoice != (spec.ToolChoice{}) {
		pm[toolChoicePath] = "tool_choice"
	}
	return h, pm, anthropicDropped(top[0], msgs, top[2])
}

// anthropicKnown are the members a History holds of each element the
// decoder reads field by field (model's anthropicKnown): of a message, of
// each block type made a part (an image or unknown block is kept whole),
// and of a tool of its own.
var anthropicKnown = map[string][]string{
	"message":           {"content", "role"},
	"text":              {"text", "type"},
	"thinking":          {"signature", "thinking", "type"},
	"redacted_thinking": {"data", "type"},
	"tool_use":          {"id", "input", "name", "type"},
	"tool_result":       {"content", "is_error", "tool_use_id", "type"},
	"tool":              {"description", "input_schema", "name", "strict", "type"},
}

// anthropicDropped returns a loss (XLATE-4; XLATE-6 for a tool) for each
// member of a message, a block or a tool of the valid document (system,
// messages and tools given) that no History holds, cache_control and
// citations above all: in document order by element, by name within one.
func anthropicDropped(system, msgs, tools []byte) []spec.Violation {
	var vs []spec.Violation
	extra := func(rule spec.RuleID, o []byte, p, kind string) {
		what := "a " + kind + " block"
		if kind == "message" || kind == "tool" {
			what = "a " + kind
		}
		vs = append(vs, dropped(rule, o, p, what, anthropicKnown[kind]...)...)
	}
	var blocks func(arr []byte, p string, results bool)
	blocks = func(arr []byte, p string, results bool) {
		if len(arr) == 0 || arr[0] != '[' {
			return
		}
		eachElem(arr, func(n int, b []byte) bool {
			if len(b) == 0 || b[0] != '{' {
				return true
			}
			var f [2][]byte
			membersNamed(b, []string{"type", "content"}, f[:])
			if len(f[0]) == 0 || f[0][0] != '"' {
				return true
			}
			typ := unquote(f[0])
			if _, ok := anthropicKnown[typ]; !ok || typ == "message" || typ == "tool" || typ == "tool_result" && !results {
				return true // kept whole
			}
			bp := jindex(p, n)
			extra(spec.XlateOpaque, b, bp, typ)
			if typ == "tool_result" {
				blocks(f[1], jpath(bp, "content"), false)
			}
			return true
		})
	}
	blocks(system, "system", true)
	eachElem(msgs, func(i int, m []byte) bool {
		p := jindex("messages", i)
		if len(m) > 0 && m[0] == '{' {
			extra(spec.XlateOpaque, m, p, "message")
			blocks(member(m, "content"), jpath(p, "content"), true)
		}
		return true
	})
	if len(tools) > 0 && tools[0] == '[' {
		eachElem(tools, func(i int, t []byte) bool {
			if len(t) == 0 || t[0] != '{' {
				return true
			}
			typ := ""
			if ty := member(t, "type"); len(ty) > 0 && ty[0] == '"' {
				typ = unquote(ty)
			}
			if typ == "" || typ == "custom" {
				extra(spec.XlateTools, t, jindex("tools", i), "tool")
			}
			return true
		})
	}
	return vs
}

// anthropicMessage decodes the message raw at path p into the turns.
func anthropicMessage(turns *[]anthropicTurn, raw []byte, p string) []spec.Violation {
	m, ok, vs := asObject(raw, p)
	if vs != nil {
		return vs
	}
	if !ok {
		return shapeErr(p, "a message is null")
	}
	var f [2][]byte
	membersNamed(m, anthropicMsgKeys, f[:])
	role, _, vs := asString(f[0], jpath(p, "role"))
	if vs != nil {
		return vs
	}
	switch role {
	case "user", "assistant":
	case "":
		return shapeErr(p, "a message has no role")
	default:
		return shapeErr(jpath(p, "role"), "unknown role %q", role)
	}
	user := role == "user"
	if n := len(*turns); n == 0 || (*turns)[n-1].user != user {
		*turns = append(*turns, anthropicTurn{user: user, path: p})
	}
	return anthropicContent(&(*turns)[len(*turns)-1], f[1], jpath(p, "content"), true)
}

// anthropicTurnMessages adds the messages of turn t to h: an assistant turn is
// one message; a user turn one tool message per result and one user
// message per run of other blocks, in order, or one user message without
// parts when it has no blocks.
func anthropicTurnMessages(h *spec.History, pm PathMap, t anthropicTurn) {
	if !t.user {
		addMessage(h, pm, t.path, spec.RoleAssistant, t.parts, t.paths)
		return
	}
	if len(t.parts) == 0 {
		addMessage(h, pm, t.path, spec.RoleUser, nil, nil)
		return
	}
	for n := 0; n < len(t.parts); {
		if t.parts[n].Kind == spec.PartResult {
			i := len(h.Messages)
			for k, cp := range t.contents[n] {
				pm[contentPath(i, 0, k)] = cp
			}
			addMessage(h, pm, t.paths[n], spec.RoleTool, []spec.Part{t.parts[n]}, []string{t.paths[n]})
			n++
			continue
		}
		end := n + 1
		for end < len(t.parts) && t.parts[end].Kind != spec.PartResult {
			end++
		}
		addMessage(h, pm, t.paths[n], spec.RoleUser, t.parts[n:end:end], t.paths[n:end:end])
		n = end
	}
}

// anthropicSystem decodes "system": a string or an array of blocks, none a
// tool_result.
func anthropicSystem(h *spec.History, pm PathMap, raw []byte) []spec.Violation {
	var t anthropicTurn
	if vs := anthropicContent(&t, raw, "system", true); vs != nil {
		return vs
	}
	for n, p := range t.parts {
		if p.Kind == spec.PartResult {
			return shapeErr(t.paths[n], "a tool_result block in the system prompt")
		}
		pm[systemPath(len(h.System))] = t.paths[n]
		h.System = append(h.System, p)
	}
	return nil
}

// anthropicContent appends to t the blocks of a content at path p: a string
// (one text block) or an array of blocks; null or absent is none. With
// results false (a tool_result's content) a tool_result block is opaque.
// After a violation t holds the blocks before it.
func anthropicContent(t *anthropicTurn, raw []byte, p string, results bool) []spec.Violation {
	if isNull(raw) {
		return nil
	}
	switch raw[0] {
	case '"':
		t.parts = append(t.parts, spec.Part{Kind: spec.PartText, Text: unquote(raw)})
		t.paths = append(t.paths, p)
		t.contents = append(t.contents, nil)
		return nil
	case '[':
	default:
		return shapeErr(p, "content: want a string or an array, got a JSON %s", jsonType(raw))
	}
	var vs []spec.Violation
	eachElem(raw, func(n int, e []byte) bool {
		bp := jindex(p, n)
		var part spec.Part
		var cpaths []string
		if part, cpaths, vs = anthropicBlock(e, bp, results); vs != nil {
			return false
		}
		t.parts, t.paths, t.contents = append(t.parts, part), append(t.paths, bp), append(t.contents, cpaths)
		return true
	})
	return vs
}

// anthropicBlock decodes one content block at path p; for a result it also
// returns the paths of its content.
func anthropicBlock(raw []byte, p string, results bool) (spec.Part, []string, []spec.Violation) {
	o, ok, vs := asObject(raw, p)
	if vs != nil {
		return spec.Part{}, nil, vs
	}
	if !ok {
		return spec.Part{}, nil, shapeErr(p, "a content block is null")
	}
	var f [11][]byte
	membersNamed(o, anthropicBlockKeys, f[:])
	typ, _, vs := asString(f[abType], jpath(p, "type"))
	if vs != nil {
		return spec.Part{}, nil, vs
	}
	// str decodes member k, a string; a required one must be there.
	str := func(k int, required bool) (string, []spec.Violation) {
		s, ok, vs := asString(f[k], jpath(p, anthropicBlockKeys[k]))
		if vs == nil && !ok && required {
			vs = shapeErr(p, "a %s block has no %s", typ, anthropicBlockKeys[k])
		}
		return s, vs
	}
	switch typ {
	case "":
		return spec.Part{}, nil, shapeErr(p, "a content block has no type")
	case "text":
		s, vs := str(abText, true)
		return spec.Part{Kind: spec.PartText, Text: s}, nil, vs
	case "thinking":
		s, vs := str(abThinking, true)
		if vs != nil {
			return spec.Part{}, nil, vs
		}
		sig, vs := str(abSignature, false)
		return spec.Part{Kind: spec.PartThinking, Text: s, Signature: sig}, nil, vs
	case "redacted_thinking":
		d, vs := str(abData, true)
		return spec.Part{Kind: spec.PartRedacted, Data: d}, nil, vs
	case "tool_use":
		c := spec.Part{Kind: spec.PartCall, CallKind: spec.CallFunction}
		if c.ID, vs = str(abID, false); vs != nil {
			return spec.Part{}, nil, vs
		}
		if c.Name, vs = str(abName, false); vs != nil {
			return spec.Part{}, nil, vs
		}
		if in := f[abInput]; len(in) > 0 {
			c.Args = compact(in)
		}
		return c, nil, nil
	case "tool_result":
		if !results {
			break
		}
		r := spec.Part{Kind: spec.PartResult}
		if r.ID, vs = str(abToolUseID, false); vs != nil {
			return spec.Part{}, nil, vs
		}
		if r.IsError, _, vs = asBool(f[abIsError], jpath(p, "is_error")); vs != nil {
			return spec.Part{}, nil, vs
		}
		var t anthropicTurn
		if vs := anthropicContent(&t, f[abContent], jpath(p, "content"), false); vs != nil {
			return spec.Part{}, nil, vs
		}
		r.Content = t.parts
		return r, t.paths, nil
	case "image":
		return spec.Part{Kind: spec.PartImage, Data: compact(raw), Format: spec.FormatAnthropic}, nil, nil
	}
	return spec.Part{Kind: spec.PartOpaque, Data: compact(raw), Format: spec.FormatAnthropic}, nil, nil
}

// anthropicTools decodes "tools".
func anthropicTools(raw []byte) ([]spec.Tool, []spec.Violation) {
	arr, ok, vs := asArray(raw, "tools")
	if vs != nil || !ok {
		return nil, vs
	}
	var tools []spec.Tool
	eachElem(arr, func(i int, e []byte) bool {
		p := jindex("tools", i)
		o, ok, v := asObject(e, p)
		if v == nil && !ok {
			v = shapeErr(p, "a tool is null")
		}
		if vs = v; vs != nil {
			return false
		}
		var f [5][]byte
		membersNamed(o, anthropicToolKeys, f[:])
		typ, _, v := asString(f[0], jpath(p, "type"))
		if vs = v; vs != nil {
			return false
		}
		if typ != "" && typ != "custom" {
			tools = append(tools, opaqueTool(o, spec.FormatAnthropic))
			return true
		}
		t := spec.Tool{Kind: spec.CallFunction}
		if t.Name, _, vs = asString(f[1], jpath(p, "name")); vs != nil {
			return false
		}
		if t.Description, _, vs = asString(f[2], jpath(p, "description")); vs != nil {
			return false
		}
		if !isNull(f[3]) {
			t.Schema = compact(f[3])
		}
		strict, _, v := asBool(f[4], jpath(p, "strict"))
		if vs = v; vs != nil {
			return false
		}
		t.Strict = strictness(strict)
		tools = append(tools, t)
		return true
	})
	if vs != nil {
		return nil, vs
	}
	return tools, nil
}

// anthropicToolChoice decodes "tool_choice"; after a violation the choice holds
// what was decoded before it.
func anthropicToolChoice(raw []byte) (spec.ToolChoice, []spec.Violation) {
	var c spec.ToolChoice
	o, ok, vs := asObject(raw, "tool_choice")
	if vs != nil || !ok {
		return c, vs
	}
	var f [3][]byte
	membersNamed(o, anthropicChoiceKeys, f[:])
	typ, _, vs := asString(f[0], "tool_choice.type")
	if vs != nil {
		return c, vs
	}
	switch typ {
	case "auto":
		c.Mode = spec.ChoiceAuto
	case "any":
		c.Mode = spec.ChoiceRequired
	case "none":
		c.Mode = spec.ChoiceNone
	case "tool":
		c.Mode = spec.ChoiceTool
		name, ok, vs := asString(f[1], "tool_choice.name")
		if vs != nil {
			return c, vs
		}
		if !ok {
			return c, shapeErr("tool_choice", "a tool choice of type tool has no name")
		}
		c.Name = name
	case "":
		return c, shapeErr("tool_choice", "a tool choice has no type")
	default:
		return c, shapeErr("tool_choice.type", "unknown tool choice type %q", typ)
	}
	if b, ok, vs := asBool(f[2], "tool_choice.disable_parallel_tool_use"); vs != nil {
		return c, vs
	} else if ok {
		c.Parallel = spec.ParallelAllowed
		if b {
			c.Parallel = spec.ParallelDisabled
		}
	}
	return c, nil
}

// anthropicEncoder is one encoding of a History as an Anthropic Messages request.
type anthropicEncoder struct {
	w      writer
	losses []spec.Violation
	// left holds the ids of the calls of the current assistant turn that
	// were left out (custom calls): their results go with them.
	left map[string]bool
}

// reasoningID names the id of the OpenAI Responses reasoning item a
// thinking or redacted part came from (XLATE-1): Anthropic blocks have no
// place for it.
func (e *anthropicEncoder) reasoningID(p spec.Part, path string) {
	if p.ID != "" {
		e.lose(spec.XlateThinking, path+".id", "reasoning item id %q: anthropic has none", p.ID)
	}
}

func (e *anthropicEncoder) lose(rule spec.RuleID, p, format string, args ...any) {
	e.losses = append(e.losses, loss(rule, p, format, args...))
}

// encodeAnthropic writes h as an Anthropic Messages request body.
func encodeAnthropic(h spec.History) ([]byte, []spec.Violation) {
	e := &anthropicEncoder{}
	w := &e.w
	w.open('{')
	if len(h.System) == 1 && h.System[0].Kind == spec.PartText && h.System[0].Signature == "" {
		w.strMember("system", h.System[0].Text)
	} else if len(h.System) > 0 {
		w.key("system")
		w.open('[')
		for i, p := range h.System {
			if p.Kind == spec.PartImage {
				// MessageNewParams.System is []TextBlockParam.
				e.lose(spec.XlateOpaque, systemPath(i), "an image in the system prompt: anthropic's system blocks are text only")
				continue
			}
			e.block(p, systemPath(i))
		}
		w.close(']')
	}
	// Consecutive messages of one wire role are one message: Anthropic
	// combines them, and so does the decoder.
	w.key("messages")
	w.open('[')
	role := "" // the wire role of the message being written
	for i, m := range h.Messages {
		var r string
		switch m.Role {
		case spec.RoleAssistant:
			r = "assistant"
			if role != r {
				e.left = nil
			}
		case spec.RoleUser, spec.RoleTool:
			r = "user"
		case spec.RoleSystem:
			e.lose(spec.XlateSystem, messagePath(i), "a system message in the conversation: anthropic has a system prompt only before it")
			continue
		default:
			e.lose(spec.XlateOpaque, messagePath(i), "a message of role %s: anthropic has no such role", m.Role)
			continue
		}
		if role != r {
			if role != "" {
				w.close(']')
				w.close('}')
			}
			role = r
			w.elem()
			w.open('{')
			w.strMember("role", r)
			w.key("content")
			w.open('[')
		}
		for j, p := range m.Parts {
			e.block(p, partPath(i, j))
		}
	}
	if role != "" {
		w.close(']')
		w.close('}')
	}
	w.close(']')
	if len(h.Tools) > 0 {
		w.key("tools")
		w.open('[')
		for i, t := range h.Tools {
			e.tool(i, t)
		}
		w.close(']')
	}
	e.toolChoice(h.ToolChoice)
	w.close('}')
	return w.b, e.losses
}

// block writes part p, at canonical path path, as one element of a block
// array, or names its loss.
func (e *anthropicEncoder) block(p spec.Part, path string) {
	w := &e.w
	switch p.Kind {
	case spec.PartText:
		if p.Signature != "" {
			e.lose(spec.XlateThinking, path, "the signature of a text part: anthropic text blocks have none")
		}
		w.elem()
		w.open('{')
		w.strMember("type", "text")
		w.strMember("text", p.Text)
		w.close('}')
	case spec.PartThinking:
		e.reasoningID(p, path)
		if p.Signature == "" {
			e.lose(spec.XlateThinking, path, "thinking without a signature: anthropic refuses an unsigned thinking block")
			return
		}
		w.elem()
		w.open('{')
		w.strMember("type", "thinking")
		w.strMember("thinking", p.Text)
		w.strMember("signature", p.Signature)
		w.close('}')
	case spec.PartRedacted:
		e.reasoningID(p, path)
		w.elem()
		w.open('{')
		w.strMember("type", "redacted_thinking")
		w.strMember("data", p.Data)
		w.close('}')
	case spec.PartCall:
		e.call(p, path)
	case spec.PartResult:
		e.result(p, path)
	case spec.PartImage, spec.PartOpaque:
		if p.Format == spec.FormatAnthropic && isJSONObject(p.Data) {
			w.elem()
			w.raw(p.Data)
			return
		}
		e.lose(spec.XlateOpaque, path, "%s part of %s: anthropic cannot carry it", p.Kind, formatName(p.Format))
	default:
		e.lose(spec.XlateOpaque, path, "a part of kind %s: anthropic cannot carry it", p.Kind)
	}
}

// call writes a tool_use block; a custom call is left out, with its
// results.
func (e *anthropicEncoder) call(p spec.Part, path string) {
	if p.CallKind == spec.CallCustom || p.CallKind.IsItem() {
		if p.CallKind.IsItem() {
			e.lose(spec.XlateIdentity, path, "a call of kind %s: anthropic has tool_use blocks only", p.CallKind)
		} else {
			e.lose(spec.XlateIdentity, path, "a custom call: anthropic has no free-form tools")
		}
		if p.ID != "" {
			if e.left == nil {
				e.left = map[string]bool{}
			}
			e.left[p.ID] = true
		}
		return
	}
	e.losses = append(e.losses, responsesCallLosses(p, path, spec.FormatAnthropic)...)
	if p.Signature != "" {
		e.lose(spec.XlateThinking, path, "the signature of a call: anthropic tool_use blocks have none")
	}
	input := p.Args
	switch {
	case input == "":
		input = "{}" // END-2: no arguments are {}
	case !jsonwire.Valid([]byte(input)):
		e.lose(spec.XlateIdentity, path, "arguments that are not JSON: anthropic's input is a JSON value; written as {}")
		input = "{}"
	}
	w := &e.w
	w.elem()
	w.open('{')
	w.strMember("type", "tool_use")
	w.strMemberIf("id", p.ID)
	w.strMember("name", p.Name)
	w.key("input")
	w.raw(input)
	w.close('}')
}

// result writes a tool_result block, or leaves out, named, the result of a
// call that was left out.
func (e *anthropicEncoder) result(p spec.Part, path string) {
	if p.ID != "" && e.left[p.ID] {
		e.lose(spec.XlateIdentity, path, "the result of a custom call, which was left out")
		return
	}
	if p.ID == "" && p.Name != "" {
		e.lose(spec.XlateIdentity, path, "a result paired by its name %q: anthropic pairs results by id alone", p.Name)
	}
	w := &e.w
	w.elem()
	w.open('{')
	w.strMember("type", "tool_result")
	w.strMemberIf("tool_use_id", p.ID)
	if len(p.Content) == 1 && p.Content[0].Kind == spec.PartText && p.Content[0].Signature == "" {
		w.strMember("content", p.Content[0].Text)
	} else if len(p.Content) > 0 {
		w.key("content")
		w.open('[')
		for k, c := range p.Content {
			cp := path + ".content[" + strconv.Itoa(k) + "]"
			switch c.Kind {
			case spec.PartText, spec.PartImage, spec.PartOpaque:
				e.block(c, cp)
			default:
				e.lose(spec.XlateOpaque, cp, "%s part in a result: anthropic results hold text, images and documents", c.Kind)
			}
		}
		w.close(']')
	}
	if p.IsError {
		w.key("is_error")
		w.boolean(true)
	}
	w.close('}')
}

// tool writes one tool, or names its loss.
func (e *anthropicEncoder) tool(i int, t spec.Tool) {
	w := &e.w
	if t.Data != "" {
		if t.Format == spec.FormatAnthropic && isJSONObject(t.Data) {
			w.elem()
			w.raw(t.Data)
			return
		}
		e.lose(spec.XlateTools, toolPath(i), "a tool of %s that is neither a function nor a custom tool: anthropic cannot carry it", formatName(t.Format))
		return
	}
	if t.Kind == spec.CallCustom {
		e.lose(spec.XlateTools, toolPath(i), "a custom (free-form) tool: anthropic has none")
		return
	}
	schema := t.Schema
	if schema != "" && !jsonwire.Valid([]byte(schema)) {
		e.lose(spec.XlateTools, toolPath(i), "an input schema that is not JSON: anthropic cannot carry it")
		schema = ""
	}
	if schema == "" {
		// ToolParam.InputSchema is required.
		schema = noParams
	}
	w.elem()
	w.open('{')
	w.strMember("name", t.Name)
	w.strMemberIf("description", t.Description)
	w.key("input_schema")
	w.raw(schema)
	if t.Strict == spec.StrictOn {
		w.key("strict")
		w.raw("true")
	}
	w.close('}')
}

// toolChoice writes tool_choice, or nothing when the history sets none.
func (e *anthropicEncoder) toolChoice(c spec.ToolChoice) {
	w := &e.w
	parallel := func() {
		switch c.Parallel {
		case spec.ParallelAllowed:
			w.key("disable_parallel_tool_use")
			w.boolean(false)
		case spec.ParallelDisabled:
			w.key("disable_parallel_tool_use")
			w.boolean(true)
		}
	}
	typ := ""
	switch c.Mode {
	case spec.ChoiceUnset:
		if c.Parallel != spec.ParallelAllowed && c.Parallel != spec.ParallelDisabled {
			return
		}
		typ = "auto"
	case spec.ChoiceAuto:
		typ = "auto"
	case spec.ChoiceRequired:
		typ = "any"
	case spec.ChoiceTool:
		typ = "tool"
	case spec.ChoiceNone:
		if c.Parallel == spec.ParallelAllowed || c.Parallel == spec.ParallelDisabled {
			e.lose(spec.XlateToolChoice, toolChoicePath, "the parallel setting with tool choice none: anthropic's none has none")
		}
		w.key("tool_choice")
		w.open('{')
		w.strMember("type", "none")
		w.close('}')
		return
	default:
		e.lose(spec.XlateToolChoice, toolChoicePath, "tool choice mode %s: anthropic has no such mode", c.Mode)
		return
	}
	w.key("tool_choice")
	w.open('{')
	w.strMember("type", typ)
	if c.Mode == spec.ChoiceTool {
		w.strMember("name", c.Name)
	}
	parallel()
	w.close('}')
}
