package model

import (
	"os"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// reassembleScenario reassembles the input of one scenario file.
func reassembleScenario(t *testing.T, path string) spec.Outcome {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return Reassemble(sc.Format, sc.Input, sc.Limits)
}

// TestViolationPayload: a terminal violation keeps the payload of the
// frame that broke the rule: all of a provider error's (END-5), the first
// 4 KiB of any other, none for framing violations (SPEC.md, "Violations").
func TestViolationPayload(t *testing.T) {
	cases := []struct {
		path string
		rule spec.RuleID
		has  []string
	}{
		{"../spectest/testdata/scenarios/completion/chat-groq-error-event.txtar", spec.EndProviderErr, []string{`"failed_generation"`, `"tool_use_failed"`}},
		{"../spectest/testdata/scenarios/completion/chat-choice-error.txtar", spec.EndProviderErr, []string{`"provider_name":"Azure"`, `"code":502`}},
		{"../spectest/testdata/scenarios/budgets/no-parallel-chat.txtar", spec.BudParallel, []string{`"call_n2"`}},
	}
	for _, c := range cases {
		o := reassembleScenario(t, c.path)
		v := o.Violations[len(o.Violations)-1]
		if v.Rule != c.rule {
			t.Fatalf("%s: last violation %v, want %s", c.path, v, c.rule)
		}
		for _, s := range c.has {
			if !strings.Contains(v.Payload, s) {
				t.Errorf("%s: payload %q lacks %s", c.path, v.Payload, s)
			}
		}
	}
	// A long frame is kept to its first 4 KiB, but for END-5.
	long := strings.Repeat("x", 3*spec.MaxViolationPayload)
	for _, c := range []struct {
		in   string
		rule spec.RuleID
		n    int
	}{
		{`{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"` + long + `"}}]}}]}` + "\n", spec.BudArgBytes, spec.MaxViolationPayload},
		{`{"error":{"message":"` + long + `"}}` + "\n", spec.EndProviderErr, len(`{"error":{"message":""}}`) + len(long)},
		{"<html>\n", spec.FrameNotFormat, 0},
	} {
		o := Reassemble(spec.FormatOpenAIChat, []byte(c.in), spec.Limits{MaxArgBytes: 100})
		v := o.Violations[len(o.Violations)-1]
		if v.Rule != c.rule || len(v.Payload) != c.n {
			t.Errorf("%s with a payload of %d bytes, want %s with %d", v.Rule, len(v.Payload), c.rule, c.n)
		}
	}
}
