package impl

import (
	"bytes"
	"strconv"

	"github.com/toolspec/toolspec/spec"
)

// pathBuilder rebuilds a call's arguments from Vertex partialArgs leaves
// (PAIR-10), as the reference does.
type pathBuilder struct {
	root *pnode
	segs []segment // reused
}

type pnodeKind uint8

const (
	pObject pnodeKind = iota + 1
	pArray
	pString
	pLiteral
)

type pnode struct {
	kind  pnodeKind
	keys  []string
	kids  []*pnode
	elems []*pnode
	str   []byte
	done  bool
	lit   []byte
}

type segment struct {
	name  []byte
	index int
	isIdx bool
}

// clone mirrors model's clone.
func (p *pathBuilder) clone() *pathBuilder {
	return &pathBuilder{root: p.root.clone()}
}

// clone mirrors model's clone.
func (n *pnode) clone() *pnode {
	if n == nil {
		return nil
	}
	c := *n
	c.keys = append([]string(nil), n.keys...)
	c.kids = make([]*pnode, len(n.kids))
	for i, k := range n.kids {
		c.kids[i] = k.clone()
	}
	c.elems = make([]*pnode, len(n.elems))
	for i, k := range n.elems {
		c.elems[i] = k.clone()
	}
	c.str = append([]byte(nil), n.str...)
	c.lit = append([]byte(nil), n.lit...)
	return &c
}

// parsePath mirrors model's parsePath.
//
// It parses $ followed by .name, ['name'], ["name"] or [N] steps
// into p.segs.
func (p *pathBuilder) parsePath(path []byte) string {
	p.segs = p.segs[:0]
	if len(path) == 0 || path[0] != '$' {
		return "path does not start with $"
	}
	rest := path[1:]
	for len(rest) > 0 {
		switch rest[0] {
		case '.':
			rest = rest[1:]
			i := bytes.IndexAny(rest, ".[")
			if i < 0 {
				i = len(rest)
			}
			if i == 0 {
				return "empty member name"
			}
			p.segs = append(p.segs, segment{name: rest[:i]})
			rest = rest[i:]
		case '[':
			j := bytes.IndexByte(rest, ']')
			if j < 0 {
				return "unclosed ["
			}
			in := rest[1:j]
			rest = rest[j+1:]
			if len(in) >= 2 && (in[0] == '\'' || in[0] == '"') && in[len(in)-1] == in[0] {
				p.segs = append(p.segs, segment{name: in[1 : len(in)-1]})
				continue
			}
			n, err := strconv.Atoi(string(in))
			if err != nil || n < 0 || string(in) != strconv.Itoa(n) {
				return "bad array index " + strconv.Quote(string(in))
			}
			p.segs = append(p.segs, segment{index: n, isIdx: true})
		default:
			return "unexpected " + strconv.QuoteRune(rune(rest[0]))
		}
	}
	if len(p.segs) == 0 {
		return "path names no member"
	}
	return ""
}

// member returns the member of object n called name, or nil: the lookup
// of apply's two walks, which model writes out in each.
func (n *pnode) member(name []byte) *pnode {
	var found *pnode
	for k, key := range n.keys {
		if key == string(name) {
			found = n.kids[k]
		}
	}
	return found
}

// apply mirrors model's apply.
//
// It adds one leaf piece; on a problem it returns its description and
// changes nothing.
func (p *pathBuilder) apply(path []byte, d spec.DeltaType, data []byte, more bool) string {
	if err := p.parsePath(path); err != "" {
		return err
	}
	segs := p.segs
	if segs[0].isIdx {
		return "arguments must be an object"
	}
	n := p.root
	for i, sg := range segs {
		if n == nil {
			break
		}
		var next *pnode
		if sg.isIdx {
			if n.kind != pArray {
				return "index into a non-array"
			}
			if sg.index > len(n.elems) {
				return "array index " + strconv.Itoa(sg.index) + " skips elements"
			}
			if sg.index < len(n.elems) {
				next = n.elems[sg.index]
			}
		} else {
			if n.kind != pObject {
				return "member of a non-object"
			}
			next = n.member(sg.name)
		}
		if i == len(segs)-1 && next != nil {
			if d != spec.DeltaString || next.kind != pString {
				return "value given twice"
			}
			if next.done {
				return "string continued after its last piece"
			}
		}
		if i < len(segs)-1 && next != nil && next.kind != pObject && next.kind != pArray {
			return "path goes through a leaf"
		}
		n = next
	}
	if p.root == nil {
		p.root = &pnode{kind: pObject}
	}
	n = p.root
	for i, sg := range segs {
		last := i == len(segs)-1
		var next *pnode
		if sg.isIdx {
			if sg.index < len(n.elems) {
				next = n.elems[sg.index]
			} else {
				next = newNode(last, d, segs, i)
				n.elems = append(n.elems, next)
			}
		} else {
			next = n.member(sg.name)
			if next == nil {
				next = newNode(last, d, segs, i)
				n.keys = append(n.keys, string(sg.name))
				n.kids = append(n.kids, next)
			}
		}
		n = next
	}
	if d == spec.DeltaString {
		n.str = appendGrow(n.str, data)
		n.done = !more
	} else {
		n.lit = append(n.lit[:0], data...)
	}
	return ""
}

// newNode mirrors model's newNode.
func newNode(last bool, d spec.DeltaType, segs []segment, i int) *pnode {
	if last {
		if d == spec.DeltaString {
			return &pnode{kind: pString}
		}
		return &pnode{kind: pLiteral}
	}
	if segs[i+1].isIdx {
		return &pnode{kind: pArray}
	}
	return &pnode{kind: pObject}
}

// render mirrors model's render.
//
// It appends the arguments as JSON text to dst; nothing when nothing
// arrived.
func (p *pathBuilder) render(dst []byte) []byte {
	if p.root == nil {
		return dst
	}
	return p.root.render(dst)
}

// render mirrors model's render.
func (n *pnode) render(b []byte) []byte {
	switch n.kind {
	case pObject:
		b = append(b, '{')
		for i, k := range n.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = n.kids[i].render(b)
		}
		b = append(b, '}')
	case pArray:
		b = append(b, '[')
		for i, e := range n.elems {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.render(b)
		}
		b = append(b, ']')
	case pString:
		b = appendJSONString(b, n.str)
	case pLiteral:
		b = append(b, n.lit...)
	}
	return b
}

// appendJSONString mirrors model's writeJSONString: PAIR-10.
//
// It writes s with the minimal escapes of PAIR-10.
func appendJSONString[S string | []byte](b []byte, s S) []byte {
	const hex = "0123456789abcdef"
	// Room for the quoted string, and for the closing brackets of a few
	// levels after it, at once: append's own growth would copy a long
	// string several times.
	n := len(s) + 2
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
			n++ // a backslash and a letter
		case c < 0x20:
			n += 5 // \u00XX
		}
	}
	b = grow(b, n+16)
	b = append(b, '"')
	run := 0 // s[run:i] needs no escape
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[run:i]...)
		run = i + 1
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
	}
	b = append(b, s[run:]...)
	return append(b, '"')
}
