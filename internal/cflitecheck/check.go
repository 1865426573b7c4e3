package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// engineTags are the build tags go-118-fuzz-build builds a target with
// (compile_native_go_fuzzer adds gofuzz).
const engineTags = "gofuzz_libfuzzer,libfuzzer,gofuzz"

// shimDir is where the compile check places the stand-in of the engine's
// testing package, as an overlay: no such directory exists in the module.
const shimDir = "zz_cflite_shim"

// line is one target line of build.sh.
type line struct {
	no  int    // line number in build.sh
	dir string // package directory relative to the module root: "." or "./impl"
	fn  string // the fuzz function
}

// key identifies a fuzz target by package directory and function.
type key struct{ dir, fn string }

func (k key) String() string { return k.dir + " " + k.fn }

// parseBuildScript reads the target lines of build.sh; see the package doc.
// A "# not-built DIR FuzzX: why" line, which earlier versions of build.sh
// used for a target the engine could not build, is refused: every target
// must build.
func parseBuildScript(text string) ([]line, error) {
	var out []line
	for i, raw := range strings.Split(text, "\n") {
		s := strings.TrimSpace(raw)
		no := i + 1
		switch {
		case strings.HasPrefix(s, "build_target ") || s == "build_target":
			f := strings.Fields(s)
			if len(f) != 3 {
				return nil, fmt.Errorf("line %d: want build_target DIR FuzzX, have %q", no, s)
			}
			if err := checkDirFn(f[1], f[2]); err != nil {
				return nil, fmt.Errorf("line %d: %v", no, err)
			}
			out = append(out, line{no: no, dir: f[1], fn: f[2]})
		case strings.HasPrefix(s, "#") && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(s, "#")), "not-built"):
			return nil, fmt.Errorf("line %d: %q: a fuzz target may not be left unbuilt; make it one the engine builds and list it as build_target DIR FuzzX", no, s)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no build_target lines")
	}
	return out, nil
}

func checkDirFn(dir, fn string) error {
	if dir != "." && (!strings.HasPrefix(dir, "./") || path.Clean(dir) != dir[2:] || strings.Contains(dir, "..")) {
		return fmt.Errorf("directory %q is not \".\" or ./PATH", dir)
	}
	if !strings.HasPrefix(fn, "Fuzz") || !token.IsIdentifier(fn) {
		return fmt.Errorf("%q is not a fuzz function name", fn)
	}
	return nil
}

// target is what the check learns about one fuzz target of the module.
type target struct {
	key
	importPath string
	pkgName    string   // the fuzzer is named pkgName_fn
	file       string   // the _test.go file that declares it
	params     []string // the argument types after *testing.T, when f.Fuzz gets a function literal
	problems   []string // why compile_native_go_fuzzer would skip it or fail on it
}

// fuzzerName is the binary's name in $OUT, as build.sh names it.
func (t *target) fuzzerName() string { return t.pkgName + "_" + t.fn }

// corpusFile is one file of a testdata/fuzz/<Name> directory.
type corpusFile struct {
	path string
	vals []fuzzValue
	err  error
}

// facts is everything gather learns from the module; verify compares it
// with build.sh.
type facts struct {
	root      string
	targets   map[key]*target
	testErrs  map[string]string // package dir -> go test output, when its tests do not build
	corpora   map[key][]corpusFile
	orphans   []string // corpus directories of no target
	pkgsByDir map[string]string
}

