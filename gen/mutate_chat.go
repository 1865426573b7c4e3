package gen

import (
	"sort"
	"strconv"

	"pgregory.net/rapid"
)

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
