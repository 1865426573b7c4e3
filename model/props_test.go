package model

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file states properties of the model that must hold for every event
// sequence, valid or not. The generator below draws events from small
// domains so that collisions (shared ids, indexes, keys) are frequent.

// TestPropRunEqualsStep: the in-place fold of Run and the fold of the pure
// Step agree on every sequence (so every handler makes its terminal checks
// before it changes anything).
func TestPropRunEqualsStep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f, lim, evs := gen.Stream(t, true)
		if d := outcomeDiff("Run", Run(f, lim, evs), "StepAll", StepAll(f, lim, evs)); d != "" {
			t.Fatalf("Run and StepAll differ:\n%s", d)
		}
	})
}

// TestPropStepPure: Step is deterministic and leaves its input state as it
// was; a terminal violation returns the input state but for the call it
// names, which is invalid (and new when its ordinal is the next one).
func TestPropStepPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f, lim, evs := gen.Stream(t, true)
		s := New(f, lim)
		for _, e := range evs {
			before := Finish(s, nil, nil)
			n1, out1, err1 := Step(s, e)
			n2, out2, err2 := Step(s, e)
			if d := outcomeDiff("before", before, "after", Finish(s, nil, nil)); d != "" {
				t.Fatalf("Step(%v) modified its input:\n%s", e, d)
			}
			if fmt.Sprintf("%#v %v", out1, err1) != fmt.Sprintf("%#v %v", out2, err2) || outcomeDiff("", Finish(n1, nil, nil), "", Finish(n2, nil, nil)) != "" {
				t.Fatalf("Step(%v) is not deterministic", e)
			}
			if err1 != nil {
				v := err1.(*spec.Violation)
				o0, o1 := before, Finish(n1, nil, nil)
				if v.Call == spec.NoCall {
					if d := outcomeDiff("before", before, "returned", o1); d != "" {
						t.Fatalf("Step(%v) returned a changed state with error %v:\n%s", e, err1, d)
					}
					return
				}
				if v.Call > len(o0.Calls) || v.Call >= len(o1.Calls) || o1.Calls[v.Call].Status != spec.StatusInvalid {
					t.Fatalf("Step(%v): %v names call %d, which is not invalid after it:\n%s", e, err1, v.Call, o1)
				}
				want := len(o0.Calls)
				if v.Call == len(o0.Calls) {
					want++
				}
				if len(o1.Calls) != want {
					t.Fatalf("Step(%v): %v: %d calls before, %d after", e, err1, len(o0.Calls), len(o1.Calls))
				}
				for i := range o0.Calls {
					if a, b := o0.Calls[i], o1.Calls[i]; i != v.Call && (a.ID != b.ID || a.Args != b.Args || a.Status != b.Status) {
						t.Fatalf("Step(%v): %v changed call %d too", e, err1, i)
					}
				}
				return
			}
			s = n1
		}
	})
}

// TestPropOutcome checks what every outcome must satisfy: calls in
// first-seen order, ids unique per message unless ID-7 says otherwise,
// budgets never exceeded, statuses consistent with arguments, and at most
// one terminal violation, last.
func TestPropOutcome(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f, lim, evs := gen.Stream(t, false)
		o := Run(f, lim, evs)
		checkOutcome(t, lim.Resolved(), o)
	})
}

