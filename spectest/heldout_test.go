package spectest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
)

// The held-out adapters are toolspec's reassembler changed only where
// SPEC.md's conformance levels say a reader owes nothing (MAY): the kit
// must pass each of them, on every scenario and on random streams. They
// are written apart from the judge, so that a judge that blamed what
// SPEC.md allows would fail them.

// claimsAll is toolspec's description: every claim, every format.
func claimsAll(name string) Description {
	d := toolspecAdapter{}.Describe()
	d.Name = name
	return d
}

// whatwgStrict reads SSE as the WHATWG standard does, to the letter: an
// event still pending at the end of the stream (no blank line after it) is
// discarded, not dispatched (FRAME-1's unterminated-last-event: MAY).
type whatwgStrict struct{}

func (whatwgStrict) Describe() Description { return claimsAll("WHATWG-strict SSE") }

func (whatwgStrict) Reassemble(s Stream) (Result, error) {
	data := s.Data
	if first := bytes.TrimLeft(data, " \t\r\n\xEF\xBB\xBF"); len(first) > 0 && first[0] != '{' && first[0] != '[' &&
		s.Format != toolspec.FormatOllama && s.Format != toolspec.FormatBedrock {
		data = dispatchedSSE(data)
	}
	out := toolspec.Reassemble(s.Format, data, s.Limits)
	return FromOutcome(out), out.Err()
}

// sseLineEnd matches one line end of text/event-stream: CRLF, LF or CR.
var sseLineEnd = regexp.MustCompile(`\r\n|\n|\r`)

// dispatchedSSE returns the part of an SSE stream a WHATWG reader
// dispatches: all of it but an event still pending at its end, which the
// standard discards ("if the file ends in the middle of an event, before
// the final empty line, the incomplete event is not dispatched").
func dispatchedSSE(data []byte) []byte {
	body := data
	off := 0
	if bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) {
		body, off = body[3:], 3
	}
	ends := sseLineEnd.FindAllIndex(body, -1)
	eventStart := 0 // just after the last blank line
	lineStart := 0
	pendingData := false
	for _, e := range ends {
		line := body[lineStart:e[0]]
		if len(line) == 0 {
			eventStart, pendingData = e[1], false
		} else if name, _, _ := strings.Cut(string(line), ":"); name == "data" {
			pendingData = true
		}
		lineStart = e[1]
	}
	if lineStart < len(body) { // a last line without a line end
		if name, _, _ := strings.Cut(string(body[lineStart:]), ":"); name == "data" {
			pendingData = true
		}
	}
	if !pendingData {
		return data
	}
	return data[:off+eventStart]
}

// normalOnly fails closed on any stream whose generation did not end
// normally: a stop that is no normal end (spec.StopReason.Normal), or no
// stop at all. Failing closed there breaks no rule.
type normalOnly struct{}

func (normalOnly) Describe() Description { return claimsAll("fails closed but on a normal end") }

func (normalOnly) Reassemble(s Stream) (Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	if len(out.Stops) == 0 {
		return Result{}, errors.New("no stop: the generation gave no account of its end")
	}
	for _, st := range out.Stops {
		if !st.Reason.Normal() {
			return Result{}, fmt.Errorf("message %d ended with stop %q, not a normal end", st.Message, stopName(st.Reason))
		}
	}
	return FromOutcome(out), out.Err()
}

// repairsIDs gives the second call of a message that reuses an id a fresh
// id of its own, and presents it as finished when nothing else is wrong
// with it (ID-7's duplicate-id: MAY), where toolspec keeps the id and the
// call invalid.
type repairsIDs struct{}

func (repairsIDs) Describe() Description { return claimsAll("repairs reused ids") }

func (repairsIDs) Reassemble(s Stream) (Result, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	fixed := out
	fixed.Violations = nil
	fixed.Calls = append([]toolspec.Call(nil), out.Calls...)
	reused := map[int]bool{}
	others := map[int]bool{} // calls another violation concerns
	terminal := false
	for _, v := range out.Violations {
		switch {
		case v.Rule == toolspec.IDDuplicate && v.Class != toolspec.ClassTerminal:
			reused[v.Call] = true
		default:
			fixed.Violations = append(fixed.Violations, v)
			others[v.Call] = true
			terminal = terminal || v.Class == toolspec.ClassTerminal
		}
	}
	r := FromOutcome(out)
	for n := range reused {
		c := &fixed.Calls[n]
		r.Calls[n].ID = fmt.Sprintf("%s~%d", c.ID, n) // unique: no provider id ends so
		stop := toolspec.StopTruncated
		for _, st := range out.Stops {
			if st.Message == c.Message && st.Choice == c.Choice {
				stop = st.Reason
			}
		}
		args := strings.TrimSpace(c.Args)
		if args == "" {
			args = "{}"
		}
		if !others[n] && !terminal && out.Tail == "" && (stop.Normal() || stop == toolspec.StopNone) &&
			(c.Kind == toolspec.CallCustom || isObject(args)) {
			c.Status, c.Args = toolspec.StatusComplete, args
			r.Calls[n].Finished, r.Calls[n].Arguments = true, args
		}
	}
	return r, fixed.Err()
}

