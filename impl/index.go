package impl

import (
	"cmp"
	"encoding/binary"
	"math/bits"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// A payload is read in one pass over its bytes. Validation (json.Valid's
// rules) records where every value and key it meets ends, by the offset it
// starts at; the field lookups of the decoders then jump from value to
// value through that record instead of rescanning the bytes of each nested
// level again. Without it, a byte at nesting depth d is scanned d+1 times.

// maxIndexed is the largest document the index covers by default (its
// record is four bytes per document byte, reused from frame to frame).
// Larger documents, rare in streams, are walked by skipping bytes: still
// correct, slower on deep ones. The large documents of real streams are mostly one string
// (Responses' done events repeat a call's whole arguments three times),
// which skips a word at a time; recording them cost 12 bytes per argument
// byte (openai-responses-1call-64KiB: 1.6 MB per stream at 256 KiB, 0.64
// MB at 64 KiB, and 1.2-1.6x faster).
const maxIndexed = 64 << 10

// maxIndexedResponses is maxIndexed for OpenAI Responses streams, whose
// only large documents are the done events (function_call_arguments.done,
// output_item.done, response.completed): each repeats a call's arguments as
// one string, three or four levels deep, which skipping reads faster than
// recording (openai-responses-1call-16KiB-d16: 324 KB -> 74 KB per stream,
// 1.2-1.7x faster). Ollama's and Gemini's large documents are whole
// argument objects, seven levels deep in Gemini's, which skipping reads
// 1.2x slower: they keep maxIndexed.
const maxIndexedResponses = 16 << 10

// jsonIndex is the record of the last document validated by index; the
// zero value indexes nothing. A lookup on a slice of any other array (a
// decoded inner payload, an older frame) falls back to skipping bytes, so a
// stale record is never read: the slice must start at the same address as
// the document byte the record describes.
type jsonIndex struct {
	limit int // the largest document recorded; 0 for maxIndexed
	doc   []byte
	ends  []int32 // ends[s]: end offset of the value or key starting at doc[s]
	stack []int32 // open containers during a scan, by index in toks

	// The last document indexed, kept to read the next one faster:
	// consecutive chunks of a stream mostly repeat the previous chunk's
	// bytes (an id, a model name, a fingerprint, the same members in the
	// same order) and differ in a few strings and numbers (replay). prev is
	// a copy of it (nil when none), toks the start offsets of its values
	// and keys in document order, tokEnd their entries in ends, holes the
	// indices in toks of its string and number values.
	prev   []byte
	toks   []int32
	tokEnd []int32
	parent []int32 // index in toks of the container around each token, -1 for the root
	holes  []int32

	// commas holds the offsets of prev's top-level commas within maxPrefix
	// bytes. After such a comma the scan of an object is in one state
	// whatever came before (inside the top-level object, a key next), and
	// the entries before it depend only on the bytes before it: a document
	// that repeats prev up to a comma resumes its scan after it.
	commas []int32

	// gen counts the changes of structure: it stays while documents are
	// read by replaying the one before (the same tokens at the same
	// indices, other strings and numbers), and moves on any other read.
	// Memos keyed by token index hold while gen does; they hold token
	// indices, never the values (a replay may change any string or number).
	gen uint64
	// The values lookupN found on the whole document with lkKS at
	// generation lkGen, by token index (-1: absent).
	lkKS  *keySet
	lkGen uint64
	lkTok [16]int32

	moved []moved // replay's scratch
	flags []int32
}

// moved is a string value of prev whose replacement has another length:
// every offset of prev at or after oldEnd moves by delta (the sum of the
// changes up to and including this one).
type moved struct {
	oldEnd, delta int32
}

// The first record's sizes: a typical chunk (150 to 400 bytes, 20 to 60
// values and keys) fits, and a stream of one small call does not pay for
// more (the setup of a stream of 1 KiB is most of its cost). Larger
// documents grow the record by doubling.
const (
	minEnds  = 512
	minToks  = 96
	minHoles = 32
)

// maxPrefix bounds the offsets of the commas kept for resuming.
const maxPrefix = 1024

// forget drops the record (the document's bytes may be overwritten).
func (x *jsonIndex) forget() { x.doc = nil }

// drop forgets the previous document.
func (x *jsonIndex) drop() {
	x.gen++
	x.prev = nil
	x.toks, x.tokEnd, x.parent = x.toks[:0], x.tokEnd[:0], x.parent[:0]
	x.holes, x.commas = x.holes[:0], x.commas[:0]
}

// index validates doc as one JSON value with no surrounding space and, when
// it is not too large, records it. It reads doc, in order of preference, by
// replaying the previous document with new strings, by resuming after a
// repeated top-level comma, or by a whole scan.
func (x *jsonIndex) index(doc []byte) bool {
	x.doc = nil
	limit := cmp.Or(x.limit, maxIndexed)
	if len(doc) > limit {
		x.drop()
		end, ok := jsonwire.ScanValue(doc, 0, 0)
		return ok && end == len(doc)
	}
	if cap(x.ends) < len(doc) {
		x.drop() // the entries are gone
		x.ends = make([]int32, len(doc), min(max(len(doc), 2*cap(x.ends), minEnds), limit))
	}
	if cap(x.toks) == 0 {
		// Room for a typical chunk at once, in one allocation: each slice
		// is capped at its share, so that one outgrowing it moves alone.
		r := make([]int32, 3*minToks+2*minHoles)
		x.toks, r = r[:0:minToks], r[minToks:]
		x.tokEnd, r = r[:0:minToks], r[minToks:]
		x.parent, r = r[:0:minToks], r[minToks:]
		x.holes, x.commas = r[:0:minHoles], r[minHoles:minHoles]
		x.prev = make([]byte, 0, max(len(doc), minEnds))
	}
	n := 0 // doc and prev share n leading bytes
	if x.prev != nil {
		n = commonPrefix(doc, x.prev)
	}
	if x.prev != nil && !invariants.Sometimes(10) && x.replay(doc, n) {
		x.prev = append(x.prev[:n], doc[n:]...)
		x.doc = doc
		if invariants.Enabled {
			checkIndexed(x, doc, "jsonIndex.replay")
		}
		return true
	}
	x.gen++ // another structure
	from := 0
	if !invariants.Sometimes(10) {
		from = x.resume(doc, n)
	}
	if from == 0 {
		x.toks, x.parent, x.holes, x.commas = x.toks[:0], x.parent[:0], x.holes[:0], x.commas[:0]
	} else {
		// Keep the tokens before the comma.
		k := len(x.toks)
		for k > 0 && int(x.toks[k-1]) >= from {
			k--
		}
		h := len(x.holes)
		for h > 0 && int(x.holes[h-1]) >= k {
			h--
		}
		x.toks, x.parent, x.holes = x.toks[:k], x.parent[:k], x.holes[:h]
	}
	ends := x.ends[:len(doc)]
	if !x.scan(doc, ends, from) {
		if invariants.Enabled && from > 0 {
			checkInvalid(doc, "jsonIndex.resume")
		}
		x.drop()
		return false
	}
	x.tokEnd = x.tokEnd[:0]
	for _, t := range x.toks {
		x.tokEnd = append(x.tokEnd, ends[t])
	}
	x.prev = append(x.prev[:0], doc...)
	x.doc = doc
	if invariants.Enabled && from > 0 {
		checkIndexed(x, doc, "jsonIndex.resume")
	}
	return true
}

// tokIndex returns the index in toks of the token of the indexed document
// that starts at off, or -1.
func (x *jsonIndex) tokIndex(off int) int {
	lo, hi := 0, len(x.toks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(x.toks[m]) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(x.toks) && int(x.toks[lo]) == off {
		return lo
	}
	return -1
}

// tokOf returns the index in toks of v, a value of the indexed document,
// or -1.
func (x *jsonIndex) tokOf(v []byte) int {
	s := x.skipperFor(v)
	if s.ends == nil {
		return -1
	}
	return x.tokIndex(int(s.off))
}

// tokBytes returns token t of the indexed document.
func (x *jsonIndex) tokBytes(t int) []byte {
	return x.doc[x.toks[t] : x.tokEnd[t]&^notPlainFlag]
}

// resume returns the offset just after the last top-level comma of prev
// within its first n bytes (those doc repeats), with x.commas cut to the
// commas up to it, or 0 (scan from the start).
func (x *jsonIndex) resume(doc []byte, n int) int {
	if len(x.commas) == 0 || len(doc) == 0 || doc[0] != '{' {
		return 0
	}
	k := len(x.commas) - 1
	for k >= 0 && int(x.commas[k]) >= n {
		k--
	}
	if k < 0 {
		return 0
	}
	x.commas = x.commas[:k+1]
	return int(x.commas[k]) + 1
}

// replay reads doc as prev with other string and number values: the bytes
// between prev's string and number values (its structure, keys and
// literals) must recur in doc, each string value may be replaced by any
// valid string and each number by any valid number. Such
// a document is valid, as prev was, and its entries are prev's, moved by
// the changes in length: replay writes them and reports true. Otherwise it
// changes nothing and reports false. doc and prev share n leading bytes:
// the values that end within them are the same.
//
// It goes in three steps: find the first value that doc may have replaced
// (firstNewString), check doc against prev from there on (matchStrings),
// and move the entries (moveEntries).
func (x *jsonIndex) replay(doc []byte, n int) bool {
	if n == len(x.prev) && n == len(doc) {
		return true // the same document again: the entries stand
	}
	j0, ok := x.firstNewString(n)
	if !ok {
		return false
	}
	if !x.matchStrings(doc, j0) {
		return false
	}
	x.moveEntries(doc, j0)
	return true
}

// firstNewString returns j0, the index in holes of the first string or
// number value of prev not ending within its n leading bytes (those doc
// repeats), and
// whether that value starts within them: when it does not, or when there is
// none, doc differs from prev outside its string and number values.
func (x *jsonIndex) firstNewString(n int) (int, bool) {
	lo, hi := 0, len(x.holes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		// A value ending where the shared bytes end may go on in doc (a
		// number, 1 then 10): it is not wholly shared.
		if int(x.tokEnd[x.holes[m]]&^notPlainFlag) < n {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(x.holes) && int(x.toks[x.holes[lo]]) <= n
}

// matchStrings checks doc against prev from value j0 of holes on: each of
// prev's string values from j0 on is replaced by a valid string (or is the
// same), each number by a valid number, and the bytes between them, up to
// the end, recur. It leaves in x.flags the notPlainFlag of each of those
// values in doc and in x.moved the changes of length, and reports whether
// doc matches.
func (x *jsonIndex) matchStrings(doc []byte, j0 int) bool {
	p := x.prev
	moves, flags := x.moved[:0], x.flags[:0]
	pos, delta := int(x.toks[x.holes[j0]]), 0
	for j := j0; j < len(x.holes); j++ {
		t := x.holes[j]
		os, oe := int(x.toks[t]), int(x.tokEnd[t]&^notPlainFlag)
		end, flag := pos+(oe-os), x.tokEnd[t]&notPlainFlag // the same value
		switch {
		case p[os] != '"':
			// A number: the same bytes may begin a longer one, so it is
			// always read.
			e, ok := newNumber(doc, pos)
			if !ok {
				x.moved, x.flags = moves[:0], flags[:0] // keep what they grew to
				return false
			}
			end = e
		case !hasAt(doc, pos, p[os:oe]):
			var ok bool
			if end, flag, ok = newString(doc, pos); !ok {
				x.moved, x.flags = moves[:0], flags[:0]
				return false
			}
		}
		flags = append(flags, flag)
		if d := (end - pos) - (oe - os); d != 0 {
			delta += d
			moves = append(moves, moved{oldEnd: int32(oe), delta: int32(delta)})
		}
		// The structure up to the next value, or to the end.
		next := len(p)
		if j+1 < len(x.holes) {
			next = int(x.toks[x.holes[j+1]])
		}
		lit := p[oe:next]
		if !hasAt(doc, end, lit) {
			x.moved, x.flags = moves[:0], flags[:0]
			return false
		}
		pos = end + len(lit)
	}
	x.moved, x.flags = moves, flags
	return pos == len(doc)
}

// newNumber reads the number of doc at pos that replaces a number of prev.
func newNumber(doc []byte, pos int) (end int, ok bool) {
	if pos >= len(doc) || doc[pos] != '-' && (doc[pos] < '0' || doc[pos] > '9') {
		return 0, false
	}
	return jsonwire.ScanNumber(doc, pos)
}

// newString reads the string value of doc at pos that replaces another
// one of prev: any valid string. It returns its end and its notPlainFlag.
func newString(doc []byte, pos int) (end int, flag int32, ok bool) {
	if pos >= len(doc) || doc[pos] != '"' {
		return 0, 0, false
	}
	e, plain, ok := jsonwire.ScanString(doc, pos)
	if !ok {
		return 0, 0, false
	}
	return e, notPlain(plain), true
}

// hasAt reports whether doc holds lit at pos.
func hasAt(doc []byte, pos int, lit []byte) bool {
	return len(doc)-pos >= len(lit) && string(doc[pos:pos+len(lit)]) == string(lit)
}

// moveEntries rewrites, after matchStrings accepted doc from string value
// j0 on, the entries of every value and key that ends after the start of
// value j0: the tokens from j0 on (start and end move), the containers
// around it (their ends move), and the commas after the first change.
func (x *jsonIndex) moveEntries(doc []byte, j0 int) {
	mv := newOffsetMover(x.moved, len(x.prev))
	ends := x.ends[:len(doc)]
	toks, tokEnd := x.toks, x.tokEnd[:len(x.toks)]
	t0 := int(x.holes[j0])
	h, nextHole := j0, t0
	for i := t0; i < len(toks); i++ {
		e := tokEnd[i]
		flag := e & notPlainFlag
		if i == nextHole {
			flag = x.flags[h-j0]
			if h++; h < len(x.holes) {
				nextHole = int(x.holes[h])
			}
		}
		s := mv.at(toks[i])
		e = mv.at(e&^notPlainFlag) | flag
		toks[i], tokEnd[i] = s, e
		ends[s] = e
	}
	for i := x.parent[t0]; i >= 0; i = x.parent[i] {
		e := mv.at(tokEnd[i])
		tokEnd[i] = e
		ends[toks[i]] = e
	}
	for k, c := range x.commas {
		x.commas[k] = mv.at(c)
	}
}

// offsetMover maps an offset of prev to doc's, by the changes in length
// that matchStrings noted (moved, in order of oldEnd).
type offsetMover struct {
	moves        []moved
	limit, delta int32 // the first change: offsets below limit stay
}

func newOffsetMover(moves []moved, prevLen int) offsetMover {
	m := offsetMover{moves: moves, limit: int32(prevLen) + 1}
	if len(moves) > 0 {
		m.limit, m.delta = moves[0].oldEnd, moves[0].delta
	}
	return m
}

// at returns the offset in doc of offset off of prev. Mostly one value
// changed in length: then it is one comparison.
func (m *offsetMover) at(off int32) int32 {
	if off < m.limit {
		return off
	}
	if len(m.moves) == 1 {
		return off + m.delta
	}
	return m.search(off)
}

// search is at for several changes: the last change at or before off.
func (m *offsetMover) search(off int32) int32 {
	lo, hi := 0, len(m.moves)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if m.moves[h].oldEnd <= off {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return off + m.moves[lo-1].delta
}

// commonPrefix returns the length of the longest common prefix of a and b:
// 64-byte blocks compared at once (memequal), then words, then bytes.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && string(a[i:i+64]) == string(b[i:i+64]) {
		i += 64
	}
	for i+8 <= n {
		if d := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); d != 0 {
			return i + bits.TrailingZeros64(d)>>3
		}
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// scan validates doc, one JSON value without surrounding space, as
// jsonwire.ScanValue does, and sets ends[s] to the end of every value and key that
// starts at doc[s] (with notPlainFlag on strings that need decoding). It
// keeps its open containers on a stack rather than recursing, so that a
// value costs a few branches, not a call. It appends the start of every
// value and key to x.toks and the indices of string and number values to
// x.holes,
// and the offsets of the top-level object's commas within maxPrefix bytes
// to x.commas. A from
// above 0 resumes the scan of a top-level object just after one of its
// commas (resume).
func (x *jsonIndex) scan(b []byte, ends []int32, from int) bool {
	stack := x.stack[:0]
	defer func() { x.stack = stack[:0] }()
	var (
		i     int
		ok    bool
		plain bool
		end   int
	)
	if from > 0 {
		stack = append(stack, 0)
		i = jsonwire.SkipSpace(b, from)
		goto key
	}
value: // a value starts at b[i]
	if i >= len(b) {
		return false
	}
	x.toks = append(x.toks, int32(i))
	x.parent = append(x.parent, top(stack))
	switch c := b[i]; {
	case c == '"':
		x.holes = append(x.holes, int32(len(x.toks)-1))
		if end, plain, ok = jsonwire.ScanString(b, i); !ok {
			return false
		}
		ends[i] = int32(end) | notPlain(plain)
		i = end
		goto after
	case c == '{' || c == '[':
		if len(stack) >= jsonwire.MaxDepth {
			return false
		}
		start := i
		i = jsonwire.SkipSpace(b, i+1)
		if i < len(b) && b[i] == c+2 { // '}' or ']': empty
			ends[start] = int32(i + 1)
			i++
			goto after
		}
		stack = append(stack, int32(len(x.toks)-1))
		if c == '{' {
			goto key
		}
		goto value
	default:
		if c == '-' || c >= '0' && c <= '9' {
			x.holes = append(x.holes, int32(len(x.toks)-1)) // a number
		}
		end, ok = jsonwire.ScanScalar(b, i)
	}
	if !ok {
		return false
	}
	ends[i] = int32(end)
	i = end
	goto after

key: // a member's key starts at b[i]
	if i >= len(b) || b[i] != '"' {
		return false
	}
	x.toks = append(x.toks, int32(i))
	x.parent = append(x.parent, top(stack))
	if end, plain, ok = jsonwire.ScanString(b, i); !ok {
		return false
	}
	ends[i] = int32(end) | notPlain(plain)
	i = jsonwire.SkipSpace(b, end)
	if i >= len(b) || b[i] != ':' {
		return false
	}
	i = jsonwire.SkipSpace(b, i+1)
	goto value

after: // a value ended just before b[i]
	if len(stack) == 0 {
		return i == len(b)
	}
	i = jsonwire.SkipSpace(b, i)
	if i >= len(b) {
		return false
	}
	if start := x.toks[stack[len(stack)-1]]; b[i] == ',' {
		if len(stack) == 1 && i < maxPrefix && b[0] == '{' {
			x.commas = append(x.commas, int32(i))
		}
		i = jsonwire.SkipSpace(b, i+1)
		if b[start] == '{' {
			goto key
		}
		goto value
	} else if b[i] == b[start]+2 { // the matching '}' or ']'
		stack = stack[:len(stack)-1]
		ends[start] = int32(i + 1)
		i++
		goto after
	}
	return false
}

// skipper jumps over the values of one valid JSON value v (a slice of the
// indexed document, or not).
type skipper struct {
	ends []int32 // the record from v's first byte on; nil: skip bytes
	off  int32   // v's offset in the document
}

// skipperFor returns the skipper for v.
func (x *jsonIndex) skipperFor(v []byte) skipper {
	if x == nil || len(x.doc) == 0 || len(v) == 0 {
		return skipper{}
	}
	off := cap(x.doc) - cap(v)
	if off < 0 || off+len(v) > len(x.doc) || &x.doc[off] != &v[0] {
		return skipper{}
	}
	return skipper{ends: x.ends[off : off+len(v)], off: int32(off)}
}

// skip returns the end of the value (or key) starting at v[i].
func (s skipper) skip(v []byte, i int) int {
	if s.ends != nil {
		end := int(s.ends[i]&^notPlainFlag - s.off)
		if invariants.Enabled {
			checkSkip(v, i, end, s.ends[i]&notPlainFlag == 0)
		}
		return end
	}
	return jsonwire.SkipValue(v, i)
}

// skipKey returns the end of the key starting at v[i] and whether its raw
// content is its decoded content.
func (s skipper) skipKey(v []byte, i int) (int, bool) {
	if s.ends != nil {
		e := s.ends[i]
		end, plain := int(e&^notPlainFlag-s.off), e&notPlainFlag == 0
		if invariants.Enabled {
			checkSkip(v, i, end, plain)
		}
		return end, plain
	}
	end := jsonwire.SkipString(v, i)
	return end, jsonwire.PlainKey(v[i+1 : end-1])
}

// plain reports whether the raw string raw (valid, quoted) holds no escape
// and no byte above ASCII.
func (x *jsonIndex) plain(raw []byte) bool {
	if s := x.skipperFor(raw); s.ends != nil {
		plain := s.ends[0]&notPlainFlag == 0
		if invariants.Enabled {
			checkSkip(raw, 0, len(raw), plain)
		}
		return plain
	}
	return jsonwire.PlainKey(raw[1 : len(raw)-1])
}

// parseObject checks that data is one JSON object (FRAME-4), indexes it and
// returns it without surrounding white space.
func (x *jsonIndex) parseObject(data []byte) ([]byte, *spec.Violation) {
	data = jsonwire.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, payloadErr(spec.FramePayload, "payload is not a JSON object: %s", jsonwire.Clip(data))
	}
	if !x.index(data) {
		return nil, payloadErr(spec.FramePayload, "payload is not valid JSON")
	}
	return data, nil
}

// eachMember calls fn with the raw quoted key and the raw value of every
// member of obj, a valid JSON object (no surrounding space), in order.
func (x *jsonIndex) eachMember(obj []byte, fn func(key, val []byte)) {
	s := x.skipperFor(obj)
	i := jsonwire.SkipSpace(obj, 1)
	for i < len(obj) && obj[i] == '"' {
		kend := s.skip(obj, i)
		key := obj[i:kend]
		i = jsonwire.SkipSpace(obj, kend)
		i = jsonwire.SkipSpace(obj, i+1) // ':'
		vend := s.skip(obj, i)
		fn(key, obj[i:vend])
		i = jsonwire.SkipSpace(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i = jsonwire.SkipSpace(obj, i+1)
		}
	}
}

// eachElem calls fn with the index and raw value of every element of arr, a
// valid JSON array (no surrounding space).
func (x *jsonIndex) eachElem(arr []byte, fn func(i int, val []byte)) {
	c := x.newArrayCursor(arr)
	for n := 0; ; n++ {
		v, ok := c.next()
		if !ok {
			return
		}
		fn(n, v)
	}
}

// arrayCursor walks the elements of a valid JSON array (no surrounding
// space) one at a time, so that a loop can stop at the first violation. The
// zero cursor, or one over a nil array, has no elements.
type arrayCursor struct {
	arr []byte
	i   int
	s   skipper
}

func (x *jsonIndex) newArrayCursor(arr []byte) arrayCursor {
	if len(arr) == 0 {
		return arrayCursor{}
	}
	return arrayCursor{arr: arr, i: jsonwire.SkipSpace(arr, 1), s: x.skipperFor(arr)}
}

// next returns the raw value of the next element, or false at the end.
func (c *arrayCursor) next() ([]byte, bool) {
	if c.i >= len(c.arr) || c.arr[c.i] == ']' {
		return nil, false
	}
	end := c.s.skip(c.arr, c.i)
	val := c.arr[c.i:end]
	c.i = jsonwire.SkipSpace(c.arr, end)
	if c.i < len(c.arr) && c.arr[c.i] == ',' {
		c.i = jsonwire.SkipSpace(c.arr, c.i+1)
	}
	return val, true
}

// lookup returns the raw value of the last member of the valid object o
// named key, or nil (the reference decodes objects into maps: last wins).
func (x *jsonIndex) lookup(o []byte, key string) []byte {
	var val []byte
	x.eachMember(o, func(k, v []byte) {
		if jsonwire.KeyIs(k, key) {
			val = v
		}
	})
	return val
}

// keySet is the set of member names a decoder reads at one level of a
// payload, with a small hash table so that lookupN tests each member
// against at most the wanted keys that share its hash (usually none or one).
type keySet struct {
	keys  []string
	table [64]uint16 // bit j set: keys[j] hashes to this slot
}

func newKeySet(keys ...string) *keySet {
	if len(keys) > 16 {
		panic("impl: more than 16 keys in a key set")
	}
	ks := &keySet{keys: keys}
	for j, k := range keys {
		ks.table[keyHash(k)] |= 1 << j
	}
	return ks
}

// keyHash hashes a member name by its length and its first and last bytes.
func keyHash[S string | []byte](k S) int {
	if len(k) == 0 {
		return 0
	}
	return (len(k)*5 + int(k[0])*3 + int(k[len(k)-1])) & 63
}

// lookupN sets vals[j] to the raw value of the last member of the valid
// object o named ks.keys[j], in one pass over o. vals must come all nil
// (absent members stay nil) and be as long as ks.keys.
func (x *jsonIndex) lookupN(o []byte, ks *keySet, vals [][]byte) {
	vals = vals[:len(ks.keys)]
	s := x.skipperFor(o)
	whole := s.ends != nil && s.off == 0 && len(o) == len(x.doc)
	if whole && ks == x.lkKS && x.lkGen == x.gen && !invariants.Sometimes(10) {
		// The structure is the last one's: the same members at the same
		// token indices.
		for j, t := range x.lkTok[:len(vals)] {
			if t >= 0 {
				vals[j] = x.tokBytes(int(t))
			}
		}
		if invariants.Enabled {
			checkLookup(x, o, ks, vals)
		}
		return
	}
	x.lookupMembers(o, s, ks, vals)
	if whole {
		x.noteLookup(ks, vals)
	}
}

// lookupMembers is lookupN's pass over the members of o, whose skipper is
// s.
func (x *jsonIndex) lookupMembers(o []byte, s skipper, ks *keySet, vals [][]byte) {
	i := jsonwire.SkipSpace(o, 1)
	for i < len(o) && o[i] == '"' {
		kend, plain := s.skipKey(o, i)
		key := o[i:kend]
		i = jsonwire.SkipSpace(o, kend)
		i = jsonwire.SkipSpace(o, i+1) // ':'
		vend := s.skip(o, i)
		if plain {
			// A plain key compares directly, with the wanted keys of its
			// hash only.
			in := key[1 : len(key)-1]
			for m := ks.table[keyHash(in)]; m != 0; m &= m - 1 {
				j := bits.TrailingZeros16(m)
				if string(in) == ks.keys[j] {
					vals[j] = o[i:vend]
				}
			}
		} else {
			for j, k := range ks.keys {
				if jsonwire.KeyIs(key, k) {
					vals[j] = o[i:vend]
				}
			}
		}
		i = jsonwire.SkipSpace(o, vend)
		if i < len(o) && o[i] == ',' {
			i = jsonwire.SkipSpace(o, i+1)
		}
	}
}

// top returns the last element of stack, or -1.
func top(stack []int32) int32 {
	if len(stack) == 0 {
		return -1
	}
	return stack[len(stack)-1]
}

// noteLookup records what lookupN found on the whole document.
func (x *jsonIndex) noteLookup(ks *keySet, vals [][]byte) {
	x.lkKS, x.lkGen = ks, x.gen
	for j, v := range vals {
		x.lkTok[j] = -1
		if v != nil {
			x.lkTok[j] = int32(x.tokOf(v))
		}
	}
}

// notPlain is the flag an index entry of a string carries when its content
// needs decoding (escapes or bytes above ASCII).
func notPlain(plain bool) int32 {
	if plain {
		return 0
	}
	return notPlainFlag
}

const notPlainFlag = -1 << 31
