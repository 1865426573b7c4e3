package spectest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
)

// Failure is one way an adapter's result departs from the model's outcome
// of a stream, at the level SPEC.md's conformance levels give it.
type Failure struct {
	Case string // the scenario's name (area/name) or the random stream's
	// Rule is the rule the departure breaks. A departure that names no
	// rule itself (an error on a whole stream, a panic, a time-out) gets
	// a scenario's first rule; a random stream's gets the rule of the
	// model's outcome of the stream (its violation, the rule that keeps a
	// call from completing, ORD-1 for the calls it completes), or NoRule
	// when none applies, and Why says which. It is "" for a protocol
	// failure.
	Rule toolspec.RuleID
	Got  string
	Want string
	// Why says how Rule was told when the departure names no rule
	// itself, or that the stream was judged by the WHATWG reading of its
	// unterminated last event (FRAME-1); "" otherwise.
	Why string
	// Level is how strongly SPEC.md binds an adapter to what it departed
	// from (its section "Conformance levels"): spec.LevelMust fails the
	// adapter (the departure is in its case's Failures), spec.LevelShould
	// is a warning (in Warnings: reported, never failing Report.Err or
	// toolspec-kit check's exit status), spec.LevelMay is conformant (in
	// Allowed: a note that never counts). The zero Level is MUST: a panic,
	// a time-out, a protocol failure, a history translator's failure.
	Level spec.Level
	// Clause is the row of the conformance levels table that gives Level,
	// as "RULE clause" ("END-3 read-whole"; spec.LookupRequirement reads
	// it), which may be of another rule than Rule (a call presented as
	// finished that a length stop cut breaks END-3 whatever rule made it
	// invalid); "" for a departure no row covers (a panic, a time-out, a
	// protocol failure: MUST).
	Clause string
	// Real says the departure was found on a stream of a shape providers
	// send: a scenario with a seen: line ([CaseResult.Seen]), or a valid
	// random draw. It is false for a robustness finding: a synthetic
	// scenario, a mutated random draw, a fuzzed input, a history case.
	Real bool
	// Protocol is set when the adapter gave no answer to judge: an
	// adapter program broke the adapter protocol (crashed, hung, printed
	// what is not an answer). Rule is then "".
	Protocol *ProtocolError
	// Path is, for a history translator's failure, the JSON path of the
	// element at fault in the source document ("messages[1].content[2]"),
	// when one element is; empty for streams.
	Path string
	// Expected is the reason an [Expect] option gives for this failure,
	// "" for a failure no option expects.
	Expected string
}

// NoRule is the rule of a random stream's failure that names no rule
// itself (the adapter failed, panicked or hung on a stream the model reads
// whole) and to which the model's outcome of the stream gives none: it
// holds no violation, no call and no cut. It is not a rule of SPEC.md:
// the failure's Why says what is left to blame (the stream's framing or
// payloads), and a scenario of it ([Scenario] cites NoRule) needs a rule
// of SPEC.md before it joins a corpus.
const NoRule toolspec.RuleID = "NO-RULE"

// Error formats f as "case: RULE: got ..., want ...", or as "case: RULE:
// PATH: got ..., want ..." when f has a Path, then "; " and Why when it is
// set. A departure below MUST says its level after the rule: "case: RULE
// (SHOULD): got ...".
func (f Failure) Error() string {
	r := string(f.Rule)
	if r == "" {
		r = "-"
	}
	if f.Level != spec.LevelMust {
		r += " (" + f.Level.String() + ")"
	}
	if f.Path != "" {
		r += ": " + f.Path
	}
	s := f.Case + ": " + r + ": got " + f.Got + ", want " + f.Want
	if f.Why != "" {
		s += "; " + f.Why
	}
	return s
}

// clause is a row of SPEC.md's conformance levels table that the judge
// gives departures.
type clause struct {
	rule  toolspec.RuleID
	name  string
	level spec.Level
}

// row returns the row name of rule, which the table must have: the rows
// the judge reads are package variables, so that a row missing from the
// table panics as the package starts.
func row(rule toolspec.RuleID, name string) clause {
	l, ok := spec.LevelOf(rule, name)
	if !ok {
		panic("spectest: SPEC.md's conformance levels have no row " + string(rule) + " " + name)
	}
	return clause{rule, name, l}
}

func (c clause) String() string { return string(c.rule) + " " + c.name }

