package impl

import (
	"slices"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// The shortcuts of impl each claim to yield exactly what the general path
// would: jsonIndex's replay and resume (the index of a document read from
// the previous one), lookupN's memo by generation, the index's skips,
// chatFastChoices and its memo, and anthropicFastDelta. Their own tests
// and fuzz targets check that claim on the inputs they make. In a build
// with the invariants tag (make test-invariants: go test -tags invariants
// ./...) it is checked wherever a shortcut is taken, under every test of
// the module: the general path runs as well, on the spot, and any
// difference panics with the shortcut's name, what differs and the input.
// And about one use in ten of a shortcut is
// bypassed (invariants.Sometimes(10)), so that the general path also runs in the
// middle of streams that the shortcuts would otherwise read, and the
// shortcut runs after it from a state it rarely meets otherwise.
//
// Under the tag the callback of OnOutput gets copies of an Output's
// borrowed bytes (Data and Args), overwritten with junk when it returns,
// so that a consumer that keeps them reads junk and fails.
//
// In a normal build invariants.Enabled is false: every check is dead code,
// which the compiler removes with its call, and invariants.Sometimes is
// false.

// checkIndexed checks the record x holds for doc, which shortcut (replay
// or resume) wrote, against a whole scan of doc: the same tokens, parents,
// string and number values and entries. The commas are checked too, as doc's first
// top-level commas: not necessarily those a whole scan keeps (the ones
// within maxPrefix bytes), since replay moves prev's, which then may cross
// maxPrefix as strings change length, and resume keeps them; any
// top-level comma is a place to resume after.
func checkIndexed(x *jsonIndex, doc []byte, shortcut string) {
	n := len(x.toks) + 1 // a valid document has as many tokens: no growing
	g := jsonIndex{toks: make([]int32, 0, n), parent: make([]int32, 0, n), holes: make([]int32, 0, len(x.holes)+1), commas: make([]int32, 0, len(x.commas)+1)}
	ends := make([]int32, len(doc))
	if !g.scan(doc, ends, 0) {
		invariants.Broken(shortcut, doc, "a whole scan finds the document invalid")
	}
	if !slices.Equal(x.toks, g.toks) {
		invariants.Broken(shortcut, doc, "tokens at %v, a whole scan's at %v", x.toks, g.toks)
	}
	if !slices.Equal(x.parent, g.parent) {
		invariants.Broken(shortcut, doc, "parents %v, a whole scan's %v", x.parent, g.parent)
	}
	if !slices.Equal(x.holes, g.holes) {
		invariants.Broken(shortcut, doc, "string and number values %v, a whole scan's %v", x.holes, g.holes)
	}
	if len(x.tokEnd) != len(g.toks) {
		invariants.Broken(shortcut, doc, "%d token ends for %d tokens", len(x.tokEnd), len(g.toks))
	}
	xe := x.ends[:len(doc)]
	for i, t := range g.toks {
		if x.tokEnd[i] != ends[t] || xe[t] != ends[t] {
			invariants.Broken(shortcut, doc, "token %d at %d: entry %#x, token end %#x, a whole scan's %#x", i, t, xe[t], x.tokEnd[i], ends[t])
		}
	}
	if all := topCommas(&g, doc, ends); len(x.commas) > len(all) || !slices.Equal(x.commas, all[:len(x.commas)]) {
		invariants.Broken(shortcut, doc, "commas at %v, not the first of the top-level commas %v", x.commas, all)
	}
}

// topCommas returns the offsets of all the commas of doc's top-level
// object, which g indexed with ends, or nil when doc is not an object.
func topCommas(g *jsonIndex, doc []byte, ends []int32) []int32 {
	if doc[0] != '{' {
		return nil
	}
	var out []int32
	member := 0 // children of the object alternate: key, value
	for i, t := range g.toks {
		if g.parent[i] != 0 {
			continue
		}
		if member++; member%2 == 1 {
			continue
		}
		if c := jsonwire.SkipSpace(doc, int(ends[t]&^notPlainFlag)); doc[c] == ',' {
			out = append(out, int32(c))
		}
	}
	return out
}

// checkInvalid checks that a whole scan finds doc invalid, as the shortcut
// (a resumed scan) did.
func checkInvalid(doc []byte, shortcut string) {
	var g jsonIndex
	if g.scan(doc, make([]int32, len(doc)), 0) {
		invariants.Broken(shortcut, doc, "a whole scan finds the document valid")
	}
}

// checkSkip checks an entry of the index: the value or key starting at
// v[i] ends at end, and plain says whether it is a plain string.
func checkSkip(v []byte, i, end int, plain bool) {
	if want := jsonwire.SkipValue(v, i); end != want {
		invariants.Broken("the index's entry", v, "the value at %d ends at %d, skipping its bytes at %d", i, end, want)
	}
	if v[i] == '"' && plain != jsonwire.PlainKey(v[i+1:end-1]) {
		invariants.Broken("the index's entry", v, "the string at %d is plain: %v, by its bytes %v", i, plain, !plain)
	}
}

// checkLookup checks that vals, which lookupN took from its memo, are what
// a pass over the members of o finds.
func checkLookup(x *jsonIndex, o []byte, ks *keySet, vals [][]byte) {
	want := make([][]byte, len(vals))
	x.lookupMembers(o, x.skipperFor(o), ks, want)
	for j := range vals {
		if !sameSlice(vals[j], want[j]) {
			invariants.Broken("lookupN's memo", o, "member %q is %q at %d, a pass over the members finds %q at %d",
				ks.keys[j], vals[j], offsetIn(o, vals[j]), want[j], offsetIn(o, want[j]))
		}
	}
}

// sameSlice reports whether a and b are both nil or the same bytes of the
// same array.
func sameSlice(a, b []byte) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return len(a) == len(b) && cap(a) == cap(b) && (len(a) == 0 || &a[0] == &b[0])
}

