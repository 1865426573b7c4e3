package model

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/golden"
)

// runFilter is a -run pattern as go test reads it: split at each slash,
// element i matched (unanchored) against level i of a test's name.
type runFilter []*regexp.Regexp

func compileRun(t *testing.T, pattern string) runFilter {
	t.Helper()
	var f runFilter
	for _, p := range strings.Split(pattern, "/") {
		re, err := regexp.Compile(p)
		if err != nil {
			t.Fatalf("pattern %q: element %q: %v", pattern, p, err)
		}
		f = append(f, re)
	}
	return f
}

// selects reports whether f selects the test named name itself (a name with
// fewer levels than the pattern runs only as a parent).
func (f runFilter) selects(name string) bool {
	levels := strings.Split(name, "/")
	if len(levels) < len(f) {
		return false
	}
	for i, re := range f {
		if !re.MatchString(levels[i]) {
			return false
		}
	}
	return true
}

// TestRerunPattern checks the hint a failing golden scenario prints: its
// -run pattern selects that scenario's subtest of TestScenarios and no
// other.
func TestRerunPattern(t *testing.T) {
	scs := loadScenarios(t)
	names := make([]string, len(scs))
	for i, sc := range scs {
		// The name testing gives the subtest, with TestScenarios's name.
		t.Run(scenarioTestName(sc), func(t *testing.T) {
			names[i] = "TestScenarios" + strings.TrimPrefix(t.Name(), "TestRerunPattern")
		})
	}
	for i, name := range names {
		p := golden.RerunPattern(name)
		f := compileRun(t, p)
		if !f.selects(name) {
			t.Errorf("pattern %q does not select %s", p, name)
		}
		for j, other := range names {
			if j != i && f.selects(other) {
				t.Errorf("pattern %q for %s also selects %s", p, name, other)
			}
		}
	}
	if len(names) > 0 && compileRun(t, golden.RerunPattern(names[0])).selects("TestScenariosX/"+strings.TrimPrefix(names[0], "TestScenarios/")) {
		t.Error("the pattern does not anchor the test's name")
	}
}

// TestRerunPatternRuns runs this package's test binary with the pattern of
// one scenario and requires that exactly that subtest ran.
func TestRerunPatternRuns(t *testing.T) {
	scs := loadScenarios(t)
	if len(scs) == 0 {
		t.Fatal("no scenarios")
	}
	name := "TestScenarios/" + scenarioTestName(scs[0])
	out, err := exec.Command(os.Args[0], "-test.run", golden.RerunPattern(name), "-test.v", "-test.count=1").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var ran []string
	for _, line := range strings.Split(string(out), "\n") {
		if r, ok := strings.CutPrefix(line, "=== RUN   "); ok {
			ran = append(ran, r)
		}
	}
	if len(ran) != 2 || ran[0] != "TestScenarios" || ran[1] != name {
		t.Errorf("-run %q ran %q, want TestScenarios and %s", golden.RerunPattern(name), ran, name)
	}
}
