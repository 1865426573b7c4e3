package history

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// lossLines renders violations as "RULE class path: message" lines.
func lossLines(vs []spec.Violation) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString(string(v.Rule) + " " + v.Class.String() + " " + v.Path + ": " + v.Message + "\n")
	}
	return b.String()
}

// TestSchemaFromGemini converts Gemini Schemas of each kind of member:
// what converts, and what is named (XLATE-6).
func TestSchemaFromGemini(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, losses string
	}{
		{"types lower-cased", `{"type":"OBJECT","properties":{"a":{"type":"string"},"b":{"type":"INTEGER"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}`, ""},
		{"nullable type", `{"type":"STRING","nullable":true,"format":"date-time"}`,
			`{"type":["string","null"],"format":"date-time"}`, ""},
		{"nullable enum", `{"type":"STRING","format":"enum","enum":["EAST","WEST"],"nullable":true}`,
			`{"type":["string","null"],"format":"enum","enum":["EAST","WEST",null]}`, ""},
		{"nullable anyOf without type", `{"anyOf":[{"type":"STRING"},{"type":"NUMBER"}],"nullable":true}`,
			`{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}`, ""},
		{"nullable alone admits null already", `{"description":"d","nullable":true}`, `{"description":"d"}`, ""},
		{"nullable false", `{"type":"STRING","nullable":false}`, `{"type":"string"}`, ""},
		{"integer enum spells numbers", `{"type":"INTEGER","format":"enum","enum":["101","201","301"]}`,
			`{"type":"integer","format":"enum","enum":[101,201,301]}`, ""},
		{"boolean enum", `{"type":"BOOLEAN","enum":["true"]}`, `{"type":"boolean","enum":[true]}`, ""},
		{"counts and bounds as strings", `{"type":"ARRAY","items":{"type":"NUMBER","minimum":"0.5","maximum":10},"minItems":"1","maxItems":3}`,
			`{"type":"array","items":{"type":"number","minimum":0.5,"maximum":10},"minItems":1,"maxItems":3}`, ""},
		{"example and ordering", `{"type":"OBJECT","properties":{"b":{"type":"STRING","example":"x"},"a":{"type":"STRING"}},"propertyOrdering":["b","a"],"required":["a"],"title":"T","default":{"a":"y"}}`,
			`{"type":"object","properties":{"b":{"type":"string","examples":["x"]},"a":{"type":"string"}},"propertyOrdering":["b","a"],"required":["a"],"title":"T","default":{"a":"y"}}`, ""},
		{"names escaped as written", `{"t\u0079pe":"STRING","description":"caf\u00e9"}`, `{"t\u0079pe":"string","description":"caf\u00e9"}`, ""},
		{"repeated member: the last", `{"type":"STRING","type":"NUMBER"}`, `{"type":"number"}`, ""},
		{"null member absent", `{"type":"STRING","format":null,"default":null}`, `{"type":"string","default":null}`, ""},
		{"unknown members", `{"type":"OBJECT","properties":{"x":{"type":"STRING","additionalProperties":false}},"additionalProperties":false,"$ref":"#/a"}`,
			`{"type":"object","properties":{"x":{"type":"string"}}}`,
			"XLATE-6 loss properties.x.additionalProperties: additionalProperties: Gemini's Schema has no such member\n" +
				"XLATE-6 loss additionalProperties: additionalProperties: Gemini's Schema has no such member\n" +
				"XLATE-6 loss $ref: $ref: Gemini's Schema has no such member\n"},
		{"unknown type", `{"type":"Object","nullable":"yes"}`, `{}`,
			"XLATE-6 loss type: type \"\\\"Object\\\"\" is no type of Gemini's Schema\n" +
				"XLATE-6 loss nullable: nullable \"\\\"yes\\\"\" is not a boolean\n"},
		{"enum that spells no value", `{"type":"INTEGER","enum":["1","two"],"minLength":"-1","maximum":"NaN"}`, `{"type":"integer"}`,
			"XLATE-6 loss enum: enum value \"\\\"two\\\"\" of a schema of type integer: it spells no value of that type\n" +
				"XLATE-6 loss minLength: minLength \"\\\"-1\\\"\" is not a count (a non-negative integer)\n" +
				"XLATE-6 loss maximum: maximum \"\\\"NaN\\\"\" is not a number\n"},
		{"schemas that are not objects", `{"type":"OBJECT","properties":{"a":true,"b":{"type":"STRING"}},"anyOf":[3],"items":[]}`,
			`{"type":"object","properties":{"b":{"type":"string"}}}`,
			"XLATE-6 loss properties.a: a schema that is a JSON boolean, not an object: Gemini's Schema is one\n" +
				"XLATE-6 loss anyOf[0]: a schema that is a JSON number, not an object: Gemini's Schema is one\n" +
				"XLATE-6 loss items: a schema that is a JSON array, not an object: Gemini's Schema is one\n"},
		{"not an object", `[]`, ``, "XLATE-6 loss $: a schema that is a JSON array, not an object: Gemini's Schema is one\n"},
		{"not JSON", `{"type":`, ``, "XLATE-6 loss $: the schema is not JSON\n"},
	} {
		got, vs := SchemaFromGemini(tc.in)
		if got != tc.want {
			t.Errorf("%s: SchemaFromGemini(%s) = %s, want %s", tc.name, tc.in, got, tc.want)
		}
		if l := lossLines(vs); l != tc.losses {
			t.Errorf("%s: SchemaFromGemini(%s) losses:\n%swant:\n%s", tc.name, tc.in, l, tc.losses)
		}
	}
}

