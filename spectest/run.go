package spectest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// Option changes how the kit runs.
type Option func(*options)

type options struct {
	limits    toolspec.Limits
	only      *regexp.Regexp
	noCorpus  bool
	corpora   []fs.FS // nil: the embedded corpus
	formats   []toolspec.Format
	skip      map[toolspec.RuleID]string
	random    int
	validOnly bool
	failures  int // distinct failing random streams reported per case
	seed      uint64
	byteArgs  bool
	timeout   time.Duration
	shrink    time.Duration
	// expect are the known failures of Expect: case → rule → reason.
	expect map[string]map[toolspec.RuleID]string

	// oneResponse: the random streams hold one response each (the
	// adapter judged does not claim SeveralResponses). Set per adapter,
	// not by an Option.
	oneResponse bool
}

// defaultRandomFailures is the default of RandomFailures.
const defaultRandomFailures = 3

func newOptions(opts []Option) options {
	o := options{random: 100, failures: defaultRandomFailures, timeout: 10 * time.Second, shrink: 5 * time.Second, skip: map[toolspec.RuleID]string{}}
	for _, f := range opts {
		f(&o)
	}
	return o
}

// Formats limits the run to the given formats (and to those the adapter
// reads).
func Formats(fs ...toolspec.Format) Option {
	return func(o *options) { o.formats = append(o.formats, fs...) }
}

// Skip skips the scenarios that exercise any of rules, giving reason: they
// are reported as skipped with it, never passed silently. Random streams,
// which exercise no rule in particular, still run; their failures that
// name a skipped rule are reported as skipped too.
func Skip(reason string, rules ...toolspec.RuleID) Option {
	return func(o *options) {
		for _, r := range rules {
			o.skip[r] = reason
		}
	}
}

// RandomStreams sets how many random streams of each format the run
// draws (valid ones and ones broken in the ways the field notes
// describe); 0 runs the scenarios only. The default is 100. The streams
// drawn to shrink a failing one do not count; the draws go on after a
// failure (see [RandomFailures]) until n are drawn.
func RandomStreams(n int) Option { return func(o *options) { o.random = n } }

// RandomValid draws the random streams from the valid generator only:
// streams that break no rule, valid as the providers send them (with their
// framing's tolerances: byte-order marks, split data lines, CRLF, comments,
// a missing last blank line), never broken by the field notes' adversarial
// mutations. It is for an adapter or a translator that claims only valid
// input, behind a trusted provider. Under it [Fuzz] judges only the inputs
// in which the model finds no violation. The corpus's scenarios still run
// ([RandomOnly] leaves them out, [Skip] and [Only] select them).
func RandomValid() Option { return func(o *options) { o.validOnly = true } }

// RandomFailures sets how many distinct failing random streams a case
// (random/<format>) reports, each shrunk and with the seed that draws it
// again (default 3). After a failure the draws go on, looking past the
// failures already found: a stream counts only when it fails in a way
// none before it did (another rule, or another departure of the same
// rule: an error where a call was wrong), and it is shrunk keeping that
// failure, so that a frequent failure does not mask the others. A stream
// that shrinks to the rules and shape of one already reported (the same
// rules, the same transcript but for ids, names, arguments, text and
// numbers) is counted, not reported again. n < 1 is 1: the first failure
// only.
func RandomFailures(n int) Option { return func(o *options) { o.failures = max(n, 1) } }

// Corpus runs the scenarios of fsys instead of the embedded corpus
// ([Scenarios]): every ".txtar" file of fsys, at any depth, in the
// corpus's format (package scenario; other files are ignored), named
// after its path without ".txtar" ("<area>/<name>" in the embedded one). Several Corpus options run each
// corpus; Corpus(spectest.Scenarios) among them keeps the embedded one.
// A corpus without a scenario, a scenario that does not parse and a name
// that two corpora share are errors of the run ([Check] returns them,
// [Run] fails with them). [Fuzz] seeds its corpus with them too.
func Corpus(fsys fs.FS) Option { return func(o *options) { o.corpora = append(o.corpora, fsys) } }

// Seed fixes the seed of the random streams, to rerun a failure; 0 (the
// default) draws a new one each run, which a failure prints.
func Seed(seed uint64) Option { return func(o *options) { o.seed = seed } }

// ByteEqualArguments compares arguments byte for byte; by default function
// arguments compare as JSON values (key order and white space aside,
// numbers by their value).
func ByteEqualArguments() Option { return func(o *options) { o.byteArgs = true } }

