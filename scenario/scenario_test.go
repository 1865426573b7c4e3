package scenario

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	_ "github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestRoundTripCorpus: every scenario file parses, and marshalling it gives
// a file that parses back to the same scenario.
func TestRoundTripCorpus(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../spectest/testdata/scenarios", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		a, err := Parse(path, data)
		if err != nil {
			t.Errorf("Parse(%s): %v", path, err)
			return nil
		}
		b, err := Parse(path, a.Marshal())
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: round trip gives %+v, %v; want %+v", path, b, err, a)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no scenarios found")
	}
}

// TestRoundTripRandom: Parse(s.Marshal()) == s for generated scenarios.
func TestRoundTripRandom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := &Scenario{
			Name:        "x.txtar",
			Description: strings.TrimSpace(rapid.StringMatching(`[a-z ]{0,20}`).Draw(t, "desc")),
			Format:      rapid.SampledFrom(spec.Formats).Draw(t, "format"),
			HexInput:    rapid.Bool().Draw(t, "hex"),
			Want:        rapid.StringMatching(`([a-z ]{0,10}\n){0,3}`).Draw(t, "want"),
		}
		for _, r := range rapid.SliceOfN(rapid.SampledFrom(spec.Rules), 1, 3).Draw(t, "rules") {
			s.Rules = append(s.Rules, r.ID)
		}
		if rapid.Bool().Draw(t, "patterns") {
			s.Patterns = rapid.SliceOfN(rapid.IntRange(1, 38), 1, 3).Draw(t, "pats")
		}
		s.Limits.MaxCalls = rapid.IntRange(0, 5).Draw(t, "maxCalls")
		s.Limits.NoParallel = rapid.Bool().Draw(t, "noParallel")
		if s.HexInput {
			s.Input = rapid.SliceOfN(rapid.Byte(), 1, 40).Draw(t, "bin")
		} else {
			s.Input = []byte(rapid.StringMatching(`([a-z{}:" ]{1,10}\n){1,3}`).Draw(t, "text"))
		}
		got, err := Parse(s.Name, s.Marshal())
		if err != nil {
			t.Fatalf("Parse: %v\n%s", err, s.Marshal())
		}
		if !reflect.DeepEqual(got, s) {
			t.Fatalf("round trip:\n got %+v\nwant %+v\n%s", got, s, s.Marshal())
		}
	})
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{
		"rules: ID-1\n-- input --\nx\n",                                      // no format
		"format: ollama\n-- input --\nx\n",                                   // no rules
		"rules: ID-1\nformat: nope\n-- input --\nx\n",                        // bad format
		"rules: ID-1\nformat: ollama\nlimits: max-calls=x\n-- input --\nx\n", // bad limit
		"rules: ID-1\nformat: ollama\nlimits: frobs=1\n-- input --\nx\n",     // unknown limit
		"rules: ID-1\nformat: ollama\n-- want --\n",                          // no input
		"rules: ID-1\nformat: ollama\n-- input --\nx\n-- input.hex --\n00\n", // both inputs
		"rules: ID-1\nformat: ollama\n-- input.hex --\nzz\n",                 // bad hex
		"rules: ID-1\nformat: ollama\n-- input --\nx\n-- other --\n",         // unknown file
		"rules: ID-1\npatterns: one\nformat: ollama\n-- input --\nx\n",       // bad pattern
	} {
		if _, err := Parse("t", []byte(in)); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", in)
		}
	}
}
