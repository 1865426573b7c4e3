package model

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/spec"
)

// The helpers prefixed ab serve both decode_anthropic_test.go and
// decode_bedrock_test.go.

// abCapturesDir is the folder of real captures, relative to the model dir.
const abCapturesDir = "../../shared/captures"

// abCaptureFiles returns the capture files of one format folder; an absent
// folder stops the test (captures.Absent), an empty one fails it.
func abCaptureFiles(t *testing.T, folder string) []string {
	t.Helper()
	dir := filepath.Join(abCapturesDir, folder)
	ents, err := os.ReadDir(dir)
	if err != nil {
		captures.Absent(t, dir, err)
	}
	var files []string
	for _, e := range ents {
		if e.Type().IsRegular() {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	if len(files) == 0 {
		t.Fatalf("captures folder %s is empty", dir)
	}
	return files
}

// abCalls lists the calls a decoded stream announces: "block <id>" for a
// BlockStart of a call block, "whole <id>" for a WholeCall, with " server"
// appended for server calls.
func abCalls(evs []spec.Event) []string {
	var calls []string
	for _, e := range evs {
		var s string
		switch {
		case e.Kind == spec.KindBlockStart && e.Block == spec.BlockCall:
			s = "block " + e.ID
		case e.Kind == spec.KindWholeCall:
			s = "whole " + e.ID
		default:
			continue
		}
		if e.Server {
			s += " server"
		}
		calls = append(calls, s)
	}
	return calls
}

// abCheckCaptures decodes every capture of folder with format f, checks
// that no violation occurs, that the stream ends in EOF, and that the calls
// seen are the ones listed in want (keyed by file name; every file must be
// listed).
func abCheckCaptures(t *testing.T, f spec.Format, folder string, want map[string][]string) {
	seen := map[string]bool{}
	for _, path := range abCaptureFiles(t, folder) {
		name := filepath.Base(path)
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(f, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
				t.Fatalf("stream does not end in EOF")
			}
			exp, ok := want[name]
			if !ok {
				t.Fatalf("capture not listed in the test; calls seen %q", abCalls(evs))
			}
			if got := abCalls(evs); !slices.Equal(got, exp) {
				t.Errorf("calls:\n  got  %q\n  want %q", got, exp)
			}
		})
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("listed capture %s not found", name)
		}
	}
}

// abCheckChunking checks, for every capture of folder, that decoding it
// whole gives the same events as writing it to a Decoder one byte at a time,
// and in random-sized pieces, then closing it.
func abCheckChunking(t *testing.T, f spec.Format, folder string) {
	for _, path := range abCaptureFiles(t, folder) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			whole, v := Decode(f, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			oneByte := slices.Repeat([]int{1}, len(data))
			if got := abDecodeChunks(t, f, data, oneByte); !slices.Equal(got, whole) {
				t.Errorf("1-byte writes differ from whole decode:\n%s", abDiff(got, whole))
			}
			rng := rand.New(rand.NewPCG(uint64(len(data)), 7))
			for round := 0; round < 20; round++ {
				var sizes []int
				for n := 0; n < len(data); {
					k := 1 + rng.IntN(64)
					if round%2 == 1 {
						k = 1 + rng.IntN(len(data))
					}
					sizes = append(sizes, k)
					n += k
				}
				if got := abDecodeChunks(t, f, data, sizes); !slices.Equal(got, whole) {
					t.Fatalf("round %d, write sizes %v differ from whole decode:\n%s", round, sizes, abDiff(got, whole))
				}
			}
		})
	}
}

// abDecodeChunks writes data to a new Decoder in pieces of the given sizes
// (the last is cut to fit), then closes it.
func abDecodeChunks(t *testing.T, f spec.Format, data []byte, sizes []int) []spec.Event {
	t.Helper()
	d := NewDecoder(f, spec.Limits{})
	var out []spec.Event
	for _, k := range sizes {
		k = min(k, len(data))
		evs, v := d.Write(data[:k])
		if v != nil {
			t.Fatalf("violation: %v", v)
		}
		out = append(out, evs...)
		data = data[k:]
	}
	evs, v := d.Close()
	if v != nil {
		t.Fatalf("violation at close: %v", v)
	}
	return append(out, evs...)
}

