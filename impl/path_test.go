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
