// Command random measures the default test suite against random operator
// mutations of impl: it lists every site in impl's non-test Go files where
// a simple operator can be swapped, draws N of those mutations with a fixed
// seed, plants each in turn (through `go test -overlay`, in the scratch copy
// of the module the mutation check uses, see package sandbox), runs
// `go test ./impl ./fuzz` on one core with -failfast and a time limit, and
// prints for each whether it was killed, survived, timed out or did not
// build, then the kill rate of those that built and every survivor's
// file:line with the original and mutated expression.
//
// The operators: a comparison negated (== and !=, < and >=, > and <=), a
// boundary moved (< and <=, > and >=), + and - swapped (on numbers, in an
// expression or as += and -=, ++ and --), && and || swapped, and a ! dropped.
// The candidates are listed in file and source order and the draw is a
// shuffle by math/rand/v2's PCG seeded with -seed, so the same seed draws the
// same mutations as long as impl's source is the same (-list prints them
// without running anything).
//
// Unlike the mutation check of planted bugs, this is a measure, not a gate:
// survivors are expected (some are equivalent mutants), and it exits 0
// unless a run could not be made or the module's testdata changed.
//
// Usage:
//
//	go run ./mutants/random [-n 120] [-seed 1] [-timeout 3m] [-list] [-v]
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/toolspec/toolspec/mutants/internal/sandbox"
)

func main() { os.Exit(measure()) }

// measure runs the command and returns its exit code.
func measure() int {
	n := flag.Int("n", 120, "number of mutations to draw")
	seed := flag.Uint64("seed", 1, "seed of the draw")
	timeout := flag.Duration("timeout", 3*time.Minute, "time limit of each mutant (builds included); a mutant still running then is reported as timed out")
	pkgs := flag.String("pkgs", "./impl ./fuzz", "packages whose tests run against each mutant, in order, until one fails")
	dir := flag.String("dir", "impl", "package directory, relative to the module root, whose non-test files are mutated")
	rapidSeed := flag.String("rapid-seed", "1", "rapid seed of every property (repeatable results); empty for random")
	list := flag.Bool("list", false, "print the drawn mutations and exit without running them")
	verbose := flag.Bool("v", false, "print the test output of each survivor")
	flag.Parse()

	root, err := moduleRoot()
	if err != nil {
		return fatal(err)
	}
	modPath, err := modulePath(root)
	if err != nil {
		return fatal(err)
	}
	cands, files, err := candidates(root, modPath, *dir)
	if err != nil {
		return fatal(err)
	}
	drawn := draw(cands, *n, *seed)
	fmt.Printf("%s: %d candidate mutations in %d files; %d drawn with seed %d\n", *dir, len(cands), len(files), len(drawn), *seed)
	if *list {
		for i, m := range drawn {
			fmt.Printf("%3d  %s:%d  %s (%s)  %s  →  %s\n", i+1, m.file, m.line, m.op(), m.kind, m.orig, m.mutated)
		}
		return 0
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
		fmt.Fprintf(os.Stderr, "random: not copied, untracked under testdata: %s\n", strings.Join(tree.LeftOut, " "))
	}
	job := sandbox.Job{
		Pkgs:    strings.Fields(*pkgs),
		Flags:   []string{"-p=1", "-vet=off"},
		Env:     []string{"GOMAXPROCS=1"},
		Seed:    *rapidSeed,
		Timeout: *timeout,
	}

	// The suite must pass as it is, or every mutant would count as killed.
	base := tree.Run(ctx, job)
	switch {
	case base.Err != nil:
		return fatal(base.Err)
	case base.TimedOut:
		return fatal(fmt.Errorf("the suite takes longer than -timeout %s without a mutant; raise it", *timeout))
	case base.NoBuild || base.Killed:
		fmt.Print(base.Output)
		return fatal(fmt.Errorf("the suite does not pass without a mutant (%s)", cmp.Or(base.By, "does not build")))
	}
	fmt.Printf("the suite passes without a mutant in %s (one core)\n", base.Elapsed.Round(100*time.Millisecond))

	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tSITE\tMUTATION\tRESULT\tKILLED BY\tTIME")
	tw.Flush()
	var killed, survived, timedOut, noBuild []mutation
	var spent time.Duration
	broken := false
	for i, m := range drawn {
		if ctx.Err() != nil {
			break
		}
		src, err := os.ReadFile(filepath.Join(tree.Root, m.file))
		if err != nil {
			return fatal(err)
		}
		job.Target = m.file
		if job.Source = m.apply(src); job.Source == nil {
			return fatal(fmt.Errorf("%s:%d: no %q at the listed offset: the file changed", m.file, m.line, m.old))
		}
		res := tree.Run(ctx, job)
		if ctx.Err() != nil && !res.TimedOut {
			break
		}
		spent += res.Elapsed
		status := ""
		switch {
		case res.Err != nil:
			status = "ERROR"
			broken = true
			fmt.Fprintf(os.Stderr, "random: %s:%d: %v\n", m.file, m.line, res.Err)
		case res.NoBuild:
			status = "does not build"
			noBuild = append(noBuild, m)
		case res.TimedOut:
			status = "timed out"
			timedOut = append(timedOut, m)
		case res.Killed:
			status = "killed"
			killed = append(killed, m)
		default:
			status = "SURVIVED"
			survived = append(survived, m)
		}
		fmt.Fprintf(tw, "%d\t%s:%d\t%s\t%s\t%s\t%s\n", i+1, m.file, m.line, m.op(), status, res.By, res.Elapsed.Round(100*time.Millisecond))
		tw.Flush()
		if *verbose && status == "SURVIVED" {
			fmt.Print(res.Output)
		}
	}

	ran := len(killed) + len(survived) + len(timedOut) + len(noBuild)
	built := ran - len(noBuild)
	fmt.Printf("\n%d run: %d built, %d did not build (left out of the rate)\n", ran, built, len(noBuild))
	if built > 0 {
		fmt.Printf("killed %d, survived %d, timed out %d: kill rate %.1f%% (%d of %d built; a time-out is not a kill)\n",
			len(killed), len(survived), len(timedOut), 100*float64(len(killed))/float64(built), len(killed), built)
	}
	if ran > 0 {
		mean := spent / time.Duration(ran)
		fmt.Printf("mean %s a mutant (a survivor takes about the %s of the suite without one): 120 would take about %s\n",
			mean.Round(100*time.Millisecond), base.Elapsed.Round(time.Second), (120 * mean).Round(time.Minute))
	}
	for _, g := range []struct {
		title string
		ms    []mutation
	}{{"survived", survived}, {"timed out", timedOut}} {
		if len(g.ms) == 0 {
			continue
		}
		fmt.Printf("%s:\n", g.title)
		for _, m := range g.ms {
			fmt.Printf("  %s:%d  %s  →  %s\n", m.file, m.line, m.orig, m.mutated)
		}
	}

	after, err := sandbox.Snapshot(root)
	if err != nil {
		return fatal(err)
	}
	if d := sandbox.Diff(before, after); len(d) > 0 {
		fmt.Printf("the module's testdata changed during the run:\n\t%s\n", strings.Join(d, "\n\t"))
		broken = true
	}
	switch {
	case ctx.Err() != nil:
		fmt.Println("interrupted")
		return 1
	case broken:
		return 1
	}
	return 0
}

