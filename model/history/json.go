package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the JSON helpers the history codecs share: decoding with
// a document path in every error (HIST-8), and writing JSON with a fixed
// key order.

// jpath joins a document path and a member name: "" and "messages" give
// "messages", "messages[2]" and "content" give "messages[2].content".
func jpath(p, key string) string {
	if p == "" || p == "$" {
		return key
	}
	return p + "." + key
}

// jindex appends an array index to a document path.
func jindex(p string, i int) string { return p + "[" + strconv.Itoa(i) + "]" }

// shapeErr is a HIST-8 violation at document path p.
func shapeErr(p, format string, args ...any) []spec.Violation {
	if p == "" {
		p = "$"
	}
	return []spec.Violation{{
		Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: p,
		Message: fmt.Sprintf(format, args...),
	}}
}

// addMessage appends a message decoded from document path p, and the
// paths of its parts.
func addMessage(h *spec.History, pm PathMap, p string, role spec.Role, parts []spec.Part, paths []string) {
	i := len(h.Messages)
	pm[messagePath(i)] = p
	for j, pp := range paths {
		pm[partPath(i, j)] = pp
	}
	h.Messages = append(h.Messages, spec.Message{Role: role, Parts: parts})
}

// jsonType names the JSON type of raw for an error message.
func jsonType(raw json.RawMessage) string {
	raw = refjson.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	return refjson.Kind(raw[0])
}

// docObject decodes a whole document as one JSON object (HIST-8).
func docObject(doc []byte) (refjson.Object, []spec.Violation) {
	d := refjson.TrimSpace(doc)
	if len(d) == 0 || d[0] != '{' || !json.Valid(d) {
		return nil, shapeErr("$", "the document is not one JSON object")
	}
	var o refjson.Object
	if err := json.Unmarshal(d, &o); err != nil {
		return nil, shapeErr("$", "the document is not one JSON object: %v", err)
	}
	return o, nil
}

// asObject decodes raw, at path p, as an object; ok is false when raw is
// absent or null.
func asObject(raw json.RawMessage, p string) (refjson.Object, bool, []spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, shapeErr(p, "want an object, got a JSON %s", jsonType(raw))
	}
	var o refjson.Object
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, false, shapeErr(p, "%v", err)
	}
	return o, true, nil
}

// asArray decodes raw, at path p, as an array; ok is false when raw is
// absent or null.
func asArray(raw json.RawMessage, p string) ([]json.RawMessage, bool, []spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, shapeErr(p, "want an array, got a JSON %s", jsonType(raw))
	}
	var a []json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, false, shapeErr(p, "%v", err)
	}
	return a, true, nil
}

// asString decodes raw, at path p, as a string; ok is false when raw is
// absent or null.
func asString(raw json.RawMessage, p string) (string, bool, []spec.Violation) {
	if refjson.IsNull(raw) {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, shapeErr(p, "want a string, got a JSON %s", jsonType(raw))
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, shapeErr(p, "%v", err)
	}
	return s, true, nil
}

// asBool decodes raw, at path p, as a boolean; ok is false when raw is
// absent or null.
func asBool(raw json.RawMessage, p string) (bool, bool, []spec.Violation) {
	if refjson.IsNull(raw) {
		return false, false, nil
	}
	switch string(raw) {
	case "true":
		return true, true, nil
	case "false":
		return false, true, nil
	}
	return false, false, shapeErr(p, "want a boolean, got a JSON %s", jsonType(raw))
}

// argsText is the canonical text of a call's arguments or a schema given as
// JSON text: without insignificant white space when it is valid JSON,
// verbatim when not (HIST-6 then names it).
func argsText(s string) string {
	if !json.Valid([]byte(s)) {
		return s
	}
	return refjson.Compact(json.RawMessage(s))
}

// Writing. Every value is built as its JSON text; objects take their
// members in the order given, so that an encoder's output is
// deterministic.

// jstr is the JSON text of the string s (HTML characters not escaped;
// invalid UTF-8 becomes U+FFFD, as encoding/json writes it).
func jstr(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// jbool is the JSON text of b.
func jbool(b bool) string { return strconv.FormatBool(b) }

// jobj is the JSON text of an object with the members kv (name, JSON text,
// name, JSON text, ...), in that order; a member whose text is "" is left
// out.
func jobj(kv ...string) string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jstr(kv[i]) + ":" + kv[i+1])
		n++
	}
	b.WriteByte('}')
	return b.String()
}

// jarr is the JSON text of an array of the JSON texts elems.
func jarr(elems []string) string { return "[" + strings.Join(elems, ",") + "]" }

// isJSONObject reports whether s is the text of one JSON object.
func isJSONObject(s string) bool { return objectProblem(s) == "" }

// loss is a ClassLoss violation of rule at canonical path p.
func loss(rule spec.RuleID, p, format string, args ...any) spec.Violation {
	return spec.Violation{Rule: rule, Class: spec.ClassLoss, Call: spec.NoCall, Path: p, Message: fmt.Sprintf(format, args...)}
}

// opaqueTool keeps a tool no rule knows verbatim, with its "name" when it
// has a string one.
func opaqueTool(o refjson.Object, raw json.RawMessage, f spec.Format) spec.Tool {
	name, _, _ := asString(o["name"], "")
	return spec.Tool{Name: name, Data: refjson.Compact(raw), Format: f}
}

// dropped returns a loss of rule at p.key for each member of the object raw
// (at path p, described by what: "a text block") that is not in known and
// not null: a member the decoder does not put in the History, named
// rather than dropped silently. By name, for a stable order.
func dropped(rule spec.RuleID, raw json.RawMessage, p, what string, known ...string) []spec.Violation {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	var keys []string
	for k, v := range m {
		if !slices.Contains(known, k) && !refjson.IsNull(v) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var vs []spec.Violation
	for _, k := range keys {
		vs = append(vs, spec.Violation{Rule: rule, Class: spec.ClassLoss, Call: spec.NoCall, Path: jpath(p, k),
			Message: fmt.Sprintf("%s of %s: a history has no place for it", k, what)})
	}
	return vs
}

// jsonStr is the string raw holds, or "" when it holds none.
func jsonStr(raw json.RawMessage) string {
	var s string
	if refjson.IsNull(raw) || json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// formatName names the format of an opaque part for a message.
func formatName(f spec.Format) string {
	if f == "" {
		return "no format"
	}
	return string(f)
}
