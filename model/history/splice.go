package history

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file writes a history back into the request body it came from
// (HIST-9): the members of the body that hold no history (the model, the
// settings, members no rule knows) stay byte for byte, and so does every
// history member, and every element of one, that the operation did not
// change.

// field is one member of a JSON object: its key unquoted, and its key's
// and its value's bytes as written.
type field struct {
	key    string
	rawKey []byte
	value  json.RawMessage
}

// Splice writes h, a history of format f, into prev, a request body of
// format f (HIST-9): the body returned holds every member of prev that is
// not one of the format's history members ([spec.FormatRules]) byte for
// byte, in its place; a history member whose encoding h does not change
// is kept byte for byte too, and in an array member (messages, contents,
// input, tools) every element h does not change, with its members no
// History holds. What h changes is written by [Encode]. The body decodes
// to exactly the history [Encode] writes for h.
//
// The violations are the HIST-8 violation of a prev that is not of its
// format's shape (the result is then nil), then the losses of prev's
// decoding (members no History holds) inside an element the body does not
// keep, rewritten or removed, at their paths in prev, then the losses of
// encoding h, as [Encode] names them, at their paths in the body written.
func Splice(f spec.Format, prev []byte, h spec.History) ([]byte, []spec.Violation) {
	h0, vs := Decode(f, prev)
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			return nil, vs
		}
	}
	rules, _ := spec.LookupFormatRules(f)
	e0, _ := Encode(f, h0)
	e1, losses := Encode(f, h)
	want, _ := Decode(f, e1)
	base, ok := spliceMembers(prev, e0, e1, rules, false)
	if got, _ := Decode(f, base.body); !ok || got.String() != want.String() {
		// An element kept verbatim reads otherwise in its new place (or
		// the body's members could not be read): write the history as
		// Encode does, keeping only the members that hold none.
		base, _ = spliceMembers(prev, e0, e1, rules, true)
	}
	var out []spec.Violation
	for _, v := range vs {
		if v.Class == spec.ClassLoss && !base.kept(v.Path) {
			out = append(out, v)
		}
	}
	_, bpm, _ := DecodePaths(f, base.body)
	return base.body, append(out, bpm.Locate(losses)...)
}

// splice is a body written by spliceMembers, with what of prev it kept.
type splice struct {
	body []byte
	// whole are the members of prev kept byte for byte, by key as
	// written; elems the elements of prev's array members kept, by key
	// and index.
	whole map[string]bool
	elems map[string]map[int]bool
}

// kept reports whether the element of prev at document path p is in the
// body unchanged: its member kept whole, or its array element kept.
func (s splice) kept(p string) bool {
	key, rest := p, ""
	if i := strings.IndexAny(p, ".["); i >= 0 {
		key, rest = p[:i], p[i:]
	}
	if s.whole[key] {
		return true
	}
	if !strings.HasPrefix(rest, "[") {
		return false
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return false
	}
	n, err := strconv.Atoi(rest[1:end])
	return err == nil && s.elems[key][n]
}

// spliceMembers writes the body: prev's members in order, each history
// member at the place of its first occurrence with the value of its last
// (the one a decoder reads), and e1's members prev lacks appended in e1's
// order. Unless strict, a history member is kept whole when e0 and e1 agree
// on it or neither has it, and an array member element by element; strict
// writes every history member as e1 has it and leaves out those e1 lacks.
// ok is false when a document cannot be read as an object.
func spliceMembers(prev, e0, e1 []byte, rules spec.FormatRules, strict bool) (splice, bool) {
	s := splice{whole: map[string]bool{}, elems: map[string]map[int]bool{}}
	pm, ok0 := objectMembers(prev)
	old, ok1 := objectMembers(e0)
	neu, ok2 := objectMembers(e1)
	if !ok0 || !ok1 || !ok2 {
		return splice{body: e1}, false
	}
	owned := func(key string) (string, bool) {
		if name, ok := rules.HistorySpellings[key]; ok {
			return name, true
		}
		for _, name := range rules.HistoryMembers {
			if name == key {
				return name, true
			}
		}
		return "", false
	}
	var b bytes.Buffer
	b.WriteByte('{')
	write := func(rawKey, raw []byte) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.Write(rawKey)
		b.WriteByte(':')
		b.Write(raw)
	}
	last := map[string]field{} // the last occurrence of each history member
	for _, m := range pm {
		if name, ok := owned(m.key); ok {
			last[name] = m
		}
	}
	written := map[string]bool{} // history members written, by name
	for _, m := range pm {
		name, isHistory := owned(m.key)
		if !isHistory {
			write(m.rawKey, m.value)
			s.whole[m.key] = true
			continue
		}
		if written[name] {
			continue // a repeated key, written at its first place
		}
		written[name] = true
		pv := last[name]
		nm, inNew := lookup(neu, name)
		om, inOld := lookup(old, name)
		switch {
		case strict && inNew:
			write(nm.rawKey, nm.value)
		case strict:
		case inNew == inOld && (!inNew || bytes.Equal(om.value, nm.value)):
			write(pv.rawKey, pv.value)
			s.whole[pv.key] = true
		case inNew && inOld:
			raw, kept := spliceArray(pv.value, om.value, nm.value)
			write(pv.rawKey, raw)
			s.elems[pv.key] = kept
		case inNew:
			write(nm.rawKey, nm.value)
		}
	}
	for _, m := range neu {
		if !written[m.key] {
			write(m.rawKey, m.value)
		}
	}
	b.WriteByte('}')
	s.body = b.Bytes()
	return s, true
}

