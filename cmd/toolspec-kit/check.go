package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
	"github.com/toolspec/toolspec/spectest"
)

const checkUsage = `usage: toolspec-kit check --adapter 'CMD ARGS' [--serve] [--format F]... [--claim LIST]...
                         [--name N] [--random N] [--seed S] [--random-valid]
                         [--random-failures N] [--corpus DIR]... [--also-embedded]
                         [--expect FILE] [--out DIR] [--timeout D] [--verbose]

Runs the conformance kit (package spectest) on an adapter program, by the
adapter protocol (docs/adapter-protocol.md): one-shot by default (the program
runs once per stream), persistent with --serve (it runs once, describes itself
in a handshake and answers one JSON line per stream). Every scenario of the
corpus, then --random N random streams per format (default 100; 0 for none)
from --seed S (default: drawn, and printed).

--claim (one-shot only; repeat it, or separate with commas): stop-reason,
text, thinking, limits, custom, several-responses, all; the kit judges only
what the adapter claims (the scenarios tagged several-responses, whose
stream holds several responses, only when it claims several-responses).
--format: the formats it reads.
--random-valid: the random streams are valid ones only, never broken by the
adversarial mutations: for an adapter that claims only valid input.
--random-failures N: report up to N distinct failing random streams per
format (default 3), each shrunk: the draws go on past a failure, looking for
failures of other rules or kinds.
--corpus DIR: run the scenarios of DIR (<area>/<name>.txtar, the corpus's
format) instead of the embedded corpus; repeat it for several;
--also-embedded runs the embedded corpus as well.
--expect FILE: known failures, one a line: CASE RULE REASON ("-" as the rule
of a failure that names none; # starts a comment). An expected failure is
counted apart; one that no longer happens fails the run, so the file is kept
current (a random case's lines are the rules its shrunk stream may fail: it
passes anew only when it fails none); a listed case that is not applicable is
printed as NOT CHECKED and counted in the summary. --out DIR: where each failing case is
written as a scenario for toolspec-kit replay (default: a new temporary
directory, made for new failures only; the expected failures and the
warnings are written only into --out).

Each departure from the model has the level of SPEC.md's "Conformance levels":
MUST is a failure, SHOULD a warning (printed, never failing the run), MAY is
allowed (toolspec's own choice; listed with --verbose). Failing a stream closed
(an error, or no call presented as finished) is never a failure on a stream
that did not end normally.

Prints progress on standard error when it is a terminal, then a summary (the
cases by outcome, and the number of root causes, those on real traffic apart
from the robustness findings), then the failures grouped by root cause: the
failing streams whose first failure has the same rule and the same form (its
got, ids, names, arguments, text and numbers aside; see
spectest.Report.Groups), each group with its rule's summary, its smallest
stream's failures (of real traffic, when one is) and the toolspec-kit replay
command that reproduces them, and the names of the others. The failures on
real traffic (scenarios seen in real traffic, valid random draws) come first,
the robustness findings (synthetic scenarios, mutated random draws) in a
section of their own, then the warnings, grouped alike. --verbose then prints
as well a table per rule and every failing or warned case with its failures,
warnings and allowed departures, and its replay command.
Exit status: 0 every case passed (or failed as expected, or warned), 1 a
conformance failure (or an expected failure that now passes), 2 a usage error
or a broken adapter: one that breaks the protocol (crashes, hangs, prints what
is not an answer) has no answer to judge.
`

