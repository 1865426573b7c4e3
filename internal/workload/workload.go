// Package workload builds the deterministic streams that toolspec's
// benchmarks feed to the production reassembler (package impl) and, in the
// nested module thirdparty, to the provider SDKs it is compared with.
//
// It is internal to the project: its API serves those benchmarks and their
// tests only and may change at any time. It depends on the standard library
// and package spec only.
//
// Each [Workload] is one complete, valid stream of one format, in two forms:
// the raw wire bytes (framed as the provider frames them: SSE, NDJSON or
// the binary AWS event-stream with both CRCs) and the list of decoded
// payloads an SDK's decoder hands out (event name and data, one per SSE
// event, line or event-stream message, including OpenAI's [DONE] and
// Anthropic's ping). [Workload.Want] is what a correct reassembly of it
// yields, and [Workload.Floor] does the least work any reassembler of it
// must do. Everything is a pure function of the workload's fields: the same
// name gives the same bytes on every run.
//
// # Names
//
// A name reads <format>[-<dialect>]-<shape>-<size>-<delta>:
//
//   - format: openai-chat, openai-responses, anthropic, ollama, gemini or
//     bedrock (spec.Format's names).
//   - dialect: none for the lean framing (the provider's own sequence of
//     events with a fixed envelope: every chunk repeats the same metadata
//     bytes); "real" for the envelope as providers send it (see [Real]);
//     "rep" for OpenAI chat with id, type and name repeated on every delta
//     (LiteLLM's proxy, Fireworks, DeepSeek, Qwen); "vertex" for Gemini
//     through Vertex AI with streamed function-call arguments (partialArgs).
//   - shape: "1call"; "Ncalls", N calls one after another; "Ninter", N calls
//     whose deltas interleave round-robin (one delta of each call in turn);
//     "text", a stream of assistant text only; "thinking", a reasoning
//     block followed by one small call.
//   - size: the bytes of each call's arguments, or of the text or thinking
//     ("1KiB", "16KiB", "1MiB").
//   - delta: "d8" for fragments of 8 bytes (of the decoded argument, text or
//     thinking string), "whole" for arguments that arrive whole as a JSON
//     object (Ollama, Gemini without Vertex's partialArgs), where the format
//     cannot fragment them.
//
// No name ends in "-" and digits, so a benchmark's GOMAXPROCS suffix can be
// cut off its name.
//
// # Shapes per format
//
// Every format has, in the lean dialect:
//
//   - the small stream, one call of 1 KiB in 8-byte deltas (1call-1KiB-d8),
//     and its twin of 1 MiB at the same delta, so that their costs per byte
//     compare;
//   - one call of 16 KiB and of 1 MiB in 16-byte deltas, and one of 64 KiB
//     in deltas of 4, 16, 64 and 256 bytes;
//   - 8, 32 and 128 calls of 4 KiB in 16-byte deltas, one after another,
//     and the same calls interleaved where the format can express it
//     (OpenAI chat by tool_calls index, Responses by output_index,
//     Anthropic and Bedrock by block index; Gemini and Ollama send each
//     call whole or, with partialArgs, from its opening part to its
//     closing part, so their calls cannot interleave);
//   - text only: 1 KiB in 8-byte deltas and its 1 MiB twin, 16 KiB and
//     1 MiB in 16-byte deltas;
//   - thinking of 16 KiB and 1 MiB (and 256 KiB for Anthropic) in 16-byte
//     deltas, then one small call, in every format but OpenAI chat, whose
//     API streams no reasoning.
//
// In the real dialect it has the small stream and its 1 MiB twin, one call
// of 16 KiB, 8 calls of 4 KiB one after another and interleaved, and text
// of 1 KiB and 16 KiB. OpenAI chat has four rep workloads (the shapes the
// benchmarks had first: 1call-1KiB-d8, 8calls-4KiB-d16, 1call-16KiB-d16,
// 1call-1MiB-d16). Ollama and Gemini, whose arguments arrive whole, have
// the call shapes with delta "whole" (1 KiB, 16 KiB and 1 MiB, 8, 32 and
// 128 calls of 4 KiB) in the lean and real dialects; Gemini has the
// fragmented ones in its vertex dialect, but for the 1 MiB twin in 8-byte
// pieces, which a correct reassembler must refuse: Vertex charges every
// piece's JSONPath to the call's argument budget (SPEC.md BUD-2), and
// 1 MiB in 8-byte pieces of "$.content" costs more than the default 2 MiB.
//
// The real dialect's varying bytes (padding, obfuscation, pings, clocks)
// come from a generator seeded by the format and dialect only, so a
// workload and its twins of other sizes draw the same sequence.
//
// Arguments are one JSON object of exactly the stated size whose string
// value holds escaped quotes and newlines, so every fragment needs JSON
// string escaping on the wire; all text is ASCII, as token-aligned fragments
// never split a character.
package workload

