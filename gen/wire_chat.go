package gen

import (
	"strconv"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// OpenAI Chat Completions chunks (wire-formats.md §1).

func planChat(t *rapid.T, o Options) Response {
	r := Response{Format: spec.FormatOpenAIChat}
	ids := newIDSource(t)
	caps := itemCaps{thinking: true, sigItems: true, maxItems: 5, custom: true, refusal: true}
	nm := o.responses(t, "messages")
	for m := 0; m < nm; m++ {
		msg := Message{ID: "chatcmpl-" + genToken(t, "msgID")}
		nc := rapid.SampledFrom([]int{1, 1, 1, 1, 2, 3}).Draw(t, "choices")
		// A finish alone never starts a message (END-7): every choice of a
		// later message has content.
		caps.minItems = min(m, 1)
		for c := 0; c < nc; c++ {
			ids.reset()
			items := genItems(t, caps, ids)
			msg.Choices = append(msg.Choices, Choice{Index: c, Items: items, Stop: chatStop(t, items)})
		}
		r.Messages = append(r.Messages, msg)
	}
	return r
}

func hasCalls(items []Item) bool {
	for _, it := range items {
		if it.Kind == ItemCall {
			return true
		}
	}
	return false
}

// chatStop draws a finish_reason. One that is not a normal end leaves the
// choice's calls incomplete (END-3).
func chatStop(t *rapid.T, items []Item) string {
	if hasCalls(items) {
		return rapid.SampledFrom([]string{"tool_calls", "tool_calls", "tool_calls", "tool_calls", "tool_calls", "stop", "function_call",
			"content_filter", "eos", "length", "error", "model_length", "abort", "insufficient_system_resource"}).Draw(t, "finish")
	}
	return rapid.SampledFrom([]string{"stop", "stop", "stop", "length", "tool_calls", "content_filter"}).Draw(t, "finish")
}

// Call-key modes of one choice's tool_calls entries (ID-3 .. ID-6).
const (
	chatKeyIndex      = iota // every call has its own wire index; fragments interleave freely
	chatKeySame              // every call at one wire index, calls one after another (Ollama /v1, dynamo)
	chatKeyNone              // no index: the position in the array; calls one after another (Mistral, Gemini compat)
	chatKeyNoneWithID        // no index, every entry carries its call's id; fragments interleave
)

// Id and name styles of one call's entries.
const (
	idFirst      = iota // on the first entry only
	idEvery             // repeated on every entry (Fireworks, LiteLLM)
	idEmptyAfter        // "" on continuations (DashScope)
	idNone              // never sent
	idLate              // first sent on a later entry (ID-5)
	idRotate            // a fresh id on every continuation (LM Studio, Poolside; ID-6)
)

const (
	nameFirst      = iota
	nameEvery      // repeated (MiniMax, GPT-5.x; NAME-1)
	nameEmptyAfter // "" on continuations (vLLM)
	nameLate       // first sent on a later entry
)

// chatPiece is one contribution to a choice's delta.
type chatPiece struct {
	rank    int    // decode order within one delta: role, thinking, signature, text, entry, finish
	field   string // thinking or text field
	text    string
	details bool // thinking also (or only) in reasoning_details
	plain   bool // with details: the plain reasoning field is sent too
	entry   *jObj
	item    int  // the call's item index (entries), -1 otherwise
	content bool // the entry carries something (ID-4: a contentless entry is ignored)
	idNew   bool // the entry brings an id the call does not hold yet
	hasID   bool // the entry carries a non-empty id
	whole   bool // the entry is a whole call by itself

	block  *jObj  // a LiteLLM thinking_blocks entry the piece adds (THINK-2)
	bare   bool   // with block: the text travels in the block alone, not in field
	chunk  bool   // text or thinking sent as a chunk of an array content (Mistral; FRAME-6)
	think  bool   // with chunk: a thinking chunk
	sigTo  string // with think: the chunk's signature
	legacy *jObj  // the entry is a legacy delta.function_call (ID-11)
	dup    *jObj  // a function_call that repeats the entry beside it (llama-cpp-python)
}

// Reasoning styles of one choice's thinking items (THINK-1, THINK-2).
const (
	thinkPlain          = iota // reasoning_content or reasoning, sometimes reasoning_details
	thinkLiteLLMDeltas         // LiteLLM before mid-2026: a block beside each piece, then a signature block
	thinkLiteLLMSigned         // LiteLLM since: pieces in reasoning_content, then one signed block of the whole text
	thinkLiteLLMMistral        // LiteLLM's Mistral layer: every piece's block signed "mistral"
	thinkBlocksOnly            // unsigned blocks and no reasoning_content (a relay)
	thinkMistral               // Mistral: thinking and text chunks of an array content
)

const (
	rankRole = iota
	rankThink
	rankSig
	rankText
	rankEntry
	rankFinish
)

func encodeChat(t *rapid.T, r *Response) *stream {
	st := newStream(t, r.Format, framingSSE, framingSSE, framingLines)
	for m := range r.Messages {
		chatMessage(t, r, st, m)
		if m < len(r.Messages)-1 || rapid.IntRange(0, 4).Draw(t, "done") > 0 {
			st.add(frame{body: jRaw("[DONE]"), role: roleMsgEnd, msg: m})
		}
	}
	return st
}

func chatMessage(t *rapid.T, r *Response, st *stream, m int) {
	msg := &r.Messages[m]
	fp := "fp_" + genToken(t, "fingerprint")
	obfuscate := rapid.IntRange(0, 3).Draw(t, "obfuscation") == 0
	chunk := func(choices []any) *jObj {
		id := msg.ID
		if rapid.IntRange(0, 19).Draw(t, "chunkIDChanges") == 0 {
			id = "chatcmpl-" + genToken(t, "otherChunkID") // FRAME-5
		}
		o := obj("id", id, "object", "chat.completion.chunk", "created", num(1767225600+m), "model", "gen-model",
			"system_fingerprint", fp, "choices", choices)
		if obfuscate {
			o.set("obfuscation", padding(t))
		}
		return o
	}
	if rapid.IntRange(0, 7).Draw(t, "azurePrelude") == 0 {
		st.add(frame{body: obj("choices", []any{}, "created", num(0), "id", "", "model", "", "object", "",
			"prompt_filter_results", []any{obj("prompt_index", num(0), "content_filter_results", obj())}), msg: m})
	}
	pieces := make([][]chatPiece, len(msg.Choices))
	modes := make([]int, len(msg.Choices))
	for c := range msg.Choices {
		pieces[c], modes[c] = chatChoicePieces(t, r, m, c)
	}
	cur := make([]int, len(msg.Choices))
	seen := map[int]bool{}
	for {
		var live []int
		for c := range pieces {
			if cur[c] < len(pieces[c]) {
				live = append(live, c)
			}
		}
		if len(live) == 0 {
			break
		}
		pick := []int{live[rapid.IntRange(0, len(live)-1).Draw(t, "choicePick")]}
		if len(live) > 1 && rapid.IntRange(0, 3).Draw(t, "allChoices") == 0 {
			pick = rapid.Permutation(live).Draw(t, "choiceOrder")
		}
		var choices []any
		for pos, c := range pick {
			taken := []chatPiece{pieces[c][cur[c]]}
			cur[c]++
			for cur[c] < len(pieces[c]) && rapid.IntRange(0, 2).Draw(t, "morePieces") > 0 && chatFits(taken, pieces[c][cur[c]], modes[c]) {
				taken = append(taken, pieces[c][cur[c]])
				cur[c]++
			}
			choices = append(choices, chatChoiceObj(t, r, m, c, pos, taken, seen))
		}
		st.add(frame{body: chunk(choices), role: roleContent, msg: m})
	}
	if rapid.IntRange(0, 5).Draw(t, "doubleFinish") == 0 {
		// OpenRouter, Avian: the finish again, with usage (END-7).
		c := rapid.IntRange(0, len(msg.Choices)-1).Draw(t, "doubleFinishChoice")
		ch := obj("index", num(msg.Choices[c].Index), "delta", obj(), "finish_reason", msg.Choices[c].Stop)
		o := chunk([]any{ch})
		o.set("usage", obj("prompt_tokens", num(10), "completion_tokens", num(5), "total_tokens", num(15)))
		st.add(frame{body: o, role: roleFinish, msg: m})
	}
	if rapid.IntRange(0, 3).Draw(t, "usageChunk") == 0 {
		o := chunk([]any{})
		o.set("usage", obj("prompt_tokens", num(10), "completion_tokens", num(5), "total_tokens", num(15)))
		st.add(frame{body: o, msg: m})
	}
}

// chatFits reports whether piece q may join the pieces already taken for
// one choice's delta in one frame without changing what the stream means.
func chatFits(taken []chatPiece, q chatPiece, mode int) bool {
	last := taken[len(taken)-1]
	if q.rank < last.rank {
		return false // a delta is decoded thinking, signatures, text, calls, finish
	}
	blocks := false // a taken piece adds to thinking_blocks
	for _, e := range taken {
		blocks = blocks || e.block != nil
	}
	switch q.rank {
	case rankThink:
		if last.rank < rankThink {
			return true
		}
		if last.block != nil || q.block != nil {
			// The blocks of one style: their text is read, or repeated,
			// alike (THINK-2).
			return last.field == q.field && !last.details && !q.details
		}
		return last.field == q.field && !last.details && !q.details && !blocks
	case rankSig:
		// reasoning_details are decoded before thinking_blocks.
		return last.rank != rankSig && (q.block != nil || !blocks)
	case rankText:
		return last.rank != rankText || (last.field == q.field && last.chunk == q.chunk)
	case rankEntry:
		for _, e := range taken {
			if e.rank != rankEntry {
				continue
			}
			if e.legacy != nil || q.legacy != nil {
				return false // one function_call a delta (ID-11)
			}
			if mode == chatKeyNone && !(e.whole && q.whole) {
				return false // positions are keys: one entry per frame unless whole calls
			}
			if e.item == q.item && e.hasID && q.idNew {
				return false // ID-6: a new id sharing a frame with its call's id opens a call
			}
		}
	}
	return true
}

// chatChoiceObj builds one element of a chunk's choices from the pieces
// taken for choice c, and records calls first seen and the finish.
func chatChoiceObj(t *rapid.T, r *Response, m, c, pos int, taken []chatPiece, seen map[int]bool) *jObj {
	ch := r.Messages[m].Choices[c]
	delta := obj()
	var calls []any
	var details []any
	var blocks []any
	var chunks []any // an array content (FRAME-6)
	finish := any(nil)
	for _, p := range taken {
		if p.block != nil {
			blocks = append(blocks, p.block)
		}
		switch p.rank {
		case rankRole:
			delta.set("role", "assistant")
			if rapid.Bool().Draw(t, "roleContentNull") {
				delta.set("content", nil)
			}
		case rankThink:
			if p.block != nil {
				if !p.bare {
					prev, _ := delta.get(p.field)
					s, _ := prev.(string)
					delta.set(p.field, s+p.text)
				}
				continue
			}
			if p.details {
				if p.plain {
					delta.set(p.field, p.text)
				}
				d := obj("type", "reasoning.text", "text", p.text, "format", "unknown", "index", num(0))
				details = append(details, d)
				continue
			}
			prev, _ := delta.get(p.field)
			s, _ := prev.(string)
			delta.set(p.field, s+p.text)
		case rankSig:
			if p.block == nil {
				details = append(details, obj("type", "reasoning.encrypted", "data", p.text, "format", "google-gemini-v1", "index", num(0)))
			}
		case rankText:
			if p.chunk {
				chunks = append(chunks, chatChunks(t, p)...)
				continue
			}
			prev, _ := delta.get(p.field)
			s, _ := prev.(string)
			delta.set(p.field, s+p.text)
		case rankEntry:
			switch {
			case p.legacy != nil:
				delta.set("function_call", p.legacy)
				switch rapid.IntRange(0, 3).Draw(t, "legacyToolCalls") {
				case 0:
					delta.set("tool_calls", nil) // llama-cpp-python
				case 1:
					delta.set("tool_calls", []any{}) // no entry: function_call is read
				}
			default:
				calls = append(calls, p.entry)
				if p.dup != nil {
					delta.set("function_call", p.dup) // ID-11: not read beside an entry
				}
			}
			if p.content && !seen[c<<16|p.item] {
				seen[c<<16|p.item] = true
				r.seen = append(r.seen, itemRef{m, c, p.item})
			}
		case rankFinish:
			finish = ch.Stop
			r.stops = append(r.stops, itemRef{m, c, 0})
		}
	}
	if len(details) > 0 {
		delta.set("reasoning_details", details)
	}
	if len(blocks) > 0 {
		delta.set("thinking_blocks", blocks)
		if rapid.IntRange(0, 2).Draw(t, "providerFields") == 0 {
			// LiteLLM repeats them here; unknown fields are ignored (FRAME-5).
			delta.set("provider_specific_fields", obj("thinking_blocks", cloneValue(blocks)))
		}
	}
	if len(chunks) > 0 {
		if rapid.IntRange(0, 4).Draw(t, "chunkTrailer") == 0 {
			// FRAME-5: a citation marker or an image is not kept.
			chunks = append(chunks, rapid.SampledFrom([]any{nil, obj("type", "reference", "reference_ids", []any{num(0)}),
				obj("type", "image_url", "image_url", "https://example.com/i.png")}).Draw(t, "unknownChunk"))
		}
		delta.set("content", chunks)
	}
	if len(calls) > 0 {
		delta.set("tool_calls", calls)
	}
	o := obj()
	if pos != ch.Index || rapid.IntRange(0, 7).Draw(t, "choiceIndexOmitted") > 0 {
		o.set("index", num(ch.Index))
	} else {
		r.liberties = append(r.liberties, LibertyChoiceIndex)
	}
	o.set("delta", delta)
	o.set("logprobs", nil)
	o.set("finish_reason", finish)
	if finish != nil && rapid.IntRange(0, 3).Draw(t, "nativeFinish") == 0 {
		o.set("native_finish_reason", "STOP")
	}
	return o
}

// chatChoicePieces turns one choice's items into delta pieces, ending with
// the finish, and returns them with the choice's key mode.
func chatChoicePieces(t *rapid.T, r *Response, m, c int) ([]chatPiece, int) {
	ch := &r.Messages[m].Choices[c]
	mode := rapid.SampledFrom([]int{chatKeyIndex, chatKeyIndex, chatKeyIndex, chatKeySame, chatKeyNone, chatKeyNoneWithID}).Draw(t, "keyMode")
	var out []chatPiece
	if rapid.Bool().Draw(t, "roleChunk") {
		out = append(out, chatPiece{rank: rankRole, item: -1})
	}
	// Keys for chatKeyIndex: dense from 0, from an offset, or sparse.
	keyStyle := rapid.IntRange(0, 3).Draw(t, "keyStyle")
	sameKey := rapid.SampledFrom([]int{0, 0, 0, 1, -1, 3}).Draw(t, "sameKey")
	usedKeys := map[int]bool{}
	nCalls := 0
	nextKey := func() int {
		defer func() { nCalls++ }()
		switch keyStyle {
		case 1:
			return nCalls + 1
		case 2:
			for {
				k := rapid.SampledFrom([]int{-1, 0, 1, 2, 3, 5, 7, 17, 100}).Draw(t, "sparseKey")
				if !usedKeys[k] {
					usedKeys[k] = true
					return k
				}
				if len(usedKeys) >= 9 {
					k = 200 + nCalls
					usedKeys[k] = true
					return k
				}
			}
		}
		return nCalls
	}
	thinkField := rapid.SampledFrom([]string{"reasoning_content", "reasoning"}).Draw(t, "thinkField")
	style := rapid.SampledFrom([]int{thinkPlain, thinkPlain, thinkPlain, thinkPlain, thinkPlain,
		thinkLiteLLMDeltas, thinkLiteLLMSigned, thinkLiteLLMMistral, thinkBlocksOnly, thinkMistral, thinkMistral}).Draw(t, "thinkStyle")
	if style != thinkPlain && style != thinkMistral {
		thinkField = "reasoning_content" // LiteLLM's field
	}
	calls := 0
	for _, it := range ch.Items {
		if it.Kind == ItemCall {
			calls++
		}
	}
	for i, it := range ch.Items {
		switch it.Kind {
		case ItemText, ItemRefusal:
			field := "content"
			if it.Kind == ItemRefusal {
				field = "refusal" // END-8
			}
			chunk := it.Kind == ItemText && style == thinkMistral && rapid.IntRange(0, 2).Draw(t, "textChunk") > 0
			for _, s := range splitText(t, it.Text, 4, true, "text") {
				out = append(out, chatPiece{rank: rankText, field: field, text: s, item: -1, chunk: chunk})
			}
		case ItemThinking:
			if style != thinkPlain {
				out = append(out, chatThinkPieces(t, it.Text, style, thinkField)...)
				continue
			}
			details := rapid.IntRange(0, 4).Draw(t, "reasoningDetails") == 0
			plain := details && rapid.Bool().Draw(t, "detailsPlain")
			for _, s := range splitText(t, it.Text, 3, true, "thinking") {
				if details && s == "" {
					continue
				}
				out = append(out, chatPiece{rank: rankThink, field: thinkField, text: s, details: details, plain: plain, item: -1})
			}
		case ItemSignature:
			p := chatPiece{rank: rankSig, text: it.Signature, item: -1}
			if style != thinkPlain && style != thinkMistral && rapid.Bool().Draw(t, "redactedBlock") {
				// THINK-2: a redacted_thinking block is a signature item.
				p.block = obj("type", "redacted_thinking", "data", it.Signature)
			}
			out = append(out, p)
		case ItemCall:
			key := sameKey
			if mode == chatKeyIndex {
				key = nextKey()
			}
			if calls == 1 && !it.Call.Custom {
				switch rapid.IntRange(0, 7).Draw(t, "legacyCall") {
				case 0:
					out = append(out, chatLegacyPieces(t, it.Call, i)...)
					continue
				case 1:
					ps := chatCallPieces(t, it.Call, i, mode, key)
					for j := range ps {
						chatDupFunctionCall(t, &ps[j])
					}
					out = append(out, ps...)
					continue
				}
			}
			out = append(out, chatCallPieces(t, it.Call, i, mode, key)...)
		}
	}
	return append(out, chatPiece{rank: rankFinish, item: -1}), mode
}

// chatThinkPieces turns one thinking item's text into pieces of a style
// other than thinkPlain.
func chatThinkPieces(t *rapid.T, text string, style int, field string) []chatPiece {
	var out []chatPiece
	block := func(s, sig string) *jObj {
		b := obj("type", "thinking", "thinking", s)
		if sig != "" || rapid.Bool().Draw(t, "blockSigField") {
			b.set("signature", sig)
		}
		return b
	}
	for _, s := range splitText(t, text, 3, true, "thinking") {
		p := chatPiece{rank: rankThink, field: field, text: s, item: -1}
		switch style {
		case thinkLiteLLMDeltas:
			p.block = block(s, "")
		case thinkLiteLLMMistral:
			p.block = block(s, "mistral")
		case thinkBlocksOnly:
			p.block, p.bare = block(s, ""), true
		case thinkMistral:
			p.rank, p.field, p.chunk, p.think = rankText, "content", true, true
			if rapid.IntRange(0, 5).Draw(t, "thinkChunkSig") == 0 {
				p.sigTo = genSig(t)
			}
		}
		out = append(out, p)
	}
	switch style {
	case thinkLiteLLMDeltas:
		// The signature_delta: a block of empty text, reasoning_content "".
		out = append(out, chatPiece{rank: rankThink, field: field, item: -1, block: block("", genSig(t))})
	case thinkLiteLLMSigned:
		// One signed block that holds the whole text again.
		out = append(out, chatPiece{rank: rankThink, field: field, item: -1, bare: true, block: block(text, genSig(t))})
	}
	return out
}

// chatChunks returns the elements of an array content that piece p, a
// Mistral chunk, adds: a text chunk, or a thinking chunk whose text is one
// or two text chunks, with a reference among them now and then (FRAME-5).
func chatChunks(t *rapid.T, p chatPiece) []any {
	if !p.think {
		return []any{obj("type", "text", "text", p.text)}
	}
	var parts []any
	for _, s := range splitText(t, p.text, 2, false, "thinkParts") {
		parts = append(parts, obj("type", "text", "text", s))
	}
	if rapid.IntRange(0, 5).Draw(t, "thinkReference") == 0 {
		at := rapid.IntRange(0, len(parts)).Draw(t, "thinkReferenceAt")
		parts = append(parts[:at:at], append([]any{obj("type", "reference", "reference_ids", []any{num(1)})}, parts[at:]...)...)
	}
	c := obj("type", "thinking", "thinking", parts)
	if p.sigTo != "" {
		c.set("signature", p.sigTo)
	}
	return []any{c}
}

// chatLegacyPieces turns a choice's one call into legacy function_call
// deltas (ID-11): the name, then the argument fragments. The call has no
// id.
func chatLegacyPieces(t *rapid.T, call *Call, item int) []chatPiece {
	call.ID = ""
	frags := splitText(t, call.wire, 5, true, "args")
	first := obj("name", call.Name, "arguments", "")
	if rapid.Bool().Draw(t, "legacyNameWithArgs") {
		first.set("arguments", frags[0])
		frags = frags[1:]
	}
	out := []chatPiece{{rank: rankEntry, item: item, legacy: first, content: true}}
	for _, f := range frags {
		fc := obj()
		if rapid.Bool().Draw(t, "legacyNullName") {
			fc.set("name", nil) // llama-cpp-python
		}
		fc.set("arguments", f)
		out = append(out, chatPiece{rank: rankEntry, item: item, legacy: fc, content: f != ""})
	}
	return out
}

// chatDupFunctionCall gives an entry piece a function_call that repeats it,
// as llama-cpp-python sends beside every entry; it is not read (ID-11).
func chatDupFunctionCall(t *rapid.T, p *chatPiece) {
	if p.entry == nil || rapid.IntRange(0, 3).Draw(t, "dupSkip") == 0 {
		return
	}
	fn := p.entry.obj("function")
	if fn == nil {
		return
	}
	dup := obj()
	if v, ok := fn.get("name"); ok {
		dup.set("name", v)
	}
	if v, ok := fn.get("arguments"); ok {
		if _, str := v.(string); str {
			dup.set("arguments", v)
		}
	}
	p.dup = dup
}

// chatCallPieces turns one call into tool_calls entries.
func chatCallPieces(t *rapid.T, call *Call, item, mode, key int) []chatPiece {
	idStyles := []int{idFirst, idFirst, idEvery, idEmptyAfter, idRotate}
	nameStyles := []int{nameFirst, nameFirst, nameEvery, nameEmptyAfter}
	switch mode {
	case chatKeyIndex:
		idStyles = append(idStyles, idNone, idLate)
		nameStyles = append(nameStyles, nameLate)
	case chatKeyNoneWithID:
		idStyles = []int{idEvery}
	}
	ids := rapid.SampledFrom(idStyles).Draw(t, "idStyle")
	names := rapid.SampledFrom(nameStyles).Draw(t, "nameStyle")
	if ids == idRotate && (names == nameEvery || names == nameLate) {
		names = nameFirst // a rotating id with a name opens a call (ID-6)
	}
	if ids == idNone {
		call.ID = ""
	}
	objArgs := !call.Custom && rapid.IntRange(0, 9).Draw(t, "objectArgs") == 0
	var frags []string
	if objArgs {
		call.setWhole()
		frags = []string{call.wire}
	} else {
		frags = splitText(t, call.wire, 5, true, "args")
	}
	header := !objArgs && rapid.Bool().Draw(t, "separateHeader")
	if header {
		frags = append([]string{""}, frags...)
	}
	if (ids == idLate || names == nameLate) && len(frags) < 2 {
		frags = append(frags, "")
	}
	lateID, lateName := -1, -1
	if ids == idLate {
		lateID = rapid.IntRange(1, len(frags)-1).Draw(t, "lateID")
	}
	if names == nameLate {
		lateName = rapid.IntRange(1, len(frags)-1).Draw(t, "lateName")
	}
	typeEvery := rapid.IntRange(0, 3).Draw(t, "typeEvery") == 0
	untyped := call.Custom && rapid.IntRange(0, 3).Draw(t, "untypedCustom") == 0 // NAME-4: type may be absent
	// An OpenAI-compatible signature (Gemini's extra_content) on one entry,
	// or on an entry of its own (a metadata-only delta).
	sigAt, sigAlone := -1, false
	if rapid.IntRange(0, 5).Draw(t, "extraContent") == 0 {
		call.Signature = compactJSON(style{space: true}.text(obj("google", obj("thought_signature", genSig(t)))))
		sigAt = rapid.IntRange(0, len(frags)-1).Draw(t, "sigAt")
		sigAlone = mode != chatKeyNoneWithID && !objArgs && rapid.Bool().Draw(t, "sigAlone")
	}
	var out []chatPiece
	for j, frag := range frags {
		e := obj()
		if mode == chatKeyIndex || mode == chatKeySame {
			e.set("index", num(key))
		}
		p := chatPiece{rank: rankEntry, item: item, entry: e}
		id, hasID := "", false
		switch {
		case j == 0 && ids != idNone && ids != idLate:
			id, hasID = call.ID, true
			p.idNew = true
		case j == lateID:
			id, hasID = call.ID, true
			p.idNew = true
		case j > 0 && ids == idEvery:
			id, hasID = call.ID, true
		case j > 0 && ids == idLate && j > lateID && rapid.Bool().Draw(t, "lateIDAgain"):
			id, hasID = call.ID, true
		case j > 0 && ids == idEmptyAfter:
			e.set("id", "")
		case j > 0 && ids == idRotate:
			// "rot-" is no prefix of a drawn id: a rotating id never
			// names another call (ID-3).
			id, hasID = "rot-"+strconv.Itoa(item)+"-"+strconv.Itoa(j)+"-"+genToken(t, "rotID"), true
			p.idNew = true
		}
		if hasID {
			e.set("id", id)
			p.hasID = true
		}
		member, typ, argsKey := "function", "function", "arguments"
		if call.Custom {
			member, typ, argsKey = "custom", "custom", "input"
		}
		if (j == 0 || typeEvery) && !untyped {
			e.set("type", typ)
		}
		fn := obj()
		name := ""
		switch {
		case j == 0 && names != nameLate:
			name = call.Name
		case j == lateName:
			name = call.Name
		case j > 0 && names == nameEvery:
			name = call.Name
		case j > 0 && names == nameEmptyAfter:
			fn.set("name", "")
		}
		if name != "" {
			fn.set("name", name)
		}
		switch {
		case objArgs && j == 0:
			fn.set("arguments", jRaw(frag))
		case frag != "" || rapid.Bool().Draw(t, "emptyArgsField"):
			fn.set(argsKey, frag)
		}
		e.set(member, fn)
		p.content = id != "" || name != "" || frag != ""
		if j == sigAt && !sigAlone {
			e.set("extra_content", jRaw(call.Signature))
			p.content = true
		}
		p.whole = len(frags) == 1 && id != "" && name != "" && sigAt < 0
		out = append(out, p)
		if j == sigAt && sigAlone {
			me := obj()
			if mode == chatKeyIndex || mode == chatKeySame {
				me.set("index", num(key))
			}
			me.set("extra_content", jRaw(call.Signature))
			out = append(out, chatPiece{rank: rankEntry, item: item, entry: me, content: true})
		}
	}
	return out
}
