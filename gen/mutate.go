package gen

import (
	"encoding/binary"
	"hash/crc32"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file breaks valid streams in the ways the field notes (section 4)
// and SPEC.md describe. Each mutation is a named function; Mutated reports
// the names of those it applied, in order, so that a failure says what the
// input went through. Mutated streams have no known meaning: only the
// reference model says what they mean.

// Mutated draws a valid stream of format f and applies one to three
// mutations to it: first those that work on frames (identity, names,
// pairing, ordering, termination, budgets, provider errors), then those
// that work on bytes (truncation, garbage, line ends, event-stream CRCs
// and lengths). It returns the bytes and the names of the mutations
// applied. It panics if f is not one of spec.Formats.
func Mutated(t *rapid.T, f spec.Format) (data []byte, mutations []string) {
	return Options{}.Mutated(t, f)
}

// Mutated is [Mutated] under o: the valid stream it breaks is drawn as
// [Options.Valid] draws it.
func (o Options) Mutated(t *rapid.T, f spec.Format) (data []byte, mutations []string) {
	r, st := build(t, o, f)
	n := rapid.IntRange(1, 3).Draw(t, "mutationCount")
	var frameMuts, byteMuts []mutation
	for i := 0; i < n; i++ {
		var names []string
		for _, m := range mutationTable {
			if m.applies(st) {
				names = append(names, m.name)
			}
		}
		m := mutationByName[names[spread(rapid.IntRange(0, 1<<30).Draw(t, "mutationPick"), len(names))]]
		if m.frames != nil {
			frameMuts = append(frameMuts, m)
		} else {
			byteMuts = append(byteMuts, m)
		}
	}
	// Event-stream mutations find messages by their spans: they go before
	// any mutation that moves bytes.
	sort.SliceStable(byteMuts, func(i, j int) bool {
		return len(byteMuts[i].framings) == 1 && byteMuts[i].framings[0] == framingEventStream &&
			!(len(byteMuts[j].framings) == 1 && byteMuts[j].framings[0] == framingEventStream)
	})
	for _, m := range frameMuts {
		if m.frames(t, st, r) {
			mutations = append(mutations, m.name)
		}
	}
	serialize(t, st)
	for _, m := range byteMuts {
		if m.bytes(t, st) {
			mutations = append(mutations, m.name)
		}
	}
	if len(mutations) == 0 && mutGarbageBytes(t, st) {
		mutations = append(mutations, "garbage-bytes")
	}
	return st.data, mutations
}

// spread maps a drawn number onto 0..n-1 evenly. rapid draws small
// numbers far more often than large ones, so sampling a list directly
// favours its first entries; mixing the bits first gives every mutation
// its share, and a shrunk draw (0) still picks the first.
func spread(v, n int) int {
	return int((uint64(v) * 0x9E3779B97F4A7C15 >> 33) % uint64(n))
}

// mutation is one named way of breaking a stream. Exactly one of frames
// and bytes is set; each returns whether it changed anything.
type mutation struct {
	name     string
	formats  []spec.Format // nil: every format
	framings []framing     // nil: every framing
	frames   func(t *rapid.T, st *stream, r *Response) bool
	bytes    func(t *rapid.T, st *stream) bool
}

func (m mutation) applies(st *stream) bool {
	ok := m.formats == nil
	for _, f := range m.formats {
		ok = ok || f == st.format
	}
	fok := m.framings == nil
	for _, f := range m.framings {
		fok = fok || f == st.framing
	}
	return ok && fok
}

var (
	chatOnly   = []spec.Format{spec.FormatOpenAIChat}
	blockFmts  = []spec.Format{spec.FormatAnthropic, spec.FormatBedrock, spec.FormatOpenAIResponses}
	geminiOnly = []spec.Format{spec.FormatGemini}
	choiceFmts = []spec.Format{spec.FormatOpenAIChat, spec.FormatGemini}
	textFrames = []framing{framingSSE, framingLines}
)

// mutationTable lists every mutation. Its order is fixed so that rapid
// draws, and so shrinking, are stable.
var mutationTable = []mutation{
	// Frames, any format.
	{name: "drop-frame", frames: mutDropFrame},
	{name: "duplicate-frame", frames: mutDuplicateFrame},
	{name: "swap-frames", frames: mutSwapFrames},
	{name: "before-message-start", frames: mutBeforeMessageStart},
	{name: "splice-message-start", frames: mutSpliceMessageStart},
	{name: "repeat-message-start", formats: []spec.Format{spec.FormatAnthropic}, frames: mutRepeatMessageStart},
	{name: "drop-terminal", frames: mutDropTerminal},
	{name: "provider-error", frames: mutProviderError},
	{name: "garbage-frame", frames: mutGarbageFrame},
	{name: "unknown-event", frames: mutUnknownEvent},
	{name: "wrong-type", frames: mutWrongType},
	{name: "delete-member", frames: mutDeleteMember},
	{name: "empty-string", frames: mutEmptyString},
	{name: "null-member", frames: mutNullMember},
	{name: "shared-call-id", frames: mutSharedCallID},
	{name: "missing-call-ids", frames: mutMissingCallIDs},
	{name: "conflicting-name", frames: mutConflictingName},
	{name: "invalid-args", frames: mutInvalidArgs},
	{name: "args-trailing-json", frames: mutArgsTrailingJSON},
	{name: "deep-args", frames: mutDeepArgs},
	{name: "extra-calls-same-id", frames: mutExtraCallsSameID},
	{name: "many-calls", frames: mutManyCalls},
	{name: "long-id", frames: mutLongID},
	{name: "long-name", frames: mutLongName},
	{name: "huge-args", frames: mutHugeArgs},
	// OpenAI chat fragments.
	{name: "chat-shared-index-zero", formats: chatOnly, frames: mutChatSharedIndexZero},
	{name: "chat-strip-indexes", formats: chatOnly, frames: mutChatStripIndexes},
	{name: "chat-index-minus-one", formats: chatOnly, frames: mutChatIndexMinusOne},
	{name: "chat-sparse-indexes", formats: chatOnly, frames: mutChatSparseIndexes},
	{name: "chat-empty-ids", formats: chatOnly, frames: mutChatEmptyIDs},
	{name: "chat-rotate-ids", formats: chatOnly, frames: mutChatRotateIDs},
	{name: "chat-repeat-names", formats: chatOnly, frames: mutChatRepeatNames},
	{name: "chat-split-name", formats: chatOnly, frames: mutChatSplitName},
	{name: "chat-full-reemit", formats: chatOnly, frames: mutChatFullReemit},
	{name: "chat-cumulative-args", formats: chatOnly, frames: mutChatCumulativeArgs},
	{name: "chat-content-after-finish", formats: chatOnly, frames: mutChatContentAfterFinish},
	{name: "chat-mixed-call-kinds", formats: chatOnly, frames: mutChatMixedCallKinds},
	{name: "choice-out-of-range", formats: choiceFmts, frames: mutChoiceOutOfRange},
	// Block pairing (Anthropic, Bedrock, Responses).
	{name: "delta-after-stop", formats: blockFmts, frames: mutDeltaAfterStop},
	{name: "duplicate-stop", formats: blockFmts, frames: mutDuplicateStop},
	{name: "stop-unknown-block", formats: blockFmts, frames: mutStopUnknownBlock},
	{name: "unclosed-block", formats: blockFmts, frames: mutUnclosedBlock},
	{name: "duplicate-start", formats: blockFmts, frames: mutDuplicateStart},
	{name: "shared-block-key", formats: blockFmts, frames: mutSharedBlockKey},
	{name: "out-of-order-stops", formats: blockFmts, frames: mutOutOfOrderStops},
	{name: "delta-type-mismatch", formats: blockFmts, frames: mutDeltaTypeMismatch},
	{name: "start-input-and-deltas", formats: []spec.Format{spec.FormatAnthropic, spec.FormatBedrock}, frames: mutStartInputAndDeltas},
	{name: "invoke-shape", formats: []spec.Format{spec.FormatBedrock}, frames: mutInvokeShape},
	{name: "final-args-mismatch", formats: []spec.Format{spec.FormatOpenAIResponses}, frames: mutFinalArgsMismatch},
	{name: "done-identity-changes", formats: []spec.Format{spec.FormatOpenAIResponses}, frames: mutDoneIdentityChanges},
	// Vertex streamed arguments.
	{name: "gemini-partial-without-call", formats: geminiOnly, frames: mutGeminiPartialWithoutCall},
	{name: "gemini-close-without-call", formats: geminiOnly, frames: mutGeminiCloseWithoutCall},
	{name: "gemini-bad-path", formats: geminiOnly, frames: mutGeminiBadPath},
	{name: "gemini-path-twice", formats: geminiOnly, frames: mutGeminiPathTwice},
	// Bytes.
	{name: "truncate", bytes: mutTruncate},
	{name: "garbage-bytes", bytes: mutGarbageBytes},
	{name: "flip-byte", bytes: mutFlipByte},
	{name: "bom", bytes: mutBOM},
	{name: "line-ends", framings: textFrames, bytes: mutLineEnds},
	{name: "merge-events", framings: []framing{framingSSE}, bytes: mutMergeEvents},
	{name: "crc-prelude", framings: []framing{framingEventStream}, bytes: mutCRCPrelude},
	{name: "crc-message", framings: []framing{framingEventStream}, bytes: mutCRCMessage},
	{name: "bad-lengths", framings: []framing{framingEventStream}, bytes: mutBadLengths},
	{name: "bad-header", framings: []framing{framingEventStream}, bytes: mutBadHeader},
}

var mutationByName = func() map[string]mutation {
	m := map[string]mutation{}
	for _, x := range mutationTable {
		m[x.name] = x
	}
	return m
}()

// ---- frame helpers ----

// member is one member of an object: o.k[i] and o.v[i].
type member struct {
	o      *jObj
	i      int
	parent string // the key under which o sits ("" at the top)
	frame  int
}

func (m member) key() string { return m.o.k[m.i] }
func (m member) val() any    { return m.o.v[m.i] }
func (m member) set(v any)   { m.o.v[m.i] = v }

// members lists every member of every object frame, depth first.
func (st *stream) members() []member {
	var out []member
	for fi, fr := range st.frames {
		if o, ok := fr.body.(*jObj); ok {
			collect(o, "", fi, &out)
		}
	}
	return out
}

func collect(v any, parent string, fi int, out *[]member) {
	switch x := v.(type) {
	case *jObj:
		for i := range x.k {
			*out = append(*out, member{o: x, i: i, parent: parent, frame: fi})
			collect(x.v[i], x.k[i], fi, out)
		}
	case []any:
		for _, e := range x {
			collect(e, parent, fi, out)
		}
	}
}

// pickMember picks one of the members that satisfy ok; false when none do.
func pickMember(t *rapid.T, st *stream, label string, ok func(member) bool) (member, bool) {
	var c []member
	for _, m := range st.members() {
		if ok(m) {
			c = append(c, m)
		}
	}
	if len(c) == 0 {
		return member{}, false
	}
	return c[rapid.IntRange(0, len(c)-1).Draw(t, label)], true
}

func strVal(m member) (string, bool) {
	s, ok := m.val().(string)
	return s, ok
}

// isCallObject reports whether o describes a call: an OpenAI or Ollama
// tool_calls element, a Gemini functionCall, an Anthropic tool_use block,
// a Bedrock toolUse start, a Responses function_call item.
func isCallObject(o *jObj, parent string) bool {
	if _, ok := o.get("function"); ok {
		return true
	}
	if parent == "functionCall" || parent == "toolUse" {
		return true
	}
	typ, _ := o.get("type")
	switch typ {
	case "tool_use", "server_tool_use", "mcp_tool_use", "function_call":
		return true
	}
	return false
}

// isCallID reports whether m is a call's id member.
func isCallID(m member) bool {
	switch m.key() {
	case "toolUseId":
		return m.parent == "toolUse"
	case "call_id":
		return true
	case "id":
		return isCallObject(m.o, m.parent)
	}
	return false
}

// isCallName reports whether m is a call's name member.
func isCallName(m member) bool {
	if m.key() != "name" {
		return false
	}
	return m.parent == "function" || isCallObject(m.o, m.parent)
}

// isArgsText reports whether m holds argument text as a JSON string.
func isArgsText(m member) bool {
	if _, ok := strVal(m); !ok {
		return false
	}
	switch m.key() {
	case "arguments", "partial_json":
		return true
	case "input":
		return m.parent == "toolUse"
	case "delta":
		typ, _ := m.o.get("type")
		return typ == "response.function_call_arguments.delta"
	}
	return false
}

// isArgsObject reports whether m holds arguments as an embedded object.
func isArgsObject(m member) bool {
	if _, ok := m.val().(jRaw); !ok {
		return false
	}
	switch m.key() {
	case "arguments", "args", "input":
		return true
	}
	return false
}

func (st *stream) insert(at int, frs ...frame) {
	st.frames = append(st.frames[:at:at], append(frs, st.frames[at:]...)...)
}

func (st *stream) remove(i int) { st.frames = append(st.frames[:i:i], st.frames[i+1:]...) }

// pickFrame picks the index of a frame satisfying ok, or -1.
func pickFrame(t *rapid.T, st *stream, label string, ok func(i int, fr frame) bool) int {
	var c []int
	for i, fr := range st.frames {
		if ok(i, fr) {
			c = append(c, i)
		}
	}
	if len(c) == 0 {
		return -1
	}
	return c[rapid.IntRange(0, len(c)-1).Draw(t, label)]
}

func anyFrame(int, frame) bool { return true }

// copyFrame copies a frame deeply.
func copyFrame(fr frame) frame {
	if o, ok := fr.body.(*jObj); ok {
		fr.body = o.clone()
	}
	return fr
}

// endOfLastMessage is where frames added to the last message go: before
// its first finish or end frame, or at the end of the stream.
func (st *stream) endOfLastMessage() int {
	last := 0
	for _, fr := range st.frames {
		last = max(last, fr.msg)
	}
	for i, fr := range st.frames {
		if fr.msg == last && (fr.role == roleFinish || fr.role == roleMsgEnd) {
			return i
		}
	}
	if st.format == spec.FormatGemini && len(st.frames) > 0 {
		return len(st.frames) - 1
	}
	return len(st.frames)
}

// ---- generic frame mutations ----

// mutDropFrame removes one frame: a lost start, delta, stop or finish.
func mutDropFrame(t *rapid.T, st *stream, _ *Response) bool {
	i := pickFrame(t, st, "dropFrame", anyFrame)
	if i < 0 || len(st.frames) < 2 {
		return false
	}
	st.remove(i)
	return true
}

// mutDuplicateFrame repeats one frame later: repeated deltas, stops,
// starts and finishes.
func mutDuplicateFrame(t *rapid.T, st *stream, _ *Response) bool {
	i := pickFrame(t, st, "duplicateFrame", anyFrame)
	if i < 0 {
		return false
	}
	at := rapid.IntRange(i+1, len(st.frames)).Draw(t, "duplicateAt")
	st.insert(at, copyFrame(st.frames[i]))
	return true
}

// mutSwapFrames swaps two frames: out-of-order deltas, stops before
// deltas, finishes before content.
func mutSwapFrames(t *rapid.T, st *stream, _ *Response) bool {
	if len(st.frames) < 2 {
		return false
	}
	i := rapid.IntRange(0, len(st.frames)-2).Draw(t, "swapFrom")
	j := rapid.IntRange(i+1, min(len(st.frames)-1, i+4)).Draw(t, "swapTo")
	st.frames[i], st.frames[j] = st.frames[j], st.frames[i]
	return true
}

// mutBeforeMessageStart moves a frame of a message before the message's
// start (PAIR-1, field notes 29).
func mutBeforeMessageStart(t *rapid.T, st *stream, _ *Response) bool {
	if len(st.frames) < 2 {
		return false
	}
	s := pickFrame(t, st, "messageStart", func(_ int, fr frame) bool { return fr.role == roleMsgStart })
	if s < 0 {
		s = 0
	}
	j := pickFrame(t, st, "earlyFrame", func(i int, fr frame) bool { return i > s && fr.msg == st.frames[s].msg })
	if j < 0 {
		return false
	}
	fr := st.frames[j]
	st.remove(j)
	st.insert(s, fr)
	return true
}

// mutSpliceMessageStart puts a second message start in the middle of a
// message (a proxy splicing a restart; ORD-4, field notes 29). The spliced
// start is another generation's: an Anthropic one carries another id, for
// a copy of the open start is a repeat, not a restart (ORD-4).
func mutSpliceMessageStart(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "spliceStart", func(_ int, fr frame) bool { return fr.role == roleMsgStart })
	if s < 0 {
		return false
	}
	at := rapid.IntRange(s+1, len(st.frames)).Draw(t, "spliceAt")
	fr := copyFrame(st.frames[s])
	if o, ok := fr.body.(*jObj); ok {
		if m := o.obj("message"); m != nil {
			if id, ok := m.get("id"); ok {
				if id, ok := id.(string); ok {
					m.set("id", id+"_spliced")
				}
			}
		}
	}
	st.insert(at, fr)
	return true
}

