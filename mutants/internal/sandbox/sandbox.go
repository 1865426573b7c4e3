// Package sandbox runs the test suite against one planted bug at a time in
// a scratch copy of the module, so that no run reads state another run (or
// an earlier session of a developer) left behind, and no run leaves any.
//
// The state in question is rapid's fail files: when a property fails, rapid
// writes testdata/rapid/<Test>/*.fail beside the package and replays every
// such file before its own checks on each later run (RAPID_NOFAILFILE only
// stops the writing). Run in the module itself, one mutant's counterexample
// would then kill the next mutant, and the table would credit a test with a
// kill it did not make on its own. A Tree is therefore a copy of the module
// (with its working changes) that holds no testdata/rapid directory, whose
// runs set RAPID_NOFAILFILE=1, and whose testdata directories are compared
// after every run with the state they were copied in: any file that appears,
// changes or goes (a fail file, an input the native fuzzer wrote under
// testdata/fuzz) fails the run and is put back. Snapshot and Diff let a
// command check the same of the module itself.
//
// # Usage
//
//	before, _ := sandbox.Snapshot(root)
//	t, _ := sandbox.New(root)
//	defer t.Close()
//	res := t.Run(ctx, sandbox.Job{Target: "impl/state.go", Source: mutated, Pkgs: []string{"./fuzz"}})
//	after, _ := sandbox.Snapshot(root)
//	if d := sandbox.Diff(before, after); len(d) > 0 { ... }
package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// A Tree is a scratch copy of a module in which mutants are run.
type Tree struct {
	// Src is the module root the copy was made from.
	Src string
	// Root is the copy's module root.
	Root string
	// LeftOut lists the files, relative to Src, that were not copied
	// because they are untracked files under a testdata directory: a
	// fresh clone would not have them.
	LeftOut []string

	dir  string            // scratch directory: Root, the shared link, overlays
	base map[string]string // testdata files of the copy as made: digests
	orig map[string][]byte // and contents
	runs int
}

// New copies the module at src into a new scratch directory: the files git
// tracks or would add (with their working-tree contents), except that under
// testdata directories only tracked files are copied, and nothing under any
// testdata/rapid. Without git, every file but .git and testdata/rapid is
// copied. The tests read real captures from ../shared beside the module
// root; when src has one, the copy gets a link to it.
func New(src string) (*Tree, error) {
	src, err := filepath.Abs(src)
	if err != nil {
		return nil, err
	}
	files, leftOut, err := moduleFiles(src)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "toolspec-mutants-")
	if err != nil {
		return nil, err
	}
	t := &Tree{Src: src, Root: filepath.Join(dir, "module"), LeftOut: leftOut, dir: dir}
	for _, f := range files {
		if err := copyFile(filepath.Join(src, f), filepath.Join(t.Root, f)); err != nil {
			t.Close()
			return nil, err
		}
	}
	shared := filepath.Join(filepath.Dir(src), "shared")
	if fi, err := os.Stat(shared); err == nil && fi.IsDir() {
		if err := os.Symlink(shared, filepath.Join(dir, "shared")); err != nil {
			t.Close()
			return nil, err
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "overlay"), 0o755); err != nil {
		t.Close()
		return nil, err
	}
	if t.base, err = Snapshot(t.Root); err != nil {
		t.Close()
		return nil, err
	}
	t.orig = map[string][]byte{}
	for p := range t.base {
		if t.orig[p], err = os.ReadFile(filepath.Join(t.Root, p)); err != nil {
			t.Close()
			return nil, err
		}
	}
	return t, nil
}

// Close removes the scratch directory.
func (t *Tree) Close() error { return os.RemoveAll(t.dir) }

// moduleFiles lists the files of the module at src to copy, relative to
// src, and the untracked files under testdata directories left out.
func moduleFiles(src string) (files, leftOut []string, err error) {
	tracked, err1 := gitFiles(src, "--cached")
	others, err2 := gitFiles(src, "--others", "--exclude-standard")
	if err1 != nil || err2 != nil {
		return walkFiles(src)
	}
	for _, f := range tracked {
		if _, err := os.Lstat(filepath.Join(src, f)); err == nil && !inRapidDir(f) {
			files = append(files, f)
		}
	}
	for _, f := range others {
		switch {
		case inRapidDir(f):
		case inTestdata(f):
			leftOut = append(leftOut, f)
		default:
			files = append(files, f)
		}
	}
	slices.Sort(files)
	return slices.Compact(files), leftOut, nil
}

func gitFiles(src string, args ...string) ([]string, error) {
	cmd := exec.Command("git", append([]string{"ls-files", "-z"}, args...)...)
	cmd.Dir = src
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, filepath.FromSlash(f))
		}
	}
	return files, nil
}