// offsetIn returns the offset of v, a slice of o, in o, or -1.
func offsetIn(o, v []byte) int {
	if v == nil {
		return -1
	}
	return cap(o) - cap(v)
}

// checkChatMemo checks that memo, which chatFastChoices is about to replay,
// is what reading choices afresh finds, when that finds one of the fast
// shapes. A replayed payload may have another string where the shape has a
// fixed one ("type":"function"): the value then has none, and the decoder
// compares the memo's events with the general path's (checkEvents).
func checkChatMemo(b *batch, choices []byte, memo *chatFastMemo) {
	n, a := len(b.evs), len(b.arena)
	var fresh chatFastMemo
	ok := chatFastChoices(b, choices, &fresh)
	b.evs, b.arena = b.evs[:n], b.arena[:a]
	if ok && fresh != *memo {
		invariants.Broken("chatFastMemo", choices, "the memo is %+v, reading the value finds %+v", *memo, fresh)
	}
}

// checkEvents checks that got, the events a shortcut appended for input,
// are those that general appends to an empty batch, without a violation.
func checkEvents(shortcut string, got []event, input []byte, general func(*batch) *spec.Violation) {
	g := batch{evs: make([]event, 0, len(got))}
	if v := general(&g); v != nil {
		invariants.Broken(shortcut, input, "%d events, the general path breaks %s: %s", len(got), v.Rule, v.Message)
	}
	if len(got) != len(g.evs) {
		invariants.Broken(shortcut, input, "%d events, the general path's %d", len(got), len(g.evs))
	}
	for i := range got {
		if a, w := got[i].toSpec(), g.evs[i].toSpec(); a != w {
			invariants.Broken(shortcut, input, "event %d is\n\t%+v\nthe general path's\n\t%+v", i, a, w)
		}
	}
}

// lend gives the OnOutput callback copies of m.out's borrowed bytes, in
// m.lent, for spoil to overwrite when it returns.
func (m *machine) lend() {
	o := &m.out
	m.lent = append(append(m.lent[:0], o.Data...), o.Args...)
	if o.Data != nil {
		o.Data = m.lent[:len(o.Data):len(o.Data)]
	}
	if o.Args != nil {
		o.Args = m.lent[len(m.lent)-len(o.Args) : len(m.lent) : len(m.lent)]
	}
}

// spoil overwrites the copies lend made: every byte changes.
func (m *machine) spoil() {
	for i := range m.lent {
		m.lent[i] ^= 0xa5
	}
}