// goCmd runs the go command in dir and returns its combined output.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// gather lists the module's packages and fuzz targets with the go command,
// inspects each target as the engine's build would see it, builds the
// tests of the packages with targets and reads every seed corpus.
func gather(root string) (*facts, error) {
	f := &facts{root: root, targets: map[key]*target{}, testErrs: map[string]string{},
		corpora: map[key][]corpusFile{}, pkgsByDir: map[string]string{}}
	modOut, err := goCmd(root, "list", "-m", "-f", "{{.Path}}\t{{.Dir}}")
	if err != nil {
		return nil, fmt.Errorf("go list -m: %v\n%s", err, modOut)
	}
	modPath, modDir, _ := strings.Cut(strings.TrimSpace(string(modOut)), "\t")
	out, err := goCmd(root, "list", "-f", "{{.ImportPath}}\t{{.Dir}}", "./...")
	if err != nil {
		return nil, fmt.Errorf("go list ./...: %v\n%s", err, out)
	}
	dirOf := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		ip, dir, _ := strings.Cut(l, "\t")
		rel, err := filepath.Rel(modDir, dir)
		if err != nil {
			return nil, err
		}
		d := "."
		if rel != "." {
			d = "./" + filepath.ToSlash(rel)
		}
		dirOf[ip] = d
		f.pkgsByDir[d] = ip
	}
	// go test -list prints a package's fuzz targets, then its "ok" line.
	out, err = goCmd(root, "test", "-list", "^Fuzz", "./...")
	if err != nil {
		return nil, fmt.Errorf("go test -list '^Fuzz' ./...: %v\n%s", err, out)
	}
	var pending []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		fields := strings.Fields(l)
		switch {
		case len(fields) == 1 && strings.HasPrefix(l, "Fuzz"):
			pending = append(pending, l)
		case len(fields) >= 2 && (fields[0] == "ok" || fields[0] == "?"):
			d, ok := dirOf[fields[1]]
			if !ok && len(pending) > 0 {
				return nil, fmt.Errorf("go test -list: package %s is not one go list lists", fields[1])
			}
			for _, fn := range pending {
				k := key{d, fn}
				f.targets[k] = &target{key: k, importPath: fields[1]}
			}
			pending = nil
		}
	}
	if len(pending) > 0 {
		return nil, fmt.Errorf("go test -list: targets %v printed without their package", pending)
	}
	// Each package with targets builds its tests.
	dirs := map[string]bool{}
	for k := range f.targets {
		dirs[k.dir] = true
	}
	for _, d := range sortedKeys(dirs) {
		if out, err := goCmd(root, "test", "-count=1", "-run", "^$", d); err != nil {
			f.testErrs[d] = strings.TrimSpace(string(out))
		}
	}
	// Each target as the engine's build sees it; the compile check is run
	// once per declaring file.
	compiled := map[string]string{}
	for _, k := range sortedTargetKeys(f.targets) {
		t := f.targets[k]
		if err := inspect(root, t); err != nil {
			return nil, err
		}
		if t.file == "" {
			continue
		}
		res, done := compiled[t.file]
		if !done {
			res, err = compileAsEngine(root, modPath, t)
			if err != nil {
				return nil, err
			}
			compiled[t.file] = res
		}
		if res != "" {
			t.problems = append(t.problems, "its file does not compile as the engine builds it (the file turned into a non-test file of the package, its testing import the engine's, the package's other _test.go files left out):\n"+indent(res))
		}
	}
	if err := readCorpora(root, f); err != nil {
		return nil, err
	}
	return f, nil
}