// runCheck is toolspec-kit check.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() { fmt.Fprint(stderr, checkUsage) }
	var af adapterFlags
	af.register(fl)
	random := fl.Int("random", 100, "random streams per format")
	seed := fl.Uint64("seed", 0, "the seed of the random streams (0: draw one)")
	validOnly := fl.Bool("random-valid", false, "draw valid random streams only, without adversarial mutations")
	maxFailures := fl.Int("random-failures", 3, "distinct failing random streams reported per format")
	var corpusDirs stringList
	fl.Var(&corpusDirs, "corpus", "a directory of scenarios to run instead of the embedded corpus (repeatable)")
	alsoEmbedded := fl.Bool("also-embedded", false, "with --corpus: run the embedded corpus as well")
	expectFile := fl.String("expect", "", "the known-failures file")
	outDir := fl.String("out", "", "where failing cases are written as scenarios")
	verbose := fl.Bool("verbose", false, "print a table per rule and every failing case, after the failures grouped by cause")
	pos, err := parseArgs(fl, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(pos) != 0 {
		fmt.Fprint(stderr, checkUsage)
		return 2
	}
	if *random < 0 {
		return exitFor(usageErr("--random must not be negative"), stderr)
	}
	if *maxFailures < 1 {
		return exitFor(usageErr("--random-failures must be at least 1"), stderr)
	}
	if *alsoEmbedded && len(corpusDirs) == 0 {
		return exitFor(usageErr("--also-embedded goes with --corpus"), stderr)
	}
	corpora, err := openCorpora(corpusDirs, *alsoEmbedded)
	if err != nil {
		return exitFor(err, stderr)
	}
	var exp expectations
	if *expectFile != "" {
		var err error
		if exp, err = readExpect(*expectFile, corpora); err != nil {
			return exitFor(err, stderr)
		}
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())>>1 | 1
	}
	a, err := af.open(stderr)
	if err != nil {
		return exitFor(err, stderr)
	}
	opts := append(a.opts, spectest.RandomStreams(*random), spectest.Seed(*seed), spectest.RandomFailures(*maxFailures))
	kind := ""
	if *validOnly {
		opts = append(opts, spectest.RandomValid())
		kind = " valid"
	}
	if len(corpusDirs) > 0 {
		for _, c := range corpora {
			opts = append(opts, spectest.Corpus(c.fsys))
		}
	}
	opts = append(opts, exp.options()...)
	fmt.Fprintf(stderr, "toolspec-kit check: %s (%s), %d%s random streams per format, seed %d\n", a.d.Name, describeClaims(a.d), *random, kind, *seed)
	stop := progress(stderr, &a.runs)
	rep, err := spectest.Check(a.new, opts...)
	stop()
	if cerr := a.close(); cerr != nil {
		fmt.Fprintf(stderr, "toolspec-kit: %v\n", cerr)
	}
	if err != nil {
		return exitFor(err, stderr)
	}
	out := &outDirectory{dir: *outDir, explicit: *outDir != "", corpora: corpora}
	replay := "toolspec-kit replay " + af.replayFlags(a.d)
	sum := rep.Summary()
	printSummary(stdout, sum, *seed, *expectFile)
	files := out.writeAll(rep)
	printSections(stdout, rep.Groups(), rep.WarningGroups(), files, replay)
	printExpectations(stdout, rep, *expectFile)
	if *verbose {
		fmt.Fprintln(stdout)
		printTable(stdout, rep)
		printCases(stdout, rep, files, replay, *expectFile, out.explicit)
	}
	if out.err != nil {
		fmt.Fprintf(stderr, "toolspec-kit: %v\n", out.err)
	}
	if out.made {
		fmt.Fprintf(stdout, "\nFailing cases are written as scenarios in %s (CASE.txtar; a random case's streams CASE.txtar, CASE-2.txtar, ...)\n", out.dir)
	}
	if *verbose {
		fmt.Fprintln(stdout)
		printSummary(stdout, sum, *seed, *expectFile)
	}
	switch {
	case sum.Broken > 0:
		fmt.Fprintf(stdout, "The adapter is broken: %d case(s) got no answer to judge (protocol failures).\n", sum.Broken)
		return 2
	case sum.Failed > 0 || sum.NoLongerFails > 0:
		return 1
	}
	return 0
}