func fatal(err error) int {
	fmt.Fprintln(os.Stderr, "random:", err)
	return 2
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not inside a module")
	}
	return filepath.Dir(gomod), nil
}

func modulePath(root string) (string, error) {
	cmd := exec.Command("go", "list", "-m")
	cmd.Dir = root
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// A mutation swaps one operator at one site.
type mutation struct {
	file     string // relative to the module root, slash-separated
	line     int
	off      int    // byte offset of the operator in the file
	old, new string // the operator and its replacement ("" drops it)
	kind     string // negate, boundary, arith, logic
	orig     string // the expression around the site, on one line
	mutated  string // the same with the operator swapped
}

// op shows the swap: "< → <=", "drop !".
func (m mutation) op() string {
	if m.new == "" {
		return "drop " + m.old
	}
	return m.old + " → " + m.new
}

// apply returns src with m's operator swapped, or nil if src does not hold
// the operator at m's offset (the file changed since it was listed).
func (m mutation) apply(src []byte) []byte {
	if m.off+len(m.old) > len(src) || string(src[m.off:m.off+len(m.old)]) != m.old {
		return nil
	}
	out := append([]byte{}, src[:m.off]...)
	out = append(out, m.new...)
	return append(out, src[m.off+len(m.old):]...)
}

type swap struct {
	to   token.Token
	kind string
}

// swaps lists the replacements of each operator.
var swaps = map[token.Token][]swap{
	token.EQL:        {{token.NEQ, "negate"}},
	token.NEQ:        {{token.EQL, "negate"}},
	token.LSS:        {{token.GEQ, "negate"}, {token.LEQ, "boundary"}},
	token.GEQ:        {{token.LSS, "negate"}, {token.GTR, "boundary"}},
	token.GTR:        {{token.LEQ, "negate"}, {token.GEQ, "boundary"}},
	token.LEQ:        {{token.GTR, "negate"}, {token.LSS, "boundary"}},
	token.ADD:        {{token.SUB, "arith"}},
	token.SUB:        {{token.ADD, "arith"}},
	token.ADD_ASSIGN: {{token.SUB_ASSIGN, "arith"}},
	token.SUB_ASSIGN: {{token.ADD_ASSIGN, "arith"}},
	token.INC:        {{token.DEC, "arith"}},
	token.DEC:        {{token.INC, "arith"}},
	token.LAND:       {{token.LOR, "logic"}},
	token.LOR:        {{token.LAND, "logic"}},
}

// candidates lists every mutation of the non-test Go files of the package
// in dir, in file and source order. + and - are swapped only where the
// type checker says the operands are numbers (on strings the mutant would
// not build); where the package does not type-check, everywhere.
func candidates(root, modPath, dir string) ([]mutation, []string, error) {
	bp, err := build.ImportDir(filepath.Join(root, dir), 0)
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	var srcs [][]byte
	names := slices.Sorted(slices.Values(bp.GoFiles))
	for _, name := range names {
		src, err := os.ReadFile(filepath.Join(bp.Dir, name))
		if err != nil {
			return nil, nil, err
		}
		f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, name), src, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, f)
		srcs = append(srcs, src)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	im := &srcImporter{root: root, modPath: modPath, fset: fset, std: importer.Default(), pkgs: map[string]*types.Package{}}
	conf := types.Config{Importer: im, Error: func(error) {}}
	_, typeErr := conf.Check(modPath+"/"+filepath.ToSlash(dir), fset, files, info)
	if typeErr != nil {
		fmt.Fprintf(os.Stderr, "random: %s does not type-check (%v); + and - are swapped on any operands\n", dir, typeErr)
	}
	numeric := func(e ast.Expr) bool {
		if typeErr != nil {
			return true
		}
		b, ok := info.TypeOf(e).Underlying().(*types.Basic)
		return ok && b.Info()&types.IsNumeric != 0
	}

	var out []mutation
	for i, f := range files {
		rel := filepath.ToSlash(filepath.Join(dir, names[i]))
		src := srcs[i]
		add := func(opPos token.Pos, op token.Token, node ast.Node) {
			for _, s := range swaps[op] {
				out = append(out, site(fset, src, rel, opPos, op.String(), s.to.String(), s.kind, node))
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if (n.Op == token.ADD || n.Op == token.SUB) && !numeric(n) {
					return true
				}
				add(n.OpPos, n.Op, n)
			case *ast.AssignStmt:
				if (n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN) && numeric(n.Lhs[0]) {
					add(n.TokPos, n.Tok, n)
				}
			case *ast.IncDecStmt:
				add(n.TokPos, n.Tok, n)
			case *ast.UnaryExpr:
				if n.Op == token.NOT {
					out = append(out, site(fset, src, rel, n.OpPos, "!", "", "negate", n))
				}
			}
			return true
		})
	}
	return out, names, nil
}

