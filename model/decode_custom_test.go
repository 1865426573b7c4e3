package model

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// TestCustomCallKinds runs the state machine on custom calls: raw input is
// complete, empty input stays empty, and content of the other kind is
// NAME-4.
func TestCustomCallKinds(t *testing.T) {
	frag := func(id, name, data string, k spec.CallKind) spec.Event {
		return spec.Event{Kind: spec.KindFragment, Frame: 1, ID: id, Name: name, Data: data, CallKind: k}
	}
	fin := spec.Event{Kind: spec.KindFinish, Frame: 2, Data: "tool_calls"}
	cases := []struct {
		name string
		evs  []spec.Event
		want string
	}{
		{"raw input", []spec.Event{frag("c", "sh", "ls -l", spec.CallCustom), fin},
			`msg 0 choice 0 call 0 complete id="c" name="sh" custom args="ls -l"`},
		{"empty input stays empty", []spec.Event{frag("c", "sh", "", spec.CallCustom), fin},
			`msg 0 choice 0 call 0 complete id="c" name="sh" custom args=""`},
		{"kind from a later entry", []spec.Event{frag("c", "sh", "", spec.CallUnspecified), frag("", "", "{x", spec.CallCustom), fin},
			`msg 0 choice 0 call 0 complete id="c" name="sh" custom args="{x"`},
		{"function content for a custom call", []spec.Event{frag("c", "sh", "a", spec.CallCustom), frag("", "", "b", spec.CallFunction), fin},
			`msg 0 choice 0 call 0 invalid id="c" name="sh" custom args="a"`},
		{"custom content for a function call", []spec.Event{frag("c", "f", "{}", spec.CallFunction), frag("", "", "b", spec.CallCustom), fin},
			`msg 0 choice 0 call 0 invalid id="c" name="f" args="{}"`},
	}
	for _, c := range cases {
		o := Run(spec.FormatOpenAIChat, spec.Limits{}, c.evs)
		if len(o.Items) != 1 || !containsLine(o.String(), c.want) {
			t.Errorf("%s: transcript\n%s\nwant the line %s", c.name, o, c.want)
		}
		invalid := o.Calls[0].Status == spec.StatusInvalid
		if hasRule(o, spec.NameKind) != invalid {
			t.Errorf("%s: NAME-4 reported %v, call invalid %v", c.name, hasRule(o, spec.NameKind), invalid)
		}
	}
	if o := Run(spec.FormatOpenAIChat, spec.Limits{}, []spec.Event{{Kind: spec.KindFragment, ID: "c", CallKind: spec.CallKind(spec.NumCallKinds)}}); len(o.Violations) != 1 || o.Violations[0].Rule != spec.EventInvalid {
		t.Errorf("a fragment of call kind %d: %v, want EVENT-1", spec.NumCallKinds, o.Violations)
	}
}

func containsLine(transcript, line string) bool {
	return slices.Contains(strings.Split(transcript, "\n"), line)
}

func hasRule(o spec.Outcome, r spec.RuleID) bool {
	for _, v := range o.Violations {
		if v.Rule == r {
			return true
		}
	}
	return false
}
