package gen

import (
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// member is one member of an object: o.k[i] and o.v[i].
type member struct {
	o      *jObj
	i      int
	parent string // the key under which o sits ("" at the top)
	frame  int
}

func (m member) key() string { return m.o.k[m.i] }
func (m member) val() any    { return m.o.v[m.i] }
func (m member) set(v any)   { m.o.v[m.i] = v }

// members lists every member of every object frame, depth first.
func (st *stream) members() []member {
	var out []member
	for fi, fr := range st.frames {
		if o, ok := fr.body.(*jObj); ok {
			collect(o, "", fi, &out)
		}
	}
	return out
}

func collect(v any, parent string, fi int, out *[]member) {
	switch x := v.(type) {
	case *jObj:
		for i := range x.k {
			*out = append(*out, member{o: x, i: i, parent: parent, frame: fi})
			collect(x.v[i], x.k[i], fi, out)
		}
	case []any:
		for _, e := range x {
			collect(e, parent, fi, out)
		}
	}
}

// pickMember picks one of the members that satisfy ok; false when none do.
func pickMember(t *rapid.T, st *stream, label string, ok func(member) bool) (member, bool) {
	var c []member
	for _, m := range st.members() {
		if ok(m) {
			c = append(c, m)
		}
	}
	if len(c) == 0 {
		return member{}, false
	}
	return c[rapid.IntRange(0, len(c)-1).Draw(t, label)], true
}

func strVal(m member) (string, bool) {
	s, ok := m.val().(string)
	return s, ok
}

// isCallObject reports whether o describes a call: an OpenAI or Ollama
// tool_calls element, a Gemini functionCall, an Anthropic tool_use block,
// a Bedrock toolUse start, a Responses function_call item.
func isCallObject(o *jObj, parent string) bool {
	if _, ok := o.get("function"); ok {
		return true
	}
	if parent == "functionCall" || parent == "toolUse" {
		return true
	}
	typ, _ := o.get("type")
	switch typ {
	case "tool_use", "server_tool_use", "mcp_tool_use", "function_call":
		return true
	}
	return false
}

// isCallID reports whether m is a call's id member.
func isCallID(m member) bool {
	switch m.key() {
	case "toolUseId":
		return m.parent == "toolUse"
	case "call_id":
		return true
	case "id":
		return isCallObject(m.o, m.parent)
	}
	return false
}

// isCallName reports whether m is a call's name member.
func isCallName(m member) bool {
	if m.key() != "name" {
		return false
	}
	return m.parent == "function" || isCallObject(m.o, m.parent)
}

// isArgsText reports whether m holds argument text as a JSON string.
func isArgsText(m member) bool {
	if _, ok := strVal(m); !ok {
		return false
	}
	switch m.key() {
	case "arguments", "partial_json":
		return true
	case "input":
		return m.parent == "toolUse"
	case "delta":
		typ, _ := m.o.get("type")
		return typ == "response.function_call_arguments.delta"
	}
	return false
}

// isArgsObject reports whether m holds arguments as an embedded object.
func isArgsObject(m member) bool {
	if _, ok := m.val().(jRaw); !ok {
		return false
	}
	switch m.key() {
	case "arguments", "args", "input":
		return true
	}
	return false
}

func (st *stream) insert(at int, frs ...frame) {
	st.frames = append(st.frames[:at:at], append(frs, st.frames[at:]...)...)
}

func (st *stream) remove(i int) { st.frames = append(st.frames[:i:i], st.frames[i+1:]...) }

// pickFrame picks the index of a frame satisfying ok, or -1.
func pickFrame(t *rapid.T, st *stream, label string, ok func(i int, fr frame) bool) int {
	var c []int
	for i, fr := range st.frames {
		if ok(i, fr) {
			c = append(c, i)
		}
	}
	if len(c) == 0 {
		return -1
	}
	return c[rapid.IntRange(0, len(c)-1).Draw(t, label)]
}

func anyFrame(int, frame) bool { return true }

// copyFrame copies a frame deeply.
func copyFrame(fr frame) frame {
	if o, ok := fr.body.(*jObj); ok {
		fr.body = o.clone()
	}
	return fr
}

// endOfLastMessage is where frames added to the last message go: before
// its first finish or end frame, or at the end of the stream.
func (st *stream) endOfLastMessage() int {
	last := 0
	for _, fr := range st.frames {
		last = max(last, fr.msg)
	}
	for i, fr := range st.frames {
		if fr.msg == last && (fr.role == roleFinish || fr.role == roleMsgEnd) {
			return i
		}
	}
	if st.format == spec.FormatGemini && len(st.frames) > 0 {
		return len(st.frames) - 1
	}
	return len(st.frames)
}
