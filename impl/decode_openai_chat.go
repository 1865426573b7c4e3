package impl

import (
	"strconv"

	"github.com/toolspec/toolspec/spec"
)

// openaiChatDecoder decodes the payloads of an OpenAI Chat Completions
// stream (or of an OpenAI-compatible server). One frame is one SSE data
// payload or one JSON line. It keeps no state: each frame is translated on
// its own (but for a memo of the last shape read, which only spares
// work). It mirrors model/decode_openai_chat.go check for check, so that
// the first violation of a payload is the reference's.
type openaiChatDecoder struct {
	general bool // read every "choices" value with the general path (tests)
	fast    chatFastMemo
}

// The members each level of a chunk is read for, in one pass (lookupN: the
// last of duplicate members wins, as in the reference's maps). The indices
// below name them.
var (
	chatTopKeys    = newKeySet("error", "choices")
	chatChoiceKeys = newKeySet("index", "delta", "finish_reason", "error")
	chatDeltaKeys  = newKeySet("reasoning_content", "reasoning", "reasoning_details", "content", "refusal", "tool_calls")
	chatDetailKeys = newKeySet("type", "text", "summary", "signature")
	chatCallKeys   = newKeySet("index", "id", "function", "extra_content", "type", "custom")
	chatFuncKeys   = newKeySet("name", "arguments")
	chatCustomKeys = newKeySet("name", "input")
)

const (
	chatTopError, chatTopChoices = 0, 1

	chatChoiceIndex, chatChoiceDelta, chatChoiceFinish, chatChoiceError = 0, 1, 2, 3

	chatDeltaReasoningContent, chatDeltaReasoning, chatDeltaDetails = 0, 1, 2
	chatDeltaContent, chatDeltaRefusal, chatDeltaToolCalls          = 3, 4, 5

	chatDetailType, chatDetailText, chatDetailSummary, chatDetailSig = 0, 1, 2, 3

	chatCallIndex, chatCallID, chatCallFunction, chatCallExtra, chatCallType, chatCallCustom = 0, 1, 2, 3, 4, 5

	chatFuncName, chatFuncArgs = 0, 1

	chatCustomName, chatCustomInput = 0, 1
)

func (d *openaiChatDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	if isDone(fr.data) {
		b.add(event{kind: spec.KindMessageEnd})
		return nil
	}
	o, v := b.parseObject(fr.data)
	if v != nil {
		return v
	}
	var top [2][]byte
	b.lookupN(o, chatTopKeys, top[:])
	if string(fr.event) == "error" || !isNull(top[chatTopError]) {
		return chatError(b, o, top[chatTopError])
	}
	choices, ok, v := asArray(top[chatTopChoices], "choices")
	if v != nil || !ok {
		return v
	}
	if n := len(b.evs); !d.general && !sometimesGeneral() && chatFastChoices(b, choices, &d.fast) {
		if invariants {
			checkEvents("chatFastChoices", b.evs[n:], choices, func(g *batch) *spec.Violation { return chatChoices(g, choices) })
		}
		return nil
	}
	return chatChoices(b, choices)
}

// chatChoices translates the elements of "choices", a valid array, one by
// one: the general path for any shape.
func chatChoices(b *batch, choices []byte) *spec.Violation {
	var v *spec.Violation
	b.eachElem(choices, func(i int, raw []byte) {
		if v == nil {
			v = chatChoice(b, raw, i)
		}
	})
	return v
}

// chatError translates an error payload o whose "error" member is raw:
// {"error":{"message","type","code"}}, {"error":"text"}, or (for an SSE
// event named error without an error member) a flat
// {"message","type","code"}.
func chatError(b *batch, o, raw []byte) *spec.Violation {
	ev := event{kind: spec.KindError}
	if !isNull(raw) && raw[0] == '"' {
		s, _, v := asString(b, raw, "error")
		if v != nil {
			return v
		}
		ev.data = s
		b.add(ev)
		return nil
	}
	if isNull(raw) {
		if v := errorFields(b, &ev, o, "message", "type", "type", "code", "code"); v != nil {
			return v
		}
		b.add(ev)
		return nil
	}
	e, _, v := asObject(raw, "error")
	if v != nil {
		return v
	}
	if v := errorFields(b, &ev, e, "error.message", "type", "error.type", "code", "error.code"); v != nil {
		return v
	}
	b.add(ev)
	return nil
}