// Limits draws the random streams under lim, for an adapter that claims
// Limits (one that does not is not judged on them): the generator's
// streams then reach the budget rules (BUD-1 to BUD-7).
func Limits(lim toolspec.Limits) Option { return func(o *options) { o.limits = lim } }

// ShrinkTime bounds the time spent shrinking a failing random stream
// (default 5 s); the smallest failing stream found by then is reported.
func ShrinkTime(d time.Duration) Option { return func(o *options) { o.shrink = d } }

// Only runs the scenarios whose names (area/name) match the regular
// expression pattern, and the random streams only if "random/<format>"
// does; [Fuzz] is seeded with those scenarios only, and drives the
// generator only if "random/<format>" matches. It panics if pattern does
// not compile.
func Only(pattern string) Option {
	re := regexp.MustCompile(pattern)
	return func(o *options) { o.only = re }
}

// RandomOnly runs the random streams only, not the scenarios; [Fuzz] is
// then seeded with inputs of the generator only.
func RandomOnly() Option { return func(o *options) { o.noCorpus = true } }

// Expect declares a known failure: the case name (a scenario's area/name,
// or random/<format>) fails rule, for reason ("" as rule: a failure that
// names no rule, such as rapid's own). [Check], [CheckScenario], [Run] and
// [TestAdapter] then keep the case's failures of rule apart, in
// [CaseResult.Expected], and they fail neither the case nor the run; an
// expectation the case no longer fails is a failure of the run
// ([CaseResult.NoLongerFails]), so that the list is kept current, and one of
// a case that does not apply is reported unchecked
// ([CaseResult.Unchecked]). A random case's expectations are the rules
// its failing streams may fail: it no longer fails them only when it fails
// nothing. A protocol failure is never expected. [Fuzz] leaves a scenario
// with an expectation out of its seeds (it would stop on a failure already
// known before fuzzing anything), and ignores the failures of the rules
// expected of random/<format> on every input, as Check counts them
// expected on the random streams. An Expect that names no case of the
// corpora or no rule of SPEC.md is an error of the run; one declared twice
// for a case and rule keeps the last reason. toolspec-kit check --expect reads
// such lines from a file. The translators' runners do not read it.
func Expect(name string, rule toolspec.RuleID, reason string) Option {
	return func(o *options) {
		if o.expect == nil {
			o.expect = map[string]map[toolspec.RuleID]string{}
		}
		if o.expect[name] == nil {
			o.expect[name] = map[toolspec.RuleID]string{}
		}
		o.expect[name][rule] = reason
	}
}

// Timeout bounds each call of the adapter (default 10 s); an adapter that
// takes longer fails the case.
func Timeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// selected reports whether o runs the case named name.
func (o options) selected(name string) bool { return o.only == nil || o.only.MatchString(name) }

// kase is one scenario or random stream.
type kase struct {
	name   string
	format toolspec.Format
	limits toolspec.Limits
	data   []byte
	rules  []toolspec.RuleID
	// several is a scenario's tag several-responses: its stream holds
	// several responses.
	several bool
	random  bool // drawn by the generator (or the fuzzer), not a scenario
	// seen is a scenario's seen: line, or a valid random draw: its shape
	// is one providers send, where a synthetic scenario's, a mutated
	// draw's or a fuzzed input's is a robustness case.
	seen bool
}

// scenarioCase is the case of scenario sc, named name.
func scenarioCase(name string, sc *scenario.Scenario) kase {
	return kase{name: name, format: sc.Format, limits: toolspec.Limits(sc.Limits), data: sc.Input, rules: sc.Rules, several: sc.HasTag(scenario.TagSeveralResponses), seen: sc.IsSeen()}
}

// notSeveral is why a case whose stream holds several responses does not
// apply to an adapter that does not claim SeveralResponses.
const notSeveral = "not applicable: the case's stream holds several responses (tag several-responses) and the adapter does not claim SeveralResponses"

// reference is the outcome c is judged against: the model's for a
// scenario; for a random stream, which rapid may judge thousands of times
// while it shrinks, the production reassembler's, which the project's
// differential tests and fuzz targets hold equal to the model's (the
// model copies its state at every event). A reported random stream's want
// is the model's (Scenario).
func reference(c kase) toolspec.Outcome {
	if c.random {
		return toolspec.Reassemble(c.format, c.data, c.limits)
	}
	return toolspec.Outcome(model.Reassemble(c.format, c.data, spec.Limits(c.limits)))
}

