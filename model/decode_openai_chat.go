package model

import (
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// openaiChatDecoder decodes the payloads of an OpenAI Chat Completions
// stream (or of an OpenAI-compatible server). One frame is one SSE data
// payload or one JSON line. It keeps no state: each frame is translated on
// its own.
type openaiChatDecoder struct{}

func (d *openaiChatDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	if isDone(fr.data) {
		return []spec.Event{{Kind: spec.KindMessageEnd}}, nil
	}
	o, v := parseObject(fr.data)
	if v != nil {
		return nil, v
	}
	if fr.event == "error" || !refjson.IsNull(o["error"]) {
		ev, v := chatError(o)
		if v != nil {
			return nil, v
		}
		return []spec.Event{ev}, nil
	}
	choices, _, v := asArray(o["choices"], "choices")
	if v != nil {
		return nil, v
	}
	var out []spec.Event
	for i, raw := range choices {
		evs, v := chatChoice(raw, i)
		if v != nil {
			return nil, v
		}
		out = append(out, evs...)
	}
	return out, nil
}

// chatError translates an error payload: {"error":{"message","type","code"}},
// {"error":"text"}, or (for an SSE event named error without an error
// member) a flat {"message","type","code"}.
func chatError(o refjson.Object) (spec.Event, *spec.Violation) {
	ev := spec.Event{Kind: spec.KindError}
	src, field := o, ""
	raw := o["error"]
	if !refjson.IsNull(raw) && raw[0] == '"' {
		s, _, v := asString(raw, "error")
		if v != nil {
			return ev, v
		}
		ev.Data = s
		return ev, nil
	}
	if !refjson.IsNull(raw) {
		e, _, v := asObject(raw, "error")
		if v != nil {
			return ev, v
		}
		src, field = e, "error."
	}
	return errorFields(ev, src, field, "type", "code")
}

// errorFields fills ev.Data from src's "message" and ev.Name from the first
// non-empty of the members names; prefix names src in error messages.
func errorFields(ev spec.Event, src refjson.Object, prefix string, names ...string) (spec.Event, *spec.Violation) {
	msg, _, v := asString(src["message"], prefix+"message")
	if v != nil {
		return ev, v
	}
	ev.Data = msg
	for _, k := range names {
		s, v := asCode(src[k], prefix+k)
		if v != nil {
			return ev, v
		}
		if s != "" {
			ev.Name = s
			break
		}
	}
	return ev, nil
}

// asCode decodes an error type or code: a string, or an integer (some
// servers send HTTP status numbers as codes), returned as its decimal text.
func asCode(raw json.RawMessage, field string) (string, *spec.Violation) {
	if !refjson.IsNull(raw) && raw[0] != '"' {
		n, _, v := asInt(raw, field)
		if v != nil {
			return "", v
		}
		return strconv.Itoa(n), nil
	}
	s, _, v := asString(raw, field)
	return s, v
}

// chatChoice translates element pos of "choices".
func chatChoice(raw json.RawMessage, pos int) ([]spec.Event, *spec.Violation) {
	c, ok, v := asObject(raw, "choices[]")
	if v != nil || !ok {
		return nil, v
	}
	choice, ok, v := asInt(c["index"], "choices[].index")
	if v != nil {
		return nil, v
	}
	if !ok {
		choice = pos
	}
	var out []spec.Event
	add := func(k spec.Kind, data string) {
		if data != "" {
			out = append(out, spec.Event{Kind: k, Choice: choice, Data: data})
		}
	}

	delta, _, v := asObject(c["delta"], "delta")
	if v != nil {
		return nil, v
	}
	plain := false // the delta carries plain reasoning text
	for _, k := range []string{"reasoning_content", "reasoning"} {
		s, _, v := asString(delta[k], "delta."+k)
		if v != nil {
			return nil, v
		}
		add(spec.KindThinking, s)
		plain = plain || s != ""
	}
	reasoned := plain // the delta carries reasoning text in any field (THINK-2)
	details, _, v := asArray(delta["reasoning_details"], "delta.reasoning_details")
	if v != nil {
		return nil, v
	}
	for _, r := range details {
		e, ok, v := asObject(r, "delta.reasoning_details[]")
		if v != nil {
			return nil, v
		}
		if !ok {
			continue
		}
		typ, _, v := asString(e["type"], "reasoning_details[].type")
		if v != nil {
			return nil, v
		}
		switch typ {
		case "reasoning.text", "reasoning.summary":
			key := "text"
			if typ == "reasoning.summary" {
				key = "summary"
			}
			s, _, v := asString(e[key], "reasoning_details[]."+key)
			if v != nil {
				return nil, v
			}
			// THINK-1: text entries repeat the plain reasoning field
			// (OpenRouter, Vercel); they are thinking only without one.
			if !plain {
				add(spec.KindThinking, s)
			}
			reasoned = reasoned || s != ""
			// THINK-2: an entry that carries a signature is kept whole.
			if sig, _, v := asString(e["signature"], "reasoning_details[].signature"); v != nil {
				return nil, v
			} else if sig != "" {
				out = append(out, spec.Event{Kind: spec.KindSignature, Choice: choice, Sig: refjson.Compact(r)})
			}
		default:
			out = append(out, spec.Event{Kind: spec.KindSignature, Choice: choice, Sig: refjson.Compact(r)})
		}
	}
	blocks, _, v := asArray(delta["thinking_blocks"], "delta.thinking_blocks")
	if v != nil {
		return nil, v
	}
	for _, r := range blocks {
		evs, v := chatThinkingBlock(r, choice, reasoned)
		if v != nil {
			return nil, v
		}
		out = append(out, evs...)
	}
	if content := delta["content"]; !refjson.IsNull(content) && content[0] == '[' {
		// FRAME-6: Mistral's reasoning models send content as an array of
		// typed chunks.
		chunks, _, v := asArray(content, "delta.content")
		if v != nil {
			return nil, v
		}
		for _, r := range chunks {
			evs, v := chatContentChunk(r, choice)
			if v != nil {
				return nil, v
			}
			out = append(out, evs...)
		}
	} else if !refjson.IsNull(content) && content[0] != '"' {
		return nil, payloadErr(spec.FrameFieldType, "delta.content: want a string or an array, got %s", refjson.Clip(content))
	} else {
		s, _, v := asString(content, "delta.content")
		if v != nil {
			return nil, v
		}
		add(spec.KindText, s)
	}
	s, _, v := asString(delta["refusal"], "delta.refusal")
	if v != nil {
		return nil, v
	}
	if s != "" {
		// END-8: refusal text is a refusal item, not text.
		out = append(out, spec.Event{Kind: spec.KindText, Choice: choice, Data: s, Delta: spec.DeltaRefusal})
	}
	calls, _, v := asArray(delta["tool_calls"], "delta.tool_calls")
	if v != nil {
		return nil, v
	}
	entries := 0 // the tool_calls entries that are not null
	for j, r := range calls {
		evs, v := chatToolCall(r, choice, j)
		if v != nil {
			return nil, v
		}
		out = append(out, evs...)
		if !refjson.IsNull(r) {
			entries++
		}
	}
	fc, ok, v := asObject(delta["function_call"], "delta.function_call")
	if v != nil {
		return nil, v
	}
	if ok {
		ev, v := chatFunctionCall(fc, choice)
		if v != nil {
			return nil, v
		}
		// ID-11: beside tool_calls entries it repeats them (llama-cpp-python).
		if entries == 0 {
			out = append(out, ev)
		}
	}
	if !refjson.IsNull(c["error"]) {
		// END-5: an error inside the choice (OpenRouter, sent with
		// finish_reason "error") ends the stream like a top-level one.
		ev, v := chatError(c)
		if v != nil {
			return nil, v
		}
		ev.Choice = choice
		return append(out, ev), nil
	}

	finish, _, v := asString(c["finish_reason"], "finish_reason")
	if v != nil {
		return nil, v
	}
	add(spec.KindFinish, finish)
	return out, nil
}

// chatThinkingBlock translates one element r of LiteLLM's
// delta.thinking_blocks; reasoned says whether the delta carries reasoning
// text in another field. LiteLLM repeats in its blocks the text of
// reasoning_content: in the same delta, or (a signed block) the whole text of
// the block, after it streamed (THINK-2).
func chatThinkingBlock(r json.RawMessage, choice int, reasoned bool) ([]spec.Event, *spec.Violation) {
	e, ok, v := asObject(r, "delta.thinking_blocks[]")
	if v != nil || !ok {
		return nil, v
	}
	typ, _, v := asString(e["type"], "thinking_blocks[].type")
	if v != nil {
		return nil, v
	}
	if typ != "thinking" {
		// THINK-2: redacted_thinking and any other block is opaque
		// reasoning, kept whole as an item of its own.
		return []spec.Event{{Kind: spec.KindSignature, Choice: choice, Sig: refjson.Compact(r)}}, nil
	}
	text, _, v := asString(e["thinking"], "thinking_blocks[].thinking")
	if v != nil {
		return nil, v
	}
	sig, _, v := asString(e["signature"], "thinking_blocks[].signature")
	if v != nil {
		return nil, v
	}
	if sig != "" {
		// THINK-2: a signed block is kept whole on the thinking before
		// it; its text is not read again.
		return []spec.Event{{Kind: spec.KindThinking, Choice: choice, Sig: refjson.Compact(r)}}, nil
	}
	if reasoned || text == "" {
		return nil, nil // THINK-1: the text the delta's reasoning field holds
	}
	return []spec.Event{{Kind: spec.KindThinking, Choice: choice, Data: text}}, nil
}

// chatContentChunk translates one element r of an array delta.content, a
// Mistral chunk: a text chunk is text, a thinking chunk the thinking of
// its text chunks (THINK-1), and a chunk of any other type (a reference,
// an image) carries nothing a reassembler keeps (FRAME-5).
func chatContentChunk(r json.RawMessage, choice int) ([]spec.Event, *spec.Violation) {
	e, ok, v := asObject(r, "delta.content[]")
	if v != nil || !ok {
		return nil, v
	}
	typ, _, v := asString(e["type"], "content[].type")
	if v != nil {
		return nil, v
	}
	var out []spec.Event
	switch typ {
	case "text":
		s, _, v := asString(e["text"], "content[].text")
		if v != nil {
			return nil, v
		}
		if s != "" {
			out = append(out, spec.Event{Kind: spec.KindText, Choice: choice, Data: s})
		}
	case "thinking":
		parts, _, v := asArray(e["thinking"], "content[].thinking")
		if v != nil {
			return nil, v
		}
		for _, p := range parts {
			pe, ok, v := asObject(p, "content[].thinking[]")
			if v != nil {
				return nil, v
			}
			if !ok {
				continue
			}
			pt, _, v := asString(pe["type"], "content[].thinking[].type")
			if v != nil {
				return nil, v
			}
			if pt != "text" {
				continue // FRAME-5: a reference inside the thinking
			}
			s, _, v := asString(pe["text"], "content[].thinking[].text")
			if v != nil {
				return nil, v
			}
			if s != "" {
				out = append(out, spec.Event{Kind: spec.KindThinking, Choice: choice, Data: s})
			}
		}
		sig, _, v := asString(e["signature"], "content[].signature")
		if v != nil {
			return nil, v
		}
		if sig != "" {
			// THINK-2: a signed chunk is kept whole on its thinking.
			out = append(out, spec.Event{Kind: spec.KindThinking, Choice: choice, Sig: refjson.Compact(r)})
		}
	}
	return out, nil
}

// chatFunctionCall translates a delta's legacy function_call fc: the
// tool_calls entry {"function": fc}, with no id and no index, at position
// 0 (ID-11).
func chatFunctionCall(fc refjson.Object, choice int) (spec.Event, *spec.Violation) {
	ev := spec.Event{Kind: spec.KindFragment, Choice: choice, CallKind: spec.CallFunction}
	var v *spec.Violation
	if ev.Name, _, v = asString(fc["name"], "function_call.name"); v != nil {
		return ev, v
	}
	ev.Data, _, v = asString(fc["arguments"], "function_call.arguments")
	return ev, v
}

// chatToolCall translates entry pos of a delta's "tool_calls" into a
// fragment. A null entry still yields a (wholly empty) fragment. An entry
// with both a "function" and a "custom" member yields one fragment of each
// kind, the one its "type" names first (NAME-4: the state machine keeps the
// first kind and rejects the other).
func chatToolCall(raw json.RawMessage, choice, pos int) ([]spec.Event, *spec.Violation) {
	ev := spec.Event{Kind: spec.KindFragment, Choice: choice, Pos: pos}
	t, _, v := asObject(raw, "tool_calls[]")
	if v != nil {
		return nil, v
	}
	idx, ok, v := asInt(t["index"], "tool_calls[].index")
	if v != nil {
		return nil, v
	}
	if ok {
		ev.Index, ev.HasIndex = idx, true // ID-3: -1 is a key like any other
	}
	if ev.ID, _, v = asString(t["id"], "tool_calls[].id"); v != nil {
		return nil, v
	}
	typ, _, v := asString(t["type"], "tool_calls[].type")
	if v != nil {
		return nil, v
	}
	fn, hasFn, v := asObject(t["function"], "tool_calls[].function")
	if v != nil {
		return nil, v
	}
	cu, hasCustom, v := asObject(t["custom"], "tool_calls[].custom")
	if v != nil {
		return nil, v
	}
	fev, cev := ev, ev
	if hasFn {
		fev.CallKind = spec.CallFunction
		if fev.Name, _, v = asString(fn["name"], "function.name"); v != nil {
			return nil, v
		}
		if args := fn["arguments"]; !refjson.IsNull(args) && args[0] == '{' {
			// An object instead of a string (Ollama-style servers): its
			// compact JSON text is the argument fragment.
			fev.Data = refjson.Compact(args)
		} else if fev.Data, _, v = asString(args, "function.arguments"); v != nil {
			return nil, v
		}
	}
	if hasCustom {
		cev.CallKind = spec.CallCustom
		if cev.Name, _, v = asString(cu["name"], "custom.name"); v != nil {
			return nil, v
		}
		if cev.Data, _, v = asString(cu["input"], "custom.input"); v != nil {
			return nil, v
		}
	}
	var sig string
	if extra := t["extra_content"]; !refjson.IsNull(extra) {
		sig = refjson.Compact(extra)
	}
	switch {
	case hasFn && hasCustom:
		first, second := fev, cev
		if typ == "custom" {
			first, second = cev, fev
		}
		first.Sig = sig
		second.ID = "" // the same entry: its id is the first fragment's
		return []spec.Event{first, second}, nil
	case hasCustom:
		cev.Sig = sig
		return []spec.Event{cev}, nil
	case hasFn:
		fev.Sig = sig
		return []spec.Event{fev}, nil
	}
	switch typ { // no content member: the type alone says the kind
	case "function":
		ev.CallKind = spec.CallFunction
	case "custom":
		ev.CallKind = spec.CallCustom
	}
	ev.Sig = sig
	return []spec.Event{ev}, nil
}
