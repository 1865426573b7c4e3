package gen

import (
	"strconv"
	"strings"

	"pgregory.net/rapid"
)

// jObj is a JSON object whose members keep their order.
type jObj struct {
	k []string
	v []any
}

// jNum is a JSON number literal; jRaw is JSON text written verbatim.
type (
	jNum string
	jRaw string
)

// obj builds an object from key, value pairs.
func obj(kv ...any) *jObj {
	o := &jObj{}
	for i := 0; i+1 < len(kv); i += 2 {
		o.k = append(o.k, kv[i].(string))
		o.v = append(o.v, kv[i+1])
	}
	return o
}

func num(n int) jNum { return jNum(strconv.Itoa(n)) }

func (o *jObj) get(k string) (any, bool) {
	for i, key := range o.k {
		if key == k {
			return o.v[i], true
		}
	}
	return nil, false
}

func (o *jObj) obj(k string) *jObj {
	v, _ := o.get(k)
	x, _ := v.(*jObj)
	return x
}

func (o *jObj) arr(k string) []any {
	v, _ := o.get(k)
	x, _ := v.([]any)
	return x
}

func (o *jObj) set(k string, v any) {
	for i, key := range o.k {
		if key == k {
			o.v[i] = v
			return
		}
	}
	o.k = append(o.k, k)
	o.v = append(o.v, v)
}

func (o *jObj) del(k string) {
	for i, key := range o.k {
		if key == k {
			o.k = append(o.k[:i:i], o.k[i+1:]...)
			o.v = append(o.v[:i:i], o.v[i+1:]...)
			return
		}
	}
}

// delAt removes member i (of any key: keys may repeat).
func (o *jObj) delAt(i int) {
	o.k = append(o.k[:i:i], o.k[i+1:]...)
	o.v = append(o.v[:i:i], o.v[i+1:]...)
}

// clone copies o deeply.
func (o *jObj) clone() *jObj {
	c := &jObj{k: append([]string(nil), o.k...), v: make([]any, len(o.v))}
	for i, v := range o.v {
		c.v[i] = cloneValue(v)
	}
	return c
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case *jObj:
		return x.clone()
	case []any:
		a := make([]any, len(x))
		for i := range x {
			a[i] = cloneValue(x[i])
		}
		return a
	}
	return v
}

// escStyle is how a writer escapes strings. Every style is valid JSON and
// decodes to the same text.
type escStyle uint8

const (
	// escMinimal escapes quote, backslash, \n, \r, \t and other control
	// bytes as \u00xx: the form of PAIR-10.
	escMinimal escStyle = iota
	// escGo is encoding/json's: also <, >, & and U+2028, U+2029.
	escGo
	// escASCII escapes every non-ASCII rune (surrogate pairs above the BMP),
	// the slash, and uses \b and \f.
	escASCII
)

// style is how a writer lays out JSON.
type style struct {
	esc    escStyle
	space  bool // ", " and ": " separators
	sorted bool // object keys sorted (Bedrock Mantle)
	pad    int  // spaces before the last brace of the top-level object (Anthropic)
	lines  bool // a line break after every top-level member (multi-line SSE data)
}

// argSpaces is how argument text is spaced.
type argSpaces uint8

const (
	spCompact argSpaces = iota
	spSpaced
	spIndented
)

// renderArgs renders an arguments value as text.
func renderArgs(o *jObj, esc escStyle, sp argSpaces) string {
	var b strings.Builder
	switch sp {
	case spSpaced:
		style{esc: esc, space: true}.value(&b, o, 0)
	case spIndented:
		writeIndented(&b, o, esc, "")
	default:
		style{esc: esc}.value(&b, o, 0)
	}
	return b.String()
}