// isObject reports whether s is one JSON object.
func isObject(s string) bool {
	d := json.NewDecoder(strings.NewReader(s))
	var v any
	if d.Decode(&v) != nil || d.More() {
		return false
	}
	_, ok := v.(map[string]any)
	return ok
}

// TestHeldOutAdaptersPass: each held-out adapter passes the kit, on every
// scenario and on random streams of every format, with no failure and no
// warning; what it does otherwise than toolspec is allowed (MAY), and the
// kit says so.
func TestHeldOutAdaptersPass(t *testing.T) {
	for _, a := range []Adapter{whatwgStrict{}, normalOnly{}, repairsIDs{}} {
		t.Run(describe(a).Name, func(t *testing.T) {
			rep, err := Check(func() Adapter { return a }, RandomStreams(40), Seed(5))
			if err != nil {
				t.Fatal(err)
			}
			if err := rep.Err(); err != nil {
				t.Errorf("fails:\n%s", head(err.Error(), 40))
			}
			allowed := 0
			for _, c := range rep.Cases {
				for _, f := range c.Warnings {
					t.Errorf("warning: %s", f.Error())
				}
				allowed += len(c.Allowed)
			}
			t.Logf("%d cases, %d departures allowed (MAY)", len(rep.Cases), allowed)
		})
	}
}

// edited is toolspec's reassembler with its result edited by edit, claiming
// everything.
func edited(edit func(out toolspec.Outcome, r *Result) error) func() Adapter {
	return func() Adapter { return claimAll{outcomeAdapter{edit}} }
}

type claimAll struct{ outcomeAdapter }

func (claimAll) Describe() Description { return claimsAll("edited") }

// editedNoStop is edited with a description that does not claim the stop
// reason: the adapter hands its calls without one.
func editedNoStop(edit func(out toolspec.Outcome, r *Result) error) func() Adapter {
	return func() Adapter { return claimNoStop{outcomeAdapter{edit}} }
}

type claimNoStop struct{ outcomeAdapter }

func (claimNoStop) Describe() Description {
	d := claimsAll("edited, no stop reason")
	d.StopReason = false
	return d
}

// checkOne runs the kit on one scenario.
func checkOne(t *testing.T, newAdapter func() Adapter, name string) (*Report, CaseResult) {
	t.Helper()
	rep, err := Check(newAdapter, Only("^"+regexp.QuoteMeta(name)+"$"), RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) != 1 {
		t.Fatalf("%d cases for %s", len(rep.Cases), name)
	}
	return rep, rep.Cases[0]
}

