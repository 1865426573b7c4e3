package gen

import (
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

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
