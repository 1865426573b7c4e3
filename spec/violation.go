package spec

import (
	"fmt"
	"strconv"
)

// Class says how far a [Violation] reaches.
type Class uint8

// Violation classes.
const (
	// ClassTerminal ends the stream: no later event is applied, open calls
	// become incomplete.
	ClassTerminal Class = iota + 1
	// ClassCall is confined to one call or block: the offending event is
	// rejected, the call (if any) is marked invalid with the bytes it already
	// holds, and the stream goes on.
	ClassCall
	// ClassLoss names an element of a conversation history that the target
	// format of a translation cannot express (SPEC.md's XLATE rules): the
	// element is left out of the translation, never silently (or, for an
	// order the target cannot keep, written where the target can put it).
	ClassLoss
)

var classNames = [...]string{"", "terminal", "call", "loss"}

func (c Class) String() string {
	if int(c) < len(classNames) && c != 0 {
		return classNames[c]
	}
	return "class(" + strconv.Itoa(int(c)) + ")"
}

// NoCall is the Call of a [Violation] that concerns no particular call.
const NoCall = -1

// Violation is the one error type of toolspec: a broken rule of SPEC.md, where
// it broke, and what it concerns.
type Violation struct {
	Rule   RuleID // the rule broken, e.g. ID-7
	Class  Class
	Frame  int   // 1-based wire frame number (0: before any frame)
	Offset int64 // byte offset of the frame in the input
	// Call is the ordinal (position in first-seen order within the stream)
	// of the call concerned, or NoCall. A terminal violation that a call's
	// event broke names that call, which is in the outcome marked invalid:
	// a call the event would have opened (BUD-7, BUD-1, ...) is recorded
	// with its id, name and the argument bytes that fit the limits.
	Call    int
	Message string // human-readable detail, without the prefix
	// Payload holds the payload of the frame whose content broke a terminal
	// rule, verbatim: its first MaxViolationPayload bytes, or all of it for
	// a provider error (END-5), whose payload is everything the provider
	// said (its code, type and any field it attaches, such as Groq's
	// failed_generation). It is empty for violations of the framing itself
	// (FRAME-3, FRAME-7, BUD-5), for call-scoped violations and for events
	// pushed without a frame.
	Payload string
	// Path locates a violation of a conversation history (HIST and XLATE
	// rules): the JSON path of the element concerned in the format's own
	// document, such as "messages[3].content[1]". Frame and Offset are
	// zero then. It is empty for violations of a stream.
	Path string
}

// MaxViolationPayload is how many bytes of the offending frame's payload a
// terminal violation keeps (but for END-5, which keeps it all).
const MaxViolationPayload = 4096

// Error formats v as "toolspec: RULE: frame N (offset O): call #C: message",
// or, for a violation of a history, "toolspec: RULE: PATH: message".
func (v *Violation) Error() string {
	if v.Path != "" {
		return "toolspec: " + string(v.Rule) + ": " + v.Path + ": " + v.Message
	}
	s := "toolspec: " + string(v.Rule) + ": frame " + strconv.Itoa(v.Frame) + " (offset " + strconv.FormatInt(v.Offset, 10) + ")"
	if v.Call != NoCall {
		s += ": call #" + strconv.Itoa(v.Call)
	}
	return s + ": " + v.Message
}

// String formats v as one transcript line: "violation RULE CLASS frame=N
// offset=O call=C "message"", or, for a violation of a history (Path set),
// "violation RULE CLASS path="PATH" "message"".
func (v Violation) String() string {
	if v.Path != "" {
		return "violation " + string(v.Rule) + " " + v.Class.String() + " path=" + strconv.Quote(v.Path) + " " + strconv.Quote(v.Message)
	}
	s := fmt.Sprintf("violation %s %s frame=%d offset=%d", v.Rule, v.Class, v.Frame, v.Offset)
	if v.Call != NoCall {
		s += " call=" + strconv.Itoa(v.Call)
	}
	return s + " " + strconv.Quote(v.Message)
}
