package decodetest

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// Pos is where a case is written: the file (its folder and base name) and
// the line.
type Pos struct {
	File string
	Line int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// CaseName is the name of a case and where it is written.
type CaseName struct {
	Name  string
	Where Pos
}

// Name returns the case name s, recording the file and line of the call,
// so that a failure can point at the case.
func Name(s string) CaseName {
	_, file, line, ok := runtime.Caller(1)
	if !ok {
		return CaseName{Name: s}
	}
	return CaseName{Name: s, Where: Pos{File: filepath.Join(filepath.Base(filepath.Dir(file)), filepath.Base(file)), Line: line}}
}

// Case is one whole input of one format and what decoding it gives.
type Case struct {
	Name CaseName
	// In is the whole input: an SSE stream, JSON lines or Bedrock
	// event-stream messages.
	In string
	// Limits are the limits to decode under; zero fields mean their
	// defaults.
	Limits spec.Limits
	// Want are the events, as spec.Event.String lines, KindEOF left out:
	// all of them, or, when Rule is set, those returned with the
	// violation (the events of the frames before the one that broke).
	Want []string
	// Rule is the rule of the terminal violation that stops decoding;
	// "" when the input decodes to the end.
	Rule spec.RuleID
	// Msg is the violation's message; "" leaves it unchecked.
	Msg string
	// Frame is the violation's frame number; 0 leaves it unchecked.
	Frame int
	// Tail, when set, is the bytes of a last frame the input cuts (the
	// KindEOF event's data); an input that decodes to the end must
	// otherwise end in an uncut KindEOF.
	Tail string
}

// Decoder decodes a whole input of format f under limits lim, as
// model.Decode and impl.Decode do: the events and, on a violation, the
// events before it and the violation.
type Decoder func(f spec.Format, data []byte, lim spec.Limits) ([]spec.Event, *spec.Violation)

// cases holds the tables by format; each format's file adds its own.
var cases = map[spec.Format][]Case{}

// Cases returns the cases of format f.
func Cases(f spec.Format) []Case {
	return append(cases[f][:len(cases[f]):len(cases[f])], indexCases(f)...)
}

// Run runs every case of format f through decode, each in a subtest named
// after it, and reports every difference from the case.
func Run(t *testing.T, f spec.Format, decode Decoder) {
	t.Helper()
	cs := Cases(f)
	if len(cs) == 0 {
		t.Fatalf("no cases for format %s", f)
	}
	for _, c := range cs {
		t.Run(c.Name.Name, func(t *testing.T) {
			evs, v := decode(f, []byte(c.In), c.Limits)
			for _, p := range Check(c, evs, v) {
				t.Error(p)
			}
		})
	}
}

// EventLines formats evs one spec.Event.String line each, leaving KindEOF out.
func EventLines(evs []spec.Event) []string {
	out := []string{}
	for _, e := range evs {
		if e.Kind != spec.KindEOF {
			out = append(out, e.String())
		}
	}
	return out
}

// Check compares what a decoder gave for c's input, events evs and
// violation v, with c. It returns one line per difference, each starting
// with where c is written and its name; none when they agree. Every event
// must also set only the fields its kind uses ([CheckFields]).
func Check(c Case, evs []spec.Event, v *spec.Violation) []string {
	var out []string
	fail := func(format string, args ...any) {
		out = append(out, fmt.Sprintf("%s: %s: ", c.Name.Where, c.Name.Name)+fmt.Sprintf(format, args...))
	}
	for _, e := range evs {
		if err := CheckFields(e); err != nil {
			fail("%v", err)
		}
	}
	got := EventLines(evs)
	want := c.Want
	if want == nil {
		want = []string{}
	}
	switch {
	case c.Rule != "" && v == nil:
		fail("want a %s violation, got none", c.Rule)
	case c.Rule != "":
		if v.Rule != c.Rule || v.Class != spec.ClassTerminal || v.Call != spec.NoCall {
			fail("violation %s %s call %d %q, want a terminal call-less %s", v.Rule, v.Class, v.Call, v.Message, c.Rule)
		}
		if c.Msg != "" && v.Message != c.Msg {
			fail("violation message\n  got  %q\n  want %q", v.Message, c.Msg)
		}
		if c.Frame != 0 && v.Frame != c.Frame {
			fail("violation at frame %d, want frame %d", v.Frame, c.Frame)
		}
		for _, e := range evs {
			if e.Kind == spec.KindEOF {
				fail("KindEOF returned with a violation: %v", e)
			}
		}
	case v != nil:
		fail("unexpected violation %s %s: %s", v.Rule, v.Class, v.Message)
	default:
		if n := len(evs); n == 0 || evs[n-1].Kind != spec.KindEOF {
			fail("decoding did not end with KindEOF")
		} else if eof := evs[n-1]; eof.HasData != (c.Tail != "") || eof.Data != c.Tail {
			fail("last event %v, want KindEOF with tail %q", eof, c.Tail)
		}
		for _, e := range evs[:max(len(evs)-1, 0)] {
			if e.Kind == spec.KindEOF {
				fail("KindEOF before the end: %v", e)
			}
		}
	}
	if !slices.Equal(got, want) {
		fail("events:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(want, "\n       "))
	}
	return out
}

// byItem checks a block event's key: one named by its item id (ByItem)
// has an Item and no Index; a delta or stop with a key has no Item.
func byItem(e spec.Event) error {
	switch {
	case e.ByItem && (e.Item == "" || e.Index != 0):
		return fmt.Errorf("%v: a block event without a key needs an item id and no index", e)
	case !e.ByItem && e.Kind != spec.KindBlockStart && e.Item != "":
		return fmt.Errorf("%v: a block delta or stop with a key carries no item id", e)
	}
	return nil
}

// CheckFields returns an error if e sets a field its kind does not use
// (spec.Kind's documentation: "every other field is zero"); Frame and
// Offset are not looked at. A fragment's Index is zero unless HasIndex, a
// block start has a block type and a block delta a delta type, and a text
// or thinking event carries text or a signature.
func CheckFields(e spec.Event) error {
	z := e
	z.Frame, z.Offset = 0, 0
	switch e.Kind {
	case spec.KindMessageStart:
		z.ID = ""
	case spec.KindMessageEnd:
	case spec.KindFragment:
		if !e.HasIndex && e.Index != 0 {
			return fmt.Errorf("%v: fragment without an index has Index %d", e, e.Index)
		}
		z.Choice, z.Index, z.HasIndex, z.Pos, z.ID, z.Name, z.Data, z.Sig, z.CallKind = 0, 0, false, 0, "", "", "", "", spec.CallUnspecified
	case spec.KindWholeCall:
		z.Choice, z.ID, z.Name, z.Data, z.Server, z.Sig, z.CallKind = 0, "", "", "", false, "", spec.CallUnspecified
	case spec.KindBlockStart:
		if e.Block == spec.BlockNone {
			return fmt.Errorf("%v: block start without a block type", e)
		}
		if e.Block != spec.BlockCall && (e.CallKind != spec.CallUnspecified || e.Namespace != "") {
			return fmt.Errorf("%v: call kind or namespace on a block that is no call", e)
		}
		if e.ItemByCall && (e.Block != spec.BlockCall || e.Item == "" || e.Item != e.ID) {
			return fmt.Errorf("%v: item-by-call on a block that is no call named by its call_id", e)
		}
		if err := byItem(e); err != nil {
			return err
		}
		z.Index, z.Block, z.ID, z.Name, z.Server, z.Data, z.Sig, z.Item, z.CallKind = 0, spec.BlockNone, "", "", false, "", "", "", spec.CallUnspecified
		z.ByItem, z.Namespace, z.ItemByCall = false, "", false
	case spec.KindBlockDelta:
		if e.Delta == spec.DeltaNone {
			return fmt.Errorf("%v: block delta without a delta type", e)
		}
		if err := byItem(e); err != nil {
			return err
		}
		z.Index, z.Delta, z.Data, z.HasData, z.ByItem, z.Item = 0, spec.DeltaNone, "", false, false, ""
	case spec.KindBlockStop:
		if err := byItem(e); err != nil {
			return err
		}
		z.Index, z.Data, z.HasData, z.Sig, z.ID, z.Name, z.ByItem, z.Item = 0, "", false, "", "", "", false, ""
	case spec.KindText, spec.KindThinking:
		if e.Data == "" && e.Sig == "" {
			return fmt.Errorf("%v: %s event without text or signature", e, e.Kind)
		}
		if e.Delta != spec.DeltaNone && (e.Kind != spec.KindText || e.Delta != spec.DeltaRefusal) {
			return fmt.Errorf("%v: %s event of delta type %s", e, e.Kind, e.Delta)
		}
		z.Choice, z.Data, z.Sig, z.Delta = 0, "", "", spec.DeltaNone
	case spec.KindSignature:
		z.Choice, z.Sig = 0, ""
	case spec.KindPathOpen:
		z.Choice, z.ID, z.Name, z.Sig = 0, "", "", ""
	case spec.KindPathArg:
		if e.Delta != spec.DeltaString && e.Delta != spec.DeltaJSON {
			return fmt.Errorf("%v: path argument of delta type %s", e, e.Delta)
		}
		z.Choice, z.Path, z.Delta, z.Data, z.More = 0, "", spec.DeltaNone, "", false
	case spec.KindPathClose:
		z.Choice = 0
	case spec.KindFinish:
		z.Choice, z.Data = 0, ""
	case spec.KindError:
		z.Data, z.Name = "", ""
	case spec.KindEOF:
		z.Data, z.HasData = "", false
	default:
		return fmt.Errorf("%+v: invalid kind", e)
	}
	if z != (spec.Event{Kind: e.Kind}) {
		return fmt.Errorf("%v: sets fields its kind does not use: %+v", e, z)
	}
	return nil
}
