package gen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file generates wire bytes. A stream is made in three steps:
//
//  1. plan: an abstract [Response] (messages, choices, items, calls and a
//     raw stop reason per choice) is drawn for a format; it records what a
//     correct reassembler must report for the valid stream;
//  2. encode: the response is written as the format's frames (payload
//     objects with their SSE event names, event-stream event types and the
//     role each frame plays), with realistic variation: arguments split into
//     fragments, ids and names first-only or repeated, interleaved choices
//     and blocks, padding fields, pings, usage chunks;
//  3. serialize: the frames become bytes (SSE with any line ends, JSON
//     lines, or the binary Bedrock event-stream).
//
// [Mutated] breaks the frames (mutate.go) before step 3 or the bytes after
// it. The encoders may settle expectations the plan left open (a call that
// is sent whole reports its arguments compacted; a call sent without an id
// has the id ""), so a Response is meaningful only together with the bytes
// [Valid] returned with it.

// ItemKind is the kind of an [Item] of a generated response.
type ItemKind uint8

// Item kinds, numbered as spec.ItemKind's (TestItemKindsAsSpec).
const (
	// ItemText is assistant text.
	ItemText ItemKind = iota + 1
	// ItemThinking is reasoning text, possibly with a signature.
	ItemThinking
	// ItemRedacted is redacted reasoning: opaque data kept verbatim.
	ItemRedacted
	// ItemSignature is a reasoning signature that travels on its own.
	ItemSignature
	// ItemCall is a tool call; see [Item.Call].
	ItemCall
	// ItemOther is a block whose content is not kept (a tool result, a
	// hosted-tool item).
	ItemOther
	// ItemRefusal is refusal text (OpenAI chat delta.refusal, a Responses
	// refusal content part): a refusal item (END-8).
	ItemRefusal
)

var itemKindNames = [...]string{"", "text", "thinking", "redacted", "signature", "call", "other", "refusal"}

// String returns the kind's name.
func (k ItemKind) String() string {
	if int(k) < len(itemKindNames) && k != 0 {
		return itemKindNames[k]
	}
	return "item(" + strconv.Itoa(int(k)) + ")"
}

// Response is the abstract content of one generated stream: its messages
// in order. It is the bookkeeping that says what a valid stream means; the
// Expected methods turn it into what a reassembler must report.
type Response struct {
	// Format is the wire format the response is encoded in.
	Format spec.Format
	// Messages are the messages of the stream, in stream order.
	Messages []Message
	// Liberties name what the valid stream's bytes take that its format
	// allows but no provider is known to send (Liberty*): a reader owes
	// them what SPEC.md says, but a failure on them is a robustness
	// finding, not one on real traffic. Empty for most draws.
	Liberties []string

	liberties []string  // those the encoder took, before serialization
	dialect   dialect   // how the format is spoken (Bedrock Converse or Invoke)
	seen      []itemRef // calls in the order the stream first shows them
	stops     []itemRef // finishes in stream order (item is unused)
}

// Message is one response of the model within a stream.
type Message struct {
	// ID is the message or response id written on the wire ("" when the
	// format has none).
	ID string
	// Choices are the message's alternatives; formats without choices
	// have exactly one, with Index 0.
	Choices []Choice

	blocked bool // a Gemini blocked prompt: no candidate, a promptFeedback.blockReason
}

// Choice is one alternative of a message (OpenAI n > 1, Gemini
// candidates).
type Choice struct {
	// Index is the choice or candidate number on the wire.
	Index int
	// Items is the content of the choice in order.
	Items []Item
	// Stop is the provider's raw stop reason, verbatim.
	Stop string
}

// Item is one element of a choice's content.
type Item struct {
	// Kind says what the item is.
	Kind ItemKind
	// Text is the text, thinking, refusal or redacted data of the item.
	Text string
	// Signature is a thinking item's signature, or a signature item's
	// data ("" when there is none).
	Signature string
	// Call is the call of an ItemCall item, nil otherwise.
	Call *Call
}