// printSummary prints the cases by outcome and the number of root causes
// of their failures, those of real traffic apart from the robustness
// findings, and of their warnings.
func printSummary(w io.Writer, n spectest.Summary, seed uint64, expectFile string) {
	unchecked := ""
	if n.Unchecked > 0 {
		unchecked = fmt.Sprintf(" (%d of them listed in %s, not checked)", n.Unchecked, expectFile)
	}
	fmt.Fprintf(w, "%d cases: %d passed, %d failed (%d on real traffic), %d failed as expected, %d warned, %d now pass, %d broken, %d not applicable or skipped%s; seed %d\n",
		n.Cases, n.Passed, n.Failed, n.FailedReal, n.Expected, n.Warned, n.NoLongerFails, n.Broken, n.Skipped, unchecked, seed)
	warnings := ""
	if n.WarningCauses > 0 {
		warnings = fmt.Sprintf("; %s (SHOULD: reported, never failing)", plural(n.WarningCauses, "cause of warnings", "causes of warnings"))
	}
	switch n.Causes {
	case 0:
		if n.NoLongerFails > 0 {
			fmt.Fprintf(w, "No new failure, but %d case(s) no longer fail as %s expects (below)%s.\n", n.NoLongerFails, expectFile, warnings)
		} else {
			fmt.Fprintf(w, "No failure that is not expected%s.\n", warnings)
		}
	case 1:
		fmt.Fprintf(w, "1 root cause (%s)%s; failures grouped by rule and first difference, --verbose lists every failure:\n", realSplit(n), warnings)
	default:
		fmt.Fprintf(w, "%d distinct root causes (%s)%s; failures grouped by rule and first difference, --verbose lists every failure:\n", n.Causes, realSplit(n), warnings)
	}
}

