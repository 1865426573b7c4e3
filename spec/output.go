package spec

import "strconv"

// OutputKind is the kind of an [Output].
type OutputKind uint8

// Output kinds: what a reassembler reports as it happens.
const (
	OutCallStart OutputKind = iota + 1 // a call was first seen: Call, Message, Choice, Data = its id
	OutCallArgs                        // argument bytes were appended to Call: Data
	OutCallEnd                         // Call reached its final Status
	OutText                            // text was appended: Message, Choice, Data
	OutThinking                        // thinking was appended: Message, Choice, Data
	OutStop                            // a message or choice stopped: Stop
	OutViolation                       // a call-scoped violation: Violation
)

var outNames = [...]string{"", "call-start", "call-args", "call-end", "text", "thinking", "stop", "violation"}

func (k OutputKind) String() string {
	if int(k) < len(outNames) && k != 0 {
		return outNames[k]
	}
	return "output(" + strconv.Itoa(int(k)) + ")"
}

// Output is one thing a reassembler reports while it consumes events. The
// fields a kind uses are listed on its constant.
type Output struct {
	Kind      OutputKind
	Message   int
	Choice    int
	Call      int
	Data      string
	Status    Status
	Stop      Stop
	Violation Violation
}

// String formats o on one line.
func (o Output) String() string {
	switch o.Kind {
	case OutCallStart:
		return "call-start " + strconv.Itoa(o.Call) + " id=" + strconv.Quote(o.Data)
	case OutCallArgs:
		return "call-args " + strconv.Itoa(o.Call) + " " + strconv.Quote(o.Data)
	case OutCallEnd:
		return "call-end " + strconv.Itoa(o.Call) + " " + o.Status.String()
	case OutText, OutThinking:
		return o.Kind.String() + " msg " + strconv.Itoa(o.Message) + " choice " + strconv.Itoa(o.Choice) + " " + strconv.Quote(o.Data)
	case OutStop:
		return "stop msg " + strconv.Itoa(o.Stop.Message) + " choice " + strconv.Itoa(o.Stop.Choice) + " " + string(o.Stop.Reason)
	case OutViolation:
		return o.Violation.String()
	}
	return o.Kind.String()
}
