package toolspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"

	_ "github.com/toolspec/toolspec/internal/golden"
)

// modulePath is the import path of this module.
const modulePath = "github.com/toolspec/toolspec"

// goListed is what go list says of one package.
type goListed struct {
	ImportPath string
	Standard   bool
	EmbedFiles []string
}

// goListDeps returns pkg and every package it depends on, as go list -deps
// gives them (without test files).
func goListDeps(t *testing.T, pkg string) []goListed {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Standard,EmbedFiles", pkg)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	var all []goListed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goListed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		all = append(all, p)
	}
	if len(all) == 0 {
		t.Fatalf("go list -deps %s listed nothing", pkg)
	}
	return all
}

// productionPkgs are the packages a program that uses toolspec may link:
// none of them may depend on a test-only package (the kit's command aside,
// for the kit's generators: see kitPkgs).
var productionPkgs = []string{".", "./tee", "./spec", "./impl", "./impl/history", "./model", "./model/history", "./scenario", "./cmd/toolspec", "./cmd/toolspec-kit"}

// kitPkgs are the test-only packages that the kit's command may link
// because it runs the conformance kit (toolspec-kit check, gen, reduce):
// the random streams come from the generators, driven by rapid.
var kitPkgs = []string{modulePath + "/gen", "pgregory.net/rapid"}

// testOnlyPkgs are the packages only tests may import: the generators, the
// differential tests, the mutation check, the test helpers (golden
// registers an -update flag) and the test libraries.
var testOnlyPkgs = []string{
	modulePath + "/gen",
	modulePath + "/fuzz",
	modulePath + "/mutants",
	modulePath + "/internal/captures",
	modulePath + "/internal/decodetest",
	modulePath + "/internal/golden",
	modulePath + "/internal/rapidcheck",
	modulePath + "/internal/rapidfuzz",
	modulePath + "/internal/workload",
	"pgregory.net/rapid",
	"github.com/stretchr/testify",
}