// The rows of the conformance levels table that the judge gives.
var (
	rowCutNeverFinished = row(toolspec.EndTruncation, "cut-never-finished")
	rowReadWhole        = row(toolspec.EndTruncation, "read-whole")
	rowNoEndEvent       = row(toolspec.EndTruncation, "no-end-event")
	rowViolationCall    = row(toolspec.EndTruncation, "violation-call")
	rowFixtureForm      = row(toolspec.FrameLines, "fixture-form")
	rowDoneSentinel     = row(toolspec.FramePayload, "done-sentinel")
	rowFirstSeen        = row(toolspec.OrdFirstSeen, "first-seen")
	rowEveryCall        = row(toolspec.OrdFirstSeen, "every-call")
	rowServerCalls      = row(toolspec.OrdFirstSeen, "server-calls")
	rowVerbatimID       = row(toolspec.IDScope, "verbatim-id")
	rowSynthesisedID    = row(toolspec.IDScope, "synthesised-id")
	rowDuplicateID      = row(toolspec.IDDuplicate, "duplicate-id")
	rowNoConcatenation  = row(toolspec.NameOnce, "no-concatenation")
	rowVerbatimName     = row(toolspec.NameOnce, "verbatim-name")
	rowArguments        = row(toolspec.EndValidate, "arguments")
	rowEmptyArgs        = row(toolspec.EndValidate, "empty-args")
	rowNeverNormal      = row(toolspec.EndStopReason, "never-normal-for-cut")
	rowVocabulary       = row(toolspec.EndStopReason, "vocabulary")
	rowProviderError    = row(toolspec.EndProviderErr, "provider-error")
	rowMerge            = row(toolspec.OrdMerge, "merge")
	rowThinkOrder       = row(toolspec.ThinkOrder, "order")
	rowNewIDAtHeld      = row(toolspec.IDNewAtHeld, "new-id-at-held")

	// invalidRows are the rows of presenting as finished a call that a
	// call-scoped violation of the rule made invalid (others:
	// rowViolationCall).
	invalidRows = map[toolspec.RuleID]clause{
		toolspec.IDDuplicate:    rowDuplicateID,
		toolspec.IDRepeated:     row(toolspec.IDRepeated, "first-stands"),
		toolspec.NameConflict:   row(toolspec.NameConflict, "conflict"),
		toolspec.NameMissing:    row(toolspec.NameMissing, "nameless"),
		toolspec.NameKind:       row(toolspec.NameKind, "kind"),
		toolspec.PairClosed:     row(toolspec.PairClosed, "after-stop"),
		toolspec.PairDeltaType:  row(toolspec.PairDeltaType, "delta-type"),
		toolspec.PairStartInput: row(toolspec.PairStartInput, "start-and-deltas"),
		toolspec.PairFinalArgs:  row(toolspec.PairFinalArgs, "args-differ"),
		toolspec.PairPathSyntax: row(toolspec.PairPathSyntax, "malformed"),
		toolspec.EndValidate:    row(toolspec.EndValidate, "not-an-object"),
		toolspec.EndAfterFinish: row(toolspec.EndAfterFinish, "after-finish"),
	}
	// limitRows are the BUD rules' rows: a terminal violation of a limit
	// cuts the generation.
	limitRows = map[toolspec.RuleID]clause{}
)

func init() {
	for _, r := range toolspec.Rules() {
		if r.ID.Area() == "BUD" {
			limitRows[r.ID] = row(r.ID, "limit")
		}
	}
}

