package jsonwire

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is encoding/json's nesting limit.
const MaxDepth = 10000

// IsSpace reports whether c is JSON white space: space, tab, LF or CR.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// TrimSpace removes JSON white space from both ends of b.
func TrimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && IsSpace(b[i]) {
		i++
	}
	for j > i && IsSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

// SkipSpace returns the index of the first byte of b at or after i that is
// not JSON white space, or len(b).
func SkipSpace(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i // the common case: no space at all
	}
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// Valid reports whether b is one JSON value, with optional white space
// around it (json.Valid).
func Valid(b []byte) bool {
	i := SkipSpace(b, 0)
	end, ok := ScanValue(b, i, 0)
	return ok && SkipSpace(b, end) == len(b)
}

// IsObject reports whether b, without surrounding JSON white space, is one
// JSON object (END-2), as refjson.IsObject does with encoding/json.
func IsObject(b []byte) bool {
	t := TrimSpace(b)
	return len(t) > 0 && t[0] == '{' && Valid(t)
}

// ScanValue validates the value starting at b[i] (no leading space) and
// returns the index just after it. depth counts the enclosing containers.
func ScanValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '{':
		if depth+1 > MaxDepth {
			return i, false
		}
		i = SkipSpace(b, i+1)
		if i < len(b) && b[i] == '}' {
			i++
			break
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return i, false
			}
			var ok bool
			if i, _, ok = ScanString(b, i); !ok {
				return i, false
			}
			i = SkipSpace(b, i)
			if i >= len(b) || b[i] != ':' {
				return i, false
			}
			if i, ok = ScanValue(b, SkipSpace(b, i+1), depth+1); !ok {
				return i, false
			}
			i = SkipSpace(b, i)
			if i >= len(b) {
				return i, false
			}
			if b[i] == '}' {
				i++
				break
			}
			if b[i] != ',' {
				return i, false
			}
			i = SkipSpace(b, i+1)
		}
	case c == '[':
		if depth+1 > MaxDepth {
			return i, false
		}
		i = SkipSpace(b, i+1)
		if i < len(b) && b[i] == ']' {
			i++
			break
		}
		for {
			var ok bool
			if i, ok = ScanValue(b, i, depth+1); !ok {
				return i, false
			}
			i = SkipSpace(b, i)
			if i >= len(b) {
				return i, false
			}
			if b[i] == ']' {
				i++
				break
			}
			if b[i] != ',' {
				return i, false
			}
			i = SkipSpace(b, i+1)
		}
	case c == '"':
		i, _, ok := ScanString(b, i)
		return i, ok
	default:
		return ScanScalar(b, i)
	}
	return i, true
}

// ScanScalar validates the literal or number starting at b[i] and returns
// the index just after it.
func ScanScalar(b []byte, i int) (int, bool) {
	switch c := b[i]; {
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return ScanNumber(b, i)
	}
	return i, false
}

// scanLiteral validates the literal lit at b[i]. A failure returns the
// index of the first byte that differs, or len(b) when b ends inside the
// literal, so that a cut input is told from a bad one (isCut) and the
// offset of a syntax error is exact (ArgsProblem).
func scanLiteral(b []byte, i int, lit string) (int, bool) {
	if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
		return i + len(lit), true
	}
	for j := 0; j < len(lit); j++ {
		if i+j >= len(b) {
			return len(b), false
		}
		if b[i+j] != lit[j] {
			return i + j, false
		}
	}
	return i, false // unreachable: the literal matched
}

// Word-at-a-time masks: each byte of a uint64 tested at once. For a word
// x, (x - ones*n) &^ x & highs has the high bit of every byte below n set,
// and possibly of bytes above the first such byte (a borrow): the lowest
// set bit is exact, which is all the scanners use.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// stopBytes returns the mask of the bytes of x that end a plain run of a
// string: a quote, a backslash or a control byte.
func stopBytes(x uint64) uint64 {
	// x^0x02 turns a quote into 0x20 and keeps control bytes below 0x20
	// (and every other byte at 0x21 or above): one test finds both.
	q := x ^ (ones * 0x02)
	bs := x ^ (ones * '\\')
	return ((q-ones*0x21)&^q | (bs-ones)&^bs) & highs
}