// TestImportRules enforces the package layering: the root package links
// only the production code (root, spec, impl, impl/history and their
// internal JSON scanner and invariants switch), and so do the tee and the
// command toolspec; the kit's command also the conformance kit it runs; spec, model and model/history depend on the
// standard library, spec and internal/refjson only, and model/history not
// on model; the shared decoder cases on the standard library and spec,
// never on the decoders they check; no production package depends on a
// test-only one, but for the kit's generators in the command.
func TestImportRules(t *testing.T) {
	allowed := map[string][]string{
		// The public API wraps impl; the model, the corpus and the test
		// machinery stay out of its importers' programs.
		".": {modulePath, modulePath + "/spec", modulePath + "/impl", modulePath + "/impl/history", modulePath + "/internal/jsonwire", modulePath + "/internal/invariants"},
		// The tee for HTTP clients is the root package over net/http.
		"./tee": {modulePath + "/tee", modulePath, modulePath + "/spec", modulePath + "/impl", modulePath + "/impl/history", modulePath + "/internal/jsonwire", modulePath + "/internal/invariants"},
		// The command reassembles and handles histories with the root
		// package and the production code alone (TestCommandStartsFast).
		"./cmd/toolspec": {modulePath + "/cmd/toolspec", modulePath, modulePath + "/spec", modulePath + "/impl",
			modulePath + "/impl/history", modulePath + "/internal/jsonwire", modulePath + "/internal/invariants"},
		// The kit's command: its check, gen, replay and reduce run the
		// conformance kit (spectest), which brings the model, the corpus,
		// the scenario format and the generators: it carries the corpus.
		"./cmd/toolspec-kit": {modulePath + "/cmd/toolspec-kit", modulePath, modulePath + "/spec", modulePath + "/impl",
			modulePath + "/impl/history", modulePath + "/internal/jsonwire", modulePath + "/internal/invariants",
			modulePath + "/spectest", modulePath + "/model", modulePath + "/model/history", modulePath + "/internal/refjson", modulePath + "/scenario", modulePath + "/gen",
			"pgregory.net/rapid", "golang.org/x/tools/txtar"},
		"./spec":  {modulePath + "/spec"},
		"./model": {modulePath + "/model", modulePath + "/spec", modulePath + "/internal/refjson"},
		// The reference history codecs stand beside the stream's model,
		// not on it.
		"./model/history": {modulePath + "/model/history", modulePath + "/spec", modulePath + "/internal/refjson"},
		// impl never imports model or gen.
		"./impl":         {modulePath + "/impl", modulePath + "/spec", modulePath + "/internal/jsonwire", modulePath + "/internal/invariants"},
		"./impl/history": {modulePath + "/impl/history", modulePath + "/spec", modulePath + "/internal/jsonwire"},
		// The two JSON readings and the invariants switch stand on the
		// standard library alone.
		"./internal/jsonwire":   {modulePath + "/internal/jsonwire"},
		"./internal/refjson":    {modulePath + "/internal/refjson"},
		"./internal/invariants": {modulePath + "/internal/invariants"},
		// gen never asks model what is valid.
		"./gen": {modulePath + "/gen", modulePath + "/spec", "pgregory.net/rapid"},
		// The conformance kit, imported by other projects' tests: the
		// reference, the corpus and the generators, without the project's
		// own test machinery or testify.
		"./spectest": {modulePath + "/spectest", modulePath, modulePath + "/spec", modulePath + "/impl", modulePath + "/model",
			modulePath + "/impl/history", modulePath + "/model/history",
			modulePath + "/internal/jsonwire", modulePath + "/internal/invariants", modulePath + "/internal/refjson",
			modulePath + "/scenario", modulePath + "/gen", "pgregory.net/rapid", "golang.org/x/tools/txtar"},
		// The shared decoder cases lean on neither decoder.
		"./internal/decodetest": {modulePath + "/internal/decodetest", modulePath + "/spec"},
	}
	for pkg, ok := range allowed {
		for _, dep := range goListDeps(t, pkg) {
			if !dep.Standard && !slices.Contains(ok, dep.ImportPath) {
				t.Errorf("%s depends on %s; only the standard library and %v are allowed", pkg, dep.ImportPath, ok)
			}
		}
	}
	for _, pkg := range productionPkgs {
		for _, dep := range goListDeps(t, pkg) {
			for _, bad := range testOnlyPkgs {
				if pkg == "./cmd/toolspec-kit" && slices.Contains(kitPkgs, bad) {
					continue
				}
				if dep.ImportPath == bad || strings.HasPrefix(dep.ImportPath, bad+"/") {
					t.Errorf("%s depends on %s, which only tests may import", pkg, dep.ImportPath)
				}
			}
		}
	}
}

// TestCommandStartsFast: the command toolspec (reassemble, history), the
// README's first command, links no package of another module: it builds
// from the standard library and this module alone, so that go run
// ./cmd/toolspec downloads nothing, rapid and golang.org/x/tools (the
// kit's, in toolspec-kit) least of all. go list resolves its packages with
// the module proxy off and an empty module cache; the kit's command, which
// needs both modules, fails the same way, which shows the check can fail.
func TestCommandStartsFast(t *testing.T) {
	for _, dep := range goListDeps(t, "./cmd/toolspec") {
		if !dep.Standard && dep.ImportPath != modulePath && !strings.HasPrefix(dep.ImportPath, modulePath+"/") {
			t.Errorf("./cmd/toolspec depends on %s, of another module", dep.ImportPath)
		}
		for _, kit := range []string{"pgregory.net/rapid", "golang.org/x/tools", modulePath + "/spectest", modulePath + "/gen"} {
			if dep.ImportPath == kit || strings.HasPrefix(dep.ImportPath, kit+"/") {
				t.Errorf("./cmd/toolspec depends on %s, the conformance kit's (it belongs in ./cmd/toolspec-kit)", dep.ImportPath)
			}
		}
	}
	list := func(pkg string) ([]byte, error) {
		cmd := exec.Command("go", "list", "-deps", pkg)
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOMODCACHE="+t.TempDir(), "GOFLAGS=-mod=mod -modcacherw")
		return cmd.CombinedOutput()
	}
	if out, err := list("./cmd/toolspec"); err != nil {
		t.Errorf("go list -deps ./cmd/toolspec with an empty module cache and no proxy: %v\n%s", err, out)
	}
	if out, err := list("./cmd/toolspec-kit"); err == nil || !strings.Contains(string(out), "GOPROXY=off") {
		t.Errorf("go list -deps ./cmd/toolspec-kit with an empty module cache and no proxy: %v, want the lookup of rapid and x/tools refused\n%s", err, out)
	}
}