// inspect reads the target's declaration and records why
// compile_native_go_fuzzer (go-118-fuzz-build) would skip or break it,
// apart from the compile check:
//
//   - the helper greps the package directory, recursively, for the
//     function name, and builds the target only when exactly one line of
//     those files holds both "func FuzzX" and "testing.F": a target whose
//     name begins another target's name in the same directory is skipped,
//     and the build still "succeeds". The current helper greps *.go files
//     only, earlier ones files of every kind; this check greps every file
//     (but .git), which is stricter. Below the root package's directory is
//     the whole repository, build.sh included, so a target of the root
//     package is never found alone (the module's is in internal/rootfuzz);
//   - its coverage build copies "the" file that holds the name, so the
//     name must be in one file only (no comment elsewhere may name it);
//   - the engine calls the function given to f.Fuzz through reflection with
//     its own *testing.T, so that function must be a literal in the file
//     (which the engine rewrites to its testing package), not a value made
//     elsewhere against the standard testing.T, as rapid.MakeFuzz's is:
//     that panics on every input;
//   - every argument after the *testing.T must be of a type the engine
//     fills ([]byte, string, bool, the integer and float types);
//   - the target's body must not call what the engine's testing package
//     does not support, nor rapid's functions of the standard T
//     (engineHazards).
func inspect(root string, t *target) error {
	dir := filepath.Join(root, filepath.FromSlash(t.dir))
	bp, err := build.ImportDir(dir, 0)
	if err != nil && bp == nil {
		return fmt.Errorf("%s: %v", t.dir, err)
	}
	t.pkgName = bp.Name
	fset := token.NewFileSet()
	for _, name := range bp.TestGoFiles {
		if err := inspectFile(fset, filepath.Join(dir, name), t); err != nil {
			return err
		}
	}
	for _, name := range bp.XTestGoFiles {
		if err := inspectFile(fset, filepath.Join(dir, name), t); err != nil {
			return err
		}
	}
	if t.file == "" {
		t.problems = append(t.problems, "no declaration func "+t.fn+"(f *testing.F) found in the package's _test.go files")
	}
	// The helper's grep, skipping only version-control metadata.
	var files []string
	var lines []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Contains(b, []byte(t.fn)) {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		files = append(files, filepath.ToSlash(rel))
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "func "+t.fn) && strings.Contains(l, "testing.F") {
				lines = append(lines, strings.TrimSpace(l))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(lines) != 1 {
		t.problems = append(t.problems, fmt.Sprintf("compile_native_go_fuzzer skips it: %d lines under %s hold \"func %s\" and \"testing.F\", not 1: %s",
			len(lines), t.dir, t.fn, strings.Join(lines, " | ")))
	}
	if len(files) > 1 {
		t.problems = append(t.problems, fmt.Sprintf("its name is in %d files under %s (%s): the coverage build copies one file and fails",
			len(files), t.dir, strings.Join(files, ", ")))
	}
	return nil
}

// inspectFile looks for the target's declaration in one test file.
func inspectFile(fset *token.FileSet, file string, t *target) error {
	af, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return err
	}
	for _, decl := range af.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Name.Name != t.fn || fd.Body == nil || len(fd.Type.Params.List) != 1 {
			continue
		}
		p := fd.Type.Params.List[0]
		if exprString(p.Type) != "*testing.F" || len(p.Names) != 1 {
			continue
		}
		t.file = file
		if strings.HasSuffix(af.Name.Name, "_test") {
			t.problems = append(t.problems, "it is declared in the external test package "+af.Name.Name+
				", which the engine cannot turn into a file of package "+strings.TrimSuffix(af.Name.Name, "_test"))
		}
		fname := p.Names[0].Name
		var calls []*ast.CallExpr
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Fuzz" {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == fname {
					calls = append(calls, c)
				}
			}
			return true
		})
		if len(calls) != 1 || len(calls[0].Args) != 1 {
			t.problems = append(t.problems, fmt.Sprintf("it calls %s.Fuzz %d times, not once with one argument", fname, len(calls)))
			return nil
		}
		lit, ok := calls[0].Args[0].(*ast.FuncLit)
		if !ok {
			t.problems = append(t.problems, fmt.Sprintf("%s.Fuzz is given %s, not a function literal: the engine calls it with its own *testing.T, and a function written against the standard testing.T (as rapid.MakeFuzz's is) panics on every input",
				fname, exprString(calls[0].Args[0])))
			return nil
		}
		var params []string
		for i, field := range lit.Type.Params.List {
			typ := exprString(field.Type)
			n := len(field.Names)
			if n == 0 {
				n = 1
			}
			for j := 0; j < n; j++ {
				if i == 0 && j == 0 {
					if typ != "*testing.T" {
						t.problems = append(t.problems, "the fuzz function's first parameter is "+typ+", not *testing.T")
					}
					continue
				}
				params = append(params, canonType(typ))
			}
		}
		for _, p := range params {
			if !engineTypes[p] {
				t.problems = append(t.problems, "the engine does not fill an argument of type "+p)
			}
		}
		t.params = params
		if len(lit.Type.Params.List) > 0 && len(lit.Type.Params.List[0].Names) > 0 {
			t.problems = append(t.problems, engineHazards(af, fd, lit.Type.Params.List[0].Names[0].Name)...)
		}
		return nil
	}
	return nil
}

// engineTUnsupported are the methods of the engine's *testing.T that panic
// on every call (its Run, Parallel, Failed, Skipped and Deadline are
// "not supported when fuzzing in libFuzzer mode").
var engineTUnsupported = map[string]bool{"Run": true, "Parallel": true, "Failed": true, "Skipped": true, "Deadline": true}

// engineFuncsUnsupported are the functions of the engine's testing package
// that panic on every call.
var engineFuncsUnsupported = map[string]bool{"AllocsPerRun": true, "CoverMode": true, "Coverage": true, "Init": true, "Verbose": true}

// rapidStdOnly are rapid's functions that need the standard testing
// package's T: rapid.MakeFuzz and rapid.MakeCheck return functions of the
// standard *testing.T (which the engine's T is not), and rapid.Check given
// the engine's T generates its own streams, ignoring the input, and asks
// it Failed, which panics.
var rapidStdOnly = map[string]bool{"Check": true, "MakeCheck": true, "MakeFuzz": true}

