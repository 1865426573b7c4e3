package gen

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
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

// Item kinds.
const (
	// ItemText is assistant text.
	ItemText ItemKind = iota + 1
	// ItemThinking is reasoning text, possibly with a signature.
	ItemThinking
	// ItemRedacted is redacted reasoning: opaque data kept verbatim.
	ItemRedacted
	// ItemCall is a tool call; see [Item.Call].
	ItemCall
	// ItemOther is a block whose content is not kept (a tool result, a
	// hosted-tool item).
	ItemOther
	// ItemSignature is a reasoning signature that travels on its own.
	ItemSignature
	// ItemRefusal is refusal text (OpenAI chat delta.refusal, a Responses
	// refusal content part): a refusal item (END-8).
	ItemRefusal
)

var itemKindNames = [...]string{"", "text", "thinking", "redacted", "call", "other", "signature", "refusal"}

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

	dialect dialect   // how the format is spoken (Bedrock Converse or Invoke)
	seen    []itemRef // calls in the order the stream first shows them
	stops   []itemRef // finishes in stream order (item is unused)
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
			Args: args, Status: st, Kind: kind, Server: c.Server, Signatures: sigs, Namespace: c.Namespace,
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
	return *r, st.data
}

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

// ---- abstract content ----

// itemCaps says which item kinds a format can carry.
type itemCaps struct {
	thinking  bool
	thinkSig  bool // thinking items may carry a signature
	redacted  bool
	other     bool
	sigItems  bool // signatures on their own
	server    bool // server calls
	maxItems  int
	minItems  int  // a later message of a format without a start needs content (END-7)
	pathSafe  bool // arguments must be expressible as Vertex paths
	emptyText bool // text items may be empty (blocks)
	custom    bool // custom (freeform) tool calls (OpenAI)
	refusal   bool // refusal text (OpenAI, END-8)
}

// genItems draws the items of one choice. ids draws call ids unique
// within the choice.
func genItems(t *rapid.T, c itemCaps, ids *idSource) []Item {
	kinds := []ItemKind{ItemText, ItemCall, ItemCall, ItemCall}
	if c.thinking {
		kinds = append(kinds, ItemThinking)
	}
	if c.redacted {
		kinds = append(kinds, ItemRedacted)
	}
	if c.other {
		kinds = append(kinds, ItemOther)
	}
	if c.sigItems {
		kinds = append(kinds, ItemSignature)
	}
	if c.refusal {
		kinds = append(kinds, ItemRefusal)
	}
	n := rapid.IntRange(c.minItems, c.maxItems).Draw(t, "items")
	items := make([]Item, 0, n)
	for i := 0; i < n; i++ {
		k := rapid.SampledFrom(kinds).Draw(t, "itemKind")
		it := Item{Kind: k}
		switch k {
		case ItemText:
			it.Text = genText(t, "text", !c.emptyText)
		case ItemRefusal:
			it.Text = genText(t, "refusal", true)
		case ItemThinking:
			it.Text = genText(t, "thinking", !c.thinkSig)
			if c.thinkSig && rapid.Bool().Draw(t, "thinkSig") {
				it.Signature = genSig(t)
			}
		case ItemRedacted:
			it.Text = genSig(t)
		case ItemSignature:
			it.Signature = genSig(t)
		case ItemCall:
			it.Call = genCall(t, c, ids)
		}
		items = append(items, it)
	}
	return items
}