// judge compares what an adapter described by d returned for a stream
// (r and err) with the model's outcome of it, want, by the contract of the
// package doc, giving each departure its level. f is what the judge knows
// of the stream besides want; rules are the rules the case exercises, the
// fallback of a departure no rule is specific to.
func judge(name string, d Description, o options, f *facts, want toolspec.Outcome, r Result, err error, rules []toolspec.RuleID) []Failure {
	var fs []Failure
	fail := func(rule toolspec.RuleID, c clause, got, wantS string) {
		if rule == "" && len(rules) > 0 {
			rule = rules[0]
		}
		fs = append(fs, Failure{Case: name, Rule: rule, Got: got, Want: wantS, Level: c.level, Clause: c.String()})
	}
	if err != nil {
		// Failing closed breaks a rule only on a stream that ended
		// normally.
		if c, ok := f.closed(); ok {
			fail("", c, "the error "+strconv.Quote(err.Error()), "no error: the stream is whole ("+summary(want)+")")
		}
		return fs
	}
	var finished []int // indexes into r.Calls
	for i, c := range r.Calls {
		if c.Finished {
			finished = append(finished, i)
		}
	}
	// handed: the adapter hands its user the calls with a stop reason that
	// says the generation did not end normally (a provider SDK passing
	// finish_reason "length" through, as its documentation tells its user
	// to check): it presents none of them as finished (SPEC.md,
	// "Conformance levels"), and only a merge among them is still judged.
	handed := d.StopReason && !saysNormal(f.format, r.StopReason)
	if handed && len(finished) > 0 && want.Err() == nil {
		if c, ok := f.closed(); ok && !f.finishes(r.StopReason) {
			fail(toolspec.EndTruncation, c, fmt.Sprintf("%d call(s) handed with stop reason %s, which says the generation did not end normally", len(finished), stopName(r.StopReason)),
				"the calls presented as finished: the stream is whole ("+summary(want)+")")
		}
	}
	pairs := match(want.Calls, r.Calls)
	last := -1
	matched := map[int]bool{}
	for _, p := range pairs {
		m, a := want.Calls[p.model], r.Calls[p.adapter]
		if !a.Finished {
			continue // presented as unfinished: that fails closed
		}
		matched[p.model] = true
		if m.Status != toolspec.StatusComplete {
			rule, c := ruleOf(want, m), finishedRow(want, m)
			if merged(want, p.model, a.Arguments) {
				// The model's call and the next ones run together: the
				// adapter read distinct calls as one (ID-6), not a cut.
				rule, c = toolspec.IDNewAtHeld, rowNewIDAtHeld
			} else if handed {
				continue // handed with the stop that says it was cut
			}
			fail(rule, c, fmt.Sprintf("call %s presented as finished", show(a)),
				fmt.Sprintf("not finished: the model's call #%d is %s (%s)", m.Ordinal, m.Status, why(want, m)))
			continue
		}
		if p.model < last {
			fail(toolspec.OrdFirstSeen, rowFirstSeen, fmt.Sprintf("call %s after the model's call #%d", show(a), last),
				fmt.Sprintf("first-seen order: it is call #%d", m.Ordinal))
		}
		last = p.model
		if a.ID != m.ID {
			c := rowVerbatimID
			switch {
			case m.ID == "":
				c = rowSynthesisedID
			case sharedID(want, m):
				c = rowDuplicateID
			}
			fail(toolspec.IDScope, c, fmt.Sprintf("call #%d with id %q", m.Ordinal, a.ID), fmt.Sprintf("id %q, verbatim", m.ID))
		}
		if a.Name != m.Name {
			c := rowVerbatimName
			if concatenated(want, m, a.Name) {
				c = rowNoConcatenation
			}
			fail(toolspec.NameOnce, c, fmt.Sprintf("call #%d named %q", m.Ordinal, a.Name), fmt.Sprintf("%q", m.Name))
		}
		if !sameArgs(m, a.Arguments, o.byteArgs) {
			rule, c := toolspec.EndValidate, rowArguments
			switch {
			case merged(want, p.model, a.Arguments):
				rule, c = toolspec.IDNewAtHeld, rowNewIDAtHeld
			case m.Args == "{}" && m.Kind != toolspec.CallCustom && strings.Trim(a.Arguments, " \t\r\n") == "":
				c = rowEmptyArgs
			}
			fail(rule, c, fmt.Sprintf("call #%d with arguments %s", m.Ordinal, quote(a.Arguments)), quote(m.Args))
		}
	}
	for _, i := range finished {
		found := false
		for _, p := range pairs {
			found = found || p.adapter == i
		}
		if !found {
			fail(toolspec.IDKnown, rowEveryCall, fmt.Sprintf("call %s presented as finished", show(r.Calls[i])),
				fmt.Sprintf("no such call: the model has %d (%s)", len(want.Calls), names(want)))
		}
	}
	if want.Err() == nil {
		closedRow, closed := f.closed()
		for _, m := range want.Calls {
			if matched[m.Ordinal] {
				continue
			}
			rule, c := toolspec.OrdFirstSeen, rowEveryCall // every call is output
			for _, a := range r.Calls {
				if len(a.Arguments) > len(m.Args) && strings.Contains(a.Arguments, m.Args) && m.Args != "{}" {
					rule, c = toolspec.IDNewAtHeld, rowNewIDAtHeld // merged into another call
				}
			}
			switch {
			case rule == toolspec.OrdFirstSeen && m.Server:
				c = rowServerCalls // the provider ran it: no agent runs it
			case rule == toolspec.OrdFirstSeen && len(finished) == 0:
				// No call presented as finished: the stream is failed
				// closed, which breaks a rule only on a stream that
				// ended normally.
				if !closed {
					continue
				}
				c = closedRow
			}
			fail(rule, c, fmt.Sprintf("no finished call for the model's call #%d (%d finished of %d)", m.Ordinal, len(finished), len(r.Calls)),
				"call "+showCall(m))
		}
	}
	if d.StopReason && r.StopReason != want.StopReason() {
		rule := toolspec.EndStopReason
		if want.StopReason() == toolspec.StopTruncated {
			rule = toolspec.EndTruncation
		}
		c := rowVocabulary
		if cutStop(f.format, want) && saysNormal(f.format, r.StopReason) {
			c = rowNeverNormal
		}
		fail(rule, c, "stop reason "+stopName(r.StopReason), stopName(want.StopReason()))
	}
	if d.Text {
		if w, byChoice := textOf(want, toolspec.ItemText), textByChoice(want, toolspec.ItemText); r.Text != w && r.Text != byChoice {
			fail(toolspec.OrdMerge, rowMerge, "text "+quote(r.Text), quote(w))
		}
	}
	if d.Thinking {
		if w, byChoice := textOf(want, toolspec.ItemThinking), textByChoice(want, toolspec.ItemThinking); r.Thinking != w && r.Thinking != byChoice {
			fail(toolspec.ThinkOrder, rowThinkOrder, "thinking "+quote(r.Thinking), quote(w))
		}
	}
	return fs
}