// site builds the mutation of the operator old at opPos into new, shown
// within the source of node.
func site(fset *token.FileSet, src []byte, file string, opPos token.Pos, old, new, kind string, node ast.Node) mutation {
	tf := fset.File(opPos)
	off := tf.Offset(opPos)
	start, end := tf.Offset(node.Pos()), tf.Offset(node.End())
	// Show at most 40 bytes either side of the operator.
	lo, hi := max(start, off-40), min(end, off+len(old)+40)
	before, after := oneLine(src[lo:off]), oneLine(src[off+len(old):hi])
	if lo > start {
		before = "…" + before
	}
	if hi < end {
		after += "…"
	}
	return mutation{
		file: file, line: tf.Line(opPos), off: off, old: old, new: new, kind: kind,
		orig:    "`" + before + old + after + "`",
		mutated: "`" + before + new + after + "`",
	}
}

// oneLine collapses every run of white space in b to one space.
func oneLine(b []byte) string {
	return space.ReplaceAllString(string(b), " ")
}

var space = regexp.MustCompile(`\s+`)

// draw returns n of the candidates (all when there are fewer), in the order
// of a shuffle by a PCG seeded with seed.
func draw(cands []mutation, n int, seed uint64) []mutation {
	r := rand.New(rand.NewPCG(seed, 0))
	perm := r.Perm(len(cands))
	out := make([]mutation, 0, min(n, len(cands)))
	for _, i := range perm[:min(n, len(cands))] {
		out = append(out, cands[i])
	}
	return out
}

// srcImporter type-checks the module's own packages from source and takes
// the standard library's from its export data.
type srcImporter struct {
	root, modPath string
	fset          *token.FileSet
	std           types.Importer
	pkgs          map[string]*types.Package
}

// Import returns the package at path.
func (im *srcImporter) Import(path string) (*types.Package, error) {
	if p := im.pkgs[path]; p != nil {
		return p, nil
	}
	rel, ok := strings.CutPrefix(path, im.modPath+"/")
	if !ok {
		return im.std.Import(path)
	}
	bp, err := build.ImportDir(filepath.Join(im.root, filepath.FromSlash(rel)), 0)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(im.fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: im}
	p, err := conf.Check(path, im.fset, files, nil)
	if err != nil {
		return nil, err
	}
	im.pkgs[path] = p
	return p, nil
}
