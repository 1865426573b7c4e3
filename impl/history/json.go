package history

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file holds what the history codecs share: reading a validated
// document with a document path in every error (HIST-8), recording
// decoded messages and their paths, and writing JSON with a fixed key
// order into one buffer.
//
// Reading. docObject validates the whole document once (json.Valid's rules and
// nesting limit), so that nothing is allocated for a document that cannot
// be read and every later step may skip values without checking them
// again. A member is looked up among an object's members in one pass
// (membersNamed), the last of a repeated name winning, as encoding/json's
// decoding into a map does.

// jpath joins a document path and a member name.
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
	return []spec.Violation{{Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: p,
		Message: fmt.Sprintf(format, args...)}}
}

// docObject returns the document's object, validated, or a HIST-8 violation.
func docObject(doc []byte) ([]byte, []spec.Violation) {
	d := jsonwire.TrimSpace(doc)
	if len(d) == 0 || d[0] != '{' || !jsonwire.Valid(d) {
		return nil, shapeErr("$", "the document is not one JSON object")
	}
	return d, nil
}

// membersNamed sets vals[k] to the value of the last member of the object o
// named keys[k], or nil; o is valid JSON.
func membersNamed(o []byte, keys []string, vals [][]byte) {
	for k := range vals {
		vals[k] = nil
	}
	i := jsonwire.SkipSpace(o, 1)
	for i < len(o) && o[i] == '"' {
		ks := i
		i = jsonwire.SkipString(o, i)
		key := o[ks:i]
		i = jsonwire.SkipSpace(o, i)
		i = jsonwire.SkipSpace(o, i+1) // the colon
		vs := i
		i = jsonwire.SkipValue(o, i)
		for k, name := range keys {
			if jsonwire.KeyIs(key, name) {
				vals[k] = o[vs:i]
			}
		}
		i = jsonwire.SkipSpace(o, i)
		if i < len(o) && o[i] == ',' {
			i = jsonwire.SkipSpace(o, i+1)
		}
	}
}

// eachMember calls fn with the raw key and value of each member of the valid
// object o, in order.
func eachMember(o []byte, fn func(key, val []byte)) {
	i := jsonwire.SkipSpace(o, 1)
	for i < len(o) && o[i] == '"' {
		ks := i
		i = jsonwire.SkipString(o, i)
		key := o[ks:i]
		i = jsonwire.SkipSpace(o, i)
		i = jsonwire.SkipSpace(o, i+1) // the colon
		vs := i
		i = jsonwire.SkipValue(o, i)
		fn(key, o[vs:i])
		i = jsonwire.SkipSpace(o, i)
		if i < len(o) && o[i] == ',' {
			i = jsonwire.SkipSpace(o, i+1)
		}
	}
}

// member is the value of the last member of o named key, or nil.
func member(o []byte, key string) []byte {
	var v [1][]byte
	membersNamed(o, []string{key}, v[:])
	return v[0]
}

// eachElem calls fn with each element of the valid array arr, in order,
// until fn returns false.
func eachElem(arr []byte, fn func(i int, v []byte) bool) {
	i := jsonwire.SkipSpace(arr, 1)
	for n := 0; i < len(arr) && arr[i] != ']'; n++ {
		s := i
		i = jsonwire.SkipValue(arr, i)
		if !fn(n, arr[s:i]) {
			return
		}
		i = jsonwire.SkipSpace(arr, i)
		if i < len(arr) && arr[i] == ',' {
			i = jsonwire.SkipSpace(arr, i+1)
		}
	}
}

// elemCount is the number of elements of the valid array arr.
func elemCount(arr []byte) int {
	n := 0
	eachElem(arr, func(int, []byte) bool { n++; return true })
	return n
}

// jsonType names the JSON type of raw for an error message.
func jsonType(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	return jsonwire.Kind(raw[0])
}

// isNull reports whether raw is absent or null.
func isNull(raw []byte) bool { return len(raw) == 0 || string(raw) == "null" }

// asObject returns raw, at path p, as an object; ok is false when raw is
// absent or null.
func asObject(raw []byte, p string) ([]byte, bool, []spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, shapeErr(p, "want an object, got a JSON %s", jsonType(raw))
	}
	return raw, true, nil
}

// asArray returns raw, at path p, as an array; ok is false when raw is absent
// or null.
func asArray(raw []byte, p string) ([]byte, bool, []spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, shapeErr(p, "want an array, got a JSON %s", jsonType(raw))
	}
	return raw, true, nil
}

// asString decodes raw, at path p, as a string; ok is false when raw is absent
// or null.
func asString(raw []byte, p string) (string, bool, []spec.Violation) {
	if isNull(raw) {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, shapeErr(p, "want a string, got a JSON %s", jsonType(raw))
	}
	return unquote(raw), true, nil
}