func walkFiles(src string) (files, leftOut []string, err error) {
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() && (d.Name() == ".git" || inRapidDir(rel)) {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			files = append(files, rel)
		}
		return nil
	})
	return files, nil, err
}

// inTestdata reports whether the relative path rel lies under a directory
// named testdata.
func inTestdata(rel string) bool {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	return slices.Contains(parts[:len(parts)-1], "testdata")
}

// inRapidDir reports whether rel is or lies under a testdata/rapid
// directory, where rapid keeps its fail files.
func inRapidDir(rel string) bool {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] == "testdata" && parts[i+1] == "rapid" {
			return true
		}
	}
	return false
}

func copyFile(from, to string) error {
	fi, err := os.Lstat(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		link, err := os.Readlink(from)
		if err != nil {
			return err
		}
		return os.Symlink(link, to)
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, fi.Mode().Perm())
}

// Snapshot records every file under every testdata directory of the tree
// at root, ignored ones included, as a map from its path relative to root
// to a digest of its contents (of its target, for a link). .git is not
// walked.
func Snapshot(root string) (map[string]string, error) {
	snap := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() || !inTestdata(rel) {
			return nil
		}
		var data []byte
		if d.Type()&fs.ModeSymlink != 0 {
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			data = []byte("link " + link)
		} else if data, err = os.ReadFile(p); err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		snap[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	return snap, err
}

// Diff lists, sorted, the files added, changed or removed between two
// snapshots, one "added PATH" (or "changed", "removed") each.
func Diff(before, after map[string]string) []string {
	var out []string
	for p, sum := range after {
		switch was, ok := before[p]; {
		case !ok:
			out = append(out, "added "+p)
		case was != sum:
			out = append(out, "changed "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			out = append(out, "removed "+p)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		_, pa, _ := strings.Cut(a, " ")
		_, pb, _ := strings.Cut(b, " ")
		return strings.Compare(pa, pb)
	})
	return out
}

// A Job is one run of the suite against one mutated file.
type Job struct {
	// Target is the mutated file, relative to the module root, and Source
	// its mutated contents, which replace it through go test -overlay. An
	// empty Target runs the suite on the module as it is.
	Target string
	Source []byte
	// Pkgs are the packages whose tests must kill the mutant, run one
	// after another (each with -failfast) until one fails.
	Pkgs []string
	// Flags are extra go test flags, e.g. -p=1.
	Flags []string
	// Env are extra environment variables, e.g. GOMAXPROCS=1.
	Env []string
	// Seed is the rapid seed of every property (RAPID_SEED and
	// TOOLSPEC_RAPID_SEED); empty for a random one.
	Seed string
	// Timeout bounds the whole job; zero for none (go test's own default
	// applies). The job's processes are killed when it passes.
	Timeout time.Duration
	// First, when set, is a test to run alone before Pkgs: the one that
	// killed this mutant before. If it kills the mutant the job ends
	// there; otherwise Pkgs run as if First were unset, so a stale First
	// costs time, never a verdict.
	First *Probe
}

// A Probe is one test of one package: Run is its name as go test -json
// reports it ("TestX/sub"), matched exactly.
type Probe struct {
	Pkg, Run string
}

// runPattern is the -run pattern that matches exactly the test named
// name ("TestX/sub": each level anchored and quoted).
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// Result is the outcome of a Job.
type Result struct {
	// Killed reports whether a test failed; By names the first test that
	// did ("TestX/sub"), or the package when it failed outside any test,
	// and Pkg is the package of that test (as Job.Pkgs names it).
	Killed bool
	By     string
	Pkg    string
	// ByFirst reports that Job.First killed it.
	ByFirst bool
	// NoBuild reports that the mutant does not compile (or vet rejects
	// it); such a job is neither killed nor survived.
	NoBuild bool
	// TimedOut reports that Timeout passed first.
	TimedOut bool
	// Elapsed is the wall time of the job, builds included.
	Elapsed time.Duration
	// Output is the text the tests and the go command printed.
	Output string
	// Err is set when the job could not be run, or when it left files
	// under a testdata directory of the copy (they are removed, the
	// changed ones restored, before Run returns).
	Err error
}

// Run plants job.Source in place of job.Target (nothing when Target is
// empty: a run of the suite as it is) and runs the packages' tests in the
// copy, with fail files neither read nor written.
func (t *Tree) Run(ctx context.Context, job Job) Result {
	t.runs++
	var overlay []string
	if job.Target != "" {
		mfile := filepath.Join(t.dir, "overlay", fmt.Sprintf("m%d.go", t.runs))
		if err := os.WriteFile(mfile, job.Source, 0o644); err != nil {
			return Result{Err: err}
		}
		defer os.Remove(mfile)
		ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(t.Root, job.Target): mfile}})
		ovfile := filepath.Join(t.dir, "overlay", fmt.Sprintf("m%d.json", t.runs))
		if err := os.WriteFile(ovfile, ov, 0o644); err != nil {
			return Result{Err: err}
		}
		defer os.Remove(ovfile)
		overlay = []string{"-overlay=" + ovfile}
	}

	if job.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, job.Timeout)
		defer cancel()
	}
	var res Result
	var text strings.Builder
	start := time.Now()
	run := func(pkg string, extra ...string) (stop bool) {
		args := append([]string{"test"}, overlay...)
		args = append(args, "-count=1", "-json", "-failfast")
		args = append(args, job.Flags...)
		args = append(args, extra...)
		cmd := exec.CommandContext(ctx, "go", append(args, pkg)...)
		cmd.Dir = t.Root
		cmd.Env = append(cleanEnv(), "RAPID_NOFAILFILE=1")
		if job.Seed != "" {
			cmd.Env = append(cmd.Env, "RAPID_SEED="+job.Seed, "TOOLSPEC_RAPID_SEED="+job.Seed)
		}
		cmd.Env = append(cmd.Env, job.Env...)
		killGroup(cmd)
		cmd.WaitDelay = 5 * time.Second
		out, err := cmd.CombinedOutput()
		if ctx.Err() != nil {
			res.TimedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
			if !res.TimedOut {
				res.Err = ctx.Err()
			}
			return true
		}
		parse(out, &res, &text)
		if res.Killed || res.NoBuild {
			res.Pkg = pkg
			return true
		}
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			res.Err = err
			return true
		}
		if err != nil {
			// go test failed without a failing test or build event.
			res.Killed, res.By, res.Pkg = true, "package "+pkg, pkg
			return true
		}
		return false
	}
	stopped := false
	if job.First != nil {
		stopped = run(job.First.Pkg, "-run", runPattern(job.First.Run))
		res.ByFirst = res.Killed
		if !stopped {
			text.Reset()
		}
	}
	for _, pkg := range job.Pkgs {
		if stopped {
			break
		}
		stopped = run(pkg)
	}
	res.Elapsed = time.Since(start)
	res.Output = text.String()
	if err := t.restore(); err != nil && res.Err == nil {
		res.Err = err
	}
	return res
}