// mutRepeatMessageStart repeats an Anthropic message's start, byte for
// byte, anywhere in the stream after it (ORD-4: within its message a repeat
// is ignored; after the message ended it starts another). In the other
// formats it is duplicate-frame.
func mutRepeatMessageStart(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "repeatStart", func(_ int, fr frame) bool { return fr.role == roleMsgStart })
	if s < 0 {
		return false
	}
	at := rapid.IntRange(s+1, len(st.frames)).Draw(t, "repeatAt")
	st.insert(at, copyFrame(st.frames[s]))
	return true
}

// mutInvokeShape puts, in a Bedrock InvokeModelWithResponseStream, a chunk
// of the other shape than the stream's (an Anthropic event among Converse
// events, or the other way round), or of neither shape (FRAME-4).
func mutInvokeShape(t *rapid.T, st *stream, _ *Response) bool {
	if len(st.frames) == 0 || !st.frames[0].invoke {
		return false
	}
	nova := st.frames[0].nova
	at := rapid.IntRange(0, len(st.frames)).Draw(t, "invokeShapeAt")
	msg := 0
	if at > 0 {
		msg = st.frames[at-1].msg
	}
	var fr frame
	switch rapid.IntRange(0, 2).Draw(t, "invokeShape") {
	case 0: // the other shape
		if nova {
			fr = frame{event: "ping", body: obj("type", "ping")}
		} else {
			fr = frame{event: "metadata", body: obj("usage", obj("inputTokens", num(1))), nova: true}
		}
	case 1: // another model family's chunk (Meta's)
		fr = frame{event: "generation", body: jRaw(`{"generation":"x","stop_reason":null}`)}
	default: // two Converse events in one chunk
		fr = frame{event: "contentBlockStop", body: jRaw(`{"contentBlockIndex":0},"messageStop":{"stopReason":"end_turn"}`), nova: true}
	}
	fr.invoke, fr.msg = true, msg
	st.insert(at, fr)
	return true
}

