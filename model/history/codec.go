package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file holds what the history codecs of Responses, Ollama, Gemini and
// Bedrock share: reading a document with the path of every element, the
// state a decoder builds its History and PathMap in, and an ordered JSON
// tree that encoders write with a fixed key order.
//
// # Loss paths
//
// An encoder reports a loss at the canonical path of the element it leaves
// out (history.go): a whole part, result content, message, system block,
// tool or the tool choice. When it keeps the element but not one of its
// fields, the path names the field as one more step:
//
//	messages[i].parts[j].signature   a thinking, text or call signature
//	messages[i].parts[j].id          an id the target needs and the part lacks
//	messages[i].parts[j].name        a result's tool name
//	messages[i].parts[j].is_error    a result's error flag
//	messages[i].parts[j].args        a call's arguments, written as {}
//	tools[i].description             a tool's description
//	tools[i].schema                  a tool's input schema
//	tool_choice.parallel             the parallel-call setting
//
// A loss at a message ("messages[3]") that the encoder keeps means the
// boundary before it: the target reads the message back as part of the one
// before (two assistant messages in a row, which a format without message
// boundaries within a turn joins). [PathMap.Lookup] maps a field step to
// the element's document path.
//
// A decoder of these formats reports, besides HIST-8 shape violations, a
// ClassLoss violation at the document path of a request element that no
// History can hold (a tool choice restricted to a list of tools, Gemini's
// VALIDATED mode or a declared response schema): the canonical form has no
// place for it, and saying so is better than leaving it out silently. A
// provider's own tool is no such element: spec.Tool.Data keeps it.

// shapeViolation returns the HIST-8 violation at document path p.
func shapeViolation(p, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: p, Message: fmt.Sprintf(format, args...)}
}

// rootObject decodes doc as one JSON object (HIST-8 at "$" otherwise).
func rootObject(doc []byte) (refjson.Object, *spec.Violation) {
	doc = refjson.TrimSpace(doc)
	if len(doc) == 0 || doc[0] != '{' {
		return nil, shapeViolation("$", "a history document is one JSON object, got %s", refjson.Clip(doc))
	}
	var o refjson.Object
	if err := json.Unmarshal(doc, &o); err != nil {
		return nil, shapeViolation("$", "not valid JSON: %v", err)
	}
	return o, nil
}

// readObject decodes raw, the element at p, as an object; ok is false when
// raw is absent or null.
func readObject(raw json.RawMessage, p string) (o refjson.Object, ok bool, v *spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, shapeViolation(p, "want an object, got %s", refjson.Clip(raw))
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, false, shapeViolation(p, "%v", err)
	}
	return o, true, nil
}

// readArray decodes raw, the element at p, as an array; ok is false when raw
// is absent or null.
func readArray(raw json.RawMessage, p string) (a []json.RawMessage, ok bool, v *spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, shapeViolation(p, "want an array, got %s", refjson.Clip(raw))
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, false, shapeViolation(p, "%v", err)
	}
	return a, true, nil
}

// readString decodes raw, the element at p, as a string; ok is false when
// raw is absent or null.
func readString(raw json.RawMessage, p string) (s string, ok bool, v *spec.Violation) {
	if refjson.IsNull(raw) {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, shapeViolation(p, "want a string, got %s", refjson.Clip(raw))
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, shapeViolation(p, "%v", err)
	}
	return s, true, nil
}

// readBool decodes raw, the element at p, as a boolean; ok is false when raw
// is absent or null.
func readBool(raw json.RawMessage, p string) (b, ok bool, v *spec.Violation) {
	switch {
	case refjson.IsNull(raw):
		return false, false, nil
	case string(raw) == "true":
		return true, true, nil
	case string(raw) == "false":
		return false, true, nil
	}
	return false, false, shapeViolation(p, "want a boolean, got %s", refjson.Clip(raw))
}

// readStrings decodes raw, the element at p, as an array of strings.
func readStrings(raw json.RawMessage, p string) ([]string, *spec.Violation) {
	a, _, v := readArray(raw, p)
	if v != nil {
		return nil, v
	}
	out := make([]string, 0, len(a))
	for i, e := range a {
		s, ok, v := readString(e, jindex(p, i))
		if v != nil {
			return nil, v
		}
		if !ok {
			return nil, shapeViolation(jindex(p, i), "want a string, got null")
		}
		out = append(out, s)
	}
	return out, nil
}

