package fuzz

import (
	"errors"
	"fmt"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
)

// This file compares what the reassemblers report as it happens on wire
// bytes: impl's OnOutput reports against the outputs the reference's Step
// gives for the events its decoder reads. TestWireOutputsCorpus
// (outputs_test.go) runs it on real streams, compareImpl (gen.go) on
// generated ones; TestOutputsModelEqualsImpl does the same on generated
// events.

// maxOutputsInput bounds the inputs whose outputs are compared: Step
// copies the state at every event, so the model's side costs the square
// of a stream's size.
const maxOutputsInput = 64 << 10

// modelRun reassembles data with the reference decoder and Step, event by
// event, and returns the outcome and every output Step gave. Outputs end at
// a terminal violation: what finishing the stream then does (open calls
// made incomplete, the message stopped) is in the outcome only, as is the
// stop END-3 gives a stream that carried no message.
func modelRun(f spec.Format, lim spec.Limits, data []byte) (spec.Outcome, []spec.Output) {
	evs, tail := model.Decode(f, data, lim)
	s := model.New(f, lim)
	var outs []spec.Output
	var viols []spec.Violation
	for _, e := range evs {
		n, out, err := model.Step(s, e)
		if err != nil {
			var v *spec.Violation
			errors.As(err, &v)
			// The violation keeps its frame's payload, which events do not
			// carry: Reassemble, the reference's whole run, knows it.
			ref := model.Reassemble(f, data, lim)
			v.Payload = ref.Violations[len(ref.Violations)-1].Payload
			return model.Finish(n, viols, v), outs
		}
		s = n
		outs = append(outs, out...)
		for _, o := range out {
			if o.Kind == spec.OutViolation {
				viols = append(viols, o.Violation)
			}
		}
	}
	return model.Finish(s, viols, tail), outs
}

// implRun reassembles data with impl, written in chunks of the given sizes
// (cycled; nil: whole), and returns the outcome and the outputs reported
// until a terminal violation (after it, impl reports how it finishes the
// stream, which modelRun cannot show) or, with none, until the end; then
// the stop END-3 gives a stream without a message is dropped too when the
// model has no stop output.
func implRun(f spec.Format, lim spec.Limits, data []byte, sizes []int) (spec.Outcome, []spec.Output) {
	a := impl.New(f, lim)
	var outs []spec.Output
	a.OnOutput(func(o *impl.Output) {
		if a.Err() == nil {
			outs = append(outs, specOutput(o))
		}
	})
	if sizes == nil {
		_, _ = a.Write(data)
	}
	for i := 0; sizes != nil && len(data) > 0; i++ {
		n := min(len(data), max(1, sizes[i%len(sizes)]))
		if _, err := a.Write(data[:n]); err != nil {
			break
		}
		data = data[n:]
	}
	return a.Close(), outs
}

// withoutFinishStop drops the last output of impl's when it is the stop
// END-3 gives, at the finish, a stream that carried no message: the
// model's Finish adds it to the outcome, not to Step's outputs.
func withoutFinishStop(o spec.Outcome, want, got []spec.Output) []spec.Output {
	for _, w := range want {
		if w.Kind == spec.OutStop {
			return got
		}
	}
	if n := len(got); n > 0 && got[n-1].Kind == spec.OutStop && o.Messages == 1 && len(o.Stops) == 1 &&
		got[n-1].Stop == o.Stops[0] && o.Stops[0].Reason == spec.StopTruncated {
		return got[:n-1]
	}
	return got
}

// compareRun checks impl against the model on data, outcome and outputs,
// fed whole and in chunks of the given sizes; outputs only when data is
// small enough.
func compareRun(t fataler, what string, f spec.Format, lim spec.Limits, data []byte, sizes []int) {
	t.Helper()
	if len(data) > maxOutputsInput {
		want := model.Reassemble(f, data, lim)
		sameOutcome(t, what, want, impl.Reassemble(f, data, lim))
		sameOutcome(t, fmt.Sprintf("%s fed in chunks %v", what, sizes), want, reassembleChunked(f, lim, data, sizes))
		return
	}
	want, wantOuts := modelRun(f, lim, data)
	for _, sz := range [][]int{nil, sizes} {
		w := what
		if sz != nil {
			w = fmt.Sprintf("%s fed in chunks %v", what, sz)
		}
		got, gotOuts := implRun(f, lim, data, sz)
		sameOutcome(t, w, want, got)
		sameOutputs(t, w, wantOuts, withoutFinishStop(want, wantOuts, gotOuts))
	}
}
