package spec

import (
	"strconv"
	"strings"
)

// Status is the final state of a call.
type Status uint8

// Call statuses.
const (
	// StatusOpen is a call still receiving bytes; it never appears in a
	// finished [Outcome].
	StatusOpen Status = iota
	// StatusComplete: a terminal signal closed the call and its arguments
	// are one JSON object, or it is a custom call (END-2).
	StatusComplete
	// StatusIncomplete: the stream was truncated (length, max_tokens, or no
	// terminal signal) before the call was closed (END-3).
	StatusIncomplete
	// StatusInvalid: the call was closed but its arguments are not a JSON
	// object, or a call-scoped violation concerns it. Its raw bytes are kept.
	StatusInvalid
)

var statusNames = [...]string{"open", "complete", "incomplete", "invalid"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// StopReason is the canonical reason a message ended (END-4).
type StopReason string

// Canonical stop reasons. SPEC.md maps each format's raw reasons onto them.
const (
	StopNone          StopReason = ""               // no reason reported
	StopEnd           StopReason = "end"            // the turn is over
	StopToolUse       StopReason = "tool_use"       // the turn waits for client tool results
	StopLength        StopReason = "length"         // cut by an output-token limit
	StopSequence      StopReason = "stop_sequence"  // a stop sequence matched
	StopContentFilter StopReason = "content_filter" // a safety filter intervened
	StopRefusal       StopReason = "refusal"        // the model refused
	StopPause         StopReason = "pause"          // a long server-tool turn paused
	StopMalformed     StopReason = "malformed_call" // the provider reports a malformed tool call
	StopError         StopReason = "error"          // a provider error ended the stream
	StopTruncated     StopReason = "truncated"      // the stream ended without a terminal signal
	StopOther         StopReason = "other"          // a raw reason not in the table
)

// Normal reports whether r is a normal end of a generation (END-3): end,
// tool_use, stop_sequence or pause. Every other reason (a length or
// context limit, a content filter, a refusal, a malformed call, an error,
// a truncation, a raw reason the table does not list) says the generation
// was cut or gave no account of itself, and a call it closes is
// incomplete, whatever its bytes parse to.
func (r StopReason) Normal() bool {
	switch r {
	case StopEnd, StopToolUse, StopSequence, StopPause:
		return true
	}
	return false
}

// Call is one reassembled tool call.
type Call struct {
	Ordinal int // position in first-seen order within the stream
	Message int // ordinal of the message (response) it belongs to
	Choice  int // choice or candidate number
	ID      string
	Name    string
	// Args is the final argument text: the bytes received, verbatim, or
	// "{}" for a complete function call that received none (END-2). A
	// custom call's Args is its raw input text.
	Args       string
	Status     Status
	Kind       CallKind // CallFunction, CallCustom or a Responses item kind, never CallUnspecified
	Server     bool     // executed by the provider (server tool)
	Signatures []string // opaque metadata that arrived with the call, verbatim
	// Namespace is the namespace of a Responses function call
	// (function_call item.namespace), verbatim: the tool called is Name
	// within it. "" when the call has none (NAME-6).
	Namespace string
	// ItemID is the id of the Responses output item that carried the call
	// (item.id: fc_..., ctc_..., verbatim), which a request that sends
	// the call back as an input item repeats; "" in the other formats
	// and when the item had none (ID-12).
	ItemID string
}

// ItemKind is the kind of an [Item].
type ItemKind uint8

// Item kinds.
const (
	ItemText      ItemKind = iota + 1 // assistant text
	ItemThinking                      // reasoning text
	ItemRedacted                      // redacted reasoning, opaque
	ItemSignature                     // a signature that arrived on its own
	ItemCall                          // a tool call (see Outcome.Calls)
	ItemOther                         // another block (tool result, hosted tool item)
	ItemRefusal                       // refusal text: the model declined (END-8)
)

var itemNames = [...]string{"", "text", "thinking", "redacted", "signature", "call", "other", "refusal"}

func (k ItemKind) String() string {
	if int(k) < len(itemNames) && k != 0 {
		return itemNames[k]
	}
	return "item(" + strconv.Itoa(int(k)) + ")"
}

// Item is one element of a message's content, in first-seen order.
type Item struct {
	Kind       ItemKind
	Message    int
	Choice     int
	Text       string   // text, thinking, refusal or redacted data
	Signatures []string // signatures attached to this item, verbatim
	Call       int      // for ItemCall, the call's Ordinal; NoCall for the other kinds
	// ItemID is the id of the Responses output item the content came from
	// (item.id: rs_... for reasoning, msg_... for a message, fc_... for a
	// call), verbatim; "" in the other formats and when the item had none
	// (ID-12). Items of one output item share it.
	ItemID string
}

// Stop is the end of one message (or one choice of it).
type Stop struct {
	Message int
	Choice  int
	Reason  StopReason
	Raw     string // the provider's reason, verbatim ("" when none)
}

// Outcome is the result of reassembling one stream.
type Outcome struct {
	Format     Format
	Messages   int // number of messages seen
	Items      []Item
	Calls      []Call
	Stops      []Stop
	Violations []Violation
	// Tail holds the bytes of a last frame the stream was cut inside
	// (FRAME-1, FRAME-2, FRAME-3): the payload of an unterminated SSE event
	// or JSON line that is a proper prefix of JSON text, or a partial
	// event-stream message. It is never read as a payload; the stream ends
	// as truncated (END-3).
	Tail string
}

// StopReason returns the reason of the last stop, or StopNone.
func (o Outcome) StopReason() StopReason {
	if len(o.Stops) == 0 {
		return StopNone
	}
	return o.Stops[len(o.Stops)-1].Reason
}

// String renders o as its canonical transcript: one line per item, stop and
// violation, in order. Two outcomes are equal exactly when their transcripts
// are.
func (o Outcome) String() string {
	var b strings.Builder
	b.WriteString("format " + string(o.Format) + "\n")
	b.WriteString("messages " + strconv.Itoa(o.Messages) + "\n")
	for _, it := range o.Items {
		b.WriteString("msg " + strconv.Itoa(it.Message) + " choice " + strconv.Itoa(it.Choice) + " ")
		if it.Kind == ItemCall && it.Call >= 0 && it.Call < len(o.Calls) {
			c := o.Calls[it.Call]
			b.WriteString("call " + strconv.Itoa(c.Ordinal) + " " + c.Status.String())
			b.WriteString(" id=" + strconv.Quote(c.ID) + " name=" + strconv.Quote(c.Name))
			if c.Namespace != "" {
				b.WriteString(" namespace=" + strconv.Quote(c.Namespace))
			}
			if c.ItemID != "" {
				b.WriteString(" item=" + strconv.Quote(c.ItemID))
			}
			if c.Server {
				b.WriteString(" server")
			}
			if c.Kind > CallFunction {
				b.WriteString(" " + c.Kind.String()) // custom, computer_call, ...
			}
			b.WriteString(" args=" + strconv.Quote(c.Args))
			for _, s := range c.Signatures {
				b.WriteString(" sig=" + strconv.Quote(s))
			}
		} else {
			b.WriteString(it.Kind.String())
			if it.ItemID != "" {
				b.WriteString(" item=" + strconv.Quote(it.ItemID))
			}
			if it.Kind != ItemSignature && it.Kind != ItemOther {
				b.WriteString(" " + strconv.Quote(it.Text))
			}
			for _, s := range it.Signatures {
				b.WriteString(" sig=" + strconv.Quote(s))
			}
		}
		b.WriteByte('\n')
	}
	for _, s := range o.Stops {
		b.WriteString("stop msg " + strconv.Itoa(s.Message) + " choice " + strconv.Itoa(s.Choice) + " " + string(s.Reason))
		if s.Reason == StopNone {
			b.WriteString("none")
		}
		b.WriteString(" raw=" + strconv.Quote(s.Raw) + "\n")
	}
	if o.Tail != "" {
		b.WriteString("tail " + strconv.Quote(o.Tail) + "\n")
	}
	for _, v := range o.Violations {
		b.WriteString(v.String() + "\n")
	}
	return b.String()
}