// engineHazards reports what the target's own body (fd, whose fuzz
// function's *testing.T parameter is tName) does that compiles against
// the engine's testing package but panics on every input in its harness:
// a method of tName or a function of the testing package that the engine
// does not support, or a rapid function that needs the standard T (use
// internal/rapidfuzz.Check). Helpers the body calls are not looked into.
func engineHazards(af *ast.File, fd *ast.FuncDecl, tName string) []string {
	names := map[string]string{}
	for _, imp := range af.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = p
	}
	var out []string
	seen := map[string]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		var why string
		switch {
		case id.Name == tName && engineTUnsupported[sel.Sel.Name]:
			why = fmt.Sprintf("it calls %s.%s, which the engine's *testing.T does not support: it panics on every input", tName, sel.Sel.Name)
		case names[id.Name] == "testing" && engineFuncsUnsupported[sel.Sel.Name]:
			why = fmt.Sprintf("it calls testing.%s, which the engine's testing package does not support: it panics on every input", sel.Sel.Name)
		case names[id.Name] == "pgregory.net/rapid" && rapidStdOnly[sel.Sel.Name]:
			why = fmt.Sprintf("it calls rapid.%s, which needs the standard *testing.T, not the engine's (run the property with internal/rapidfuzz.Check)", sel.Sel.Name)
		}
		if why != "" && !seen[why] {
			seen[why] = true
			out = append(out, why)
		}
		return true
	})
	return out
}

// compileAsEngine compiles the target's package with the target's file
// added as the engine adds it, through a go build overlay, and returns the
// compiler's complaints ("" when it compiles). As go-118-fuzz-build does,
// the file is parsed without its comments (so without its build
// constraints and directives), its unnamed import of "testing" deleted and
// the engine's testing package (here the stand-in of shim.go) imported in
// its place with the same x/tools functions, and it is printed back as a
// non-test file of the package; the package's other _test.go files are
// left out, as go build leaves them.
func compileAsEngine(root, modPath string, t *target) (string, error) {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, t.file, nil, 0)
	if err != nil {
		return "", err
	}
	astutil.DeleteImport(fset, af, "testing")
	astutil.AddImport(fset, af, modPath+"/"+shimDir)
	var src bytes.Buffer
	if err := printer.Fprint(&src, fset, af); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "cflitecheck")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	shimFile := filepath.Join(tmp, "shim.go")
	fileCopy := filepath.Join(tmp, "target.go")
	if err := os.WriteFile(shimFile, []byte(shimSource), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(fileCopy, src.Bytes(), 0o644); err != nil {
		return "", err
	}
	absFile, err := filepath.Abs(t.file)
	if err != nil {
		return "", err
	}
	ov := map[string]map[string]string{"Replace": {
		filepath.Join(absRoot, shimDir, "testing.go"):               shimFile,
		strings.TrimSuffix(absFile, "_test.go") + "_cflite_fuzz.go": fileCopy,
	}}
	ovJSON, err := json.Marshal(ov)
	if err != nil {
		return "", err
	}
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, ovJSON, 0o644); err != nil {
		return "", err
	}
	out, err := goCmd(root, "build", "-tags", engineTags, "-overlay", ovFile, t.importPath)
	if err == nil {
		return "", nil
	}
	if _, ok := err.(*exec.ExitError); !ok {
		return "", err
	}
	msg := strings.ReplaceAll(strings.TrimSpace(string(out)), tmp+string(filepath.Separator), "")
	ls := strings.Split(msg, "\n")
	if len(ls) > 6 {
		ls = append(ls[:6], fmt.Sprintf("... (%d more lines)", len(ls)-6))
	}
	return strings.Join(ls, "\n"), nil
}

// readCorpora reads every testdata/fuzz/<Name> directory of the module's
// packages (nested modules and hidden directories are not walked).
func readCorpora(root string, f *facts) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != root {
			if strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		fuzzDir := filepath.Dir(p)
		if filepath.Base(fuzzDir) != "fuzz" || filepath.Base(filepath.Dir(fuzzDir)) != "testdata" {
			return nil
		}
		pkgDir, err := filepath.Rel(root, filepath.Dir(filepath.Dir(fuzzDir)))
		if err != nil {
			return err
		}
		dir := "."
		if pkgDir != "." {
			dir = "./" + filepath.ToSlash(pkgDir)
		}
		k := key{dir, d.Name()}
		rel, _ := filepath.Rel(root, p)
		if _, ok := f.targets[k]; !ok {
			f.orphans = append(f.orphans, filepath.ToSlash(rel))
			return filepath.SkipDir
		}
		files, err := readCorpusDir(p)
		if err != nil {
			return err
		}
		f.corpora[k] = files
		return filepath.SkipDir
	})
}

// readCorpusDir parses every file of one corpus directory.
func readCorpusDir(dir string) ([]corpusFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []corpusFile
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if !e.Type().IsRegular() {
			out = append(out, corpusFile{path: p, err: errors.New("not a regular file")})
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		vals, err := parseGoFuzzFile(b)
		out = append(out, corpusFile{path: p, vals: vals, err: err})
	}
	return out, nil
}

