package conformance

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spectest"
)

// Timing is one library's time on one stream, against toolspec's
// (toolspec.Reassemble) on the same bytes in the same run.
type Timing struct {
	Stream   string // "workload NAME" or "capture FORMAT/FILE"
	Bytes    int
	Toolspec time.Duration // per stream
	Library  time.Duration // per stream, the library's whole path from the bytes
	Failed   bool          // the library failed the stream (it was timed all the same)
}

// Ratio is how many times toolspec's throughput the library's is below:
// the library's time over toolspec's.
func (t Timing) Ratio() float64 { return float64(t.Library) / float64(t.Toolspec) }

// The streams the throughput is measured on: the benchmark workloads of
// internal/workload up to 16 KiB (the larger ones take seconds in the
// libraries whose accumulation is quadratic) and a few shared captures.
var (
	timedWorkloads = []string{
		"openai-chat-8calls-4KiB-d16", "openai-chat-1call-16KiB-d16", "openai-chat-rep-8calls-4KiB-d16", "openai-chat-text-16KiB-d16",
		"anthropic-8calls-4KiB-d16", "anthropic-1call-16KiB-d16", "anthropic-thinking-16KiB-d16", "anthropic-text-16KiB-d16",
		"openai-responses-8calls-4KiB-d16", "openai-responses-1call-16KiB-d16", "openai-responses-text-16KiB-d16",
		"gemini-8calls-4KiB-whole", "gemini-1call-16KiB-whole", "gemini-vertex-8calls-4KiB-d16",
		"bedrock-8calls-4KiB-d16", "bedrock-1call-16KiB-d16", "bedrock-text-16KiB-d16",
	}
	timedCaptures = []string{
		"openai-chat/openai-gpt-4o-2calls.sse", "openai-chat/openrouter-anthropic-2calls.sse",
		"anthropic/claude-sonnet-4-text-2tools-padded.sse", "anthropic/claude-sonnet-4-thinking-tool.sse",
		"ollama/gpt-oss-thinking-then-content.ndjson", "ollama/SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson",
		"ollama/qwen3-14b-2calls-index-omitted-no-ids.ndjson",
		"openai-responses/openai-gpt-4o-2calls.sse", "openai-responses/openai-gpt-5-reasoning-2calls.sse",
		"gemini/gemini-2.5-pro-2calls-separate-chunks.sse", "gemini/gemini-3-pro-2calls-with-ids.sse",
		"bedrock/nova-micro-text-then-tool.eventstream", "bedrock/claude-sonnet-4-reasoning-signature.eventstream",
	}
)

// timedStream is one stream to time.
type timedStream struct {
	name   string
	format toolspec.Format
	data   []byte
}

func timedStreams(captures string) []timedStream {
	var out []timedStream
	for _, name := range timedWorkloads {
		if w := workload.ByName(name); w != nil {
			out = append(out, timedStream{"workload " + name, w.Format, w.Raw()})
		}
	}
	if captures == "" {
		return out
	}
	for _, name := range timedCaptures {
		data, err := os.ReadFile(filepath.Join(captures, name))
		if err != nil {
			continue
		}
		f, err := toolspec.ParseFormat(filepath.Dir(name))
		if err != nil {
			continue
		}
		out = append(out, timedStream{"capture " + name, f, data})
	}
	return out
}

// Throughput times lib (its Time function, else its adapter) and
// toolspec on each timed stream of the formats lib reads.
func Throughput(lib Library, captures string) []Timing {
	run := lib.Time
	if run == nil {
		run = func(s spectest.Stream) error {
			_, err := lib.New().Reassemble(s)
			return err
		}
	}
	var out []Timing
	for _, s := range timedStreams(captures) {
		if !slices.Contains(lib.Describe.Formats, s.format) {
			continue
		}
		st := spectest.Stream{Format: s.format, Data: s.data}
		failed := run(st) != nil // and a warm-up
		toolspec.Reassemble(s.format, s.data, toolspec.Limits{})
		lt, tt := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for range rounds {
			lt = min(lt, measure(func() { _ = run(st) }))
			tt = min(tt, measure(func() { toolspec.Reassemble(s.format, s.data, toolspec.Limits{}) }))
		}
		out = append(out, Timing{Stream: s.name, Bytes: len(s.data), Toolspec: tt, Library: lt, Failed: failed})
	}
	return out
}

// rounds is how many times each side is measured, alternately; the
// fastest round counts, which keeps out most of what other processes on
// the machine cost.
const rounds = 5

// measure returns fn's time per call over at least one call and 20 ms.
func measure(fn func()) time.Duration {
	var n int
	start := time.Now()
	for n < 1 || time.Since(start) < 20*time.Millisecond {
		fn()
		n++
	}
	return time.Since(start) / time.Duration(n)
}

// geomean returns the geometric mean of the ratios of ts.
func geomean(ts []Timing) float64 {
	if len(ts) == 0 {
		return 0
	}
	s := 0.0
	for _, t := range ts {
		s += math.Log(t.Ratio())
	}
	return math.Exp(s / float64(len(ts)))
}
