package spec

import (
	"errors"
	"strconv"
	"strings"
)

// The reasons an [Outcome] is not a whole success, as [Outcome.Err]
// reports them. Test for them with errors.Is; one error may carry several.
var (
	// ErrViolation: the stream broke a rule of SPEC.md. The error also
	// wraps the *Violation: the terminal one when there is one, else the
	// first.
	ErrViolation = errors.New("toolspec: the stream broke a rule")
	// ErrTruncated: the stream ended without its terminal signal, or inside
	// a frame, or a message ended with an error finish (END-3): the
	// connection was cut, the context cancelled, or the provider gave up.
	ErrTruncated = errors.New("toolspec: the stream was truncated")
	// ErrLength: a message was cut by its output-token limit (stop reason
	// length): the stream is whole but the answer is not.
	ErrLength = errors.New("toolspec: a message was cut by its token limit")
	// ErrUnknownStop: a message stopped for a reason that is not evidence
	// of a whole generation (stop reason other: a raw reason SPEC.md's
	// table does not list, or one it lists that says nothing of how the
	// generation ended, END-4). The error's message names the raw reason.
	ErrUnknownStop = errors.New("toolspec: a message stopped for an unknown reason")
	// ErrIncomplete: some calls are incomplete (END-3): their arguments
	// may be cut short.
	ErrIncomplete = errors.New("toolspec: calls are incomplete")
	// ErrInvalid: some calls are invalid (their arguments are not one JSON
	// object, or a call-scoped violation concerns them), or the provider
	// reported a malformed tool call (stop reason malformed_call).
	ErrInvalid = errors.New("toolspec: calls are invalid")
)

// OutcomeError is the error [Outcome.Err] returns: every reason the outcome
// is not a whole success, and what they concern.
type OutcomeError struct {
	// Reasons are the sentinels that apply, in the order ErrViolation,
	// ErrTruncated, ErrLength, ErrUnknownStop, ErrIncomplete, ErrInvalid.
	Reasons []error
	// Violation is the terminal violation, or else the first violation,
	// or nil when the stream broke no rule.
	Violation *Violation
	// Incomplete and Invalid are the ordinals of the calls with those
	// statuses.
	Incomplete []int
	Invalid    []int

	msg string
}

// Error says what went wrong, most serious first, naming the calls
// concerned.
func (e *OutcomeError) Error() string { return e.msg }

// Unwrap returns the reasons and the violation, for errors.Is and
// errors.As.
func (e *OutcomeError) Unwrap() []error {
	errs := append([]error(nil), e.Reasons...)
	if e.Violation != nil {
		errs = append(errs, e.Violation)
	}
	return errs
}

// Err returns nil only when the stream ended on its terminal signal, broke
// no rule, no message was cut by its token limit or stopped for a reason
// that says nothing of how it ended (other), and every call is complete.
// Otherwise it returns an *OutcomeError that wraps each reason that
// applies ([ErrViolation], [ErrTruncated], [ErrLength], [ErrUnknownStop],
// [ErrIncomplete], [ErrInvalid]) and the *Violation, if any. A stop for a
// content filter, a refusal or a pause is not an error by itself: the
// stream says why it stopped ([Outcome.StopReason]), and a call such a
// stop cut is incomplete (END-3), which is.
func (o Outcome) Err() error {
	e := &OutcomeError{}
	var parts []string
	for i := range o.Violations {
		v := &o.Violations[i]
		if e.Violation == nil || (v.Class == ClassTerminal && e.Violation.Class != ClassTerminal) {
			e.Violation = v
		}
	}
	if e.Violation != nil {
		e.Reasons = append(e.Reasons, ErrViolation)
		p := string(e.Violation.Rule) + ": " + e.Violation.Message
		if n := len(o.Violations); n > 1 {
			p += " (and " + strconv.Itoa(n-1) + " more violation" + plural(n-1) + ")"
		}
		parts = append(parts, p)
	}
	var length, truncated, errFinish, malformed bool
	var unknown []string // raw reasons of the stops whose reason is other
	for _, s := range o.Stops {
		switch s.Reason {
		case StopOther:
			if !containsString(unknown, s.Raw) {
				unknown = append(unknown, s.Raw)
			}
		case StopTruncated:
			truncated = true
		case StopError:
			errFinish = true
		case StopLength:
			length = true
		case StopMalformed:
			malformed = true
		}
	}
	// A stream that a terminal violation ended is stopped as truncated;
	// the violation is the reason.
	if (truncated || errFinish) && (e.Violation == nil || e.Violation.Class != ClassTerminal) {
		e.Reasons = append(e.Reasons, ErrTruncated)
		p := "the stream ended without its terminal signal"
		switch {
		case o.Tail != "":
			p = "the stream was cut inside its last frame"
		case !truncated:
			p = "a message ended with an error finish"
		}
		parts = append(parts, p)
	}
	if length {
		e.Reasons = append(e.Reasons, ErrLength)
		parts = append(parts, "a message was cut by its token limit")
	}
	if len(unknown) > 0 {
		e.Reasons = append(e.Reasons, ErrUnknownStop)
		q := make([]string, len(unknown))
		for i, r := range unknown {
			q[i] = strconv.Quote(r)
		}
		parts = append(parts, "a message stopped for raw reason"+plural(len(q))+" "+strings.Join(q, ", ")+", which "+map[bool]string{true: "is", false: "are"}[len(q) == 1]+" not known to end a generation normally")
	}
	for _, c := range o.Calls {
		switch c.Status {
		case StatusIncomplete:
			e.Incomplete = append(e.Incomplete, c.Ordinal)
		case StatusInvalid:
			e.Invalid = append(e.Invalid, c.Ordinal)
		}
	}
	if len(e.Incomplete) > 0 {
		e.Reasons = append(e.Reasons, ErrIncomplete)
		parts = append(parts, callList(o.Calls, StatusIncomplete))
	}
	if len(e.Invalid) > 0 || malformed {
		e.Reasons = append(e.Reasons, ErrInvalid)
		if len(e.Invalid) > 0 {
			parts = append(parts, callList(o.Calls, StatusInvalid))
		}
		if malformed {
			parts = append(parts, "the provider reports a malformed tool call")
		}
	}
	if len(e.Reasons) == 0 {
		return nil
	}
	e.msg = "toolspec: " + strings.Join(parts, "; ")
	return e
}

// callList says `2 calls incomplete: #0 "search", #1 "fetch"` of the calls
// with status st, naming at most five.
func callList(calls []Call, st Status) string {
	var b strings.Builder
	n := 0
	for _, c := range calls {
		if c.Status != st {
			continue
		}
		switch {
		case n < 5:
			if n > 0 {
				b.WriteByte(',')
			}
			b.WriteString(" #" + strconv.Itoa(c.Ordinal) + " " + strconv.Quote(c.Name))
		case n == 5:
			b.WriteString(", …")
		}
		n++
	}
	return strconv.Itoa(n) + " call" + plural(n) + " " + st.String() + ":" + b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
