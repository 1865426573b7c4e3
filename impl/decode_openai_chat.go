package impl

import (
	"strconv"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/internal/jsonwire"
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
	chatDeltaKeys  = newKeySet("reasoning_content", "reasoning", "reasoning_details", "content", "refusal", "tool_calls", "thinking_blocks", "function_call")
	chatDetailKeys = newKeySet("type", "text", "summary", "signature")
	chatBlockKeys  = newKeySet("type", "thinking", "signature")
	chatChunkKeys  = newKeySet("type", "text", "thinking", "signature")
	chatCallKeys   = newKeySet("index", "id", "function", "extra_content", "type", "custom")
	chatFuncKeys   = newKeySet("name", "arguments")
	chatCustomKeys = newKeySet("name", "input")
)

const (
	chatTopError, chatTopChoices = 0, 1

	chatChoiceIndex, chatChoiceDelta, chatChoiceFinish, chatChoiceError = 0, 1, 2, 3

	chatDeltaReasoningContent, chatDeltaReasoning, chatDeltaDetails = 0, 1, 2
	chatDeltaContent, chatDeltaRefusal, chatDeltaToolCalls          = 3, 4, 5
	chatDeltaBlocks, chatDeltaFunctionCall                          = 6, 7

	chatDetailType, chatDetailText, chatDetailSummary, chatDetailSig = 0, 1, 2, 3

	chatBlockType, chatBlockThinking, chatBlockSig = 0, 1, 2

	chatChunkType, chatChunkText, chatChunkThinking, chatChunkSig = 0, 1, 2, 3

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
	if n := len(b.evs); !d.general && !invariants.Sometimes(10) && chatFastChoices(b, choices, &d.fast) {
		if invariants.Enabled {
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
	var df [8][]byte
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

	reasoned := plain // the delta carries reasoning text in any field (THINK-2)
	details, ok, v := asArray(df[chatDeltaDetails], "delta.reasoning_details")
	if v != nil {
		return v
	}
	if ok {
		b.eachElem(details, func(_ int, r []byte) {
			if v == nil {
				var text bool
				text, v = chatDetail(b, r, choice, plain)
				reasoned = reasoned || text
			}
		})
		if v != nil {
			return v
		}
	}
	blocks, ok, v := asArray(df[chatDeltaBlocks], "delta.thinking_blocks")
	if v != nil {
		return v
	}
	if ok {
		b.eachElem(blocks, func(_ int, r []byte) {
			if v == nil {
				v = chatThinkingBlock(b, r, choice, reasoned)
			}
		})
		if v != nil {
			return v
		}
	}

	if content := df[chatDeltaContent]; !isNull(content) && content[0] == '[' {
		// FRAME-6: Mistral's reasoning models send content as an array of
		// typed chunks.
		b.eachElem(content, func(_ int, r []byte) {
			if v == nil {
				v = chatContentChunk(b, r, choice)
			}
		})
		if v != nil {
			return v
		}
	} else if !isNull(content) && content[0] != '"' {
		return payloadErr(spec.FrameFieldType, "delta.content: want a string or an array, got %s", jsonwire.Clip(content))
	} else {
		if s, _, v = asString(b, content, "delta.content"); v != nil {
			return v
		}
		chatAdd(b, spec.KindText, choice, s)
	}
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
	entries := 0 // the tool_calls entries that are not null
	if ok {
		b.eachElem(calls, func(j int, r []byte) {
			if v == nil {
				v = chatToolCall(b, r, choice, j)
				if !isNull(r) {
					entries++
				}
			}
		})
		if v != nil {
			return v
		}
	}
	fc, ok, v := asObject(df[chatDeltaFunctionCall], "delta.function_call")
	if v != nil {
		return v
	}
	if ok {
		ev, v := chatFunctionCall(b, fc, choice)
		if v != nil {
			return v
		}
		// ID-11: beside tool_calls entries it repeats them (llama-cpp-python).
		if entries == 0 {
			b.add(ev)
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
// says whether the delta carried plain reasoning text. It reports whether
// the element is a text entry with text.
func chatDetail(b *batch, r []byte, choice int, plain bool) (bool, *spec.Violation) {
	e, ok, v := asObject(r, "delta.reasoning_details[]")
	if v != nil || !ok {
		return false, v
	}
	var f [4][]byte
	b.lookupN(e, chatDetailKeys, f[:])
	typ, _, v := asString(b, f[chatDetailType], "reasoning_details[].type")
	if v != nil {
		return false, v
	}
	var text []byte
	switch string(typ) {
	case "reasoning.text":
		text, _, v = asString(b, f[chatDetailText], "reasoning_details[].text")
	case "reasoning.summary":
		text, _, v = asString(b, f[chatDetailSummary], "reasoning_details[].summary")
	default:
		b.add(event{kind: spec.KindSignature, choice: choice, sig: b.compact(r)})
		return false, nil
	}
	if v != nil {
		return false, v
	}
	// THINK-1: text entries repeat the plain reasoning field (OpenRouter,
	// Vercel); they are thinking only without one.
	if !plain {
		chatAdd(b, spec.KindThinking, choice, text)
	}
	// THINK-2: an entry that carries a signature is kept whole.
	sig, _, v := asString(b, f[chatDetailSig], "reasoning_details[].signature")
	if v != nil {
		return false, v
	}
	if len(sig) > 0 {
		b.add(event{kind: spec.KindSignature, choice: choice, sig: b.compact(r)})
	}
	return len(text) > 0, nil
}

// chatThinkingBlock translates one element r of LiteLLM's
// delta.thinking_blocks; reasoned says whether the delta carries reasoning
// text in another field. LiteLLM repeats in its blocks the text of
// reasoning_content: in the same delta, or (a signed block) the whole text of
// the block, after it streamed (THINK-2).
func chatThinkingBlock(b *batch, r []byte, choice int, reasoned bool) *spec.Violation {
	e, ok, v := asObject(r, "delta.thinking_blocks[]")
	if v != nil || !ok {
		return v
	}
	var f [3][]byte
	b.lookupN(e, chatBlockKeys, f[:])
	typ, _, v := asString(b, f[chatBlockType], "thinking_blocks[].type")
	if v != nil {
		return v
	}
	if string(typ) != "thinking" {
		// THINK-2: redacted_thinking and any other block is opaque
		// reasoning, kept whole as an item of its own.
		b.add(event{kind: spec.KindSignature, choice: choice, sig: b.compact(r)})
		return nil
	}
	text, _, v := asString(b, f[chatBlockThinking], "thinking_blocks[].thinking")
	if v != nil {
		return v
	}
	sig, _, v := asString(b, f[chatBlockSig], "thinking_blocks[].signature")
	if v != nil {
		return v
	}
	if len(sig) > 0 {
		// THINK-2: a signed block is kept whole on the thinking before
		// it; its text is not read again.
		b.add(event{kind: spec.KindThinking, choice: choice, sig: b.compact(r)})
		return nil
	}
	if !reasoned { // THINK-1: else the text the delta's reasoning field holds
		chatAdd(b, spec.KindThinking, choice, text)
	}
	return nil
}

// chatContentChunk translates one element r of an array delta.content, a
// Mistral chunk: a text chunk is text, a thinking chunk the thinking of
// its text chunks (THINK-1), and a chunk of any other type (a reference,
// an image) carries nothing a reassembler keeps (FRAME-5).
func chatContentChunk(b *batch, r []byte, choice int) *spec.Violation {
	e, ok, v := asObject(r, "delta.content[]")
	if v != nil || !ok {
		return v
	}
	var f [4][]byte
	b.lookupN(e, chatChunkKeys, f[:])
	typ, _, v := asString(b, f[chatChunkType], "content[].type")
	if v != nil {
		return v
	}
	switch string(typ) {
	case "text":
		s, _, v := asString(b, f[chatChunkText], "content[].text")
		if v != nil {
			return v
		}
		chatAdd(b, spec.KindText, choice, s)
	case "thinking":
		parts, ok, v := asArray(f[chatChunkThinking], "content[].thinking")
		if v != nil {
			return v
		}
		if ok {
			b.eachElem(parts, func(_ int, p []byte) {
				if v == nil {
					v = chatThinkingPart(b, p, choice)
				}
			})
			if v != nil {
				return v
			}
		}
		sig, _, v := asString(b, f[chatChunkSig], "content[].signature")
		if v != nil {
			return v
		}
		if len(sig) > 0 {
			// THINK-2: a signed chunk is kept whole on its thinking.
			b.add(event{kind: spec.KindThinking, choice: choice, sig: b.compact(r)})
		}
	}
	return nil
}

// chatThinkingPart translates one element p of a Mistral thinking chunk's
// "thinking": a text chunk is thinking; a reference is not kept (FRAME-5).
func chatThinkingPart(b *batch, p []byte, choice int) *spec.Violation {
	e, ok, v := asObject(p, "content[].thinking[]")
	if v != nil || !ok {
		return v
	}
	var f [4][]byte
	b.lookupN(e, chatChunkKeys, f[:])
	typ, _, v := asString(b, f[chatChunkType], "content[].thinking[].type")
	if v != nil || string(typ) != "text" {
		return v
	}
	s, _, v := asString(b, f[chatChunkText], "content[].thinking[].text")
	if v != nil {
		return v
	}
	chatAdd(b, spec.KindThinking, choice, s)
	return nil
}

// chatFunctionCall translates a delta's legacy function_call fc: the
// tool_calls entry {"function": fc}, with no id and no index, at position
// 0 (ID-11).
func chatFunctionCall(b *batch, fc []byte, choice int) (event, *spec.Violation) {
	ev := event{kind: spec.KindFragment, choice: choice, callKind: spec.CallFunction}
	var ff [2][]byte
	b.lookupN(fc, chatFuncKeys, ff[:])
	var v *spec.Violation
	if ev.name, _, v = asString(b, ff[chatFuncName], "function_call.name"); v != nil {
		return ev, v
	}
	ev.data, _, v = asString(b, ff[chatFuncArgs], "function_call.arguments")
	return ev, v
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