// finishedRow is the row broken by presenting as finished the model's call
// m, which is not complete: END-3's for an incomplete call; for an invalid
// one, the strongest of the rows of the violations that concern it (a
// call-scoped rule's own, END-5's and the budgets' for a terminal
// violation that cut the generation, END-3's violation-call for another
// terminal violation), and END-3's cut-never-finished when its arguments
// were cut short (END-2: a proper prefix of JSON text, whatever the finish
// says) or its choice's stop is no normal end (nor none) without a
// terminal violation to blame.
func finishedRow(o toolspec.Outcome, m toolspec.Call) clause {
	if m.Status == toolspec.StatusIncomplete {
		return rowCutNeverFinished
	}
	var best clause
	found := false
	take := func(c clause) {
		if !found || c.level < best.level {
			best, found = c, true
		}
	}
	var terminal *toolspec.Violation
	for i, v := range o.Violations {
		if v.Class == toolspec.ClassTerminal {
			terminal = &o.Violations[i]
		}
		if v.Call == m.Ordinal {
			take(violationRow(v))
			if v.Rule == toolspec.EndValidate && cutJSON(m.Args) {
				take(rowCutNeverFinished) // arguments cut short, whatever the finish says
			}
		}
	}
	if !found {
		take(rowViolationCall)
	}
	if st := stopOf(o, m.Message, m.Choice); !st.Normal() && st != toolspec.StopNone {
		if terminal != nil {
			take(violationRow(*terminal))
		} else {
			take(rowCutNeverFinished)
		}
	}
	return best
}

// violationRow is the row broken by presenting as finished a call that v
// made invalid.
func violationRow(v toolspec.Violation) clause {
	if v.Class == toolspec.ClassTerminal {
		if v.Rule == toolspec.EndProviderErr {
			return rowProviderError
		}
		if c, ok := limitRows[v.Rule]; ok {
			return c
		}
		return rowViolationCall
	}
	if c, ok := invalidRows[v.Rule]; ok {
		return c
	}
	return rowViolationCall
}

// cutJSON reports whether args, not empty, is a proper prefix of a JSON
// text: arguments cut short (END-2 says "cut at byte N").
func cutJSON(args string) bool {
	t := strings.TrimLeft(args, " \t\r\n")
	if t == "" {
		return false
	}
	var raw json.RawMessage
	return json.NewDecoder(strings.NewReader(t)).Decode(&raw) == io.ErrUnexpectedEOF
}

// sharedID reports whether another call of m's message and choice has
// m's id (ID-7).
func sharedID(o toolspec.Outcome, m toolspec.Call) bool {
	for _, c := range o.Calls {
		if c.Ordinal != m.Ordinal && c.Message == m.Message && c.Choice == m.Choice && c.ID == m.ID {
			return true
		}
	}
	return false
}

