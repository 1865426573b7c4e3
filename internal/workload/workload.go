// Package workload builds the deterministic streams that toolspec's
// benchmarks feed to the production reassembler (package impl) and, in the
// nested module thirdparty, to the provider SDKs it is compared with.
//
// It is internal to the project: its API serves those benchmarks and their
// tests only and may change at any time. It depends on the standard library
// and package spec only.
//
// Each [Workload] is one complete, valid stream of one format, in two forms:
// the raw wire bytes (SSE, framed as the provider frames it) and the list of
// decoded payloads an SSE decoder hands out (event name and data, one per
// SSE event, including OpenAI's [DONE] and Anthropic's ping). [Want] is what
// a correct reassembly of it yields. Everything is a pure function of the
// workload's name: the same name gives the same bytes on every run.
//
// The shapes are the ones tool-calling clients see in practice:
//
//   - OpenAI Chat Completions: a role chunk first, then each call in turn
//     (a first delta with index, id, type and name and empty arguments, then
//     argument deltas carrying only index and arguments), a finish chunk with
//     finish_reason "tool_calls" (or "stop" after text) and data: [DONE]. The
//     "openai-rep" workloads repeat id, type and function name on every
//     delta, as LiteLLM's proxy, Fireworks, DeepSeek and Qwen send them.
//   - Anthropic Messages: message_start, a ping, one content block per call
//     (content_block_start with a tool_use block, an empty input_json_delta
//     and then the argument fragments, content_block_stop), message_delta
//     and message_stop, each as "event: <type>" plus "data: {...}".
//     Thinking blocks stream thinking_delta events and end with a
//     signature_delta.
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
	KindThinking Kind = "thinking" // reasoning text (Anthropic thinking block)
)

// Payload is one decoded SSE event: its event name ("" when the event has
// none, as in OpenAI chat) and its data.
type Payload struct {
	Event string
	Data  []byte
}

// Call is one tool call a correct reassembly yields.
type Call struct {
	ID, Name, Args string
}

// Want is the result of a correct reassembly of a workload.
type Want struct {
	Calls    []Call
	Text     string // the assistant text, "" when none
	Thinking string // the thinking text, "" when none
	Stop     spec.StopReason
}

// Workload is one deterministic stream. Its bytes are built on first use
// and then shared: callers must not modify them.
type Workload struct {
	Name   string // unique, usable as a sub-benchmark name (no slash, no space)
	Format spec.Format
	Kind   Kind
	Size   int // bulk bytes per call (KindArgs) or of the text or thinking
	Calls  int // tool calls in the stream
	Delta  int // bytes per delta fragment
	Repeat bool

	once     sync.Once
	raw      []byte
	payloads []Payload
	want     Want
}

// Raw returns the wire bytes.
func (w *Workload) Raw() []byte { w.build(); return w.raw }

// Payloads returns the decoded payloads, in stream order.
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