// unquote is the decoded content of the valid JSON string raw.
func unquote(raw []byte) string {
	in := raw[1 : len(raw)-1]
	if jsonwire.PlainKey(in) {
		return string(in)
	}
	return string(jsonwire.AppendUnquote(make([]byte, 0, len(in)), raw))
}

// asBool decodes raw, at path p, as a boolean; ok is false when raw is
// absent or null.
func asBool(raw []byte, p string) (bool, bool, []spec.Violation) {
	if isNull(raw) {
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

// compact is the valid JSON value raw without insignificant white space.
func compact(raw []byte) string {
	return string(jsonwire.AppendCompact(make([]byte, 0, len(raw)), raw))
}

// argsText is the canonical text of arguments or a schema given as JSON text:
// compact when it is valid JSON, verbatim when not (HIST-6 names it).
func argsText(s string) string {
	if !jsonwire.Valid([]byte(s)) {
		return s
	}
	return string(jsonwire.AppendCompact(make([]byte, 0, len(s)), []byte(s)))
}

// isJSONObject reports whether s is the text of one JSON object.
func isJSONObject(s string) bool { return objectProblem(s) == "" }

// opaqueTool keeps a tool no rule knows verbatim, with its "name" when it
// has a string one.
func opaqueTool(o []byte, f spec.Format) spec.Tool {
	name, _, _ := asString(member(o, "name"), "")
	return spec.Tool{Name: name, Data: compact(o), Format: f}
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

// loss is a ClassLoss violation of rule at canonical path p.
func loss(rule spec.RuleID, p, format string, args ...any) spec.Violation {
	return spec.Violation{Rule: rule, Class: spec.ClassLoss, Call: spec.NoCall, Path: p, Message: fmt.Sprintf(format, args...)}
}

// formatName names the format of an opaque part for a message.
func formatName(f spec.Format) string {
	if f == "" {
		return "no format"
	}
	return string(f)
}

// Writing.

// writer writes one JSON document: values go into b, each member and
// element preceded by a comma unless it is the first of its container.
type writer struct {
	b     []byte
	first bool // the next member or element is the first of its container
}

// writerMark is a position of a writer to go back to.
type writerMark struct {
	n     int
	first bool
}

func (w *writer) mark() writerMark   { return writerMark{len(w.b), w.first} }
func (w *writer) reset(m writerMark) { w.b, w.first = w.b[:m.n], m.first }

// sep writes the comma before a member or element.
func (w *writer) sep() {
	if !w.first {
		w.b = append(w.b, ',')
	}
	w.first = false
}

// open starts an object or array as a value, close ends it.
func (w *writer) open(c byte)  { w.b = append(w.b, c); w.first = true }
func (w *writer) close(c byte) { w.b = append(w.b, c); w.first = false }

// key writes a member's name and colon; its value follows.
func (w *writer) key(k string) {
	w.sep()
	w.b = quote(w.b, k)
	w.b = append(w.b, ':')
}

// elem starts an element of an array; its value follows.
func (w *writer) elem() { w.sep() }

// str writes the JSON string s; raw writes JSON text as it is.
func (w *writer) str(s string) { w.b = quote(w.b, s) }
func (w *writer) raw(s string) { w.b = append(w.b, s...) }
func (w *writer) boolean(v bool) {
	w.b = strconv.AppendBool(w.b, v)
}

// strMember writes the member k with string value s; strMemberIf only
// when s is not empty.
func (w *writer) strMember(k, s string) { w.key(k); w.str(s) }
func (w *writer) strMemberIf(k, s string) {
	if s != "" {
		w.strMember(k, s)
	}
}

// quote appends the JSON text of the string s as encoding/json writes it
// without HTML escapes: \" \\ \b \f \n \r \t, \u00XX for other control
// bytes, \u2028 and \u2029 escaped, invalid UTF-8 as \ufffd.
func quote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// dropped returns a loss of rule at p.key for each member of the valid
// object o (at path p, described by what) that is not in known and not
// null (model's dropped): a member no History holds, named rather than
// dropped silently. By name, for a stable order; a key repeated counts
// once.
func dropped(rule spec.RuleID, o []byte, p, what string, known ...string) []spec.Violation {
	if len(o) == 0 || o[0] != '{' {
		return nil
	}
	last := map[string][]byte{}
	var keys []string
	eachMember(o, func(key, val []byte) {
		k := unquote(key)
		if _, seen := last[k]; !seen {
			keys = append(keys, k)
		}
		last[k] = val
	})
	slices.Sort(keys)
	var vs []spec.Violation
	for _, k := range keys {
		if !slices.Contains(known, k) && !isNull(last[k]) {
			vs = append(vs, loss(rule, jpath(p, k), "%s of %s: a history has no place for it", k, what))
		}
	}
	return vs
}

// jsonStr is the string the valid JSON raw holds, or "" when it holds none.
func jsonStr(raw []byte) string {
	if len(raw) == 0 || raw[0] != '"' {
		return ""
	}
	return unquote(raw)
}