// lookup returns the member key of ms.
func lookup(ms []field, key string) (field, bool) {
	for _, m := range ms {
		if m.key == key {
			return m, true
		}
	}
	return field{}, false
}

// spliceArray returns the array nv with each element that equals an
// element of ov replaced by the element of pv at the same index, when pv
// and ov are arrays of one length whose elements agree on their "role"
// and "type" (ov is the encoding of the history decoded from pv, element
// by element); each element of pv is used once. kept holds the indexes of
// pv's elements used. When the three are not such arrays, it returns nv.
func spliceArray(pv, ov, nv json.RawMessage) (json.RawMessage, map[int]bool) {
	p, o, n := elements(pv), elements(ov), elements(nv)
	if p == nil || o == nil || n == nil || len(p) != len(o) {
		return nv, nil
	}
	free := map[string][]int{} // indexes of usable elements of o, by bytes
	for i := range o {
		if sameKind(p[i], o[i]) {
			free[string(o[i])] = append(free[string(o[i])], i)
		}
	}
	kept := map[int]bool{}
	elems := make([]string, len(n))
	for j, e := range n {
		elems[j] = string(e)
		if is := free[string(e)]; len(is) > 0 {
			elems[j] = string(p[is[0]])
			kept[is[0]] = true
			free[string(e)] = is[1:]
		}
	}
	return json.RawMessage(jarr(elems)), kept
}

// elements returns the elements of the valid JSON value v when it is an
// array (a non-nil slice, empty for []), or nil.
func elements(v json.RawMessage) []json.RawMessage {
	v = refjson.TrimSpace(v)
	if len(v) == 0 || v[0] != '[' {
		return nil
	}
	es := []json.RawMessage{}
	if json.Unmarshal(v, &es) != nil {
		return nil
	}
	return es
}

// sameKind reports whether the JSON values a and b agree on the members
// "role" and "type" that both have (or are not both objects).
func sameKind(a, b json.RawMessage) bool {
	a, b = refjson.TrimSpace(a), refjson.TrimSpace(b)
	var x, y map[string]json.RawMessage
	if len(a) == 0 || len(b) == 0 || a[0] != '{' || b[0] != '{' || json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	for _, k := range []string{"role", "type"} {
		xv, xok := x[k]
		yv, yok := y[k]
		if xok && yok && refjson.Compact(xv) != refjson.Compact(yv) {
			return false
		}
	}
	return true
}

// objectMembers returns the members of the JSON object doc in order, each
// value's bytes as written; ok is false when doc is not one object.
func objectMembers(doc []byte) ([]field, bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var ms []field
	for dec.More() {
		from := dec.InputOffset()
		t, err := dec.Token()
		key, isKey := t.(string)
		if err != nil || !isKey {
			return nil, false
		}
		// The key's bytes: what the token read, without the white space
		// and the comma before it.
		rawKey := bytes.TrimLeft(doc[from:dec.InputOffset()], " \t\r\n,")
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return nil, false
		}
		ms = append(ms, field{key: key, rawKey: rawKey, value: raw})
	}
	return ms, true
}