// concatenated reports whether got, a name other than call m's, is two
// or more names of the calls of m's message run together (NAME-1:
// "read_fileread_file", a name resent on every chunk and appended).
func concatenated(o toolspec.Outcome, m toolspec.Call, got string) bool {
	var names []string
	for _, c := range o.Calls {
		if c.Message == m.Message && c.Name != "" {
			names = append(names, c.Name)
		}
	}
	// pieces[i] is the most names (2 at most) that make got[:i], or -1.
	pieces := make([]int, len(got)+1)
	for i := 1; i <= len(got); i++ {
		pieces[i] = -1
		for _, n := range names {
			if j := i - len(n); j >= 0 && pieces[j] >= 0 && got[j:i] == n {
				if p := min(pieces[j]+1, 2); pieces[i] < 0 || p > pieces[i] {
					pieces[i] = p
				}
			}
		}
	}
	return pieces[len(got)] >= 2
}

// cutStop reports whether the last stop of o, a stream of format, says
// its generation did not end normally: no normal end (END-3), not none
// (an end signal without a finish cuts nothing), and not a refusal that
// END-8 makes of a normal end (its raw reason maps to one), which is
// toolspec's vocabulary.
func cutStop(format toolspec.Format, o toolspec.Outcome) bool {
	if len(o.Stops) == 0 {
		return false
	}
	return cuts(format, o.Stops[len(o.Stops)-1])
}

// cuts reports whether stop st of a stream of format says its generation
// did not end normally, as cutStop says.
func cuts(format toolspec.Format, st toolspec.Stop) bool {
	if st.Reason.Normal() || st.Reason == toolspec.StopNone {
		return false
	}
	return st.Reason != toolspec.StopRefusal || !format.Valid() || !spec.CanonicalStop(format, st.Raw).Normal()
}

// saysNormal reports whether an adapter's stop reason s says the
// generation ended normally: a canonical normal end, or a raw reason of
// format's row of the END-4 table that maps to one.
func saysNormal(format toolspec.Format, s toolspec.StopReason) bool {
	if s.Normal() {
		return true
	}
	if _, err := s.MarshalText(); err == nil || s == "" || !format.Valid() {
		return false // canonical, and no normal end
	}
	return spec.CanonicalStop(format, string(s)).Normal()
}

// textByChoice is the text (or thinking) of o grouped by message and
// choice, in the order they first appear: what an adapter that keeps one
// text per choice returns when it concatenates them. A stream of one
// choice gives the same as textOf.
func textByChoice(o toolspec.Outcome, k toolspec.ItemKind) string {
	type key struct{ msg, choice int }
	var order []key
	texts := map[key]*strings.Builder{}
	for _, it := range o.Items {
		if it.Kind != k {
			continue
		}
		kk := key{it.Message, it.Choice}
		if texts[kk] == nil {
			texts[kk] = &strings.Builder{}
			order = append(order, kk)
		}
		texts[kk].WriteString(it.Text)
	}
	var b strings.Builder
	for _, kk := range order {
		b.WriteString(texts[kk].String())
	}
	return b.String()
}

// pair is an adapter's call matched with a model call.
type pair struct{ model, adapter int }

// match pairs the adapter's calls with the model's: first those with the
// same non-empty id and name, then the rest in order.
func match(model []toolspec.Call, calls []Call) []pair {
	var pairs []pair
	usedM := map[int]bool{}
	usedA := map[int]bool{}
	for i, a := range calls {
		if a.ID == "" {
			continue
		}
		for _, m := range model {
			if !usedM[m.Ordinal] && m.ID == a.ID && m.Name == a.Name {
				pairs = append(pairs, pair{m.Ordinal, i})
				usedM[m.Ordinal], usedA[i] = true, true
				break
			}
		}
	}
	next := 0
	for i := range calls {
		if usedA[i] {
			continue
		}
		for next < len(model) && usedM[next] {
			next++
		}
		if next == len(model) {
			break
		}
		pairs = append(pairs, pair{next, i})
		usedM[next] = true
	}
	// In the adapter's order.
	for i := 1; i < len(pairs); i++ {
		for j := i; j > 0 && pairs[j].adapter < pairs[j-1].adapter; j-- {
			pairs[j], pairs[j-1] = pairs[j-1], pairs[j]
		}
	}
	return pairs
}

