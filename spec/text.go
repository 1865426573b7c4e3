package spec

import (
	"fmt"
	"strconv"
)

// The enumerations of this package are integers in Go and names in text:
// each has MarshalText and UnmarshalText (encoding.TextMarshaler and
// encoding.TextUnmarshaler), so encoding/json and every other text encoding
// print "complete", not 1. The name of a value is its String form, from the
// same table. MarshalText fails for a value that no constant has, and
// UnmarshalText for a name that no constant has (names are matched exactly,
// case included): neither guesses. The zero [ItemKind], [Class], [Role],
// [PartKind] and [OutputKind], which no constant names, are the empty
// string both ways.
// [StopReason], a string, is its value both ways but for [StopNone], whose
// name is "none".

// nameOf returns the name of v in names, the enumeration called what.
func nameOf[T ~uint8](names []string, v T, what string) ([]byte, error) {
	if int(v) < len(names) {
		return []byte(names[v]), nil
	}
	return nil, fmt.Errorf("toolspec: %s %d has no name", what, v)
}

// valueOf returns the value named text in names, the enumeration called
// what.
func valueOf[T ~uint8](names []string, text []byte, what string) (T, error) {
	for i, n := range names {
		if n == string(text) {
			return T(i), nil
		}
	}
	return 0, unknownName(what, text)
}

// unknownName is the error of UnmarshalText for a name that no value has.
func unknownName(what string, text []byte) error {
	return fmt.Errorf("toolspec: unknown %s %s", what, strconv.Quote(string(text)))
}

// MarshalText returns the name of s, e.g. "complete".
func (s Status) MarshalText() ([]byte, error) { return nameOf(statusNames[:], s, "status") }

// UnmarshalText sets s to the status named text, e.g. "complete".
func (s *Status) UnmarshalText(text []byte) error {
	return setValue(s, statusNames[:], text, "status")
}

// MarshalText returns the name of c: "terminal" or "call" ("" for the zero
// Class).
func (c Class) MarshalText() ([]byte, error) { return nameOf(classNames[:], c, "class") }

// UnmarshalText sets c to the class named text: "terminal" or "call" (""
// gives the zero Class).
func (c *Class) UnmarshalText(text []byte) error {
	return setValue(c, classNames[:], text, "class")
}

// MarshalText returns the name of k, e.g. "thinking" ("" for the zero
// ItemKind).
func (k ItemKind) MarshalText() ([]byte, error) { return nameOf(itemNames[:], k, "item kind") }

// UnmarshalText sets k to the item kind named text, e.g. "thinking" (""
// gives the zero ItemKind).
func (k *ItemKind) UnmarshalText(text []byte) error {
	return setValue(k, itemNames[:], text, "item kind")
}

// MarshalText returns the name of k: "unspecified", "function",
// "custom", or the Responses item type a kind is named after, e.g.
// "computer_call".
func (k CallKind) MarshalText() ([]byte, error) { return nameOf(callKindNames[:], k, "call kind") }

// UnmarshalText sets k to the call kind named text: "unspecified",
// "function", "custom" or a Responses item type, e.g. "computer_call".
func (k *CallKind) UnmarshalText(text []byte) error {
	return setValue(k, callKindNames[:], text, "call kind")
}

// MarshalText returns the name of k, e.g. "call-start" ("" for the zero
// OutputKind).
func (k OutputKind) MarshalText() ([]byte, error) { return nameOf(outNames[:], k, "output kind") }

// UnmarshalText sets k to the output kind named text, e.g. "call-start"
// ("" gives the zero OutputKind).
func (k *OutputKind) UnmarshalText(text []byte) error {
	return setValue(k, outNames[:], text, "output kind")
}

// MarshalText returns the name of k, e.g. "block-start".
func (k Kind) MarshalText() ([]byte, error) { return nameOf(kindNames[:], k, "event kind") }

// UnmarshalText sets k to the event kind named text, e.g. "block-start".
func (k *Kind) UnmarshalText(text []byte) error {
	return setValue(k, kindNames[:], text, "event kind")
}

// MarshalText returns the name of b, e.g. "thinking".
func (b BlockType) MarshalText() ([]byte, error) { return nameOf(blockNames[:], b, "block type") }

