package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// TestPathParse pins parsePath on every form of decodetest.PathCases.
func TestPathParse(t *testing.T) {
	for _, c := range decodetest.PathCases {
		segs, got := parsePath(c.Path)
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
			if err := p.apply(setup, spec.DeltaJSON, "1", false); err != "" {
				t.Fatalf("apply(%s): %s", setup, err)
			}
		}
		before := p.render()
		_, perr := parsePath(c.Path)
		err := p.apply(c.Path, spec.DeltaJSON, "2", false)
		if perr != "" && err != perr {
			t.Errorf("apply(%q) = %q, want the parser's %q", c.Path, err, perr)
		}
		if err != "" {
			if after := p.render(); after != before {
				t.Errorf("apply(%q) refused with %q but changed %s to %s", c.Path, err, before, after)
			}
		}
	}
}
