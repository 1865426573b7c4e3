package impl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// TestPathParse pins parsePath on every form of decodetest.PathCases.
func TestPathParse(t *testing.T) {
	var p pathBuilder
	for _, c := range decodetest.PathCases {
		got := p.parsePath([]byte(c.Path))
		if got == "" {
			var steps []string
			for _, s := range p.segs {
				if s.isIdx {
					steps = append(steps, fmt.Sprintf("[%d]", s.index))
				} else {
					steps = append(steps, fmt.Sprintf("%q", s.name))
				}
			}
			got = strings.Join(steps, " ")
		}
		if got != c.Want {
			t.Errorf("parsePath(%q) = %s, want %s", c.Path, got, c.Want)
		}
	}
}

// TestPathApplyMalformed: a piece at a malformed path, or at an index that
// is not the next one of an existing array, is refused with the parser's
// problem and changes nothing, whatever the builder holds: no index, even
// a negative one read leniently, reaches the arrays.
func TestPathApplyMalformed(t *testing.T) {
	for _, c := range decodetest.PathCases {
		var p pathBuilder
		for _, setup := range []string{"$.a[0]", "$.a[1]"} {
			if err := p.apply([]byte(setup), spec.DeltaJSON, []byte("1"), false); err != "" {
				t.Fatalf("apply(%s): %s", setup, err)
			}
		}
		before := string(p.render(nil))
		var q pathBuilder
		perr := q.parsePath([]byte(c.Path))
		err := p.apply([]byte(c.Path), spec.DeltaJSON, []byte("2"), false)
		if perr != "" && err != perr {
			t.Errorf("apply(%q) = %q, want the parser's %q", c.Path, err, perr)
		}
		if err != "" {
			if after := string(p.render(nil)); after != before {
				t.Errorf("apply(%q) refused with %q but changed %s to %s", c.Path, err, before, after)
			}
		}
	}
}

// TestAppendJSONStringEscapes: every byte is written as PAIR-10 says
// (quote, backslash, \n, \r and \t by two bytes, other control characters
// as \u00XX, the rest verbatim), and the room made at once is exact, so the
// buffer is allocated once.
func TestAppendJSONStringEscapes(t *testing.T) {
	var all []byte
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	long := []byte(strings.Repeat(string(all), 64))
	for _, s := range [][]byte{nil, all, long} {
		var want strings.Builder
		want.WriteByte('"')
		for _, c := range s {
			switch {
			case c == '"' || c == '\\':
				want.WriteString(`\` + string(c))
			case c == '\n':
				want.WriteString(`\n`)
			case c == '\r':
				want.WriteString(`\r`)
			case c == '\t':
				want.WriteString(`\t`)
			case c < 0x20:
				fmt.Fprintf(&want, `\u%04x`, c)
			default:
				want.WriteByte(c)
			}
		}
		want.WriteByte('"')
		got := appendJSONString([]byte("{"), s)
		if string(got[1:]) != want.String() {
			t.Fatalf("appendJSONString(%q) = %q, want %q", s, got[1:], want.String())
		}
		if n := testing.AllocsPerRun(10, func() { got = appendJSONString(got[:0:0], s) }); n > 1 {
			t.Errorf("appendJSONString of %d bytes allocates %.0f times, want once", len(s), n)
		}
		if str := appendJSONString(nil, string(s)); string(str) != want.String() {
			t.Errorf("appendJSONString of the string form differs: %q", str)
		}
	}
}