// cases returns the scenarios of o's corpora (the embedded one by
// default), sorted by name.
func cases(o options) ([]kase, error) {
	corpora := o.corpora
	if corpora == nil {
		corpora = []fs.FS{Scenarios}
	}
	var out []kase
	from := map[string]int{} // a scenario's name → its corpus
	for i, fsys := range corpora {
		n := 0
		err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
				return err
			}
			data, err := fs.ReadFile(fsys, path)
			if err != nil {
				return err
			}
			sc, err := scenario.Parse(path, data)
			if err != nil {
				return err
			}
			name := strings.TrimSuffix(path, ".txtar")
			if j, dup := from[name]; dup {
				return fmt.Errorf("%s: the scenario %q is in corpus %d too", path, name, j+1)
			}
			from[name] = i
			n++
			out = append(out, scenarioCase(name, sc))
			return nil
		})
		if err == nil && n == 0 {
			err = errors.New("no scenario (no .txtar file)")
		}
		if err != nil && o.corpora != nil {
			return nil, fmt.Errorf("spectest: corpus %d of %d: %w", i+1, len(corpora), err)
		}
		if err != nil {
			return nil, err
		}
	}
	slices.SortFunc(out, func(a, b kase) int { return strings.Compare(a.name, b.name) })
	return out, nil
}

// verdict is what one case gave.
type verdict struct {
	failures []Failure
	skipped  string // why the case did not run, when it did not
}

// applies says why the adapter described by d is not judged on c under o,
// or "" when it is.
func applies(d Description, o options, c kase, want toolspec.Outcome) string {
	if !slices.Contains(d.Formats, c.format) || len(o.formats) > 0 && !slices.Contains(o.formats, c.format) {
		return "not applicable: format " + string(c.format)
	}
	if c.limits != (toolspec.Limits{}) && !d.Limits {
		return "not applicable: the case sets limits and the adapter does not claim Limits"
	}
	if c.several && !d.SeveralResponses {
		return notSeveral
	}
	for _, cl := range want.Calls {
		if cl.Kind == toolspec.CallCustom && !d.Custom {
			return "not applicable: the case holds custom tool calls and the adapter does not claim Custom"
		}
	}
	for _, r := range c.rules {
		if why, ok := o.skip[r]; ok {
			return "skipped (" + string(r) + "): " + why
		}
	}
	return ""
}

// runCase runs one case on a fresh adapter.
func runCase(newAdapter func() Adapter, o options, c kase) verdict {
	want := reference(c)
	a := newAdapter()
	d := describe(a)
	if why := applies(d, o, c, want); why != "" {
		return verdict{skipped: why}
	}
	s := Stream{Format: c.format, Data: bytes.Clone(c.data)}
	if d.Limits {
		s.Limits = c.limits
	}
	res := call(a, s, o.timeout)
	r, err, broke, pe := res.r, res.err, res.broke, res.protocol
	if pe != nil {
		return verdict{failures: []Failure{{Case: c.name, Got: "a protocol failure: " + pe.Error(), Want: "an answer (" + summary(want) + ")", Protocol: pe, Real: c.seen}}}
	}
	var fs []Failure
	if broke != "" {
		fs = []Failure{{Case: c.name, Rule: first(c.rules), Got: broke, Want: "a result (" + summary(want) + ")"}}
	} else {
		f := factsOf(c, want)
		fs = judge(c.name, d, o, f, want, r, err, c.rules)
		if f.unterminated && worst(fs) < spec.LevelMay {
			// FRAME-1: a reader that follows the WHATWG standard discards
			// the unterminated last event; judged on the stream without
			// it, it may pass.
			w := c
			w.data = f.short
			wwant := reference(w)
			if alt := judge(c.name, d, o, factsOf(w, wwant), wwant, r, err, c.rules); better(alt, fs) {
				for i := range alt {
					alt[i].Why = whatwgWhy
				}
				fs, want = alt, wwant
			}
		}
	}
	for i := range fs {
		fs[i].Real = c.seen
	}
	if c.random {
		attribute(fs, c, want)
	}
	return verdict{failures: fs}
}

// whatwgWhy is the Why of a failure judged by the WHATWG reading of a
// stream whose last SSE event is unterminated.
const whatwgWhy = "judged on the stream without its unterminated last SSE event, as the WHATWG standard reads it (FRAME-1), which departs less"

// worst is the strongest level of fs, or a level weaker than MAY when fs
// is empty.
func worst(fs []Failure) spec.Level {
	l := spec.LevelMay + 1
	for _, f := range fs {
		l = l.Stronger(f.Level)
	}
	return l
}

