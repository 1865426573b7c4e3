package history

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file converts a tool's input schema between JSON Schema, the form
// spec.Tool.Schema holds, and Gemini's Schema, the subset of an OpenAPI 3.0
// Schema Object that a FunctionDeclaration's "parameters" holds (XLATE-6,
// SPEC.md section 11). A schema is never copied from one dialect into the
// other: each member converts, or it is left out and named, an XLATE-6
// loss at its path, to any depth.
//
// Gemini's Schema has the members of genai's Schema type: type (its Type
// enum: STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL), nullable,
// format, title, description, enum (strings), properties, required,
// propertyOrdering, items, anyOf, minItems, maxItems, minLength,
// maxLength, minProperties, maxProperties (int64, which the API's JSON
// also takes as strings), minimum, maximum, default and example.
//
//   - type: the same names, lower case in JSON Schema. nullable true adds
//     null to every keyword that restricts a value's kind: the type
//     (["string","null"]), the enum (a null value) and anyOf (a branch
//     {"type":"null"}); a schema with none of them admits null already.
//   - enum: Gemini's values are strings, also for an INTEGER, NUMBER or
//     BOOLEAN schema ({type: INTEGER, format: enum, enum: ["101", "201"]}
//     in the API's own example): in JSON Schema such a value is the
//     number or boolean it spells.
//   - example is JSON Schema's examples, an array of one value.
//   - propertyOrdering has no JSON Schema keyword; it is kept as it is, as
//     Gemini documents it inside a JSON Schema (parametersJsonSchema's own
//     example), and a JSON Schema validator ignores a keyword it does not
//     know.
//   - the other members are the JSON Schema keywords of the same names.
//
// A member that is null is absent (but a default or example of null).

// SchemaFromGemini returns the JSON Schema that schema, the JSON text of a
// Gemini Schema object (a FunctionDeclaration's "parameters"), means, and
// an XLATE-6 loss for each member it leaves out because it does not
// convert: a member no Gemini Schema has (the API refuses it), a type
// Gemini does not have, a value of the wrong JSON type. A loss's path is
// the member's path in schema ("properties.city.format"; "$" for schema
// itself). The decoder of Gemini requests converts "parameters" with it.
func SchemaFromGemini(schema string) (string, []spec.Violation) {
	c := &schemaConv{}
	if !json.Valid([]byte(schema)) {
		c.lose("$", "the schema is not JSON")
		return "", c.vs
	}
	v, ok := c.fromGemini(json.RawMessage(schema), "$")
	if !ok {
		return "", c.vs
	}
	return string(jsonBytes(v)), c.vs
}

// SchemaToGemini returns the Gemini Schema object (for a
// FunctionDeclaration's "parameters", which Vertex AI and older SDKs
// write) that schema, the JSON text of a JSON Schema, means, and an
// XLATE-6 loss for each keyword it leaves out because Gemini's Schema has
// no counterpart: $ref and $defs, oneOf, allOf, not, const,
// additionalProperties, a type of more than one kind besides null, a
// boolean schema, examples beyond the first, and any other keyword no
// Gemini Schema has (the API refuses a request with one). Paths are as
// for [SchemaFromGemini]. For a Schema converted from Gemini's it gives
// that Schema back: the same bytes when it was written as this writes
// one (types in upper case, counts as numbers, nullable right after its
// type or last, and only where it adds null), the same schema otherwise.
func SchemaToGemini(schema string) (string, []spec.Violation) {
	c := &schemaConv{}
	if !json.Valid([]byte(schema)) {
		c.lose("$", "the schema is not JSON")
		return "", c.vs
	}
	v, ok := c.toGemini(json.RawMessage(schema), "$")
	if !ok {
		return "", c.vs
	}
	return string(jsonBytes(v)), c.vs
}

// schemaConv collects the losses of one conversion.
type schemaConv struct{ vs []spec.Violation }

// lose records an XLATE-6 loss at path p.
func (c *schemaConv) lose(p, format string, args ...any) {
	c.vs = append(c.vs, loss(spec.XlateTools, p, format, args...))
}

// schemaTypes are the types of Gemini's Schema, as JSON Schema names them.
var schemaTypes = []string{"string", "number", "integer", "boolean", "array", "object", "null"}

