package impl

import (
	"strconv"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// geminiDecoder decodes the payloads of a Gemini / Vertex AI
// streamGenerateContent stream: one GenerateContentResponse per SSE data
// payload or JSON line. It is an allocation-free port of
// model/decode_gemini.go: every frame is translated on its own, in part
// order, and the one state kept is the responseId of the current message
// (ORD-4).
//
// The reference names fields by their position ("candidates[0].content.
// parts[1].text"); here those names are built only when a violation is
// reported: the helpers are called with the constant tail of the name, and
// withField adds the positional head.
type geminiDecoder struct {
	respID []byte // responseId of the current message; empty before the first
}

var geminiTopKeys = newKeySet("error", "candidates", "responseId", "promptFeedback")

var geminiFeedbackKeys = newKeySet("blockReason")

var geminiErrorKeys = newKeySet("message", "status")

var geminiCandidateKeys = newKeySet("index", "content", "finishReason")

func (d *geminiDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	o, v := b.parseObject(fr.data)
	if v != nil {
		return v
	}
	var top [4][]byte
	b.lookupN(o, geminiTopKeys, top[:])
	if !isNull(top[0]) {
		e, _, v := asObject(top[0], "error")
		if v != nil {
			return v
		}
		var ev [2][]byte
		b.lookupN(e, geminiErrorKeys, ev[:])
		msg, _, v := asString(b, ev[0], "error.message")
		if v != nil {
			return v
		}
		status, _, v := asString(b, ev[1], "error.status")
		if v != nil {
			return v
		}
		b.add(event{kind: spec.KindError, data: msg, name: status})
		return nil
	}

	id, _, v := asString(b, top[2], "responseId")
	if v != nil {
		return v
	}
	cands, _, v := asArray(top[1], "candidates")
	if v != nil {
		return v
	}
	// ORD-4: a new responseId is a new response; an absent or empty one
	// belongs to the current message.
	if len(id) != 0 && string(id) != string(d.respID) {
		if len(d.respID) != 0 {
			b.add(event{kind: spec.KindMessageStart, id: id})
		}
		d.respID = append(d.respID[:0], id...)
	}
	cur := b.newArrayCursor(cands)
	for i := 0; ; i++ {
		raw, more := cur.next()
		if !more {
			break
		}
		c, ok, v := asObject(raw, "")
		if v != nil {
			return withField(v, geminiCandField(i))
		}
		if !ok {
			continue
		}
		var cv [3][]byte
		b.lookupN(c, geminiCandidateKeys, cv[:])
		choice, ok, v := asInt(cv[0], ".index")
		if v != nil {
			return withField(v, geminiCandField(i))
		}
		if !ok {
			choice = i // Vertex omits the index
		}
		first := len(b.evs)
		if v := geminiCandidate(b, &cv, i); v != nil {
			return v
		}
		for k := first; k < len(b.evs); k++ {
			b.evs[k].choice = choice
		}
	}
	// END-4: a blocked prompt's blockReason is the finish of choice 0.
	fb, _, v := asObject(top[3], "promptFeedback")
	if v != nil {
		return v
	}
	var fv [1][]byte
	if fb != nil {
		b.lookupN(fb, geminiFeedbackKeys, fv[:])
	}
	block, _, v := asString(b, fv[0], "promptFeedback.blockReason")
	if v != nil {
		return v
	}
	if len(block) != 0 {
		b.add(event{kind: spec.KindFinish, data: block})
	}
	return nil
}

// geminiCandField names candidate i, as the reference does.
func geminiCandField(i int) string {
	return "candidates[" + strconv.Itoa(i) + "]"
}

// geminiPartField names part j of candidate i.
func geminiPartField(i, j int) string {
	return geminiCandField(i) + ".content.parts[" + strconv.Itoa(j) + "]"
}

// geminiArgField names element k of the partialArgs of part j of candidate
// i.
func geminiArgField(i, j, k int) string {
	return geminiPartField(i, j) + ".functionCall.partialArgs[" + strconv.Itoa(k) + "]"
}

// geminiCandidate translates the parts of candidate ci (its index, content
// and finishReason members in cv), then its finishReason. Choice is set by
// the caller.
func geminiCandidate(b *batch, cv *[3][]byte, ci int) *spec.Violation {
	content, _, v := asObject(cv[1], ".content")
	if v != nil {
		return withField(v, geminiCandField(ci))
	}
	parts, _, v := asArray(b.lookup(content, "parts"), ".content.parts")
	if v != nil {
		return withField(v, geminiCandField(ci))
	}
	cur := b.newArrayCursor(parts)
	for j := 0; ; j++ {
		raw, more := cur.next()
		if !more {
			break
		}
		if v := geminiPart(b, raw, ci, j); v != nil {
			return v
		}
	}
	reason, _, v := asString(b, cv[2], ".finishReason")
	if v != nil {
		return withField(v, geminiCandField(ci))
	}
	if len(reason) != 0 {
		b.add(event{kind: spec.KindFinish, data: reason})
	}
	return nil
}

var geminiPartKeys = newKeySet("thoughtSignature", "text", "thought", "functionCall")

// geminiPart translates part j of candidate ci. Parts that carry neither
// text, a functionCall nor a signature (executableCode, inlineData, ...)
// give nothing.
func geminiPart(b *batch, raw []byte, ci, j int) *spec.Violation {
	p, ok, v := asObject(raw, "")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	if !ok {
		return nil
	}
	var pv [4][]byte
	b.lookupN(p, geminiPartKeys, pv[:])
	sig, _, v := asString(b, pv[0], ".thoughtSignature")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	text, hasText, v := asString(b, pv[1], ".text")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	thought, _, v := asBool(pv[2], ".thought")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	fc, hasCall, v := asObject(pv[3], ".functionCall")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}

	// An empty text is skipped unless it is what carries the signature.
	if hasText && (len(text) != 0 || (len(sig) != 0 && !hasCall)) {
		kind := spec.KindText
		if thought {
			kind = spec.KindThinking
		}
		b.add(event{kind: kind, data: text, sig: sig})
	}
	if hasCall {
		if v := geminiCall(b, fc, sig, ci, j); v != nil {
			return v
		}
	}
	if !hasText && !hasCall && len(sig) != 0 {
		b.add(event{kind: spec.KindSignature, sig: sig})
	}
	return nil
}