// better reports whether failures a depart less than failures b: fewer
// MUST departures, or as many and fewer SHOULD ones, or as many of both and
// fewer MAY ones.
func better(a, b []Failure) bool {
	var na, nb [3]int
	for _, f := range a {
		na[min(int(f.Level), 2)]++
	}
	for _, f := range b {
		nb[min(int(f.Level), 2)]++
	}
	for i := range na {
		if na[i] != nb[i] {
			return na[i] < nb[i]
		}
	}
	return false
}

// answer is what call got from an adapter: a result and error, or why
// there is none.
type answer struct {
	r        Result
	err      error
	broke    string         // a panic or a time-out
	protocol *ProtocolError // an adapter program broke the protocol
}

// call runs the adapter on s, turning a panic or a time-out into broke,
// and a panic with a *ProtocolError (an adapter program's) into protocol.
func call(a Adapter, s Stream, timeout time.Duration) answer {
	type res struct {
		r     Result
		err   error
		panic any
	}
	done := make(chan res, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- res{panic: p}
			}
		}()
		r, err := a.Reassemble(s)
		done <- res{r: r, err: err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case x := <-done:
		if p, ok := x.panic.(*ProtocolError); ok {
			return answer{protocol: p}
		}
		if x.panic != nil {
			return answer{broke: fmt.Sprintf("a panic: %v", x.panic)}
		}
		return answer{r: x.r, err: x.err}
	case <-t.C:
		return answer{broke: fmt.Sprintf("no result within %v", timeout)}
	}
}

func first(rules []toolspec.RuleID) toolspec.RuleID {
	if len(rules) == 0 {
		return ""
	}
	return rules[0]
}

// Run runs the kit on the adapters newAdapter makes (a fresh one per
// case): one subtest per scenario of the corpus, named after it
// (area/name, so that -run selects and -skip skips them), then, per
// format, a subtest "random/<format>" that draws random streams and
// reports the distinct failing ones ([RandomFailures]), each shrunk and
// printed as a scenario ready to commit, with the seed that draws it
// again. Cases the adapter is not judged on are skipped with the reason.
func Run(t *testing.T, newAdapter func() Adapter, opts ...Option) {
	t.Helper()
	o := newOptions(opts)
	cs, err := cases(o)
	if err == nil {
		err = o.checkExpect(cs)
	}
	if err != nil {
		t.Fatal(err)
	}
	if o.noCorpus {
		cs = nil
	}
	for _, c := range cs {
		if !o.selected(c.name) {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			reportTo(t, o.expectIn(scenarioResult(c, runCase(newAdapter, o, c))))
		})
	}
	if o.random == 0 {
		return
	}
	d := describe(newAdapter())
	for _, f := range toolspec.Formats() {
		if !slices.Contains(d.Formats, f) || len(o.formats) > 0 && !slices.Contains(o.formats, f) || !o.selected("random/"+string(f)) {
			continue
		}
		name := "random/" + string(f)
		t.Run(name, func(t *testing.T) {
			reportTo(t, o.expectIn(adapterRandom(name, newAdapter, o, f)))
		})
	}
}

// reportTo reports case c on t, as Run does: its failures as errors (a
// random case's Message), its expected failures, warnings and the
// departures SPEC.md allows as logs, a stale expectation as an error, a
// skipped case as skipped.
func reportTo(t *testing.T, c CaseResult) {
	t.Helper()
	for _, f := range c.Warnings {
		t.Logf("warning: %s", f.Error())
	}
	for _, f := range c.Allowed {
		t.Logf("allowed: %s", f.Error())
	}
	for _, e := range c.NoLongerFails {
		t.Error(e.Error())
	}
	if c.Skipped != "" {
		for _, e := range c.Unchecked {
			t.Logf("not checked: %s %s is expected (%s)", e.Case, expectRule(e.Rule), e.Reason)
		}
		t.Skip(c.Skipped)
	}
	for _, f := range c.Expected {
		t.Logf("expected (%s): %s", f.Expected, f.Error())
	}
	switch {
	case len(c.Failures) == 0:
		if c.Message != "" {
			t.Log(c.Message)
		}
	case c.Message != "":
		t.Error(c.Message)
	default:
		for _, f := range c.Failures {
			t.Error(f.Error())
		}
	}
}

// report prints failures of case c and c as a scenario ready to commit.
func report(c kase, how string, fs []Failure) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.Error() + "\n")
	}
	b.WriteString("\nThe stream as a scenario (" + how + "):\n\n")
	b.Write(Scenario(c.name, c.format, c.limits, c.data, fs))
	return b.String()
}

