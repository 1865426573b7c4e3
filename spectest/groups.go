package spectest

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/toolspec/toolspec"
)

// This file holds what a Report says beyond its cases: the expected
// failures ([Expect]), each case's status, the summary, and the failures
// grouped by root cause ([Report.Groups]).

// Expectation is a known failure an [Expect] option declares: case Case
// fails Rule ("" for a failure that names no rule), for Reason.
type Expectation struct {
	Case   string
	Rule   toolspec.RuleID
	Reason string
}

// Error says that the expectation no longer fails, as a failure of the
// run: "case: RULE no longer fails (expected: reason): remove the
// expectation".
func (e Expectation) Error() string {
	return fmt.Sprintf("%s: %s no longer fails (expected: %s): remove the expectation", e.Case, expectRule(e.Rule), e.Reason)
}

// expectRule is a rule as the expectations write it: "-" for none.
func expectRule(r toolspec.RuleID) string {
	if r == "" {
		return "-"
	}
	return string(r)
}

// checkExpect returns an error when an expectation of o names no case of
// cs (nor random/<format>) or no rule.
func (o options) checkExpect(cs []kase) error {
	for _, name := range sortedKeys(o.expect) {
		known := strings.HasPrefix(name, "random/") && toolspec.Format(strings.TrimPrefix(name, "random/")).Valid()
		for _, c := range cs {
			known = known || c.name == name
		}
		if !known {
			return fmt.Errorf("spectest: Expect: no case %q in the corpus (a scenario's area/name or random/<format>)", name)
		}
		for r := range o.expect[name] {
			if _, ok := toolspec.LookupRule(r); !ok && r != "" && r != NoRule {
				return fmt.Errorf("spectest: Expect(%q): no rule %q", name, r)
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// expectIn returns c with its failures that o expects moved to
// c.Expected (each with its reason), its expectations it did not fail in
// c.NoLongerFails, and those of a skipped case in c.Unchecked. A case
// with a protocol failure has no stale expectation (there was no answer
// to judge), nor has a random case that failed (its streams are drawn and
// shrunk anew each run: it no longer fails its expectations only when it
// fails nothing).
func (o options) expectIn(c CaseResult) CaseResult {
	exp := o.expect[c.Name]
	if len(exp) == 0 {
		return c
	}
	rules := make([]toolspec.RuleID, 0, len(exp))
	for r := range exp {
		rules = append(rules, r)
	}
	slices.Sort(rules)
	if c.Skipped != "" {
		for _, r := range rules {
			c.Unchecked = append(c.Unchecked, Expectation{c.Name, r, exp[r]})
		}
		return c
	}
	seen := map[toolspec.RuleID]bool{}
	broken := false
	var fresh, expected []Failure
	for _, f := range c.Failures {
		reason, ok := exp[f.Rule]
		switch {
		case f.Protocol != nil:
			broken = true
			fresh = append(fresh, f)
		case ok:
			seen[f.Rule] = true
			f.Expected = reason
			expected = append(expected, f)
		default:
			fresh = append(fresh, f)
		}
	}
	random := strings.HasPrefix(c.Name, "random/") && len(c.Failures) > 0
	for _, r := range rules {
		if !seen[r] && !broken && !random {
			c.NoLongerFails = append(c.NoLongerFails, Expectation{c.Name, r, exp[r]})
		}
	}
	streams := make([]FailingStream, len(c.Streams))
	for i, s := range c.Streams {
		s.Failures = slices.Clone(s.Failures)
		for j, f := range s.Failures {
			if reason, ok := exp[f.Rule]; ok && f.Protocol == nil {
				s.Failures[j].Expected = reason
			}
		}
		streams[i] = s
	}
	c.Failures, c.Expected, c.Streams = fresh, expected, streams
	return c
}

// expected reports whether o expects a failure of f's rule on inputs of
// the case name.
func (o options) expected(name string, f Failure) bool {
	_, ok := o.expect[name][f.Rule]
	return ok && f.Protocol == nil
}

// CaseStatus is what a case of a [Report] came to.
type CaseStatus string

// The statuses of a case, in the order [CaseResult.Status] tells them.
const (
	CaseSkipped       CaseStatus = "n/a"        // did not run: not applicable, or skipped (Skipped)
	CaseBroken        CaseStatus = "broken"     // an adapter program broke the protocol: no answer to judge
	CaseFailed        CaseStatus = "fail"       // a failure no [Expect] expects
	CaseNoLongerFails CaseStatus = "now passes" // an expectation it no longer fails
	CaseExpected      CaseStatus = "expected"   // failures, each expected
	CasePassed        CaseStatus = "pass"       // ran and found nothing
)

// Status is what the case came to: skipped, else broken (a protocol
// failure), else failed (a failure not expected), else no longer failing
// (a stale expectation), else failed as expected, else passed.
func (c CaseResult) Status() CaseStatus {
	switch {
	case c.Skipped != "":
		return CaseSkipped
	case slices.ContainsFunc(c.Failures, func(f Failure) bool { return f.Protocol != nil }):
		return CaseBroken
	case len(c.Failures) > 0:
		return CaseFailed
	case len(c.NoLongerFails) > 0:
		return CaseNoLongerFails
	case len(c.Expected) > 0:
		return CaseExpected
	}
	return CasePassed
}

// Summary counts the cases of a [Report] by status, and the root causes
// of their failures.
type Summary struct {
	Cases         int // all cases, run or not
	Passed        int
	Failed        int // with a failure not expected
	Expected      int // with expected failures only
	NoLongerFails int // with a stale expectation
	Broken        int // with a protocol failure
	Skipped       int // not applicable, or skipped by an option
	Unchecked     int // skipped cases that have expectations
	Causes        int // the groups of [Report.Groups]
}

// Summary counts r's cases by [CaseResult.Status] and its root causes
// ([Report.Groups]).
func (r *Report) Summary() Summary {
	s := Summary{Cases: len(r.Cases), Causes: len(r.Groups())}
	for _, c := range r.Cases {
		switch c.Status() {
		case CasePassed:
			s.Passed++
		case CaseFailed:
			s.Failed++
		case CaseExpected:
			s.Expected++
		case CaseNoLongerFails:
			s.NoLongerFails++
		case CaseBroken:
			s.Broken++
		case CaseSkipped:
			s.Skipped++
			if len(c.Unchecked) > 0 {
				s.Unchecked++
			}
		}
	}
	return s
}

// Group is the failing streams of a [Report] that share a root cause:
// the same rule and the same first difference. See [Report.Groups].
type Group struct {
	// Cause is what the members share: "RULE: " and the form of their
	// first failure's Got (see [Report.Groups]), or "protocol: " and the
	// kind of a protocol failure.
	Cause string
	// Rule is the rule of the members' first failures ("" for a protocol
	// failure) and Summary its one-line summary (toolspec.LookupRule; ""
	// for NoRule and a protocol failure).
	Rule    toolspec.RuleID
	Summary string
	// Members are the group's failing streams: the representative (the
	// smallest stream) first, then the others in the report's order.
	Members []Member
}

// Member is one failing stream of a [Group]: a scenario case, or one of
// the failing streams of a random case.
type Member struct {
	Case string // the case's name
	// Stream is the index of the stream in the case's Streams (a random
	// case), or -1 (a scenario case, or a random case's failure that
	// has no stream, such as rapid's own).
	Stream int
	// Failures are its failures not expected; the first is the group's
	// cause.
	Failures []Failure
	// Input is the stream (a scenario's, or the shrunk random stream);
	// Scenario is a random stream written as a scenario (nil for a
	// scenario case: its file is the corpus's), and Seed the seed that
	// draws it again (0 when unknown).
	Input    []byte
	Scenario []byte
	Seed     uint64
}

// Representative is the group's smallest failing stream, the one to
// look at first.
func (g Group) Representative() Member { return g.Members[0] }

// Groups returns the failures of r that no [Expect] expects, grouped by
// root cause, so that one fix is looked at once however many cases it
// fails.
//
// The unit is a failing stream: a scenario case, or each failing stream
// of a random case ([CaseResult.Streams]). Its cause is its first
// difference: the first of its failures that no option expects, in the
// order the kit compares (for each call the adapter presents as finished,
// in its order: a call the model holds unfinished, then first-seen order,
// id, name and arguments; then a phantom call, a missing call, the stop
// reason, the text and the thinking). Two failing streams share a cause
// when their first differences have the same Rule and the same form of
// Got: Got with every quoted string (ids, names, arguments, text, an
// error's message) written "" and every number (call ordinals, counts)
// written N. Want is left out: it says what the model made of the stream
// (the stop of a cut, a call's arguments), not what the adapter did, so
// that one fault met on streams of different shapes is one cause. This is
// the signature by which [RandomFailures] tells a new failure from one
// already found. A protocol failure's cause is its kind (crashed, timed
// out, ...).
//
// A group's first member is its smallest stream (the first of them in
// the report's order on a tie). The groups with a protocol failure come
// first (the adapter gave no answer to judge), then the others by number
// of members, largest first, then in the report's order.
func (r *Report) Groups() []Group {
	var groups []*Group
	byCause := map[string]*Group{}
	add := func(m Member) {
		f := m.Failures[0]
		key := signature(f)
		g := byCause[key]
		if g == nil {
			g = &Group{Cause: key, Rule: f.Rule}
			if rule, ok := toolspec.LookupRule(f.Rule); ok {
				g.Summary = rule.Summary
			}
			byCause[key] = g
			groups = append(groups, g)
		}
		g.Members = append(g.Members, m)
	}
	for _, c := range r.Cases {
		if len(c.Failures) == 0 {
			continue
		}
		if len(c.Streams) == 0 {
			add(Member{Case: c.Name, Stream: -1, Failures: c.Failures, Input: c.Input})
			continue
		}
		n := 0 // the failures of c the streams hold
		for i, s := range c.Streams {
			var fs []Failure
			for _, f := range s.Failures {
				if f.Expected == "" {
					fs = append(fs, f)
				}
			}
			if len(fs) > 0 {
				add(Member{Case: c.Name, Stream: i, Failures: fs, Input: s.Input, Scenario: s.Scenario, Seed: s.Seed})
			}
			n += len(fs)
		}
		if n < len(c.Failures) {
			// A failure after the streams' (rapid's own): it has none.
			add(Member{Case: c.Name, Stream: -1, Failures: c.Failures[n:]})
		}
	}
	out := make([]Group, len(groups))
	for i, g := range groups {
		// The smallest first, stably: the others keep the report's order.
		least := 0
		for j, m := range g.Members {
			if len(m.Input) < len(g.Members[least].Input) {
				least = j
			}
		}
		rep := g.Members[least]
		g.Members = append([]Member{rep}, slices.Delete(slices.Clone(g.Members), least, least+1)...)
		out[i] = *g
	}
	slices.SortStableFunc(out, func(a, b Group) int {
		pa, pb := a.Members[0].Failures[0].Protocol != nil, b.Members[0].Failures[0].Protocol != nil
		if pa != pb {
			if pa {
				return -1
			}
			return 1
		}
		return cmp.Compare(len(b.Members), len(a.Members))
	})
	return out
}
