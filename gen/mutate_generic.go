package gen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

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
