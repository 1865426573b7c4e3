package gen

import (
	"pgregory.net/rapid"
)

// geminiParts lists the parts arrays of every candidate.
func geminiPartLists(st *stream) []*jObj {
	var out []*jObj
	for _, fr := range st.frames {
		if o, ok := fr.body.(*jObj); ok {
			for _, c := range o.arr("candidates") {
				if co, ok := c.(*jObj); ok && co.obj("content") != nil {
					out = append(out, co.obj("content"))
				}
			}
		}
	}
	return out
}

func insertPart(t *rapid.T, st *stream, p *jObj) bool {
	cs := geminiPartLists(st)
	if len(cs) == 0 {
		return false
	}
	c := cs[rapid.IntRange(0, len(cs)-1).Draw(t, "partsOf")]
	parts := c.arr("parts")
	at := rapid.IntRange(0, len(parts)).Draw(t, "partAt")
	c.set("parts", append(append(append([]any(nil), parts[:at]...), p), parts[at:]...))
	return true
}

// mutGeminiPartialWithoutCall sends partialArgs with no streamed call open
// (PAIR-9).
func mutGeminiPartialWithoutCall(t *rapid.T, st *stream, _ *Response) bool {
	return insertPart(t, st, obj("functionCall", obj("partialArgs", []any{obj("jsonPath", "$.stray", "stringValue", "x")}, "willContinue", true)))
}

// mutGeminiCloseWithoutCall sends an empty functionCall with no streamed
// call open (PAIR-9).
func mutGeminiCloseWithoutCall(t *rapid.T, st *stream, _ *Response) bool {
	return insertPart(t, st, obj("functionCall", obj()))
}

// mutGeminiBadPath makes a partialArgs path malformed (PAIR-10).
func mutGeminiBadPath(t *rapid.T, st *stream, _ *Response) bool {
	m, ok := pickMember(t, st, "badPath", func(m member) bool { return m.key() == "jsonPath" })
	if !ok {
		return insertPart(t, st, obj("functionCall", obj("name", "f", "partialArgs", []any{obj("jsonPath", "$..a", "numberValue", jNum("1"))})))
	}
	m.set(rapid.SampledFrom([]string{"a", "$", "$.", "$[x]", "$.a[", "$[01]", "$.l[5]", "$..a", "$[0]", "$['a]", ""}).Draw(t, "path"))
	return true
}

// mutGeminiPathTwice repeats a partialArgs leaf: a value given twice, or
// a string continued after its last piece (PAIR-10).
func mutGeminiPathTwice(t *rapid.T, st *stream, _ *Response) bool {
	var lists []*jObj
	for _, m := range st.members() {
		if m.key() == "partialArgs" {
			lists = append(lists, m.o)
		}
	}
	if len(lists) == 0 {
		return false
	}
	fc := lists[rapid.IntRange(0, len(lists)-1).Draw(t, "leafList")]
	leaves := fc.arr("partialArgs")
	if len(leaves) == 0 {
		return false // an earlier mutation changed its type
	}
	i := rapid.IntRange(0, len(leaves)-1).Draw(t, "leaf")
	dup := cloneValue(leaves[i])
	fc.set("partialArgs", append(append([]any(nil), leaves...), dup))
	return true
}
