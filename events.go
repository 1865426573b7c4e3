package toolspec

import (
	"context"
	"errors"
	"io"
	"iter"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
)

// EventKind is the kind of an [Event].
type EventKind = spec.OutputKind

// Event kinds.
const (
	// EventCallStart: a call was first seen. Call holds its ordinal,
	// message, choice, id, name (when the stream has sent it), kind and
	// server flag.
	EventCallStart = spec.OutCallStart
	// EventCallArgs: argument bytes were appended to Call; Text holds them.
	EventCallArgs = spec.OutCallArgs
	// EventCallEnd: Call reached its final status, with its final
	// arguments and signatures, exactly as the outcome holds it.
	EventCallEnd = spec.OutCallEnd
	// EventText: assistant text was appended; Text holds it.
	EventText = spec.OutText
	// EventThinking: reasoning text was appended; Text holds it.
	EventThinking = spec.OutThinking
	// EventRefusal: refusal text was appended (the model declined); Text
	// holds it.
	EventRefusal = spec.OutRefusal
	// EventStop: a message (or one choice of it) stopped; Stop says why.
	EventStop = spec.OutStop
	// EventViolation: the stream broke a rule; Violation says which, and
	// Call is the call it concerns, if any. A call-scoped violation makes
	// the call invalid and the stream goes on; a terminal one ends it.
	EventViolation = spec.OutViolation
)

// Event is one thing an assembler reports as it happens. Its fields are its
// own: an Event may be kept after the callback or loop iteration.
//
// Every call gets one EventCallStart and, later, one EventCallEnd whose
// Call equals the outcome's, calls the stream was cut inside included
// (their EventCallEnd comes from Close). Every stop and violation of the
// outcome is reported once, in the outcome's order.
type Event struct {
	Kind    EventKind
	Message int // the message's ordinal in the stream
	Choice  int // the choice (candidate) within the message
	// Call is the call the event concerns, as it stands: nil for text,
	// thinking, stops and violations that concern no call. Args and
	// Signatures are set on EventCallEnd only; until then its Status is
	// open, or invalid once a violation concerns it.
	Call *Call
	// Text is what was appended: argument bytes (EventCallArgs), text
	// (EventText), thinking (EventThinking) or refusal text (EventRefusal).
	Text      string
	Stop      *Stop      // for EventStop
	Violation *Violation // for EventViolation
}

// String formats e on one line (an event built by hand without the field
// its kind needs prints as its kind).
func (e Event) String() string {
	switch {
	case (e.Kind == EventCallStart || e.Kind == EventCallArgs || e.Kind == EventCallEnd) && e.Call != nil:
		o := spec.Output{Kind: e.Kind, Call: e.Call.Ordinal, Data: e.Text, Status: e.Call.Status, ID: e.Call.ID, Name: e.Call.Name, Args: e.Call.Args}
		return o.String()
	case e.Kind == EventText || e.Kind == EventThinking || e.Kind == EventRefusal:
		return spec.Output{Kind: e.Kind, Message: e.Message, Choice: e.Choice, Data: e.Text}.String()
	case e.Kind == EventStop && e.Stop != nil:
		return spec.Output{Kind: e.Kind, Stop: *e.Stop}.String()
	case e.Kind == EventViolation && e.Violation != nil:
		return e.Violation.String()
	}
	return e.Kind.String()
}

// OnEvent registers fn to be called with every [Event], in order. Events
// are delivered once the frame that caused them is applied, so fn may call
// Snapshot; feeding the assembler from fn returns [ErrReentrant].
func (a *Assembler) OnEvent(fn func(Event)) {
	a.on = fn
	a.listen()
}

// listen makes the assembler convert impl's outputs into events.
func (a *Assembler) listen() {
	if a.listening {
		return
	}
	a.listening = true
	a.a.OnOutput(a.convert)
	a.a.OnFrame(a.deliver)
}