// mutDropTerminal removes the terminal signals of the last message: its
// finish, its end, [DONE], done:true, finishReason (END-3, field notes
// 33).
func mutDropTerminal(t *rapid.T, st *stream, _ *Response) bool {
	last := 0
	for _, fr := range st.frames {
		last = max(last, fr.msg)
	}
	changed := false
	for i := len(st.frames) - 1; i >= 0; i-- {
		fr := st.frames[i]
		if fr.msg != last {
			continue
		}
		if fr.role == roleMsgEnd || fr.role == roleFinish {
			if o, ok := fr.body.(*jObj); ok && st.format == spec.FormatOllama {
				o.set("done", false) // keep the content the done line carries
			} else {
				st.remove(i)
			}
			changed = true
			continue
		}
		if o, ok := fr.body.(*jObj); ok {
			var ms []member
			collect(o, "", i, &ms)
			for _, m := range ms {
				switch m.key() {
				case "finish_reason", "finishReason":
					m.set(nil)
					changed = true
				}
			}
		}
	}
	// A trailing [DONE] of the previous message may follow: drop it too.
	for len(st.frames) > 0 {
		n := len(st.frames) - 1
		if r, ok := st.frames[n].body.(jRaw); ok && r == "[DONE]" {
			st.remove(n)
			changed = true
			continue
		}
		break
	}
	return changed
}

// errorFrame is the format's in-stream provider error (END-5).
func errorFrame(t *rapid.T, st *stream) frame {
	msg := rapid.SampledFrom([]string{"Overloaded", "Rate exceeded", "model runner crashed", "tool_use_failed: bad JSON", ""}).Draw(t, "errorMessage")
	switch st.format {
	case spec.FormatOpenAIChat:
		fr := frame{body: obj("error", obj("message", msg, "type", "invalid_request_error", "code", "tool_use_failed", "status_code", num(400),
			"failed_generation", "<function=search>{\"q\": </function>"))}
		switch rapid.IntRange(0, 3).Draw(t, "chatErrorShape") {
		case 0:
			fr.event = "error" // Groq: event: error
		case 1:
			fr.body = obj("error", msg)
		case 2:
			// OpenRouter: the error inside the choice, with finish_reason
			// "error" (END-5).
			fr.body = obj("id", "gen-err", "object", "chat.completion.chunk", "choices", []any{obj("index", num(0),
				"delta", obj("content", ""), "finish_reason", "error", "error", obj("code", num(502), "message", msg, "metadata", obj("provider_name", "Azure")))})
		}
		return fr
	case spec.FormatOpenAIResponses:
		switch rapid.IntRange(0, 2).Draw(t, "responsesErrorShape") {
		case 0:
			return frame{event: "error", body: obj("type", "error", "sequence_number", num(99),
				"error", obj("type", "insufficient_quota", "code", "insufficient_quota", "message", msg, "param", nil))}
		case 1:
			return frame{event: "error", body: obj("type", "error", "code", "rate_limit_exceeded", "message", msg, "param", nil)}
		}
		return frame{event: "response.failed", body: obj("type", "response.failed", "sequence_number", num(99),
			"response", obj("id", "resp_failed", "status", "failed", "error", obj("code", "server_error", "message", msg)))}
	case spec.FormatAnthropic:
		return frame{event: "error", body: obj("type", "error", "error", obj("type", "overloaded_error", "message", msg))}
	case spec.FormatOllama:
		if rapid.Bool().Draw(t, "ollamaErrorObject") {
			return frame{body: obj("error", obj("message", msg))}
		}
		return frame{body: obj("error", msg)}
	case spec.FormatGemini:
		return frame{body: obj("error", obj("code", num(500), "message", msg, "status", "INTERNAL"))}
	}
	exc := rapid.SampledFrom([]string{"throttlingException", "modelStreamErrorException", "internalServerException", "validationException"}).Draw(t, "exception")
	if st.framing == framingEventStream {
		if rapid.IntRange(0, 2).Draw(t, "errorMessageType") == 0 {
			return frame{msgType: "error", body: jRaw(""), headers: [][2]string{{":error-code", "InternalFailure"}, {":error-message", msg}}}
		}
		return frame{event: exc, msgType: "exception", body: obj("message", msg)}
	}
	return frame{event: exc, body: obj("message", msg)}
}

// mutProviderError puts a provider error anywhere in the stream (END-5).
func mutProviderError(t *rapid.T, st *stream, _ *Response) bool {
	at := rapid.IntRange(0, len(st.frames)).Draw(t, "errorAt")
	st.insert(at, errorFrame(t, st))
	return true
}

// mutGarbageFrame puts a frame whose payload is not one JSON object
// (FRAME-4).
func mutGarbageFrame(t *rapid.T, st *stream, _ *Response) bool {
	g := rapid.SampledFrom([]string{"not json", "[1,2]", `"str"`, `{"choices":`, "{} {}", "null", `{"a":1}x`, "[DONE] ", "{\"type\":\"message_stop\"", ""}).Draw(t, "garbage")
	at := rapid.IntRange(0, len(st.frames)).Draw(t, "garbageAt")
	ev := ""
	if st.named {
		ev = "content_block_delta"
	}
	if st.format == spec.FormatBedrock {
		ev = "contentBlockDelta"
		if st.framing == framingLines {
			ev = "" // the line itself is the garbage
		}
	}
	st.insert(at, frame{event: ev, body: jRaw(g)})
	return true
}