// TestLevels: the judge gives each departure its level. A MUST failure
// fails the case and the run; a SHOULD departure is a warning that fails
// neither; a MAY departure is allowed and counts for nothing. Each names
// its row of SPEC.md's conformance levels and whether it was met on real
// traffic.
func TestLevels(t *testing.T) {
	finish := func(r *Result) error {
		for i := range r.Calls {
			r.Calls[i].Finished = true
		}
		return nil
	}
	finishAll := editedNoStop(func(out toolspec.Outcome, r *Result) error { return finish(r) })
	finishAllNormal := edited(func(out toolspec.Outcome, r *Result) error {
		r.StopReason = toolspec.StopToolUse
		return finish(r)
	})
	dropIDs := edited(func(out toolspec.Outcome, r *Result) error {
		for i := range r.Calls {
			r.Calls[i].ID = ""
		}
		return out.Err()
	})
	names := func(f func(string) string) func() Adapter {
		return edited(func(out toolspec.Outcome, r *Result) error {
			for i := range r.Calls {
				r.Calls[i].Name = f(r.Calls[i].Name)
			}
			return out.Err()
		})
	}
	stop := func(s toolspec.StopReason) func() Adapter {
		return edited(func(out toolspec.Outcome, r *Result) error {
			r.StopReason = s
			return nil
		})
	}
	for _, c := range []struct {
		what     string
		adapter  func() Adapter
		scenario string
		status   CaseStatus
		level    spec.Level
		rule     toolspec.RuleID
		clause   string
		real     bool
	}{
		{"a call a length stop cut, presented as finished", finishAll, "completion/chat-length-cut-args", CaseFailed, spec.LevelMust, toolspec.EndTruncation, "END-3 cut-never-finished", true},
		{"a call a length stop cut, handed with stop tool_use", finishAllNormal, "completion/chat-length-cut-args", CaseFailed, spec.LevelMust, toolspec.EndTruncation, "END-3 cut-never-finished", true},
		{"a cut Anthropic block, presented as finished", finishAll, "completion/anthropic-max-tokens-cut-block", CaseFailed, spec.LevelMust, toolspec.EndTruncation, "END-3 cut-never-finished", true},
		{"length reported for a whole normal stream's calls", stop(toolspec.StopLength), "names/chat-name-resent", CaseFailed, spec.LevelMust, toolspec.EndTruncation, "END-3 read-whole", true},
		{"cut arguments under a normal finish, presented as finished", finishAll, "completion/chat-tool-calls-cut-args", CaseFailed, spec.LevelMust, toolspec.EndValidate, "END-3 cut-never-finished", true},
		{"two objects under a normal finish, presented as finished", finishAll, "completion/chat-full-reemit", CaseWarned, spec.LevelShould, toolspec.EndValidate, "END-2 not-an-object", true},
		{"two calls the model tells apart read as one", func() Adapter { return naiveChat{} }, "identity/chat-rotating-ids-in-one-frame", CaseFailed, spec.LevelMust, toolspec.IDNewAtHeld, "ID-6 new-id-at-held", false},
		{"ids dropped", dropIDs, "identity/chat-ids-verbatim", CaseWarned, spec.LevelShould, toolspec.IDScope, "ID-1 verbatim-id", false},
		{"a name written twice", names(func(n string) string { return n + n }), "names/chat-name-resent", CaseFailed, spec.LevelMust, toolspec.NameOnce, "NAME-1 no-concatenation", true},
		{"a name upper-cased", names(strings.ToUpper), "names/chat-name-resent", CaseWarned, spec.LevelShould, toolspec.NameOnce, "NAME-1 verbatim-name", true},
		{"end for a length stop", stop(toolspec.StopEnd), "completion/chat-mistral-model-length", CaseFailed, spec.LevelMust, toolspec.EndStopReason, "END-4 never-normal-for-cut", true},
		{"the raw stop for a length stop", stop("stop"), "completion/chat-mistral-model-length", CaseFailed, spec.LevelMust, toolspec.EndStopReason, "END-4 never-normal-for-cut", true},
		{"the raw max_tokens for a length stop", stop("max_tokens"), "completion/chat-mistral-model-length", CasePassed, spec.LevelMay, toolspec.EndStopReason, "END-4 vocabulary", true},
		{"truncated for a stop none", stop(toolspec.StopTruncated), "completion/chat-done-without-finish", CasePassed, spec.LevelMay, toolspec.EndStopReason, "END-4 vocabulary", false},
		{"end for a refusal the provider ended with stop", stop(toolspec.StopEnd), "completion/chat-refusal", CasePassed, spec.LevelMay, toolspec.EndStopReason, "END-4 vocabulary", true},
		{"a server call left out", edited(func(out toolspec.Outcome, r *Result) error {
			r.Calls = nil
			return out.Err()
		}), "completion/responses-code-interpreter-call", CaseWarned, spec.LevelShould, toolspec.OrdFirstSeen, "ORD-1 server-calls", true},
	} {
		t.Run(c.what, func(t *testing.T) {
			rep, got := checkOne(t, c.adapter, c.scenario)
			all := append(append(append([]Failure(nil), got.Failures...), got.Warnings...), got.Allowed...)
			if got.Status() != c.status || len(all) == 0 {
				t.Fatalf("status %s, want %s; %v", got.Status(), c.status, all)
			}
			f := all[0]
			if f.Level != c.level || f.Rule != c.rule || f.Clause != c.clause || f.Real != c.real {
				t.Errorf("got %v %s %q real %v (%s), want %v %s %q real %v", f.Level, f.Rule, f.Clause, f.Real, f.Error(), c.level, c.rule, c.clause, c.real)
			}
			if _, ok := spec.LookupRequirement(toolspec.RuleID(strings.Fields(f.Clause)[0]), strings.Fields(f.Clause)[1]); !ok {
				t.Errorf("clause %q is no row of the table", f.Clause)
			}
			if fails := rep.Err() != nil; fails != (c.level == spec.LevelMust) {
				t.Errorf("Err %v for a departure of level %v", rep.Err(), c.level)
			}
			if tag := " (" + c.level.String() + "): got "; (c.level != spec.LevelMust) != strings.Contains(f.Error(), tag) {
				t.Errorf("Error() %q", f.Error())
			}
		})
	}
}

