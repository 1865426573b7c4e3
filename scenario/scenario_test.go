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
		if rapid.Bool().Draw(t, "tagged") {
			s.Tags = []string{TagSeveralResponses}
		}
		if rapid.Bool().Draw(t, "seen") {
			s.Seen = rapid.SliceOfNDistinct(rapid.SampledFrom([]string{
				"captures/ollama/SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson",
				"captures/openai-chat/openai-gpt-4o-2calls.sse",
				"https://docs.anthropic.com/en/docs/build-with-claude/streaming",
				"ollama/ollama#15457",
				"openai/openai-go:streamaccumulator_test.go",
			}), 1, 3, rapid.ID).Draw(t, "seenFrom")
		} else {
			s.Synthetic = strings.TrimSpace(rapid.StringMatching(`[a-z][a-z ,:;()]{0,30}`).Draw(t, "synthetic"))
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
		"synthetic: x\nrules: ID-1\n-- input --\nx\n",                                      // no format
		"synthetic: x\nformat: ollama\n-- input --\nx\n",                                   // no rules
		"synthetic: x\nrules: ID-1\nformat: nope\n-- input --\nx\n",                        // bad format
		"synthetic: x\nrules: ID-1\nformat: ollama\nlimits: max-calls=x\n-- input --\nx\n", // bad limit
		"synthetic: x\nrules: ID-1\nformat: ollama\nlimits: frobs=1\n-- input --\nx\n",     // unknown limit
		"synthetic: x\nrules: ID-1\nformat: ollama\n-- want --\n",                          // no input
		"synthetic: x\nrules: ID-1\nformat: ollama\n-- input --\nx\n-- input.hex --\n00\n", // both inputs
		"synthetic: x\nrules: ID-1\nformat: ollama\n-- input.hex --\nzz\n",                 // bad hex
		"synthetic: x\nrules: ID-1\nformat: ollama\n-- input --\nx\n-- other --\n",         // unknown file
		"synthetic: x\nrules: ID-1\npatterns: one\nformat: ollama\n-- input --\nx\n",       // bad pattern
		"synthetic: x\nrules: ID-1\ntags: several\nformat: ollama\n-- input --\nx\n",       // unknown tag
	} {
		if _, err := Parse("t", []byte(in)); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", in)
		}
	}
}

// TestParseSource: a scenario says where its shape was seen or why it is
// synthetic, exactly one of the two, and every source has a known form; a
// scenario that does not is an error naming the file.
func TestParseSource(t *testing.T) {
	const rest = "rules: ID-1\nformat: ollama\n-- input --\nx\n"
	for _, c := range []struct {
		head string
		ok   bool
	}{
		{"", false}, // neither
		{"seen: captures/ollama/a.ndjson\nsynthetic: hand-written\n", false}, // both
		{"seen:\n", false},        // empty seen
		{"seen: \n", false},       // empty seen
		{"synthetic:  \n", false}, // empty synthetic
		{"seen: ollama/ollama#15457\nseen: ollama/ollama#15467\n", false}, // two seen lines
		{"synthetic: a\nsynthetic: b\n", false},                           // two synthetic lines
		{"seen: a capture\n", false},                                      // no known form
		{"seen: captures/ollama\n", false},                                // a folder, not a file
		{"seen: captures/nope/a.sse\n", false},                            // not a format's folder
		{"seen: captures/ollama/a/b\n", false},                            // a subfolder
		{"seen: ollama/ollama#\n", false},                                 // no number
		{"seen: ollama/ollama#15457,ollama/ollama#15467\n", false},        // ", " separates
		{"seen: ollama/ollama#15457, ollama/ollama#15457\n", false},       // a source twice
		{"seen: captures/ollama/a.ndjson\n", true},
		{"seen: https://docs.ollama.com/api/chat\n", true},
		{"seen: ollama/ollama#15457\n", true},
		{"seen: openai/openai-go:streamaccumulator_test.go\n", true},
		{"seen: captures/gemini/x.sse, https://ai.google.dev/x, a/b#1, a/b:c/d_test.go\n", true},
		{"synthetic: a robustness case: no provider is known to cut a frame here\n", true},
	} {
		s, err := Parse("dir/x.txtar", []byte(c.head+rest))
		switch {
		case c.ok && err != nil:
			t.Errorf("Parse(%q): %v", c.head, err)
		case !c.ok && err == nil:
			t.Errorf("Parse(%q) = %+v; want an error", c.head, s)
		case !c.ok && !strings.Contains(err.Error(), "dir/x.txtar"):
			t.Errorf("Parse(%q): error %q does not name the file", c.head, err)
		case c.ok && s.IsSeen() != strings.HasPrefix(c.head, "seen:"):
			t.Errorf("Parse(%q).IsSeen() = %v", c.head, s.IsSeen())
		}
	}
	s, err := Parse("x.txtar", []byte("seen: captures/gemini/x.sse, a/b#1\n"+rest))
	if err != nil || !reflect.DeepEqual(s.Seen, []string{"captures/gemini/x.sse", "a/b#1"}) || s.Synthetic != "" {
		t.Errorf("Parse: Seen %q, Synthetic %q, %v; want the two sources", s.Seen, s.Synthetic, err)
	}
}