// convert turns one of impl's outputs, whose bytes are borrowed, into an
// Event of its own and queues it.
func (a *Assembler) convert(o *impl.Output) {
	ev := Event{Kind: o.Kind, Message: o.Message, Choice: o.Choice}
	switch o.Kind {
	case spec.OutCallStart, spec.OutCallArgs, spec.OutCallEnd:
		a.track(o.Call, o.Kind == spec.OutCallEnd)
		ev.Call = a.callOf(o)
		if o.Kind == spec.OutCallArgs {
			ev.Text = string(o.Data)
		}
	case spec.OutText, spec.OutThinking, spec.OutRefusal:
		ev.Text = string(o.Data)
	case spec.OutStop:
		s := o.Stop
		ev.Stop = &s
		ev.Message, ev.Choice = s.Message, s.Choice
	case spec.OutViolation:
		v := *o.Violation
		ev.Violation = &v
		if o.Call != spec.NoCall {
			a.track(o.Call, false)
			ev.Call = a.callOf(o)
		}
	}
	a.pending = append(a.pending, ev)
}

// callOf returns the Call an output reports. Before its end, a call's
// events share one Call while what they show of it is the same: it is
// never changed once an event holds it.
func (a *Assembler) callOf(o *impl.Output) *Call {
	if o.Kind != spec.OutCallEnd {
		if c := a.shown[o.Call]; c != nil && c.ID == o.ID && c.Name == o.Name && c.Namespace == o.Namespace && c.ItemID == o.ItemID && c.Status == o.Status &&
			c.Kind == o.CallKind && c.Server == o.Server && c.Message == o.Message && c.Choice == o.Choice {
			return c
		}
	}
	c := &Call{Ordinal: o.Call, Message: o.Message, Choice: o.Choice, ID: o.ID, Name: o.Name, Namespace: o.Namespace, ItemID: o.ItemID,
		Status: o.Status, Kind: o.CallKind, Server: o.Server}
	if o.Kind == spec.OutCallEnd {
		c.Args = string(o.Args)
		c.Signatures = append([]string(nil), o.Signatures...)
	} else {
		a.shown[o.Call] = c
	}
	return c
}

// track records that call n started, or ended.
func (a *Assembler) track(n int, end bool) {
	for len(a.ended) <= n {
		a.ended = append(a.ended, false)
		a.shown = append(a.shown, nil)
	}
	if end {
		a.ended[n] = true
		a.shown[n] = nil
	}
}

// afterFeed queues the terminal violation err, the first time a feeding
// method returns it, and delivers what is queued.
func (a *Assembler) afterFeed(err error) {
	if !a.listening {
		return
	}
	var v *Violation
	if !a.reported && errors.As(err, &v) {
		a.reported = true
		a.queueTerminal(v, Outcome(a.a.Snapshot()))
	}
	a.deliver()
}

// queueTerminal queues the terminal violation v; out holds the call it
// names, which the stream refused, if it was never reported as started.
func (a *Assembler) queueTerminal(v *Violation, out Outcome) {
	ev := Event{Kind: EventViolation, Violation: copyViolation(v)}
	if v.Call >= 0 && v.Call < len(out.Calls) {
		c := out.Calls[v.Call]
		if v.Call >= len(a.ended) {
			// A call the offending event would have opened (BUD-1, BUD-7,
			// ...): the outcome records it, invalid.
			start := c
			start.Args, start.Signatures, start.Status = "", nil, StatusInvalid
			a.pending = append(a.pending, Event{Kind: EventCallStart, Message: c.Message, Choice: c.Choice, Call: &start})
			a.track(v.Call, false)
		}
		ev.Message, ev.Choice, ev.Call = c.Message, c.Choice, &c
		ev.Call.Args, ev.Call.Signatures = "", nil
	}
	a.pending = append(a.pending, ev)
}

func copyViolation(v *Violation) *Violation {
	c := *v
	return &c
}