import (
	"strconv"
	"sync"

	"github.com/toolspec/toolspec/spec"
)

// KiB and MiB are byte sizes.
const (
	KiB = 1 << 10
	MiB = 1 << 20
)

// Kind says what a workload streams in bulk.
type Kind string

// Workload kinds.
const (
	KindArgs     Kind = "args"     // tool-call arguments
	KindText     Kind = "text"     // assistant text
	KindThinking Kind = "thinking" // reasoning text (Anthropic thinking block and its kin)
)

// Dialect is how a workload frames its payloads beyond what its format
// requires.
type Dialect string

// Dialects.
const (
	// Lean is the provider's own sequence of events with a fixed envelope:
	// every chunk of a stream repeats the same metadata bytes.
	Lean Dialect = ""
	// Real is the envelope as the providers' recorded streams have it
	// (shared/captures): OpenAI chat chunks with id, object, created,
	// model, service_tier, system_fingerprint, usage: null, logprobs: null,
	// finish_reason: null and an obfuscation string whose length changes on
	// every chunk; Responses events with the whole response object on
	// created, in_progress and completed and an obfuscation string on every
	// delta; Anthropic payloads padded with runs of spaces before their
	// closing brace and pings between deltas; Gemini with CRLF line ends, a
	// space after every colon, usageMetadata on every chunk and a thought
	// signature on the first call; Ollama lines whose created_at advances
	// (so its length changes) and a done line with the timings; Bedrock
	// payloads with the "p" padding field of random length.
	Real Dialect = "real"
	// Repeat is OpenAI chat with id, type and function name repeated on
	// every delta, as LiteLLM's proxy, Fireworks, DeepSeek and Qwen send
	// them.
	Repeat Dialect = "rep"
	// Vertex is Gemini through Vertex AI with streamed function-call
	// arguments: a part with the name and willContinue opens a call,
	// partialArgs pieces address its string values by JSONPath, and an
	// empty functionCall closes it.
	Vertex Dialect = "vertex"
)

// Payload is one decoded frame: its event name (the SSE event name or the
// event-stream :event-type; "" when it has none, as in OpenAI chat, Gemini
// and Ollama) and its data (the JSON of one chunk or event).
type Payload struct {
	Event string
	Data  []byte
}

// Call is one tool call a correct reassembly yields.
type Call struct {
	ID, Name, Args string
}

// Want is the result of a correct reassembly of a workload: every call
// complete, the text and thinking whole, one message, this stop reason and
// no violation.
type Want struct {
	Calls    []Call
	Text     string // the assistant text, "" when none
	Thinking string // the thinking text, "" when none
	Stop     spec.StopReason
}

// Framing is how a workload's frames are delimited on the wire.
type Framing string

// Framings.
const (
	FramingSSE         Framing = "sse"          // text/event-stream, events end at a blank line
	FramingLines       Framing = "ndjson"       // one JSON object per line
	FramingEventStream Framing = "event-stream" // application/vnd.amazon.eventstream
)

// Workload is one deterministic stream. Its bytes are built on first use
// and then shared: callers must not modify them.
type Workload struct {
	Name       string // unique, usable as a sub-benchmark name (no slash, no space)
	Format     spec.Format
	Dialect    Dialect
	Kind       Kind
	Size       int  // bulk bytes per call (KindArgs) or of the text or thinking
	Calls      int  // tool calls in the stream
	Delta      int  // bytes per delta fragment; 0 when the arguments arrive whole (Ollama, Gemini)
	Interleave bool // the calls' deltas interleave round-robin

	once     sync.Once
	raw      []byte
	payloads []Payload
	want     Want
	framing  Framing
	crlf     bool
	spans    []span     // where the bulk bytes lie in raw
	refs     []frameRef // where each payload lies in raw
}

// span is a byte range [start, end) of the raw bytes.
type span struct{ start, end int }

// Raw returns the wire bytes.
func (w *Workload) Raw() []byte { w.build(); return w.raw }

// Payloads returns the decoded payloads, in stream order. Their data are
// slices of the raw bytes.
func (w *Workload) Payloads() []Payload { w.build(); return w.payloads }