// jsonReadings keeps the two roles' readings of JSON apart: the production
// packages read it with internal/jsonwire alone, the reference packages
// with encoding/json (through internal/refjson), so that the differential
// tests compare two independent readings, not one reading with itself.
// notImported are never imported by pkgs' own files (spec's imports of
// encoding/json, for its own types, are allowed below them); notLinked
// are never among their dependencies at all.
var jsonReadings = []struct {
	pkgs, notImported, notLinked []string
}{
	{
		pkgs:        []string{"./impl", "./impl/history", "./internal/jsonwire"},
		notImported: []string{"encoding/json"},
		notLinked:   []string{modulePath + "/internal/refjson"},
	},
	{
		pkgs:      []string{"./model", "./model/history", "./internal/refjson"},
		notLinked: []string{modulePath + "/internal/jsonwire"},
	},
}

// TestJSONReadings checks jsonReadings.
func TestJSONReadings(t *testing.T) {
	for _, r := range jsonReadings {
		for _, pkg := range r.pkgs {
			for _, imp := range goListImports(t, pkg) {
				if slices.Contains(r.notImported, imp) || slices.Contains(r.notLinked, imp) {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
			for _, dep := range goListDeps(t, pkg) {
				if slices.Contains(r.notLinked, dep.ImportPath) {
					t.Errorf("%s depends on %s", pkg, dep.ImportPath)
				}
			}
		}
	}
}

// goListImports returns the packages that pkg's own files (not its tests)
// import.
func goListImports(t *testing.T, pkg string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", pkg)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	var p struct{ Imports []string }
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatalf("go list %s: %v", pkg, err)
	}
	return p.Imports
}

// TestCorpusNotLinked: a program that imports the root package, tee, spec,
// impl or impl/history does not carry the golden scenarios, nor does the
// command toolspec: only package spectest embeds them, and none of these
// depends on it or embeds a scenario itself. (The kit's command does carry
// them: toolspec-kit check runs the kit.)
func TestCorpusNotLinked(t *testing.T) {
	for _, pkg := range []string{".", "./tee", "./spec", "./impl", "./impl/history", "./cmd/toolspec"} {
		for _, dep := range goListDeps(t, pkg) {
			if dep.ImportPath == modulePath+"/spectest" {
				t.Errorf("%s depends on %s, which embeds the scenario corpus", pkg, dep.ImportPath)
			}
			var embeds []string
			for _, f := range dep.EmbedFiles {
				if path.Ext(f) == ".txtar" || slices.Contains(strings.Split(f, "/"), "scenarios") {
					embeds = append(embeds, f)
				}
			}
			if len(embeds) > 0 {
				t.Errorf("%s depends on %s, which embeds %d scenario files (%s, ...)", pkg, dep.ImportPath, len(embeds), embeds[0])
			}
		}
	}
	// The check sees embeds: spectest's own files are listed.
	var n int
	for _, dep := range goListDeps(t, "./spectest") {
		if dep.ImportPath == modulePath+"/spectest" {
			n = len(dep.EmbedFiles)
		}
	}
	if n < 100 {
		t.Errorf("go list reports %d embedded files in spectest; the corpus has over 200", n)
	}
}