// errorFields fills ev.data from src's "message" and ev.name from the first
// non-empty of the members k1 and k2 (k2 "" when there is no second one);
// msgField, f1 and f2 name those members in violation messages (the
// reference's prefix+key, spelled out so that no name is built per frame).
// src may be nil (absent).
func errorFields(b *batch, ev *event, src []byte, msgField, k1, f1, k2, f2 string) *spec.Violation {
	msg, _, v := asString(b, b.lookup(src, "message"), msgField)
	if v != nil {
		return v
	}
	ev.data = msg
	s, v := asCode(b, b.lookup(src, k1), f1)
	if v != nil {
		return v
	}
	if len(s) > 0 || k2 == "" {
		ev.name = s
		return nil
	}
	s, v = asCode(b, b.lookup(src, k2), f2)
	if v != nil {
		return v
	}
	ev.name = s
	return nil
}

// asCode decodes an error type or code: a string, or an integer (some
// servers send HTTP status numbers as codes), returned as its decimal text
// written into the arena.
func asCode(b *batch, raw []byte, field string) ([]byte, *spec.Violation) {
	if !isNull(raw) && raw[0] != '"' {
		n, _, v := asInt(raw, field)
		if v != nil {
			return nil, v
		}
		start := len(b.arena)
		b.arena = strconv.AppendInt(b.arena, int64(n), 10)
		return b.arena[start:len(b.arena):len(b.arena)], nil
	}
	s, _, v := asString(b, raw, field)
	return s, v
}

// chatAdd adds an event of kind k carrying data, unless data is empty.
func chatAdd(b *batch, k spec.Kind, choice int, data []byte) {
	if len(data) > 0 {
		b.add(event{kind: k, choice: choice, data: data})
	}
}

// chatChoice translates element pos of "choices".
func chatChoice(b *batch, raw []byte, pos int) *spec.Violation {
	c, ok, v := asObject(raw, "choices[]")
	if v != nil || !ok {
		return v
	}
	var cf [4][]byte
	b.lookupN(c, chatChoiceKeys, cf[:])
	choice, ok, v := asInt(cf[chatChoiceIndex], "choices[].index")
	if v != nil {
		return v
	}
	if !ok {
		choice = pos
	}

	delta, ok, v := asObject(cf[chatChoiceDelta], "delta")
	if v != nil {
		return v
	}
	var df [6][]byte
	if ok {
		b.lookupN(delta, chatDeltaKeys, df[:])
	}
	// plain: the delta carries plain reasoning text.
	s, _, v := asString(b, df[chatDeltaReasoningContent], "delta.reasoning_content")
	if v != nil {
		return v
	}
	chatAdd(b, spec.KindThinking, choice, s)
	plain := len(s) > 0
	if s, _, v = asString(b, df[chatDeltaReasoning], "delta.reasoning"); v != nil {
		return v
	}
	chatAdd(b, spec.KindThinking, choice, s)
	plain = plain || len(s) > 0

	details, ok, v := asArray(df[chatDeltaDetails], "delta.reasoning_details")
	if v != nil {
		return v
	}
	if ok {
		b.eachElem(details, func(_ int, r []byte) {
			if v == nil {
				v = chatDetail(b, r, choice, plain)
			}
		})
		if v != nil {
			return v
		}
	}

	if s, _, v = asString(b, df[chatDeltaContent], "delta.content"); v != nil {
		return v
	}
	chatAdd(b, spec.KindText, choice, s)
	if s, _, v = asString(b, df[chatDeltaRefusal], "delta.refusal"); v != nil {
		return v
	}
	if len(s) > 0 {
		// END-8: refusal text is a refusal item, not text.
		b.add(event{kind: spec.KindText, choice: choice, data: s, delta: spec.DeltaRefusal})
	}

	calls, ok, v := asArray(df[chatDeltaToolCalls], "delta.tool_calls")
	if v != nil {
		return v
	}
	if ok {
		b.eachElem(calls, func(j int, r []byte) {
			if v == nil {
				v = chatToolCall(b, r, choice, j)
			}
		})
		if v != nil {
			return v
		}
	}
	if !isNull(cf[chatChoiceError]) {
		// END-5: an error inside the choice (OpenRouter, sent with
		// finish_reason "error") ends the stream like a top-level one.
		n := len(b.evs)
		if v := chatError(b, c, cf[chatChoiceError]); v != nil {
			return v
		}
		b.evs[n].choice = choice
		return nil
	}

	finish, _, v := asString(b, cf[chatChoiceFinish], "finish_reason")
	if v != nil {
		return v
	}
	chatAdd(b, spec.KindFinish, choice, finish)
	return nil
}

