package gen

import (
	"pgregory.net/rapid"
)

// This file draws tool input schemas in the two dialects a history carries
// them in (SPEC.md, XLATE-6): Gemini's Schema, the OpenAPI 3.0 subset of a
// FunctionDeclaration's "parameters", and JSON Schema. The generator knows
// the dialects' keywords, not how they convert: it never asks package
// model.

// schemaNames are the property names drawn.
var schemaNames = []string{"city", "days", "unit", "tags", "a", "b", "query", "limit"}

// geminiTypes are the names of Gemini's Type enum (genai's Type constants).
var geminiTypes = []string{"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"}

// GeminiSchema draws the JSON text of a Gemini Schema object of type
// OBJECT, with properties, items and anyOf nested a few levels. With
// convertible, every member is one that converts to JSON Schema and back
// to the same bytes: types in upper case, nullable right after a type
// (or last, beside an enum or anyOf without a type), enum values that
// spell values of their schema's type, counts and bounds as JSON numbers,
// no NULL branch in an anyOf. Without, members that do not convert are
// drawn besides: members no Gemini Schema has (additionalProperties, $ref,
// oneOf, const, ...), lower-case and unknown type names, counts and bounds
// as strings, values of the wrong JSON type, null members, repeated
// names, schemas that are not objects.
func GeminiSchema(t *rapid.T, convertible bool) string {
	g := &schemaGen{t: t, loose: !convertible}
	return style{esc: rapid.SampledFrom([]escStyle{escMinimal, escGo, escASCII}).Draw(t, "schemaEsc")}.text(g.gemini(0, true))
}

// JSONSchema draws the JSON text of a JSON Schema object of type object,
// with keywords Gemini's Schema has a counterpart for (type, nullable
// through a type array, an enum with null or an anyOf branch of type
// null, examples, counts, ...) and keywords it has none for ($ref, $defs,
// oneOf, allOf, not, const, additionalProperties, a type of several kinds,
// boolean schemas, tuple items, ...).
func JSONSchema(t *rapid.T) string {
	g := &schemaGen{t: t, loose: true}
	return style{}.text(g.jsonSchema(0, true))
}

// schemaGen draws one schema; loose says members that do not convert may be
// drawn.
type schemaGen struct {
	t     *rapid.T
	loose bool
}

// odd reports whether to draw something that does not convert: never for a
// convertible schema, one time in n otherwise.
func (g *schemaGen) odd(n int, label string) bool {
	return g.loose && rapid.IntRange(0, n-1).Draw(g.t, label) == 0
}

// put appends member k: v to o, a second member of that name when o has
// one already.
func put(o *jObj, k string, v any) {
	o.k = append(o.k, k)
	o.v = append(o.v, v)
}

// propertyNames draws the property names of an object schema.
func (g *schemaGen) propertyNames() []string {
	var names []string
	for _, n := range schemaNames {
		if rapid.IntRange(0, 3).Draw(g.t, "property") == 0 {
			names = append(names, n)
		}
	}
	return names
}

// enumValues draws the values of a Gemini enum for a schema of type typ:
// strings that spell values of that type.
func (g *schemaGen) enumValues(typ string) []any {
	n := rapid.IntRange(1, 3).Draw(g.t, "enumValues")
	var out []any
	for i := 0; i < n; i++ {
		switch typ {
		case "INTEGER":
			out = append(out, rapid.SampledFrom([]string{"101", "201", "0", "-3"}).Draw(g.t, "enumInt"))
		case "NUMBER":
			out = append(out, rapid.SampledFrom([]string{"1.5", "2", "-0.25", "1e3"}).Draw(g.t, "enumNumber"))
		case "BOOLEAN":
			out = append(out, rapid.SampledFrom([]string{"true", "false"}).Draw(g.t, "enumBool"))
		default:
			out = append(out, genText(g.t, "enumText", false))
		}
	}
	return out
}