// abDiff describes the first difference of two event lists.
func abDiff(got, want []spec.Event) string {
	for i := range max(len(got), len(want)) {
		var g, w spec.Event
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return fmt.Sprintf("event %d:\n  got  %+v\n  want %+v", i, g, w)
		}
	}
	return "(no difference)"
}

// TestAnthropicViolationPlace checks that a violation names the frame it
// broke in and that the events of earlier frames are kept.
func TestAnthropicViolationPlace(t *testing.T) {
	in := "{\"type\":\"content_block_stop\",\"index\":0}\n{\"type\":\"content_block_stop\"}\n{\"type\":\"message_stop\"}\n"
	evs, v := Decode(spec.FormatAnthropic, []byte(in), spec.Limits{})
	if v == nil || v.Rule != spec.FramePayload {
		t.Fatalf("violation %v, want %s", v, spec.FramePayload)
	}
	if v.Frame != 2 || v.Offset != int64(strings.IndexByte(in, '\n')+1) {
		t.Errorf("violation at frame %d offset %d, want frame 2 offset %d", v.Frame, v.Offset, strings.IndexByte(in, '\n')+1)
	}
	if len(evs) != 1 || evs[0].String() != "#1 block-stop index=0" {
		t.Errorf("events before the violation: %v", evs)
	}
}

// TestAnthropicCaptures decodes the real Anthropic captures and checks the
// calls they announce against shared/captures/README.md.
func TestAnthropicCaptures(t *testing.T) {
	programmatic := []string{
		// Message 1: text, server_tool_use(code_execution), tool_use(rollDie).
		"block srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK server",
		"block toolu_019jKkXz4jAdwHweHBw92CVY",
		// Messages 2-14: a complete tool_use inside message_start.
		"whole toolu_015dGLMbwBKv1ZRQr6KdJzeH",
		"whole toolu_01YYqBNq5mk1wMtv3PAqY44m",
		"whole toolu_018WxjDkQG8h7i63poySGT2x",
		"whole toolu_014ch4D3vbx928ddwxMvMvF1",
		"whole toolu_01QtZ46GWS93Z5ZaSifgGNnq",
		"whole toolu_012Zvp8FdgvjVGkmbHSU4EZk",
		"whole toolu_01CMz8Jhv6EfnzHQzEMdpHut",
		"whole toolu_01PfH6ADzq8Yct5jeRY9QkS2",
		"whole toolu_013DE3qaKvBMheZXUhwkvpdF",
		"whole toolu_01MTRMy9BEvFHWR7hpCWc4nJ",
		"whole toolu_01CXqv27ozPihE5nj6eA3Joc",
		"whole toolu_01K6ST6orjmPHHwM8rwLj1n9",
		"whole toolu_01QcWWQcQ1pd7nx9xohX4zAr",
		// Message 15: a code_execution_tool_result and text, no call.
	}
	abCheckCaptures(t, spec.FormatAnthropic, "anthropic", map[string][]string{
		"SYNTHETIC-spliced-message-start.jsonl":         {"block toolu_first", "block toolu_second"},
		"claude-3-7-ping-inside-block.sse":              {"block toolu_017QoD96fYwGzCWvLfaPADWg"},
		"claude-sonnet-4-5-redacted-thinking.sse":       nil,
		"claude-sonnet-4-5-tool-no-args.jsonl":          {"block toolu_01QE1WLsSVp5hy5Q3GmGTmjP"},
		"claude-sonnet-4-text-2tools-padded.sse":        {"block toolu_01UYxUYC2zRPY8wiutnF48eP", "block toolu_01VaRx1jpWCvPhi7L4kywAcd"},
		"claude-sonnet-4-thinking-tool.sse":             {"block toolu_01Js4AMfx5qpTLhwTusnvT68"},
		"mcp-tool-use.jsonl":                            {"block mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT server"},
		"programmatic-tool-calling-multi-message.jsonl": programmatic,
	})
}