var geminiCallKeys = newKeySet("id", "name", "willContinue", "partialArgs", "args")

// geminiCall translates the functionCall fc of part j of candidate ci.
func geminiCall(b *batch, fc, sig []byte, ci, j int) *spec.Violation {
	var fv [5][]byte
	b.lookupN(fc, geminiCallKeys, fv[:])
	id, _, v := asString(b, fv[0], ".functionCall.id")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	name, _, v := asString(b, fv[1], ".functionCall.name")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	more, _, v := asBool(fv[2], ".functionCall.willContinue")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	partial, _, v := asArray(fv[3], ".functionCall.partialArgs")
	if v != nil {
		return withField(v, geminiPartField(ci, j))
	}
	// args: the compacted text of the object ("{}" included); absent or
	// null is no args.
	raw := fv[4]
	hasArgs := !isNull(raw)
	if hasArgs && raw[0] != '{' {
		return payloadErr(spec.FrameFieldType, "%s.functionCall.args: want an object, got %s", geminiPartField(ci, j), jsonwire.Clip(raw))
	}

	// FRAME-6: a null element is an absent one, so partialArgs [null] is
	// partialArgs [].
	present := false
	for probe := b.newArrayCursor(partial); !present; {
		raw, ok := probe.next()
		if !ok {
			break
		}
		present = !isNull(raw)
	}
	switch cur := b.newArrayCursor(partial); {
	case present:
		// Streamed arguments; a name opens the call first.
		if len(name) != 0 {
			b.add(event{kind: spec.KindPathOpen, id: id, name: name, sig: sig})
		}
		for k := 0; ; k++ {
			raw, ok := cur.next()
			if !ok {
				break
			}
			if isNull(raw) {
				continue
			}
			if v := geminiPartialArg(b, raw, ci, j, k); v != nil {
				return v
			}
		}
	case len(name) != 0 && more:
		b.add(event{kind: spec.KindPathOpen, id: id, name: name, sig: sig})
	case len(name) != 0 || hasArgs:
		// A complete call. A nameless call with arguments is passed on as
		// it is (the state machine judges it), not taken for a close.
		ev := event{kind: spec.KindWholeCall, id: id, name: name, sig: sig}
		if hasArgs {
			ev.data = b.compact(raw)
		}
		b.add(ev)
	case more:
		// keep-alive between streamed arguments
	default:
		b.add(event{kind: spec.KindPathClose})
	}
	return nil
}

var geminiArgKeys = newKeySet("jsonPath", "willContinue", "stringValue", "numberValue", "boolValue", "nullValue")

// geminiNull is the data of a nullValue PathArg.
var geminiNull = []byte("null")

// geminiPartialArg translates element k (not null) of the partialArgs of
// part j of candidate ci into a KindPathArg.
func geminiPartialArg(b *batch, raw []byte, ci, j, k int) *spec.Violation {
	a, _, v := asObject(raw, "")
	if v != nil {
		return withField(v, geminiArgField(ci, j, k))
	}
	var av [6][]byte
	b.lookupN(a, geminiArgKeys, av[:])
	path, _, v := asString(b, av[0], ".jsonPath")
	if v != nil {
		return withField(v, geminiArgField(ci, j, k))
	}
	more, _, v := asBool(av[1], ".willContinue")
	if v != nil {
		return withField(v, geminiArgField(ci, j, k))
	}
	ev := event{kind: spec.KindPathArg, path: path, more: more}

	s, ok, v := asString(b, av[2], ".stringValue")
	if v != nil {
		return withField(v, geminiArgField(ci, j, k))
	}
	if ok {
		ev.delta, ev.data = spec.DeltaString, s
		b.add(ev)
		return nil
	}
	if n := av[3]; !isNull(n) {
		if c := n[0]; c != '-' && (c < '0' || c > '9') {
			return payloadErr(spec.FrameFieldType, "%s.numberValue: want a number, got %s", geminiArgField(ci, j, k), jsonwire.Clip(n))
		}
		// A number literal is already compact.
		ev.delta, ev.data = spec.DeltaJSON, n
		b.add(ev)
		return nil
	}
	_, ok, v = asBool(av[4], ".boolValue")
	if v != nil {
		return withField(v, geminiArgField(ci, j, k))
	}
	if ok {
		// The raw literal is "true" or "false", as strconv.FormatBool gives.
		ev.delta, ev.data = spec.DeltaJSON, av[4]
		b.add(ev)
		return nil
	}
	// nullValue is the protobuf NullValue: JSON null (or "NULL_VALUE"), so
	// its presence, not its value, is what counts.
	if av[5] != nil {
		ev.delta, ev.data = spec.DeltaJSON, geminiNull
		b.add(ev)
		return nil
	}
	return payloadErr(spec.FrameFieldType, "%s: no stringValue, numberValue, boolValue or nullValue", geminiArgField(ci, j, k))
}