// parse reads go test -json output into res.
func parse(out []byte, res *Result, text *strings.Builder) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var ev struct {
			Action, Test, Package, Output, FailedBuild string
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			text.WriteString(sc.Text() + "\n")
			continue
		}
		switch ev.Action {
		case "output", "build-output":
			text.WriteString(ev.Output)
		case "build-fail":
			res.NoBuild = true
		case "fail":
			switch {
			case ev.FailedBuild != "":
				res.NoBuild = true
			case ev.Test != "" && res.By == "":
				res.Killed, res.By = true, ev.Test
			}
		}
	}
	if strings.Contains(text.String(), "[setup failed]") || strings.Contains(text.String(), "[build failed]") {
		res.NoBuild = true
	}
	if res.NoBuild {
		res.Killed, res.By = false, ""
	}
}

// cleanEnv is the environment without rapid's variables, which would change
// how many checks run, from which seed, or replay a given fail file.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "RAPID_") && !strings.HasPrefix(kv, "TOOLSPEC_RAPID_SEED=") {
			env = append(env, kv)
		}
	}
	return env
}

// restore puts the copy's testdata directories back as they were made and
// reports what a run had changed there.
func (t *Tree) restore() error {
	now, err := Snapshot(t.Root)
	if err != nil {
		return err
	}
	d := Diff(t.base, now)
	if len(d) == 0 {
		return nil
	}
	for p := range now {
		if _, ok := t.base[p]; !ok {
			os.Remove(filepath.Join(t.Root, p))
		}
	}
	for p, sum := range t.base {
		if now[p] != sum {
			dst := filepath.Join(t.Root, p)
			os.Remove(dst)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, t.orig[p], 0o644); err != nil {
				return err
			}
		}
	}
	// Directories the run created (testdata/rapid/<Test>) go too.
	for _, line := range d {
		if p, ok := strings.CutPrefix(line, "added "); ok {
			for dir := filepath.Dir(p); dir != "."; dir = filepath.Dir(dir) {
				if os.Remove(filepath.Join(t.Root, dir)) != nil {
					break
				}
			}
		}
	}
	return fmt.Errorf("the run wrote under testdata (undone): %s", strings.Join(d, ", "))
}