// Call is one tool call of a generated response, with what a correct
// reassembler reports for it when the stream is valid.
type Call struct {
	// ID is the provider id as the reassembler must report it ("" when the
	// stream carries none).
	ID string
	// Name is the function name.
	Name string
	// Args is the argument text the reassembler must report: the bytes
	// streamed verbatim, the compacted object of a call sent whole, the
	// rebuilt object of a Vertex streamed call, or "{}" for no arguments.
	Args string
	// Server says the provider runs the call (a server tool).
	Server bool
	// Signature is opaque metadata that arrives with the call (Gemini
	// thoughtSignature, OpenAI-compatible extra_content), "" when none.
	Signature string
	// Custom says it is an OpenAI custom (freeform) tool call: Args is its
	// raw input text, whatever it holds, "" included (NAME-4).
	Custom bool
	// Kind is the call's kind when it is a call of a Responses item type
	// (NAME-5): Args is its input as sent, a JSON value compacted or a
	// string verbatim, "" when it has none. Zero for a function or custom
	// call.
	Kind spec.CallKind
	// Namespace is a Responses call's namespace, "" when none (NAME-6).
	Namespace string
	// ItemID is the id of the Responses output item that carries the
	// call, as the reassembler must report it (ID-12): drawn when the
	// stream is rendered, "" in the other formats and when the item has
	// none.
	ItemID string
	// Incomplete says the stream cuts the call (a Responses item whose
	// status is incomplete): it is reported incomplete with its raw bytes
	// (END-3), and a normal end of its choice becomes truncated.
	Incomplete bool

	val    *jObj     // the arguments as a value
	elem   bool      // sent as a whole element (Anthropic programmatic calls inside message_start)
	closed bool      // a Vertex path call closed by an empty functionCall part (PAIR-9)
	wire   string    // the argument text as streamed (or as embedded, for whole calls)
	how    delivery  // how the encoder sent the arguments
	esc    escStyle  // how the argument text escapes its strings
	sp     argSpaces // how the argument text is spaced
}

// delivery is how a call's arguments travel.
type delivery uint8

const (
	deliverStream delivery = iota // argument fragments or deltas: Args is the streamed text
	deliverWhole                  // one element with the arguments as an object: Args is it compacted
	deliverPath                   // Vertex partialArgs: Args is the rebuilt object
)

// dialect distinguishes the Bedrock streams.
type dialect uint8

const (
	dialectDefault    dialect = iota
	dialectInvoke             // Bedrock InvokeModelWithResponseStream of Claude: chunks of Anthropic events
	dialectInvokeNova         // Bedrock InvokeModelWithResponseStream of Amazon Nova: chunks of Converse events
)

// itemRef locates an item of a response.
type itemRef struct{ msg, choice, item int }

// ExpectedCalls returns the calls a reassembler must report for the valid
// stream [Valid] returned with r: one per call item, in the order the stream
// first shows them, with its id, name, kind, namespace, arguments, server
// flag and signature. Each is complete, but for a call the stream cuts: an
// item the provider marks incomplete, or a call that a choice's stop that
// is not a normal end cut (END-3): a fragment call of the choice, or a
// block or Vertex path call that no content of its choice followed; such a
// call is incomplete and holds the bytes that arrived.
func (r Response) ExpectedCalls() []spec.Call {
	out := make([]spec.Call, 0, len(r.seen))
	for i, ref := range r.seen {
		m := r.Messages[ref.msg]
		ch := m.Choices[ref.choice]
		c := ch.Items[ref.item].Call
		var sigs []string
		if c.Signature != "" {
			sigs = []string{c.Signature}
		}
		kind := spec.CallFunction
		switch {
		case c.Kind != spec.CallUnspecified:
			kind = c.Kind
		case c.Custom:
			kind = spec.CallCustom
		}
		st, args := spec.StatusComplete, c.Args
		if c.Incomplete {
			st = spec.StatusIncomplete
		} else if r.cut(ch, ref.item) {
			st = spec.StatusIncomplete
			switch {
			case c.how == deliverStream:
				args = c.wire // the bytes that arrived: no {} stands for none
			case c.how == deliverPath && args == "{}":
				args = "" // no path arrived: the rendering of nothing
			}
		}
		out = append(out, spec.Call{
			Ordinal: i, Message: ref.msg, Choice: ch.Index, ID: c.ID, Name: c.Name,
			Args: args, Status: st, Kind: kind, Server: c.Server, Signatures: sigs, Namespace: c.Namespace, ItemID: c.ItemID,
		})
	}
	return out
}