// mutUnknownEvent adds an event of an unknown type, or unknown fields,
// which change nothing (FRAME-5).
func mutUnknownEvent(t *rapid.T, st *stream, _ *Response) bool {
	at := rapid.IntRange(0, len(st.frames)).Draw(t, "unknownAt")
	var fr frame
	switch st.format {
	case spec.FormatAnthropic, spec.FormatOpenAIResponses:
		fr = frame{event: "gen.unknown", body: obj("type", "gen.unknown", "index", num(0), "output_index", num(0), "delta", obj("type", "text_delta", "text", "x"))}
	case spec.FormatBedrock:
		fr = frame{event: "unknownEvent", body: obj("contentBlockIndex", num(0), "delta", obj("text", "x"))}
	case spec.FormatOpenAIChat:
		fr = frame{body: obj("id", "x", "choices", []any{obj("index", num(0), "delta", obj("audio", obj("data", "AAAA")), "finish_reason", nil)}, "p", "pad")}
	case spec.FormatOllama:
		fr = frame{body: obj("model", "m", "message", obj("role", "assistant", "images", []any{}), "done", false, "remote_host", "h")}
	default:
		fr = frame{body: obj("candidates", []any{obj("content", obj("role", "model", "parts", []any{obj("executableCode", obj("code", "1+1"))}), "index", num(0))})}
	}
	st.insert(at, fr)
	return true
}

// mutWrongType gives a member a JSON type its field cannot have (FRAME-6).
func mutWrongType(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "wrongType", func(member) bool { return true })
	if !ok {
		return false
	}
	var repl []any
	switch m.val().(type) {
	case string:
		repl = []any{jNum("1"), true, []any{}, obj()}
	case jNum, int:
		// An index must be written as an integer of 32 bits (FRAME-6).
		repl = []any{"0", jNum("1.5"), jNum("-1"), jNum("1e40"), true, jNum("1.0"), jNum("1e3"), jNum("4294967296"), jNum("-2147483649")}
	case bool:
		repl = []any{"true", jNum("1")}
	case *jObj:
		repl = []any{[]any{}, "{}", jNum("0")}
	case []any:
		repl = []any{obj(), "[]", jNum("0")}
	default:
		repl = []any{obj(), []any{}, "x", jNum("0")}
	}
	m.set(repl[rapid.IntRange(0, len(repl)-1).Draw(t, "replacement")])
	return true
}

// mutDeleteMember removes a member: missing ids, names, indexes, types,
// content blocks.
func mutDeleteMember(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "deleteMember", func(member) bool { return true })
	if !ok {
		return false
	}
	m.o.delAt(m.i) // by position: keys may repeat
	return true
}

// mutEmptyString empties a string member: empty ids, names and types
// (ID-2).
func mutEmptyString(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "emptyString", func(m member) bool { s, ok := strVal(m); return ok && s != "" })
	if !ok {
		return false
	}
	m.set("")
	return true
}

// mutNullMember makes a member null (absent, FRAME-6).
func mutNullMember(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "nullMember", func(member) bool { return true })
	if !ok {
		return false
	}
	m.set(nil)
	return true
}

// mutSharedCallID gives several calls one id (ID-7, field notes 7).
func mutSharedCallID(t *rapid.T, st *stream, _ *Response) bool {
	id := rapid.SampledFrom([]string{"call_shared", "toolu_shared", "x"}).Draw(t, "sharedID")
	n := 0
	for _, m := range st.members() {
		if isCallID(m) {
			if s, ok := strVal(m); ok && s != "" {
				m.set(id)
				n++
			}
		}
	}
	return n > 0
}

// mutMissingCallIDs removes every call id (ID-4, field notes 9).
func mutMissingCallIDs(t *rapid.T, st *stream, _ *Response) bool {
	var ids []member
	for _, m := range st.members() {
		if isCallID(m) {
			ids = append(ids, m)
		}
	}
	// An object may sit in several frames (an item added and done) and
	// repeat its id key: delete each object's members once, by position,
	// from the back (deleting shifts later members).
	at := map[*jObj][]int{}
	var objs []*jObj
	for _, m := range ids {
		if _, seen := at[m.o]; !seen {
			objs = append(objs, m.o)
		}
		if !slices.Contains(at[m.o], m.i) {
			at[m.o] = append(at[m.o], m.i)
		}
	}
	for _, o := range objs {
		idx := at[o]
		slices.Sort(idx)
		for k := len(idx) - 1; k >= 0; k-- {
			o.delAt(idx[k])
		}
	}
	return len(ids) > 0
}

// mutConflictingName gives a call's fragment or element another name
// (NAME-2, field notes 12).
func mutConflictingName(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "conflictingName", isCallName)
	if !ok {
		return false
	}
	m.set(rapid.SampledFrom([]string{"other_tool", "get_", "weather", ""}).Draw(t, "otherName"))
	return true
}

// mutInvalidArgs replaces argument text with something that is not one
// JSON object (END-2, field notes 36).
func mutInvalidArgs(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "invalidArgs", func(m member) bool { return isArgsText(m) || isArgsObject(m) })
	if !ok {
		return false
	}
	bad := rapid.SampledFrom([]string{"[1,2]", `{"a":`, `"str"`, "{}{}", "nul", `{"a":1}}`, "{\"a\":\"\x01\"}", "{'a':1}"}).Draw(t, "badArgs")
	if isArgsObject(m) {
		m.set(jRaw(rapid.SampledFrom([]string{"[1,2]", `"str"`, "1", "null", "{}"}).Draw(t, "badArgsObject")))
		return true
	}
	m.set(bad)
	return true
}

// mutArgsTrailingJSON adds bytes after a complete object: a valid JSON
// prefix followed by more (END-1, field notes 21), or a full re-emit.
func mutArgsTrailingJSON(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "trailingArgs", isArgsText)
	if !ok {
		return false
	}
	s, _ := strVal(m)
	m.set(s + rapid.SampledFrom([]string{`, "limit": 10}`, "\n  ", `{"a":1}`, "}", s}).Draw(t, "trailing"))
	return true
}

// mutDeepArgs replaces argument text with an object nested deeper than
// 10,000 levels (END-2).
func mutDeepArgs(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "deepArgs", isArgsText)
	if !ok {
		return false
	}
	n := rapid.SampledFrom([]int{9999, 10000, 10001, 10002}).Draw(t, "depth")
	m.set(strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n))
	return true
}

// extraCallFrames builds frames that add n calls to the last message, each
// complete with empty arguments; ids are drawn by id.
func extraCallFrames(st *stream, n int, id func(i int) string) []frame {
	last := 0
	for _, fr := range st.frames {
		last = max(last, fr.msg)
	}
	var out []frame
	switch st.format {
	case spec.FormatOpenAIChat:
		var entries []any
		for i := 0; i < n; i++ {
			entries = append(entries, obj("index", num(1000+i), "id", id(i), "type", "function", "function", obj("name", "extra", "arguments", "{}")))
		}
		out = append(out, frame{body: obj("choices", []any{obj("index", num(0), "delta", obj("tool_calls", entries), "finish_reason", nil)}), msg: last})
	case spec.FormatOllama:
		var calls []any
		for i := 0; i < n; i++ {
			calls = append(calls, obj("id", id(i), "function", obj("name", "extra", "arguments", obj())))
		}
		out = append(out, frame{body: obj("message", obj("role", "assistant", "content", "", "tool_calls", calls), "done", false), msg: last})
	case spec.FormatGemini:
		var parts []any
		for i := 0; i < n; i++ {
			parts = append(parts, obj("functionCall", obj("id", id(i), "name", "extra", "args", obj())))
		}
		out = append(out, frame{body: obj("candidates", []any{obj("content", obj("role", "model", "parts", parts), "index", num(0))}), msg: last})
	case spec.FormatOpenAIResponses:
		for i := 0; i < n; i++ {
			item := obj("type", "function_call", "id", "fc_x", "call_id", id(i), "name", "extra", "arguments", "")
			out = append(out,
				frame{event: "response.output_item.added", body: obj("type", "response.output_item.added", "output_index", num(1000+i), "item", item), role: roleBlockStart, key: 1000 + i, msg: last},
				frame{event: "response.output_item.done", body: obj("type", "response.output_item.done", "output_index", num(1000+i), "item", item.clone()), role: roleBlockStop, key: 1000 + i, msg: last})
		}
	case spec.FormatAnthropic:
		for i := 0; i < n; i++ {
			out = append(out, anthropicExtraCall(1000+i, id(i), last, false)...)
		}
	case spec.FormatBedrock:
		invoke := len(st.frames) > 0 && st.frames[0].invoke
		nova := invoke && st.frames[0].nova
		for i := 0; i < n; i++ {
			if invoke && !nova {
				out = append(out, anthropicExtraCall(1000+i, id(i), last, true)...)
				continue
			}
			out = append(out,
				frame{event: "contentBlockStart", body: obj("contentBlockIndex", num(1000+i), "start", obj("toolUse", obj("toolUseId", id(i), "name", "extra"))), role: roleBlockStart, key: 1000 + i, msg: last, invoke: nova, nova: nova},
				frame{event: "contentBlockStop", body: obj("contentBlockIndex", num(1000+i)), role: roleBlockStop, key: 1000 + i, msg: last, invoke: nova, nova: nova})
		}
	}
	return out
}