// genCall draws one call: a name, an id, arguments and their text.
func genCall(t *rapid.T, c itemCaps, ids *idSource) *Call {
	call := &Call{Name: genName(t), ID: ids.next(t)}
	if c.custom && rapid.IntRange(0, 4).Draw(t, "custom") == 0 {
		// NAME-4: raw text, JSON or not; empty stays empty.
		call.Custom, call.val, call.how = true, obj(), deliverStream
		call.wire = rapid.SampledFrom([]string{"", "{\"a\":", "*** Begin Patch\n", "SELECT 1;"}).Draw(t, "customHead") + genText(t, "customInput", false)
		call.Args = call.wire
		return call
	}
	call.Server = c.server && rapid.IntRange(0, 5).Draw(t, "server") == 0
	call.val = genArgs(t, c.pathSafe)
	call.esc = escMinimal
	if !c.pathSafe {
		call.esc = rapid.SampledFrom([]escStyle{escMinimal, escMinimal, escGo, escASCII}).Draw(t, "argEsc")
	}
	call.sp = rapid.SampledFrom([]argSpaces{spCompact, spCompact, spSpaced, spIndented}).Draw(t, "argSpaces")
	call.setStreamed(t)
	return call
}

// setStreamed makes the call's arguments travel as streamed text: the text
// is the value rendered in the call's style, sometimes with white space
// around it, or nothing at all for an empty object; Args is that text, or
// "{}" when it is empty or white space (END-2).
func (c *Call) setStreamed(t *rapid.T) {
	c.how = deliverStream
	text := renderArgs(c.val, c.esc, c.sp)
	if len(c.val.k) == 0 {
		text = rapid.SampledFrom([]string{"", "", "{}", "{ }", " ", "\n"}).Draw(t, "emptyArgs")
	} else {
		switch rapid.IntRange(0, 9).Draw(t, "argPad") {
		case 0:
			text += rapid.SampledFrom([]string{" ", "\n", "\r\n", "\t  "}).Draw(t, "argTrail")
		case 1:
			text = rapid.SampledFrom([]string{" ", "\n"}).Draw(t, "argLead") + text
		}
	}
	c.wire = text
	c.Args = text
	if strings.Trim(text, " \t\r\n") == "" {
		c.Args = "{}"
	}
}

// setWhole makes the call's arguments travel as one embedded object: the
// wire text has no white space around it, and Args is it compacted.
func (c *Call) setWhole() {
	c.how = deliverWhole
	if c.sp == spIndented {
		c.sp = spSpaced // no line breaks: the object sits inside a JSON line
	}
	c.wire = renderArgs(c.val, c.esc, c.sp)
	c.Args = compactJSON(c.wire)
}

// setPath makes the call's arguments travel as Vertex partialArgs: Args
// is the object the reassembler rebuilds (PAIR-10), "{}" when empty.
func (c *Call) setPath() {
	c.how = deliverPath
	c.esc = escMinimal
	c.wire = renderArgs(c.val, escMinimal, spCompact)
	c.Args = c.wire
}

// ---- small value generators ----

var nameWords = []string{
	"get_weather", "read_file", "search", "list_dir", "write_file", "bash", "add", "multiply",
	"getWeather", "web_search", "multi_tool_use.parallel", "functions.lookup", "f", "run-query", "save",
}

// genName draws a function name.
func genName(t *rapid.T) string {
	if rapid.IntRange(0, 4).Draw(t, "nameFresh") == 0 {
		return rapid.StringMatching(`[a-z][a-z0-9_]{0,14}`).Draw(t, "name")
	}
	return rapid.SampledFrom(nameWords).Draw(t, "name")
}

// textRunes are the runes text is drawn from: ASCII, characters JSON must
// escape, and multi-byte UTF-8 of every length.
var textRunes = []rune("abcdefghij klmnopqrstuvwxyz ABC.,:;!?'\"\\/\n\t<>&{}[]é日本😀ß\u2028\u00a0\x01\x7f")

// genText draws a text; nonEmpty forbids the empty string.
func genText(t *rapid.T, label string, nonEmpty bool) string {
	lo := 0
	if nonEmpty {
		lo = 1
	}
	return rapid.StringOfN(rapid.SampledFrom(textRunes), lo, 24, -1).Draw(t, label)
}

// genSig draws an opaque signature (base64-like).
func genSig(t *rapid.T) string {
	return rapid.StringMatching(`[A-Za-z0-9+/]{4,40}={0,2}`).Draw(t, "sig")
}

