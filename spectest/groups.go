package spectest

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
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
			if reason, ok := exp[f.Rule]; ok && f.Protocol == nil && f.Level == spec.LevelMust {
				s.Failures[j].Expected = reason
			}
		}
		streams[i] = s
	}
	c.Failures, c.Expected, c.Streams = fresh, expected, streams
	return c
}

// expected reports whether o expects a failure of f's rule on inputs of
// the case name (f is a MUST failure: an expectation matches no other).
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
	CaseWarned        CaseStatus = "warn"       // no failure, but warnings (SHOULD)
	CasePassed        CaseStatus = "pass"       // ran and found nothing, or only what SPEC.md allows (MAY)
)

// Status is what the case came to: skipped, else broken (a protocol
// failure), else failed (a failure not expected), else no longer failing
// (a stale expectation), else failed as expected, else warned (a
// warning), else passed.
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
	case len(c.Warnings) > 0:
		return CaseWarned
	}
	return CasePassed
}

// Real reports whether the case failed on real traffic: one of its
// failures not expected is Real (a seen scenario's, or a valid random
// draw's).
func (c CaseResult) Real() bool {
	return slices.ContainsFunc(c.Failures, func(f Failure) bool { return f.Real })
}

// Summary counts the cases of a [Report] by status, and the root causes
// of their failures and warnings, the failures on real traffic apart from
// the robustness findings.
type Summary struct {
	Cases         int // all cases, run or not
	Passed        int
	Failed        int // with a failure not expected
	FailedReal    int // of Failed, those with a failure on real traffic ([CaseResult.Real])
	Expected      int // with expected failures only
	Warned        int // with warnings and no failure ([CaseWarned])
	NoLongerFails int // with a stale expectation
	Broken        int // with a protocol failure
	Skipped       int // not applicable, or skipped by an option
	Unchecked     int // skipped cases that have expectations
	// Causes are the groups of [Report.Groups]: RealCauses of them are
	// failures on real traffic, RobustnessCauses robustness findings
	// (protocol failures count with the traffic of their case).
	Causes, RealCauses, RobustnessCauses int
	WarningCauses                        int // the groups of [Report.WarningGroups]
}

// Summary counts r's cases by [CaseResult.Status] and its root causes
// ([Report.Groups], [Report.WarningGroups]).
func (r *Report) Summary() Summary {
	gs := r.Groups()
	s := Summary{Cases: len(r.Cases), Causes: len(gs), WarningCauses: len(r.WarningGroups())}
	for _, g := range gs {
		if g.Real {
			s.RealCauses++
		} else {
			s.RobustnessCauses++
		}
	}
	for _, c := range r.Cases {
		switch c.Status() {
		case CasePassed:
			s.Passed++
		case CaseWarned:
			s.Warned++
		case CaseFailed:
			s.Failed++
			if c.Real() {
				s.FailedReal++
			}
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
	// first failure's Got (see [Report.Groups]), after "SHOULD " in a
	// group of warnings, or "protocol: " and the kind of a protocol
	// failure.
	Cause string
	// Rule is the rule of the members' first failures ("" for a protocol
	// failure) and Summary its one-line summary (toolspec.LookupRule; ""
	// for NoRule and a protocol failure).
	Rule    toolspec.RuleID
	Summary string
	// Level is the level of the members' failures: spec.LevelMust in
	// [Report.Groups], spec.LevelShould in [Report.WarningGroups].
	Level spec.Level
	// Real: a member is a stream of a shape providers send (a seen
	// scenario, a valid random draw): the cause fails real traffic. Else
	// every member is a robustness finding (a synthetic scenario, a
	// mutated random draw).
	Real bool
	// Members are the group's failing streams: the representative first,
	// then the others in the report's order.
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
	// Failures are its failures not expected, of the group's level; the
	// first is the group's cause.
	Failures []Failure
	// Real: the stream is of a shape providers send.
	Real bool
	// Input is the stream (a scenario's, or the shrunk random stream);
	// Scenario is a random stream written as a scenario (nil for a
	// scenario case: its file is the corpus's), and Seed the seed that
	// draws it again (0 when unknown).
	Input    []byte
	Scenario []byte
	Seed     uint64
}

// Representative is the group's failing stream to look at first: its
// smallest of real traffic, or its smallest when none is.
func (g Group) Representative() Member { return g.Members[0] }

// Groups returns the failures of r that no [Expect] expects (the MUST
// departures), grouped by root cause, so that one fix is looked at once
// however many cases it fails.
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
// written N. Want is left out: it says what the model made
// of the stream (the stop of a cut, a call's arguments), not what the
// adapter did, so that one fault met on streams of different shapes is
// one cause. This is the signature by which [RandomFailures] tells a new
// failure from one already found. A protocol failure's cause is its kind
// (crashed, timed out, ...).
//
// A group is of real traffic ([Group.Real]) when one of its members is.
// Its first member is its smallest stream of real traffic, or its smallest
// stream when none is (the first of them in the report's order on a tie).
// The groups with a protocol failure come first (the adapter gave no
// answer to judge), then those of real traffic, then the robustness
// findings, each by number of members, largest first, then in the
// report's order.
func (r *Report) Groups() []Group { return r.groups(spec.LevelMust) }

// WarningGroups returns the warnings of r (the SHOULD departures, which
// fail nothing) grouped by root cause as [Report.Groups] groups failures,
// those of real traffic first.
func (r *Report) WarningGroups() []Group { return r.groups(spec.LevelShould) }

// groups groups the departures of level of r's cases, as Groups says.
func (r *Report) groups(level spec.Level) []Group {
	var groups []*Group
	byCause := map[string]*Group{}
	add := func(m Member) {
		f := m.Failures[0]
		m.Real = f.Real
		key := signature(f)
		g := byCause[key]
		if g == nil {
			g = &Group{Cause: key, Rule: f.Rule, Level: level}
			if rule, ok := toolspec.LookupRule(f.Rule); ok {
				g.Summary = rule.Summary
			}
			byCause[key] = g
			groups = append(groups, g)
		}
		g.Members = append(g.Members, m)
		g.Real = g.Real || m.Real
	}
	for _, c := range r.Cases {
		all := c.Failures
		if level != spec.LevelMust {
			all = c.Warnings
		}
		if len(all) == 0 {
			continue
		}
		if len(c.Streams) == 0 {
			add(Member{Case: c.Name, Stream: -1, Failures: all, Input: c.Input})
			continue
		}
		n := 0 // the departures of c the streams hold
		for i, s := range c.Streams {
			var fs []Failure
			for _, f := range s.Failures {
				if f.Expected == "" && f.Level == level {
					fs = append(fs, f)
				}
			}
			if len(fs) > 0 {
				add(Member{Case: c.Name, Stream: i, Failures: fs, Input: s.Input, Scenario: s.Scenario, Seed: s.Seed})
			}
			n += len(fs)
		}
		if n < len(all) {
			// A failure after the streams' (rapid's own): it has none.
			add(Member{Case: c.Name, Stream: -1, Failures: all[n:]})
		}
	}
	out := make([]Group, len(groups))
	for i, g := range groups {
		// The smallest (of real traffic, when one is) first, stably: the
		// others keep the report's order.
		least := -1
		for j, m := range g.Members {
			if m.Real == g.Real && (least < 0 || len(m.Input) < len(g.Members[least].Input)) {
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
		if a.Real != b.Real {
			if a.Real {
				return -1
			}
			return 1
		}
		return cmp.Compare(len(b.Members), len(a.Members))
	})
	return out
}