func writeIndented(b *strings.Builder, v any, esc escStyle, ind string) {
	switch x := v.(type) {
	case *jObj:
		if len(x.k) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range x.k {
			b.WriteString(ind + "  ")
			writeString(b, k, esc)
			b.WriteString(": ")
			writeIndented(b, x.v[i], esc, ind+"  ")
			if i < len(x.k)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(ind + "}")
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			b.WriteString(ind + "  ")
			writeIndented(b, e, esc, ind+"  ")
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(ind + "]")
	default:
		style{esc: esc}.value(b, v, 1)
	}
}

// text renders v in style s.
func (s style) text(v any) string {
	var b strings.Builder
	s.value(&b, v, 0)
	return b.String()
}

func (s style) value(b *strings.Builder, v any, depth int) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int:
		b.WriteString(strconv.Itoa(x))
	case jNum:
		b.WriteString(string(x))
	case jRaw:
		b.WriteString(string(x))
	case string:
		writeString(b, x, s.esc)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				s.comma(b, depth)
			}
			s.value(b, e, depth+1)
		}
		b.WriteByte(']')
	case *jObj:
		b.WriteByte('{')
		keys := make([]int, len(x.k))
		for i := range keys {
			keys[i] = i
		}
		if s.sorted {
			for i := 1; i < len(keys); i++ {
				for j := i; j > 0 && x.k[keys[j]] < x.k[keys[j-1]]; j-- {
					keys[j], keys[j-1] = keys[j-1], keys[j]
				}
			}
		}
		for n, i := range keys {
			if n > 0 {
				s.comma(b, depth)
			}
			writeString(b, x.k[i], s.esc)
			b.WriteByte(':')
			if s.space {
				b.WriteByte(' ')
			}
			s.value(b, x.v[i], depth+1)
		}
		if depth == 0 && s.pad > 0 {
			b.WriteString(strings.Repeat(" ", s.pad))
		}
		b.WriteByte('}')
	default:
		panic("gen: a JSON value of an unknown type")
	}
}

func (s style) comma(b *strings.Builder, depth int) {
	b.WriteByte(',')
	switch {
	case s.lines && depth == 0:
		b.WriteByte('\n')
	case s.space:
		b.WriteByte(' ')
	}
}

const hexDigits = "0123456789abcdef"

// writeString writes str as a JSON string in escape style esc.
func writeString(b *strings.Builder, str string, esc escStyle) {
	b.WriteByte('"')
	for _, r := range str {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case esc == escASCII && r == '\b':
			b.WriteString(`\b`)
		case esc == escASCII && r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&15])
		case esc == escGo && (r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029'):
			writeU(b, r)
		case esc == escASCII && r == '/':
			b.WriteString(`\/`)
		case esc == escASCII && r > 0x7e:
			if r > 0xFFFF {
				r -= 0x10000
				writeU(b, 0xD800+(r>>10))
				writeU(b, 0xDC00+(r&0x3FF))
			} else {
				writeU(b, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

func writeU(b *strings.Builder, r rune) {
	b.WriteString(`\u`)
	for s := 12; s >= 0; s -= 4 {
		b.WriteByte(hexDigits[(r>>s)&15])
	}
}

// compactJSON removes the white space outside strings from JSON text, as
// encoding/json.Compact does (escapes are kept as written).
func compactJSON(s string) string {
	var b strings.Builder
	in, esc := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in:
			b.WriteByte(c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				in = false
			}
		case c == '"':
			in = true
			b.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// splitText cuts s at rune boundaries into pieces (some of them empty when
// empties is set); their concatenation is s. At least one piece is
// returned.
func splitText(t *rapid.T, s string, maxPieces int, empties bool, label string) []string {
	runes := []int{}
	for i := range s {
		if i > 0 {
			runes = append(runes, i)
		}
	}
	n := rapid.IntRange(1, maxPieces).Draw(t, label+"Pieces")
	var cuts []int
	for i := 1; i < n && len(runes) > 0; i++ {
		cuts = append(cuts, runes[rapid.IntRange(0, len(runes)-1).Draw(t, label+"Cut")])
	}
	sortInts(cuts)
	var out []string
	prev := 0
	for _, c := range cuts {
		if c == prev {
			continue
		}
		out = append(out, s[prev:c])
		prev = c
	}
	out = append(out, s[prev:])
	if empties && rapid.IntRange(0, 3).Draw(t, label+"Empties") == 0 {
		at := rapid.IntRange(0, len(out)).Draw(t, label+"EmptyAt")
		out = append(out[:at:at], append([]string{""}, out[at:]...)...)
	}
	return out
}
