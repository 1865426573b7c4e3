// Command conformance runs toolspec's conformance kit on every third-party
// reassembler of the report module (package adapters) and on the external
// adapter programs listed in external.txt, node/adapters.txt (the Node
// adapters of report/node, which make report-node installs),
// python/adapters.txt (the Python adapters of report/python, which make
// report-python installs), rust/adapters.txt (report/rust's, built by make
// report-rust) and java/adapters.txt (report/java's, built by make
// report-java), and writes the report
// docs/conformance.md with the shrunk scenarios it links under
// docs/conformance/. Run it from the report module's folder:
//
//	go run ./cmd/conformance -out ../docs/conformance.md
//
// -only LIB[,LIB] runs those libraries only and prints their failures
// instead of writing the report; with -case CASE (a scenario, area/name, or
// random/<format>) it reruns that one case on the one library named, prints
// what it gives and exits with status 1 while the case fails. -check FILE
// checks that FILE is in the form the generator writes, without running
// the kit (conformance.CheckDocument). -histories runs the kit's history
// mode on the request converters only (conformance.HistoryLibraries) and
// rewrites the Histories section of -out, leaving the rest as it is.
package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/toolspec/toolspec/report/conformance"
)

func main() {
	o := conformance.DefaultOptions
	out := flag.String("out", "../docs/conformance.md", "the report to write")
	readme := flag.String("readme", "../README.md", "the README whose report summary to rewrite from the report (\"\" for none)")
	only := flag.String("only", "", "run only these libraries (comma-separated) and print their failures")
	kase := flag.String("case", "", "with -only LIB: rerun this case (area/name or random/<format>) and print it")
	check := flag.String("check", "", "check that this report is in the generator's form, and run nothing")
	external := flag.String("external", conformance.ExternalFile, "the list of external adapters")
	node := flag.String("node", conformance.NodeFile, "the list of the Node adapters of report/node")
	python := flag.String("python", conformance.PythonFile, "the list of the Python adapters of report/python")
	rust := flag.String("rust", conformance.RustFile, "the list of the Rust adapters of report/rust")
	java := flag.String("java", conformance.JavaFile, "the list of the Java adapters of report/java")
	flag.IntVar(&o.Random, "random", o.Random, "random streams per format and library")
	flag.Uint64Var(&o.Seed, "seed", o.Seed, "the random streams' first seed (with -case, the seed)")
	flag.IntVar(&o.Seeds, "seeds", o.Seeds, "how many seeds the random streams are drawn with")
	flag.DurationVar(&o.ShrinkTime, "shrink", o.ShrinkTime, "the time to shrink a failing random stream")
	flag.StringVar(&o.Captures, "captures", o.Captures, "the shared captures folder, for the throughput")
	noTiming := flag.Bool("no-timing", false, "do not measure throughput")
	histories := flag.Bool("histories", false, "run the history mode on the request converters only and rewrite the Histories section of -out")
	flag.Parse()
	o.Timing = !*noTiming
	// The libraries log to the default logger (Ollama's middleware on a
	// stream it cannot convert); the report says what they did.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))

	if *histories {
		doc, err := os.ReadFile(*out)
		if err != nil {
			fail(err)
		}
		section := conformance.RenderHistories(conformance.RunHistories(conformance.HistoryLibraries(), o))
		if err := os.WriteFile(*out, conformance.SpliceHistories(doc, section), 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("rewrote the Histories section of %s\n", *out)
		return
	}

	libs := conformance.Builtin()
	ext, err := conformance.External(*external)
	if err != nil {
		fail(err)
	}
	libs = append(libs, ext...)
	nodeLibs, err := conformance.Node(*node)
	if err != nil {
		fail(err)
	}
	libs = append(libs, nodeLibs...)
	for _, l := range []struct {
		path string
		read func(string) ([]conformance.Library, error)
	}{{*python, conformance.Python}, {*rust, conformance.Rust}, {*java, conformance.Java}} {
		more, err := l.read(l.path)
		if err != nil {
			fail(err)
		}
		libs = append(libs, more...)
	}

	switch {
	case *check != "":
		doc, err := os.ReadFile(*check)
		if err != nil {
			fail(err)
		}
		if err := conformance.CheckDocument(doc, *check, libs); err != nil {
			fail(fmt.Errorf("%s is not in the generator's form (run make report):\n%v", *check, err))
		}
		fmt.Printf("%s: in the generator's form, %d libraries\n", *check, len(libs))
	case *kase != "":
		sel, err := conformance.Select(libs, split(*only))
		if err != nil {
			fail(err)
		}
		if len(sel) != 1 {
			fail(fmt.Errorf("-case needs -only with one library"))
		}
		c, err := conformance.Reproduce(sel[0], *kase, o)
		if err != nil {
			fail(err)
		}
		switch {
		case c.Skipped != "":
			fmt.Printf("%s on %s: %s\n", c.Name, sel[0].Name, c.Skipped)
		case len(c.Failures) == 0:
			// Warnings (SHOULD) fail nothing.
			for _, f := range c.Warnings {
				fmt.Println("warning: " + f.Error())
			}
			fmt.Printf("%s on %s: passed\n", c.Name, sel[0].Name)
		default:
			for _, f := range c.Failures {
				fmt.Println(f.Error())
			}
			if len(c.Scenario) > 0 {
				fmt.Printf("\nThe stream, shrunk, as a scenario:\n\n%s", c.Scenario)
			}
			os.Exit(1)
		}
	case *only != "":
		sel, err := conformance.Select(libs, split(*only))
		if err != nil {
			fail(err)
		}
		o.Timing = false
		bugs, err := conformance.LoadBugs(filepath.Join(strings.TrimSuffix(*out, ".md"), "bugs"))
		if err != nil {
			fail(err)
		}
		for _, r := range conformance.Run(sel, o, progress) {
			if r.Err != nil {
				fmt.Printf("%s: %v\n", r.Library.Name, r.Err)
				continue
			}
			for _, c := range r.Cases {
				// Each failure says what explains it (a bug report of
				// -out's bugs folder, a note) or that nothing does.
				for _, f := range c.Failures {
					fmt.Printf("%s: %s: [%s] %s\n", r.Library.Name, c.Title(), conformance.Explain(bugs, r.Library.Name, c.Seed, f), f.Error())
				}
				for _, f := range c.Warnings {
					fmt.Printf("%s: %s: [warning] %s\n", r.Library.Name, c.Title(), f.Error())
				}
			}
		}
	default:
		start := time.Now()
		results := conformance.Run(libs, o, progress)
		m := conformance.Meta{
			Date:      time.Now().UTC().Format("2006-01-02"),
			GoVersion: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
			Corpus:    conformance.Corpus(),
			Options:   o,
			Elapsed:   time.Since(start),
			FilesDir:  strings.TrimSuffix(filepath.Base(*out), ".md"),
		}
		m.Commit, m.Dirty = commit(*out)
		if m.Bugs, err = conformance.LoadBugs(filepath.Join(strings.TrimSuffix(*out, ".md"), "bugs")); err != nil {
			fail(err)
		}
		root, err := filepath.Abs("..")
		if err != nil {
			fail(err)
		}
		absOut, err := filepath.Abs(*out)
		if err != nil {
			fail(err)
		}
		if m.CorpusDir, err = filepath.Rel(filepath.Dir(absOut), filepath.Join(root, "spectest", "testdata", "scenarios")); err != nil {
			fail(err)
		}
		m.CorpusDir = filepath.ToSlash(m.CorpusDir)
		doc, files := conformance.Render(results, m)
		doc = conformance.SpliceHistories(doc, conformance.RenderHistories(conformance.RunHistories(conformance.HistoryLibraries(), o)))
		if err := write(*out, doc, files); err != nil {
			fail(err)
		}
		if *readme != "" {
			if err := writeReadme(*readme, doc); err != nil {
				fail(err)
			}
		}
		fmt.Printf("wrote %s and %d scenario(s) in %v\n", *out, len(files), time.Since(start).Round(time.Second))
	}
}

// write writes the report to out and replaces the scenario files of its
// folder (out without .md) with files; the folder's bug reports (bugs/)
// are kept.
func write(out string, doc []byte, files map[string][]byte) error {
	if !strings.HasSuffix(out, ".md") {
		return fmt.Errorf("-out %s: want a .md file", out)
	}
	dir := strings.TrimSuffix(out, ".md")
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for _, e := range entries {
		if e.Name() == "bugs" {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(out, doc, 0o644)
}

// commit returns the repository's commit and whether the work tree has
// changes besides the report out and its folder.
func commit(out string) (string, bool) {
	rev, err := exec.Command("git", "-C", "..", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown (not a git work tree)", false
	}
	absOut, _ := filepath.Abs(out)
	root, _ := filepath.Abs("..")
	rel, _ := filepath.Rel(root, absOut)
	rel = filepath.ToSlash(rel)
	st, err := exec.Command("git", "-C", "..", "status", "--porcelain", "--", ".",
		":(exclude)"+rel, ":(exclude)"+strings.TrimSuffix(rel, ".md")).Output()
	return strings.TrimSpace(string(rev)), err != nil || len(strings.TrimSpace(string(st))) > 0
}

func progress(s string) { fmt.Fprintln(os.Stderr, s) }

func split(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "conformance:", err)
	os.Exit(2)
}

// writeReadme rewrites the report summary of the README at path from the
// report doc.
func writeReadme(path string, doc []byte) error {
	summary, err := conformance.ReadmeSummary(doc)
	if err != nil {
		return err
	}
	r, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	r, err = conformance.SpliceReadme(r, summary)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return os.WriteFile(path, r, 0o644)
}
