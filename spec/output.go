package spec

import "strconv"

// OutputKind is the kind of an [Output].
type OutputKind uint8

// Output kinds: what a reassembler reports as it happens. Every output
// about a call (call-start, call-args, call-end, and a violation that
// concerns a call) carries the call as it stands: Call (its ordinal),
// Message, Choice, ID, Name, Namespace, ItemID, CallKind, Server and Status.
const (
	OutCallStart OutputKind = iota + 1 // a call was first seen, with its id and the name when known
	OutCallArgs                        // argument bytes were appended to Call: Data
	OutCallEnd                         // Call reached its final Status; Args and Signatures are final
	OutText                            // text was appended: Message, Choice, Data
	OutThinking                        // thinking was appended: Message, Choice, Data
	OutStop                            // a message or choice stopped: Stop
	OutViolation                       // a call-scoped violation: Violation
	OutRefusal                         // refusal text was appended: Message, Choice, Data (END-8)
)

var outNames = [...]string{"", "call-start", "call-args", "call-end", "text", "thinking", "stop", "violation", "refusal"}

func (k OutputKind) String() string {
	if int(k) < len(outNames) && k != 0 {
		return outNames[k]
	}
	return "output(" + strconv.Itoa(int(k)) + ")"
}

// Output is one thing a reassembler reports while it consumes events. The
// fields a kind uses are listed on its constant.
type Output struct {
	Kind    OutputKind
	Message int
	Choice  int
	Call    int    // the ordinal of the call concerned
	Data    string // the bytes appended (call-args, text, thinking)
	// Status is the call's status as the outcome would give it now: open
	// until its call-end, then final; invalid once a call-scoped violation
	// concerns it, even after its call-end.
	Status    Status
	Stop      Stop
	Violation Violation
	// ID and Name are the call's id and name as they stand ("" until
	// known); Namespace is a Responses function call's namespace (NAME-6)
	// and ItemID the id of its output item (ID-12); CallKind is CallFunction unless an event said another kind (NAME-4,
	// NAME-5); Server marks a server tool.
	ID        string
	Name      string
	Namespace string
	ItemID    string
	CallKind  CallKind
	Server    bool
	// Args and Signatures are the call's final argument text and
	// signatures, as the outcome holds them; set on call-end only.
	Args       string
	Signatures []string
}

// String formats o on one line.
func (o Output) String() string {
	switch o.Kind {
	case OutCallStart:
		return "call-start " + strconv.Itoa(o.Call) + " id=" + strconv.Quote(o.ID) + " name=" + strconv.Quote(o.Name)
	case OutCallArgs:
		return "call-args " + strconv.Itoa(o.Call) + " " + strconv.Quote(o.Data)
	case OutCallEnd:
		return "call-end " + strconv.Itoa(o.Call) + " " + o.Status.String() + " name=" + strconv.Quote(o.Name) + " args=" + strconv.Quote(o.Args)
	case OutText, OutThinking, OutRefusal:
		return o.Kind.String() + " msg " + strconv.Itoa(o.Message) + " choice " + strconv.Itoa(o.Choice) + " " + strconv.Quote(o.Data)
	case OutStop:
		return "stop msg " + strconv.Itoa(o.Stop.Message) + " choice " + strconv.Itoa(o.Stop.Choice) + " " + string(o.Stop.Reason)
	case OutViolation:
		return o.Violation.String()
	}
	return o.Kind.String()
}