// rawArgs returns the canonical text of call arguments given as JSON (an
// object, or anything else that HIST-6 then judges): without
// insignificant white space; absent or null arguments are "{}".
func rawArgs(raw json.RawMessage) string {
	if refjson.IsNull(raw) {
		return "{}"
	}
	return refjson.Compact(raw)
}

// rawSchema returns the canonical text of a tool's input schema: compacted
// JSON, "" when absent or null.
func rawSchema(raw json.RawMessage) string {
	if refjson.IsNull(raw) {
		return ""
	}
	return refjson.Compact(raw)
}

// builder is the History a decoder builds, with the document path of
// every element.
type builder struct {
	h  spec.History
	pm PathMap
	vs []spec.Violation
	// began says a message other than a leading system message was read:
	// system content from then on is a message of role RoleSystem.
	began bool
}

// newBuilder returns an empty builder.
func newBuilder() *builder { return &builder{pm: PathMap{}} }

// done returns the decoder's results, with v (if any) appended.
func (s *builder) done(v *spec.Violation) (spec.History, PathMap, []spec.Violation) {
	if v != nil {
		s.vs = append(s.vs, *v)
	}
	return s.h, s.pm, s.vs
}

// loss records a decode-side loss at document path p.
func (s *builder) loss(rule spec.RuleID, p, format string, args ...any) {
	s.vs = append(s.vs, loss(rule, p, format, args...))
}

// system appends a block to History.System, found at document path p.
func (s *builder) system(pt spec.Part, p string) {
	s.pm[systemPath(len(s.h.System))] = p
	s.h.System = append(s.h.System, pt)
}

// message appends an empty message of role r, found at document path p,
// and returns its index.
func (s *builder) message(r spec.Role, p string) int {
	i := len(s.h.Messages)
	s.pm[messagePath(i)] = p
	s.h.Messages = append(s.h.Messages, spec.Message{Role: r})
	if r != spec.RoleSystem {
		s.began = true
	}
	return i
}

// run returns the index of the last message when it has role r (the run
// of one turn goes on), else a new message of role r at p.
func (s *builder) run(r spec.Role, p string) int {
	if n := len(s.h.Messages); n > 0 && s.h.Messages[n-1].Role == r {
		return n - 1
	}
	return s.message(r, p)
}

// part appends pt, found at document path p, to message i.
func (s *builder) part(i int, pt spec.Part, p string) {
	m := &s.h.Messages[i]
	s.pm[partPath(i, len(m.Parts))] = p
	m.Parts = append(m.Parts, pt)
}

// result appends a tool message holding the result pt, found at document
// path p, with contentPaths the document path of each of its Content.
func (s *builder) result(pt spec.Part, p string, contentPaths []string) {
	i := s.message(spec.RoleTool, p)
	s.part(i, pt, p)
	for k, cp := range contentPaths {
		s.pm[contentPath(i, 0, k)] = cp
	}
}

// tool appends a tool found at document path p.
func (s *builder) tool(t spec.Tool, p string) {
	s.pm[toolPath(len(s.h.Tools))] = p
	s.h.Tools = append(s.h.Tools, t)
}

// A jsonValue is one node of the JSON tree an encoder writes: objects keep
// their members in the order they were added.
type jsonValue interface{ writeJSON(b *bytes.Buffer) }

type (
	jsonObject []jsonMember
	jsonArray  []jsonValue
	jsonString string
	jsonRaw    string // valid JSON text, written verbatim
	jsonBool   bool
)

type jsonMember struct {
	k string
	v jsonValue
}

// add returns o with member k: v appended.
func (o jsonObject) add(k string, v jsonValue) jsonObject { return append(o, jsonMember{k, v}) }

func (o jsonObject) writeJSON(b *bytes.Buffer) {
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		jsonString(m.k).writeJSON(b)
		b.WriteByte(':')
		m.v.writeJSON(b)
	}
	b.WriteByte('}')
}

func (a jsonArray) writeJSON(b *bytes.Buffer) {
	b.WriteByte('[')
	for i, v := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		v.writeJSON(b)
	}
	b.WriteByte(']')
}

func (s jsonString) writeJSON(b *bytes.Buffer) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(string(s)) // a string always encodes
	b.Write(bytes.TrimSuffix(out.Bytes(), []byte{'\n'}))
}

