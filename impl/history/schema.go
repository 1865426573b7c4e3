package history

import (
	"slices"
	"strings"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file converts a tool's input schema between JSON Schema, the form
// spec.Tool.Schema holds, and Gemini's Schema, the OpenAPI 3.0 subset of a
// FunctionDeclaration's "parameters" (XLATE-6), as model's schema.go says:
// each member converts, or it is left out and named at its path. The
// converters write into one writer as they read; a member whose value
// turns out not to convert is taken back (writer.reset). They find the end
// of an object or array in an index of the schema's containers built in
// one pass (schemaConv.index), not by scanning it again at every level, so
// that a schema nested as deep as JSON is read converts in linear time.

// SchemaFromGemini returns the JSON Schema that schema, the JSON text of a
// Gemini Schema object (a FunctionDeclaration's "parameters"), means, and
// an XLATE-6 loss for each member it leaves out because it does not
// convert, at its path in schema ("$" for schema itself), as model's
// SchemaFromGemini does.
func SchemaFromGemini(schema string) (string, []spec.Violation) {
	c := &schemaConv{}
	if !jsonwire.Valid([]byte(schema)) {
		c.lose("$", "the schema is not JSON")
		return "", c.vs
	}
	c.index([]byte(schema))
	if !c.fromGemini(c.doc, "$") {
		return "", c.vs
	}
	return string(c.w.b), c.vs
}

// SchemaToGemini returns the Gemini Schema object that schema, the JSON
// text of a JSON Schema, means, and an XLATE-6 loss for each keyword it
// leaves out because Gemini's Schema has no counterpart ($ref, $defs,
// oneOf, allOf, const, additionalProperties, a type of more than one kind
// besides null, ...), as model's SchemaToGemini does.
func SchemaToGemini(schema string) (string, []spec.Violation) {
	c := &schemaConv{}
	if !jsonwire.Valid([]byte(schema)) {
		c.lose("$", "the schema is not JSON")
		return "", c.vs
	}
	c.index([]byte(schema))
	if !c.toGemini(c.doc, "$") {
		return "", c.vs
	}
	return string(c.w.b), c.vs
}

// schemaConv is one conversion: the schema written, its losses, and the
// index of the schema read.
type schemaConv struct {
	w  writer
	vs []spec.Violation
	// doc is the JSON text of the schema read, which every value read is
	// a slice of; starts holds the offset in doc of each of its objects
	// and arrays, in order, and ends the offset just after each.
	doc          []byte
	starts, ends []int
}

// index records the containers of doc, valid JSON, in one pass.
func (c *schemaConv) index(doc []byte) {
	c.doc, c.starts, c.ends = doc, c.starts[:0], c.ends[:0]
	var open []int
	for i := 0; i < len(doc); {
		switch doc[i] {
		case '"':
			i = jsonwire.SkipString(doc, i)
			continue
		case '{', '[':
			open = append(open, len(c.starts))
			c.starts = append(c.starts, i)
			c.ends = append(c.ends, 0)
		case '}', ']':
			c.ends[open[len(open)-1]] = i + 1
			open = open[:len(open)-1]
		}
		i++
	}
}

// skip returns the end of the value at raw[i], a slice of the schema
// read: an object's or array's from the index, a scalar's by reading it.
func (c *schemaConv) skip(raw []byte, i int) int {
	if raw[i] == '{' || raw[i] == '[' {
		// raw[i:] is a slice of doc: its offset in doc is what its
		// capacity lacks of doc's.
		if off := cap(c.doc) - cap(raw[i:]); off >= 0 && off < len(c.doc) && &c.doc[off] == &raw[i] {
			if k, ok := slices.BinarySearch(c.starts, off); ok {
				return i + c.ends[k] - off
			}
		}
	}
	return jsonwire.SkipValue(raw, i)
}

// lose records an XLATE-6 loss at path p.
func (c *schemaConv) lose(p, format string, args ...any) {
	c.vs = append(c.vs, loss(spec.XlateTools, p, format, args...))
}

// schemaTypes are the types of Gemini's Schema, as JSON Schema names them.
var schemaTypes = []string{"string", "number", "integer", "boolean", "array", "object", "null"}

// schemaCounts, schemaBounds and schemaTexts are the members of both
// dialects that are a count, a number and a string.
var (
	schemaCounts = []string{"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}
	schemaBounds = []string{"minimum", "maximum"}
	schemaTexts  = []string{"format", "title", "description", "pattern"}
)

// members returns the members of the object raw, a slice of the schema
// read, one per name in the order of its first appearance with the value
// of its last (model's schemaMembers); ok is false when raw is not an
// object.
func (c *schemaConv) members(raw []byte) ([]field, bool) {
	raw = jsonwire.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var out []field
	var at map[string]int
	i := jsonwire.SkipSpace(raw, 1)
	for i < len(raw) && raw[i] == '"' {
		ks := i
		i = jsonwire.SkipString(raw, i)
		key := raw[ks:i]
		i = jsonwire.SkipSpace(raw, i)
		i = jsonwire.SkipSpace(raw, i+1) // the colon
		vs := i
		i = c.skip(raw, i)
		val := raw[vs:i]
		k := unquote(key)
		if n, seen := at[k]; seen {
			out[n].value = val
		} else {
			if at == nil {
				at = map[string]int{}
			}
			at[k] = len(out)
			out = append(out, field{key: k, rawKey: key, value: val})
		}
		i = jsonwire.SkipSpace(raw, i)
		if i < len(raw) && raw[i] == ',' {
			i = jsonwire.SkipSpace(raw, i+1)
		}
	}
	return out, true
}

// schemaText returns the string raw holds; ok is false when raw is not a
// JSON string.
func schemaText(raw []byte) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	return unquote(raw), true
}

// stringArray reports whether raw is an array of strings (model's
// schemaStrings).
func (c *schemaConv) stringArray(raw []byte) bool {
	elems, ok := c.elems(raw)
	for _, e := range elems {
		ok = ok && e[0] == '"'
	}
	return ok
}

// elems returns the elements of the JSON array raw, a slice of the schema
// read (model's schemaArray); ok is false when raw is not one.
func (c *schemaConv) elems(raw []byte) ([][]byte, bool) {
	if len(raw) == 0 || raw[0] != '[' {
		return nil, false
	}
	var out [][]byte
	i := jsonwire.SkipSpace(raw, 1)
	for i < len(raw) && raw[i] != ']' {
		s := i
		i = c.skip(raw, i)
		out = append(out, raw[s:i])
		i = jsonwire.SkipSpace(raw, i)
		if i < len(raw) && raw[i] == ',' {
			i = jsonwire.SkipSpace(raw, i+1)
		}
	}
	return out, true
}

// schemaCount returns the JSON text of the count raw holds: a JSON number
// that is a non-negative integer without fraction or exponent, or, where
// quoted is set (Gemini's int64 members), a string holding one.
func schemaCount(raw []byte, quoted bool) (string, bool) {
	s := string(raw)
	if t, ok := schemaText(raw); ok && quoted {
		s = t
	}
	if s == "" || s[0] == '0' && len(s) > 1 {
		return s, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return s, false
		}
	}
	return s, true
}

