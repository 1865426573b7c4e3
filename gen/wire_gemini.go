package gen

import (
	"regexp"
	"strconv"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// Gemini and Vertex AI streamGenerateContent (wire-formats.md §5),
// including Vertex streamed function-call arguments (partialArgs).

func planGemini(t *rapid.T, o Options) Response {
	r := Response{Format: spec.FormatGemini}
	vertex := rapid.IntRange(0, 2).Draw(t, "vertexPaths") == 0
	withIDs := rapid.Bool().Draw(t, "geminiIDs") // Gemini 3 sends ids, 2.5 none
	ids := &idSource{style: 4, used: map[string]bool{}}
	caps := itemCaps{thinking: true, thinkSig: true, sigItems: true, maxItems: 5, pathSafe: vertex}
	// Responses recorded back to back are told apart by responseId (ORD-4).
	nm := o.responses(t, "responses")
	for m := 0; m < nm; m++ {
		msg := Message{ID: "r" + strconv.Itoa(m) + "_" + genToken(t, "responseID")}
		if rapid.IntRange(0, 15).Draw(t, "blockedPrompt") == 0 {
			// A blocked prompt: no candidate, the promptFeedback's
			// blockReason is choice 0's finish (END-4).
			msg.blocked = true
			stop := rapid.SampledFrom([]string{"SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY", "MODEL_ARMOR", "JAILBREAK", "BLOCKED_REASON_UNSPECIFIED"}).Draw(t, "blockReason")
			msg.Choices = []Choice{{Stop: stop}}
			r.Messages = append(r.Messages, msg)
			continue
		}
		nc := rapid.SampledFrom([]int{1, 1, 1, 1, 2, 3}).Draw(t, "candidates")
		for c := 0; c < nc; c++ {
			ids.reset()
			items := genItems(t, caps, ids)
			for _, it := range items {
				if it.Kind != ItemCall {
					continue
				}
				if !withIDs {
					it.Call.ID = ""
				}
				if vertex && rapid.IntRange(0, 3).Draw(t, "pathCall") > 0 {
					it.Call.setPath()
				} else {
					it.Call.setWhole()
				}
			}
			// A finish that is not a normal end leaves a path call that no
			// content followed incomplete (END-3).
			stops := []string{"STOP", "STOP", "STOP", "STOP", "SAFETY", "RECITATION", "MALFORMED_FUNCTION_CALL", "FINISH_REASON_UNSPECIFIED",
				"MODEL_ARMOR", "MALFORMED_RESPONSE", "NO_IMAGE", "MAX_TOKENS", "MISSING_THOUGHT_SIGNATURE"}
			msg.Choices = append(msg.Choices, Choice{Index: c, Items: items, Stop: rapid.SampledFrom(stops).Draw(t, "finishReason")})
		}
		r.Messages = append(r.Messages, msg)
	}
	return r
}

// geminiPart is one part of a candidate's content, or (part nil) its
// finish.
type geminiPart struct {
	part *jObj
	call int // the item index of a call this part shows first, -1 otherwise
}

func encodeGemini(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingSSE, framingSSE, framingLines)
	for m := range r.Messages {
		encodeGeminiResponse(t, r, st, m)
	}
	if rapid.IntRange(0, 5).Draw(t, "usageOnly") == 0 {
		st.add(frame{body: obj("usageMetadata", obj("promptTokenCount", num(50)), "modelVersion", "gemini-3-pro-preview"), msg: len(r.Messages) - 1})
	}
	return st
}

