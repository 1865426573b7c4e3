package history

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file holds what the codecs of Responses, Ollama, Gemini and
// Bedrock share, as model's codec.go does for its twins: their shape
// violations quote the offending JSON (jsonwire.Clip), they build the
// History and its PathMap in one state (builder), and their encoders keep
// the loss bookkeeping (encoder) and name a loss at a field step of the
// element ("messages[i].parts[j].signature", "tools[i].schema",
// "tool_choice.parallel") when they keep the element but not the field.

// shapeViolation is the HIST-8 violation at document path p, quoting nothing.
func shapeViolation(p, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: p, Message: fmt.Sprintf(format, args...)}
}

// rootObject returns the document's object, validated, or a HIST-8
// violation at "$".
func rootObject(doc []byte) ([]byte, *spec.Violation) {
	d := jsonwire.TrimSpace(doc)
	if len(d) == 0 || d[0] != '{' {
		return nil, shapeViolation("$", "a history document is one JSON object, got %s", jsonwire.Clip(d))
	}
	if !jsonwire.Valid(d) {
		return nil, shapeViolation("$", "not valid JSON: %s", strings.TrimPrefix(jsonwire.ArgsProblem(d), "arguments are not one JSON object: "))
	}
	return d, nil
}

// readObject, readArray, readString and readBool read raw, the element at p, as their
// type, quoting raw when it has another; ok is false when raw is absent
// or null.
func readObject(raw []byte, p string) ([]byte, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, shapeViolation(p, "want an object, got %s", jsonwire.Clip(raw))
	}
	return raw, true, nil
}

func readArray(raw []byte, p string) ([]byte, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, shapeViolation(p, "want an array, got %s", jsonwire.Clip(raw))
	}
	return raw, true, nil
}

func readString(raw []byte, p string) (string, bool, *spec.Violation) {
	if isNull(raw) {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, shapeViolation(p, "want a string, got %s", jsonwire.Clip(raw))
	}
	return unquote(raw), true, nil
}

func readBool(raw []byte, p string) (bool, bool, *spec.Violation) {
	switch {
	case isNull(raw):
		return false, false, nil
	case string(raw) == "true":
		return true, true, nil
	case string(raw) == "false":
		return false, true, nil
	}
	return false, false, shapeViolation(p, "want a boolean, got %s", jsonwire.Clip(raw))
}

// builder is the History a decoder of these formats builds, with the
// document path of every element.
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

func (s *builder) system(pt spec.Part, p string) {
	s.pm[systemPath(len(s.h.System))] = p
	s.h.System = append(s.h.System, pt)
}

// message appends an empty message of role r found at p; its index.
func (s *builder) message(r spec.Role, p string) int {
	i := len(s.h.Messages)
	s.pm[messagePath(i)] = p
	s.h.Messages = append(s.h.Messages, spec.Message{Role: r})
	if r != spec.RoleSystem {
		s.began = true
	}
	return i
}

// run is the last message when it has role r (one turn goes on), else a
// new message of role r at p.
func (s *builder) run(r spec.Role, p string) int {
	if n := len(s.h.Messages); n > 0 && s.h.Messages[n-1].Role == r {
		return n - 1
	}
	return s.message(r, p)
}

func (s *builder) part(i int, pt spec.Part, p string) {
	m := &s.h.Messages[i]
	s.pm[partPath(i, len(m.Parts))] = p
	m.Parts = append(m.Parts, pt)
}

// result appends a tool message holding the result pt found at p, its
// content at contentPaths.
func (s *builder) result(pt spec.Part, p string, contentPaths []string) {
	i := s.message(spec.RoleTool, p)
	s.part(i, pt, p)
	for k, cp := range contentPaths {
		s.pm[contentPath(i, 0, k)] = cp
	}
}

func (s *builder) tool(t spec.Tool, p string) {
	s.pm[toolPath(len(s.h.Tools))] = p
	s.h.Tools = append(s.h.Tools, t)
}