func (r jsonRaw) writeJSON(b *bytes.Buffer) { b.WriteString(string(r)) }

func (v jsonBool) writeJSON(b *bytes.Buffer) { b.WriteString(strconv.FormatBool(bool(v))) }

// jsonBytes returns the JSON text of v.
func jsonBytes(v jsonValue) []byte {
	var b bytes.Buffer
	v.writeJSON(&b)
	return b.Bytes()
}

// isJSON reports whether s is one JSON value, which an encoder may write
// verbatim.
func isJSON(s string) bool {
	return len(refjson.TrimSpace([]byte(s))) > 0 && json.Valid([]byte(s))
}

// partRule is the XLATE rule under which a part of kind k that a target
// cannot carry is named.
func partRule(k spec.PartKind) spec.RuleID {
	switch k {
	case spec.PartThinking, spec.PartRedacted:
		return spec.XlateThinking
	case spec.PartCall:
		return spec.XlateIdentity
	}
	return spec.XlateOpaque
}

// partName names a part of kind k in a loss message.
func partName(k spec.PartKind) string {
	switch k {
	case spec.PartText:
		return "text"
	case spec.PartThinking:
		return "thinking"
	case spec.PartRedacted:
		return "redacted reasoning"
	case spec.PartCall:
		return "tool call"
	case spec.PartResult:
		return "tool result"
	case spec.PartImage:
		return "image"
	case spec.PartOpaque:
		return "opaque block"
	}
	return "part of kind " + strconv.Itoa(int(k))
}

// encoder collects the losses of one encoding.
type encoder struct {
	f  spec.Format
	vs []spec.Violation
	// last is the role of the last message written (0 before any), and
	// began says a message other than a system message was written.
	last  spec.Role
	began bool
}

// lose records a loss of rule at canonical path p.
func (e *encoder) lose(rule spec.RuleID, p, format string, args ...any) {
	e.vs = append(e.vs, loss(rule, p, format, args...))
}

// losePart records the loss of part pt at canonical path p, with why.
func (e *encoder) losePart(pt spec.Part, p, why string) {
	e.lose(partRule(pt.Kind), p, "%s: %s", partName(pt.Kind), why)
}

// own reports whether the image or opaque part pt is JSON of the
// encoder's format, and so can be written verbatim; it names the loss of
// one that is not.
func (e *encoder) own(pt spec.Part, p string) bool {
	if pt.Format != e.f {
		e.losePart(pt, p, fmt.Sprintf("%s JSON of format %q cannot be written in %s", partName(pt.Kind), pt.Format, e.f))
		return false
	}
	if !isJSON(pt.Data) {
		e.losePart(pt, p, "its data is not JSON")
		return false
	}
	return true
}

// strictness is the Strictness of a strict setting that is on or off.
func strictness(on bool) spec.Strictness {
	if on {
		return spec.StrictOn
	}
	return spec.StrictOff
}

// strictLoss names, for a format that holds no tool to its schema, the
// strict setting of tool t, i-th of the History's tools (XLATE-6).
func strictLoss(t spec.Tool, i int, f spec.Format) []spec.Violation {
	if t.Strict != spec.StrictOn {
		return nil
	}
	return []spec.Violation{loss(spec.XlateTools, toolPath(i)+".strict", "strict schema adherence: %s holds no tool's calls to its schema", f)}
}

// responsesCallLosses names what call part pt, at canonical path p, holds
// that only an OpenAI Responses request carries, for an encoder of another
// format f: its item id (ID-12) and its namespace (NAME-6), each an
// XLATE-5 loss.
func responsesCallLosses(pt spec.Part, p string, f spec.Format) []spec.Violation {
	var vs []spec.Violation
	if pt.ItemID != "" {
		vs = append(vs, loss(spec.XlateIdentity, p+".item_id", "the Responses item id %q of a call: %s has none", pt.ItemID, f))
	}
	if pt.Namespace != "" {
		vs = append(vs, loss(spec.XlateIdentity, p+".namespace", "the namespace %q of a call: %s has none, and the call names its tool without it", pt.Namespace, f))
	}
	return vs
}

// signature names the loss of pt's signature, if it has one, for a target
// that cannot carry it.
func (e *encoder) signature(pt spec.Part, p string) {
	if pt.Signature != "" {
		e.lose(spec.XlateThinking, p+".signature", "%s signature: %s carries none", partName(pt.Kind), e.f)
	}
}