// genToken draws a short alphanumeric token for ids.
func genToken(t *rapid.T, label string) string {
	return rapid.StringMatching(`[A-Za-z0-9]{4,12}`).Draw(t, label)
}

// idSource draws call ids that are distinct within one message and choice
// (ID-7 makes a repeated id a violation). Ids may recur across messages
// and choices (ID-1).
type idSource struct {
	style int
	used  map[string]bool
	n     int
}

// idPrefixes are realistic id shapes: OpenAI, Anthropic, Bedrock, Kimi
// (per-turn ordinals that recur across turns), Mistral (9 characters),
// DeepSeek, Gemini.
var idPrefixes = []string{"call_", "toolu_", "tooluse_", "functions.f:", "", "call_00_", "fc-"}

func newIDSource(t *rapid.T) *idSource {
	return &idSource{style: rapid.IntRange(0, len(idPrefixes)-1).Draw(t, "idStyle"), used: map[string]bool{}}
}

// reset starts a new message or choice: ids used before may recur.
func (s *idSource) reset() { s.used = map[string]bool{}; s.n = 0 }

func (s *idSource) next(t *rapid.T) string {
	for {
		var id string
		switch p := idPrefixes[s.style]; p {
		case "functions.f:":
			id = "functions.f:" + strconv.Itoa(s.n)
		case "":
			id = rapid.StringMatching(`[A-Za-z0-9]{9}`).Draw(t, "id")
		default:
			id = p + genToken(t, "id")
		}
		s.n++
		if !s.used[id] {
			s.used[id] = true
			return id
		}
	}
}

// genArgs draws an arguments object. pathSafe restricts it to what Vertex
// partialArgs can express: simple member names and no empty containers
// below the root.
func genArgs(t *rapid.T, pathSafe bool) *jObj {
	return genObject(t, pathSafe, 0, true)
}

var keyWords = []string{"path", "query", "city", "limit", "a", "b", "location", "days", "items", "content", "tags", "x"}

func genKey(t *rapid.T, pathSafe bool) string {
	if pathSafe {
		if rapid.IntRange(0, 6).Draw(t, "oddKey") == 0 {
			return rapid.StringMatching(`[a-z][a-z0-9 _-]{0,6}`).Draw(t, "key")
		}
		return rapid.SampledFrom(keyWords).Draw(t, "key")
	}
	if rapid.IntRange(0, 6).Draw(t, "oddKey") == 0 {
		return genText(t, "key", false)
	}
	return rapid.SampledFrom(keyWords).Draw(t, "key")
}

func genObject(t *rapid.T, pathSafe bool, depth int, root bool) *jObj {
	lo := 0
	if pathSafe && !root {
		lo = 1
	}
	n := rapid.IntRange(lo, 4-depth).Draw(t, "members")
	o := &jObj{}
	for i := 0; i < n; i++ {
		k := genKey(t, pathSafe)
		if _, dup := o.get(k); dup {
			continue
		}
		o.set(k, genValue(t, pathSafe, depth+1))
	}
	if len(o.k) < lo {
		o.set("k", genLeaf(t))
	}
	return o
}

func genValue(t *rapid.T, pathSafe bool, depth int) any {
	if depth >= 3 {
		return genLeaf(t)
	}
	switch rapid.IntRange(0, 7).Draw(t, "valueKind") {
	case 0:
		return genObject(t, pathSafe, depth, false)
	case 1:
		lo := 0
		if pathSafe {
			lo = 1
		}
		n := rapid.IntRange(lo, 3).Draw(t, "elems")
		a := make([]any, n)
		for i := range a {
			a[i] = genValue(t, pathSafe, depth+1)
		}
		return a
	default:
		return genLeaf(t)
	}
}

var numberLits = []string{"0", "1", "3", "-2", "10", "2.5", "-0.25", "1e3", "100000000000", "7"}

func genLeaf(t *rapid.T) any {
	switch rapid.IntRange(0, 9).Draw(t, "leafKind") {
	case 0, 1:
		return jNum(rapid.SampledFrom(numberLits).Draw(t, "number"))
	case 2:
		return rapid.Bool().Draw(t, "bool")
	case 3:
		return nil
	default:
		return genText(t, "string", false)
	}
}

