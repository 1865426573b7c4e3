package toolspec_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
)

// TestOutcomeErr checks Outcome.Err on scenarios of each case: which
// sentinels it wraps, and the violation.
func TestOutcomeErr(t *testing.T) {
	all := map[string]error{
		"violation": toolspec.ErrViolation, "truncated": toolspec.ErrTruncated, "length": toolspec.ErrLength,
		"unknown-stop": toolspec.ErrUnknownStop, "incomplete": toolspec.ErrIncomplete, "invalid": toolspec.ErrInvalid,
	}
	cases := []struct {
		scenario string
		want     []string        // the sentinels wrapped; none: Err is nil
		rule     toolspec.RuleID // the violation wrapped, if any
		text     string          // in the message
	}{
		{"ordering/chat-text-and-call.txtar", nil, "", ""},
		{"completion/chat-custom-tool-call.txtar", nil, "", ""},
		{"completion/eof-mid-call.txtar", []string{"truncated", "incomplete"}, "", `1 call incomplete: #0 "write_file"`},
		{"framing/sse-cut-last-event.txtar", []string{"truncated", "incomplete"}, "", "cut inside its last frame"},
		{"completion/empty-stream.txtar", []string{"truncated"}, "", "without its terminal signal"},
		{"completion/chat-length-truncation.txtar", []string{"violation", "length", "incomplete", "invalid"}, "END-2", "token limit"},
		{"completion/chat-invalid-args-kept.txtar", []string{"violation", "invalid"}, "ID-7", "(and 3 more violations); 4 calls invalid"},
		{"framing/html-error-page.txtar", []string{"violation"}, "FRAME-7", "FRAME-7"},
		{"completion/anthropic-overloaded-error.txtar", []string{"violation", "incomplete"}, "END-5", "overloaded"},
		{"budgets/no-parallel-chat.txtar", []string{"violation", "incomplete", "invalid"}, "BUD-7", "BUD-7"},
		{"completion/gemini-finish-table.txtar", []string{"unknown-stop", "invalid"}, "", "malformed tool call"},
		{"completion/chat-finish-reasons-choices.txtar", []string{"unknown-stop", "incomplete"}, "", `raw reason "eos", which is not known to end a generation normally`},
		{"completion/anthropic-refusal-after-tool-stop.txtar", []string{"incomplete"}, "", `1 call incomplete: #0 "send_email"`},
		{"completion/anthropic-parallel-max-tokens.txtar", []string{"length", "incomplete"}, "", `1 call incomplete: #1 "write_file"`},
	}
	byName := map[string]stream{}
	for _, s := range streams(t) {
		byName[s.name] = s
	}
	for _, c := range cases {
		s, ok := byName[c.scenario]
		if !ok {
			t.Errorf("no scenario %s", c.scenario)
			continue
		}
		out := toolspec.Reassemble(s.format, s.data, s.lim)
		err := out.Err()
		if (err == nil) != (len(c.want) == 0) {
			t.Errorf("%s: Err() = %v; want %v\n%s", c.scenario, err, c.want, out)
			continue
		}
		for name, sentinel := range all {
			want := false
			for _, w := range c.want {
				want = want || w == name
			}
			if errors.Is(err, sentinel) != want {
				t.Errorf("%s: errors.Is(%v, Err%s) = %v, want %v", c.scenario, err, name, !want, want)
			}
		}
		var v *toolspec.Violation
		if got := errors.As(err, &v); got != (c.rule != "") || got && v.Rule != c.rule {
			t.Errorf("%s: errors.As violation = %v %v; want rule %q", c.scenario, got, v, c.rule)
		}
		if err != nil && (!strings.HasPrefix(err.Error(), "toolspec: ") || !strings.Contains(err.Error(), c.text)) {
			t.Errorf("%s: Err() = %q; want the prefix toolspec: and %q", c.scenario, err, c.text)
		}
	}
}

// TestOutcomeErrNeverSilent checks on every scenario and capture that Err
// is nil only for a whole success: no violation, every call complete, no
// message truncated, cut by its token limit or stopped for a reason that
// says nothing of how it ended.
func TestOutcomeErrNeverSilent(t *testing.T) {
	nils := 0
	for _, s := range streams(t) {
		out := toolspec.Reassemble(s.format, s.data, s.lim)
		if out.Err() != nil {
			continue
		}
		nils++
		bad := len(out.Violations) > 0 || out.Tail != ""
		for _, c := range out.Calls {
			bad = bad || c.Status != toolspec.StatusComplete
		}
		for _, st := range out.Stops {
			bad = bad || st.Reason == toolspec.StopTruncated || st.Reason == toolspec.StopLength ||
				st.Reason == toolspec.StopError || st.Reason == toolspec.StopMalformed || st.Reason == toolspec.StopOther
		}
		if bad {
			t.Errorf("%s: Err() is nil for\n%s", s.name, out)
		}
	}
	if nils == 0 {
		t.Error("no stream was a whole success")
	}
}