// failedSynthetic is the synthetic: line of a scenario that [Scenario]
// writes: the stream was drawn, fuzzed or reduced, not recorded.
const failedSynthetic = "a stream on which an adapter failed, drawn, fuzzed or reduced by a tool rather than recorded from a provider; if a provider is known to send this shape, replace this line with seen: and the source"

// Scenario renders a stream on which an adapter failed as a txtar scenario
// in the corpus's format, with the model's outcome as its want and the
// failures' rules, ready to add to a test suite; tagged several-responses
// when the outcome has more than one message. Its synthetic: line says the
// stream was made by a tool: a stream a provider is known to send gets a
// seen: line with the source instead.
func Scenario(name string, f toolspec.Format, lim toolspec.Limits, data []byte, fs []Failure) []byte {
	desc := []string{"A stream on which an adapter failed (" + name + "):"}
	var rules []toolspec.RuleID
	for _, x := range fs {
		desc = append(desc, "  "+x.Error())
		if x.Rule != "" && !slices.Contains(rules, x.Rule) {
			rules = append(rules, x.Rule)
		}
	}
	if len(rules) == 0 {
		// No failure names a rule (an adapter that broke the protocol);
		// the scenario format needs one.
		rules = []toolspec.RuleID{NoRule}
	}
	out := model.Reassemble(f, data, spec.Limits(lim))
	sc := scenario.Scenario{
		Description: strings.Join(desc, "\n"), Synthetic: failedSynthetic, Rules: rules, Format: f, Limits: spec.Limits(lim), Input: data,
		HexInput: !utf8.Valid(data) || len(data) > 0 && data[len(data)-1] != '\n' || bytes.Contains(data, []byte("\n-- ")) || bytes.HasPrefix(data, []byte("-- ")),
		Want:     out.String(),
	}
	if out.Messages > 1 {
		sc.Tags = []string{scenario.TagSeveralResponses}
	}
	return sc.Marshal()
}

// Report is what a run of the kit found, case by case.
type Report struct {
	Adapter Description // the adapter's, with all formats when it named none
	Cases   []CaseResult
}

// CaseResult is one case of a [Report]: a scenario, or the random streams
// of one format.
type CaseResult struct {
	Name  string            // area/name, or random/<format>
	Rules []toolspec.RuleID // the rules a scenario exercises
	// Seen tells a real-traffic case from a robustness case: it is true
	// for a scenario whose shape was seen in real traffic (its seen:
	// line, scenario.Scenario.Seen), false for a synthetic scenario (a
	// shape no provider is known to send), for random streams and for
	// history cases. It does not change the verdict: an adapter is
	// judged on every case that applies to it.
	Seen bool
	// Skipped says why the case did not run: not applicable, or skipped
	// by an option. A skipped case has no failures.
	Skipped string
	// Failures are the case's failures that no [Expect] option expects:
	// its departures at MUST level ([Failure.Level]), a protocol failure,
	// a panic, a time-out. They fail the case and the run.
	Failures []Failure
	// Warnings are the case's departures at SHOULD level: reported, they
	// fail neither the case nor the run ([CaseWarned]).
	Warnings []Failure
	// Allowed are the case's departures at MAY level: where the adapter
	// chose otherwise than toolspec, as SPEC.md allows. Notes that never
	// count.
	Allowed []Failure
	// Expected are the case's failures that an [Expect] option expects,
	// each with its Expected reason set; they do not fail the case. An
	// expectation matches MUST failures only: a warning needs none.
	Expected []Failure
	// NoLongerFails are the expectations of the case it ran without
	// failing (for a random case: it failed nothing): each fails the
	// run, since the expectation is stale.
	NoLongerFails []Expectation
	// Unchecked are the expectations of a skipped case: not checked.
	Unchecked []Expectation
	// Input is a scenario's stream, as the adapter got it (a random
	// case's failing streams are in Streams).
	Input []byte
	// Streams are, for random streams that failed, the distinct failing
	// streams found (at most [RandomFailures]), each shrunk, in the order
	// found: first those with a MUST failure, then those with warnings
	// only; Failures, Warnings and Allowed then hold the departures of
	// them all, by level.
	Streams []FailingStream
	// Scenario is, for random streams that failed, the first failing
	// stream, shrunk, as a scenario ready to commit; Message reports every
	// stream with a MUST failure with its scenario and the seed that
	// draws it again.
	Scenario []byte
	Message  string
	// Notes name what a translation's target format cannot carry: not
	// failures.
	Notes []string
}

