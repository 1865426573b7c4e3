package decodetest

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// TestCases checks the table itself: every format has cases, and every
// case has a name unique in its format, a recorded place and an input.
func TestCases(t *testing.T) {
	for _, f := range spec.Formats {
		cs := Cases(f)
		if len(cs) == 0 {
			t.Errorf("%s: no cases", f)
		}
		seen := map[string]Pos{}
		for _, c := range cs {
			if c.Name.Name == "" || !strings.HasPrefix(c.Name.Where.File, "decodetest/") || c.Name.Where.Line == 0 {
				t.Errorf("%s: case %q written at %q", f, c.Name.Name, c.Name.Where)
			}
			if p, ok := seen[c.Name.Name]; ok {
				t.Errorf("%s: %s: case name %q already used at %s", f, c.Name.Where, c.Name.Name, p)
			}
			seen[c.Name.Name] = c.Name.Where
			if c.In == "" {
				t.Errorf("%s: %s: %s: empty input", f, c.Name.Where, c.Name.Name)
			}
			if c.Rule == "" && (c.Msg != "" || c.Frame != 0) {
				t.Errorf("%s: %s: %s: a message or frame without a rule", f, c.Name.Where, c.Name.Name)
			}
		}
	}
}

// TestCheck checks that Check reports each kind of difference, with the
// case's place and name.
func TestCheck(t *testing.T) {
	c := Case{Name: Name("c"), In: "x", Want: []string{`#1 text data="a"`}}
	text := spec.Event{Kind: spec.KindText, Frame: 1, Data: "a"}
	eof := spec.Event{Kind: spec.KindEOF, Frame: 1}
	bad := &spec.Violation{Rule: spec.FramePayload, Class: spec.ClassTerminal, Call: spec.NoCall, Frame: 2, Message: "m"}
	vc := c
	vc.Rule, vc.Msg, vc.Frame = spec.FramePayload, "m", 2
	for _, tc := range []struct {
		name string
		c    Case
		evs  []spec.Event
		v    *spec.Violation
		want string // a substring of the report; "" for none
	}{
		{"agree", c, []spec.Event{text, eof}, nil, ""},
		{"other events", c, []spec.Event{{Kind: spec.KindText, Frame: 1, Data: "b"}, eof}, nil, "events:"},
		{"no EOF", c, []spec.Event{text}, nil, "did not end with KindEOF"},
		{"cut EOF", c, []spec.Event{text, {Kind: spec.KindEOF, HasData: true, Data: "{"}}, nil, "want KindEOF with tail"},
		{"stray field", c, []spec.Event{{Kind: spec.KindText, Frame: 1, Data: "a", Index: 3}, eof}, nil, "sets fields its kind does not use"},
		{"unexpected violation", c, []spec.Event{text}, bad, "unexpected violation"},
		{"violation agrees", vc, []spec.Event{text}, bad, ""},
		{"no violation", vc, []spec.Event{text, eof}, nil, "want a FRAME-4 violation"},
		{"other rule", vc, []spec.Event{text}, &spec.Violation{Rule: spec.FrameFieldType, Class: spec.ClassTerminal, Call: spec.NoCall, Frame: 2, Message: "m"}, "want a terminal call-less FRAME-4"},
		{"other message", vc, []spec.Event{text}, &spec.Violation{Rule: spec.FramePayload, Class: spec.ClassTerminal, Call: spec.NoCall, Frame: 2, Message: "n"}, "violation message"},
		{"other frame", vc, []spec.Event{text}, &spec.Violation{Rule: spec.FramePayload, Class: spec.ClassTerminal, Call: spec.NoCall, Frame: 1, Message: "m"}, "want frame 2"},
	} {
		got := strings.Join(Check(tc.c, tc.evs, tc.v), "\n")
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: Check reports %q, want %q", tc.name, got, tc.want)
		}
		if got != "" && !strings.HasPrefix(got, tc.c.Name.Where.String()+": c: ") {
			t.Errorf("%s: report %q does not start with the case's place and name", tc.name, got)
		}
	}
}
