package impl

import "github.com/toolspec/toolspec/spec"

// This file ends a stream and builds its outcome, as model/run.go does for
// the reference.

// RunEvents mirrors model's Run: it folds an event sequence into its
// outcome.
func RunEvents(f spec.Format, lim spec.Limits, events []spec.Event) spec.Outcome {
	a := New(f, lim)
	for _, e := range events {
		if a.PushEvent(e) != nil {
			break
		}
	}
	a.closed = true
	a.out = a.m.finish(a.dead)
	return a.out
}

// Reassemble mirrors model's Reassemble: it reassembles a whole stream.
func Reassemble(f spec.Format, data []byte, lim spec.Limits) spec.Outcome {
	a := New(f, lim)
	_, _ = a.Write(data)
	return a.Close()
}

// finish mirrors model's Finish: NAME-3…NAME-5, END-2, END-3, END-5.
//
// It ends the stream in m, as at EOF, or with stop reason error (END-5) or
// truncated when cause is set, and builds the outcome.
func (m *machine) finish(cause *spec.Violation) spec.Outcome {
	if m.inMsg {
		ev := event{kind: spec.KindEOF}
		switch {
		case cause == nil:
			m.stepEOF(&ev)
		case cause.Rule == spec.EndProviderErr:
			ev.frame, ev.offset = cause.Frame, cause.Offset
			m.endMessage(&ev, spec.StopError)
		default:
			ev.frame, ev.offset = cause.Frame, cause.Offset
			m.endMessage(&ev, spec.StopTruncated)
		}
	} else if cause != nil && cause.Rule == spec.EndProviderErr {
		// An error outside any message is a message of its own.
		m.msgs++
		m.addStop(spec.Stop{Message: m.msgs - 1, Reason: spec.StopError})
	} else if cause == nil && m.msgs == 0 {
		// END-3: a stream that carried no message at all is truncated.
		m.msgs++
		m.addStop(spec.Stop{Message: 0, Reason: spec.StopTruncated})
	}
	viols := append([]spec.Violation(nil), m.viols...)
	if cause != nil {
		viols = append(viols, *cause)
	}
	o := spec.Outcome{Format: m.format, Messages: m.msgs, Violations: viols, Tail: string(m.tail)}
	for i := range m.calls {
		c := &m.calls[i]
		st, args, kind := c.result()
		o.Calls = append(o.Calls, spec.Call{
			Ordinal: len(o.Calls), Message: c.msg, Choice: c.choice, ID: c.id, Name: c.name,
			Args: string(args), Status: st, Kind: kind, Server: c.server, Signatures: append([]string(nil), c.sigs...),
			Namespace: c.ns, ItemID: c.itemID,
		})
	}
	for _, it := range m.items {
		x := spec.Item{Kind: it.kind, Message: it.msg, Choice: it.choice, Call: -1, Signatures: append([]string(nil), it.sigs...), ItemID: it.itemID}
		if it.kind == spec.ItemCall {
			x.Call = it.call
		} else {
			x.Text = string(it.text)
		}
		o.Items = append(o.Items, x)
	}
	o.Stops = append(o.Stops, m.stops...)
	return o
}
