package spec

import (
	"errors"
	"strings"
	"testing"
)

// TestErrPicksTheTerminalViolation: the wrapped violation is the terminal
// one even when call-scoped ones came first, and a terminal violation's
// truncated stop is not reported as ErrTruncated.
func TestErrPicksTheTerminalViolation(t *testing.T) {
	o := Outcome{
		Calls: []Call{{Ordinal: 0, Name: "a", Status: StatusInvalid}},
		Stops: []Stop{{Reason: StopTruncated}},
		Violations: []Violation{
			{Rule: IDDuplicate, Class: ClassCall, Call: 0, Message: "dup"},
			{Rule: BudCalls, Class: ClassTerminal, Call: NoCall, Message: "too many"},
		},
	}
	err := o.Err()
	var v *Violation
	if !errors.As(err, &v) || v.Rule != BudCalls {
		t.Errorf("wrapped violation %v, want BUD-1", v)
	}
	if errors.Is(err, ErrTruncated) || !errors.Is(err, ErrViolation) || !errors.Is(err, ErrInvalid) {
		t.Errorf("Err() = %v: want ErrViolation and ErrInvalid, not ErrTruncated", err)
	}
	if want := "toolspec: BUD-1: too many (and 1 more violation); 1 call invalid: #0 \"a\""; err.Error() != want {
		t.Errorf("Err() = %q\nwant     %q", err, want)
	}
}

// TestErrNamesAtMostFiveCalls, and survives an outcome built by hand with
// ordinals that do not index its calls.
func TestErrNamesAtMostFiveCalls(t *testing.T) {
	var o Outcome
	for i := 0; i < 7; i++ {
		o.Calls = append(o.Calls, Call{Ordinal: 100 + i, Name: "f", Status: StatusIncomplete})
	}
	o.Stops = []Stop{{Reason: StopLength}}
	err := o.Err()
	var oe *OutcomeError
	if !errors.As(err, &oe) || len(oe.Incomplete) != 7 || oe.Violation != nil {
		t.Fatalf("Err() = %#v", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, `7 calls incomplete: #100 "f", #101 "f", #102 "f", #103 "f", #104 "f", …`) || strings.Contains(msg, "#105") {
		t.Errorf("Err() = %q", msg)
	}
	if !errors.Is(err, ErrLength) || !errors.Is(err, ErrIncomplete) || errors.Is(err, ErrTruncated) {
		t.Errorf("Err() = %v: want ErrLength and ErrIncomplete only", err)
	}
}

// TestErrNilForWholeStreams: a finished stream of complete calls, or a
// refusal, is no error.
func TestErrNilForWholeStreams(t *testing.T) {
	for _, r := range []StopReason{StopToolUse, StopEnd, StopContentFilter, StopRefusal, StopPause, StopNone} {
		o := Outcome{Calls: []Call{{Status: StatusComplete}}, Stops: []Stop{{Reason: r}}}
		if err := o.Err(); err != nil {
			t.Errorf("stop %q: Err() = %v", r, err)
		}
	}
}

// TestErrNamesUnknownStops: a stop whose reason is other is no evidence of
// a whole generation (END-3, END-4): Err wraps ErrUnknownStop and names
// each raw reason once, in order.
func TestErrNamesUnknownStops(t *testing.T) {
	o := Outcome{
		Calls: []Call{{Status: StatusComplete}},
		Stops: []Stop{{Reason: StopOther, Raw: "model_length"}, {Choice: 1, Reason: StopEnd, Raw: "stop"}, {Choice: 2, Reason: StopOther, Raw: "model_length"}, {Choice: 3, Reason: StopOther, Raw: ""}},
	}
	err := o.Err()
	if !errors.Is(err, ErrUnknownStop) || errors.Is(err, ErrTruncated) || errors.Is(err, ErrIncomplete) {
		t.Fatalf("Err() = %v: want ErrUnknownStop only", err)
	}
	if want := `toolspec: a message stopped for raw reasons "model_length", "", which are not known to end a generation normally`; err.Error() != want {
		t.Errorf("Err() = %q\nwant     %q", err, want)
	}
}
