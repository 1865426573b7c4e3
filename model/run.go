package model

import (
	"errors"

	"github.com/toolspec/toolspec/spec"
)

// Run folds a whole event sequence into its outcome. Events after a terminal
// violation are not applied. If the sequence does not end with KindEOF, the
// outcome is finished as if it did.
func Run(f spec.Format, lim spec.Limits, events []spec.Event) spec.Outcome {
	return runEvents(New(f, lim), events, nil, nil)
}

// Reassemble decodes data in format f with the reference decoder and runs
// the events. A decoding violation ends the stream like any terminal
// violation.
func Reassemble(f spec.Format, data []byte, lim spec.Limits) spec.Outcome {
	d := NewDecoder(f, lim)
	d.keep = true
	evs, v := d.Write(data)
	if v == nil {
		var rest []spec.Event
		rest, v = d.Close()
		evs = append(evs, rest...)
	}
	return runEvents(New(f, lim), evs, v, d.payloads)
}

// runEvents applies events to s in place (the state is private to the run),
// then finishes the stream. tail, if not nil, is a terminal violation that
// follows the events (a decoder's). payloads, when not nil, holds the
// payload of every frame, which a terminal violation of the state machine
// keeps.
func runEvents(s State, events []spec.Event, tail *spec.Violation, payloads [][]byte) spec.Outcome {
	var viols []spec.Violation
	for _, e := range events {
		out, v := apply(&s, e)
		if v != nil {
			if e.Frame >= 1 && e.Frame <= len(payloads) {
				v.Payload = violationPayload(v.Rule, payloads[e.Frame-1])
			}
			return Finish(s, viols, v)
		}
		viols = appendViolations(viols, out)
	}
	return Finish(s, viols, tail)
}

// appendViolations appends the violations reported in out.
func appendViolations(viols []spec.Violation, out []spec.Output) []spec.Violation {
	for _, o := range out {
		if o.Kind == spec.OutViolation {
			viols = append(viols, o.Violation)
		}
	}
	return viols
}

// StepAll folds events with [Step] (copying the state at every event) and is
// equivalent to [Run]; it exists so that tests can check that the in-place
// fold of Run and the pure Step agree.
func StepAll(f spec.Format, lim spec.Limits, events []spec.Event) spec.Outcome {
	s := New(f, lim)
	var viols []spec.Violation
	for _, e := range events {
		n, out, err := Step(s, e)
		if err != nil {
			var v *spec.Violation
			errors.As(err, &v)
			return Finish(n, viols, v)
		}
		s = n
		viols = appendViolations(viols, out)
	}
	return Finish(s, viols, nil)
}

// Finish ends the stream in state s and builds its outcome. viols are the
// call-scoped violations reported so far, in order; cause, if not nil, is
// the terminal violation that ended the stream. An open message is ended as
// at EOF, or with stop reason error (END-5) or truncated when cause is set.
// s is not modified.
func Finish(s State, viols []spec.Violation, cause *spec.Violation) spec.Outcome {
	s = s.clone()
	var out []spec.Output
	if s.inMsg {
		switch {
		case cause == nil:
			stepEOF(&s, spec.Event{Kind: spec.KindEOF}, &out)
		case cause.Rule == spec.EndProviderErr:
			s.endMessage(spec.Event{Kind: spec.KindEOF, Frame: cause.Frame, Offset: cause.Offset}, spec.StopError, &out)
		default:
			s.endMessage(spec.Event{Kind: spec.KindEOF, Frame: cause.Frame, Offset: cause.Offset}, spec.StopTruncated, &out)
		}
	} else if cause != nil && cause.Rule == spec.EndProviderErr {
		// An error outside any message is a message of its own.
		s.msgs++
		s.addStop(spec.Stop{Message: s.msgs - 1, Reason: spec.StopError}, &out)
	} else if cause == nil && s.msgs == 0 {
		// END-3: a stream that carried no message at all is truncated.
		s.msgs++
		s.addStop(spec.Stop{Message: 0, Reason: spec.StopTruncated}, &out)
	}
	viols = appendViolations(append([]spec.Violation(nil), viols...), out)
	if cause != nil {
		viols = append(viols, *cause)
	}
	o := spec.Outcome{Format: s.format, Messages: s.msgs, Violations: viols, Tail: s.tail}
	for _, c := range s.calls {
		st, args, kind := c.result()
		o.Calls = append(o.Calls, spec.Call{
			Ordinal: len(o.Calls), Message: c.msg, Choice: c.choice, ID: c.id, Name: c.name,
			Args: string(args), Status: st, Kind: kind, Server: c.server, Signatures: append([]string(nil), c.sigs...),
			Namespace: c.ns, ItemID: c.itemID,
		})
	}
	for _, it := range s.items {
		item := spec.Item{Kind: it.kind, Message: it.msg, Choice: it.choice, Call: -1, Signatures: append([]string(nil), it.sigs...), ItemID: it.itemID}
		if it.kind == spec.ItemCall {
			item.Call = it.call
		} else {
			item.Text = string(it.text)
		}
		o.Items = append(o.Items, item)
	}
	o.Stops = append(o.Stops, s.stops...)
	return o
}