// UnmarshalText sets b to the block type named text, e.g. "thinking".
func (b *BlockType) UnmarshalText(text []byte) error {
	return setValue(b, blockNames[:], text, "block type")
}

// MarshalText returns the name of d, e.g. "final-args".
func (d DeltaType) MarshalText() ([]byte, error) { return nameOf(deltaNames[:], d, "delta type") }

// UnmarshalText sets d to the delta type named text, e.g. "final-args".
func (d *DeltaType) UnmarshalText(text []byte) error {
	return setValue(d, deltaNames[:], text, "delta type")
}

// MarshalText returns the name of r, e.g. "assistant" ("" for the zero
// Role).
func (r Role) MarshalText() ([]byte, error) { return nameOf(roleNames[:], r, "role") }

// UnmarshalText sets r to the role named text, e.g. "assistant" ("" gives
// the zero Role).
func (r *Role) UnmarshalText(text []byte) error { return setValue(r, roleNames[:], text, "role") }

// MarshalText returns the name of k, e.g. "result" ("" for the zero
// PartKind).
func (k PartKind) MarshalText() ([]byte, error) { return nameOf(partKindNames[:], k, "part kind") }

// UnmarshalText sets k to the part kind named text, e.g. "result" (""
// gives the zero PartKind).
func (k *PartKind) UnmarshalText(text []byte) error {
	return setValue(k, partKindNames[:], text, "part kind")
}

// MarshalText returns the name of m, e.g. "required" ("unset" for
// [ChoiceUnset]).
func (m ToolChoiceMode) MarshalText() ([]byte, error) {
	return nameOf(choiceModeNames[:], m, "tool choice mode")
}

// UnmarshalText sets m to the tool choice mode named text, e.g.
// "required".
func (m *ToolChoiceMode) UnmarshalText(text []byte) error {
	return setValue(m, choiceModeNames[:], text, "tool choice mode")
}

// MarshalText returns the name of p: "unset", "allowed" or "disabled".
func (p Parallel) MarshalText() ([]byte, error) {
	return nameOf(parallelNames[:], p, "parallel setting")
}

// UnmarshalText sets p to the parallel setting named text: "unset",
// "allowed" or "disabled".
func (p *Parallel) UnmarshalText(text []byte) error {
	return setValue(p, parallelNames[:], text, "parallel setting")
}

// setValue sets *p to the value named text; on error *p is not changed.
func setValue[T ~uint8](p *T, names []string, text []byte, what string) error {
	v, err := valueOf[T](names, text, what)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// stopNoneName is the name of [StopNone] in text.
const stopNoneName = "none"

// stopReasons lists the canonical stop reasons (END-4), [StopNone] first.
// A test holds it equal to the StopReason constants.
var stopReasons = [...]StopReason{
	StopNone, StopEnd, StopToolUse, StopLength, StopSequence, StopContentFilter, StopRefusal,
	StopPause, StopMalformed, StopError, StopTruncated, StopOther,
}

// canonical reports whether r is one of the canonical stop reasons.
func (r StopReason) canonical() bool {
	for _, c := range stopReasons {
		if r == c {
			return true
		}
	}
	return false
}

// MarshalText returns the name of r: its value, e.g. "tool_use", or "none"
// for [StopNone]. It fails for a reason that is not canonical.
func (r StopReason) MarshalText() ([]byte, error) {
	if r == StopNone {
		return []byte(stopNoneName), nil
	}
	if !r.canonical() {
		return nil, fmt.Errorf("toolspec: stop reason %s is not canonical", strconv.Quote(string(r)))
	}
	return []byte(r), nil
}

// UnmarshalText sets r to the canonical stop reason named text: "none"
// gives [StopNone], any other canonical reason is its own name. The empty
// string, like every other name, is an error.
func (r *StopReason) UnmarshalText(text []byte) error {
	s := StopReason(text)
	switch {
	case string(text) == stopNoneName:
		*r = StopNone
	case s != StopNone && s.canonical():
		*r = s
	default:
		return unknownName("stop reason", text)
	}
	return nil
}