// isJSON reports whether s is one JSON value.
func isJSON(s string) bool {
	return len(jsonwire.TrimSpace([]byte(s))) > 0 && jsonwire.Valid([]byte(s))
}

// partRule is the XLATE rule of a part of kind k a target cannot carry.
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

// encoder collects the losses of one encoding in format f, and what the
// message-boundary losses need: the role of the last message written, and
// whether a message other than a system message was.
type encoder struct {
	f     spec.Format
	vs    []spec.Violation
	last  spec.Role
	began bool
}

func (e *encoder) lose(rule spec.RuleID, p, format string, args ...any) {
	e.vs = append(e.vs, loss(rule, p, format, args...))
}

func (e *encoder) losePart(pt spec.Part, p, why string) {
	e.lose(partRule(pt.Kind), p, "%s: %s", partName(pt.Kind), why)
}

// own reports whether the image or opaque part pt is JSON of format f,
// written verbatim; it names the loss of one that is not.
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

// strictness mirrors model's strictness.
func strictness(on bool) spec.Strictness {
	if on {
		return spec.StrictOn
	}
	return spec.StrictOff
}

// strictLoss mirrors model's strictLoss: XLATE-6.
func strictLoss(t spec.Tool, i int, f spec.Format) []spec.Violation {
	if t.Strict != spec.StrictOn {
		return nil
	}
	return []spec.Violation{loss(spec.XlateTools, toolPath(i)+".strict", "strict schema adherence: %s holds no tool's calls to its schema", f)}
}

// responsesCallLosses mirrors model's responsesCallLosses: XLATE-5, ID-12,
// NAME-6.
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

// signature names the loss of pt's signature, if it has one.
func (e *encoder) signature(pt spec.Part, p string) {
	if pt.Signature != "" {
		e.lose(spec.XlateThinking, p+".signature", "%s signature: %s carries none", partName(pt.Kind), e.f)
	}
}

// leadingSystem names system message i written before any other message:
// a decoder reads it back as part of the system prompt.
func (e *encoder) leadingSystem(i int) {
	if !e.began {
		e.lose(spec.XlateSystem, messagePath(i), "system message before the conversation's first message: %s reads it back as part of the system prompt", e.f)
	}
}

// wrote records that message i of role r was written; merges says the
// target joins two messages of role r in a row, a boundary lost.
func (e *encoder) wrote(i int, r spec.Role, merges bool) {
	if merges && e.last == r {
		e.lose(spec.XlateOpaque, messagePath(i), "two %s messages in a row: %s reads them back as one", roleName(r), e.f)
	}
	e.last = r
	if r != spec.RoleSystem {
		e.began = true
	}
}

func (e *encoder) badRole(i int, r spec.Role) {
	e.lose(spec.XlateOpaque, messagePath(i), "message of unknown role %d left out", int(r))
}

// noParams is the input schema of a function without parameters, which
// Anthropic and Bedrock write for a tool that has none (XLATE-6): both
// require one, and a tool without a schema means no parameters where a
// format may leave it out (OpenAI chat's parameters, Gemini's
// FunctionDeclaration).
const noParams = `{"type":"object","properties":{}}`

// toolSchema is tool t's schema to write, or "" (its loss named when it
// is not a JSON object).
func (e *encoder) toolSchema(t spec.Tool, i int) string {
	if t.Schema == "" {
		return ""
	}
	if !isJSONObject(t.Schema) {
		e.lose(spec.XlateTools, toolPath(i)+".schema", "input schema is not a JSON object; %s writes it as one", e.f)
		return ""
	}
	return t.Schema
}

// callArgs is call pt's arguments to write as a JSON object: {} with the
// loss named when they are not one.
func (e *encoder) callArgs(pt spec.Part, p string) string {
	if isJSONObject(pt.Args) {
		return pt.Args
	}
	e.lose(spec.XlateIdentity, p+".args", "arguments %s are not a JSON object: %s writes them as one, {} here", jsonwire.Clip([]byte(pt.Args)), e.f)
	return "{}"
}