// plainASCII marks the bytes a plain string holds as they are: printable
// ASCII but the quote and the backslash.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// ScanString validates the string starting at b[i] == '"'. A failure
// returns len(b) when b ends inside the string, so that a cut input is
// told from a bad one. plain reports
// that it holds no escape and no byte above ASCII, so that its decoded
// content is its raw content. It reads a word at a time, stopping at the
// bytes that need a look: a quote, a backslash, a control byte and, while
// the string is still plain, a byte above ASCII.
func ScanString(b []byte, i int) (end int, plain, ok bool) {
	i++
	plain = true
	hm := uint64(highs) // bytes above ASCII stop the scan while plain
	for {
		if i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			m := stopBytes(x) | x&hm
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
			if c := byte(x >> (bits.TrailingZeros64(m) &^ 7)); c == '"' {
				return i + 1, plain, true
			}
		} else {
			for i < len(b) && plainASCII[b[i]] {
				i++
			}
			if i >= len(b) {
				return i, false, false
			}
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, plain, true
		case c >= 0x80:
			plain, hm = false, 0
			i++
		case c == '\\':
			plain, hm = false, 0
			if i+1 >= len(b) {
				return len(b), false, false // cut after the backslash
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				for j := i + 2; j < i+6; j++ {
					if j >= len(b) {
						return len(b), false, false // cut inside \uXXXX
					}
					if unhex(b[j]) < 0 {
						return j, false, false
					}
				}
				i += 6
			default:
				return i + 1, false, false // the byte after the backslash
			}
		default: // a control byte
			return i, false, false
		}
	}
}

