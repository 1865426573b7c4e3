package conformance

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// bugsDir is the committed report's bugs folder, from this package.
const bugsDir = "../../docs/conformance/bugs"

// TestBugReports: every bug report is in the form of the bugs folder's
// README.md, its program is a file of the repository (a Go program of the
// report's module under report/bugs, a Node program under report/node/bugs,
// a Python program under report/python/bugs, a Rust program under
// report/rust/bugs or a Java program under report/java/bugs) whose text the report
// shows verbatim, and its Run command runs that program.
func TestBugReports(t *testing.T) {
	bugs, err := LoadBugs(bugsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bugs {
		t.Run(b.File, func(t *testing.T) {
			slug := strings.TrimSuffix(b.File, ".md")
			var want string
			switch {
			case strings.HasSuffix(b.Program, ".go"):
				want = "report/bugs/" + slug + "/main.go"
			case strings.HasSuffix(b.Program, ".mjs"):
				want = "report/node/bugs/" + slug + ".mjs"
			case strings.HasSuffix(b.Program, ".py"):
				want = "report/python/bugs/" + slug + ".py"
			case strings.HasSuffix(b.Program, ".rs"):
				want = "report/rust/bugs/" + slug + ".rs"
			case strings.HasSuffix(b.Program, ".java"):
				want = "report/java/bugs/" + slug + ".java"
			}
			if b.Program != want {
				t.Fatalf("program %s, want %s (report/bugs/%s/main.go, or report/LANG/bugs/%s.EXT for node .mjs, python .py, rust .rs, java .java)", b.Program, want, slug, slug)
			}
			code, err := os.ReadFile(filepath.Join("../..", b.Program))
			if err != nil {
				t.Fatal(err)
			}
			if string(code) != b.Code {
				t.Errorf("the Program section is not %s verbatim", b.Program)
			}
			rel := b.Program
			for _, dir := range []string{"report/node/", "report/python/", "report/rust/", "report/java/", "report/"} {
				if r, ok := strings.CutPrefix(rel, dir); ok {
					rel = r
					break
				}
			}
			if !strings.Contains(b.Run, rel) && !strings.Contains(b.Run, "./bugs/"+slug) && !strings.Contains(b.Run, "--example "+slug) {
				t.Errorf("Run %q does not run %s", b.Run, b.Program)
			}
		})
	}
}

// TestBugPrograms runs every Go bug program (make bugs runs the Node and
// Python ones too, after npm ci and make report-python): each must exit
// with status 1, the bug still there at the version the report module
// pins. One that exits 0 no longer reproduces its bug: the library fixed
// it, and its report goes.
func TestBugPrograms(t *testing.T) {
	bugs, err := LoadBugs(bugsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bugs {
		if !strings.HasSuffix(b.Program, ".go") {
			continue
		}
		t.Run(b.File, func(t *testing.T) {
			cmd := exec.Command("go", "run", "./"+filepath.Dir(strings.TrimPrefix(b.Program, "report/")))
			cmd.Dir = ".."
			out, err := cmd.CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Errorf("%s: %v, want exit status 1 (the bug reproduced):\n%s", b.Program, err, out)
			}
		})
	}
}

// TestBugCovers: a bug report explains the failures of its library, rules
// and cases; random/<format> stands for every random stream of the format,
// "random/<format> seed N" for the one of seed N.
func TestBugCovers(t *testing.T) {
	b := Bug{Library: "lib", Rules: []toolspec.RuleID{"NAME-1"}, Cases: []string{"names/chat-name-resent", "random/openai-chat", "random/anthropic seed 7"}}
	for _, c := range []struct {
		lib  string
		seed uint64
		f    spectest.Failure
		want bool
	}{
		{"lib", 0, spectest.Failure{Case: "names/chat-name-resent", Rule: "NAME-1"}, true},
		{"lib", 3, spectest.Failure{Case: "random/openai-chat", Rule: "NAME-1"}, true},
		{"lib", 0, spectest.Failure{Case: "names/chat-name-resent", Rule: "ID-6"}, false},
		{"other", 0, spectest.Failure{Case: "names/chat-name-resent", Rule: "NAME-1"}, false},
		{"lib", 0, spectest.Failure{Case: "names/chat-never-named", Rule: "NAME-1"}, false},
		{"lib", 7, spectest.Failure{Case: "random/anthropic", Rule: "NAME-1"}, true},
		{"lib", 8, spectest.Failure{Case: "random/anthropic", Rule: "NAME-1"}, false},
		{"lib", 7, spectest.Failure{Case: "random/ollama", Rule: "NAME-1"}, false},
	} {
		if got := b.covers(c.lib, c.seed, c.f); got != c.want {
			t.Errorf("covers(%s, seed %d, %s %s) = %v, want %v", c.lib, c.seed, c.f.Case, c.f.Rule, got, c.want)
		}
	}
}

// TestParseBug: a file out of the README's form is refused, naming why.
func TestParseBug(t *testing.T) {
	good := "# lib does a wrong thing\n\n| | |\n|---|---|\n| Library | lib v1.2.3 |\n| Rules | NAME-1 |\n| Cases | names/chat-name-resent |\n" +
		"| Program | [report/bugs/lib-x/main.go](../../../report/bugs/lib-x/main.go) |\n| Run | `cd report && go run ./bugs/lib-x` |\n\n" +
		"## What happens\n\nx\n\n## What should happen\n\nx\n\n## Stream\n\n```\ndata: {}\n```\n\n## Program\n\n```go\npackage main\n```\n\n" +
		"## Why a provider sends this\n\nx\n\n## Related issues\n\nNone found.\n\n## Rule\n\nNAME-1, MUST.\n"
	b, err := parseBug("lib-x.md", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if b.Library != "lib" || b.Version != "v1.2.3" || b.Code != "package main\n" || b.Program != "report/bugs/lib-x/main.go" || len(b.Cases) != 1 {
		t.Errorf("%+v", b)
	}
	for what, doc := range map[string]string{
		"no title":           strings.TrimPrefix(good, "# "),
		"a rule of no spec":  strings.Replace(good, "| Rules | NAME-1 |", "| Rules | NAME-99 |", 1),
		"no version":         strings.Replace(good, "| Library | lib v1.2.3 |", "| Library | lib |", 1),
		"a section missing":  strings.Replace(good, "## Related issues\n\nNone found.\n\n", "", 1),
		"no program":         strings.Replace(good, "```go\npackage main\n```", "see the file", 1),
		"another library":    strings.Replace(good, "| Library | lib v1.2.3 |", "| Library | bil v1.2.3 |", 1),
		"no cases":           strings.Replace(good, "| Cases | names/chat-name-resent |", "| Cases | |", 1),
		"a program not link": strings.Replace(good, "[report/bugs/lib-x/main.go](../../../report/bugs/lib-x/main.go)", "report/bugs/lib-x/main.go", 1),
	} {
		if _, err := parseBug("lib-x.md", []byte(doc)); err == nil {
			t.Errorf("%s: accepted", what)
		}
	}
}
