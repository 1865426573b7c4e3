package model

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the OpenAI chat decoder tests that are the reference's
// own (the cases shared with impl live in internal/decodetest) and the
// helpers the OpenAI Responses decoder tests share (all prefixed oai to
// stay clear of other formats' test helpers; oaiChunk and oaiFuzzSeeds,
// which the fuzz targets use too, are in fuzz_test.go).

// TestOpenAIChatViolationStops checks that the events of the frames before a
// bad frame are kept, the violation names the bad frame, and the decoder
// stays dead.
func TestOpenAIChatViolationStops(t *testing.T) {
	first := oaiChunk(`{"index":0,"delta":{"content":"a"}}`)
	in := first + oaiChunk(`{"index":"0","delta":{}}`) + oaiChunk(`{"index":0,"delta":{"content":"b"}}`)
	evs, v := Decode(spec.FormatOpenAIChat, []byte(in), spec.Limits{})
	if v == nil || v.Rule != spec.FrameFieldType || v.Frame != 2 || v.Offset != int64(len(first)) {
		t.Fatalf("violation = %v, want FRAME-6 at frame 2 offset %d", v, len(first))
	}
	if got := decodetest.EventLines(evs); !slices.Equal(got, []string{`#1 text data="a"`}) {
		t.Errorf("events before the violation = %q", got)
	}
	d := NewDecoder(spec.FormatOpenAIChat, spec.Limits{})
	if _, v := d.Write([]byte(in)); v == nil {
		t.Fatal("Write: no violation")
	}
	if _, v2 := d.Close(); v2 == nil || v2.Rule != spec.FrameFieldType {
		t.Errorf("Close after violation = %v", v2)
	}
}

// oaiCaptureDir returns the captures folder of format f; its absence stops
// the test (captures.Absent).
func oaiCaptureDir(t *testing.T, f spec.Format) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", string(f))
	if _, err := os.Stat(dir); err != nil {
		captures.Absent(t, dir, err)
	}
	return dir
}

// oaiCaptureFiles returns the capture files of dir, sorted by name.
func oaiCaptureFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		t.Fatalf("no captures in %s", dir)
	}
	return out
}

// oaiCaptureTest decodes every capture of f and checks it against want:
// the number of distinct call ids the README reports for it. Files whose
// names start with "openai-error-", or are listed in errFiles, are genuine
// provider errors and must yield a KindError event. callIDs extracts the
// call ids of one event.
func oaiCaptureTest(t *testing.T, f spec.Format, want map[string]int, errFiles []string, callID func(spec.Event) string) {
	dir := oaiCaptureDir(t, f)
	seen := map[string]bool{}
	for _, name := range oaiCaptureFiles(t, dir) {
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(f, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
				t.Fatal("decoding did not end with EOF")
			}
			ids := map[string]bool{}
			errs := 0
			for _, e := range evs {
				if err := decodetest.CheckFields(e); err != nil {
					t.Error(err)
				}
				if id := callID(e); id != "" {
					ids[id] = true
				}
				if e.Kind == spec.KindError {
					errs++
					if e.Data == "" || e.Name == "" {
						t.Errorf("error event without message or name: %s", e)
					}
				}
			}
			isErr := strings.HasPrefix(name, "openai-error-") || slices.Contains(errFiles, name)
			if isErr && errs == 0 {
				t.Errorf("provider-error capture gave no error event")
			}
			if !isErr && errs > 0 {
				t.Errorf("capture gave %d error events", errs)
			}
			n, ok := want[name]
			if !ok {
				t.Fatalf("capture not in the test's table: add its call-id count from the README (it has %d)", len(ids))
			}
			if len(ids) != n {
				t.Errorf("distinct call ids = %d %v, README says %d", len(ids), ids, n)
			}
		})
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("capture %s listed in the test's table is missing from %s", name, dir)
		}
	}
}

// TestOpenAIChatCaptures decodes every real OpenAI chat capture.
func TestOpenAIChatCaptures(t *testing.T) {
	// Distinct call ids per capture, from shared/captures/README.md.
	want := map[string]int{
		"azure-gpt-5-mini-tool-prompt-filter.sse":       1,
		"deepseek-reasoner-reasoning-tool.jsonl":        1,
		"groq-gpt-oss-120b-reasoning-tool.sse":          1,
		"groq-gpt-oss-120b-tool-use-failed-error.sse":   0,
		"llama-cpp-gpt-oss-reasoning-tool.sse":          1,
		"mistral-api-glm-empty-name-continuation.jsonl": 1,
		"mistral-large-2calls-one-chunk.sse":            2,
		"mistral-small-no-index.jsonl":                  1,
		"openai-gpt-4o-2calls-noargs.sse":               2,
		"openai-gpt-4o-2calls.sse":                      2,
		"openrouter-anthropic-2calls.sse":               2,
		"openrouter-gemini-2calls.sse":                  2,
		"qwen3-max-empty-id-continuations.jsonl":        1,
		"vercel-gateway-gemini-3-reasoning-tool.sse":    1,
	}
	oaiCaptureTest(t, spec.FormatOpenAIChat, want, []string{"groq-gpt-oss-120b-tool-use-failed-error.sse"}, func(e spec.Event) string {
		if e.Kind == spec.KindFragment {
			return e.ID
		}
		return ""
	})
}

// oaiChunkingTest checks, for every capture of f, that decoding it whole
// equals decoding it through one Decoder in 1-byte Writes and in Writes of
// random sizes, then Close.
func oaiChunkingTest(t *testing.T, f spec.Format) {
	dir := oaiCaptureDir(t, f)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range oaiCaptureFiles(t, dir) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			whole, wv := Decode(f, data, spec.Limits{})
			for _, mode := range []string{"1-byte", "random", "random", "random"} {
				d := NewDecoder(f, spec.Limits{})
				var got []spec.Event
				var gv *spec.Violation
				for rest := data; len(rest) > 0 && gv == nil; {
					n := 1
					if mode == "random" {
						n = 1 + rng.IntN(200)
					}
					n = min(n, len(rest))
					var evs []spec.Event
					evs, gv = d.Write(rest[:n])
					got = append(got, evs...)
					rest = rest[n:]
				}
				if gv == nil {
					var evs []spec.Event
					evs, gv = d.Close()
					got = append(got, evs...)
				}
				if !reflect.DeepEqual(gv, wv) {
					t.Fatalf("%s: violation %v, whole input gave %v", mode, gv, wv)
				}
				if !reflect.DeepEqual(got, whole) {
					t.Fatalf("%s: %d events differ from the %d of the whole input", mode, len(got), len(whole))
				}
			}
		})
	}
}

func TestOpenAIChatChunking(t *testing.T) { oaiChunkingTest(t, spec.FormatOpenAIChat) }