// PayloadBytes returns the total size of the payloads' data.
func (w *Workload) PayloadBytes() int {
	n := 0
	for _, p := range w.Payloads() {
		n += len(p.Data)
	}
	return n
}

// Want returns what a correct reassembly yields.
func (w *Workload) Want() Want { w.build(); return w.want }

// Framing returns how the wire bytes are framed.
func (w *Workload) Framing() Framing { w.build(); return w.framing }

// BulkBytes returns how many bytes of the wire carry the bulk (argument,
// text or thinking fragments, as JSON string contents or, when the
// arguments arrive whole, the argument objects): what [Workload.Floor]
// copies.
func (w *Workload) BulkBytes() int {
	w.build()
	n := 0
	for _, s := range w.spans {
		n += s.end - s.start
	}
	return n
}

// WithSize returns a new workload of the same format, dialect and shape
// whose calls, text or thinking have n bytes (at least 64 for arguments).
// It is not among All; tests use it to compare sizes.
func (w *Workload) WithSize(n int) *Workload {
	return newWorkload(w.Format, w.Dialect, w.Kind, w.Calls, n, w.Delta, w.Interleave)
}

// WithCalls returns a new workload like w with n calls (interleaved if w's
// are and n > 1). It is not among All; tests use it to compare numbers of
// calls.
func (w *Workload) WithCalls(n int) *Workload {
	return newWorkload(w.Format, w.Dialect, w.Kind, n, w.Size, w.Delta, w.Interleave && n > 1)
}

// Sequential returns a new workload like w whose calls go one after
// another (w itself when they already do). It is not among All, but for an
// interleaved workload of All its name is that of one that is.
func (w *Workload) Sequential() *Workload {
	if !w.Interleave {
		return w
	}
	return newWorkload(w.Format, w.Dialect, w.Kind, w.Calls, w.Size, w.Delta, false)
}

// newWorkload returns the workload of these fields, named after them.
func newWorkload(f spec.Format, d Dialect, k Kind, calls, size, delta int, inter bool) *Workload {
	w := &Workload{Format: f, Dialect: d, Kind: k, Size: size, Calls: calls, Delta: delta, Interleave: inter}
	name := string(f)
	if d != Lean {
		name += "-" + string(d)
	}
	switch {
	case k != KindArgs:
		name += "-" + string(k)
	case inter:
		name += "-" + strconv.Itoa(calls) + "inter"
	case calls == 1:
		name += "-1call"
	default:
		name += "-" + strconv.Itoa(calls) + "calls"
	}
	name += "-" + sizeName(size)
	if delta == 0 {
		name += "-whole"
	} else {
		name += "-d" + strconv.Itoa(delta)
	}
	w.Name = name
	return w
}

func sizeName(n int) string {
	switch {
	case n >= MiB && n%MiB == 0:
		return strconv.Itoa(n/MiB) + "MiB"
	case n >= KiB && n%KiB == 0:
		return strconv.Itoa(n/KiB) + "KiB"
	}
	return strconv.Itoa(n) + "B"
}

// formatCaps says which shapes a format can express.
type formatCaps struct {
	format   spec.Format
	whole    bool // arguments arrive whole (no argument deltas) in the lean and real dialects
	inter    bool // calls can interleave
	thinking bool // the format streams reasoning
}

var formats = []formatCaps{
	{format: spec.FormatOpenAIChat, inter: true},
	{format: spec.FormatOpenAIResponses, inter: true, thinking: true},
	{format: spec.FormatAnthropic, inter: true, thinking: true},
	{format: spec.FormatOllama, whole: true, thinking: true},
	{format: spec.FormatGemini, whole: true, thinking: true},
	{format: spec.FormatBedrock, inter: true, thinking: true},
}

// all is every workload, grouped by format, then dialect.
var all = func() []*Workload {
	var out []*Workload
	for _, fc := range formats {
		out = append(out, formatWorkloads(fc)...)
	}
	return out
}()