// TestSchemaToGemini converts JSON Schemas to Gemini's: what converts,
// and each keyword without a counterpart, named (XLATE-6).
func TestSchemaToGemini(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, losses string
	}{
		{"type array with null", `{"type":["string","null"],"enum":["a",null]}`, `{"type":"STRING","nullable":true,"enum":["a"]}`, ""},
		{"null first", `{"type":["null","integer"]}`, `{"type":"INTEGER","nullable":true}`, ""},
		{"null rejected by the enum", `{"type":["string","null"],"enum":["a"]}`, `{"type":"STRING","enum":["a"]}`, ""},
		{"anyOf null branch", `{"anyOf":[{"type":"string"},{"type":"null"}],"description":"d"}`, `{"anyOf":[{"type":"STRING"}],"description":"d","nullable":true}`, ""},
		{"null alone", `{"type":"null"}`, `{"type":"NULL"}`, ""},
		{"anyOf of null alone", `{"anyOf":[{"type":"null"}]}`, `{"anyOf":[{"type":"NULL"}]}`, ""},
		{"numbers in an enum", `{"type":"integer","enum":[101,201]}`, `{"type":"INTEGER","enum":["101","201"]}`, ""},
		{"examples", `{"type":"string","examples":["a","b"]}`, `{"type":"STRING","example":"a"}`,
			"XLATE-6 loss examples[1]: example \"\\\"b\\\"\": Gemini's Schema has one example\n"},
		{"no counterpart", `{"type":"object","properties":{"a":{"$ref":"#/$defs/a"},"b":false},"$defs":{"a":{"type":"string"}},"additionalProperties":false,"oneOf":[],"const":1}`,
			`{"type":"OBJECT","properties":{"a":{}}}`,
			"XLATE-6 loss properties.a.$ref: $ref: Gemini's Schema has no such member\n" +
				"XLATE-6 loss properties.b: a schema that is a JSON boolean, not an object: Gemini's Schema is one\n" +
				"XLATE-6 loss $defs: $defs: Gemini's Schema has no such member\n" +
				"XLATE-6 loss additionalProperties: additionalProperties: Gemini's Schema has no such member\n" +
				"XLATE-6 loss oneOf: oneOf: Gemini's Schema has no such member\n" +
				"XLATE-6 loss const: const: Gemini's Schema has no such member\n"},
		{"several types", `{"type":["string","integer"],"items":[{"type":"string"}]}`, `{}`,
			"XLATE-6 loss type: type [\"string\",\"integer\"]: Gemini's Schema has one type besides null\n" +
				"XLATE-6 loss items: a schema that is a JSON array, not an object: Gemini's Schema is one\n"},
		{"enum value of no string", `{"enum":[{"a":1}],"minItems":2.0}`, `{}`,
			"XLATE-6 loss enum: enum value \"{\\\"a\\\":1}\": Gemini's enum values are strings\n" +
				"XLATE-6 loss minItems: minItems \"2.0\" is not a count written as Gemini reads one\n"},
	} {
		got, vs := SchemaToGemini(tc.in)
		if got != tc.want {
			t.Errorf("%s: SchemaToGemini(%s) = %s, want %s", tc.name, tc.in, got, tc.want)
		}
		if l := lossLines(vs); l != tc.losses {
			t.Errorf("%s: SchemaToGemini(%s) losses:\n%swant:\n%s", tc.name, tc.in, l, tc.losses)
		}
	}
}

// TestSchemaDeep: a schema nested a thousand levels deep converts at every
// level, both ways. (The model reads each level again, quadratic in the
// depth; impl's converters, linear, are run as deep as JSON is read in
// package fuzz.)
func TestSchemaDeep(t *testing.T) {
	const n = 1000
	in := strings.Repeat(`{"type":"ARRAY","items":`, n) + `{"type":"STRING"}` + strings.Repeat(`}`, n)
	want := strings.Repeat(`{"type":"array","items":`, n) + `{"type":"string"}` + strings.Repeat(`}`, n)
	if got, vs := SchemaFromGemini(in); got != want || len(vs) > 0 {
		t.Errorf("SchemaFromGemini of %d levels: %d bytes, want %d; losses:\n%s", n+1, len(got), len(want), lossLines(vs))
	}
	if got, vs := SchemaToGemini(want); got != in || len(vs) > 0 {
		t.Errorf("SchemaToGemini of %d levels: %d bytes, want %d; losses:\n%s", n+1, len(got), len(in), lossLines(vs))
	}
}