// FailingStream is one distinct failing random stream of a case, shrunk
// by rapid, then frame by frame.
type FailingStream struct {
	// Failures are its departures once shrunk, of every level
	// ([Failure.Level]): it has a MUST failure, or else a warning.
	Failures []Failure
	// Real: the stream was a valid draw, of a shape providers send (its
	// failures are Real); false for a mutated draw or a valid one that
	// takes a liberty (gen.Response.Liberties), a robustness finding.
	Real     bool
	Scenario []byte // the shrunk stream as a scenario ready to commit
	// Seed is the seed rapid drew the stream with before shrinking it
	// (0 when rapid did not say): [Seed](Seed), or toolspec-kit check --seed,
	// with the same options draws it first again.
	Seed uint64
	// How says how it was drawn: "valid"; "valid, with liberties ...:"
	// and the gen.Liberty* it took (a robustness finding: its shape is
	// allowed, but no provider is known to send it); or "mutated: " and the
	// generator's mutations.
	How string
	// Input is the shrunk stream (the input of Scenario).
	Input   []byte
	Message string // its failures, its scenario and its seed, for a person
}

// Passed reports whether the case ran and found nothing: no failure,
// expected or not, no warning and no stale expectation
// ([CaseResult.Status] is [CasePassed]); departures SPEC.md allows (MAY,
// in Allowed) do not count.
func (c CaseResult) Passed() bool { return c.Status() == CasePassed }

// setFailures files departures fs by level: MUST in Failures, SHOULD in
// Warnings, MAY in Allowed.
func (c *CaseResult) setFailures(fs []Failure) {
	c.Failures, c.Warnings, c.Allowed = nil, nil, nil
	for _, f := range fs {
		switch f.Level {
		case spec.LevelMust:
			c.Failures = append(c.Failures, f)
		case spec.LevelShould:
			c.Warnings = append(c.Warnings, f)
		default:
			c.Allowed = append(c.Allowed, f)
		}
	}
}

// Err returns every failure of r that no [Expect] option expects, one per
// line, and every expectation that no longer fails, joined, or nil; a
// failing random case gives its Message instead: each failing stream's
// failures, its scenario and the seed that draws it again. Warnings
// (SHOULD) and departures SPEC.md allows (MAY) are not errors.
func (r *Report) Err() error {
	var errs []error
	for _, c := range r.Cases {
		for _, e := range c.NoLongerFails {
			errs = append(errs, e)
		}
		if len(c.Failures) == 0 {
			continue
		}
		if c.Message != "" {
			errs = append(errs, errors.New(c.Message))
			continue
		}
		for _, f := range c.Failures {
			errs = append(errs, f)
		}
	}
	return errors.Join(errs...)
}

// Check runs the kit as Run does, without a *testing.T, and returns what
// it found case by case. It may run outside go test (a command, a report
// generator).
func Check(newAdapter func() Adapter, opts ...Option) (*Report, error) {
	initTesting()
	o := newOptions(opts)
	cs, err := cases(o)
	if err != nil {
		return nil, err
	}
	if err := o.checkExpect(cs); err != nil {
		return nil, err
	}
	if o.noCorpus {
		cs = nil
	}
	d := describe(newAdapter())
	rep := &Report{Adapter: d}
	for _, c := range cs {
		if !o.selected(c.name) {
			continue
		}
		rep.Cases = append(rep.Cases, o.expectIn(scenarioResult(c, runCase(newAdapter, o, c))))
	}
	if o.random == 0 {
		return rep, nil
	}
	for _, f := range toolspec.Formats() {
		name := "random/" + string(f)
		if !o.selected(name) {
			continue
		}
		if !slices.Contains(d.Formats, f) || len(o.formats) > 0 && !slices.Contains(o.formats, f) {
			rep.Cases = append(rep.Cases, o.expectIn(CaseResult{Name: name, Skipped: "not applicable: format " + string(f)}))
			continue
		}
		rep.Cases = append(rep.Cases, o.expectIn(adapterRandom(name, newAdapter, o, f)))
	}
	return rep, nil
}

// scenarioResult is the result of scenario case c, which gave v.
func scenarioResult(c kase, v verdict) CaseResult {
	r := CaseResult{Name: c.name, Rules: c.rules, Seen: c.seen, Skipped: v.skipped, Input: c.data}
	r.setFailures(v.failures)
	return r
}

// TestAdapter runs the kit as Run does, without a *testing.T: it returns
// every failure that no [Expect] expects, one per line ("case: RULE: got
// ..., want ..."; a random stream's with the scenario that reproduces it),
// and every expectation that no longer fails, joined, or nil.
func TestAdapter(newAdapter func() Adapter, opts ...Option) error {
	rep, err := Check(newAdapter, opts...)
	if err != nil {
		return err
	}
	return rep.Err()
}