// sameArgs compares arguments: a custom call's byte for byte, a function
// call's as JSON values (or byte for byte with ByteEqualArguments).
func sameArgs(m toolspec.Call, got string, byteEqual bool) bool {
	if got == m.Args {
		return true
	}
	if byteEqual || m.Kind == toolspec.CallCustom {
		return false
	}
	var a, b any
	da := json.NewDecoder(strings.NewReader(got))
	da.UseNumber()
	db := json.NewDecoder(strings.NewReader(m.Args))
	db.UseNumber()
	if da.Decode(&a) != nil || db.Decode(&b) != nil || da.More() {
		return false
	}
	return sameValue(a, b)
}

// sameValue reports whether two decoded JSON values are equal: numbers by
// their value (1e3 is 1000.0, as a reader that parses and writes them
// again gives it), the rest as reflect.DeepEqual compares them.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		return ok && sameNumber(string(x), string(y))
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// sameNumber reports whether two JSON numbers have one value, to 1024
// bits of precision; a number big.Float cannot hold (an exponent beyond
// its range) equals only its own text.
func sameNumber(a, b string) bool {
	if a == b {
		return true
	}
	x, _, errA := big.ParseFloat(a, 10, 1024, big.ToNearestEven)
	y, _, errB := big.ParseFloat(b, 10, 1024, big.ToNearestEven)
	return errA == nil && errB == nil && x.Cmp(y) == 0
}

// merged reports whether got holds the arguments of model call n and of a
// later call of the same message, run together.
func merged(o toolspec.Outcome, n int, got string) bool {
	acc := o.Calls[n].Args
	for _, c := range o.Calls[n+1:] {
		if c.Message != o.Calls[n].Message {
			break
		}
		acc += c.Args
		if got == acc {
			return true
		}
	}
	return false
}

// ruleOf is the rule that keeps call m from being finished: the
// violation that concerns it, else the terminal violation, else END-3 for
// an incomplete call and END-2 for an invalid one.
func ruleOf(o toolspec.Outcome, m toolspec.Call) toolspec.RuleID {
	for _, v := range o.Violations {
		if v.Call == m.Ordinal {
			return v.Rule
		}
	}
	for _, v := range o.Violations {
		if v.Class == toolspec.ClassTerminal {
			return v.Rule
		}
	}
	if m.Status == toolspec.StatusIncomplete {
		return toolspec.EndTruncation
	}
	return toolspec.EndValidate
}

// why says why call m is not complete.
func why(o toolspec.Outcome, m toolspec.Call) string {
	for _, v := range o.Violations {
		if v.Call == m.Ordinal || v.Class == toolspec.ClassTerminal {
			return string(v.Rule) + ": " + v.Message
		}
	}
	if m.Status == toolspec.StatusIncomplete {
		return "stop " + stopName(o.StopReason())
	}
	return "its arguments are not one JSON object"
}

func show(c Call) string {
	return fmt.Sprintf("id=%q name=%q arguments=%s", c.ID, c.Name, quote(c.Arguments))
}

func showCall(c toolspec.Call) string {
	return fmt.Sprintf("#%d id=%q name=%q arguments=%s", c.Ordinal, c.ID, c.Name, quote(c.Args))
}

func names(o toolspec.Outcome) string {
	var b []string
	for _, c := range o.Calls {
		b = append(b, fmt.Sprintf("#%d %q %s", c.Ordinal, c.Name, c.Status))
	}
	if len(b) == 0 {
		return "none"
	}
	return strings.Join(b, ", ")
}

// summary says in a few words what the model made of a stream.
func summary(o toolspec.Outcome) string {
	return fmt.Sprintf("%d call(s), stop %s", len(o.Calls), stopName(o.StopReason()))
}

func stopName(r toolspec.StopReason) string {
	if r == toolspec.StopNone {
		return "none"
	}
	return string(r)
}

func textOf(o toolspec.Outcome, k toolspec.ItemKind) string {
	var b bytes.Buffer
	for _, it := range o.Items {
		if it.Kind == k {
			b.WriteString(it.Text)
		}
	}
	return b.String()
}

// quote quotes s, shortened to 200 bytes.
func quote(s string) string {
	if len(s) > 200 {
		return strconv.Quote(s[:200]) + "…(" + strconv.Itoa(len(s)) + " bytes)"
	}
	return strconv.Quote(s)
}