// gemini draws a Gemini Schema at nesting depth depth; top is the
// declaration's own.
func (g *schemaGen) gemini(depth int, top bool) any {
	t := g.t
	if !top && g.odd(12, "schemaNotObject") {
		return rapid.SampledFrom([]any{true, nil, jNum("3"), "x", []any{}}).Draw(t, "notSchema")
	}
	typ := "OBJECT"
	if !top {
		typ = rapid.SampledFrom(append([]string{""}, geminiTypes...)).Draw(t, "type")
		if depth >= 2 && (typ == "OBJECT" || typ == "ARRAY" || typ == "") {
			typ = "STRING"
		}
	}
	// Members come in groups, drawn in an order of their own.
	var groups [][]any // each: key, value, key, value...
	add := func(kv ...any) { groups = append(groups, kv) }
	hasEnum, hasAnyOf := false, false
	if typ != "" && typ != "NULL" && typ != "OBJECT" && typ != "ARRAY" && rapid.IntRange(0, 2).Draw(t, "enum") == 0 {
		hasEnum = true
		add("enum", g.enumValues(typ))
	}
	if typ == "" {
		if rapid.Bool().Draw(t, "anyOfOrEnum") {
			hasEnum = true
			add("enum", g.enumValues(""))
		} else {
			hasAnyOf = true
			var branches []any
			for n := rapid.IntRange(1, 3).Draw(t, "branches"); n > 0; n-- {
				b := g.gemini(depth+1, false)
				if m, ok := b.(*jObj); ok {
					if tv, ok := m.get("type"); ok && tv == "NULL" {
						m.set("type", "STRING")
					}
				}
				branches = append(branches, b)
			}
			add("anyOf", branches)
		}
	}
	nullable := typ != "NULL" && (typ != "" || hasEnum || hasAnyOf) && rapid.IntRange(0, 2).Draw(t, "nullable") == 0
	if typ != "" {
		typeName := any(typ)
		if g.odd(8, "oddType") {
			typeName = rapid.SampledFrom([]any{"object", "string", "Object", "date", "TYPE_UNSPECIFIED", jNum("1"), nil}).Draw(t, "typeName")
		}
		if nullable {
			add("type", typeName, "nullable", true)
		} else {
			add("type", typeName)
		}
	}
	for _, k := range []string{"format", "title", "description", "pattern"} {
		if rapid.IntRange(0, 4).Draw(t, k) == 0 {
			add(k, genText(t, k, false))
		}
	}
	if typ == "OBJECT" {
		names := g.propertyNames()
		props := &jObj{}
		for _, n := range names {
			props.set(n, g.gemini(depth+1, false))
		}
		if len(names) > 0 || rapid.Bool().Draw(t, "emptyProperties") {
			add("properties", props)
		}
		if len(names) > 0 && rapid.Bool().Draw(t, "required") {
			add("required", toAny(names[:rapid.IntRange(1, len(names)).Draw(t, "requiredN")]))
		}
		if len(names) > 1 && rapid.IntRange(0, 2).Draw(t, "ordering") == 0 {
			add("propertyOrdering", toAny(rapid.Permutation(names).Draw(t, "order")))
		}
		for _, k := range []string{"minProperties", "maxProperties"} {
			if rapid.IntRange(0, 5).Draw(t, k) == 0 {
				add(k, num(rapid.IntRange(0, 5).Draw(t, k+"N")))
			}
		}
	}
	if typ == "ARRAY" {
		add("items", g.gemini(depth+1, false))
		for _, k := range []string{"minItems", "maxItems"} {
			if rapid.IntRange(0, 3).Draw(t, k) == 0 {
				add(k, num(rapid.IntRange(0, 9).Draw(t, k+"N")))
			}
		}
	}
	if typ == "STRING" {
		for _, k := range []string{"minLength", "maxLength"} {
			if rapid.IntRange(0, 3).Draw(t, k) == 0 {
				add(k, num(rapid.IntRange(0, 99).Draw(t, k+"N")))
			}
		}
	}
	if typ == "INTEGER" || typ == "NUMBER" {
		for _, k := range []string{"minimum", "maximum"} {
			if rapid.IntRange(0, 3).Draw(t, k) == 0 {
				add(k, jNum(rapid.SampledFrom(numberLits).Draw(t, k+"N")))
			}
		}
	}
	if rapid.IntRange(0, 5).Draw(t, "default") == 0 {
		add("default", genLeaf(t))
	}
	if rapid.IntRange(0, 5).Draw(t, "example") == 0 {
		add("example", genValue(t, false, 2))
	}
	if g.loose {
		g.geminiOdd(add)
	}
	o := &jObj{}
	for _, i := range rapid.Permutation(indexes(len(groups))).Draw(t, "memberOrder") {
		for j := 0; j+1 < len(groups[i]); j += 2 {
			put(o, groups[i][j].(string), groups[i][j+1])
		}
	}
	if nullable && typ == "" {
		put(o, "nullable", true)
	}
	return o
}

