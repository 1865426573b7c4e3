package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spectest"
)

const replayUsage = `usage: toolspec-kit replay [--adapter 'CMD ARGS' [--serve] [--claim LIST] [--timeout D]] FILE.txtar

Without --adapter: reassembles the scenario's stream with the reference model
and with the production reassembler and prints the model's transcript; a
difference between the two, or between the model and the scenario's want, is
printed as a line diff. With --adapter: runs the adapter program on the
scenario (as toolspec-kit check does) and prints the kit's judgement: PASS, WARN
(warnings only: departures SPEC.md ranks SHOULD), FAIL with each failure, or
SKIP with the reason; warnings and departures SPEC.md allows (MAY) follow.
Exit status: 0 no failure (the adapter passes, warns, or the case does not
apply to it), 1 a failure (the adapter fails), 2 a usage error, a scenario
that does not parse, or a broken adapter.
`

// runReplay is toolspec-kit replay.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("replay", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() { fmt.Fprint(stderr, replayUsage) }
	var af adapterFlags
	af.register(fl)
	pos, err := parseArgs(fl, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprint(stderr, replayUsage)
		return 2
	}
	sc, err := loadScenario(pos[0])
	if err != nil {
		return exitFor(err, stderr)
	}
	if af.cmd == "" {
		return replayModel(sc, stdout)
	}
	a, err := af.open(stderr)
	if err != nil {
		return exitFor(err, stderr)
	}
	c := spectest.CheckScenario(a.new, sc, a.opts...)
	if err := a.close(); err != nil {
		fmt.Fprintf(stderr, "toolspec-kit: %v\n", err)
	}
	return printCase(stdout, c)
}

// printCase prints the kit's judgement of one case and returns the exit
// status: 0 passed, warned (SHOULD departures only) or not applicable, 1
// failed, 2 broken. The warnings and the departures SPEC.md allows (MAY)
// are listed after the failures.
func printCase(w io.Writer, c spectest.CaseResult) int {
	status, code := "PASS", 0
	switch {
	case c.Skipped != "":
		fmt.Fprintf(w, "SKIP %s: %s\n", c.Name, c.Skipped)
		return 0
	case len(c.Failures) > 0:
		status, code = "FAIL", 1
	case len(c.Warnings) > 0:
		status = "WARN"
	}
	for _, f := range c.Failures {
		if f.Protocol != nil {
			status, code = "BROKEN", 2
		}
	}
	fmt.Fprintf(w, "%s %s\n", status, c.Name)
	for _, f := range c.Failures {
		fmt.Fprintf(w, "    %s: got %s, want %s%s\n", ruleOf(f), f.Got, f.Want, levelNote(f))
	}
	for _, f := range c.Warnings {
		fmt.Fprintf(w, "    warning %s: got %s, want %s%s\n", ruleOf(f), f.Got, f.Want, levelNote(f))
	}
	for _, f := range c.Allowed {
		fmt.Fprintf(w, "    allowed %s: got %s, want %s%s\n", ruleOf(f), f.Got, f.Want, levelNote(f))
	}
	return code
}

// replayModel prints the model's transcript of sc and diffs it with
// impl's and with the scenario's want.
func replayModel(sc *scenario.Scenario, w io.Writer) int {
	m := model.Reassemble(sc.Format, sc.Input, sc.Limits).String()
	i := toolspec.Reassemble(sc.Format, sc.Input, toolspec.Limits(sc.Limits)).String()
	fmt.Fprint(w, m)
	code := 0
	if i != m {
		fmt.Fprintf(w, "\nThe production reassembler differs from the model (- model, + impl):\n%s", lineDiff(m, i))
		code = 1
	}
	if sc.Want != "" && sc.Want != m {
		fmt.Fprintf(w, "\nThe scenario's want differs from the model (- want, + model):\n%s", lineDiff(sc.Want, m))
		code = 1
	}
	if code == 0 {
		fmt.Fprintln(w, "\nThe model and the production reassembler agree.")
	}
	return code
}

// loadScenario reads and parses a scenario file.
func loadScenario(name string) (*scenario.Scenario, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	sc, err := scenario.Parse(name, data)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return sc, nil
}

// lineDiff is a line diff of a and b: common lines indented, a's alone
// marked "-", b's alone "+".
func lineDiff(a, b string) string {
	x := strings.SplitAfter(a, "\n")
	y := strings.SplitAfter(b, "\n")
	// lcs[i][j] is the length of the longest common subsequence of x[i:]
	// and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	line := func(mark, s string) {
		if s == "" {
			return
		}
		out.WriteString(mark + strings.TrimSuffix(s, "\n") + "\n")
	}
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			line("  ", x[i])
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			line("- ", x[i])
			i++
		default:
			line("+ ", y[j])
			j++
		}
	}
	return out.String()
}
