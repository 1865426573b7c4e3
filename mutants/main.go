// Command mutants runs the mutation check: it plants, one at a time, bugs
// that real reassemblers shipped, and the likely bugs of impl's own
// shortcuts (memos, replay, fast paths), into copies of impl's source (through
// `go test -overlay`, so the production code is never touched), runs the
// default test suite against each, and prints a table: mutant, killed or
// survived, by which test, time to the first failure, and the size of the
// shrunk counterexample when a property found it. It exits 1 if any mutant
// survives or no longer applies.
//
// Every mutant runs from a clean state, so that each kill in the table is
// one the test makes on its own and reproduces with -run alone on a fresh
// clone: the runs take place in a scratch copy of the module without any
// testdata/rapid (rapid replays the fail files there before its own checks),
// with RAPID_NOFAILFILE=1 and a fixed rapid seed, and the copy's testdata
// directories are checked after each run (see package sandbox). The module's
// own testdata directories, ignored files included, are compared before and
// after the whole check: a file that appeared, changed or went fails it.
//
// Each mutant is a txtar file in this directory: the comment holds
// "name:", "file:" (relative to the module root), optionally "pkgs:" (the
// packages whose tests must kill it, for a mutant outside impl, instead of
// -pkgs), optionally "tags:" (build tags for go test -tags, e.g.
// "invariants" for the inv-* mutants of impl's shortcuts, which the checks
// of the invariants build must kill) and a description citing the field
// notes; the files "old" and "new" are a snippet that must occur exactly
// once in the target and its replacement.
//
// The suite runs in order, one package at a time, until a test fails; that
// is a minute for the mutants its later tests kill. So killers.txt records,
// for each mutant, the package and test that killed it, and the check runs
// that test alone first: it is one of the suite's own tests, with the same
// seed, so a kill it makes is one the suite makes. A mutant it does not
// kill (the test changed, say) gets the whole suite, as without the file:
// a stale line costs time, never a verdict. -record rewrites the lines of
// the mutants run; -nofirst ignores the file. -j mutants (2 by default) are
// checked at once, each worker in its own copy of the module.
//
// Usage:
//
//	go run ./mutants [-run REGEXP] [-pkgs "./fuzz ./impl"] [-seed N] [-v] [-record] [-nofirst] [-j N]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/toolspec/toolspec/mutants/internal/sandbox"
	"golang.org/x/tools/txtar"
)

type mutant struct {
	file, name, target, desc string
	old, new                 []byte
	pkgs                     []string // the packages that must kill it, when not -pkgs'
	tags                     []string // build tags of the run (go test -tags)
}

func main() { os.Exit(check()) }