// historyDir is the corpus of history scenarios.
const historyDir = "../spectest/testdata/histories"

// TestHistoryRoundTripCorpus: every history scenario parses, and
// marshalling it gives a file that parses back to the same scenario.
func TestHistoryRoundTripCorpus(t *testing.T) {
	n := 0
	err := filepath.WalkDir(historyDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		a, err := ParseHistory(path, data)
		if err != nil {
			t.Errorf("ParseHistory(%s): %v", path, err)
			return nil
		}
		b, err := ParseHistory(path, a.Marshal())
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
		t.Fatal("no history scenarios found")
	}
}

// TestHistoryRoundTripRandom: ParseHistory(h.Marshal()) == h for generated
// scenarios of both kinds.
func TestHistoryRoundTripRandom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := &History{
			Name:        "x.txtar",
			Description: strings.TrimSpace(rapid.StringMatching(`[a-z ]{0,20}`).Draw(t, "desc")),
			Doc:         []byte(rapid.StringMatching(`(\{[a-z"]{0,10}\}\n)?`).Draw(t, "doc")),
			Want:        rapid.StringMatching(`([a-z ]{0,10}\n){0,3}`).Draw(t, "want"),
		}
		if rapid.Bool().Draw(t, "translation") {
			h.From = rapid.SampledFrom(spec.Formats).Draw(t, "from")
			h.To = rapid.SampledFrom(spec.Formats).Draw(t, "to")
		} else {
			h.Format = rapid.SampledFrom(spec.Formats).Draw(t, "format")
		}
		for _, r := range rapid.SliceOfN(rapid.SampledFrom(spec.Rules), 1, 3).Draw(t, "rules") {
			h.Rules = append(h.Rules, r.ID)
		}
		h.Patterns = rapid.SliceOfN(rapid.IntRange(1, 38), 0, 2).Draw(t, "patterns")
		if len(h.Patterns) == 0 {
			h.Patterns = nil
		}
		got, err := ParseHistory(h.Name, h.Marshal())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, h) {
			t.Fatalf("round trip:\n got %+v\nwant %+v", got, h)
		}
	})
}

// TestParseHistoryErrors: a history scenario without its configuration or
// its document is an error, never a scenario.
func TestParseHistoryErrors(t *testing.T) {
	for _, c := range []string{
		"rules: HIST-1\n-- history.json --\n{}\n",                                    // no format
		"format: anthropic\n-- history.json --\n{}\n",                                // no rules
		"rules: HIST-1\nformat: nope\n-- history.json --\n{}\n",                      // unknown format
		"rules: HIST-1\nfrom: anthropic\n-- history.json --\n{}\n",                   // no to
		"rules: HIST-1\nformat: anthropic\nfrom: anthropic\nto: openai-chat\n",       // both
		"rules: HIST-1\nformat: anthropic\n-- want --\n",                             // no document
		"rules: HIST-1\nformat: anthropic\n-- history.json --\n-- history.json --\n", // twice
		"rules: HIST-1\nformat: anthropic\n-- history.json --\n-- input --\n",        // unknown file
		"rules: HIST-1\nformat: anthropic\npatterns: x\n-- history.json --\n",        // bad pattern
	} {
		if h, err := ParseHistory("x.txtar", []byte(c)); err == nil {
			t.Errorf("ParseHistory(%q) = %+v; want an error", c, h)
		}
	}
}