var all = []*Workload{
	// OpenAI chat, ids and names on the first delta of each call only.
	{Name: "openai-1call-1KiB-d8", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 1 * KiB, Calls: 1, Delta: 8},
	{Name: "openai-8calls-4KiB-d16", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 4 * KiB, Calls: 8, Delta: 16},
	{Name: "openai-1call-16KiB-d16", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 16 * KiB, Calls: 1, Delta: 16},
	{Name: "openai-1call-1MiB-d16", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 1 * MiB, Calls: 1, Delta: 16},
	// OpenAI chat with id, type and name repeated on every delta.
	{Name: "openai-rep-1call-1KiB-d8", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 1 * KiB, Calls: 1, Delta: 8, Repeat: true},
	{Name: "openai-rep-8calls-4KiB-d16", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 4 * KiB, Calls: 8, Delta: 16, Repeat: true},
	{Name: "openai-rep-1call-16KiB-d16", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 16 * KiB, Calls: 1, Delta: 16, Repeat: true},
	{Name: "openai-rep-1call-1MiB-d16", Format: spec.FormatOpenAIChat, Kind: KindArgs, Size: 1 * MiB, Calls: 1, Delta: 16, Repeat: true},
	// OpenAI chat text (delta.content).
	{Name: "openai-text-16KiB-d16", Format: spec.FormatOpenAIChat, Kind: KindText, Size: 16 * KiB, Delta: 16},
	{Name: "openai-text-1MiB-d16", Format: spec.FormatOpenAIChat, Kind: KindText, Size: 1 * MiB, Delta: 16},
	// Anthropic tool_use blocks.
	{Name: "anthropic-1call-1KiB-d8", Format: spec.FormatAnthropic, Kind: KindArgs, Size: 1 * KiB, Calls: 1, Delta: 8},
	{Name: "anthropic-8calls-4KiB-d16", Format: spec.FormatAnthropic, Kind: KindArgs, Size: 4 * KiB, Calls: 8, Delta: 16},
	{Name: "anthropic-1call-16KiB-d16", Format: spec.FormatAnthropic, Kind: KindArgs, Size: 16 * KiB, Calls: 1, Delta: 16},
	{Name: "anthropic-1call-1MiB-d16", Format: spec.FormatAnthropic, Kind: KindArgs, Size: 1 * MiB, Calls: 1, Delta: 16},
	// Anthropic thinking block, then one small tool call.
	{Name: "anthropic-thinking-16KiB-d16", Format: spec.FormatAnthropic, Kind: KindThinking, Size: 16 * KiB, Calls: 1, Delta: 16},
	{Name: "anthropic-thinking-256KiB-d16", Format: spec.FormatAnthropic, Kind: KindThinking, Size: 256 * KiB, Calls: 1, Delta: 16},
	{Name: "anthropic-thinking-1MiB-d16", Format: spec.FormatAnthropic, Kind: KindThinking, Size: 1 * MiB, Calls: 1, Delta: 16},
	// Anthropic text block.
	{Name: "anthropic-text-16KiB-d16", Format: spec.FormatAnthropic, Kind: KindText, Size: 16 * KiB, Delta: 16},
	{Name: "anthropic-text-1MiB-d16", Format: spec.FormatAnthropic, Kind: KindText, Size: 1 * MiB, Delta: 16},
}

// All returns every workload, in a fixed order. Their bytes are built
// lazily, on the first call of Raw, Payloads or Want.
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
		b := &builder{}
		switch w.Format {
		case spec.FormatOpenAIChat:
			b.openAIChat(w)
		case spec.FormatAnthropic:
			b.anthropic(w)
		default:
			panic("workload: no builder for format " + string(w.Format))
		}
		w.raw, w.payloads, w.want = b.raw, b.payloads, b.want
	})
}

// builder accumulates one stream in both forms.
type builder struct {
	raw      []byte
	payloads []Payload
	want     Want
	scratch  []byte
}

// emit appends one SSE event with the given name ("" for none) and data.
func (b *builder) emit(event string, data []byte) {
	if event != "" {
		b.raw = append(b.raw, "event: "...)
		b.raw = append(b.raw, event...)
		b.raw = append(b.raw, '\n')
	}
	b.raw = append(b.raw, "data: "...)
	b.raw = append(b.raw, data...)
	b.raw = append(b.raw, "\n\n"...)
	b.payloads = append(b.payloads, Payload{Event: event, Data: append([]byte(nil), data...)})
}

// Content generation.

var words = []string{
	"the", "reassembler", "keeps", "every", "call", "apart", "stream", "bytes",
	"arrive", "in", "fragments", "of", "any", "size", "and", "order", "tool",
	"arguments", "are", "one", "JSON", "object", "a", "provider", "may", "repeat",
	"its", "id", "on", "delta", "while", "another", "never", "sends", "it",
}

// text returns n bytes of ASCII prose for seed: words, punctuation, a quote
// now and then and a newline every few sentences.
func text(seed, n int) []byte {
	out := make([]byte, 0, n+16)
	x := uint32(seed)*2654435761 + 12345
	next := func() uint32 { x = x*1664525 + 1013904223; return x >> 8 }
	for sentence := 0; len(out) < n; sentence++ {
		k := 6 + int(next()%10)
		for i := 0; i < k; i++ {
			w := words[next()%uint32(len(words))]
			if i == 0 {
				out = append(out, w[0]&^0x20)
				out = append(out, w[1:]...)
			} else {
				out = append(out, ' ')
				if next()%17 == 0 {
					out = append(out, '"')
					out = append(out, w...)
					out = append(out, '"')
					continue
				}
				out = append(out, w...)
			}
		}
		out = append(out, '.')
		if sentence%4 == 3 {
			out = append(out, '\n')
		} else {
			out = append(out, ' ')
		}
	}
	return out[:n]
}