// geminiOdd adds members to a Gemini Schema that do not convert.
func (g *schemaGen) geminiOdd(add func(kv ...any)) {
	t := g.t
	if !g.odd(3, "oddMembers") {
		return
	}
	for n := rapid.IntRange(1, 3).Draw(t, "oddN"); n > 0; n-- {
		switch rapid.IntRange(0, 13).Draw(t, "odd") {
		case 0:
			add("additionalProperties", rapid.SampledFrom([]any{false, true, obj("type", "STRING")}).Draw(t, "additional"))
		case 1:
			add("$ref", "#/$defs/x")
		case 2:
			add("oneOf", []any{obj("type", "STRING"), obj("type", "INTEGER")})
		case 3:
			add("const", genLeaf(t))
		case 4:
			add(rapid.SampledFrom([]string{"minItems", "maxLength", "minProperties"}).Draw(t, "countKey"),
				rapid.SampledFrom([]any{"3", "-1", jNum("1.5"), jNum("-2"), "x", "07", jNum("1e2")}).Draw(t, "oddCount"))
		case 5:
			add(rapid.SampledFrom([]string{"minimum", "maximum"}).Draw(t, "boundKey"),
				rapid.SampledFrom([]any{"2.5", "NaN", "-1", true, "1e"}).Draw(t, "oddBound"))
		case 6:
			add("enum", rapid.SampledFrom([]any{[]any{jNum("1"), true}, []any{}, []any{"x", "1"}, "a", []any{nil}}).Draw(t, "oddEnum"))
		case 7:
			add("nullable", rapid.SampledFrom([]any{false, "yes", nil}).Draw(t, "oddNullable"))
		case 8:
			add("properties", rapid.SampledFrom([]any{[]any{}, "p", obj("q", true), obj("r", nil)}).Draw(t, "oddProperties"))
		case 9:
			add("items", rapid.SampledFrom([]any{[]any{obj("type", "STRING")}, false}).Draw(t, "oddItems"))
		case 10:
			add("anyOf", rapid.SampledFrom([]any{[]any{}, obj("type", "STRING"), []any{jNum("1"), obj("type", "NULL")}}).Draw(t, "oddAnyOf"))
		case 11:
			add(rapid.SampledFrom([]string{"required", "propertyOrdering"}).Draw(t, "namesKey"), rapid.SampledFrom([]any{[]any{jNum("1")}, "a"}).Draw(t, "oddNames"))
		case 12:
			add(rapid.SampledFrom([]string{"format", "title", "description", "pattern"}).Draw(t, "textKey"), rapid.SampledFrom([]any{jNum("7"), false, nil}).Draw(t, "oddText"))
		default:
			add("type", rapid.SampledFrom(append([]string{"object", "Number", "TYPE_UNSPECIFIED"}, geminiTypes...)).Draw(t, "secondType"))
		}
	}
}