// realSplit says how many root causes fail real traffic and how many are
// robustness findings.
func realSplit(n spectest.Summary) string {
	return fmt.Sprintf("%d on real traffic, %s", n.RealCauses, plural(n.RobustnessCauses, "robustness finding", "robustness findings"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// printSections prints the groups of failures in sections: the failures on
// real traffic (streams providers send: seen scenarios, valid random
// draws) first, then the robustness findings (synthetic scenarios, mutated
// random draws), each led by its protocol failures (the adapter gave no
// answer to judge), then the warnings (SHOULD). The causes of failures are
// numbered across the sections.
func printSections(w io.Writer, failures, warnings []spectest.Group, files map[member]string, replay string) {
	var real, robust []spectest.Group
	for _, g := range failures {
		if g.Real {
			real = append(real, g)
		} else {
			robust = append(robust, g)
		}
	}
	n := 0
	if len(real) > 0 {
		fmt.Fprintf(w, "\n== Failures on real traffic: %s (streams providers send: scenarios seen in real traffic, valid random draws)\n", plural(len(real), "cause", "causes"))
		n = printGroups(w, "Cause", n, len(failures), real, files, replay)
	}
	if len(robust) > 0 {
		fmt.Fprintf(w, "\n== Robustness findings: %s (shapes no provider is known to send: synthetic scenarios, mutated random draws)\n", plural(len(robust), "cause", "causes"))
		printGroups(w, "Cause", n, len(failures), robust, files, replay)
	}
	if len(warnings) > 0 {
		fmt.Fprintf(w, "\n== Warnings: %s (SHOULD: reported, never failing the run)\n", plural(len(warnings), "cause", "causes"))
		printGroups(w, "Warning", 0, len(warnings), warnings, files, replay)
	}
}

// maxNames is how many other members of a group are named.
const maxNames = 6

// printGroups prints each group of failures or warnings, as "WHAT n of
// total", n counting on from done: its rule and the rule's summary, the
// representative stream's failures and the command that replays it, then
// the others, counted and named, those of real traffic told apart in a
// group that has both. It returns done plus the groups printed.
func printGroups(w io.Writer, what string, done, total int, groups []spectest.Group, files map[member]string, replay string) int {
	for i, g := range groups {
		head := string(g.Rule)
		switch {
		case g.Members[0].Failures[0].Protocol != nil:
			head = "BROKEN (" + strings.TrimPrefix(g.Cause, "protocol: ") + ")"
		case g.Summary != "":
			head += ": " + g.Summary
		case g.Rule == spectest.NoRule:
			head += ": no rule of SPEC.md can be told from the stream"
		}
		fmt.Fprintf(w, "\n%s %d of %d: %s\n", what, done+i+1, total, head)
		rep := g.Representative()
		kind := "case"
		if len(g.Members) > 1 {
			kind = fmt.Sprintf("the smallest of %d failing streams", len(g.Members))
			if robust := robustMembers(g); robust > 0 && g.Real {
				kind = fmt.Sprintf("the smallest of real traffic of %d failing streams, %d of them robustness findings", len(g.Members), robust)
			}
		}
		fmt.Fprintf(w, "    %s (%s, %d bytes)\n", memberName(rep), kind, len(rep.Input))
		for _, f := range rep.Failures {
			fmt.Fprintf(w, "        %s: got %s, want %s%s%s\n", ruleOf(f), f.Got, f.Want, why(f), levelNote(f))
		}
		if file := files[member{rep.Case, rep.Stream}]; file != "" {
			fmt.Fprintf(w, "    %s %s\n", replay, shellQuote(file))
		}
		if rest := g.Members[1:]; len(rest) > 0 {
			var names []string
			for _, m := range rest[:min(len(rest), maxNames)] {
				names = append(names, memberName(m))
			}
			if len(rest) > maxNames {
				names = append(names, "…")
			}
			fmt.Fprintf(w, "    and %d more: %s\n", len(rest), strings.Join(names, ", "))
		}
	}
	return done + len(groups)
}

// robustMembers counts the members of g that are robustness findings.
func robustMembers(g spectest.Group) int {
	n := 0
	for _, m := range g.Members {
		if !m.Real {
			n++
		}
	}
	return n
}

// memberName names a failing stream of a group: its case, and for a
// random case's stream, which one and its seed.
func memberName(m spectest.Member) string {
	if m.Stream < 0 {
		return m.Case
	}
	if m.Seed != 0 {
		return fmt.Sprintf("%s stream %d, seed %d", m.Case, m.Stream+1, m.Seed)
	}
	return fmt.Sprintf("%s stream %d", m.Case, m.Stream+1)
}

// printExpectations prints the expectations that no longer fail, which
// fail the run, and those of cases that did not run, not checked.
func printExpectations(w io.Writer, rep *spectest.Report, expectFile string) {
	for _, c := range rep.Cases {
		if len(c.NoLongerFails) > 0 {
			fmt.Fprintf(w, "\nNOW PASSES %s\n", c.Name)
			for _, e := range c.NoLongerFails {
				fmt.Fprintf(w, "    %s no longer fails (expected: %s): remove it from %s\n", ruleName(e.Rule), e.Reason, expectFile)
			}
		}
		if len(c.Unchecked) > 0 {
			// Listed in the expect file but not run: say so, since the
			// listed failures were not checked.
			fmt.Fprintf(w, "\nNOT CHECKED %s (%s)\n", c.Name, c.Skipped)
			for _, e := range c.Unchecked {
				fmt.Fprintf(w, "    expected %s (%s): not checked; %s lists it\n", ruleName(e.Rule), e.Reason, expectFile)
			}
		}
	}
}

// describeClaims says what d claims and reads, for the first line of
// check.
func describeClaims(d spectest.Description) string {
	claims := "claims " + strings.Join(d.ClaimNames(), ", ")
	if len(d.ClaimNames()) == 0 {
		claims = "no claims"
	}
	formats := "every format"
	if len(d.Formats) > 0 {
		var fs []string
		for _, f := range d.Formats {
			fs = append(fs, string(f))
		}
		formats = strings.Join(fs, ", ")
	}
	return claims + "; reads " + formats
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// corpus is a scenario corpus the run reads: a --corpus directory, or the
// embedded one.
type corpus struct {
	name string // the directory, or "the embedded corpus"
	fsys fs.FS
}

// openCorpora returns the corpora of the --corpus directories (the
// embedded corpus when there is none; and too with --also-embedded),
// checking that each is a directory.
func openCorpora(dirs []string, alsoEmbedded bool) ([]corpus, error) {
	embedded := corpus{"the embedded corpus", spectest.Scenarios}
	if len(dirs) == 0 {
		return []corpus{embedded}, nil
	}
	var out []corpus
	for _, d := range dirs {
		st, err := os.Stat(d)
		if err != nil {
			return nil, usageErr("--corpus: %v", err)
		}
		if !st.IsDir() {
			return nil, usageErr("--corpus: %s is not a directory", d)
		}
		out = append(out, corpus{d, os.DirFS(d)})
	}
	if alsoEmbedded {
		out = append(out, embedded)
	}
	return out, nil
}

// progress shows a counter of the streams sent on w while the kit runs,
// when w is a terminal; the returned function stops it.
func progress(w io.Writer, runs interface{ Load() int64 }) func() {
	if !isTerminal(w) {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				fmt.Fprintf(w, "\r%40s\r", "")
				return
			case <-t.C:
				fmt.Fprintf(w, "\rtoolspec-kit check: %d streams", runs.Load())
			}
		}
	}()
	return func() { close(done); <-finished }
}

// expectations are the known failures of an --expect file, by case and
// rule ("-" for a failure that names none).
type expectations map[string]map[toolspec.RuleID]string

// readExpect reads a known-failures file: CASE RULE REASON per line,
// CASE a scenario of corpora or a random case.
func readExpect(name string, corpora []corpus) (expectations, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, usageErr("--expect: %v", err)
	}
	defer f.Close()
	known := map[string]bool{}
	for _, c := range corpora {
		err = fs.WalkDir(c.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".txtar") {
				known[strings.TrimSuffix(p, ".txtar")] = true
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
	}
	for _, f := range toolspec.Formats() {
		known["random/"+string(f)] = true
	}
	exp := expectations{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 3 {
			return nil, usageErr("%s:%d: want CASE RULE REASON, got %q", name, n, line)
		}
		c, r := fields[0], toolspec.RuleID(fields[1])
		if !known[c] {
			return nil, usageErr("%s:%d: no case %q in the kit", name, n, c)
		}
		if _, ok := toolspec.LookupRule(r); !ok && r != "-" && r != spectest.NoRule {
			return nil, usageErr("%s:%d: no rule %q", name, n, r)
		}
		if exp[c] == nil {
			exp[c] = map[toolspec.RuleID]string{}
		}
		if _, dup := exp[c][r]; dup {
			return nil, usageErr("%s:%d: %s %s is listed twice", name, n, c, r)
		}
		exp[c][r] = strings.Join(fields[2:], " ")
	}
	if err := sc.Err(); err != nil {
		return nil, usageErr("--expect: %v", err)
	}
	return exp, nil
}

// options are the kit's options that expect the failures of e.
func (e expectations) options() []spectest.Option {
	var out []spectest.Option
	for _, c := range slices.Sorted(maps.Keys(e)) {
		for _, r := range slices.Sorted(maps.Keys(e[c])) {
			rule := r
			if rule == "-" {
				rule = ""
			}
			out = append(out, spectest.Expect(c, rule, e[c][r]))
		}
	}
	return out
}

// ruleOf is a failure's rule as the expect file names it.
func ruleOf(f spectest.Failure) string { return ruleName(f.Rule) }

// ruleName is a rule as the expect file names it: "-" for none.
func ruleName(r toolspec.RuleID) string {
	if r == "" {
		return "-"
	}
	return string(r)
}

// rowsOf are the table rows a case counts under: the rules it cites and
// those its failures name; a random case's under "random" too.
func rowsOf(c spectest.CaseResult) []string {
	var rows []string
	add := func(r string) {
		if r != "" && r != "-" && !slices.Contains(rows, r) {
			rows = append(rows, r)
		}
	}
	if strings.HasPrefix(c.Name, "random/") {
		add("random")
	}
	for _, r := range c.Rules {
		add(string(r))
	}
	for _, f := range c.Failures {
		add(string(f.Rule))
	}
	for _, f := range c.Expected {
		add(string(f.Rule))
	}
	for _, f := range c.Warnings {
		add(string(f.Rule))
	}
	return rows
}

// printTable prints, per rule, the cases that passed, failed, failed as
// expected, warned, broke the protocol, and were not applicable or
// skipped.
func printTable(w io.Writer, rep *spectest.Report) {
	type counts struct{ pass, fail, expected, warned, broken, na int }
	by := map[string]*counts{}
	for _, c := range rep.Cases {
		st := c.Status()
		for _, r := range rowsOf(c) {
			n := by[r]
			if n == nil {
				n = &counts{}
				by[r] = n
			}
			switch st {
			case spectest.CasePassed:
				n.pass++
			case spectest.CaseFailed, spectest.CaseNoLongerFails:
				n.fail++
			case spectest.CaseExpected:
				n.expected++
			case spectest.CaseWarned:
				n.warned++
			case spectest.CaseBroken:
				n.broken++
			case spectest.CaseSkipped:
				n.na++
			}
		}
	}
	var order []string
	for _, r := range spec.Rules {
		order = append(order, string(r.ID))
	}
	order = append(order, string(spectest.NoRule), "random")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tPASSED\tFAILED\tEXPECTED\tWARNED\tBROKEN\tN/A\t")
	for _, r := range order {
		if n := by[r]; n != nil {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", r, n.pass, n.fail, n.expected, n.warned, n.broken, n.na)
		}
	}
	tw.Flush()
	fmt.Fprintln(w, "(a case counts under every rule it cites and every rule a failure or warning of it names)")
}

// printCases prints every failing or warned case (expected or not) with
// its failures, its warnings and the departures SPEC.md allows, and the
// replay command of each of its streams written out; then a passing case
// with departures SPEC.md allows (MAY), as a note.
func printCases(w io.Writer, rep *spectest.Report, files map[member]string, replay, expectFile string, explicit bool) {
	for _, c := range rep.Cases {
		st := c.Status()
		if st == spectest.CaseSkipped || st == spectest.CasePassed && len(c.Allowed) == 0 {
			continue
		}
		head := strings.ToUpper(string(st))
		if st == spectest.CasePassed {
			head = "NOTE"
		}
		traffic := "robustness"
		if c.Seen || slices.ContainsFunc(c.Streams, func(s spectest.FailingStream) bool { return s.Real }) {
			traffic = "real traffic"
		}
		fmt.Fprintf(w, "\n%s %s (%s)\n", head, c.Name, traffic)
		for _, f := range c.Failures {
			fmt.Fprintf(w, "    %s: got %s, want %s%s%s\n", ruleOf(f), f.Got, f.Want, why(f), levelNote(f))
		}
		for _, f := range c.Expected {
			fmt.Fprintf(w, "    expected %s (%s): got %s, want %s%s\n", ruleOf(f), f.Expected, f.Got, f.Want, why(f))
		}
		for _, f := range c.Warnings {
			fmt.Fprintf(w, "    warning %s: got %s, want %s%s%s\n", ruleOf(f), f.Got, f.Want, why(f), levelNote(f))
		}
		for _, f := range c.Allowed {
			fmt.Fprintf(w, "    allowed %s: got %s, want %s%s%s\n", ruleOf(f), f.Got, f.Want, why(f), levelNote(f))
		}
		if st == spectest.CasePassed {
			continue
		}
		for _, e := range c.NoLongerFails {
			fmt.Fprintf(w, "    %s no longer fails (expected: %s): remove it from %s\n", ruleName(e.Rule), e.Reason, expectFile)
		}
		if st == spectest.CaseNoLongerFails || (st == spectest.CaseExpected || st == spectest.CaseWarned) && !explicit {
			continue // an expected failure or a warning is written out only into --out
		}
		if len(c.Streams) > 0 {
			for i, s := range c.Streams {
				how := fmt.Sprintf("    stream %d of %d (%s, seed %d): %s", i+1, len(c.Streams), s.How, s.Seed, strings.Join(streamRules(s), " "))
				if file := files[member{c.Name, i}]; file != "" {
					fmt.Fprintf(w, "%s\n        %s %s\n", how, replay, shellQuote(file))
				} else {
					fmt.Fprintf(w, "%s\n        %s\n", how, strings.ReplaceAll(s.Message, "\n", "\n        "))
				}
			}
			continue
		}
		if file := files[member{c.Name, -1}]; file != "" {
			fmt.Fprintf(w, "    %s %s\n", replay, shellQuote(file))
		} else if c.Message != "" {
			fmt.Fprintf(w, "    %s\n", strings.ReplaceAll(c.Message, "\n", "\n    "))
		}
	}
}

// why is a failure's Why, as the end of its line.
func why(f spectest.Failure) string {
	if f.Why == "" {
		return ""
	}
	return "; " + f.Why
}

// levelNote is a failure's level and the row of SPEC.md's conformance
// levels that gives it, as the end of its line: " [MUST: END-3
// read-whole]"; "" when no row does (a panic, a time-out: MUST).
func levelNote(f spectest.Failure) string {
	if f.Clause == "" {
		return ""
	}
	return " [" + f.Level.String() + ": " + f.Clause + "]"
}

// streamName is the name of the i-th failing stream of a random case:
// the case's, then -2, -3, ...
func streamName(name string, i int) string {
	if i == 0 {
		return name
	}
	return fmt.Sprintf("%s-%d", name, i+1)
}

// streamRules are the rules of a failing stream's failures, once each.
func streamRules(s spectest.FailingStream) []string {
	var out []string
	for _, f := range s.Failures {
		if r := string(ruleOf(f)); !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// member is a failing stream of a report: a case, and the index of the
// stream of a random case (-1 for a scenario).
type member struct {
	name   string
	stream int
}

// writeAll writes each failing case of rep as a scenario (each of the
// streams of a random case), and returns their files: a case that
// failed or broke the protocol, and, with --out, one that failed as
// expected or warned.
func (o *outDirectory) writeAll(rep *spectest.Report) map[member]string {
	files := map[member]string{}
	for _, c := range rep.Cases {
		switch c.Status() {
		case spectest.CaseFailed, spectest.CaseBroken:
		case spectest.CaseExpected, spectest.CaseWarned:
			if !o.explicit {
				continue
			}
		default:
			continue
		}
		if len(c.Streams) > 0 {
			for i, s := range c.Streams {
				if file := o.write(streamName(c.Name, i), s.Scenario); file != "" {
					files[member{c.Name, i}] = file
				}
			}
			continue
		}
		if file := o.write(c.Name, o.scenario(c)); file != "" {
			files[member{c.Name, -1}] = file
		}
	}
	return files
}

// outDirectory is where failing cases are written, made when the first
// is.
type outDirectory struct {
	dir      string
	explicit bool     // given with --out
	corpora  []corpus // where the scenarios of the run come from
	made     bool
	err      error // the first error writing
}

// scenario is the scenario of case c: the shrunk stream of a random
// case, the file of a scenario of the corpora, or nil.
func (o *outDirectory) scenario(c spectest.CaseResult) []byte {
	if c.Scenario != nil {
		return c.Scenario
	}
	for _, k := range o.corpora {
		if data, err := fs.ReadFile(k.fsys, c.Name+".txtar"); err == nil {
			return data
		}
	}
	return nil
}

// write writes data as the scenario name.txtar and returns its file, or
// "" when there is no data (or on an error, kept in o.err).
func (o *outDirectory) write(name string, data []byte) string {
	if data == nil || o.err != nil {
		return ""
	}
	if o.dir == "" {
		if o.dir, o.err = os.MkdirTemp("", "toolspec-check-"); o.err != nil {
			return ""
		}
	}
	o.made = true
	file := filepath.Join(o.dir, filepath.FromSlash(name)+".txtar")
	if o.err = os.MkdirAll(filepath.Dir(file), 0o755); o.err != nil {
		return ""
	}
	if o.err = os.WriteFile(file, data, 0o644); o.err != nil {
		return ""
	}
	return file
}
