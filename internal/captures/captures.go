package captures

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Env is the environment variable that, set to "required", makes a test
// fail when the captures it needs are absent.
const Env = "TOOLSPEC_CAPTURES"

// Marker starts the message of a skip for absent captures; make test
// counts the skips whose message holds it.
const Marker = "toolspec: needs the shared captures"

// TB is what the functions of this package need of a test: *testing.T
// and *testing.B have it, and so has the T of the ClusterFuzzLite build's
// testing shim, which compiles the file of a fuzz target with its own
// testing package (make cflite-check).
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

// Absent stops test t because the captures at path are absent (err says
// how): it fails t when Env is "required", and skips it with Marker
// otherwise.
func Absent(t TB, path string, err error) {
	t.Helper()
	if os.Getenv(Env) == "required" {
		t.Fatalf("%s: %s: %v (%s=required)", Marker, path, err, Env)
	}
	t.Skipf("%s: %s: %v (they live beside the repository, in ../shared/captures)", Marker, path, err)
}

// Glob returns the files of the captures folder dir whose names match
// pattern, sorted. An absent or unreadable folder stops t through Absent,
// and so does a folder with no match: a test that reads captures never
// passes on none.
func Glob(t TB, dir, pattern string) []string {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		Absent(t, dir, err)
	}
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		t.Fatalf("captures: %v", err)
	}
	if len(files) == 0 {
		Absent(t, filepath.Join(dir, pattern), errors.New("no file matches"))
	}
	return files
}

// ReadDir returns the entries of the captures folder dir; an absent folder
// stops t through Absent.
func ReadDir(t TB, dir string) []fs.DirEntry {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		Absent(t, dir, err)
	}
	return ents
}