// cut reports whether the call of item i of choice ch is cut by the
// choice's stop (END-3): the stop is not a normal end, and the call ends
// on the finish (an OpenAI chat fragment call) or at its own end signal (a
// block, a Vertex path call) with no content of the choice after it. A
// whole element (Ollama, Gemini, Anthropic programmatic calls) is
// complete on its own. Block formats encode such a choice's blocks one
// after another (normalEnd), so every item after the call opens its block
// after the call's stop.
func (r Response) cut(ch Choice, i int) bool {
	if normalEnd(r.Format, ch.Stop) {
		return false
	}
	c := ch.Items[i].Call
	switch {
	case r.Format == spec.FormatOpenAIChat:
		return true
	case r.Format == spec.FormatOllama, c.elem:
		return false
	case r.Format == spec.FormatGemini:
		// A path call ends at an empty part (then content after it
		// confirms it), at the next call, or at the finish (PAIR-9).
		if c.how != deliverPath {
			return false
		}
		for _, it := range ch.Items[i+1:] {
			if it.Kind == ItemCall || c.closed && (it.Text != "" || it.Signature != "") {
				return false
			}
		}
		return true
	}
	return i == len(ch.Items)-1
}

// normalEnd reports whether raw stop reason raw of format f is a normal end
// (spec.StopReason.Normal): a raw reason the table does not list is other.
func normalEnd(f spec.Format, raw string) bool {
	base, ok := stopTable[f][raw]
	if !ok {
		base = spec.StopOther
	}
	return base.Normal()
}

// ExpectedStops returns the stops a reassembler must report for the valid
// stream [Valid] returned with r, in stream order: one per choice of every
// message, with the raw reason and its canonical reason (END-4: an end or
// tool-use reason becomes tool_use when the choice holds a client call and
// end when it holds none).
func (r Response) ExpectedStops() []spec.Stop {
	out := make([]spec.Stop, 0, len(r.stops))
	for _, ref := range r.stops {
		ch := r.Messages[ref.msg].Choices[ref.choice]
		out = append(out, spec.Stop{Message: ref.msg, Choice: ch.Index, Reason: expectedReason(r.Format, ch), Raw: ch.Stop})
	}
	return out
}

// ExpectedStopReason returns the canonical stop reason of the last stop of
// the valid stream, as spec.Outcome.StopReason reports it.
func (r Response) ExpectedStopReason() spec.StopReason {
	s := r.ExpectedStops()
	if len(s) == 0 {
		return spec.StopNone
	}
	return s[len(s)-1].Reason
}

// ExpectedText returns the text of kind k (ItemText, ItemThinking or
// ItemRedacted) of message msg and choice number choice, all items of that
// kind concatenated in order: what the reassembler's items of that kind for
// the same message and choice hold together, however it merged them.
func (r Response) ExpectedText(msg, choice int, k ItemKind) string {
	var b strings.Builder
	for _, ch := range r.Messages[msg].Choices {
		if ch.Index != choice {
			continue
		}
		for _, it := range ch.Items {
			if it.Kind == k {
				b.WriteString(it.Text)
			}
		}
	}
	return b.String()
}

// expectedReason is the canonical reason of a choice's raw stop (END-4):
// an end or tool-use reason is truncated when a call was cut (END-3),
// tool_use when the choice holds a client call, refusal when it holds a
// refusal (END-8), and end otherwise.
func expectedReason(f spec.Format, ch Choice) spec.StopReason {
	base, ok := stopTable[f][ch.Stop]
	if !ok {
		base = spec.StopOther
	}
	if base != spec.StopEnd && base != spec.StopToolUse {
		return base
	}
	client, refused := false, false
	for _, it := range ch.Items {
		switch {
		case it.Kind == ItemCall && it.Call.Incomplete:
			return spec.StopTruncated
		case it.Kind == ItemCall && !it.Call.Server:
			client = true
		case it.Kind == ItemRefusal:
			refused = true
		}
	}
	switch {
	case client:
		return spec.StopToolUse
	case refused:
		return spec.StopRefusal
	}
	return spec.StopEnd
}

