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
)

func (c Class) String() string {
	switch c {
	case ClassTerminal:
		return "terminal"
	case ClassCall:
		return "call"
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
	// of the call concerned, or NoCall.
	Call    int
	Message string // human-readable detail, without the prefix
}

// Error formats v as "toolspec: RULE: frame N (offset O): call #C: message".
func (v *Violation) Error() string {
	s := "toolspec: " + string(v.Rule) + ": frame " + strconv.Itoa(v.Frame) + " (offset " + strconv.FormatInt(v.Offset, 10) + ")"
	if v.Call != NoCall {
		s += ": call #" + strconv.Itoa(v.Call)
	}
	return s + ": " + v.Message
}

// String formats v as one transcript line.
func (v Violation) String() string {
	s := fmt.Sprintf("violation %s %s frame=%d offset=%d", v.Rule, v.Class, v.Frame, v.Offset)
	if v.Call != NoCall {
		s += " call=" + strconv.Itoa(v.Call)
	}
	return s + " " + strconv.Quote(v.Message)
}