// ---- JSON values and their text ----

// jObj is a JSON object whose members keep their order.
type jObj struct {
	k []string
	v []any
}

// jNum is a JSON number literal; jRaw is JSON text written verbatim.
type (
	jNum string
	jRaw string
)

// obj builds an object from key, value pairs.
func obj(kv ...any) *jObj {
	o := &jObj{}
	for i := 0; i+1 < len(kv); i += 2 {
		o.k = append(o.k, kv[i].(string))
		o.v = append(o.v, kv[i+1])
	}
	return o
}

func num(n int) jNum { return jNum(strconv.Itoa(n)) }

func (o *jObj) get(k string) (any, bool) {
	for i, key := range o.k {
		if key == k {
			return o.v[i], true
		}
	}
	return nil, false
}

func (o *jObj) obj(k string) *jObj {
	v, _ := o.get(k)
	x, _ := v.(*jObj)
	return x
}

func (o *jObj) arr(k string) []any {
	v, _ := o.get(k)
	x, _ := v.([]any)
	return x
}

func (o *jObj) set(k string, v any) {
	for i, key := range o.k {
		if key == k {
			o.v[i] = v
			return
		}
	}
	o.k = append(o.k, k)
	o.v = append(o.v, v)
}

func (o *jObj) del(k string) {
	for i, key := range o.k {
		if key == k {
			o.k = append(o.k[:i:i], o.k[i+1:]...)
			o.v = append(o.v[:i:i], o.v[i+1:]...)
			return
		}
	}
}

// delAt removes member i (of any key: keys may repeat).
func (o *jObj) delAt(i int) {
	o.k = append(o.k[:i:i], o.k[i+1:]...)
	o.v = append(o.v[:i:i], o.v[i+1:]...)
}

// clone copies o deeply.
func (o *jObj) clone() *jObj {
	c := &jObj{k: append([]string(nil), o.k...), v: make([]any, len(o.v))}
	for i, v := range o.v {
		c.v[i] = cloneValue(v)
	}
	return c
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case *jObj:
		return x.clone()
	case []any:
		a := make([]any, len(x))
		for i := range x {
			a[i] = cloneValue(x[i])
		}
		return a
	}
	return v
}

// escStyle is how a writer escapes strings. Every style is valid JSON and
// decodes to the same text.
type escStyle uint8

const (
	// escMinimal escapes quote, backslash, \n, \r, \t and other control
	// bytes as \u00xx: the form of PAIR-10.
	escMinimal escStyle = iota
	// escGo is encoding/json's: also <, >, & and U+2028, U+2029.
	escGo
	// escASCII escapes every non-ASCII rune (surrogate pairs above the BMP),
	// the slash, and uses \b and \f.
	escASCII
)

// style is how a writer lays out JSON.
type style struct {
	esc    escStyle
	space  bool // ", " and ": " separators
	sorted bool // object keys sorted (Bedrock Mantle)
	pad    int  // spaces before the last brace of the top-level object (Anthropic)
	lines  bool // a line break after every top-level member (multi-line SSE data)
}

// argSpaces is how argument text is spaced.
type argSpaces uint8

const (
	spCompact argSpaces = iota
	spSpaced
	spIndented
)

// renderArgs renders an arguments value as text.
func renderArgs(o *jObj, esc escStyle, sp argSpaces) string {
	var b strings.Builder
	switch sp {
	case spSpaced:
		style{esc: esc, space: true}.value(&b, o, 0)
	case spIndented:
		writeIndented(&b, o, esc, "")
	default:
		style{esc: esc}.value(&b, o, 0)
	}
	return b.String()
}

