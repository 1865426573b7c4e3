package history

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
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

// TestPropSchemaRoundTrip: a Gemini Schema whose every member converts
// (gen.GeminiSchema) converts to JSON Schema and back to the same bytes,
// with no loss either way.
func TestPropSchemaRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := gen.GeminiSchema(t, true)
		js, vs := SchemaFromGemini(in)
		if len(vs) > 0 || !isJSONObject(js) {
			t.Fatalf("SchemaFromGemini(%s) = %s, losses:\n%s", in, js, lossLines(vs))
		}
		back, vs := SchemaToGemini(js)
		if len(vs) > 0 {
			t.Fatalf("SchemaToGemini(%s) losses:\n%s", js, lossLines(vs))
		}
		if back != in {
			t.Fatalf("round trip:\n in:   %s\n json: %s\n back: %s", in, js, back)
		}
	})
}

// TestPropSchemaNamesWhatItLeavesOut: converting any schema in either
// direction (members that do not convert among them), every member of the
// input is in the output, under its counterpart's name, or named by a
// loss at its path or within it; and the output holds no member of the
// input's dialect alone.
func TestPropSchemaNamesWhatItLeavesOut(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		fromGemini := rapid.Bool().Draw(t, "fromGemini")
		var in, out string
		var vs []spec.Violation
		if fromGemini {
			in = gen.GeminiSchema(t, false)
			out, vs = SchemaFromGemini(in)
		} else {
			in = gen.JSONSchema(t)
			out, vs = SchemaToGemini(in)
		}
		lost := map[string]bool{}
		for _, v := range vs {
			if v.Rule != spec.XlateTools || v.Class != spec.ClassLoss {
				t.Fatalf("violation %v is no XLATE-6 loss", v)
			}
			lost[v.Path] = true
		}
		named := func(p string) bool {
			for l := range lost {
				if l == p || strings.HasPrefix(l, p+".") || strings.HasPrefix(l, p+"[") {
					return true
				}
			}
			return false
		}
		var walk func(in, out json.RawMessage, p string)
		walk = func(in, out json.RawMessage, p string) {
			ims, _ := schemaMembers(in)
			oms, ok := schemaMembers(out)
			if !ok {
				if !lost[p] {
					t.Fatalf("%s: schema %s left out, unnamed\nin:  %s\nout: %s", p, in, in, out)
				}
				return
			}
			outOf := func(k string) (json.RawMessage, bool) {
				for _, m := range oms {
					if m.key == k {
						return m.value, true
					}
				}
				return nil, false
			}
			for _, m := range oms {
				if fromGemini && slices.Contains([]string{"nullable", "example"}, m.key) ||
					!fromGemini && slices.Contains([]string{"examples", "$ref", "$defs", "oneOf", "allOf", "not", "const", "additionalProperties"}, m.key) {
					t.Fatalf("%s: member %s of the source dialect in the output %s", p, m.key, out)
				}
			}
			for _, m := range ims {
				mp := jpath(p, m.key)
				name := m.key
				switch {
				case string(m.value) == "null" && m.key != "default" && m.key != "example" && m.key != "examples":
					continue
				case fromGemini && m.key == "nullable":
					if string(m.value) != "true" && string(m.value) != "false" && !lost[mp] {
						t.Fatalf("%s: nullable %s left out, unnamed", mp, m.value)
					}
					continue
				case fromGemini && m.key == "example":
					name = "examples"
				case !fromGemini && m.key == "examples":
					name = "example"
				}
				ov, ok := outOf(name)
				if !ok {
					if !named(mp) {
						t.Fatalf("%s: member left out, unnamed\nin:  %s\nout: %s\nlosses:\n%s", mp, in, out, lossLines(vs))
					}
					continue
				}
				switch m.key {
				case "properties":
					props, _ := schemaMembers(m.value)
					ops, _ := schemaMembers(ov)
					for _, pm := range props {
						var pv json.RawMessage
						for _, o := range ops {
							if o.key == pm.key {
								pv = o.value
							}
						}
						walk(pm.value, pv, jpath(mp, pm.key))
					}
				case "items":
					walk(m.value, ov, mp)
				case "anyOf":
					var ib, ob []json.RawMessage
					_ = json.Unmarshal(m.value, &ib)
					_ = json.Unmarshal(ov, &ob)
					k := 0
					for n, b := range ib {
						bp := jindex(mp, n)
						if nv, ok := outOf("nullable"); !fromGemini && nullBranch(b) && ok && string(nv) == "true" {
							continue
						}
						if lost[bp] && !isJSONObject(string(b)) {
							continue
						}
						if k >= len(ob) {
							t.Fatalf("%s: branch left out, unnamed\nin:  %s\nout: %s", bp, in, out)
						}
						walk(b, ob[k], bp)
						k++
					}
				}
			}
		}
		walk(json.RawMessage(in), json.RawMessage(out), "$")
	})
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