// closeEvents queues what ending the stream reported beyond impl's
// outputs: a terminal violation raised at the end, and a call-start and
// call-end for every call not yet reported so (a call refused by a
// terminal violation).
func (a *Assembler) closeEvents(out Outcome) {
	if n := len(out.Violations); !a.reported && n > 0 && out.Violations[n-1].Class == ClassTerminal {
		a.reported = true
		// Queued before the ends of the calls it cut short.
		ends := a.pending
		a.pending = nil
		a.queueTerminal(&out.Violations[n-1], out)
		a.pending = append(a.pending, ends...)
	}
	for i := range out.Calls {
		c := out.Calls[i]
		if i >= len(a.ended) {
			start := c
			start.Args, start.Signatures = "", nil
			a.pending = append(a.pending, Event{Kind: EventCallStart, Message: c.Message, Choice: c.Choice, Call: &start})
			a.track(i, false)
		}
		if !a.ended[i] {
			a.ended[i] = true
			a.pending = append(a.pending, Event{Kind: EventCallEnd, Message: c.Message, Choice: c.Choice, Call: &c})
		}
	}
}

// deliver hands the queued events to the loop over Events, or else to the
// callback. It runs after each frame (impl's OnFrame), after a feeding
// method returns and at Close.
func (a *Assembler) deliver() {
	if len(a.pending) == 0 || a.inside {
		return
	}
	a.inside = true
	defer func() {
		a.inside = false
		clear(a.pending)
		a.pending = a.pending[:0]
	}()
	for i := 0; i < len(a.pending); i++ {
		switch {
		case a.yield != nil:
			if !a.stopped && !a.yield(a.pending[i], nil) {
				a.stopped = true
			}
		case a.on != nil:
			a.on(a.pending[i])
		}
	}
}

// Events reads r into the assembler and yields every [Event] as it
// happens; at the end of r it closes the assembler, yields the events that
// causes, and then, unless [Outcome.Err] is nil, one last pair with the
// zero Event and an error. Close returns the outcome afterwards.
//
// A read error or the cancellation of ctx ends the stream as truncated:
// calls still open end as incomplete, and the last error wraps both the
// cause (ctx.Err(), or the read error) and the outcome's error. One that
// comes after the stream's terminal signal changes nothing: the outcome
// is whole. ctx is
// checked between reads; a read already waiting ends when r does (an HTTP
// response body of a request made with ctx ends when ctx does).
//
// Events are yielded as each frame is applied, so the loop's body may call
// Snapshot; feeding the assembler from it returns [ErrReentrant]. While the
// loop runs, a callback registered with OnEvent gets nothing. Breaking out
// of the loop leaves the assembler open.
func (a *Assembler) Events(ctx context.Context, r io.Reader) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		if a.inside || a.yield != nil {
			yield(Event{}, ErrReentrant)
			return
		}
		a.listen()
		a.yield, a.stopped = yield, false
		defer func() { a.yield = nil }()
		var cause error
		var buf [32 << 10]byte
		for a.a.Err() == nil {
			if err := ctx.Err(); err != nil {
				cause = err
				break
			}
			k, err := r.Read(buf[:])
			if k > 0 {
				_, werr := a.a.Write(buf[:k])
				a.afterFeed(werr)
				if a.stopped {
					return
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				if cause = ctx.Err(); cause == nil {
					cause = err
				}
				break
			}
		}
		out := Outcome(a.a.Close())
		a.closeEvents(out)
		a.deliver()
		if a.stopped {
			return
		}
		if err := out.Err(); err != nil {
			yield(Event{}, errors.Join(cause, err))
		}
	}
}

// Events reads a stream of format f from r under the default limits and
// yields every [Event] as it happens, then, unless the stream is a whole
// success, one last pair with the zero Event and the error ([Outcome.Err],
// wrapping ctx's error or a read error when one ended the stream). It is
// New(f, Limits{}).Events(ctx, r); use that form for the outcome or other
// limits.
func Events(ctx context.Context, f Format, r io.Reader) iter.Seq2[Event, error] {
	return New(f, Limits{}).Events(ctx, r)
}
