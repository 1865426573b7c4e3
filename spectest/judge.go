package spectest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec"
)

// Failure is one way an adapter's result departs from the model's outcome
// of a stream.
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
	// itself; "" otherwise.
	Why string
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
// set.
func (f Failure) Error() string {
	r := string(f.Rule)
	if r == "" {
		r = "-"
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

// judge compares what an adapter described by d returned for a stream
// (r and err) with the model's outcome of it, want, by the contract of the
// package doc. rules are the rules the case exercises, the fallback of a
// departure no rule is specific to.
func judge(name string, d Description, o options, want toolspec.Outcome, r Result, err error, rules []toolspec.RuleID) []Failure {
	var fs []Failure
	fail := func(rule toolspec.RuleID, got, wantS string) {
		if rule == "" && len(rules) > 0 {
			rule = rules[0]
		}
		fs = append(fs, Failure{Case: name, Rule: rule, Got: got, Want: wantS})
	}
	whole := want.Err() == nil
	if err != nil {
		if whole {
			fail("", "the error "+strconv.Quote(err.Error()), "no error: the stream is whole ("+summary(want)+")")
		}
		return fs // failing closed on a stream that is not whole is right
	}
	var finished []int // indexes into r.Calls
	for i, c := range r.Calls {
		if c.Finished {
			finished = append(finished, i)
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
			fail(ruleOf(want, m), fmt.Sprintf("call %s presented as finished", show(a)),
				fmt.Sprintf("not finished: the model's call #%d is %s (%s)", m.Ordinal, m.Status, why(want, m)))
			continue
		}
		if p.model < last {
			fail(toolspec.OrdFirstSeen, fmt.Sprintf("call %s after the model's call #%d", show(a), last),
				fmt.Sprintf("first-seen order: it is call #%d", m.Ordinal))
		}
		last = p.model
		if a.ID != m.ID {
			fail(toolspec.IDScope, fmt.Sprintf("call #%d with id %q", m.Ordinal, a.ID), fmt.Sprintf("id %q, verbatim", m.ID))
		}
		if a.Name != m.Name {
			fail(toolspec.NameOnce, fmt.Sprintf("call #%d named %q", m.Ordinal, a.Name), fmt.Sprintf("%q", m.Name))
		}
		if !sameArgs(m, a.Arguments, o.byteArgs) {
			rule := toolspec.EndValidate
			if merged(want, p.model, a.Arguments) {
				rule = toolspec.IDNewAtHeld
			}
			fail(rule, fmt.Sprintf("call #%d with arguments %s", m.Ordinal, quote(a.Arguments)), quote(m.Args))
		}
	}
	for _, i := range finished {
		found := false
		for _, p := range pairs {
			found = found || p.adapter == i
		}
		if !found {
			fail(toolspec.IDKnown, fmt.Sprintf("call %s presented as finished", show(r.Calls[i])),
				fmt.Sprintf("no such call: the model has %d (%s)", len(want.Calls), names(want)))
		}
	}
	if whole {
		for _, m := range want.Calls {
			if !matched[m.Ordinal] {
				rule := toolspec.OrdFirstSeen // every call is output
				for _, a := range r.Calls {
					if len(a.Arguments) > len(m.Args) && strings.Contains(a.Arguments, m.Args) && m.Args != "{}" {
						rule = toolspec.IDNewAtHeld // merged into another call
					}
				}
				fail(rule, fmt.Sprintf("no finished call for the model's call #%d (%d finished of %d)", m.Ordinal, len(finished), len(r.Calls)),
					"call "+showCall(m))
			}
		}
	}
	if d.StopReason && r.StopReason != want.StopReason() {
		rule := toolspec.EndStopReason
		if want.StopReason() == toolspec.StopTruncated {
			rule = toolspec.EndTruncation
		}
		fail(rule, "stop reason "+stopName(r.StopReason), stopName(want.StopReason()))
	}
	if d.Text {
		if w, byChoice := textOf(want, toolspec.ItemText), textByChoice(want, toolspec.ItemText); r.Text != w && r.Text != byChoice {
			fail(toolspec.OrdMerge, "text "+quote(r.Text), quote(w))
		}
	}
	if d.Thinking {
		if w, byChoice := textOf(want, toolspec.ItemThinking), textByChoice(want, toolspec.ItemThinking); r.Thinking != w && r.Thinking != byChoice {
			fail(toolspec.ThinkOrder, "thinking "+quote(r.Thinking), quote(w))
		}
	}
	return fs
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
	return reflect.DeepEqual(a, b)
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
