// Command mutants runs the mutation check: it plants, one at a time, bugs
// that real reassemblers shipped, and the likely bugs of impl's own
// shortcuts (memos, replay, fast paths), into copies of impl's source (through
// `go test -overlay`, so the production code is never touched), runs the
// default test suite against each, and prints a table: mutant, killed or
// survived, by which test, time to the first failure, and the size of the
// shrunk counterexample when a property found it. It exits 1 if any mutant
// survives or no longer applies.
//
// Each mutant is a txtar file in this directory: the comment holds
// "name:", "file:" (relative to the module root) and a description citing
// the field notes; the files "old" and "new" are a snippet that must occur
// exactly once in the target and its replacement.
//
// Usage:
//
//	go run ./mutants [-run REGEXP] [-pkgs "./fuzz"] [-seed N] [-v]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/tools/txtar"
)

type mutant struct {
	file, name, target, desc string
	old, new                 []byte
}

func main() {
	run := flag.String("run", "", "only mutants whose name matches this regexp")
	pkgs := flag.String("pkgs", "./fuzz", "packages whose tests must kill the mutants")
	verbose := flag.Bool("v", false, "print the failing output of each mutant")
	seed := flag.String("seed", "1", "rapid seed for the property tests (repeatable kills); empty for random")
	flag.Parse()
	root, err := moduleRoot()
	if err != nil {
		fatal(err)
	}
	muts, err := load(filepath.Join(root, "mutants"))
	if err != nil {
		fatal(err)
	}
	var re *regexp.Regexp
	if *run != "" {
		re = regexp.MustCompile(*run)
	}
	tmp, err := os.MkdirTemp("", "toolspec-mutants")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(tmp)

	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MUTANT\tRESULT\tKILLED BY\tTIME\tCOUNTEREXAMPLE")
	survived := 0
	for i, m := range muts {
		if re != nil && !re.MatchString(m.name) {
			continue
		}
		res := try(root, tmp, i, m, strings.Fields(*pkgs), *seed)
		if !res.killed {
			survived++
		}
		status := "killed"
		if !res.killed {
			status = "SURVIVED"
		}
		if res.err != "" {
			status = "ERROR"
			survived++
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
	if survived > 0 {
		fmt.Printf("%d mutant(s) survived or failed to build\n", survived)
		os.Exit(1)
	}
	fmt.Println("every mutant was killed")
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mutants:", err)
	os.Exit(2)
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
	rapidFail = regexp.MustCompile(`\[rapid\] failed after (\d+) tests`)
	drawLine  = regexp.MustCompile(`\[rapid\] draw `)
)

// try plants mutant m and runs the tests.
func try(root, tmp string, i int, m mutant, pkgs []string, seed string) result {
	target := filepath.Join(root, m.target)
	src, err := os.ReadFile(target)
	if err != nil {
		return result{err: err.Error()}
	}
	if n := bytes.Count(src, m.old); n != 1 {
		return result{err: fmt.Sprintf("old snippet occurs %d times in %s", n, m.target)}
	}
	mutated := bytes.Replace(src, m.old, m.new, 1)
	mfile := filepath.Join(tmp, fmt.Sprintf("m%d.go", i))
	if err := os.WriteFile(mfile, mutated, 0o644); err != nil {
		return result{err: err.Error()}
	}
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {target: mfile}})
	ovfile := filepath.Join(tmp, fmt.Sprintf("m%d.json", i))
	if err := os.WriteFile(ovfile, ov, 0o644); err != nil {
		return result{err: err.Error()}
	}
	args := append([]string{"test", "-overlay=" + ovfile, "-count=1", "-json", "-failfast"}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "TOOLSPEC_RAPID_SEED="+seed)
	start := time.Now()
	out, _ := cmd.CombinedOutput()
	res := result{elapsed: time.Since(start)}
	var text strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var ev struct {
			Action, Test, Package, Output string
			Elapsed                       float64
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			text.WriteString(sc.Text() + "\n")
			continue
		}
		if ev.Action == "output" {
			text.WriteString(ev.Output)
		}
		if ev.Action == "fail" && ev.Test != "" && res.by == "" {
			res.killed = true
			res.by = ev.Test
		}
		if ev.Action == "fail" && ev.Test == "" && res.by == "" {
			res.killed = true
			res.by = "build of " + filepath.Base(ev.Package)
		}
	}
	res.output = text.String()
	if mm := rapidFail.FindStringSubmatch(res.output); mm != nil {
		res.example = fmt.Sprintf("rapid: %d draws after %s tests", len(drawLine.FindAllString(res.output, -1)), mm[1])
	} else if res.killed {
		res.example = "golden or table case"
	}
	if strings.Contains(res.output, "[setup failed]") || strings.HasPrefix(res.by, "build of") {
		res.err = "mutant does not build"
	}
	return res
}
