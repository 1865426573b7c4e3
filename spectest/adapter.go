package spectest

import (
	"github.com/toolspec/toolspec"
)

// Adapter is the reassembler under test: a library, an SDK's accumulator,
// a gateway, wrapped so that it takes the raw bytes of one stream and says
// what it made of them.
//
// Reassemble returns the calls the adapter reassembled and, as err, the
// error it reported for the stream, if any. An error is how an adapter
// fails closed: it tells its user not to act on the stream. Calls returned
// with an error are not judged.
type Adapter interface {
	Reassemble(s Stream) (r Result, err error)
}

// AdapterFunc adapts a function to [Adapter].
type AdapterFunc func(s Stream) (Result, error)

// Reassemble calls f(s).
func (f AdapterFunc) Reassemble(s Stream) (Result, error) { return f(s) }

// Stream is one input of the kit.
type Stream struct {
	Format toolspec.Format
	Data   []byte
	// Limits are the scenario's limits. They are other than the defaults
	// only for an adapter whose Description claims Limits.
	Limits toolspec.Limits
}

// Result is what an adapter reassembled from one stream.
type Result struct {
	// Calls are the tool calls in the order the adapter presents them.
	Calls []Call
	// StopReason is the canonical stop reason of the stream's last message
	// (toolspec's names: "tool_use", "end", "length", "truncated", ...),
	// judged only when the Description claims StopReason.
	StopReason toolspec.StopReason
	// Text and Thinking are all the assistant text and all the reasoning
	// text of the stream, concatenated in order, or grouped by message and
	// choice in the order they first appear (one text per choice, joined);
	// judged only when the Description claims them.
	Text     string
	Thinking string
}

// Call is one tool call as the adapter presents it.
type Call struct {
	ID        string
	Name      string
	Arguments string // the argument text (a custom call's raw input)
	// Finished says the adapter presents the call as complete, ready to
	// run. An adapter that has no such notion sets it for every call it
	// returns without an error.
	Finished bool
}

// Description says what an adapter is and what it claims to do; an
// adapter declares it by implementing [Describer]. The kit judges an
// adapter only on what it claims: a case that needs more is reported as
// not applicable, never as a failure.
type Description struct {
	Name    string // e.g. "openai-go ChatCompletionAccumulator"
	Version string // the exact version tested
	// Formats are the formats it reads; none means all six.
	Formats []toolspec.Format
	// StopReason, Text and Thinking: it fills those fields of Result.
	StopReason bool
	Text       bool
	Thinking   bool
	// Limits: it applies Stream.Limits (BUD-1 to BUD-7), failing closed
	// when one is exceeded.
	Limits bool
	// Custom: it returns OpenAI custom tool calls (raw input) as calls.
	Custom bool
	// SeveralResponses: it reads a stream that holds several responses
	// (several Anthropic message_start … message_stop sequences, OpenAI
	// chunks of several response ids or [DONE]s, several Responses
	// response.created events, several Ollama done lines) as their
	// messages in order, not as one. A provider sends one response a
	// stream and an SDK reads it as one by design; the scenarios tagged
	// several-responses are not applicable to an adapter that does not
	// claim it.
	SeveralResponses bool
}

// Describer is implemented by an adapter that declares its [Description].
// An adapter that does not is judged on the calls of every format under
// the default limits.
type Describer interface {
	Describe() Description
}

// describe returns a's description, with all formats when it names none.
func describe(a Adapter) Description {
	var d Description
	if x, ok := a.(Describer); ok {
		d = x.Describe()
	}
	if len(d.Formats) == 0 {
		d.Formats = toolspec.Formats()
	}
	return d
}

// Toolspec returns an adapter that runs the root package's production
// reassembler and claims everything; it passes the kit, and it is the
// yardstick the command's check runs first.
func Toolspec() Adapter { return toolspecAdapter{} }

type toolspecAdapter struct{}

func (toolspecAdapter) Describe() Description {
	return Description{Name: "toolspec", StopReason: true, Text: true, Thinking: true, Limits: true, Custom: true, SeveralResponses: true}
}

func (toolspecAdapter) Reassemble(s Stream) (Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	return FromOutcome(out), out.Err()
}

// FromOutcome turns a toolspec outcome into a Result: every call, Finished
// when complete, the last stop reason, the text and the thinking. It is
// how an adapter built on toolspec reports.
func FromOutcome(out toolspec.Outcome) Result {
	r := Result{StopReason: out.StopReason()}
	for _, c := range out.Calls {
		r.Calls = append(r.Calls, Call{ID: c.ID, Name: c.Name, Arguments: c.Args, Finished: c.Status == toolspec.StatusComplete})
	}
	for _, it := range out.Items {
		switch it.Kind {
		case toolspec.ItemText:
			r.Text += it.Text
		case toolspec.ItemThinking:
			r.Thinking += it.Text
		}
	}
	return r
}