// stopTable is the END-4 table of SPEC.md: each format's raw reasons and
// their canonical reasons. A raw reason not listed is other.
var stopTable = map[spec.Format]map[string]spec.StopReason{
	spec.FormatOpenAIChat: {
		"stop": spec.StopEnd, "tool_calls": spec.StopToolUse, "function_call": spec.StopToolUse,
		"length": spec.StopLength, "content_filter": spec.StopContentFilter, "error": spec.StopError,
		"model_length": spec.StopLength, "insufficient_system_resource": spec.StopError, "abort": spec.StopError,
	},
	spec.FormatOpenAIResponses: {
		"completed": spec.StopEnd, "max_output_tokens": spec.StopLength, "content_filter": spec.StopContentFilter,
		"incomplete": spec.StopOther,
	},
	spec.FormatAnthropic: {
		"end_turn": spec.StopEnd, "tool_use": spec.StopToolUse, "max_tokens": spec.StopLength,
		"model_context_window_exceeded": spec.StopLength, "stop_sequence": spec.StopSequence,
		"pause_turn": spec.StopPause, "refusal": spec.StopRefusal, "compaction": spec.StopPause,
	},
	spec.FormatOllama: {
		"": spec.StopEnd, "stop": spec.StopEnd, "tool_calls": spec.StopToolUse, "length": spec.StopLength,
		"load": spec.StopOther, "unload": spec.StopOther,
	},
	spec.FormatGemini: {
		"STOP": spec.StopEnd, "MAX_TOKENS": spec.StopLength, "SAFETY": spec.StopContentFilter,
		"RECITATION": spec.StopContentFilter, "BLOCKLIST": spec.StopContentFilter,
		"PROHIBITED_CONTENT": spec.StopContentFilter, "SPII": spec.StopContentFilter,
		"IMAGE_SAFETY": spec.StopContentFilter, "LANGUAGE": spec.StopContentFilter,
		"IMAGE_PROHIBITED_CONTENT": spec.StopContentFilter, "IMAGE_RECITATION": spec.StopContentFilter,
		"MODEL_ARMOR":             spec.StopContentFilter,
		"MALFORMED_FUNCTION_CALL": spec.StopMalformed, "UNEXPECTED_TOOL_CALL": spec.StopMalformed,
		"TOO_MANY_TOOL_CALLS": spec.StopMalformed, "MALFORMED_RESPONSE": spec.StopMalformed,
		"MISSING_THOUGHT_SIGNATURE": spec.StopError,
		"OTHER":                     spec.StopOther, "FINISH_REASON_UNSPECIFIED": spec.StopOther, "NO_IMAGE": spec.StopOther,
		"IMAGE_OTHER": spec.StopOther, "JAILBREAK": spec.StopContentFilter, "BLOCKED_REASON_UNSPECIFIED": spec.StopOther,
	},
	spec.FormatBedrock: {
		"end_turn": spec.StopEnd, "tool_use": spec.StopToolUse, "max_tokens": spec.StopLength,
		"model_context_window_exceeded": spec.StopLength, "stop_sequence": spec.StopSequence,
		"guardrail_intervened": spec.StopContentFilter, "content_filtered": spec.StopContentFilter,
		"malformed_model_output": spec.StopMalformed, "malformed_tool_use": spec.StopMalformed,
	},
}

// Valid draws a response for format f and encodes it as a valid stream. It
// returns the response, which says what a correct reassembler reports for
// the stream (see its Expected methods), and the stream's bytes. It panics
// if f is not one of spec.Formats.
func Valid(t *rapid.T, f spec.Format) (Response, []byte) { return Options{}.Valid(t, f) }

// Options narrow what the stream generators draw. The zero Options draws
// every stream they know; Valid and Mutated use it.
type Options struct {
	// OneResponse draws streams of one response each (one message, one
	// response id: no stream of several responses, SPEC.md's tag
	// several-responses), for a reassembler that reads one response per
	// stream, as the SDKs do. A mutation may still splice in the frames
	// of another response: that is a broken stream, not several.
	OneResponse bool
}

// Valid is [Valid] under o.
func (o Options) Valid(t *rapid.T, f spec.Format) (Response, []byte) {
	r, st := build(t, o, f)
	serialize(t, st)
	r.Liberties = nil
	for _, l := range append(r.liberties, st.liberties...) {
		if !slices.Contains(r.Liberties, l) {
			r.Liberties = append(r.Liberties, l)
		}
	}
	slices.Sort(r.Liberties)
	return *r, st.data
}

