package impl

import (
	"strconv"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// ollamaDecoder decodes the payloads of an Ollama /api/chat stream: one
// ChatResponse object per NDJSON line. It keeps no state: every line is
// translated on its own. It mirrors model/decode_ollama.go check for check.
//
//   - a non-null "error" gives one KindError (the string, or error.message);
//   - message.thinking and message.content give KindThinking and KindText;
//   - every message.tool_calls element is one KindWholeCall (function.index
//     is not used: it does not identify a call);
//   - done:true gives KindFinish (done_reason, possibly "") then
//     KindMessageEnd.
type ollamaDecoder struct{}

// The members each level of a line is read for, in one pass (lookupN: the
// last of duplicate members wins, as in the reference's maps).
var (
	ollamaKeys     = newKeySet("error", "message", "done", "done_reason")
	ollamaMsgKeys  = newKeySet("thinking", "content", "tool_calls")
	ollamaCallKeys = newKeySet("id", "function")
	ollamaFuncKeys = newKeySet("name", "arguments")
)

const (
	ollamaError, ollamaMessage, ollamaDone, ollamaDoneReason = 0, 1, 2, 3

	ollamaMsgThinking, ollamaMsgContent, ollamaMsgToolCalls = 0, 1, 2
)

func (d *ollamaDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	o, v := b.parseObject(fr.data)
	if v != nil {
		return v
	}
	var f [4][]byte
	b.lookupN(o, ollamaKeys, f[:])
	if raw := f[ollamaError]; !isNull(raw) {
		msg, v := ollamaErrorText(b, raw)
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindError, data: msg})
		return nil
	}

	msg, ok, v := asObject(f[ollamaMessage], "message")
	if v != nil {
		return v
	}
	var mf [3][]byte
	if ok {
		b.lookupN(msg, ollamaMsgKeys, mf[:])
	}
	thinking, _, v := asString(b, mf[ollamaMsgThinking], "message.thinking")
	if v != nil {
		return v
	}
	if len(thinking) > 0 {
		b.add(event{kind: spec.KindThinking, data: thinking})
	}
	content, _, v := asString(b, mf[ollamaMsgContent], "message.content")
	if v != nil {
		return v
	}
	if len(content) > 0 {
		b.add(event{kind: spec.KindText, data: content})
	}
	calls, ok, v := asArray(mf[ollamaMsgToolCalls], "message.tool_calls")
	if v != nil {
		return v
	}
	if ok {
		b.eachElem(calls, func(i int, raw []byte) {
			if v == nil {
				v = ollamaCall(b, raw, i)
			}
		})
		if v != nil {
			return v
		}
	}

	done, _, v := asBool(f[ollamaDone], "done")
	if v != nil {
		return v
	}
	if done {
		reason, _, v := asString(b, f[ollamaDoneReason], "done_reason")
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindFinish, data: reason})
		b.add(event{kind: spec.KindMessageEnd})
	}
	return nil
}

// ollamaErrorText returns the text of a non-null "error" member: the string
// itself, or the "message" of an object.
func ollamaErrorText(b *batch, raw []byte) ([]byte, *spec.Violation) {
	if raw[0] == '{' {
		e, _, v := asObject(raw, "error")
		if v != nil {
			return nil, v
		}
		s, _, v := asString(b, b.lookup(e, "message"), "error.message")
		return s, v
	}
	s, _, v := asString(b, raw, "error")
	return s, v
}

// ollamaField returns the name of member suffix of element i of
// message.tool_calls, as the reference spells it. It allocates, so it is
// called on the violation path only: the checks run first with an unnamed
// field and are run again with the name when they fail.
func ollamaField(i int, suffix string) string {
	return "message.tool_calls[" + strconv.Itoa(i) + "]" + suffix
}

// ollamaCall translates element i of tool_calls; a null element carries no
// call.
func ollamaCall(b *batch, raw []byte, i int) *spec.Violation {
	c, ok, v := asObject(raw, "")
	if v != nil {
		_, _, v = asObject(raw, ollamaField(i, ""))
		return v
	}
	if !ok {
		return nil
	}
	var cf [2][]byte
	b.lookupN(c, ollamaCallKeys, cf[:])
	id, _, v := asString(b, cf[0], "")
	if v != nil {
		_, _, v = asString(b, cf[0], ollamaField(i, ".id"))
		return v
	}
	fn, ok, v := asObject(cf[1], "")
	if v != nil {
		_, _, v = asObject(cf[1], ollamaField(i, ".function"))
		return v
	}
	var ff [2][]byte
	if ok {
		b.lookupN(fn, ollamaFuncKeys, ff[:])
	}
	name, _, v := asString(b, ff[0], "")
	if v != nil {
		_, _, v = asString(b, ff[0], ollamaField(i, ".function.name"))
		return v
	}
	args, v := ollamaArgs(b, ff[1], i)
	if v != nil {
		return v
	}
	b.add(event{kind: spec.KindWholeCall, id: id, name: name, data: args})
	return nil
}

// ollamaArgs returns the argument text of call i: an object compacted ("{}"
// included), a string decoded, nil when absent or null.
func ollamaArgs(b *batch, raw []byte, i int) ([]byte, *spec.Violation) {
	if isNull(raw) {
		return nil, nil
	}
	switch raw[0] {
	case '{':
		return b.compact(raw), nil
	case '"':
		s, _, v := asString(b, raw, "")
		if v != nil {
			_, _, v = asString(b, raw, ollamaField(i, ".function.arguments"))
		}
		return s, v
	}
	return nil, payloadErr(spec.FrameFieldType, "%s: want an object or a string, got %s",
		ollamaField(i, ".function.arguments"), jsonwire.Clip(raw))
}