func anthropicExtraCall(k int, id string, msg int, invoke bool) []frame {
	return []frame{
		{event: "content_block_start", body: obj("type", "content_block_start", "index", num(k), "content_block", obj("type", "tool_use", "id", id, "name", "extra", "input", obj())), role: roleBlockStart, key: k, msg: msg, invoke: invoke},
		{event: "content_block_stop", body: obj("type", "content_block_stop", "index", num(k)), role: roleBlockStop, key: k, msg: msg, invoke: invoke},
	}
}

// mutExtraCallsSameID adds two calls with one id to the last message
// (ID-7; field notes 1 and 7).
func mutExtraCallsSameID(t *rapid.T, st *stream, _ *Response) bool {
	id := rapid.SampledFrom([]string{"call_dup", "toolu_dup"}).Draw(t, "dupID")
	st.insert(st.endOfLastMessage(), extraCallFrames(st, 2, func(int) string { return id })...)
	return true
}

// mutManyCalls adds more calls than the default budget allows (BUD-1).
func mutManyCalls(t *rapid.T, st *stream, _ *Response) bool {
	n := spec.DefaultMaxCalls + rapid.IntRange(-1, 2).Draw(t, "manyCalls")
	st.insert(st.endOfLastMessage(), extraCallFrames(st, n, func(i int) string { return "call_many_" + strconv.Itoa(i) })...)
	return true
}

// mutLongID makes a call id longer than the default budget (BUD-4).
func mutLongID(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "longID", isCallID)
	if !ok {
		return false
	}
	m.set(strings.Repeat("i", spec.DefaultMaxIDBytes+rapid.IntRange(0, 1).Draw(t, "idOver")))
	return true
}

// mutLongName makes a call name longer than the default budget (BUD-4).
func mutLongName(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "longName", isCallName)
	if !ok {
		return false
	}
	m.set(strings.Repeat("n", spec.DefaultMaxNameBytes+rapid.IntRange(0, 1).Draw(t, "nameOver")))
	return true
}

// mutHugeArgs puts more argument bytes in one call than the default
// budget allows (BUD-2).
func mutHugeArgs(t *rapid.T, st *stream, _ *Response) bool {
	// Two megabytes per stream: rare, so that a property run stays fast.
	if rapid.IntRange(0, 7).Draw(t, "hugeArgsGate") != 7 {
		return false
	}
	m, ok := pickMember(t, st, "hugeArgs", func(m member) bool { return isArgsText(m) || isArgsObject(m) })
	if !ok {
		return false
	}
	big := strings.Repeat("a", spec.DefaultMaxArgBytes+1)
	if isArgsObject(m) {
		m.set(jRaw(`{"x":"` + big + `"}`))
	} else {
		s, _ := strVal(m)
		m.set(s + big)
	}
	return true
}

// ---- OpenAI chat ----

// chatEntry is one tool_calls entry with the choice it belongs to.
type chatEntry struct {
	frame  int
	choice *jObj
	list   []any
	pos    int
	e      *jObj
}

func chatEntries(st *stream) []chatEntry {
	var out []chatEntry
	for fi, fr := range st.frames {
		o, ok := fr.body.(*jObj)
		if !ok {
			continue
		}
		for _, c := range o.arr("choices") {
			co, ok := c.(*jObj)
			if !ok {
				continue
			}
			d := co.obj("delta")
			if d == nil {
				continue
			}
			list := d.arr("tool_calls")
			for j, e := range list {
				if eo, ok := e.(*jObj); ok {
					out = append(out, chatEntry{fi, co, list, j, eo})
				}
			}
		}
	}
	return out
}

// entryKey names the call key of an entry: its choice, and its index or
// position.
func (st *stream) entryKey(e chatEntry) string {
	c, _ := e.choice.get("index")
	key := st.js.text(c) + "/p" + strconv.Itoa(e.pos)
	if idx, ok := e.e.get("index"); ok {
		key = st.js.text(c) + "/i" + st.js.text(idx)
	}
	return key
}

// mutChatSharedIndexZero puts every call at index 0 (field notes 1).
func mutChatSharedIndexZero(t *rapid.T, st *stream, _ *Response) bool {
	es := chatEntries(st)
	for _, e := range es {
		e.e.set("index", num(0))
	}
	return len(es) > 0
}

// mutChatStripIndexes removes every index (field notes 3, 4).
func mutChatStripIndexes(t *rapid.T, st *stream, _ *Response) bool {
	es := chatEntries(st)
	for _, e := range es {
		e.e.del("index")
	}
	return len(es) > 0
}

// mutChatIndexMinusOne gives an entry index -1, or adds LiteLLM's leftover
// {index: -1} entry (ID-3, field notes 19).
func mutChatIndexMinusOne(t *rapid.T, st *stream, _ *Response) bool {
	es := chatEntries(st)
	if len(es) > 0 && rapid.Bool().Draw(t, "setMinusOne") {
		es[rapid.IntRange(0, len(es)-1).Draw(t, "minusOneEntry")].e.set("index", num(-1))
		return true
	}
	leftover := obj("id", nil, "function", obj("arguments", "{}", "name", nil), "type", "function", "index", num(-1))
	at := st.endOfLastMessage()
	last := 0
	for _, fr := range st.frames {
		last = max(last, fr.msg)
	}
	st.insert(at, frame{body: obj("choices", []any{obj("index", num(0), "delta", obj("tool_calls", []any{leftover}), "finish_reason", nil)}), msg: last})
	return true
}

// mutChatSparseIndexes maps indexes to other values, which may collide
// (field notes 18).
func mutChatSparseIndexes(t *rapid.T, st *stream, _ *Response) bool {
	es := chatEntries(st)
	remap := map[string]jNum{}
	for _, e := range es {
		v, _ := e.e.get("index")
		k := ""
		if n, ok := v.(jNum); ok {
			k = string(n)
		}
		if _, ok := remap[k]; !ok {
			remap[k] = num(rapid.SampledFrom([]int{0, 1, 2, 5, 9, 63, 127, 128, 1 << 20, -1, -2, 1<<31 - 1, -1 << 31}).Draw(t, "newIndex"))
		}
		e.e.set("index", remap[k])
	}
	return len(es) > 0
}

// mutChatEmptyIDs sends "" as the id of every entry but the first of its
// call (field notes 9; ID-2) -- or of every entry.
func mutChatEmptyIDs(t *rapid.T, st *stream, _ *Response) bool {
	all := rapid.Bool().Draw(t, "emptyAllIDs")
	seen := map[string]bool{}
	n := 0
	for _, e := range chatEntries(st) {
		v, ok := e.e.get("id")
		s, _ := v.(string)
		if !ok || s == "" {
			continue
		}
		if all || seen[s] {
			e.e.set("id", "")
			n++
		}
		seen[s] = true
	}
	return n > 0
}

// mutChatRotateIDs gives every entry a fresh id (field notes 5; ID-6).
func mutChatRotateIDs(t *rapid.T, st *stream, _ *Response) bool {
	es := chatEntries(st)
	for i, e := range es {
		e.e.set("id", "rot_"+strconv.Itoa(i))
	}
	return len(es) > 0
}