// The liberties a valid stream can take (Response.Liberties): each is
// allowed by its format's rules (the WHATWG rules of SSE, the API's
// event shapes), and no capture, provider document or issue shows a
// provider sending it.
const (
	// LibertyBOM: the stream starts with a UTF-8 byte-order mark, which
	// SSE's rules strip.
	LibertyBOM = "bom"
	// LibertyCR: SSE lines end with a bare CR (CR LF, as Gemini ends
	// them, is no liberty).
	LibertyCR = "cr-line-ends"
	// LibertyMultiLineData: a payload's JSON is split over several data:
	// lines of one event, which SSE joins with LF.
	LibertyMultiLineData = "multi-line-data"
	// LibertyTypeless: Responses payloads without their "type", the SSE
	// event name standing in (FRAME-1).
	LibertyTypeless = "typeless-payloads"
	// LibertyLateStart: an Anthropic message_start repeated later in the
	// message than right after the first (which LiteLLM's bridge sends,
	// BerriAI/litellm#32357).
	LibertyLateStart = "late-message-start"
	// LibertyChoiceIndex: an openai-chat choice without its "index", at
	// the position of the choices array its index would have (SPEC.md
	// reads it so); the API reference gives every chunk choice an index,
	// and no capture shows one without.
	LibertyChoiceIndex = "choice-without-index"
)

// responses draws how many responses a stream holds: one, two or three,
// mostly one; always one under OneResponse.
func (o Options) responses(t *rapid.T, label string) int {
	if o.OneResponse {
		return 1
	}
	return rapid.SampledFrom([]int{1, 1, 1, 2, 3}).Draw(t, label)
}

// build plans and encodes a valid stream of format f, leaving it
// unserialized.
func build(t *rapid.T, o Options, f spec.Format) (*Response, *stream) {
	var r Response
	var st *stream
	switch f {
	case spec.FormatOpenAIChat:
		r = planChat(t, o)
		st = encodeChat(t, &r)
	case spec.FormatOpenAIResponses:
		r = planResponses(t, o)
		st = encodeResponses(t, &r)
	case spec.FormatAnthropic:
		r = planAnthropic(t, o, f)
		st = encodeAnthropic(t, &r)
	case spec.FormatOllama:
		r = planOllama(t, o)
		st = encodeOllama(t, &r)
	case spec.FormatGemini:
		r = planGemini(t, o)
		st = encodeGemini(t, &r)
	case spec.FormatBedrock:
		switch {
		case rapid.IntRange(0, 4).Draw(t, "bedrockInvoke") > 0:
			r = planBedrock(t, o)
		case rapid.Bool().Draw(t, "bedrockInvokeNova"):
			// FRAME-4: Nova's chunks carry Converse events.
			r = planBedrock(t, o)
			r.dialect = dialectInvokeNova
		default:
			r = planAnthropic(t, o, f)
			r.dialect = dialectInvoke
		}
		st = encodeBedrock(t, &r)
	default:
		panic("gen: unknown format " + string(f))
	}
	return &r, st
}

// Chunks splits data into chunks whose concatenation is data, the way a
// network or a proxy might deliver it: all single bytes, a fixed size, or
// cuts at random places, in the middle of CRLF pairs and inside multi-byte
// UTF-8 sequences. Empty chunks occur too.
func Chunks(t *rapid.T, data []byte) [][]byte {
	if len(data) == 0 {
		return [][]byte{data}
	}
	var cuts []int
	switch rapid.IntRange(0, 5).Draw(t, "chunking") {
	case 0: // every byte alone
		out := make([][]byte, len(data))
		for i := range data {
			out[i] = data[i : i+1]
		}
		return out
	case 1: // a fixed size
		n := rapid.IntRange(1, 64).Draw(t, "chunkSize")
		for i := n; i < len(data); i += n {
			cuts = append(cuts, i)
		}
	default: // random cuts, and awkward ones
		n := rapid.IntRange(0, min(len(data), 24)).Draw(t, "randomCuts")
		for i := 0; i < n; i++ {
			cuts = append(cuts, rapid.IntRange(0, len(data)).Draw(t, "cut"))
		}
		var awk []int
		for i := 1; i < len(data); i++ {
			if (data[i-1] == '\r' && data[i] == '\n') || data[i]&0xC0 == 0x80 {
				awk = append(awk, i)
			}
		}
		if len(awk) > 0 {
			n := rapid.IntRange(0, min(len(awk), 16)).Draw(t, "awkwardCuts")
			for i := 0; i < n; i++ {
				cuts = append(cuts, awk[rapid.IntRange(0, len(awk)-1).Draw(t, "awkward")])
			}
		}
	}
	sortInts(cuts)
	out := make([][]byte, 0, len(cuts)+1)
	prev := 0
	for _, c := range cuts {
		out = append(out, data[prev:c]) // equal cuts give empty chunks
		prev = c
	}
	return append(out, data[prev:])
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
