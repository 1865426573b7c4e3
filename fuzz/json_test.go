package fuzz

import (
	"bytes"
	"encoding/json"
	"flag"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// The properties of this file hold the JSON form of an outcome (the
// command's output, spec.Outcome.MarshalJSON) to the outcome: decoding what
// was encoded gives the outcome back, every field, Ordinals and item calls
// included; and decoding accepts only what it can encode again.

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

// TestOutcomeJSONCorpus: the outcome of every scenario and capture, the
// model's and impl's, comes back through JSON.
func TestOutcomeJSONCorpus(t *testing.T) {
	for _, in := range corpus(t) {
		roundTrip(t, in.name+" (model)", model.Reassemble(in.f, in.data, in.lim))
		roundTrip(t, in.name+" (impl)", impl.Reassemble(in.f, in.data, in.lim))
	}
}

// TestOutcomeJSONGen: the outcome of every generated stream (valid,
// mutated under small limits, or cut inside its last frame) comes back
// through JSON. The streams cost more to draw than their outcomes to
// check, so it runs a tenth of the package's rapid.checks (at least 100).
func TestOutcomeJSONGen(t *testing.T) {
	if fl := flag.Lookup("rapid.checks"); fl != nil {
		old := fl.Value.String()
		if n, err := strconv.Atoi(old); err == nil && fl.Value.Set(strconv.Itoa(max(n/10, min(n, 100)))) == nil {
			defer fl.Value.Set(old)
		}
	}
	rapid.Check(t, checkOutcomeJSONGen)
}

// FuzzOutcomeJSONGen is TestOutcomeJSONGen driven by the fuzzer.
func FuzzOutcomeJSONGen(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(checkOutcomeJSONGen))
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

// FuzzOutcomeJSON: any bytes either fail to decode as an outcome or
// decode to one that encodes, and decodes again to the same outcome and
// the same bytes. Seeded with the JSON of every scenario's and capture's
// outcome.
func FuzzOutcomeJSON(f *testing.F) {
	for _, in := range corpus(f) {
		b, err := encodeOutcome(impl.Reassemble(in.f, in.data, in.lim))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var o spec.Outcome
		if err := json.Unmarshal(data, &o); err != nil {
			return
		}
		b, err := encodeOutcome(o)
		if err != nil {
			t.Fatalf("an outcome that decoded does not encode: %v\n%s", err, o)
		}
		var again spec.Outcome
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatalf("the JSON of a decoded outcome does not decode: %v\n%s", err, b)
		}
		if d := diffValues("Outcome", o, again); d != "" {
			t.Fatalf("decoded, encoded and decoded again, the outcome changed: %s\n%s", d, b)
		}
		if b2, _ := encodeOutcome(again); !bytes.Equal(b, b2) {
			t.Fatalf("encoding is not stable:\n%s\n%s", b, b2)
		}
	})
}