func writeIndented(b *strings.Builder, v any, esc escStyle, ind string) {
	switch x := v.(type) {
	case *jObj:
		if len(x.k) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range x.k {
			b.WriteString(ind + "  ")
			writeString(b, k, esc)
			b.WriteString(": ")
			writeIndented(b, x.v[i], esc, ind+"  ")
			if i < len(x.k)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(ind + "}")
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			b.WriteString(ind + "  ")
			writeIndented(b, e, esc, ind+"  ")
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(ind + "]")
	default:
		style{esc: esc}.value(b, v, 1)
	}
}

// text renders v in style s.
func (s style) text(v any) string {
	var b strings.Builder
	s.value(&b, v, 0)
	return b.String()
}

func (s style) value(b *strings.Builder, v any, depth int) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int:
		b.WriteString(strconv.Itoa(x))
	case jNum:
		b.WriteString(string(x))
	case jRaw:
		b.WriteString(string(x))
	case string:
		writeString(b, x, s.esc)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				s.comma(b, depth)
			}
			s.value(b, e, depth+1)
		}
		b.WriteByte(']')
	case *jObj:
		b.WriteByte('{')
		keys := make([]int, len(x.k))
		for i := range keys {
			keys[i] = i
		}
		if s.sorted {
			for i := 1; i < len(keys); i++ {
				for j := i; j > 0 && x.k[keys[j]] < x.k[keys[j-1]]; j-- {
					keys[j], keys[j-1] = keys[j-1], keys[j]
				}
			}
		}
		for n, i := range keys {
			if n > 0 {
				s.comma(b, depth)
			}
			writeString(b, x.k[i], s.esc)
			b.WriteByte(':')
			if s.space {
				b.WriteByte(' ')
			}
			s.value(b, x.v[i], depth+1)
		}
		if depth == 0 && s.pad > 0 {
			b.WriteString(strings.Repeat(" ", s.pad))
		}
		b.WriteByte('}')
	default:
		panic("gen: a JSON value of an unknown type")
	}
}

func (s style) comma(b *strings.Builder, depth int) {
	b.WriteByte(',')
	switch {
	case s.lines && depth == 0:
		b.WriteByte('\n')
	case s.space:
		b.WriteByte(' ')
	}
}

const hexDigits = "0123456789abcdef"

