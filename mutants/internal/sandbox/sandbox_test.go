package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module writes a small module under a new directory beside a shared
// folder, stages main.go, go.mod and testdata/kept.txt in git, and leaves
// a rapid fail file and an untracked testdata file beside them. It returns
// the module root.
func module(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "mod")
	files := map[string]string{
		"go.mod":                       "module example.com/mod\n",
		"main.go":                      "package main\n\nfunc main() {}\n",
		"testdata/kept.txt":            "committed\n",
		"testdata/rapid/TestX/x.fail":  "stale\n",
		"pkg/testdata/rapid/T/y.fail":  "stale\n",
		"testdata/local-crasher":       "untracked\n",
		"notes.txt":                    "untracked outside testdata\n",
		"../shared/captures/README.md": "captures\n",
	}
	for name, data := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "go.mod", "main.go", "testdata/kept.txt"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}

func TestNewCopiesNoFailFiles(t *testing.T) {
	root := module(t)
	tree, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	got, err := Snapshot(tree.Root)
	if err != nil {
		t.Fatal(err)
	}
	if keys := slices.Sorted(func(yield func(string) bool) {
		for k := range got {
			if !yield(filepath.ToSlash(k)) {
				return
			}
		}
	}); !slices.Equal(keys, []string{"testdata/kept.txt"}) {
		t.Errorf("testdata files of the copy = %v, want only testdata/kept.txt", keys)
	}
	for _, f := range []string{"go.mod", "main.go", "notes.txt"} {
		if _, err := os.Stat(filepath.Join(tree.Root, f)); err != nil {
			t.Errorf("%s not copied: %v", f, err)
		}
	}
	if !slices.Equal(tree.LeftOut, []string{filepath.Join("testdata", "local-crasher")}) {
		t.Errorf("LeftOut = %v, want [testdata/local-crasher]", tree.LeftOut)
	}
	if _, err := os.Stat(filepath.Join(tree.Root, "..", "shared", "captures", "README.md")); err != nil {
		t.Errorf("../shared does not resolve from the copy: %v", err)
	}
}

func TestRestoreUndoesAndReports(t *testing.T) {
	tree, err := New(module(t))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if err := tree.restore(); err != nil {
		t.Fatalf("restore of an untouched copy: %v", err)
	}
	fail := filepath.Join(tree.Root, "testdata", "rapid", "TestY", "new.fail")
	if err := os.MkdirAll(filepath.Dir(fail), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fail, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tree.Root, "testdata", "kept.txt"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = tree.restore()
	if err == nil || !strings.Contains(err.Error(), "added testdata/rapid/TestY/new.fail") || !strings.Contains(err.Error(), "changed testdata/kept.txt") {
		t.Errorf("restore = %v, want the added fail file and the changed file reported", err)
	}
	now, err := Snapshot(tree.Root)
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(tree.base, now); len(d) > 0 {
		t.Errorf("after restore the copy still differs: %v", d)
	}
	if _, err := os.Stat(filepath.Join(tree.Root, "testdata", "rapid")); !os.IsNotExist(err) {
		t.Errorf("testdata/rapid left in the copy (stat: %v)", err)
	}
}

func TestDiff(t *testing.T) {
	before := map[string]string{"a": "1", "b": "2", "c": "3"}
	after := map[string]string{"a": "1", "b": "9", "d": "4"}
	got := Diff(before, after)
	want := []string{"changed b", "removed c", "added d"}
	if !slices.Equal(got, want) {
		t.Errorf("Diff = %q, want %q", got, want)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, out string
		killed    bool
		by        string
		noBuild   bool
	}{
		{"pass", `{"Action":"pass","Package":"p"}`, false, "", false},
		{"first failing subtest", `{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"fail","Package":"p","Test":"TestA/sub"}
{"Action":"fail","Package":"p","Test":"TestA"}
{"Action":"fail","Package":"p","Test":"TestB"}
{"Action":"fail","Package":"p"}`, true, "TestA/sub", false},
		{"build failure", `{"ImportPath":"p [p.test]","Action":"build-output","Output":"p.go:1: undefined: x\n"}
{"ImportPath":"p [p.test]","Action":"build-fail"}
{"Action":"fail","Package":"p","FailedBuild":"p [p.test]"}`, false, "", true},
		{"setup failure", `{"Action":"output","Package":"p","Output":"FAIL\tp [setup failed]\n"}
{"Action":"fail","Package":"p"}`, false, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res Result
			var text strings.Builder
			parse([]byte(tc.out), &res, &text)
			if res.Killed != tc.killed || res.By != tc.by || res.NoBuild != tc.noBuild {
				t.Errorf("killed %v by %q, no build %v; want %v by %q, %v", res.Killed, res.By, res.NoBuild, tc.killed, tc.by, tc.noBuild)
			}
		})
	}
}

func TestInRapidDir(t *testing.T) {
	for p, want := range map[string]bool{
		"fuzz/testdata/rapid/TestX/a.fail": true,
		"testdata/rapid":                   true,
		"testdata/rapidly.txt":             false,
		"rapid/testdata/x":                 false,
		"testdata/fuzz/FuzzX/seed":         false,
	} {
		if got := inRapidDir(p); got != want {
			t.Errorf("inRapidDir(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestRunFirst: a First test that kills the mutant ends the job there; a
// First that does not (a stale killers.txt line) falls back to the whole
// suite, with the same verdict.
func TestRunFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a scratch module")
	}
	root := module(t)
	files := map[string]string{
		"p/p.go":      "package p\n\nfunc Add(a, b int) int { return a + b }\n",
		"p/p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n\nfunc TestB(t *testing.T) {\n\tt.Run(\"two (x)\", func(t *testing.T) {\n\t\tif Add(1, 1) != 2 {\n\t\t\tt.Fatal(\"1+1\")\n\t\t}\n\t})\n}\n",
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	mutated := []byte("package p\n\nfunc Add(a, b int) int { return a - b }\n")
	for _, first := range []*Probe{
		nil,
		{Pkg: "./p", Run: "TestB/two_(x)"},
		{Pkg: "./p", Run: "TestA"}, // stale: TestA kills nothing
	} {
		res := tree.Run(context.Background(), Job{Target: "p/p.go", Source: mutated, Pkgs: []string{"./p"}, First: first})
		if res.Err != nil || !res.Killed || res.By != "TestB/two_(x)" || res.Pkg != "./p" {
			t.Errorf("First %+v: killed %v by %q in %q, err %v\n%s", first, res.Killed, res.By, res.Pkg, res.Err, res.Output)
		}
		if want := first != nil && first.Run != "TestA"; res.ByFirst != want {
			t.Errorf("First %+v: ByFirst = %v, want %v", first, res.ByFirst, want)
		}
	}
}