// mutChatRepeatNames repeats each call's name on every later entry at its
// index (field notes 6, 11; NAME-1).
func mutChatRepeatNames(t *rapid.T, st *stream, _ *Response) bool {
	names := map[string]any{}
	n := 0
	for _, e := range chatEntries(st) {
		key := st.entryKey(e)
		fn := e.e.obj("function")
		if fn == nil {
			continue
		}
		if v, ok := fn.get("name"); ok && v != "" && v != nil {
			names[key] = v
			continue
		}
		if v, ok := names[key]; ok {
			fn.set("name", v)
			n++
		}
	}
	return n > 0
}

// mutChatSplitName splits a name across two entries of one frame (field
// notes 12; NAME-2).
func mutChatSplitName(t *rapid.T, st *stream, _ *Response) bool {
	var c []chatEntry
	for _, e := range chatEntries(st) {
		if fn := e.e.obj("function"); fn != nil {
			if v, _ := fn.get("name"); v != nil {
				if s, ok := v.(string); ok && len(s) >= 2 {
					c = append(c, e)
				}
			}
		}
	}
	if len(c) == 0 {
		return false
	}
	e := c[rapid.IntRange(0, len(c)-1).Draw(t, "splitNameEntry")]
	fn := e.e.obj("function")
	v, _ := fn.get("name")
	s := v.(string)
	cut := rapid.IntRange(1, len(s)-1).Draw(t, "nameCut")
	fn.set("name", s[:cut])
	rest := obj("function", obj("name", s[cut:]))
	if idx, ok := e.e.get("index"); ok {
		rest = obj("index", idx, "function", obj("name", s[cut:]))
	}
	d := e.choice.obj("delta")
	list := append(append(append([]any(nil), e.list[:e.pos+1]...), rest), e.list[e.pos+1:]...)
	d.set("tool_calls", list)
	return true
}

// mutChatFullReemit sends a call's whole arguments again after its
// fragments (field notes 14).
func mutChatFullReemit(t *rapid.T, st *stream, _ *Response) bool {
	es := chatEntries(st)
	full := map[string]string{}
	lastAt := map[string]chatEntry{}
	for _, e := range es {
		key := st.entryKey(e)
		if fn := e.e.obj("function"); fn != nil {
			if v, ok := fn.get("arguments"); ok {
				if s, ok := v.(string); ok {
					full[key] += s
				}
			}
		}
		lastAt[key] = e
	}
	if len(lastAt) == 0 {
		return false
	}
	keys := make([]string, 0, len(lastAt))
	for k := range lastAt {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	k := rapid.SampledFrom(keys).Draw(t, "reemitCall")
	e := lastAt[k]
	re := obj("function", obj("arguments", full[k]))
	if idx, ok := e.e.get("index"); ok {
		re = obj("index", idx, "function", obj("arguments", full[k]))
	}
	d := e.choice.obj("delta")
	d.set("tool_calls", append(append([]any(nil), d.arr("tool_calls")...), re))
	return true
}

// mutChatCumulativeArgs turns one call's fragments into cumulative
// snapshots (field notes 13).
func mutChatCumulativeArgs(t *rapid.T, st *stream, _ *Response) bool {
	groups := map[string][]*jObj{}
	var keys []string
	for _, e := range chatEntries(st) {
		key := st.entryKey(e)
		if fn := e.e.obj("function"); fn != nil {
			if v, ok := fn.get("arguments"); ok {
				if _, ok := v.(string); ok {
					if groups[key] == nil {
						keys = append(keys, key)
					}
					groups[key] = append(groups[key], fn)
				}
			}
		}
	}
	if len(keys) == 0 {
		return false
	}
	k := rapid.SampledFrom(keys).Draw(t, "cumulativeCall")
	sum := ""
	for _, fn := range groups[k] {
		v, _ := fn.get("arguments")
		sum += v.(string)
		fn.set("arguments", sum)
	}
	return len(groups[k]) > 1
}

// mutChatContentAfterFinish sends content for a choice after its finish
// (END-6).
func mutChatContentAfterFinish(t *rapid.T, st *stream, _ *Response) bool {
	i := pickFrame(t, st, "finishFrame", func(_ int, fr frame) bool {
		o, ok := fr.body.(*jObj)
		if !ok {
			return false
		}
		for _, c := range o.arr("choices") {
			if co, ok := c.(*jObj); ok {
				if v, _ := co.get("finish_reason"); v != nil {
					return true
				}
			}
		}
		return false
	})
	if i < 0 {
		return false
	}
	var idx any = num(0)
	for _, c := range st.frames[i].body.(*jObj).arr("choices") {
		if co, ok := c.(*jObj); ok {
			if v, ok := co.get("index"); ok {
				idx = v
			}
		}
	}
	delta := rapid.SampledFrom([]*jObj{
		obj("content", "late"),
		obj("tool_calls", []any{obj("index", num(0), "function", obj("arguments", "{}"))}),
		obj("reasoning_content", "late"),
	}).Draw(t, "lateDelta").clone()
	at := rapid.IntRange(i+1, len(st.frames)).Draw(t, "lateAt")
	st.insert(at, frame{body: obj("choices", []any{obj("index", idx, "delta", delta, "finish_reason", nil)}), msg: st.frames[i].msg})
	return true
}

// mutChoiceOutOfRange gives a choice or candidate a number outside the
// default budget (BUD-6).
func mutChoiceOutOfRange(t *rapid.T, st *stream, _ *Response) bool {
	var c []*jObj
	for _, fr := range st.frames {
		if o, ok := fr.body.(*jObj); ok {
			for _, k := range []string{"choices", "candidates"} {
				for _, x := range o.arr(k) {
					if co, ok := x.(*jObj); ok {
						c = append(c, co)
					}
				}
			}
		}
	}
	if len(c) == 0 {
		return false
	}
	c[rapid.IntRange(0, len(c)-1).Draw(t, "choiceObj")].set("index", num(rapid.SampledFrom([]int{127, 128, 200, -1}).Draw(t, "choiceNumber")))
	return true
}

// ---- block pairing ----

// setKey rewrites the block key of a block frame.
func setKey(fr *frame, k int) {
	o, ok := fr.body.(*jObj)
	if !ok {
		return
	}
	for _, name := range []string{"index", "contentBlockIndex", "output_index"} {
		if _, ok := o.get(name); ok {
			o.set(name, num(k))
		}
	}
	fr.key = k
}

func isRole(r role) func(int, frame) bool {
	return func(_ int, fr frame) bool { return fr.role == r }
}

// mutDeltaAfterStop moves a block's delta after its stop (PAIR-4; field
// notes 27).
func mutDeltaAfterStop(t *rapid.T, st *stream, _ *Response) bool {
	d := pickFrame(t, st, "lateDelta", isRole(roleBlockDelta))
	if d < 0 {
		return false
	}
	s := -1
	for i := d + 1; i < len(st.frames); i++ {
		if st.frames[i].role == roleBlockStop && st.frames[i].key == st.frames[d].key && st.frames[i].msg == st.frames[d].msg {
			s = i
			break
		}
	}
	if s < 0 {
		return false
	}
	fr := st.frames[d]
	st.insert(s+1, copyFrame(fr))
	if rapid.Bool().Draw(t, "moveNotCopy") {
		st.remove(d)
	}
	return true
}

// mutDuplicateStop repeats a block stop later (PAIR-4; field notes 27).
func mutDuplicateStop(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "dupStop", isRole(roleBlockStop))
	if s < 0 {
		return false
	}
	at := rapid.IntRange(s+1, len(st.frames)).Draw(t, "dupStopAt")
	st.insert(at, copyFrame(st.frames[s]))
	return true
}

// mutStopUnknownBlock sends a stop for a key that was never started
// (PAIR-3; field notes 27).
func mutStopUnknownBlock(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "unknownStop", isRole(roleBlockStop))
	if s < 0 {
		return false
	}
	fr := copyFrame(st.frames[s])
	setKey(&fr, 5000+rapid.IntRange(0, 3).Draw(t, "unknownKey"))
	if rapid.Bool().Draw(t, "replaceStop") {
		st.frames[s] = fr
	} else {
		st.insert(s, fr)
	}
	return true
}

// mutUnclosedBlock drops a block stop: the block is open when its message
// ends (PAIR-11; field notes 27).
func mutUnclosedBlock(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "dropStop", isRole(roleBlockStop))
	if s < 0 {
		return false
	}
	st.remove(s)
	return true
}

