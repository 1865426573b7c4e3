package impl

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// This file is a small JSON toolkit that works on byte slices without
// allocating. Its answers match encoding/json's exactly: what Valid accepts,
// how Unmarshal decodes a string (invalid UTF-8 and lone surrogates become
// U+FFFD), what Compact writes, and the nesting limit of 10000.

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// trimJSONSpace removes JSON white space from both ends of b.
func trimJSONSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isJSONSpace(b[i]) {
		i++
	}
	for j > i && isJSONSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

func skipSpace(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i // the common case: no space at all
	}
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}

// validJSON reports whether b is one JSON value, with optional white space
// around it (json.Valid).
func validJSON(b []byte) bool {
	i := skipSpace(b, 0)
	end, ok := scanValue(b, i, 0, nil)
	return ok && skipSpace(b, end) == len(b)
}

// isObject mirrors model's isObject: END-2.
//
// It reports whether b, without surrounding JSON white space, is one
// JSON object (END-2).
func isObject(b []byte) bool {
	t := trimJSONSpace(b)
	return len(t) > 0 && t[0] == '{' && validJSON(t)
}

// scanValue validates the value starting at b[i] (no leading space) and
// returns the index just after it. depth counts the enclosing containers.
// When ends is not nil (as long as b), ends[s] is set to the end of every
// value and key that starts at b[s] (jsonIndex).
func scanValue(b []byte, i, depth int, ends []int32) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	start := i
	switch c := b[i]; {
	case c == '{':
		if depth+1 > maxDepth {
			return i, false
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == '}' {
			i++
			break
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return i, false
			}
			k := i
			var ok, plain bool
			if i, plain, ok = scanString(b, i); !ok {
				return i, false
			}
			if ends != nil {
				ends[k] = int32(i) | notPlain(plain)
			}
			i = skipSpace(b, i)
			if i >= len(b) || b[i] != ':' {
				return i, false
			}
			if i, ok = scanValue(b, skipSpace(b, i+1), depth+1, ends); !ok {
				return i, false
			}
			i = skipSpace(b, i)
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
			i = skipSpace(b, i+1)
		}
	case c == '[':
		if depth+1 > maxDepth {
			return i, false
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == ']' {
			i++
			break
		}
		for {
			var ok bool
			if i, ok = scanValue(b, i, depth+1, ends); !ok {
				return i, false
			}
			i = skipSpace(b, i)
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
			i = skipSpace(b, i+1)
		}
	default:
		ok, plain := false, true
		if c == '"' {
			i, plain, ok = scanString(b, i)
		} else {
			i, ok = scanScalar(b, i)
		}
		if !ok {
			return i, false
		}
		if ends != nil {
			ends[start] = int32(i) | notPlain(plain)
		}
		return i, true
	}
	if ends != nil {
		ends[start] = int32(i)
	}
	return i, true
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

// scanScalar validates the literal or number starting at b[i] and returns
// the index just after it.
func scanScalar(b []byte, i int) (int, bool) {
	switch c := b[i]; {
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return scanNumber(b, i)
	}
	return i, false
}

// scanLiteral validates the literal lit at b[i]. A failure returns the
// index of the first byte that differs, or len(b) when b ends inside the
// literal, so that a cut input is told from a bad one (isCut) and the
// offset of a syntax error is exact (argsProblem).
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

// scanString validates the string starting at b[i] == '"'. A failure
// returns len(b) when b ends inside the string (isCut). plain reports
// that it holds no escape and no byte above ASCII, so that its decoded
// content is its raw content. It reads a word at a time, stopping at the
// bytes that need a look: a quote, a backslash, a control byte and, while
// the string is still plain, a byte above ASCII.
func scanString(b []byte, i int) (end int, plain, ok bool) {
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

func scanNumber(b []byte, i int) (int, bool) {
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

// skipValue returns the end of the value starting at b[i]; b must already
// be known valid, so nothing is checked again: strings are skipped quote to
// quote, containers by counting brackets outside strings.
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch c := b[i]; c {
			case '"':
				i = skipString(b, i)
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

// skipString returns the end of the valid string starting at b[i] == '"'.
// Most strings are short keys, so it reads their first bytes one at a
// time and only then a word at a time (quoteOrBackslash), for the long
// strings an unindexed document holds (an argument object, a text).
func skipString(b []byte, i int) int {
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

// keyIs reports whether the raw quoted key decodes to s.
func keyIs(key []byte, s string) bool {
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
		return string(appendString(nil, key)) == s
	}
	return string(appendString(buf[:0], key)) == s
}

// appendString appends the decoded content of the raw (valid, quoted)
// string raw to dst, as encoding/json decodes it.
func appendString(dst, raw []byte) []byte {
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

// appendCompact appends the valid JSON value raw without insignificant
// white space, as json.Compact does. It copies runs, not bytes: the
// content of a string up to its next quote or backslash, a word at a time
// (quoteOrBackslash), and the bytes between two white spaces or strings.
func appendCompact(dst, raw []byte) []byte {
	dst = slices.Grow(dst, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case isJSONSpace(c):
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
			for j < len(raw) && raw[j] != '"' && !isJSONSpace(raw[j]) {
				j++
			}
			dst = append(dst, raw[i:j]...)
			i = j
		}
	}
	return dst
}

// parseIndex reads lit as an index (FRAME-6): integer is whether it is a
// JSON integer written without fraction or exponent (an optional minus
// sign and digits), fits whether its value is also in the range of an
// int32, and n is then that value. It reads the digits exactly, never
// through floating point.
func parseIndex(lit []byte) (n int, integer, fits bool) {
	i := 0
	if len(lit) > 0 && lit[0] == '-' {
		i = 1
	}
	if i == len(lit) {
		return 0, false, false
	}
	var v int64
	for _, c := range lit[i:] {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if v <= 1<<31 { // past 2^31 the value is out of range: stop growing
			v = v*10 + int64(c-'0')
		}
	}
	if i == 1 {
		v = -v
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, true, false
	}
	return int(v), true, true
}

// argsProblem mirrors model's argsProblem: END-2.
//
// It says why the arguments b, which are not white space, are not
// one JSON object (END-2), with the byte offset in b where that shows: the
// first byte no JSON text can continue with, the end of b for a cut value,
// the start of a value of another type. Where model asks encoding/json, it
// reads with impl's own scanner; it runs only on that cold path.
func argsProblem(b []byte) string {
	start := skipSpace(b, 0)
	end, ok := scanValue(b, start, 0, nil)
	switch {
	case ok && skipSpace(b, end) == len(b):
		return fmt.Sprintf("arguments are a JSON %s, not an object, at byte %d", jsonKind(b[start]), start)
	case ok:
		end = skipSpace(b, end) // a second value, or anything, after the first
	case end >= len(b):
		return fmt.Sprintf("arguments are not one JSON object: cut at byte %d", len(b))
	case (b[end] == '{' || b[end] == '[') && openContainers(b[:end]) == maxDepth:
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

// jsonKind mirrors model's jsonKind.
//
// It names the kind of JSON value that starts with byte c.
func jsonKind(c byte) string {
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

// escapeLen is the length of byte c (a control character, a quote or a
// backslash) escaped by appendJSONString.
func escapeLen(c byte) int {
	switch c {
	case '"', '\\', '\n', '\r', '\t':
		return 2
	}
	return 6
}