// encodeGeminiResponse writes the chunks of message m. A chunk may omit
// the message's responseId: an absent id belongs to the current message
// (ORD-4). When the stream holds several responses, the first chunk of
// each names it: a later response starts only with an id that differs from
// the current message's, and the first id seen names the current message.
func encodeGeminiResponse(t *rapid.T, r *Response, st *stream, m int) {
	msg := &r.Messages[m]
	if msg.blocked {
		// Sent only in the first stream chunk and only if no candidates
		// were generated (python-genai GenerateContentResponsePromptFeedback).
		body := obj("promptFeedback", obj("blockReason", msg.Choices[0].Stop, "safetyRatings", []any{}),
			"usageMetadata", obj("promptTokenCount", num(50), "totalTokenCount", num(50)), "modelVersion", "gemini-3-pro-preview")
		if len(r.Messages) > 1 || rapid.Bool().Draw(t, "blockedResponseID") {
			body.set("responseId", msg.ID)
		}
		r.stops = append(r.stops, itemRef{m, 0, 0})
		st.add(frame{body: body, role: roleFinish, msg: m})
		return
	}
	parts := make([][]geminiPart, len(msg.Choices))
	for c := range msg.Choices {
		parts[c] = geminiParts(t, &msg.Choices[c])
	}
	multi := len(msg.Choices) > 1
	cur := make([]int, len(parts))
	for first := true; ; first = false {
		var live []int
		for c := range parts {
			if cur[c] < len(parts[c]) {
				live = append(live, c)
			}
		}
		if len(live) == 0 {
			break
		}
		pick := []int{live[rapid.IntRange(0, len(live)-1).Draw(t, "candidatePick")]}
		if len(live) > 1 && rapid.IntRange(0, 3).Draw(t, "allCandidates") == 0 {
			pick = rapid.Permutation(live).Draw(t, "candidateOrder")
		}
		var cands []any
		for pos, c := range pick {
			ch := msg.Choices[c]
			var ps []any
			cand := obj()
			for cur[c] < len(parts[c]) {
				p := parts[c][cur[c]]
				cur[c]++
				if p.part == nil {
					if len(ps) == 0 || rapid.Bool().Draw(t, "emptyFinishPart") {
						ps = append(ps, obj("text", ""))
					}
					cand.set("finishReason", ch.Stop)
					r.stops = append(r.stops, itemRef{m, c, 0})
					break
				}
				ps = append(ps, p.part)
				if p.call >= 0 {
					r.seen = append(r.seen, itemRef{m, c, p.call})
				}
				if rapid.IntRange(0, 2).Draw(t, "moreParts") == 0 {
					break
				}
			}
			cand.set("content", obj("role", "model", "parts", ps))
			if fr, ok := cand.get("finishReason"); ok {
				cand.del("finishReason")
				cand.set("finishReason", fr)
				if ch.Stop == "STOP" && rapid.Bool().Draw(t, "finishMessage") {
					cand.set("finishMessage", "Model generated function call(s).")
				}
			}
			if pos != ch.Index || multi || rapid.Bool().Draw(t, "candidateIndex") {
				cand.set("index", num(ch.Index)) // Vertex omits it
			}
			cands = append(cands, cand)
		}
		body := obj("candidates", cands)
		if rapid.IntRange(0, 2).Draw(t, "usageMetadata") == 0 {
			body.set("usageMetadata", obj("promptTokenCount", num(50), "candidatesTokenCount", num(20), "trafficType", "ON_DEMAND"))
		}
		body.set("modelVersion", "gemini-3-pro-preview")
		if first && len(r.Messages) > 1 || rapid.IntRange(0, 5).Draw(t, "omitResponseID") > 0 {
			body.set("responseId", msg.ID)
		}
		st.add(frame{body: body, role: roleContent, msg: m})
	}
}

// geminiParts turns one candidate's items into parts, ending with the
// finish marker.
func geminiParts(t *rapid.T, ch *Choice) []geminiPart {
	var out []geminiPart
	add := func(p *jObj) { out = append(out, geminiPart{part: p, call: -1}) }
	firstCall := true
	for i, it := range ch.Items {
		switch it.Kind {
		case ItemText, ItemThinking:
			pieces := splitText(t, it.Text, 3, it.Kind == ItemText, "text")
			// The signature rides on the last piece, or on a piece of its
			// own with empty text after it (Gemini 3 ends a text reply
			// with one); either way it joins the item (THINK-2).
			alone := rapid.IntRange(0, 2).Draw(t, "sigAlone") == 0
			if it.Kind == ItemText && it.Signature == "" && rapid.IntRange(0, 3).Draw(t, "textSig") == 0 {
				ch.Items[i].Signature = genSig(t)
				it.Signature, alone = ch.Items[i].Signature, true
			}
			for j, s := range pieces {
				p := obj("text", s)
				if it.Kind == ItemThinking {
					p.set("thought", true)
				}
				if j == len(pieces)-1 && it.Signature != "" && !alone {
					p.set("thoughtSignature", it.Signature)
				}
				add(p)
			}
			if it.Signature != "" && alone {
				p := obj("text", "")
				if it.Kind == ItemThinking && rapid.Bool().Draw(t, "sigThought") {
					p.set("thought", true)
				}
				p.set("thoughtSignature", it.Signature)
				add(p)
			}
		case ItemSignature:
			add(obj("thoughtSignature", it.Signature))
		case ItemCall:
			c := it.Call
			// Gemini signs only the first call of a batch.
			if firstCall && rapid.Bool().Draw(t, "callSig") || rapid.IntRange(0, 9).Draw(t, "laterCallSig") == 0 {
				c.Signature = genSig(t)
			}
			firstCall = false
			if c.how == deliverPath {
				ps := geminiPathParts(t, c)
				out = append(out, geminiPart{part: ps[0], call: i})
				for _, p := range ps[1:] {
					add(p)
				}
				continue
			}
			fc := obj()
			if c.ID != "" {
				fc.set("id", c.ID)
			}
			fc.set("name", c.Name)
			if c.wire != "{}" || rapid.Bool().Draw(t, "emptyArgsField") {
				fc.set("args", jRaw(c.wire))
			}
			p := obj("functionCall", fc)
			if c.Signature != "" {
				p.set("thoughtSignature", c.Signature)
			}
			out = append(out, geminiPart{part: p, call: i})
		}
		if rapid.IntRange(0, 9).Draw(t, "emptyTextPart") == 0 {
			add(obj("text", "")) // closes nothing, is no item
		}
	}
	return append(out, geminiPart{call: -1})
}