// formatWorkloads returns the workloads of one format.
func formatWorkloads(fc formatCaps) []*Workload {
	f := fc.format
	var out []*Workload
	add := func(d Dialect, k Kind, calls, size, delta int, inter bool) {
		out = append(out, newWorkload(f, d, k, calls, size, delta, inter))
	}
	// calls adds the call shapes of dialect d, fragmented unless whole.
	calls := func(d Dialect, whole bool) {
		dl := func(n int) int {
			if whole {
				return 0
			}
			return n
		}
		add(d, KindArgs, 1, 1*KiB, dl(8), false)
		// Vertex charges each piece's path to the call's budget (BUD-2):
		// 1 MiB in 8-byte pieces of "$.content" is more than 2 MiB.
		if !whole && d != Vertex {
			add(d, KindArgs, 1, 1*MiB, 8, false)
		}
		add(d, KindArgs, 1, 16*KiB, dl(16), false)
		add(d, KindArgs, 1, 1*MiB, dl(16), false)
		if !whole {
			for _, n := range []int{4, 16, 64, 256} {
				add(d, KindArgs, 1, 64*KiB, n, false)
			}
		}
		for _, n := range []int{8, 32, 128} {
			add(d, KindArgs, n, 4*KiB, dl(16), false)
		}
		if fc.inter && !whole {
			for _, n := range []int{8, 32, 128} {
				add(d, KindArgs, n, 4*KiB, 16, true)
			}
		}
	}
	calls(Lean, fc.whole)
	add(Lean, KindText, 0, 1*KiB, 8, false)
	add(Lean, KindText, 0, 1*MiB, 8, false)
	add(Lean, KindText, 0, 16*KiB, 16, false)
	add(Lean, KindText, 0, 1*MiB, 16, false)
	if fc.thinking {
		add(Lean, KindThinking, 1, 16*KiB, 16, false)
		if f == spec.FormatAnthropic {
			add(Lean, KindThinking, 1, 256*KiB, 16, false)
		}
		add(Lean, KindThinking, 1, 1*MiB, 16, false)
	}
	// The real envelope on the small stream and its 1 MiB twin, a medium
	// one, parallel calls and text.
	if fc.whole {
		add(Real, KindArgs, 1, 1*KiB, 0, false)
		add(Real, KindArgs, 1, 1*MiB, 0, false)
		add(Real, KindArgs, 8, 4*KiB, 0, false)
	} else {
		add(Real, KindArgs, 1, 1*KiB, 8, false)
		add(Real, KindArgs, 1, 1*MiB, 8, false)
		add(Real, KindArgs, 1, 16*KiB, 16, false)
		add(Real, KindArgs, 8, 4*KiB, 16, false)
		if fc.inter {
			add(Real, KindArgs, 8, 4*KiB, 16, true)
		}
	}
	add(Real, KindText, 0, 1*KiB, 8, false)
	add(Real, KindText, 0, 16*KiB, 16, false)
	switch f {
	case spec.FormatOpenAIChat:
		add(Repeat, KindArgs, 1, 1*KiB, 8, false)
		add(Repeat, KindArgs, 8, 4*KiB, 16, false)
		add(Repeat, KindArgs, 1, 16*KiB, 16, false)
		add(Repeat, KindArgs, 1, 1*MiB, 16, false)
	case spec.FormatGemini:
		calls(Vertex, false)
	}
	return out
}

// All returns every workload, in a fixed order: grouped by format (in the
// order of spec.Formats), then by dialect. Their bytes are
// built lazily, on the first call of a method that needs them.
func All() []*Workload { return all }

// ByName returns the workload named name, or nil.
func ByName(name string) *Workload {
	for _, w := range all {
		if w.Name == name {
			return w
		}
	}
	return nil
}

func (w *Workload) build() {
	w.once.Do(func() {
		b := &builder{w: w, rng: seed(string(w.Format) + "-" + string(w.Dialect))}
		switch w.Format {
		case spec.FormatOpenAIChat:
			b.framing = FramingSSE
			b.openAIChat()
		case spec.FormatOpenAIResponses:
			b.framing = FramingSSE
			b.responses()
		case spec.FormatAnthropic:
			b.framing = FramingSSE
			b.anthropic()
		case spec.FormatOllama:
			b.framing = FramingLines
			b.ollama()
		case spec.FormatGemini:
			b.framing, b.crlf = FramingSSE, w.Dialect != Lean
			b.gemini()
		case spec.FormatBedrock:
			b.framing = FramingEventStream
			b.bedrock()
		default:
			panic("workload: no builder for format " + string(w.Format))
		}
		w.raw, w.want, w.framing, w.crlf, w.spans, w.refs = b.raw, b.want, b.framing, b.crlf, b.spans, b.frames
		w.payloads = make([]Payload, len(b.frames))
		for i, fr := range b.frames {
			w.payloads[i] = Payload{Event: fr.event, Data: b.raw[fr.start:fr.end:fr.end]}
		}
	})
}
