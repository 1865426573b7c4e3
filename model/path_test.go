package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// pathCases are PAIR-10's path forms, well formed and not: each path with
// its steps (a quoted member name or an index) or the problem parsePath
// reports. impl/path_test.go holds the same table for impl;
// fuzz's TestPathsModelEqualsImpl compares the two on every short path.
var pathCases = []struct{ path, want string }{
	{`$.a`, `"a"`},
	{`$.a.b`, `"a" "b"`},
	{`$['a']`, `"a"`},
	{`$["a"]`, `"a"`},
	{`$['a.b[0']`, `"a.b[0"`},
	// The first ] closes a step, even inside quotes.
	{`$['a]b']`, `bad array index "'a"`},
	{`$['']`, `""`},
	{`$.a[0]`, `"a" [0]`},
	{`$.a[10]`, `"a" [10]`},
	{`$.a[9][0]`, `"a" [9] [0]`},
	{`$.a[2147483647].b`, `"a" [2147483647] "b"`},
	{`$.é`, `"é"`},
	{`$.a]`, `"a]"`},
	{``, `path does not start with $`},
	{`a`, `path does not start with $`},
	{`.a`, `path does not start with $`},
	{` $.a`, `path does not start with $`},
	{`$`, `path names no member`},
	{`$$.a`, `unexpected '$'`},
	{`$a`, `unexpected 'a'`},
	{`$ .a`, `unexpected ' '`},
	{`$.a]x`, `"a]x"`},
	{`$.a[0]x`, `unexpected 'x'`},
	{`$.a[0]]`, `unexpected ']'`},
	{`$.`, `empty member name`},
	{`$..a`, `empty member name`},
	{`$.a.`, `empty member name`},
	{`$.[0]`, `empty member name`},
	{`$[`, `unclosed [`},
	{`$.a[0`, `unclosed [`},
	{`$.a['b`, `unclosed [`},
	{`$[]`, `bad array index ""`},
	{`$.a[01]`, `bad array index "01"`},
	{`$.a[00]`, `bad array index "00"`},
	{`$.a[+1]`, `bad array index "+1"`},
	{`$.a[-1]`, `bad array index "-1"`},
	{`$.a[-0]`, `bad array index "-0"`},
	{`$.a[ 1]`, `bad array index " 1"`},
	{`$.a[1 ]`, `bad array index "1 "`},
	{`$.a[1.0]`, `bad array index "1.0"`},
	{`$.a[1e0]`, `bad array index "1e0"`},
	{`$.a[0x1]`, `bad array index "0x1"`},
	{`$.a[1_0]`, `bad array index "1_0"`},
	{`$.a[١]`, `bad array index "١"`},
	{`$.a[99999999999999999999]`, `bad array index "99999999999999999999"`},
	{`$.a[[0]]`, `bad array index "[0"`},
	{`$['a]`, `bad array index "'a"`},
	{`$["a']`, `bad array index "\"a'"`},
	{`$[']`, `bad array index "'"`},
	{`$[a]`, `bad array index "a"`},
	{`$[*]`, `bad array index "*"`},
}

// TestPathParse pins parsePath on every form of pathCases.
func TestPathParse(t *testing.T) {
	for _, c := range pathCases {
		segs, got := parsePath(c.path)
		if got == "" {
			var steps []string
			for _, s := range segs {
				if s.isIdx {
					steps = append(steps, fmt.Sprintf("[%d]", s.index))
				} else {
					steps = append(steps, fmt.Sprintf("%q", s.name))
				}
			}
			got = strings.Join(steps, " ")
		}
		if got != c.want {
			t.Errorf("parsePath(%q) = %s, want %s", c.path, got, c.want)
		}
	}
}

// TestPathApplyMalformed: a piece at a malformed path, or at an index that
// is not the next one of an existing array, is refused with the parser's
// problem and changes nothing, whatever the builder holds: no index, even
// a negative one read leniently, reaches the arrays.
func TestPathApplyMalformed(t *testing.T) {
	for _, c := range pathCases {
		var p pathBuilder
		for _, setup := range []string{"$.a[0]", "$.a[1]"} {
			if err := p.apply(setup, spec.DeltaJSON, "1", false); err != "" {
				t.Fatalf("apply(%s): %s", setup, err)
			}
		}
		before := p.render()
		_, perr := parsePath(c.path)
		err := p.apply(c.path, spec.DeltaJSON, "2", false)
		if perr != "" && err != perr {
			t.Errorf("apply(%q) = %q, want the parser's %q", c.path, err, perr)
		}
		if err != "" {
			if after := p.render(); after != before {
				t.Errorf("apply(%q) refused with %q but changed %s to %s", c.path, err, before, after)
			}
		}
	}
}
