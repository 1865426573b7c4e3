package model

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// pathBuilder rebuilds a call's arguments from Vertex partialArgs leaves
// addressed by JSONPath (PAIR-10). Object members keep first-seen order;
// array elements must arrive densely (index = current length, or an
// existing index).
type pathBuilder struct {
	root *pnode
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
	kids  []*pnode // object members, in keys order
	elems []*pnode // array elements
	str   []byte   // string value so far
	done  bool     // string finished (a piece without willContinue)
	lit   string   // literal JSON text
}

func (p *pathBuilder) clone() *pathBuilder {
	return &pathBuilder{root: p.root.clone()}
}

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
	return &c
}

// segment is one step of a path: a member name or an array index.
type segment struct {
	name  string
	index int
	isIdx bool
}

// parsePath parses $ followed by .name, ['name'] or [N] steps.
func parsePath(path string) ([]segment, string) {
	if !strings.HasPrefix(path, "$") {
		return nil, "path does not start with $"
	}
	rest := path[1:]
	var segs []segment
	for rest != "" {
		switch rest[0] {
		case '.':
			rest = rest[1:]
			i := strings.IndexAny(rest, ".[")
			if i < 0 {
				i = len(rest)
			}
			if i == 0 {
				return nil, "empty member name"
			}
			segs = append(segs, segment{name: rest[:i]})
			rest = rest[i:]
		case '[':
			j := strings.IndexByte(rest, ']')
			if j < 0 {
				return nil, "unclosed ["
			}
			in := rest[1:j]
			rest = rest[j+1:]
			if len(in) >= 2 && (in[0] == '\'' || in[0] == '"') && in[len(in)-1] == in[0] {
				segs = append(segs, segment{name: in[1 : len(in)-1]})
				continue
			}
			n, err := strconv.Atoi(in)
			if err != nil || n < 0 || in != strconv.Itoa(n) {
				return nil, "bad array index " + strconv.Quote(in)
			}
			segs = append(segs, segment{index: n, isIdx: true})
		default:
			return nil, "unexpected " + strconv.QuoteRune(rune(rest[0]))
		}
	}
	if len(segs) == 0 {
		return nil, "path names no member"
	}
	return segs, ""
}

// apply adds one leaf piece. It returns a description of the problem, or ""
// when the piece was applied. On a problem the builder is unchanged.
func (p *pathBuilder) apply(path string, d spec.DeltaType, data string, more bool) string {
	segs, err := parsePath(path)
	if err != "" {
		return err
	}
	if segs[0].isIdx {
		return "arguments must be an object"
	}
	// Check the whole walk before changing anything.
	n := p.root
	for i, sg := range segs {
		if n == nil {
			break // the rest is new
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
			for k, key := range n.keys {
				if key == sg.name {
					next = n.kids[k]
				}
			}
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
	// Apply.
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
			for k, key := range n.keys {
				if key == sg.name {
					next = n.kids[k]
				}
			}
			if next == nil {
				next = newNode(last, d, segs, i)
				n.keys = append(n.keys, sg.name)
				n.kids = append(n.kids, next)
			}
		}
		n = next
	}
	if d == spec.DeltaString {
		n.str = append(n.str, data...)
		n.done = !more
	} else {
		n.lit = data
	}
	return ""
}

// newNode makes the node for step i of segs.
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

// render returns the arguments as JSON text; "" when nothing arrived.
func (p *pathBuilder) render() string {
	if p.root == nil {
		return ""
	}
	var b strings.Builder
	p.root.render(&b)
	return b.String()
}

func (n *pnode) render(b *strings.Builder) {
	switch n.kind {
	case pObject:
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			n.kids[i].render(b)
		}
		b.WriteByte('}')
	case pArray:
		b.WriteByte('[')
		for i, e := range n.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			e.render(b)
		}
		b.WriteByte(']')
	case pString:
		writeJSONString(b, string(n.str))
	case pLiteral:
		b.WriteString(n.lit)
	}
}

// writeJSONString writes s as a JSON string with the minimal escapes: quote,
// backslash, and control characters (\n, \r, \t, else \u00XX). Everything
// else is written verbatim (PAIR-10).
func writeJSONString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}