// TestHandedStop: an adapter that hands its user every call with the
// stop reason of its message, as a provider SDK passes finish_reason
// through, presents no call as finished when that stop says the
// generation did not end normally (SPEC.md, "Conformance levels"): it
// passes the streams a limit, a filter, an error or EOF cut, whichever of
// their calls it hands, and a merge among them still fails.
func TestHandedStop(t *testing.T) {
	passThrough := edited(func(out toolspec.Outcome, r *Result) error {
		for i := range r.Calls {
			r.Calls[i].Finished = true
		}
		return nil
	})
	for _, name := range []string{
		"completion/chat-length-cut-args", "completion/chat-mistral-model-length", "completion/eof-mid-call",
		"completion/anthropic-max-tokens-cut-block", "pairing/anthropic-unclosed-at-eof", "completion/chat-choice-error",
	} {
		t.Run(name, func(t *testing.T) {
			_, got := checkOne(t, passThrough, name)
			if got.Status() != CasePassed {
				t.Errorf("status %s: %v %v", got.Status(), got.Failures, got.Warnings)
			}
		})
	}
	merges := func() Adapter { return handsStop{naiveChat{}} }
	_, got := checkOne(t, merges, "identity/chat-rotating-ids-in-one-frame")
	merged := false
	for _, f := range got.Failures {
		merged = merged || f.Rule == toolspec.IDNewAtHeld
	}
	if !merged {
		t.Errorf("a merge handed with a stop: status %s, %v", got.Status(), got.Failures)
	}
}

// handsStop is an adapter that claims the stop reason and reports
// length for every stream.
type handsStop struct{ Adapter }

func (h handsStop) Describe() Description {
	d := describe(h.Adapter)
	d.StopReason = true
	return d
}

func (h handsStop) Reassemble(s Stream) (Result, error) {
	r, err := h.Adapter.Reassemble(s)
	r.StopReason = toolspec.StopLength
	return r, err
}

// TestFailingClosed: failing a stream closed, by an error or by presenting
// none of its calls as finished, breaks no rule on a stream that did not
// end normally (a stop that is no normal end, no stop, a violation, an
// unterminated last SSE event), and is a MUST failure on a whole normal
// stream, lowered where SPEC.md lowers it: a stream without its end event
// (SHOULD), an Anthropic stream with a [DONE] (SHOULD), the JSON-lines form
// of an SSE format (MAY).
func TestFailingClosed(t *testing.T) {
	withError := edited(func(toolspec.Outcome, *Result) error { return errors.New("refused") })
	unfinished := edited(func(_ toolspec.Outcome, r *Result) error {
		for i := range r.Calls {
			r.Calls[i].Finished = false
		}
		return nil
	})
	for _, c := range []struct {
		scenario string
		status   CaseStatus
		clause   string
	}{
		{"completion/chat-length-cut-args", CasePassed, ""},            // stop length
		{"completion/chat-done-without-finish", CasePassed, ""},        // no finish: stop none
		{"framing/anthropic-missing-index", CasePassed, ""},            // a terminal violation
		{"names/chat-name-split", CasePassed, ""},                      // a call-scoped violation
		{"framing/sse-unterminated-no-final-newline", CasePassed, ""},  // an unterminated last event
		{"identity/ollama-same-index", CaseFailed, "END-3 read-whole"}, // whole and normal
		{"names/chat-name-resent", CaseFailed, "END-3 read-whole"},     // whole and normal
		{"completion/anthropic-eof-after-message-delta", CaseWarned, "END-3 no-end-event"},
		{"framing/anthropic-done-after-stop", CaseWarned, "FRAME-4 done-sentinel"},
		{"framing/jsonl-crlf-blank-lines", CasePassed, "FRAME-2 fixture-form"},
	} {
		for i, a := range []func() Adapter{withError, unfinished} {
			t.Run(fmt.Sprintf("%s/%d", c.scenario, i), func(t *testing.T) {
				_, got := checkOne(t, a, c.scenario)
				all := append(append(append([]Failure(nil), got.Failures...), got.Warnings...), got.Allowed...)
				if got.Status() != c.status {
					t.Errorf("status %s, want %s: %v", got.Status(), c.status, all)
				}
				if c.clause == "" && len(all) > 0 {
					t.Errorf("failing closed gave %v", all)
				}
				for _, f := range all {
					if f.Clause != c.clause {
						t.Errorf("clause %q, want %q: %s", f.Clause, c.clause, f.Error())
					}
				}
			})
		}
	}
}