// checkCorpusFile reports why a corpus file does not fit its target: it
// does not parse, its types are not the fuzz function's, or it cannot be
// laid out for the engine.
func checkCorpusFile(t *target, c corpusFile) error {
	if c.err != nil {
		return c.err
	}
	if t.params != nil {
		var have []string
		for _, v := range c.vals {
			have = append(have, v.typ)
		}
		if strings.Join(have, ",") != strings.Join(t.params, ",") {
			return fmt.Errorf("holds (%s), but %s takes (%s)", strings.Join(have, ", "), t.fn, strings.Join(t.params, ", "))
		}
	}
	if _, err := encodeEngineInput(c.vals); err != nil {
		return err
	}
	return nil
}

// verify compares build.sh's lines with the module and returns a report of
// every target and the errors.
func verify(f *facts, lines []line) (string, []error) {
	var errs []error
	var report strings.Builder
	seen := map[key]line{}
	for _, l := range lines {
		k := key{l.dir, l.fn}
		if prev, dup := seen[k]; dup {
			errs = append(errs, fmt.Errorf("line %d: %s is already on line %d", l.no, k, prev.no))
			continue
		}
		seen[k] = l
		t, ok := f.targets[k]
		if !ok {
			if _, isPkg := f.pkgsByDir[l.dir]; !isPkg {
				errs = append(errs, fmt.Errorf("line %d: %s: no package in directory %s", l.no, k, l.dir))
			} else {
				errs = append(errs, fmt.Errorf("line %d: %s: no such fuzz target (go test -list '^Fuzz' %s does not list %s)", l.no, k, l.dir, l.fn))
			}
			continue
		}
		if len(t.problems) > 0 {
			errs = append(errs, fmt.Errorf("line %d: build_target %s, but the engine's build would not build it:\n%s", l.no, k, indent(strings.Join(t.problems, "\n"))))
		}
		for _, c := range f.corpora[k] {
			if err := checkCorpusFile(t, c); err != nil {
				rel, _ := filepath.Rel(f.root, c.path)
				errs = append(errs, fmt.Errorf("seed %s: %v", filepath.ToSlash(rel), err))
			}
		}
		status := "ok  "
		if len(t.problems) > 0 {
			status = "FAIL"
		}
		fmt.Fprintf(&report, "%s  %-44s %-38s seeds %d\n", status, k, t.fuzzerName(), len(f.corpora[k]))
	}
	for _, k := range sortedTargetKeys(f.targets) {
		if _, ok := seen[k]; !ok {
			errs = append(errs, fmt.Errorf("%s is a fuzz target of the module on no line: add \"build_target %s %s\"", k, k.dir, k.fn))
		}
	}
	for _, d := range sortedKeys(f.testErrs) {
		errs = append(errs, fmt.Errorf("package %s does not build its tests:\n%s", d, indent(f.testErrs[d])))
	}
	for _, o := range f.orphans {
		errs = append(errs, fmt.Errorf("seed corpus %s belongs to no fuzz target of its package", o))
	}
	fmt.Fprintf(&report, "cflite-check: %d fuzz targets, %d build_target lines, %d errors\n",
		len(f.targets), len(lines), len(errs))
	return report.String(), errs
}

// writeSeedCorpora writes outDir/<fuzzer>_seed_corpus.zip for every
// build_target line whose target has a testdata/fuzz/<Name> directory and
// returns how many it wrote. It needs no go command, only the sources.
func writeSeedCorpora(root string, lines []line, outDir string) (int, error) {
	n := 0
	for _, l := range lines {
		t := &target{key: key{l.dir, l.fn}}
		if err := inspect(root, t); err != nil {
			return n, err
		}
		dir := filepath.Join(root, filepath.FromSlash(l.dir), "testdata", "fuzz", l.fn)
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		files, err := readCorpusDir(dir)
		if err != nil {
			return n, err
		}
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, c := range files {
			if err := checkCorpusFile(t, c); err != nil {
				return n, fmt.Errorf("seed %s: %v", c.path, err)
			}
			b, _ := encodeEngineInput(c.vals)
			w, err := zw.Create(filepath.Base(c.path))
			if err != nil {
				return n, err
			}
			if _, err := w.Write(b); err != nil {
				return n, err
			}
		}
		if err := zw.Close(); err != nil {
			return n, err
		}
		if err := os.WriteFile(filepath.Join(outDir, t.fuzzerName()+"_seed_corpus.zip"), buf.Bytes(), 0o644); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedTargetKeys(m map[key]*target) []key {
	out := make([]key, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].dir != out[j].dir {
			return out[i].dir < out[j].dir
		}
		return out[i].fn < out[j].fn
	})
	return out
}