func checkOutcome(t *rapid.T, lim spec.Limits, o spec.Outcome) {
	next := 0
	for _, it := range o.Items {
		if it.Kind == spec.ItemCall {
			if it.Call != next {
				t.Fatalf("call items out of first-seen order: got call %d, want %d\n%s", it.Call, next, o)
			}
			next++
		}
	}
	if next != len(o.Calls) {
		t.Fatalf("%d call items for %d calls\n%s", next, len(o.Calls), o)
	}
	flagged := map[int]bool{}
	terminal := 0
	for i, v := range o.Violations {
		if v.Rule == spec.IDDuplicate {
			flagged[v.Call] = true
		}
		if v.Class == spec.ClassTerminal {
			terminal++
			if i != len(o.Violations)-1 {
				t.Fatalf("a violation follows the terminal one\n%s", o)
			}
		}
		if !strings.HasPrefix(v.Error(), "toolspec: "+string(v.Rule)+": ") {
			t.Fatalf("violation text %q", v.Error())
		}
	}
	for _, v := range o.Violations {
		if v.Class == spec.ClassCall && v.Call != spec.NoCall && o.Calls[v.Call].Status != spec.StatusInvalid {
			t.Fatalf("call %d is concerned by %s but is %s\n%s", v.Call, v.Rule, o.Calls[v.Call].Status, o)
		}
	}
	if terminal > 1 {
		t.Fatalf("%d terminal violations\n%s", terminal, o)
	}
	// The call a terminal violation names is invalid; when it is the last
	// call it may be one the violation refused to open, which the budgets
	// do not count (SPEC.md, "Violations").
	rejected := -1
	if n := len(o.Violations); n > 0 && o.Violations[n-1].Class == spec.ClassTerminal {
		if v := o.Violations[n-1]; v.Call != spec.NoCall {
			if v.Call >= len(o.Calls) || o.Calls[v.Call].Status != spec.StatusInvalid {
				t.Fatalf("the terminal violation names call %d, which is not in the outcome or not invalid\n%s", v.Call, o)
			}
			if v.Call == len(o.Calls)-1 {
				rejected = v.Call
			}
		}
	}
	perMsgCalls := map[int]int{}
	perChoiceCalls := map[[2]int]int{}
	perMsgItems := map[int]int{}
	perMsgBytes := map[int]int{}
	for _, it := range o.Items {
		if it.Kind == spec.ItemCall && it.Call == rejected {
			continue
		}
		perMsgItems[it.Message]++
		perMsgBytes[it.Message] += len(it.Text)
		for _, s := range it.Signatures {
			perMsgBytes[it.Message] += len(s)
		}
	}
	for i, c := range o.Calls {
		if c.Ordinal != i {
			t.Fatalf("call %d has ordinal %d", i, c.Ordinal)
		}
		if i == rejected {
			continue
		}
		perMsgCalls[c.Message]++
		if !c.Server {
			perChoiceCalls[[2]int{c.Message, c.Choice}]++
		}
		if c.Args != "{}" { // "{}" may stand for no bytes at all (END-2)
			perMsgBytes[c.Message] += len(c.Args)
		}
		for _, s := range c.Signatures {
			perMsgBytes[c.Message] += len(s)
		}
		if len(c.Args) > lim.MaxArgBytes && !(c.Args == "{}") {
			t.Fatalf("call %d holds %d argument bytes, limit %d\n%s", i, len(c.Args), lim.MaxArgBytes, o)
		}
		if len(c.ID) > lim.MaxIDBytes || len(c.Name) > lim.MaxNameBytes {
			t.Fatalf("call %d id or name over the limit", i)
		}
		switch c.Status {
		case spec.StatusComplete:
			if !json.Valid([]byte(c.Args)) || strings.TrimSpace(c.Args)[0] != '{' {
				t.Fatalf("complete call %d has arguments %q\n%s", i, c.Args, o)
			}
		case spec.StatusInvalid, spec.StatusIncomplete:
		default:
			t.Fatalf("call %d ends with status %s", i, c.Status)
		}
		for j := 0; j < i; j++ {
			d := o.Calls[j]
			if d.Message == c.Message && d.Choice == c.Choice && c.ID != "" && d.ID == c.ID && !flagged[i] && !flagged[j] {
				t.Fatalf("calls %d and %d share id %q with no ID-7 violation\n%s", j, i, c.ID, o)
			}
		}
	}
	for m, n := range perMsgCalls {
		if n > lim.MaxCalls {
			t.Fatalf("message %d holds %d calls (max %d)\n%s", m, n, lim.MaxCalls, o)
		}
	}
	for mc, n := range perChoiceCalls {
		if lim.NoParallel && n > 1 {
			t.Fatalf("message %d choice %d holds %d client calls with parallel calls disabled\n%s", mc[0], mc[1], n, o)
		}
	}
	for m, n := range perMsgItems {
		if n > lim.MaxItems {
			t.Fatalf("message %d holds %d items, max %d", m, n, lim.MaxItems)
		}
	}
	for m, n := range perMsgBytes {
		if n > lim.MaxResponseBytes {
			t.Fatalf("message %d holds %d payload bytes, max %d\n%s", m, n, lim.MaxResponseBytes, o)
		}
	}
	// An error outside any message opens one more message to hold its stop.
	if o.Messages > lim.MaxMessages+1 {
		t.Fatalf("%d messages, max %d", o.Messages, lim.MaxMessages)
	}
}