// schemaCounts are the members of both dialects that are a count (a
// non-negative integer), schemaBounds those that are a number, and
// schemaTexts those that are a string.
var (
	schemaCounts = []string{"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}
	schemaBounds = []string{"minimum", "maximum"}
	schemaTexts  = []string{"format", "title", "description", "pattern"}
)

// schemaObject is a JSON object whose member names are JSON text, so that
// a name read from a schema is written as it was read (escapes kept, as a
// schema kept verbatim keeps them).
type schemaObject []schemaMember

type schemaMember struct {
	key string // the name's JSON text
	v   jsonValue
}

// add returns o with the member named by the JSON text key appended.
func (o schemaObject) add(key string, v jsonValue) schemaObject {
	return append(o, schemaMember{key, v})
}

func (o schemaObject) writeJSON(b *bytes.Buffer) {
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(m.key)
		b.WriteByte(':')
		m.v.writeJSON(b)
	}
	b.WriteByte('}')
}

// schemaMembers returns the members of the JSON object raw, one per name in
// the order of the name's first appearance, each with the value of its
// last (as encoding/json decodes an object into a map); ok is false when
// raw is not one object.
func schemaMembers(raw json.RawMessage) ([]field, bool) {
	raw = refjson.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	all, ok := objectMembers(raw)
	if !ok {
		return nil, false
	}
	var out []field
	at := map[string]int{}
	for _, m := range all {
		m.value = refjson.TrimSpace(m.value)
		if i, seen := at[m.key]; seen {
			out[i].value = m.value
			continue
		}
		at[m.key] = len(out)
		out = append(out, m)
	}
	return out, true
}

// schemaText returns the string raw holds; ok is false when raw is not a
// JSON string.
func schemaText(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// schemaStrings reports whether raw is an array of strings.
func schemaStrings(raw json.RawMessage) bool {
	var a []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &a) != nil {
		return false
	}
	for _, e := range a {
		if _, ok := schemaText(refjson.TrimSpace(e)); !ok {
			return false
		}
	}
	return true
}

// schemaArray returns the elements of the JSON array raw; ok is false when
// raw is not one.
func schemaArray(raw json.RawMessage) ([]json.RawMessage, bool) {
	var a []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &a) != nil {
		return nil, false
	}
	for i := range a {
		a[i] = refjson.TrimSpace(a[i])
	}
	return a, true
}

var (
	countText  = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)
	numberText = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
)

// schemaCount returns the JSON text of the count raw holds: a JSON number
// that is a non-negative integer written without fraction or exponent,
// or, where quoted is set (Gemini's int64 members, which the API's JSON
// reads from a string too), a string holding one.
func schemaCount(raw json.RawMessage, quoted bool) (string, bool) {
	if s, ok := schemaText(raw); ok && quoted {
		return s, countText.MatchString(s)
	}
	return string(raw), countText.MatchString(string(raw))
}

// schemaNumber returns the JSON text of the number raw holds: a JSON
// number, or, where quoted is set, a string holding one.
func schemaNumber(raw json.RawMessage, quoted bool) (string, bool) {
	if s, ok := schemaText(raw); ok && quoted {
		return s, numberText.MatchString(s)
	}
	return string(raw), numberText.MatchString(string(raw))
}

// geminiType returns the JSON Schema name of the Gemini type name s: a
// name of Gemini's Type enum, in upper case as the API reference writes it
// or in lower case as its function-calling guide does.
func geminiType(s string) (string, bool) {
	l := strings.ToLower(s)
	if !slices.Contains(schemaTypes, l) || s != l && s != strings.ToUpper(s) {
		return "", false
	}
	return l, true
}