// calls returns the calls of message i of h by id, for a result that
// names its call only by id: the assistant message nearest before i.
func turnCalls(h spec.History, i int) []spec.Part {
	for j := i - 1; j >= 0; j-- {
		switch h.Messages[j].Role {
		case spec.RoleTool:
			continue
		case spec.RoleAssistant:
			var calls []spec.Part
			for _, pt := range h.Messages[j].Parts {
				if pt.Kind == spec.PartCall {
					calls = append(calls, pt)
				}
			}
			return calls
		}
		return nil
	}
	return nil
}

// callOf returns the call of the assistant turn before message i whose
// id is id.
func callOf(h spec.History, i int, id string) (spec.Part, bool) {
	if id == "" {
		return spec.Part{}, false
	}
	for _, c := range turnCalls(h, i) {
		if c.ID == id {
			return c, true
		}
	}
	return spec.Part{}, false
}

// resultName handles the tool name of result pt of message i for a target
// whose results pair by id alone and carry no name (XLATE-5): a result
// with an id gives the target all it needs, and its name is not written;
// one that names its tool but has no id pairs by name alone, which the
// target cannot do, and is named. (A call or result without the id the
// target needs is written without one, never given a made-up one:
// checking the target names it, HIST-6.)
func (e *encoder) resultName(pt spec.Part, p string) {
	if pt.ID == "" && pt.Name != "" {
		e.lose(spec.XlateIdentity, p, "result that pairs by its tool name %q alone: %s pairs results by id", pt.Name, e.f)
	}
}

// leadingSystem names system message i when no message but system
// messages was written before it: a decoder reads it back as part of the
// system prompt.
func (e *encoder) leadingSystem(i int) {
	if !e.began {
		e.lose(spec.XlateSystem, messagePath(i), "system message before the conversation's first message: %s reads it back as part of the system prompt", e.f)
	}
}

// wrote records that message i, of role r, was written; merges says the
// target reads a message of role r right after another of that role as
// one message, and so names the boundary it loses.
func (e *encoder) wrote(i int, r spec.Role, merges bool) {
	if merges && e.last == r {
		e.lose(spec.XlateOpaque, messagePath(i), "two %s messages in a row: %s reads them back as one", roleName(r), e.f)
	}
	e.last = r
	if r != spec.RoleSystem {
		e.began = true
	}
}

// roleName names role r in a loss message.
func roleName(r spec.Role) string {
	switch r {
	case spec.RoleUser:
		return "user"
	case spec.RoleAssistant:
		return "assistant"
	case spec.RoleTool:
		return "tool"
	case spec.RoleSystem:
		return "system"
	}
	return "role " + strconv.Itoa(int(r))
}

// badRole names message i, of a role no format has, as a loss.
func (e *encoder) badRole(i int, r spec.Role) {
	e.lose(spec.XlateOpaque, messagePath(i), "message of unknown role %d left out", r)
}

// noParams is the input schema of a function without parameters, which
// Anthropic and Bedrock write for a tool that has none (XLATE-6): both
// require one, and a tool without a schema means no parameters where a
// format may leave it out (OpenAI chat's parameters, Gemini's
// FunctionDeclaration).
const noParams = `{"type":"object","properties":{}}`

// toolSchema returns tool t's schema as a JSON value to write, or false
// (naming the loss) when it has none or one that is not a JSON object.
func (e *encoder) toolSchema(t spec.Tool, i int) (jsonValue, bool) {
	if t.Schema == "" {
		return nil, false
	}
	if !isJSONObject(t.Schema) {
		e.lose(spec.XlateTools, toolPath(i)+".schema", "input schema is not a JSON object; %s writes it as one", e.f)
		return nil, false
	}
	return jsonRaw(t.Schema), true
}

// callArgs returns call pt's arguments as a JSON object to write, naming
// the loss (and writing {}) when they are not one.
func (e *encoder) callArgs(pt spec.Part, p string) jsonValue {
	if isJSONObject(pt.Args) {
		return jsonRaw(pt.Args)
	}
	e.lose(spec.XlateIdentity, p+".args", "arguments %s are not a JSON object: %s writes them as one, {} here", refjson.Clip([]byte(pt.Args)), e.f)
	return jsonRaw("{}")
}