// schemaNumber returns the JSON text of the number raw holds: a JSON
// number, or, where quoted is set, a string holding one.
func schemaNumber(raw []byte, quoted bool) (string, bool) {
	s := string(raw)
	if t, ok := schemaText(raw); ok && quoted {
		s = t
	}
	if s == "" || s[0] != '-' && (s[0] < '0' || s[0] > '9') {
		return s, false
	}
	end, ok := jsonwire.ScanNumber([]byte(s), 0)
	return s, ok && end == len(s)
}

// geminiType returns the JSON Schema name of the Gemini type name s, in
// upper or lower case.
func geminiType(s string) (string, bool) {
	l := strings.ToLower(s)
	if !slices.Contains(schemaTypes, l) || s != l && s != strings.ToUpper(s) {
		return "", false
	}
	return l, true
}

// rawKey writes a member's name given as JSON text, and the colon.
func (w *writer) rawKey(k []byte) {
	w.sep()
	w.b = append(w.b, k...)
	w.b = append(w.b, ':')
}

// fromGemini writes the JSON Schema of the Gemini Schema raw, at path p;
// false (the loss named, nothing written) when raw is not an object.
func (c *schemaConv) fromGemini(raw []byte, p string) bool {
	raw = jsonwire.TrimSpace(raw)
	ms, ok := c.members(raw)
	if !ok {
		c.lose(p, "a schema that is %s, not an object: Gemini's Schema is one", schemaKind(raw))
		return false
	}
	nullable, typ := false, ""
	for _, m := range ms {
		switch m.key {
		case "nullable":
			nullable = string(m.value) == "true"
		case "type":
			if s, ok := schemaText(m.value); ok {
				typ, _ = geminiType(s)
			}
		}
	}
	w := &c.w
	w.open('{')
	for _, m := range ms {
		mp := jpath(p, m.key)
		if isNull(m.value) && m.key != "default" && m.key != "example" {
			continue
		}
		switch {
		case m.key == "nullable":
			if string(m.value) != "true" && string(m.value) != "false" {
				c.lose(mp, "nullable %s is not a boolean", jsonwire.Clip(m.value))
			}
		case m.key == "type":
			if typ == "" {
				c.lose(mp, "type %s is no type of Gemini's Schema", jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			if nullable && typ != "null" {
				w.open('[')
				w.elem()
				w.str(typ)
				w.elem()
				w.str("null")
				w.close(']')
			} else {
				w.str(typ)
			}
		case slices.Contains(schemaTexts, m.key):
			if _, ok := schemaText(m.value); !ok {
				c.lose(mp, "%s %s is not a string", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.b = jsonwire.AppendCompact(w.b, m.value)
		case m.key == "default":
			w.rawKey(m.rawKey)
			w.b = jsonwire.AppendCompact(w.b, m.value)
		case m.key == "example":
			w.key("examples")
			w.open('[')
			w.elem()
			w.b = jsonwire.AppendCompact(w.b, m.value)
			w.close(']')
		case m.key == "enum":
			at := w.mark()
			w.rawKey(m.rawKey)
			if !c.enumFromGemini(m.value, typ, nullable, mp) {
				w.reset(at)
			}
		case m.key == "required" || m.key == "propertyOrdering":
			if !c.stringArray(m.value) {
				c.lose(mp, "%s %s is not an array of strings", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.b = jsonwire.AppendCompact(w.b, m.value)
		case m.key == "properties":
			props, ok := c.members(m.value)
			if !ok {
				c.lose(mp, "properties %s is not an object", jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.open('{')
			for _, pm := range props {
				at := w.mark()
				w.rawKey(pm.rawKey)
				if !c.fromGemini(pm.value, jpath(mp, pm.key)) {
					w.reset(at)
				}
			}
			w.close('}')
		case m.key == "items":
			at := w.mark()
			w.rawKey(m.rawKey)
			if !c.fromGemini(m.value, mp) {
				w.reset(at)
			}
		case m.key == "anyOf":
			branches, ok := c.elems(m.value)
			if !ok || len(branches) == 0 {
				c.lose(mp, "anyOf %s is not an array of schemas", jsonwire.Clip(m.value))
				continue
			}
			at := w.mark()
			w.rawKey(m.rawKey)
			w.open('[')
			kept := 0
			for n, b := range branches {
				bm := w.mark()
				w.elem()
				if c.fromGemini(b, jindex(mp, n)) {
					kept++
				} else {
					w.reset(bm)
				}
			}
			if kept == 0 {
				w.reset(at)
				continue
			}
			if nullable {
				w.elem()
				w.raw(`{"type":"null"}`)
			}
			w.close(']')
		case slices.Contains(schemaCounts, m.key):
			n, ok := schemaCount(m.value, true)
			if !ok {
				c.lose(mp, "%s %s is not a count (a non-negative integer)", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.raw(n)
		case slices.Contains(schemaBounds, m.key):
			n, ok := schemaNumber(m.value, true)
			if !ok {
				c.lose(mp, "%s %s is not a number", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.raw(n)
		default:
			c.lose(mp, "%s: Gemini's Schema has no such member", m.key)
		}
	}
	w.close('}')
	return true
}

// enumFromGemini writes the JSON Schema enum of the Gemini enum raw, at
// path p, of a schema of JSON Schema type typ that is nullable or not, as
// model's enumFromGemini does; false (the loss named) when a value does
// not convert.
func (c *schemaConv) enumFromGemini(raw []byte, typ string, nullable bool, p string) bool {
	vals, ok := c.elems(raw)
	if !ok || len(vals) == 0 {
		c.lose(p, "enum %s is not an array of values", jsonwire.Clip(raw))
		return false
	}
	w := &c.w
	w.open('[')
	for _, e := range vals {
		s, ok := schemaText(e)
		if !ok {
			c.lose(p, "enum value %s is not a string, as Gemini's enum values are", jsonwire.Clip(e))
			return false
		}
		_, isNumber := schemaNumber(e, true)
		w.elem()
		switch {
		case typ == "" || typ == "string":
			w.b = jsonwire.AppendCompact(w.b, e)
		case (typ == "integer" || typ == "number") && isNumber:
			w.raw(s)
		case typ == "boolean" && (s == "true" || s == "false"):
			w.raw(s)
		default:
			c.lose(p, "enum value %s of a schema of type %s: it spells no value of that type", jsonwire.Clip(e), typ)
			return false
		}
	}
	if nullable {
		w.elem()
		w.raw("null")
	}
	w.close(']')
	return true
}

// schemaKind names the JSON type of raw for a loss: "null" for nothing.
func schemaKind(raw []byte) string {
	if len(raw) == 0 {
		return "null"
	}
	return "a JSON " + jsonwire.Kind(raw[0])
}

// jsonSchemaType reads a JSON Schema type, at path p, as Gemini's, as
// model's jsonSchemaType does: the upper-case name of its one type besides
// null (NULL when null is its only one), and whether it admits null; ok is
// false (the loss named, where lose is set) when it has no such name.
func (c *schemaConv) jsonSchemaType(raw []byte, p string, lose bool) (name string, null, ok bool) {
	fail := func(format string, args ...any) (string, bool, bool) {
		if lose {
			c.lose(p, format, args...)
		}
		return "", false, false
	}
	var names []string
	if s, isText := schemaText(raw); isText {
		names = []string{s}
	} else if a, isArray := c.elems(raw); isArray && c.stringArray(raw) && len(a) > 0 {
		for _, e := range a {
			names = append(names, unquote(e))
		}
	} else {
		return fail("type %s is neither a type name nor an array of them", jsonwire.Clip(raw))
	}
	var kinds []string
	for _, n := range names {
		switch {
		case !slices.Contains(schemaTypes, n):
			return fail("type %q is no type of Gemini's Schema", n)
		case n == "null":
			null = true
		case !slices.Contains(kinds, n):
			kinds = append(kinds, n)
		}
	}
	switch len(kinds) {
	case 0:
		return "NULL", true, true
	case 1:
		return strings.ToUpper(kinds[0]), null, true
	}
	return fail("type %s: Gemini's Schema has one type besides null", compact(raw))
}

// nullBranch reports whether raw is the schema {"type":"null"}.
func (c *schemaConv) nullBranch(raw []byte) bool {
	ms, ok := c.members(raw)
	if !ok || len(ms) != 1 || ms[0].key != "type" {
		return false
	}
	s, ok := schemaText(ms[0].value)
	return ok && s == "null"
}

// toGemini writes the Gemini Schema of the JSON Schema raw, at path p, as
// model's toGemini does (nullable where every keyword that restricts a
// value's kind admits null); false (the loss named, nothing written) when
// raw is not an object.
func (c *schemaConv) toGemini(raw []byte, p string) bool {
	raw = jsonwire.TrimSpace(raw)
	ms, ok := c.members(raw)
	if !ok {
		c.lose(p, "a schema that is %s, not an object: Gemini's Schema is one", schemaKind(raw))
		return false
	}
	restricts, admitsNull := 0, 0
	typeName, hasType := "", false
	for _, m := range ms {
		switch m.key {
		case "type":
			if isNull(m.value) {
				continue
			}
			var null, ok bool
			typeName, null, ok = c.jsonSchemaType(m.value, "", false)
			if ok {
				hasType = true
				restricts++
				if null {
					admitsNull++
				}
			}
		case "enum", "anyOf":
			elems, ok := c.elems(m.value)
			if !ok {
				continue
			}
			restricts++
			null, other := false, false
			for _, e := range elems {
				if m.key == "enum" && string(e) == "null" || m.key == "anyOf" && c.nullBranch(e) {
					null = true
				} else {
					other = true
				}
			}
			if null && other {
				admitsNull++
			}
		}
	}
	nullable := restricts > 0 && admitsNull == restricts && typeName != "NULL"
	w := &c.w
	w.open('{')
	for _, m := range ms {
		mp := jpath(p, m.key)
		if isNull(m.value) && m.key != "default" && m.key != "examples" {
			continue
		}
		switch {
		case m.key == "type":
			if _, _, ok := c.jsonSchemaType(m.value, mp, true); !ok {
				continue
			}
			w.rawKey(m.rawKey)
			w.str(typeName)
			if nullable {
				w.key("nullable")
				w.boolean(true)
			}
		case slices.Contains(schemaTexts, m.key):
			if _, ok := schemaText(m.value); !ok {
				c.lose(mp, "%s %s is not a string", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.b = jsonwire.AppendCompact(w.b, m.value)
		case m.key == "default":
			w.rawKey(m.rawKey)
			w.b = jsonwire.AppendCompact(w.b, m.value)
		case m.key == "examples":
			ex, ok := c.elems(m.value)
			if !ok || len(ex) == 0 {
				c.lose(mp, "examples %s is not an array of values", jsonwire.Clip(m.value))
				continue
			}
			w.key("example")
			w.b = jsonwire.AppendCompact(w.b, ex[0])
			for n := 1; n < len(ex); n++ {
				c.lose(jindex(mp, n), "example %s: Gemini's Schema has one example", jsonwire.Clip(ex[n]))
			}
		case m.key == "enum":
			at := w.mark()
			w.rawKey(m.rawKey)
			if !c.enumToGemini(m.value, typeName == "NULL", mp) {
				w.reset(at)
			}
		case m.key == "required" || m.key == "propertyOrdering":
			if !c.stringArray(m.value) {
				c.lose(mp, "%s %s is not an array of strings", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.b = jsonwire.AppendCompact(w.b, m.value)
		case m.key == "properties":
			props, ok := c.members(m.value)
			if !ok {
				c.lose(mp, "properties %s is not an object", jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.open('{')
			for _, pm := range props {
				at := w.mark()
				w.rawKey(pm.rawKey)
				if !c.toGemini(pm.value, jpath(mp, pm.key)) {
					w.reset(at)
				}
			}
			w.close('}')
		case m.key == "items":
			at := w.mark()
			w.rawKey(m.rawKey)
			if !c.toGemini(m.value, mp) {
				w.reset(at)
			}
		case m.key == "anyOf":
			branches, ok := c.elems(m.value)
			if !ok || len(branches) == 0 {
				c.lose(mp, "anyOf %s is not an array of schemas", jsonwire.Clip(m.value))
				continue
			}
			at := w.mark()
			w.rawKey(m.rawKey)
			w.open('[')
			kept := 0
			for n, b := range branches {
				if nullable && c.nullBranch(b) {
					continue
				}
				bm := w.mark()
				w.elem()
				if c.toGemini(b, jindex(mp, n)) {
					kept++
				} else {
					w.reset(bm)
				}
			}
			if kept == 0 {
				w.reset(at)
				continue
			}
			w.close(']')
		case slices.Contains(schemaCounts, m.key):
			n, ok := schemaCount(m.value, false)
			if !ok {
				c.lose(mp, "%s %s is not a count written as Gemini reads one", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.raw(n)
		case slices.Contains(schemaBounds, m.key):
			n, ok := schemaNumber(m.value, false)
			if !ok {
				c.lose(mp, "%s %s is not a number", m.key, jsonwire.Clip(m.value))
				continue
			}
			w.rawKey(m.rawKey)
			w.raw(n)
		default:
			c.lose(mp, "%s: Gemini's Schema has no such member", m.key)
		}
	}
	if nullable && !hasType {
		w.key("nullable")
		w.boolean(true)
	}
	w.close('}')
	return true
}

// enumToGemini writes the Gemini enum of the JSON Schema enum raw, at path
// p, as model's enumToGemini does: strings stay, numbers and booleans are
// the strings that spell them, null is left out but for a schema of type
// null alone; false (the loss named) when a value does not convert.
func (c *schemaConv) enumToGemini(raw []byte, nullType bool, p string) bool {
	vals, ok := c.elems(raw)
	if !ok || len(vals) == 0 {
		c.lose(p, "enum %s is not an array of values", jsonwire.Clip(raw))
		return false
	}
	w := &c.w
	w.open('[')
	n := 0
	for _, e := range vals {
		switch {
		case e[0] == '"':
			w.elem()
			w.b = jsonwire.AppendCompact(w.b, e)
		case string(e) == "null" && !nullType:
			continue
		case e[0] == '-' || e[0] >= '0' && e[0] <= '9' || string(e) == "true" || string(e) == "false":
			w.elem()
			w.str(string(e))
		default:
			c.lose(p, "enum value %s: Gemini's enum values are strings", jsonwire.Clip(e))
			return false
		}
		n++
	}
	if n == 0 {
		c.lose(p, "enum %s of null alone: Gemini's enum values are strings", jsonwire.Clip(raw))
		return false
	}
	w.close(']')
	return true
}