// splitFrames cuts c's stream at the offsets where the model's decoder
// saw frames start; bytes that make no frame (comments, pings) stay with
// the frame before them.
func splitFrames(c kase) [][]byte {
	evs, _ := model.Decode(c.format, c.data, spec.Limits(c.limits))
	var cuts []int
	for _, e := range evs {
		if off := int(e.Offset); off > 0 && off < len(c.data) && (len(cuts) == 0 || off > cuts[len(cuts)-1]) {
			cuts = append(cuts, off)
		}
	}
	var out [][]byte
	prev := 0
	for _, at := range cuts {
		out = append(out, c.data[prev:at])
		prev = at
	}
	return append(out, c.data[prev:])
}

// initTesting registers the testing flags outside go test, where rapid
// reads testing.Short, which panics before they are registered and
// parsed. Parsing the command line's flag set with no arguments only marks
// it parsed; a program that parses it later still may.
func initTesting() {
	if testing.Testing() {
		return
	}
	testingInit.Do(func() {
		testing.Init()
		if !flag.Parsed() {
			_ = flag.CommandLine.Parse(nil)
		}
	})
}

var testingInit sync.Once

// collectTB is the rapid.TB of TestAdapter: it keeps what rapid reports.
type collectTB struct {
	name   string
	log    strings.Builder
	failed bool
}

func (c *collectTB) Helper()                 {}
func (c *collectTB) Name() string            { return c.name }
func (c *collectTB) Logf(f string, a ...any) {}
func (c *collectTB) Log(a ...any)            {}
func (c *collectTB) Skipf(f string, a ...any) {
	panic("spectest: a random stream was skipped")
}
func (c *collectTB) Skip(a ...any) { c.Skipf("") }
func (c *collectTB) SkipNow()      { c.Skipf("") }
func (c *collectTB) Errorf(f string, a ...any) {
	c.failed = true
	fmt.Fprintf(&c.log, f+"\n", a...)
}
func (c *collectTB) Error(a ...any) { c.failed = true; fmt.Fprintln(&c.log, a...) }
func (c *collectTB) Fatalf(f string, a ...any) {
	c.Errorf(f, a...)
}
func (c *collectTB) Fatal(a ...any) { c.Error(a...) }
func (c *collectTB) FailNow()       { c.failed = true }
func (c *collectTB) Fail()          { c.failed = true }
func (c *collectTB) Failed() bool   { return c.failed }

// Fuzz makes f a native fuzz target for the adapters newAdapter makes on
// streams of format. Its inputs are raw streams, seeded with the corpus's
// scenarios of the format that Check would run on the adapter (so go test
// alone runs them), and inputs that drive the random stream generator;
// the fuzzer mutates both. A MUST failure fails with the scenario that
// reproduces it; a warning or a departure SPEC.md allows does not. The
// options select the seeds as they select Check's cases: [Only] and
// [Skip] the scenarios (and [Only] the generator, by "random/<format>"),
// [RandomOnly] leaves the scenarios
// out, [RandomStreams](0) the generator, [Corpus] sets them; a scenario
// that does not apply to the adapter (another format, limits, several
// responses, custom calls it does not claim) is left out, and so is one
// with an [Expect], so that a known failure does not stop the fuzzer
// before it fuzzes anything. Under [RandomValid] the generator draws valid
// streams only, a scenario in which the model finds a violation is not a
// seed, and a raw input in which it finds one is skipped. A failure whose
// rule is skipped ([Skip]) or expected of random/<format> ([Expect]) is
// ignored on every input. Without the generator, an empty input is judged
// as the empty stream. Write it as
//
//	func FuzzMyAdapter(f *testing.F) {
//		spectest.Fuzz(f, toolspec.FormatOpenAIChat, newMyAdapter)
//	}
//
// and run go test -fuzz FuzzMyAdapter.
func Fuzz(f *testing.F, format toolspec.Format, newAdapter func() Adapter, opts ...Option) {
	ft, err := newFuzzTarget(format, newAdapter, opts)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range ft.seeds {
		f.Add(s.raw, s.gen)
	}
	generated := rapid.MakeFuzz(ft.generated)
	f.Fuzz(func(t *testing.T, raw, genInput []byte) {
		if len(raw) == 0 && ft.random {
			generated(t, genInput)
			return
		}
		skip, fail := ft.stream(raw)
		if skip != "" {
			t.Skip(skip)
		}
		if fail != "" {
			t.Fatal(fail)
		}
	})
}