// args returns one JSON object of exactly n bytes (n >= 64) for call i:
// {"path":"src/gen/file_NN.go","content":"..."} whose content is escaped
// prose.
func args(i, n int) string {
	head := `{"path":"src/gen/file_` + pad2(i) + `.go","content":"`
	const tail = `"}`
	room := n - len(head) - len(tail)
	if room < 0 {
		panic("workload: arguments too small")
	}
	src := text(1000+i, room)
	body := make([]byte, 0, room)
	for _, c := range src {
		var e []byte
		switch c {
		case '"':
			e = []byte(`\"`)
		case '\n':
			e = []byte(`\n`)
		default:
			e = []byte{c}
		}
		if len(body)+len(e) > room {
			break
		}
		body = append(body, e...)
	}
	for len(body) < room {
		body = append(body, 'x')
	}
	return head + string(body) + tail
}

func pad2(i int) string {
	if i < 10 {
		return "0" + strconv.Itoa(i)
	}
	return strconv.Itoa(i)
}

// fragments splits s into pieces of at most n bytes.
func fragments(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// appendString appends s as a JSON string, escaping as encoding/json does
// without HTML escaping.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// id returns a deterministic id of prefix plus n alphanumeric characters.
func id(prefix string, seed, n int) string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte(prefix)
	x := uint32(seed)*2246822519 + 3266489917
	for i := 0; i < n; i++ {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b = append(b, alnum[x%uint32(len(alnum))])
	}
	return string(b)
}

var toolNames = []string{"write_file", "read_file", "run_shell", "search_code"}

// wantCalls returns the calls of w, with their arguments.
func wantCalls(w *Workload, idPrefix string, idLen int) []Call {
	calls := make([]Call, w.Calls)
	for i := range calls {
		calls[i] = Call{ID: id(idPrefix, i+1, idLen), Name: toolNames[i%len(toolNames)]}
		if w.Kind == KindArgs {
			calls[i].Args = args(i, w.Size)
		} else {
			calls[i].Args = `{"path":"src/gen/file_00.go"}`
		}
	}
	return calls
}

// OpenAI chat.

const oaiHead = `{"id":"chatcmpl-CBench0toolspec0workload01","object":"chat.completion.chunk","created":1764400000,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_f9f4fb6dbf","choices":[{"index":0,"delta":`

// chunk emits one chat.completion.chunk with the given delta JSON and
// finish reason ("" for null).
func (b *builder) chunk(delta []byte, finish string) {
	c := append(b.scratch[:0], oaiHead...)
	c = append(c, delta...)
	c = append(c, `,"logprobs":null,"finish_reason":`...)
	if finish == "" {
		c = append(c, "null"...)
	} else {
		c = appendString(c, finish)
	}
	c = append(c, `}],"usage":null,"obfuscation":"Qz3"}`...)
	b.scratch = c
	b.emit("", c)
}

func (b *builder) openAIChat(w *Workload) {
	b.chunk([]byte(`{"role":"assistant","content":null,"refusal":null}`), "")
	finish := "tool_calls"
	var d []byte
	switch w.Kind {
	case KindArgs:
		b.want.Calls = wantCalls(w, "call_", 24)
		b.want.Stop = spec.StopToolUse
		for i, c := range b.want.Calls {
			head := func(args string) []byte {
				d = append(d[:0], `{"tool_calls":[{"index":`...)
				d = strconv.AppendInt(d, int64(i), 10)
				d = append(d, `,"id":`...)
				d = appendString(d, c.ID)
				d = append(d, `,"type":"function","function":{"name":`...)
				d = appendString(d, c.Name)
				d = append(d, `,"arguments":`...)
				d = appendString(d, args)
				return append(d, "}}]}"...)
			}
			b.chunk(head(""), "")
			for _, f := range fragments(c.Args, w.Delta) {
				if w.Repeat {
					b.chunk(head(f), "")
					continue
				}
				d = append(d[:0], `{"tool_calls":[{"index":`...)
				d = strconv.AppendInt(d, int64(i), 10)
				d = append(d, `,"function":{"arguments":`...)
				d = appendString(d, f)
				d = append(d, "}}]}"...)
				b.chunk(d, "")
			}
		}
	case KindText:
		b.want.Text = string(text(7, w.Size))
		b.want.Stop = spec.StopEnd
		finish = "stop"
		for _, f := range fragments(b.want.Text, w.Delta) {
			d = append(d[:0], `{"content":`...)
			d = appendString(d, f)
			d = append(d, '}')
			b.chunk(d, "")
		}
	default:
		panic("workload: openai-chat has no " + string(w.Kind) + " workload")
	}
	b.chunk([]byte(`{}`), finish)
	b.emit("", []byte("[DONE]"))
}