// ScanNumber validates the number starting at b[i] and returns the index
// just after it.
func ScanNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return i, false
	}
	if b[i] == '0' {
		i++
	} else if b[i] >= '1' && b[i] <= '9' {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	} else {
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return i, false
		}
	}
	return i, true
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// SkipValue returns the end of the value starting at b[i]; b must already
// be known valid, so nothing is checked again: strings are skipped quote to
// quote, containers by counting brackets outside strings.
func SkipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return SkipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch c := b[i]; c {
			case '"':
				i = SkipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// SkipString returns the end of the valid string starting at b[i] == '"'.
// Most strings are short keys, so it reads their first bytes one at a
// time and only then a word at a time (quoteOrBackslash), for the long
// strings an unindexed document holds (an argument object, a text).
func SkipString(b []byte, i int) int {
	i++
	for n := min(len(b), i+16); i < n; i++ {
		switch b[i] {
		case '"':
			return i + 1
		case '\\':
			i++
		}
	}
	for i < len(b) {
		if i+8 <= len(b) {
			m := quoteOrBackslash(binary.LittleEndian.Uint64(b[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		}
		switch b[i] {
		case '"':
			return i + 1
		case '\\':
			i += 2
		default:
			i++
		}
	}
	return len(b)
}

// quoteOrBackslash returns the mask of the bytes of x that are a quote or
// a backslash (exact at its lowest set bit, as stopBytes).
func quoteOrBackslash(x uint64) uint64 {
	q := x ^ (ones * '"')
	bs := x ^ (ones * '\\')
	return ((q-ones)&^q | (bs-ones)&^bs) & highs
}

// KeyIs reports whether the raw quoted key decodes to s.
func KeyIs(key []byte, s string) bool {
	in := key[1 : len(key)-1]
	plain := true
	for _, c := range in {
		if c == '\\' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(in) == s
	}
	var buf [64]byte
	if len(in) > len(buf) {
		return string(AppendUnquote(nil, key)) == s
	}
	return string(AppendUnquote(buf[:0], key)) == s
}

// AppendUnquote appends the decoded content of the raw (valid, quoted)
// string raw to dst, as encoding/json decodes it.
func AppendUnquote(dst, raw []byte) []byte {
	in := raw[1 : len(raw)-1]
	// Room for the content at once (only bytes that are not UTF-8 grow
	// when decoded): append's growth would copy a long string many times.
	dst = slices.Grow(dst, len(in))
	for i := 0; i < len(in); {
		// Copy the run of plain ASCII bytes up to the next backslash or
		// byte above ASCII, a word at a time.
		j := i
		for j+8 <= len(in) {
			x := binary.LittleEndian.Uint64(in[j:])
			bs := x ^ (ones * '\\')
			if m := ((bs-ones)&^bs | x) & highs; m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto run
			}
			j += 8
		}
		for j < len(in) && in[j] != '\\' && in[j] < utf8.RuneSelf {
			j++
		}
	run:
		dst = append(dst, in[i:j]...)
		if i = j; i >= len(in) {
			break
		}
		c := in[i]
		if c == '\\' {
			switch in[i+1] {
			case '"', '\\', '/':
				dst = append(dst, in[i+1])
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r := rune(hex4(in[i+2:]))
				i += 6
				if utf16.IsSurrogate(r) {
					if i+6 <= len(in) && in[i] == '\\' && in[i+1] == 'u' {
						if r2 := rune(hex4(in[i+2:])); utf16.DecodeRune(r, r2) != utf8.RuneError {
							dst = utf8.AppendRune(dst, utf16.DecodeRune(r, r2))
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				dst = utf8.AppendRune(dst, r)
				continue
			}
			i += 2
			continue
		}
		r, size := utf8.DecodeRune(in[i:])
		if r == utf8.RuneError && size == 1 {
			dst = utf8.AppendRune(dst, utf8.RuneError)
		} else {
			dst = append(dst, in[i:i+size]...)
		}
		i += size
	}
	return dst
}

func hex4(b []byte) int {
	return unhex(b[0])<<12 | unhex(b[1])<<8 | unhex(b[2])<<4 | unhex(b[3])
}

// AppendCompact appends the valid JSON value raw without insignificant
// white space, as json.Compact does. It copies runs, not bytes: the
// content of a string up to its next quote or backslash, a word at a time
// (quoteOrBackslash), and the bytes between two white spaces or strings.
func AppendCompact(dst, raw []byte) []byte {
	dst = slices.Grow(dst, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case IsSpace(c):
			i++
		case c == '"':
			j := i + 1
			for {
				for j+8 <= len(raw) {
					m := quoteOrBackslash(binary.LittleEndian.Uint64(raw[j:]))
					if m != 0 {
						j += bits.TrailingZeros64(m) >> 3
						break
					}
					j += 8
				}
				for j < len(raw) && raw[j] != '"' && raw[j] != '\\' {
					j++
				}
				if j >= len(raw) || raw[j] == '"' {
					break
				}
				j += 2 // a backslash and the byte it escapes
			}
			j = min(j+1, len(raw))
			dst = append(dst, raw[i:j]...)
			i = j
		default:
			j := i + 1
			for j < len(raw) && raw[j] != '"' && !IsSpace(raw[j]) {
				j++
			}
			dst = append(dst, raw[i:j]...)
			i = j
		}
	}
	return dst
}

// ArgsProblem says why the arguments b, which are not white space, are not
// one JSON object (END-2), with the byte offset in b where that shows: the
// first byte no JSON text can continue with, the end of b for a cut value,
// the start of a value of another type: the same text as
// refjson.ArgsProblem, which asks encoding/json where this reads with the
// scanner. It runs only on that cold path.
func ArgsProblem(b []byte) string {
	start := SkipSpace(b, 0)
	end, ok := ScanValue(b, start, 0)
	switch {
	case ok && SkipSpace(b, end) == len(b):
		return fmt.Sprintf("arguments are a JSON %s, not an object, at byte %d", Kind(b[start]), start)
	case ok:
		end = SkipSpace(b, end) // a second value, or anything, after the first
	case end >= len(b):
		return fmt.Sprintf("arguments are not one JSON object: cut at byte %d", len(b))
	case (b[end] == '{' || b[end] == '[') && openContainers(b[:end]) == MaxDepth:
		return fmt.Sprintf("arguments are not one JSON object: nested deeper than 10000 levels at byte %d", end)
	}
	return fmt.Sprintf("arguments are not one JSON object: a syntax error at byte %d", end)
}

// openContainers counts the objects and arrays still open at the end of p,
// a prefix of JSON text.
func openContainers(p []byte) int {
	n, inString, escaped := 0, false, false
	for _, c := range p {
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			n++
		case c == '}' || c == ']':
			n--
		}
	}
	return n
}

// Kind names the kind of JSON value that starts with byte c.
func Kind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return "number"
	}
	return "text"
}

// Clip shortens b for an error message, exactly as refjson.Clip does.
func Clip(b []byte) string {
	const max = 64
	if len(b) > max {
		return fmt.Sprintf("%q...", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

// PlainKey reports whether a raw key's content needs no decoding.
func PlainKey(in []byte) bool {
	for _, c := range in {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}