// fuzzTarget is what a target made by Fuzz seeds and checks, apart from
// the testing package: the package's own fuzz target (fuzz_test.go) is
// built from it, so that it builds with the engine's testing package too
// in the OSS-Fuzz build (.clusterfuzzlite/build.sh).
type fuzzTarget struct {
	// seeds are the scenarios selected (see Fuzz), as raw streams, and,
	// when random is set, inputs for the generator.
	seeds []fuzzSeed
	// random: an input with an empty raw stream drives the generator
	// (random/<format> is selected); else it is judged as a raw stream.
	random bool
	// generated is the property on a stream the generator draws.
	generated func(*rapid.T)
	// stream judges a raw stream: why it is not judged (under
	// RandomValid, the model finds a violation in it), or the report of its
	// failures (a scenario ready to commit), or neither when it passes.
	stream func(raw []byte) (skip, fail string)
}

// fuzzSeed is one seed of a fuzz target: a raw stream, or (raw empty) an
// input for the generator.
type fuzzSeed struct{ raw, gen []byte }

// newFuzzTarget makes what Fuzz adds and runs for the adapters newAdapter
// makes on streams of format.
func newFuzzTarget(format toolspec.Format, newAdapter func() Adapter, opts []Option) (fuzzTarget, error) {
	o := newOptions(opts)
	cs, err := cases(o)
	if err == nil {
		err = o.checkExpect(cs)
	}
	if err != nil {
		return fuzzTarget{}, err
	}
	d := describe(newAdapter())
	name := "fuzz/" + string(format)
	random := "random/" + string(format)
	ft := fuzzTarget{random: o.random > 0 && o.selected(random)}
	for _, c := range cs {
		if c.format == format && fuzzSeeds(d, o, c) {
			ft.seeds = append(ft.seeds, fuzzSeed{c.data, nil})
		}
	}
	for i := 0; ft.random && i < 8; i++ {
		ft.seeds = append(ft.seeds, fuzzSeed{nil, generatorSeed(i)})
	}
	o.oneResponse = !d.SeveralResponses
	judge := func(c kase) []Failure { return o.fuzzFailures(format, runCase(newAdapter, o, c).failures) }
	ft.generated = func(rt *rapid.T) {
		data, how := drawStream(rt, o, format)
		c := kase{name: name, format: format, limits: o.limits, data: data, random: true, seen: how == "valid"}
		if fs := judge(c); len(fs) > 0 {
			rt.Fatalf("%s", report(c, how, fs))
		}
	}
	ft.stream = func(raw []byte) (skip, fail string) {
		c := kase{name: name, format: format, limits: o.limits, data: raw, random: true}
		if o.validOnly && len(reference(c).Violations) > 0 {
			return "RandomValid: the model finds a violation in the input", ""
		}
		if fs := judge(c); len(fs) > 0 {
			return "", report(c, "a fuzzed stream", fs)
		}
		return "", ""
	}
	return ft, nil
}

// generatorSeed is the i-th input of a fuzz target's seeds that drives
// the generator: 8 KiB of pseudo-random bytes, which rapid reads as its
// draws. A shorter input runs out before the generator has drawn a
// stream, and rapid skips it as invalid data.
func generatorSeed(i int) []byte {
	r := rand.New(rand.NewPCG(uint64(i)+1, 0x5eed))
	b := make([]byte, 8<<10)
	for j := 0; j < len(b); j += 8 {
		binary.LittleEndian.PutUint64(b[j:], r.Uint64())
	}
	return b
}

// fuzzSeeds reports whether scenario c seeds a fuzz target under o for
// an adapter described by d: Check would run it (not RandomOnly, selected
// by Only, applicable, of no skipped rule), no Expect names it, under
// RandomValid the model finds no violation in it, and it sets no limits
// (the target's inputs are judged under the Limits option).
func fuzzSeeds(d Description, o options, c kase) bool {
	if o.noCorpus || !o.selected(c.name) || c.limits != (toolspec.Limits{}) || len(o.expect[c.name]) > 0 {
		return false
	}
	want := reference(c)
	if o.validOnly && len(want.Violations) > 0 {
		return false
	}
	return applies(d, o, c, want) == ""
}

// fuzzFailures are the MUST failures fs of an input of the fuzz target of
// format that o neither skips nor expects of random/<format>: a warning
// (SHOULD) or a departure SPEC.md allows (MAY) fails no input.
func (o options) fuzzFailures(format toolspec.Format, fs []Failure) []Failure {
	var out []Failure
	for _, f := range o.unskipped(fs) {
		if f.Level == spec.LevelMust && !o.expected("random/"+string(format), f) {
			out = append(out, f)
		}
	}
	return out
}