// jsonSchema draws a JSON Schema at nesting depth depth; top is the
// tool's own.
func (g *schemaGen) jsonSchema(depth int, top bool) any {
	t := g.t
	if !top && rapid.IntRange(0, 9).Draw(t, "booleanSchema") == 0 {
		return rapid.Bool().Draw(t, "booleanValue")
	}
	o := &jObj{}
	typ := "object"
	if !top {
		typ = rapid.SampledFrom([]string{"", "string", "number", "integer", "boolean", "array", "object", "null"}).Draw(t, "jsType")
		if depth >= 2 && (typ == "object" || typ == "array") {
			typ = "string"
		}
	}
	if typ != "" {
		switch rapid.IntRange(0, 5).Draw(t, "typeForm") {
		case 0:
			put(o, "type", []any{typ, "null"})
		case 1:
			put(o, "type", []any{"null", typ})
		case 2:
			put(o, "type", []any{typ, rapid.SampledFrom([]string{"string", "integer", "null"}).Draw(t, "secondType")})
		case 3:
			put(o, "type", rapid.SampledFrom([]any{[]any{typ}, "date", "STRING", []any{}, jNum("1")}).Draw(t, "oddType"))
		default:
			put(o, "type", typ)
		}
	}
	if rapid.IntRange(0, 3).Draw(t, "jsEnum") == 0 {
		var vals []any
		for n := rapid.IntRange(0, 3).Draw(t, "jsEnumN"); n > 0; n-- {
			vals = append(vals, rapid.SampledFrom([]any{"a", "b", jNum("1"), jNum("2.5"), true, nil, obj("x", jNum("1")), []any{}}).Draw(t, "jsEnumValue"))
		}
		put(o, "enum", vals)
	}
	if depth < 2 && rapid.IntRange(0, 3).Draw(t, "jsAnyOf") == 0 {
		var branches []any
		for n := rapid.IntRange(0, 3).Draw(t, "jsBranches"); n > 0; n-- {
			if rapid.IntRange(0, 2).Draw(t, "nullBranch") == 0 {
				branches = append(branches, obj("type", "null"))
			} else {
				branches = append(branches, g.jsonSchema(depth+1, false))
			}
		}
		put(o, "anyOf", branches)
	}
	if typ == "object" {
		props := &jObj{}
		names := g.propertyNames()
		for _, n := range names {
			props.set(n, g.jsonSchema(depth+1, false))
		}
		put(o, "properties", props)
		if len(names) > 0 {
			put(o, "required", toAny(names[:rapid.IntRange(0, len(names)).Draw(t, "jsRequired")]))
		}
	}
	if typ == "array" {
		if rapid.IntRange(0, 4).Draw(t, "tupleItems") == 0 {
			put(o, "items", []any{g.jsonSchema(depth+1, false)})
		} else {
			put(o, "items", g.jsonSchema(depth+1, false))
		}
	}
	for _, k := range []string{"description", "title", "format", "pattern"} {
		if rapid.IntRange(0, 4).Draw(t, "js"+k) == 0 {
			put(o, k, genText(t, k, false))
		}
	}
	if rapid.IntRange(0, 4).Draw(t, "jsExamples") == 0 {
		var ex []any
		for n := rapid.IntRange(0, 3).Draw(t, "jsExamplesN"); n > 0; n-- {
			ex = append(ex, genLeaf(t))
		}
		put(o, "examples", ex)
	}
	for _, k := range []string{"minItems", "maxLength", "minimum", "maximum"} {
		if rapid.IntRange(0, 6).Draw(t, "js"+k) == 0 {
			put(o, k, rapid.SampledFrom([]any{jNum("0"), jNum("3"), jNum("2.0"), jNum("-1"), jNum("1e2"), "4"}).Draw(t, "js"+k+"N"))
		}
	}
	for n := rapid.IntRange(0, 2).Draw(t, "jsOther"); n > 0; n-- {
		switch rapid.IntRange(0, 11).Draw(t, "jsKeyword") {
		case 0:
			put(o, "$ref", "#/$defs/a")
		case 1:
			put(o, "$defs", obj("a", obj("type", "string")))
		case 2:
			put(o, "oneOf", []any{obj("type", "string"), obj("type", "integer")})
		case 3:
			put(o, "allOf", []any{obj("minimum", jNum("1"))})
		case 4:
			put(o, "not", obj("type", "null"))
		case 5:
			put(o, "const", genLeaf(t))
		case 6:
			put(o, "additionalProperties", rapid.SampledFrom([]any{false, true, obj("type", "string")}).Draw(t, "jsAdditional"))
		case 7:
			put(o, "$schema", "https://json-schema.org/draft/2020-12/schema")
		case 8:
			put(o, "nullable", true)
		case 9:
			put(o, "propertyOrdering", []any{"a", "b"})
		case 10:
			put(o, "default", genLeaf(t))
		default:
			put(o, "exclusiveMinimum", jNum("0"))
		}
	}
	return o
}

// toAny returns ss as a []any of strings.
func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// indexes returns 0, 1, ..., n-1.
func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