// Anthropic.

func (b *builder) event(typ string, data []byte) { b.emit(typ, data) }

func (b *builder) anthropic(w *Workload) {
	b.event("message_start", []byte(`{"type":"message_start","message":{"id":"msg_01BenchToolspecWorkload01","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1472,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":2,"service_tier":"standard"}}}`))
	b.event("ping", []byte(`{"type": "ping"}`))
	index := 0
	var d []byte
	delta := func(kind, field, frag string) {
		d = append(d[:0], `{"type":"content_block_delta","index":`...)
		d = strconv.AppendInt(d, int64(index), 10)
		d = append(d, `,"delta":{"type":"`...)
		d = append(d, kind...)
		d = append(d, `","`...)
		d = append(d, field...)
		d = append(d, `":`...)
		d = appendString(d, frag)
		d = append(d, "}}"...)
		b.event("content_block_delta", d)
	}
	start := func(block string) {
		d = append(d[:0], `{"type":"content_block_start","index":`...)
		d = strconv.AppendInt(d, int64(index), 10)
		d = append(d, `,"content_block":`...)
		d = append(d, block...)
		d = append(d, '}')
		b.event("content_block_start", d)
	}
	stop := func() {
		d = append(d[:0], `{"type":"content_block_stop","index":`...)
		d = strconv.AppendInt(d, int64(index), 10)
		d = append(d, '}')
		b.event("content_block_stop", d)
		index++
	}
	stopReason := "tool_use"
	b.want.Stop = spec.StopToolUse
	switch w.Kind {
	case KindThinking:
		b.want.Thinking = string(text(11, w.Size))
		start(`{"type":"thinking","thinking":"","signature":""}`)
		for _, f := range fragments(b.want.Thinking, w.Delta) {
			delta("thinking_delta", "thinking", f)
		}
		delta("signature_delta", "signature", id("EqQBCkYIBxgCKkBench", 3, 180))
		stop()
	case KindText:
		b.want.Text = string(text(7, w.Size))
		stopReason, b.want.Stop = "end_turn", spec.StopEnd
		start(`{"type":"text","text":""}`)
		for _, f := range fragments(b.want.Text, w.Delta) {
			delta("text_delta", "text", f)
		}
		stop()
	}
	if w.Calls > 0 {
		b.want.Calls = wantCalls(w, "toolu_01", 22)
	}
	for _, c := range b.want.Calls {
		block := appendString([]byte(`{"type":"tool_use","id":`), c.ID)
		block = append(block, `,"name":`...)
		block = appendString(block, c.Name)
		block = append(block, `,"input":{}}`...)
		start(string(block))
		delta("input_json_delta", "partial_json", "")
		for _, f := range fragments(c.Args, w.Delta) {
			delta("input_json_delta", "partial_json", f)
		}
		stop()
	}
	d = append(d[:0], `{"type":"message_delta","delta":{"stop_reason":"`...)
	d = append(d, stopReason...)
	d = append(d, `","stop_sequence":null},"usage":{"output_tokens":`...)
	d = strconv.AppendInt(d, int64(len(b.raw)/64), 10)
	d = append(d, "}}"...)
	b.event("message_delta", d)
	b.event("message_stop", []byte(`{"type":"message_stop"}`))
}
