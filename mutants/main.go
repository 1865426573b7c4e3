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
// Usage:
//
//	go run ./mutants [-run REGEXP] [-pkgs "./fuzz ./impl"] [-seed N] [-v]
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
	flag.Parse()
	root, err := moduleRoot()
	if err != nil {
		return fatal(err)
	}
	muts, err := load(filepath.Join(root, "mutants"))
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
	tree, err := sandbox.New(root)
	if err != nil {
		return fatal(err)
	}
	defer tree.Close()
	if len(tree.LeftOut) > 0 {
		fmt.Fprintf(os.Stderr, "mutants: not copied, untracked under testdata: %s\n", strings.Join(tree.LeftOut, " "))
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MUTANT\tRESULT\tKILLED BY\tTIME\tCOUNTEREXAMPLE")
	failed, ran := 0, 0
	for _, m := range muts {
		if re != nil && !re.MatchString(m.name) {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		ran++
		ps := strings.Fields(*pkgs)
		if m.pkgs != nil {
			ps = m.pkgs
		}
		res := try(ctx, tree, m, ps, *seed)
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
	by      string
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
func try(ctx context.Context, tree *sandbox.Tree, m mutant, pkgs []string, seed string) result {
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
	})
	res := result{killed: r.Killed, by: r.By, elapsed: r.Elapsed, output: r.Output}
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
