package fuzz

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	hist "github.com/toolspec/toolspec/impl/history"
	refhist "github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// compareSchema checks that impl converts schema in both directions as the
// model does: the same text and the same losses (XLATE-6).
func compareSchema(t fataler, schema string) {
	t.Helper()
	for _, c := range []struct {
		name        string
		model, impl func(string) (string, []spec.Violation)
	}{
		{"SchemaFromGemini", refhist.SchemaFromGemini, hist.SchemaFromGemini},
		{"SchemaToGemini", refhist.SchemaToGemini, hist.SchemaToGemini},
	} {
		mo, mvs := c.model(schema)
		io, ivs := c.impl(schema)
		if mo != io {
			t.Fatalf("%s differs\nschema: %s\nmodel: %s\nimpl:  %s", c.name, schema, mo, io)
		}
		if d := diffValues("losses", mvs, ivs); d != "" {
			t.Fatalf("%s losses differ: %s\nschema: %s\nmodel: %v\nimpl: %v", c.name, d, schema, mvs, ivs)
		}
	}
}

// TestSchemaModelImpl: on Gemini Schemas and JSON Schemas drawn with
// members that convert and members that do not, some with a byte
// replaced, impl's converters give the model's results in both
// directions; and a Gemini request whose declaration carries the drawn
// schema as its parameters (beside a parametersJsonSchema, at times)
// decodes, checks and translates to every format as the model's does.
// Each check translates to every format, so it runs a fifth of the
// package's checks.
func TestSchemaModelImpl(t *testing.T) {
	fewerChecks(t, 5)
	rapid.Check(t, func(t *rapid.T) {
		var s string
		switch rapid.IntRange(0, 2).Draw(t, "dialect") {
		case 0:
			s = gen.GeminiSchema(t, true)
		case 1:
			s = gen.GeminiSchema(t, false)
		default:
			s = gen.JSONSchema(t)
		}
		if rapid.IntRange(0, 4).Draw(t, "mutate") == 0 && len(s) > 0 {
			b := []byte(s)
			b[rapid.IntRange(0, len(b)-1).Draw(t, "at")] = rapid.SampledFrom([]byte(`"{}[],:0n -`)).Draw(t, "byte")
			s = string(b)
		}
		compareSchema(t, s)
		decl := `{"name":"f","parameters":` + s + `}`
		if rapid.IntRange(0, 5).Draw(t, "both") == 0 {
			decl = `{"name":"f","parametersJsonSchema":{"type":"object"},"parameters":` + s + `}`
		}
		compareHistoryDecode(t, spec.FormatGemini, []byte(`{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[`+decl+`]}]}`), true)
	})
}

// TestSchemaDeepImpl: impl converts a schema nested as deep as JSON is read
// (10000 levels, encoding/json's limit) at every level, both ways, in
// time linear in its size; one level deeper it is no JSON. At a thousand
// levels it converts as the model does.
func TestSchemaDeepImpl(t *testing.T) {
	deep := func(n int) (gemini, json string) {
		return strings.Repeat(`{"type":"ARRAY","items":`, n) + `{"type":"STRING"}` + strings.Repeat(`}`, n),
			strings.Repeat(`{"type":"array","items":`, n) + `{"type":"string"}` + strings.Repeat(`}`, n)
	}
	in, want := deep(9999)
	if got, vs := hist.SchemaFromGemini(in); got != want || len(vs) > 0 {
		t.Errorf("SchemaFromGemini of 10000 levels: %d bytes, want %d; losses: %v", len(got), len(want), vs)
	}
	if got, vs := hist.SchemaToGemini(want); got != in || len(vs) > 0 {
		t.Errorf("SchemaToGemini of 10000 levels: %d bytes, want %d; losses: %v", len(got), len(in), vs)
	}
	if _, vs := hist.SchemaFromGemini(`{"items":` + in + `}`); len(vs) != 1 || vs[0].Path != "$" {
		t.Errorf("SchemaFromGemini of 10001 levels: losses %v, want one at $", vs)
	}
	in, want = deep(1000)
	compareSchema(t, in)
	compareSchema(t, want)
}