// TestWHATWGReading: a stream whose last SSE event is unterminated is
// judged by the model's reading (toolspec dispatches the event) and by the
// WHATWG reading (the standard discards it); an adapter passes when either
// reading matches, and fails, judged by the reading it departs less from,
// when neither does.
func TestWHATWGReading(t *testing.T) {
	const name = "framing/sse-unterminated-no-final-newline"
	if _, got := checkOne(t, func() Adapter { return whatwgStrict{} }, name); !got.Passed() {
		t.Errorf("the WHATWG reading: %s %v %v", got.Status(), got.Failures, got.Warnings)
	}
	if _, got := checkOne(t, Toolspec, name); !got.Passed() {
		t.Errorf("toolspec's reading: %s %v %v", got.Status(), got.Failures, got.Warnings)
	}
	// The WHATWG reading's call is incomplete: presenting it as finished,
	// with the arguments toolspec's reading completes, matches toolspec's
	// reading; with other arguments, neither.
	_, got := checkOne(t, edited(func(_ toolspec.Outcome, r *Result) error {
		for i := range r.Calls {
			r.Calls[i].Arguments = `{"other":1}`
		}
		return nil
	}), name)
	if got.Status() != CaseFailed || len(got.Failures) != 1 || got.Failures[0].Rule != toolspec.EndValidate {
		t.Errorf("neither reading: %s %v", got.Status(), got.Failures)
	}
	if short, ok := whatwgCut(mustInput(t, name)); !ok || len(short) == 0 || bytes.HasSuffix(short, []byte("}")) {
		t.Errorf("whatwgCut: %q, %v", short, ok)
	}
	for _, c := range []struct {
		in, short string
		ok        bool
	}{
		{"data: a\n\ndata: b", "data: a\n\n", true},
		{"data: a\r\n\r\n:c\r\ndata: b\r\n", "data: a\r\n\r\n", true},
		{"data: a\r\rdata", "data: a\r\r", true},
		{"data: a\n\nevent: ping\n", "", false},
		{"data: a\n\n", "", false},
		{"\xEF\xBB\xBFdata: b", "\xEF\xBB\xBF", true},
	} {
		short, ok := whatwgCut([]byte(c.in))
		if string(short) != c.short || ok != c.ok {
			t.Errorf("whatwgCut(%q) = %q, %v; want %q, %v", c.in, short, ok, c.short, c.ok)
		}
		if got := dispatchedSSE([]byte(c.in)); c.ok && string(got) != c.short {
			t.Errorf("dispatchedSSE(%q) = %q", c.in, got)
		}
	}
}

// TestSameArgs: arguments compare as JSON values, numbers by their value,
// so that a reader that parses and writes them again (1e3 as 1000.0)
// passes; other values, another key or another element do not.
func TestSameArgs(t *testing.T) {
	m := toolspec.Call{Args: `{"x":1e3,"y":[0.5,-0],"z":{"a":"1"}}`}
	for _, c := range []struct {
		got  string
		same bool
	}{
		{`{"z": {"a": "1"}, "y": [5e-1, 0.0], "x": 1000.0}`, true},
		{`{"x":1000,"y":[0.5,0],"z":{"a":"1"}}`, true},
		{`{"x":1001,"y":[0.5,0],"z":{"a":"1"}}`, false},
		{`{"x":1e3,"y":[0.5,0],"z":{"a":1}}`, false},
		{`{"x":1e3,"y":[0.5],"z":{"a":"1"}}`, false},
		{`{"x":1e3,"y":[0.5,0],"z":{"b":"1"}}`, false},
		{`{"x":1e3,"y":[0.5,0],"z":{"a":"1"}} {}`, false},
		{`{"x":1e99999999999,"y":[0.5,0],"z":{"a":"1"}}`, false},
	} {
		if got := sameArgs(m, c.got, false); got != c.same {
			t.Errorf("sameArgs(%s) = %v, want %v", c.got, got, c.same)
		}
	}
	if sameArgs(m, `{"x":1000.0,"y":[0.5,-0],"z":{"a":"1"}}`, true) {
		t.Error("ByteEqualArguments: another text passes")
	}
}
