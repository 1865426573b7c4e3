package fuzz

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file holds the JSON form of an outcome (the command's output,
// spec.Outcome.MarshalJSON) to the outcome: decoding what was encoded gives
// the outcome back, every field, Ordinals and item calls included
// (roundTrip). json_test.go and fuzz_test.go check that, and that decoding
// accepts only what it can encode again.

// encodeOutcome encodes o as the command does: indented, HTML kept.
func encodeOutcome(o spec.Outcome) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(o)
	return b.Bytes(), err
}

// roundTrip fails t unless o, encoded and decoded, is o again in every
// field and in its transcript. JSON strings are Unicode, so the want is o
// with every string as encoding/json has it (each byte that is not UTF-8
// made U+FFFD).
func roundTrip(t fataler, what string, o spec.Outcome) {
	t.Helper()
	b, err := encodeOutcome(o)
	if err != nil {
		t.Fatalf("%s: encoding: %v\n%s", what, err, o)
	}
	var back spec.Outcome
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: decoding its own JSON: %v\n%s", what, err, b)
	}
	want := asJSONStrings(o)
	if back.String() != want.String() {
		t.Fatalf("%s: the transcript changed through JSON:\n--- before\n%s--- after\n%s--- JSON\n%s", what, want, back, b)
	}
	if d := diffValues("Outcome", want, back); d != "" {
		d = strings.NewReplacer(": model ", ": before ", ", impl ", ", after ").Replace(d)
		t.Fatalf("%s: the outcome changed through JSON: %s\n--- JSON\n%s", what, d, b)
	}
}

// jsonString is s as a JSON string decodes: each byte that is not part of
// a UTF-8 sequence is U+FFFD.
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func jsonStrings(ss []string) []string {
	var out []string
	for _, s := range ss {
		out = append(out, jsonString(s))
	}
	return out
}

// asJSONStrings returns a copy of o with every string made jsonString.
func asJSONStrings(o spec.Outcome) spec.Outcome {
	x := o
	x.Format = spec.Format(jsonString(string(o.Format)))
	x.Tail = jsonString(o.Tail)
	x.Items, x.Calls, x.Stops, x.Violations = nil, nil, nil, nil
	for _, it := range o.Items {
		it.Text, it.Signatures = jsonString(it.Text), jsonStrings(it.Signatures)
		x.Items = append(x.Items, it)
	}
	for _, c := range o.Calls {
		c.ID, c.Name, c.Args, c.Signatures = jsonString(c.ID), jsonString(c.Name), jsonString(c.Args), jsonStrings(c.Signatures)
		x.Calls = append(x.Calls, c)
	}
	for _, s := range o.Stops {
		s.Raw = jsonString(s.Raw)
		x.Stops = append(x.Stops, s)
	}
	for _, v := range o.Violations {
		v.Rule, v.Message, v.Payload = spec.RuleID(jsonString(string(v.Rule))), jsonString(v.Message), jsonString(v.Payload)
		x.Violations = append(x.Violations, v)
	}
	return x
}

func checkOutcomeJSONGen(t *rapid.T) {
	f := drawFormat(t)
	var data []byte
	lim := spec.Limits{}
	switch rapid.IntRange(0, 2).Draw(t, "stream") {
	case 0:
		_, data = gen.Valid(t, f)
	case 1:
		data, _ = gen.Mutated(t, f)
		lim = genLimits(t)
	case 2:
		data, _ = gen.Cut(t, f)
	}
	roundTrip(t, string(f)+" input\n"+showInput(data), impl.Reassemble(f, data, lim))
}