// TestAnthropicCaptureDetails spot-checks the quirks the captures README
// describes.
func TestAnthropicCaptureDetails(t *testing.T) {
	if _, err := os.Stat(abCapturesDir); err != nil {
		captures.Absent(t, abCapturesDir, err)
	}
	read := func(name string) []spec.Event {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(abCapturesDir, "anthropic", name))
		if err != nil {
			t.Fatal(err)
		}
		evs, v := Decode(spec.FormatAnthropic, data, spec.Limits{})
		if v != nil {
			t.Fatalf("%s: %v", name, v)
		}
		return evs
	}
	count := func(evs []spec.Event, keep func(spec.Event) bool) int {
		n := 0
		for _, e := range evs {
			if keep(e) {
				n++
			}
		}
		return n
	}
	t.Run("no-args tool sends one empty fragment", func(t *testing.T) {
		evs := read("claude-sonnet-4-5-tool-no-args.jsonl")
		args := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaArgs })
		empty := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaArgs && e.Data == "" })
		if args != 1 || empty != 1 {
			t.Errorf("args deltas %d (empty %d), want 1 empty", args, empty)
		}
	})
	t.Run("redacted thinking has data at start", func(t *testing.T) {
		evs := read("claude-sonnet-4-5-redacted-thinking.sse")
		n := count(evs, func(e spec.Event) bool {
			return e.Kind == spec.KindBlockStart && e.Block == spec.BlockRedacted && e.Data != ""
		})
		if n != 2 {
			t.Errorf("redacted block starts with data: %d, want 2", n)
		}
	})
	t.Run("thinking then one signature", func(t *testing.T) {
		evs := read("claude-sonnet-4-thinking-tool.sse")
		// 22 thinking_delta events on the wire; the last is empty and is
		// reported too (PAIR-5 does not depend on length).
		th := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaThinking })
		sig := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaSignature })
		if th != 22 || sig != 1 {
			t.Errorf("thinking deltas %d, signature deltas %d; want 22 and 1", th, sig)
		}
	})
	t.Run("programmatic messages", func(t *testing.T) {
		evs := read("programmatic-tool-calling-multi-message.jsonl")
		starts := count(evs, func(e spec.Event) bool { return e.Kind == spec.KindMessageStart })
		ends := count(evs, func(e spec.Event) bool { return e.Kind == spec.KindMessageEnd })
		if starts != 15 || ends != 15 {
			t.Errorf("message starts %d, ends %d; want 15 each", starts, ends)
		}
	})
}

func TestAnthropicChunking(t *testing.T) {
	abCheckChunking(t, spec.FormatAnthropic, "anthropic")
}

// TestAnthropicMutationsNeverPanic feeds truncated and corrupted captures
// through the decoder; any outcome but a panic is fine.
func TestAnthropicMutationsNeverPanic(t *testing.T) {
	abMutate(t, spec.FormatAnthropic, "anthropic")
}

// abMutate decodes random prefixes of every capture of folder, and copies
// with random bytes overwritten; it only checks that decoding returns.
func abMutate(t *testing.T, f spec.Format, folder string) {
	rng := rand.New(rand.NewPCG(1, 2))
	junk := []byte("{}[]\":,0 \n\x00\xff")
	for _, path := range abCaptureFiles(t, folder) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			Decode(f, data[:rng.IntN(len(data))], spec.Limits{})
		}
		for range 200 {
			c := slices.Clone(data)
			for range 1 + rng.IntN(4) {
				c[rng.IntN(len(c))] = junk[rng.IntN(len(junk))]
			}
			Decode(f, c, spec.Limits{})
		}
	}
}
