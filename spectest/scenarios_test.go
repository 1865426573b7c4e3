package spectest_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spectest"
)

// diskDir is the corpus as the repository holds it (and the reference
// model's -update rewrites it).
const diskDir = "testdata/scenarios"

// areas are the directories of the corpus.
var areas = []string{"budgets", "completion", "framing", "identity", "names", "ordering", "pairing", "thinking"}

// TestScenariosTree: the embedded tree is rooted at the areas (no testdata
// prefix), holds only "<area>/<name>.txtar" files that parse as scenarios,
// and holds every file of the corpus on disk, byte for byte: go:embed
// leaves out names that begin with "." or "_", which would drop a scenario
// silently.
func TestScenariosTree(t *testing.T) {
	var dirs []string
	emb := map[string][]byte{}
	err := fs.WalkDir(spectest.Scenarios, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == "." {
			return err
		}
		if d.IsDir() {
			if strings.Contains(path, "/") {
				t.Errorf("directory %s: the corpus has areas only, no nested directories", path)
			}
			dirs = append(dirs, path)
			return nil
		}
		area, name, ok := strings.Cut(path, "/")
		if !ok || strings.Contains(name, "/") || !strings.HasSuffix(name, ".txtar") || !slices.Contains(areas, area) {
			t.Errorf("file %s: want <area>/<name>.txtar with an area of %v", path, areas)
		}
		data, err := fs.ReadFile(spectest.Scenarios, path)
		if err != nil {
			return err
		}
		if _, err := scenario.Parse(path, data); err != nil {
			t.Errorf("scenario.Parse(%s): %v", path, err)
		}
		emb[path] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(dirs, areas) {
		t.Errorf("top-level directories = %v, want %v", dirs, areas)
	}

	disk := map[string][]byte{}
	err = filepath.WalkDir(diskDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(diskDir, path)
		disk[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(disk) < 100 {
		t.Fatalf("%d files under %s; the corpus has over 200", len(disk), diskDir)
	}
	for path, data := range disk {
		got, ok := emb[path]
		switch {
		case !ok:
			t.Errorf("%s is on disk but not in Scenarios", path)
		case !bytes.Equal(got, data):
			t.Errorf("%s differs between disk and Scenarios", path)
		}
	}
	for path := range emb {
		if _, ok := disk[path]; !ok {
			t.Errorf("%s is in Scenarios but not on disk", path)
		}
	}
}

// TestScenariosInterfaces: the tree offers what its doc says, so that
// fs.ReadFile, fs.ReadDir and fs.Glob take their direct paths.
func TestScenariosInterfaces(t *testing.T) {
	if _, ok := spectest.Scenarios.(fs.ReadDirFS); !ok {
		t.Error("Scenarios is not an fs.ReadDirFS")
	}
	if _, ok := spectest.Scenarios.(fs.ReadFileFS); !ok {
		t.Error("Scenarios is not an fs.ReadFileFS")
	}
	if _, ok := spectest.Scenarios.(fs.GlobFS); !ok {
		t.Error("Scenarios is not an fs.GlobFS")
	}
	got, err := fs.Glob(spectest.Scenarios, "identity/ollama-same-index.txtar")
	if err != nil || len(got) != 1 {
		t.Errorf("Glob of a known scenario = %v, %v", got, err)
	}
	// Paths outside the tree do not resolve.
	for _, bad := range []string{"../README.md", "/identity/ollama-same-index.txtar", "testdata/scenarios/identity/ollama-same-index.txtar"} {
		if _, err := fs.ReadFile(spectest.Scenarios, bad); err == nil {
			t.Errorf("ReadFile(%q) succeeded; want an error", bad)
		}
	}
}