// mutDuplicateStart starts a block key twice (PAIR-2).
func mutDuplicateStart(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "dupStart", isRole(roleBlockStart))
	if s < 0 {
		return false
	}
	at := rapid.IntRange(s+1, len(st.frames)).Draw(t, "dupStartAt")
	st.insert(at, copyFrame(st.frames[s]))
	return true
}

// mutSharedBlockKey moves every frame of one block to another block's key.
func mutSharedBlockKey(t *rapid.T, st *stream, _ *Response) bool {
	type mk struct{ msg, key int }
	var keys []mk
	seen := map[mk]bool{}
	for _, fr := range st.frames {
		if fr.role == roleBlockStart || fr.role == roleBlockDelta || fr.role == roleBlockStop {
			k := mk{fr.msg, fr.key}
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	if len(keys) < 2 {
		return false
	}
	i := rapid.IntRange(0, len(keys)-1).Draw(t, "fromBlock")
	j := rapid.IntRange(0, len(keys)-1).Draw(t, "toBlock")
	if i == j {
		return false
	}
	for n := range st.frames {
		fr := &st.frames[n]
		if (fr.role == roleBlockStart || fr.role == roleBlockDelta || fr.role == roleBlockStop) && fr.msg == keys[i].msg && fr.key == keys[i].key {
			setKey(fr, keys[j].key)
		}
	}
	return true
}

// mutOutOfOrderStops swaps two block stops (the batched-stop stream of
// PAIR-11).
func mutOutOfOrderStops(t *rapid.T, st *stream, _ *Response) bool {
	var stops []int
	for i, fr := range st.frames {
		if fr.role == roleBlockStop {
			stops = append(stops, i)
		}
	}
	if len(stops) < 2 {
		return false
	}
	a := rapid.IntRange(0, len(stops)-2).Draw(t, "stopA")
	b := rapid.IntRange(a+1, len(stops)-1).Draw(t, "stopB")
	i, j := stops[a], stops[b]
	st.frames[i], st.frames[j] = st.frames[j], st.frames[i]
	return true
}

// mutDeltaTypeMismatch sends a delta of a type its block cannot take
// (PAIR-5).
func mutDeltaTypeMismatch(t *rapid.T, st *stream, _ *Response) bool {
	d := pickFrame(t, st, "mismatchDelta", isRole(roleBlockDelta))
	if d < 0 {
		return false
	}
	fr := &st.frames[d]
	o, ok := fr.body.(*jObj)
	if !ok {
		return false
	}
	switch {
	case st.format == spec.FormatAnthropic || fr.invoke && !fr.nova:
		typ := rapid.SampledFrom([]string{"text_delta", "input_json_delta", "thinking_delta", "signature_delta", "citations_delta"}).Draw(t, "deltaType")
		o.set("delta", obj("type", typ, "text", "x", "partial_json", "{}", "thinking", "x", "signature", "s"))
	case st.format == spec.FormatBedrock:
		o.set("delta", rapid.SampledFrom([]*jObj{
			obj("text", "x"), obj("toolUse", obj("input", "{}")), obj("reasoningContent", obj("text", "x")),
			obj("reasoningContent", obj("signature", "s")), obj("reasoningContent", obj("redactedContent", "r")), obj("citation", obj()),
		}).Draw(t, "bedrockDelta").clone())
	default:
		typ := rapid.SampledFrom([]string{"response.output_text.delta", "response.function_call_arguments.delta", "response.reasoning_summary_text.delta", "response.function_call_arguments.done"}).Draw(t, "responsesDelta")
		o.set("type", typ)
		fr.event = typ
		o.set("delta", "x")
		o.set("arguments", "{}")
	}
	return true
}

// mutStartInputAndDeltas gives a call block both inline input and argument
// deltas (PAIR-6; field notes 28).
func mutStartInputAndDeltas(t *rapid.T, st *stream, _ *Response) bool {
	s := pickFrame(t, st, "inputStart", func(_ int, fr frame) bool {
		o, ok := fr.body.(*jObj)
		if !ok || fr.role != roleBlockStart {
			return false
		}
		if cb := o.obj("content_block"); cb != nil {
			typ, _ := cb.get("type")
			return typ == "tool_use" || typ == "server_tool_use" || typ == "mcp_tool_use"
		}
		return false
	})
	if s < 0 {
		return false
	}
	o := st.frames[s].body.(*jObj)
	o.obj("content_block").set("input", obj("q", "inline"))
	k := st.frames[s].key
	st.insert(s+1, frame{event: "content_block_delta", body: obj("type", "content_block_delta", "index", num(k),
		"delta", obj("type", "input_json_delta", "partial_json", `{"q":"delta"}`)), role: roleBlockDelta, key: k, msg: st.frames[s].msg, invoke: st.frames[s].invoke})
	return true
}

// mutFinalArgsMismatch makes the arguments repeated at the end of a
// Responses call differ from the streamed ones (PAIR-8).
func mutFinalArgsMismatch(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "finalArgs", func(m member) bool {
		_, isStr := strVal(m)
		return isStr && m.key() == "arguments" && m.o != nil
	})
	if !ok {
		return false
	}
	s, _ := strVal(m)
	m.set(s + rapid.SampledFrom([]string{" ", "x", `{"other":1}`}).Draw(t, "finalArgsExtra"))
	return true
}

// mutChatMixedCallKinds gives a tool_calls entry content of the other
// kind besides its own: custom input beside function arguments, or the
// reverse (NAME-4).
func mutChatMixedCallKinds(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "mixedKind", func(m member) bool {
		_, isObj := m.val().(*jObj)
		return isObj && m.parent == "tool_calls" && (m.key() == "function" || m.key() == "custom")
	})
	if !ok {
		return false
	}
	extra := rapid.SampledFrom([]string{"x", "{}", ""}).Draw(t, "mixedKindData")
	if m.key() == "function" {
		m.o.set("custom", obj("input", extra))
	} else {
		m.o.set("function", obj("arguments", extra))
	}
	return true
}

// mutDoneIdentityChanges changes the call_id or name that a Responses
// output_item.done repeats, as vLLM shipped it (ID-10).
func mutDoneIdentityChanges(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "doneIdentity", func(m member) bool {
		_, isStr := strVal(m)
		return isStr && m.parent == "item" && (m.key() == "call_id" || m.key() == "name") && st.frames[m.frame].role == roleBlockStop
	})
	if !ok {
		return false
	}
	s, _ := strVal(m)
	m.set(s + rapid.SampledFrom([]string{"_2", "x", ""}).Draw(t, "doneIdentityExtra"))
	return true
}

// ---- Vertex streamed arguments ----

// geminiParts lists the parts arrays of every candidate.
func geminiPartLists(st *stream) []*jObj {
	var out []*jObj
	for _, fr := range st.frames {
		if o, ok := fr.body.(*jObj); ok {
			for _, c := range o.arr("candidates") {
				if co, ok := c.(*jObj); ok && co.obj("content") != nil {
					out = append(out, co.obj("content"))
				}
			}
		}
	}
	return out
}

func insertPart(t *rapid.T, st *stream, p *jObj) bool {
	cs := geminiPartLists(st)
	if len(cs) == 0 {
		return false
	}
	c := cs[rapid.IntRange(0, len(cs)-1).Draw(t, "partsOf")]
	parts := c.arr("parts")
	at := rapid.IntRange(0, len(parts)).Draw(t, "partAt")
	c.set("parts", append(append(append([]any(nil), parts[:at]...), p), parts[at:]...))
	return true
}

// mutGeminiPartialWithoutCall sends partialArgs with no streamed call open
// (PAIR-9).
func mutGeminiPartialWithoutCall(t *rapid.T, st *stream, _ *Response) bool {
	return insertPart(t, st, obj("functionCall", obj("partialArgs", []any{obj("jsonPath", "$.stray", "stringValue", "x")}, "willContinue", true)))
}

// mutGeminiCloseWithoutCall sends an empty functionCall with no streamed
// call open (PAIR-9).
func mutGeminiCloseWithoutCall(t *rapid.T, st *stream, _ *Response) bool {
	return insertPart(t, st, obj("functionCall", obj()))
}