// geminiPathParts encodes a Vertex streamed call: an opening part with the
// name and willContinue, partialArgs parts, keep-alives, and sometimes the
// closing empty functionCall (PAIR-9).
func geminiPathParts(t *rapid.T, c *Call) []*jObj {
	open := obj()
	if c.ID != "" {
		open.set("id", c.ID)
	}
	open.set("name", c.Name)
	leaves := pathLeaves(t, c.val)
	var parts []*jObj
	first := obj("functionCall", open)
	if c.Signature != "" {
		first.set("thoughtSignature", c.Signature)
	}
	parts = append(parts, first)
	if len(leaves) > 0 && rapid.IntRange(0, 3).Draw(t, "leavesInOpen") == 0 {
		n := rapid.IntRange(1, len(leaves)).Draw(t, "openLeaves")
		open.set("partialArgs", leaves[:n])
		leaves = leaves[n:]
	}
	open.set("willContinue", true)
	for len(leaves) > 0 {
		if rapid.IntRange(0, 5).Draw(t, "keepAlive") == 0 {
			parts = append(parts, obj("functionCall", obj("willContinue", true)))
		}
		n := rapid.IntRange(1, min(3, len(leaves))).Draw(t, "partLeaves")
		parts = append(parts, obj("functionCall", obj("partialArgs", leaves[:n], "willContinue", true)))
		leaves = leaves[n:]
	}
	c.closed = rapid.IntRange(0, 4).Draw(t, "explicitClose") > 1
	if c.closed {
		parts = append(parts, obj("functionCall", obj()))
	}
	return parts
}

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// pathLeaves lists the partialArgs leaves of an arguments value in
// document order (members first seen in order, array elements densely).
func pathLeaves(t *rapid.T, v *jObj) []any {
	var out []any
	leaf := func(path string, kv ...any) {
		out = append(out, obj(append([]any{"jsonPath", path}, kv...)...))
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case *jObj:
			for i, k := range x.k {
				step := "." + k
				if !identifier.MatchString(k) || rapid.IntRange(0, 5).Draw(t, "bracketStep") == 0 {
					if rapid.Bool().Draw(t, "doubleQuoted") {
						step = `["` + k + `"]`
					} else {
						step = "['" + k + "']"
					}
				}
				walk(path+step, x.v[i])
			}
		case []any:
			for i, e := range x {
				walk(path+"["+strconv.Itoa(i)+"]", e)
			}
		case string:
			pieces := splitText(t, x, 3, false, "stringValue")
			if pieces[len(pieces)-1] != "" && rapid.Bool().Draw(t, "finalEmptyPiece") {
				pieces = append(pieces, "") // observed: the last piece is ""
			}
			for j, s := range pieces {
				if j < len(pieces)-1 {
					leaf(path, "stringValue", s, "willContinue", true)
				} else if rapid.Bool().Draw(t, "explicitFalse") {
					leaf(path, "stringValue", s, "willContinue", false)
				} else {
					leaf(path, "stringValue", s)
				}
			}
		case jNum:
			leaf(path, "numberValue", x)
		case bool:
			leaf(path, "boolValue", x)
		case nil:
			if rapid.IntRange(0, 3).Draw(t, "nullName") == 0 {
				leaf(path, "nullValue", "NULL_VALUE")
			} else {
				leaf(path, "nullValue", nil)
			}
		}
	}
	walk("$", v)
	return out
}