// check runs the mutation check and returns the exit code: 1 if a mutant
// survived, failed to build or no longer applies, or the module's testdata
// changed; 2 if the check could not run.
func check() int {
	run := flag.String("run", "", "only mutants whose name matches this regexp")
	pkgs := flag.String("pkgs", "./fuzz ./impl", "packages whose tests must kill the mutants, run in this order until one fails")
	verbose := flag.Bool("v", false, "print the failing output of each mutant")
	seed := flag.String("seed", "1", "rapid seed for the property tests (repeatable kills); empty for random")
	record := flag.Bool("record", false, "write the test that killed each mutant run into killers.txt")
	noFirst := flag.Bool("nofirst", false, "ignore killers.txt: run the whole suite for every mutant")
	jobs := flag.Int("j", 2, "mutants checked at once, each in its own copy of the module")
	share := flag.String("share", "", "k/n: only every n-th mutant of the check's order, starting with the k-th (0 <= k < n): CI's rotating share")
	flag.Parse()
	shareK, shareN, err := parseShare(*share)
	if err != nil {
		return fatal(err)
	}
	root, err := moduleRoot()
	if err != nil {
		return fatal(err)
	}
	muts, err := load(filepath.Join(root, "mutants"))
	if err != nil {
		return fatal(err)
	}
	killersFile := filepath.Join(root, "mutants", "killers.txt")
	killers, err := readKillers(killersFile)
	if err != nil {
		return fatal(err)
	}
	var re *regexp.Regexp
	if *run != "" {
		re = regexp.MustCompile(*run)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	before, err := sandbox.Snapshot(root)
	if err != nil {
		return fatal(err)
	}
	// Each worker has its own copy of the module, so that a file one
	// mutant's tests leave under testdata is never blamed on another.
	trees := make([]*sandbox.Tree, max(1, *jobs))
	for i := range trees {
		tree, err := sandbox.New(root)
		if err != nil {
			return fatal(err)
		}
		defer tree.Close()
		trees[i] = tree
	}
	if tree := trees[0]; len(tree.LeftOut) > 0 {
		fmt.Fprintf(os.Stderr, "mutants: not copied, untracked under testdata: %s\n", strings.Join(tree.LeftOut, " "))
	}

	var todo []mutant
	for i, m := range muts {
		if (re == nil || re.MatchString(m.name)) && i%shareN == shareK {
			todo = append(todo, m)
		}
	}
	if shareN > 1 {
		fmt.Printf("mutants: share %d/%d: %d of the %d mutants\n", shareK, shareN, len(todo), len(muts))
	}
	// The workers take the mutants in order; the table prints them in
	// order as each one's result and those before it are in.
	results := make([]chan result, len(todo))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	next := make(chan int, len(todo))
	for i := range todo {
		next <- i
	}
	close(next)
	for _, tree := range trees {
		go func() {
			for i := range next {
				m := todo[i]
				if ctx.Err() != nil {
					results[i] <- result{err: "interrupted"}
					continue
				}
				ps := strings.Fields(*pkgs)
				if m.pkgs != nil {
					ps = m.pkgs
				}
				var first *sandbox.Probe
				if k, ok := killers[m.name]; ok && !*noFirst {
					first = &k
				}
				results[i] <- try(ctx, tree, m, ps, *seed, first)
			}
		}()
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MUTANT\tRESULT\tKILLED BY\tTIME\tCOUNTEREXAMPLE")
	failed, ran := 0, 0
	found := map[string]sandbox.Probe{}
	for i, m := range todo {
		res := <-results[i]
		if ctx.Err() != nil {
			break
		}
		ran++
		if res.killed && res.err == "" {
			found[m.name] = sandbox.Probe{Pkg: res.pkg, Run: res.by}
		}
		status := "killed"
		switch {
		case res.err != "":
			status = "ERROR"
			failed++
		case !res.killed:
			status = "SURVIVED"
			failed++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", m.name, status, res.by, res.elapsed.Round(100*time.Millisecond), res.example)
		tw.Flush()
		if res.err != "" {
			fmt.Fprintf(os.Stderr, "%s: %s\n", m.name, res.err)
		}
		if *verbose && res.output != "" {
			fmt.Println(res.output)
		}
	}
	tw.Flush()
	if *record && ctx.Err() == nil {
		for name, k := range found {
			killers[name] = k
		}
		if err := writeKillers(killersFile, killers, muts); err != nil {
			return fatal(err)
		}
	}
	after, err := sandbox.Snapshot(root)
	if err != nil {
		return fatal(err)
	}
	d := sandbox.Diff(before, after)
	if len(d) > 0 {
		fmt.Printf("the module's testdata changed during the check:\n\t%s\n", strings.Join(d, "\n\t"))
	}
	switch {
	case ctx.Err() != nil:
		fmt.Println("interrupted")
		return 1
	case failed > 0:
		fmt.Printf("%d mutant(s) survived, failed to build or could not be run\n", failed)
		return 1
	case len(d) > 0:
		return 1
	case ran == 0:
		fmt.Printf("no mutant's name matches %q\n", *run)
		return 1
	}
	fmt.Println("every mutant was killed; no file under testdata/ appeared, changed or went")
	return 0
}

func fatal(err error) int {
	fmt.Fprintln(os.Stderr, "mutants:", err)
	return 2
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

// load reads every mutant file.
func load(dir string) ([]mutant, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []mutant
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			return nil, err
		}
		m := mutant{file: f}
		var desc []string
		for _, line := range strings.Split(string(a.Comment), "\n") {
			switch k, v, _ := strings.Cut(line, ":"); k {
			case "name":
				m.name = strings.TrimSpace(v)
			case "file":
				m.target = strings.TrimSpace(v)
			case "pkgs":
				m.pkgs = strings.Fields(v)
			case "tags":
				m.tags = strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
			default:
				desc = append(desc, line)
			}
		}
		m.desc = strings.TrimSpace(strings.Join(desc, " "))
		for _, af := range a.Files {
			switch af.Name {
			case "old":
				m.old = af.Data
			case "new":
				m.new = af.Data
			}
		}
		if m.name == "" || m.target == "" || len(m.old) == 0 {
			return nil, fmt.Errorf("%s: want name:, file: and an old section", f)
		}
		out = append(out, m)
	}
	return out, nil
}

type result struct {
	killed  bool
	by, pkg string
	elapsed time.Duration
	example string
	output  string
	err     string
}

var (
	rapidFail = regexp.MustCompile(`\[rapid\] (?:failed|panic) after (\d+) tests`)
	drawLine  = regexp.MustCompile(`\[rapid\] draw `)
)

// try plants mutant m into the scratch tree and runs the tests.
func try(ctx context.Context, tree *sandbox.Tree, m mutant, pkgs []string, seed string, first *sandbox.Probe) result {
	src, err := os.ReadFile(filepath.Join(tree.Root, m.target))
	if err != nil {
		return result{err: err.Error()}
	}
	if n := bytes.Count(src, m.old); n != 1 {
		return result{err: fmt.Sprintf("old snippet occurs %d times in %s", n, m.target)}
	}
	flags := []string{"-vet=off"} // the tests must kill it, not vet
	if len(m.tags) > 0 {
		flags = append(flags, "-tags="+strings.Join(m.tags, ","))
	}
	r := tree.Run(ctx, sandbox.Job{
		Target: m.target,
		Source: bytes.Replace(src, m.old, m.new, 1),
		Pkgs:   pkgs,
		Flags:  flags,
		Seed:   seed,
		First:  first,
	})
	res := result{killed: r.Killed, by: r.By, pkg: r.Pkg, elapsed: r.Elapsed, output: r.Output}
	if mm := rapidFail.FindStringSubmatch(res.output); mm != nil {
		res.example = fmt.Sprintf("rapid: %d draws after %s tests", len(drawLine.FindAllString(res.output, -1)), mm[1])
	} else if res.killed {
		res.example = "golden or table case"
	}
	switch {
	case r.Err != nil:
		res.err = r.Err.Error()
	case r.NoBuild:
		res.err = "mutant does not build"
	}
	return res
}

// readKillers reads killers.txt: "mutant package test" a line, # starts a
// comment. A missing file is no killers.
func readKillers(name string) (map[string]sandbox.Probe, error) {
	data, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		return map[string]sandbox.Probe{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]sandbox.Probe{}
	for i, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want mutant, package and test", name, i+1)
		}
		out[f[0]] = sandbox.Probe{Pkg: f[1], Run: f[2]}
	}
	return out, nil
}

// writeKillers writes the killers of the mutants that exist, in name order.
func writeKillers(name string, killers map[string]sandbox.Probe, muts []mutant) error {
	var b strings.Builder
	b.WriteString("# The test that killed each mutant, run alone first (see main.go);\n")
	b.WriteString("# written by go run ./mutants -record.\n")
	for _, m := range muts {
		if k, ok := killers[m.name]; ok && !strings.ContainsAny(k.Run, " \t") {
			fmt.Fprintf(&b, "%s\t%s\t%s\n", m.name, k.Pkg, k.Run)
		}
	}
	return os.WriteFile(name, []byte(b.String()), 0o644)
}

// parseShare parses -share's k/n; "" is the whole set, 0/1.
func parseShare(s string) (k, n int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	if _, err := fmt.Sscanf(s, "%d/%d", &k, &n); err != nil || n < 1 || k < 0 || k >= n || fmt.Sprintf("%d/%d", k, n) != s {
		return 0, 0, fmt.Errorf("-share %q: want k/n with 0 <= k < n", s)
	}
	return k, n, nil
}