// chatDetail translates one element r of delta.reasoning_details; plain
// says whether the delta carried plain reasoning text.
func chatDetail(b *batch, r []byte, choice int, plain bool) *spec.Violation {
	e, ok, v := asObject(r, "delta.reasoning_details[]")
	if v != nil || !ok {
		return v
	}
	var f [4][]byte
	b.lookupN(e, chatDetailKeys, f[:])
	typ, _, v := asString(b, f[chatDetailType], "reasoning_details[].type")
	if v != nil {
		return v
	}
	var text []byte
	switch string(typ) {
	case "reasoning.text":
		text, _, v = asString(b, f[chatDetailText], "reasoning_details[].text")
	case "reasoning.summary":
		text, _, v = asString(b, f[chatDetailSummary], "reasoning_details[].summary")
	default:
		b.add(event{kind: spec.KindSignature, choice: choice, sig: b.compact(r)})
		return nil
	}
	if v != nil {
		return v
	}
	// THINK-1: text entries repeat the plain reasoning field (OpenRouter,
	// Vercel); they are thinking only without one.
	if !plain {
		chatAdd(b, spec.KindThinking, choice, text)
	}
	// THINK-2: an entry that carries a signature is kept whole.
	sig, _, v := asString(b, f[chatDetailSig], "reasoning_details[].signature")
	if v != nil {
		return v
	}
	if len(sig) > 0 {
		b.add(event{kind: spec.KindSignature, choice: choice, sig: b.compact(r)})
	}
	return nil
}

// chatToolCall translates entry pos of a delta's "tool_calls" into a
// fragment. A null entry still yields a (wholly empty) fragment.
func chatToolCall(b *batch, raw []byte, choice, pos int) *spec.Violation {
	ev := event{kind: spec.KindFragment, choice: choice, pos: pos}
	t, ok, v := asObject(raw, "tool_calls[]")
	if v != nil {
		return v
	}
	var f [6][]byte
	if ok {
		b.lookupN(t, chatCallKeys, f[:])
	}
	idx, ok, v := asInt(f[chatCallIndex], "tool_calls[].index")
	if v != nil {
		return v
	}
	if ok {
		ev.index, ev.hasIndex = idx, true // ID-3: -1 is a key like any other
	}
	if ev.id, _, v = asString(b, f[chatCallID], "tool_calls[].id"); v != nil {
		return v
	}
	typ, _, v := asString(b, f[chatCallType], "tool_calls[].type")
	if v != nil {
		return v
	}
	fn, hasFn, v := asObject(f[chatCallFunction], "tool_calls[].function")
	if v != nil {
		return v
	}
	cu, hasCustom, v := asObject(f[chatCallCustom], "tool_calls[].custom")
	if v != nil {
		return v
	}
	fev, cev := ev, ev
	if hasFn {
		var ff [2][]byte
		b.lookupN(fn, chatFuncKeys, ff[:])
		fev.callKind = spec.CallFunction
		if fev.name, _, v = asString(b, ff[chatFuncName], "function.name"); v != nil {
			return v
		}
		if args := ff[chatFuncArgs]; !isNull(args) && args[0] == '{' {
			// An object instead of a string (Ollama-style servers): its
			// compact JSON text is the argument fragment.
			fev.data = b.compact(args)
		} else if fev.data, _, v = asString(b, args, "function.arguments"); v != nil {
			return v
		}
	}
	if hasCustom {
		var cf [2][]byte
		b.lookupN(cu, chatCustomKeys, cf[:])
		cev.callKind = spec.CallCustom
		if cev.name, _, v = asString(b, cf[chatCustomName], "custom.name"); v != nil {
			return v
		}
		if cev.data, _, v = asString(b, cf[chatCustomInput], "custom.input"); v != nil {
			return v
		}
	}
	var sig []byte
	if extra := f[chatCallExtra]; !isNull(extra) {
		sig = b.compact(extra)
	}
	switch {
	case hasFn && hasCustom:
		// NAME-4: one fragment of each kind, the typed one first.
		first, second := fev, cev
		if string(typ) == "custom" {
			first, second = cev, fev
		}
		first.sig, second.id = sig, nil
		b.add(first)
		b.add(second)
		return nil
	case hasCustom:
		ev = cev
	case hasFn:
		ev = fev
	default: // no content member: the type alone says the kind
		switch string(typ) {
		case "function":
			ev.callKind = spec.CallFunction
		case "custom":
			ev.callKind = spec.CallCustom
		}
	}
	ev.sig = sig
	b.add(ev)
	return nil
}