// mutGeminiBadPath makes a partialArgs path malformed (PAIR-10).
func mutGeminiBadPath(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "badPath", func(m member) bool { return m.key() == "jsonPath" })
	if !ok {
		return insertPart(t, st, obj("functionCall", obj("name", "f", "partialArgs", []any{obj("jsonPath", "$..a", "numberValue", jNum("1"))})))
	}
	m.set(rapid.SampledFrom([]string{"a", "$", "$.", "$[x]", "$.a[", "$[01]", "$.l[5]", "$..a", "$[0]", "$['a]", ""}).Draw(t, "path"))
	return true
}

// mutGeminiPathTwice repeats a partialArgs leaf: a value given twice, or
// a string continued after its last piece (PAIR-10).
func mutGeminiPathTwice(t *rapid.T, st *stream, _ *Response) bool {
	var lists []*jObj
	for _, m := range st.members() {
		if m.key() == "partialArgs" {
			lists = append(lists, m.o)
		}
	}
	if len(lists) == 0 {
		return false
	}
	fc := lists[rapid.IntRange(0, len(lists)-1).Draw(t, "leafList")]
	leaves := fc.arr("partialArgs")
	if len(leaves) == 0 {
		return false // an earlier mutation changed its type
	}
	i := rapid.IntRange(0, len(leaves)-1).Draw(t, "leaf")
	dup := cloneValue(leaves[i])
	fc.set("partialArgs", append(append([]any(nil), leaves...), dup))
	return true
}

// ---- bytes ----

// mutTruncate cuts the stream anywhere (END-3; field notes 33).
func mutTruncate(t *rapid.T, st *stream) bool {
	if len(st.data) == 0 {
		return false
	}
	st.data = st.data[:rapid.IntRange(0, len(st.data)-1).Draw(t, "truncateAt")]
	return true
}

// mutGarbageBytes inserts bytes that belong to no frame.
func mutGarbageBytes(t *rapid.T, st *stream) bool {
	g := rapid.SampledFrom([]string{"\x00", "\xff\xfe", "\r", "\n\n", "garbage", "data: x\n\n", "{", "}", "\xc3", "\xe2\x80", ":", "\x00\x00\x00\x10"}).Draw(t, "garbageBytes")
	at := rapid.IntRange(0, len(st.data)).Draw(t, "garbageBytesAt")
	st.data = append(st.data[:at:at], append([]byte(g), st.data[at:]...)...)
	return true
}

// mutFlipByte changes one bit of one byte.
func mutFlipByte(t *rapid.T, st *stream) bool {
	if len(st.data) == 0 {
		return false
	}
	i := rapid.IntRange(0, len(st.data)-1).Draw(t, "flipAt")
	st.data[i] ^= 1 << rapid.IntRange(0, 7).Draw(t, "flipBit")
	return true
}

// mutBOM prepends a byte-order mark (FRAME-1, FRAME-2), or a part of one.
func mutBOM(t *rapid.T, st *stream) bool {
	bom := rapid.SampledFrom([]string{"\xEF\xBB\xBF", "\xEF\xBB", "\xEF\xBB\xBF\xEF\xBB\xBF", " \xEF\xBB\xBF"}).Draw(t, "bomBytes")
	st.data = append([]byte(bom), st.data...)
	return true
}

// mutLineEnds rewrites some line ends as CR or CRLF (FRAME-1, FRAME-2).
func mutLineEnds(t *rapid.T, st *stream) bool {
	var lfs []int
	for i, c := range st.data {
		if c == '\n' {
			lfs = append(lfs, i)
		}
	}
	if len(lfs) == 0 {
		return false
	}
	n := rapid.IntRange(1, min(len(lfs), 8)).Draw(t, "lineEnds")
	pick := map[int]string{}
	for i := 0; i < n; i++ {
		pick[lfs[rapid.IntRange(0, len(lfs)-1).Draw(t, "lineEndAt")]] = rapid.SampledFrom([]string{"\r", "\r\n", "\n\r"}).Draw(t, "lineEnd")
	}
	var out []byte
	for i, c := range st.data {
		if s, ok := pick[i]; ok {
			out = append(out, s...)
			continue
		}
		out = append(out, c)
	}
	st.data = out
	return true
}

// mutMergeEvents removes the blank line between two SSE events, so their
// data lines join (FRAME-1, FRAME-4).
func mutMergeEvents(t *rapid.T, st *stream) bool {
	var at []int
	for i := 0; i+1 < len(st.data); i++ {
		if st.data[i] == '\n' && st.data[i+1] == '\n' {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return false
	}
	i := at[rapid.IntRange(0, len(at)-1).Draw(t, "mergeAt")]
	st.data = append(st.data[:i:i], st.data[i+1:]...)
	return true
}

// span picks one event-stream message that is still whole in the data.
func pickSpan(t *rapid.T, st *stream, label string) ([2]int, bool) {
	var ok [][2]int
	for _, s := range st.spans {
		if s[1] <= len(st.data) && s[1]-s[0] >= 16 {
			ok = append(ok, s)
		}
	}
	if len(ok) == 0 {
		return [2]int{}, false
	}
	return ok[rapid.IntRange(0, len(ok)-1).Draw(t, label)], true
}

// mutCRCPrelude breaks a message's prelude CRC (FRAME-3).
func mutCRCPrelude(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "preludeCRCMessage")
	if !ok {
		return false
	}
	st.data[s[0]+8+rapid.IntRange(0, 3).Draw(t, "crcByte")] ^= 0x5a
	return true
}

// mutCRCMessage breaks a message's CRC (FRAME-3).
func mutCRCMessage(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "messageCRCMessage")
	if !ok {
		return false
	}
	st.data[s[1]-1-rapid.IntRange(0, 3).Draw(t, "crcByte")] ^= 0xa5
	return true
}

// fixPrelude recomputes the prelude CRC of the message at off, so that a
// changed length is what a decoder checks next.
func fixPrelude(data []byte, off int) {
	binary.BigEndian.PutUint32(data[off+8:], crc32.ChecksumIEEE(data[off:off+8]))
}

// fixMessage recomputes the message CRC of the message in span s.
func fixMessage(data []byte, s [2]int) {
	binary.BigEndian.PutUint32(data[s[1]-4:], crc32.ChecksumIEEE(data[s[0]:s[1]-4]))
}

// mutBadLengths makes a message's lengths inconsistent, with a correct
// prelude CRC (FRAME-3, BUD-5).
func mutBadLengths(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "lengthMessage")
	if !ok {
		return false
	}
	total := uint32(s[1] - s[0])
	switch rapid.IntRange(0, 4).Draw(t, "lengthFault") {
	case 0:
		binary.BigEndian.PutUint32(st.data[s[0]:], rapid.Uint32Range(0, 15).Draw(t, "shortTotal"))
	case 1:
		binary.BigEndian.PutUint32(st.data[s[0]+4:], total-15)
	case 2:
		binary.BigEndian.PutUint32(st.data[s[0]:], total+rapid.Uint32Range(1, 64).Draw(t, "longTotal"))
	case 3:
		binary.BigEndian.PutUint32(st.data[s[0]:], 0xFFFFFFF0)
	default:
		binary.BigEndian.PutUint32(st.data[s[0]+4:], 0xFFFFFFFF)
	}
	fixPrelude(st.data, s[0])
	return true
}

// mutBadHeader corrupts a message's first header, with both CRCs correct
// (FRAME-3).
func mutBadHeader(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "headerMessage")
	if !ok {
		return false
	}
	h := s[0] + 12
	hlen := int(binary.BigEndian.Uint32(st.data[s[0]+4:]))
	if hlen < 4 {
		return false
	}
	nl := int(st.data[h])
	switch rapid.IntRange(0, 3).Draw(t, "headerFault") {
	case 0:
		if h+1+nl < s[1]-4 {
			st.data[h+1+nl] = byte(rapid.IntRange(10, 255).Draw(t, "headerType"))
		}
	case 1:
		st.data[h] = 0
	case 2:
		st.data[h] = byte(min(255, hlen+5))
	default:
		if h+2+nl+1 < s[1]-4 {
			st.data[h+2+nl] = 0xFF
			st.data[h+3+nl] = 0xFF
		}
	}
	fixMessage(st.data, s)
	return true
}