// fromGemini converts the Gemini Schema raw, at path p, to JSON Schema;
// ok is false (the loss named) when raw is not an object.
func (c *schemaConv) fromGemini(raw json.RawMessage, p string) (jsonValue, bool) {
	raw = refjson.TrimSpace(raw)
	ms, ok := schemaMembers(raw)
	if !ok {
		c.lose(p, "a schema that is %s, not an object: Gemini's Schema is one", schemaKind(raw))
		return nil, false
	}
	// nullable adds null to the type, the enum and anyOf, which are read
	// first.
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
	var out schemaObject
	for _, m := range ms {
		mp := jpath(p, m.key)
		k := string(m.rawKey)
		if refjson.IsNull(m.value) && m.key != "default" && m.key != "example" {
			continue
		}
		switch {
		case m.key == "nullable":
			if string(m.value) != "true" && string(m.value) != "false" {
				c.lose(mp, "nullable %s is not a boolean", refjson.Clip(m.value))
			}
		case m.key == "type":
			if typ == "" {
				c.lose(mp, "type %s is no type of Gemini's Schema", refjson.Clip(m.value))
				continue
			}
			var t jsonValue = jsonString(typ)
			if nullable && typ != "null" {
				t = jsonArray{jsonString(typ), jsonString("null")}
			}
			out = out.add(k, t)
		case slices.Contains(schemaTexts, m.key):
			if _, ok := schemaText(m.value); !ok {
				c.lose(mp, "%s %s is not a string", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(refjson.Compact(m.value)))
		case m.key == "default":
			out = out.add(k, jsonRaw(refjson.Compact(m.value)))
		case m.key == "example":
			out = out.add(`"examples"`, jsonArray{jsonRaw(refjson.Compact(m.value))})
		case m.key == "enum":
			if v, ok := c.enumFromGemini(m.value, typ, nullable, mp); ok {
				out = out.add(k, v)
			}
		case m.key == "required" || m.key == "propertyOrdering":
			if !schemaStrings(m.value) {
				c.lose(mp, "%s %s is not an array of strings", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(refjson.Compact(m.value)))
		case m.key == "properties":
			props, ok := schemaMembers(m.value)
			if !ok {
				c.lose(mp, "properties %s is not an object", refjson.Clip(m.value))
				continue
			}
			po := schemaObject{}
			for _, pm := range props {
				if v, ok := c.fromGemini(pm.value, jpath(mp, pm.key)); ok {
					po = po.add(string(pm.rawKey), v)
				}
			}
			out = out.add(k, po)
		case m.key == "items":
			if v, ok := c.fromGemini(m.value, mp); ok {
				out = out.add(k, v)
			}
		case m.key == "anyOf":
			branches, ok := schemaArray(m.value)
			if !ok || len(branches) == 0 {
				c.lose(mp, "anyOf %s is not an array of schemas", refjson.Clip(m.value))
				continue
			}
			var kept jsonArray
			for n, b := range branches {
				if v, ok := c.fromGemini(b, jindex(mp, n)); ok {
					kept = append(kept, v)
				}
			}
			if len(kept) == 0 {
				continue
			}
			if nullable {
				kept = append(kept, schemaObject{}.add(`"type"`, jsonString("null")))
			}
			out = out.add(k, kept)
		case slices.Contains(schemaCounts, m.key):
			n, ok := schemaCount(m.value, true)
			if !ok {
				c.lose(mp, "%s %s is not a count (a non-negative integer)", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(n))
		case slices.Contains(schemaBounds, m.key):
			n, ok := schemaNumber(m.value, true)
			if !ok {
				c.lose(mp, "%s %s is not a number", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(n))
		default:
			c.lose(mp, "%s: Gemini's Schema has no such member", m.key)
		}
	}
	return out, true
}

// enumFromGemini converts the enum raw, at path p, of a Gemini Schema of
// JSON Schema type typ ("" for none) that is nullable or not: each string
// value is the string, number or boolean it spells for a schema of that
// type, and null is one more value of a nullable schema. ok is false (the
// loss named) when a value does not convert: the enum is left out whole.
func (c *schemaConv) enumFromGemini(raw json.RawMessage, typ string, nullable bool, p string) (jsonValue, bool) {
	vals, ok := schemaArray(raw)
	if !ok || len(vals) == 0 {
		c.lose(p, "enum %s is not an array of values", refjson.Clip(raw))
		return nil, false
	}
	var out jsonArray
	for _, e := range vals {
		s, ok := schemaText(e)
		if !ok {
			c.lose(p, "enum value %s is not a string, as Gemini's enum values are", refjson.Clip(e))
			return nil, false
		}
		switch {
		case typ == "" || typ == "string":
			out = append(out, jsonRaw(refjson.Compact(e)))
		case (typ == "integer" || typ == "number") && numberText.MatchString(s):
			out = append(out, jsonRaw(s))
		case typ == "boolean" && (s == "true" || s == "false"):
			out = append(out, jsonRaw(s))
		default:
			c.lose(p, "enum value %s of a schema of type %s: it spells no value of that type", refjson.Clip(e), typ)
			return nil, false
		}
	}
	if nullable {
		out = append(out, jsonRaw("null"))
	}
	return out, true
}

// schemaKind names the JSON type of raw for a loss: "null" for nothing.
func schemaKind(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "null"
	}
	return "a JSON " + refjson.Kind(raw[0])
}

// jsonSchemaType reads a JSON Schema type, at path p, as Gemini's: the
// upper-case name of its one type besides null, or NULL when null is its
// only type, and whether it admits null. ok is false (the loss named,
// where lose is set) when it has no such name: an unknown type, or more
// than one besides null.
func (c *schemaConv) jsonSchemaType(raw json.RawMessage, p string, lose bool) (name string, null, ok bool) {
	fail := func(format string, args ...any) (string, bool, bool) {
		if lose {
			c.lose(p, format, args...)
		}
		return "", false, false
	}
	var names []string
	if s, isText := schemaText(raw); isText {
		names = []string{s}
	} else if a, isArray := schemaArray(raw); isArray && schemaStrings(raw) && len(a) > 0 {
		for _, e := range a {
			s, _ := schemaText(e)
			names = append(names, s)
		}
	} else {
		return fail("type %s is neither a type name nor an array of them", refjson.Clip(raw))
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
	return fail("type %s: Gemini's Schema has one type besides null", refjson.Compact(raw))
}

// nullBranch reports whether raw is the schema {"type":"null"}.
func nullBranch(raw json.RawMessage) bool {
	ms, ok := schemaMembers(raw)
	if !ok || len(ms) != 1 || ms[0].key != "type" {
		return false
	}
	s, ok := schemaText(ms[0].value)
	return ok && s == "null"
}

// toGemini converts the JSON Schema raw, at path p, to Gemini's Schema; ok
// is false (the loss named) when raw is not an object.
//
// A JSON Schema admits null where each keyword that restricts a value's
// kind does: a type with null among its types, an enum with a null value,
// an anyOf with a branch {"type":"null"}. When all of those it has admit
// null (and it has one, and its type is not null alone), the Schema is
// nullable and says null in none of them; when one of them does not, no
// value is null, and a null elsewhere is left out with nothing lost.
func (c *schemaConv) toGemini(raw json.RawMessage, p string) (jsonValue, bool) {
	raw = refjson.TrimSpace(raw)
	ms, ok := schemaMembers(raw)
	if !ok {
		c.lose(p, "a schema that is %s, not an object: Gemini's Schema is one", schemaKind(raw))
		return nil, false
	}
	restricts, admitsNull := 0, 0
	typeName, hasType := "", false
	for _, m := range ms {
		switch m.key {
		case "type":
			if refjson.IsNull(m.value) {
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
		case "enum":
			vals, ok := schemaArray(m.value)
			if !ok {
				continue
			}
			restricts++
			null, other := false, false
			for _, e := range vals {
				if string(e) == "null" {
					null = true
				} else {
					other = true
				}
			}
			if null && other {
				admitsNull++
			}
		case "anyOf":
			branches, ok := schemaArray(m.value)
			if !ok {
				continue
			}
			restricts++
			null, other := false, false
			for _, b := range branches {
				if nullBranch(b) {
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
	var out schemaObject
	for _, m := range ms {
		mp := jpath(p, m.key)
		k := string(m.rawKey)
		if refjson.IsNull(m.value) && m.key != "default" && m.key != "examples" {
			continue
		}
		switch {
		case m.key == "type":
			if _, _, ok := c.jsonSchemaType(m.value, mp, true); !ok {
				continue
			}
			out = out.add(k, jsonString(typeName))
			if nullable {
				out = out.add(`"nullable"`, jsonBool(true))
			}
		case slices.Contains(schemaTexts, m.key):
			if _, ok := schemaText(m.value); !ok {
				c.lose(mp, "%s %s is not a string", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(refjson.Compact(m.value)))
		case m.key == "default":
			out = out.add(k, jsonRaw(refjson.Compact(m.value)))
		case m.key == "examples":
			ex, ok := schemaArray(m.value)
			if !ok || len(ex) == 0 {
				c.lose(mp, "examples %s is not an array of values", refjson.Clip(m.value))
				continue
			}
			out = out.add(`"example"`, jsonRaw(refjson.Compact(ex[0])))
			for n := 1; n < len(ex); n++ {
				c.lose(jindex(mp, n), "example %s: Gemini's Schema has one example", refjson.Clip(ex[n]))
			}
		case m.key == "enum":
			if v, ok := c.enumToGemini(m.value, typeName == "NULL", mp); ok {
				out = out.add(k, v)
			}
		case m.key == "required" || m.key == "propertyOrdering":
			if !schemaStrings(m.value) {
				c.lose(mp, "%s %s is not an array of strings", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(refjson.Compact(m.value)))
		case m.key == "properties":
			props, ok := schemaMembers(m.value)
			if !ok {
				c.lose(mp, "properties %s is not an object", refjson.Clip(m.value))
				continue
			}
			po := schemaObject{}
			for _, pm := range props {
				if v, ok := c.toGemini(pm.value, jpath(mp, pm.key)); ok {
					po = po.add(string(pm.rawKey), v)
				}
			}
			out = out.add(k, po)
		case m.key == "items":
			if v, ok := c.toGemini(m.value, mp); ok {
				out = out.add(k, v)
			}
		case m.key == "anyOf":
			branches, ok := schemaArray(m.value)
			if !ok || len(branches) == 0 {
				c.lose(mp, "anyOf %s is not an array of schemas", refjson.Clip(m.value))
				continue
			}
			var kept jsonArray
			for n, b := range branches {
				if nullable && nullBranch(b) {
					continue
				}
				if v, ok := c.toGemini(b, jindex(mp, n)); ok {
					kept = append(kept, v)
				}
			}
			if len(kept) > 0 {
				out = out.add(k, kept)
			}
		case slices.Contains(schemaCounts, m.key):
			n, ok := schemaCount(m.value, false)
			if !ok {
				c.lose(mp, "%s %s is not a count written as Gemini reads one", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(n))
		case slices.Contains(schemaBounds, m.key):
			n, ok := schemaNumber(m.value, false)
			if !ok {
				c.lose(mp, "%s %s is not a number", m.key, refjson.Clip(m.value))
				continue
			}
			out = out.add(k, jsonRaw(n))
		default:
			c.lose(mp, "%s: Gemini's Schema has no such member", m.key)
		}
	}
	if nullable && !hasType {
		out = out.add(`"nullable"`, jsonBool(true))
	}
	return out, true
}

// enumToGemini converts the enum raw, at path p, of a JSON Schema to
// Gemini's, whose values are strings: a string stays, a number or boolean
// is the string that spells it, and null is left out (the Schema says it
// with nullable, or admits no null through another keyword), but for a
// schema whose type is null alone. ok is false (the loss named) when a
// value does not convert: the enum is left out whole.
func (c *schemaConv) enumToGemini(raw json.RawMessage, nullType bool, p string) (jsonValue, bool) {
	vals, ok := schemaArray(raw)
	if !ok || len(vals) == 0 {
		c.lose(p, "enum %s is not an array of values", refjson.Clip(raw))
		return nil, false
	}
	var out jsonArray
	for _, e := range vals {
		switch {
		case e[0] == '"':
			out = append(out, jsonRaw(refjson.Compact(e)))
		case string(e) == "null" && !nullType:
		case e[0] == '-' || e[0] >= '0' && e[0] <= '9' || string(e) == "true" || string(e) == "false":
			out = append(out, jsonString(string(e)))
		default:
			c.lose(p, "enum value %s: Gemini's enum values are strings", refjson.Clip(e))
			return nil, false
		}
	}
	if len(out) == 0 {
		c.lose(p, "enum %s of null alone: Gemini's enum values are strings", refjson.Clip(raw))
		return nil, false
	}
	return out, true
}