// writeString writes str as a JSON string in escape style esc.
func writeString(b *strings.Builder, str string, esc escStyle) {
	b.WriteByte('"')
	for _, r := range str {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case esc == escASCII && r == '\b':
			b.WriteString(`\b`)
		case esc == escASCII && r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&15])
		case esc == escGo && (r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029'):
			writeU(b, r)
		case esc == escASCII && r == '/':
			b.WriteString(`\/`)
		case esc == escASCII && r > 0x7e:
			if r > 0xFFFF {
				r -= 0x10000
				writeU(b, 0xD800+(r>>10))
				writeU(b, 0xDC00+(r&0x3FF))
			} else {
				writeU(b, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

func writeU(b *strings.Builder, r rune) {
	b.WriteString(`\u`)
	for s := 12; s >= 0; s -= 4 {
		b.WriteByte(hexDigits[(r>>s)&15])
	}
}

// compactJSON removes the white space outside strings from JSON text, as
// encoding/json.Compact does (escapes are kept as written).
func compactJSON(s string) string {
	var b strings.Builder
	in, esc := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in:
			b.WriteByte(c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				in = false
			}
		case c == '"':
			in = true
			b.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// splitText cuts s at rune boundaries into pieces (some of them empty when
// empties is set); their concatenation is s. At least one piece is
// returned.
func splitText(t *rapid.T, s string, maxPieces int, empties bool, label string) []string {
	runes := []int{}
	for i := range s {
		if i > 0 {
			runes = append(runes, i)
		}
	}
	n := rapid.IntRange(1, maxPieces).Draw(t, label+"Pieces")
	var cuts []int
	for i := 1; i < n && len(runes) > 0; i++ {
		cuts = append(cuts, runes[rapid.IntRange(0, len(runes)-1).Draw(t, label+"Cut")])
	}
	sortInts(cuts)
	var out []string
	prev := 0
	for _, c := range cuts {
		if c == prev {
			continue
		}
		out = append(out, s[prev:c])
		prev = c
	}
	out = append(out, s[prev:])
	if empties && rapid.IntRange(0, 3).Draw(t, label+"Empties") == 0 {
		at := rapid.IntRange(0, len(out)).Draw(t, label+"EmptyAt")
		out = append(out[:at:at], append([]string{""}, out[at:]...)...)
	}
	return out
}

// ---- frames and their bytes: SSE, JSON lines, the Bedrock event-stream ----

// framing is how a stream's frames are laid out.
type framing uint8

const (
	framingSSE         framing = iota + 1 // text/event-stream
	framingLines                          // one JSON value per line
	framingEventStream                    // application/vnd.amazon.eventstream
)

// role is what a frame does, so that mutations can find frames to break.
type role uint8

const (
	roleOther      role = iota // padding, usage, pings, progress events
	roleMsgStart               // a message start
	roleMsgEnd                 // a message end ([DONE], message_stop, messageStop, ...)
	roleBlockStart             // a block start (key in frame.key)
	roleBlockDelta             // a block delta (key in frame.key)
	roleBlockStop              // a block stop (key in frame.key)
	roleContent                // content outside blocks (chat chunks, Ollama lines, Gemini chunks)
	roleFinish                 // a finish (message_delta, finish chunk, done line)
)

// frame is one wire frame before serialization.
type frame struct {
	event string // SSE event name, event-stream :event-type, Bedrock line key
	body  any    // *jObj, or jRaw for a payload written verbatim
	role  role
	key   int // block key for block roles
	msg   int // message ordinal

	// event-stream only
	msgType string      // :message-type ("" means "event")
	headers [][2]string // extra string headers
	// noEvent leaves the SSE event name out even when the format writes one
	noEvent bool
	// invoke wraps the payload in a Bedrock InvokeModelWithResponseStream
	// chunk {"bytes": base64, "p": pad} of event type chunk
	invoke bool
	pad    string
	// nova, with invoke, makes the chunk's bytes one Converse event
	// {"<event>": payload} (Amazon Nova), rather than the payload itself
	// (an Anthropic event); metrics adds the
	// amazon-bedrock-invocationMetrics Bedrock writes beside the last one
	nova, metrics bool
}

// wireEvent is the event name the frame is written with.
func (fr frame) wireEvent() string {
	if fr.invoke {
		return "chunk"
	}
	return fr.event
}

// stream is an encoded stream: its frames, how they are laid out, and
// after serialization its bytes.
type stream struct {
	format  spec.Format
	framing framing
	named   bool  // SSE events carry event: lines
	js      style // how payloads are written
	frames  []frame

	data  []byte
	spans [][2]int // byte range of each serialized frame (event-stream only)
}

// newStream draws the framing of a stream of format f among the ones
// allowed, and the JSON style of its payloads.
func newStream(t *rapid.T, f spec.Format, allowed ...framing) *stream {
	st := &stream{format: f, framing: rapid.SampledFrom(allowed).Draw(t, "framing")}
	st.js = style{esc: rapid.SampledFrom([]escStyle{escMinimal, escMinimal, escGo, escASCII}).Draw(t, "wireEsc")}
	st.js.space = rapid.IntRange(0, 3).Draw(t, "wireSpaced") == 0
	return st
}

func (st *stream) add(fr frame) { st.frames = append(st.frames, fr) }

// payload renders a frame's payload text.
func (st *stream) payload(fr frame, lines bool) string {
	var text string
	if r, ok := fr.body.(jRaw); ok {
		text = string(r)
	} else {
		s := st.js
		s.lines = lines
		text = s.text(fr.body)
	}
	if fr.invoke && fr.nova {
		text = "{" + quoteString(fr.event, st.js.esc) + ":" + text
		if fr.metrics {
			text += `,"amazon-bedrock-invocationMetrics":{"inputTokenCount":40,"outputTokenCount":12,"invocationLatency":884,"firstByteLatency":99}`
		}
		text += "}"
	}
	if fr.invoke {
		body := obj("bytes", b64(text))
		if fr.pad != "" {
			body.set("p", fr.pad)
		}
		return style{esc: st.js.esc, space: st.js.space}.text(body)
	}
	return text
}

// serialize lays the frames out as bytes in st.data.
func serialize(t *rapid.T, st *stream) {
	switch st.framing {
	case framingSSE:
		serializeSSE(t, st)
	case framingLines:
		serializeLines(t, st)
	default:
		serializeEventStream(t, st)
	}
}

func serializeSSE(t *rapid.T, st *stream) {
	var b strings.Builder
	eolStyle := rapid.SampledFrom([]string{"\n", "\n", "\r\n", "\r", "mixed"}).Draw(t, "sseEOL")
	space := rapid.IntRange(0, 4).Draw(t, "sseNoSpace") != 0
	dataFirst := rapid.IntRange(0, 4).Draw(t, "sseDataFirst") == 0
	extras := rapid.IntRange(0, 3).Draw(t, "sseExtras") == 0
	multi := rapid.IntRange(0, 5).Draw(t, "sseMultiLine") == 0
	prevCR := false
	eol := func() {
		e := eolStyle
		if e == "mixed" {
			e = rapid.SampledFrom([]string{"\n", "\r\n", "\r"}).Draw(t, "eol")
		}
		// A CR followed by an LF is one line end: after a bare CR, an LF
		// would swallow the next line end.
		if prevCR && e == "\n" {
			e = "\r\n"
		}
		prevCR = e == "\r"
		b.WriteString(e)
	}
	field := func(name, value string) {
		b.WriteString(name)
		b.WriteByte(':')
		if space || value == "" || value[0] == ' ' {
			b.WriteByte(' ')
		}
		b.WriteString(value)
		eol()
	}
	if rapid.IntRange(0, 9).Draw(t, "sseBOM") == 0 {
		b.WriteString("\xEF\xBB\xBF")
	}
	if extras && rapid.Bool().Draw(t, "sseLeadingComment") {
		b.WriteString(": stream opened")
		eol()
		eol()
	}
	for i, fr := range st.frames {
		text := st.payload(fr, multi && rapid.IntRange(0, 2).Draw(t, "sseSplitData") == 0)
		ev := ""
		if st.named && !fr.noEvent {
			ev = fr.event
		}
		if fr.event == "error" && !fr.noEvent {
			ev = "error"
		}
		if extras && rapid.IntRange(0, 5).Draw(t, "sseComment") == 0 {
			b.WriteString(": ping")
			eol()
		}
		if ev != "" && !dataFirst {
			field("event", ev)
		}
		if extras && rapid.IntRange(0, 7).Draw(t, "sseID") == 0 {
			field("id", strconv.Itoa(i))
		}
		for _, line := range strings.Split(text, "\n") {
			field("data", line)
		}
		if ev != "" && dataFirst {
			field("event", ev)
		}
		if extras && rapid.IntRange(0, 9).Draw(t, "sseRetry") == 0 {
			field("retry", "3000")
		}
		if i == len(st.frames)-1 && rapid.IntRange(0, 5).Draw(t, "sseNoFinalBlank") == 0 {
			break // FRAME-1: the last event is dispatched at EOF
		}
		eol()
	}
	st.data = []byte(b.String())
}

func serializeLines(t *rapid.T, st *stream) {
	var b strings.Builder
	eol := rapid.SampledFrom([]string{"\n", "\n", "\r\n"}).Draw(t, "linesEOL")
	blanks := rapid.IntRange(0, 4).Draw(t, "linesBlanks") == 0
	if rapid.IntRange(0, 14).Draw(t, "linesBOM") == 0 {
		b.WriteString("\xEF\xBB\xBF")
	}
	for i, fr := range st.frames {
		if blanks && rapid.IntRange(0, 3).Draw(t, "blankLine") == 0 {
			b.WriteString(rapid.SampledFrom([]string{"", " ", "\t", "\r"}).Draw(t, "blank") + "\n")
		}
		text := st.payload(fr, false)
		if ev := fr.wireEvent(); st.format == spec.FormatBedrock && ev != "" {
			text = "{" + quoteString(ev, st.js.esc) + ":" + text + "}"
		}
		b.WriteString(text)
		if i == len(st.frames)-1 && rapid.IntRange(0, 4).Draw(t, "linesNoFinalEOL") == 0 {
			break // FRAME-2: a last line without LF is a line
		}
		b.WriteString(eol)
	}
	st.data = []byte(b.String())
}

func quoteString(s string, esc escStyle) string {
	var b strings.Builder
	writeString(&b, s, esc)
	return b.String()
}

func serializeEventStream(t *rapid.T, st *stream) {
	var out []byte
	st.spans = st.spans[:0]
	for _, fr := range st.frames {
		mt := fr.msgType
		if mt == "" {
			mt = "event"
		}
		hs := [][2]string{{":event-type", fr.wireEvent()}, {":content-type", "application/json"}, {":message-type", mt}}
		if mt != "event" {
			hs = hs[:0]
			hs = append(hs, [2]string{":message-type", mt})
			if fr.event != "" && mt == "exception" {
				hs = append(hs, [2]string{":exception-type", fr.event})
			}
			hs = append(hs, [2]string{":content-type", "application/json"})
		}
		hs = append(hs, fr.headers...)
		perm := rapid.Permutation(hs).Draw(t, "headerOrder")
		var h []byte
		for _, kv := range perm {
			h = appendStringHeader(h, kv[0], kv[1])
		}
		if rapid.IntRange(0, 9).Draw(t, "extraHeader") == 0 {
			h = appendOtherHeader(h, rapid.IntRange(0, 9).Draw(t, "extraHeaderType"))
		}
		start := len(out)
		out = appendMessage(out, h, []byte(st.payload(fr, false)))
		st.spans = append(st.spans, [2]int{start, len(out)})
	}
	st.data = out
}

// appendMessage appends one event-stream message (FRAME-3): total length,
// headers length, prelude CRC, headers, payload, message CRC.
func appendMessage(out, headers, payload []byte) []byte {
	total := 12 + len(headers) + len(payload) + 4
	start := len(out)
	out = binary.BigEndian.AppendUint32(out, uint32(total))
	out = binary.BigEndian.AppendUint32(out, uint32(len(headers)))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:start+8]))
	out = append(out, headers...)
	out = append(out, payload...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// appendStringHeader appends a header of value type 7 (string).
func appendStringHeader(h []byte, name, value string) []byte {
	h = append(h, byte(len(name)))
	h = append(h, name...)
	h = append(h, 7)
	h = binary.BigEndian.AppendUint16(h, uint16(len(value)))
	return append(h, value...)
}

// appendOtherHeader appends an unknown header of value type typ (0-9),
// which decoders skip.
func appendOtherHeader(h []byte, typ int) []byte {
	name := "x-gen-" + strconv.Itoa(typ)
	h = append(h, byte(len(name)))
	h = append(h, name...)
	h = append(h, byte(typ))
	switch typ {
	case 0, 1:
	case 2:
		h = append(h, 7)
	case 3:
		h = append(h, 0, 7)
	case 4:
		h = append(h, 0, 0, 0, 7)
	case 5, 8:
		h = append(h, 0, 0, 1, 0x90, 0, 0, 0, 7)
	case 9:
		h = append(h, []byte("0123456789abcdef")...)
	case 6, 7:
		h = binary.BigEndian.AppendUint16(h, 3)
		h = append(h, "abc"...)
	}
	return h
}

// b64 encodes s in standard base64 (Bedrock chunk bytes).
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// padding draws a padding value (Bedrock "p", OpenAI "obfuscation").
func padding(t *rapid.T) string {
	return rapid.StringMatching(`[a-zA-Z0-9]{0,20}`).Draw(t, "padding")
}