// TestPropNothingAfterTerminal: once a terminal violation happened, the
// events after it change nothing.
func TestPropNothingAfterTerminal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f, lim, evs := gen.Stream(t, true)
		s := New(f, lim)
		for k, e := range evs {
			n, _, err := Step(s, e)
			if err != nil {
				if d := outcomeDiff("cut", Run(f, lim, evs[:k+1]), "whole", Run(f, lim, evs)); d != "" {
					t.Fatalf("events after the terminal violation at %d changed the outcome:\n%s", k, d)
				}
				return
			}
			s = n
		}
	})
}

// TestInvalidEvents pins EVENT-1: events no decoder produces are terminal
// violations, never panics.
func TestInvalidEvents(t *testing.T) {
	for _, e := range []spec.Event{
		{Kind: spec.KindInvalid},
		{Kind: spec.Kind(200)},
		{Kind: spec.KindBlockStart, Block: spec.BlockNone},
		{Kind: spec.KindBlockStart, Block: spec.BlockType(99)},
		{Kind: spec.KindBlockDelta, Delta: spec.DeltaNone},
		{Kind: spec.KindBlockDelta, Delta: spec.DeltaString},
		{Kind: spec.KindPathArg, Delta: spec.DeltaText},
	} {
		for _, f := range spec.Formats {
			s := New(f, spec.Limits{})
			if f == spec.FormatAnthropic || f == spec.FormatOpenAIResponses {
				s, _, _ = Step(s, spec.Event{Kind: spec.KindMessageStart})
			}
			_, _, err := Step(s, e)
			v, ok := err.(*spec.Violation)
			if !ok || v.Rule != spec.EventInvalid || v.Class != spec.ClassTerminal {
				t.Errorf("%s: Step(%v) = %v, want a terminal EVENT-1 violation", f, e, err)
			}
		}
	}
}

// TestPropChunking: the same wire bytes written in chunks split anywhere
// give the same outcome as written whole, for every scenario input and
// shared capture.
func TestPropChunking(t *testing.T) {
	type input struct {
		f    spec.Format
		lim  spec.Limits
		data []byte
	}
	var inputs []input
	for _, sc := range loadScenarios(t) {
		inputs = append(inputs, input{sc.Format, sc.Limits, sc.Input})
	}
	for _, f := range spec.Formats {
		files, _ := filepath.Glob(filepath.Join(capturesDir, string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, input{f, spec.Limits{}, data})
		}
	}
	if len(inputs) == 0 {
		t.Fatal("no inputs")
	}
	rapid.Check(t, func(t *rapid.T) {
		in := rapid.SampledFrom(inputs).Draw(t, "input")
		want := Reassemble(in.f, in.data, in.lim)
		d := NewDecoder(in.f, in.lim)
		d.keep = true
		var evs []spec.Event
		var v *spec.Violation
		rest := in.data
		for len(rest) > 0 && v == nil {
			n := rapid.IntRange(1, len(rest)).Draw(t, "chunk")
			var got []spec.Event
			got, v = d.Write(rest[:n])
			evs = append(evs, got...)
			rest = rest[n:]
		}
		if v == nil {
			var got []spec.Event
			got, v = d.Close()
			evs = append(evs, got...)
		}
		if d := outcomeDiff("whole", want, "chunked", runEvents(New(in.f, in.lim), evs, v, d.payloads)); d != "" {
			t.Fatalf("chunked outcome differs:\n%s", d)
		}
	})
}
