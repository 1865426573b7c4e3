package captures

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a test was first stopped
// (it does not stop the caller, which goes on: later stops are ignored).
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	if r.fatal == "" && r.skip == "" {
		r.fatal = fmt.Sprintf(format, args...)
	}
}

func (r *recorder) Skipf(format string, args ...any) {
	if r.fatal == "" && r.skip == "" {
		r.skip = fmt.Sprintf(format, args...)
	}
}

// TestAbsent: absent captures fail a test under TOOLSPEC_CAPTURES=required
// and skip it with the marker otherwise; a folder with no matching file
// stops the test too, and a folder with files does not.
func TestAbsent(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone")
	t.Setenv(Env, "required")
	r := &recorder{TB: t}
	Glob(r, gone, "*")
	if !strings.Contains(r.fatal, Marker) || r.skip != "" {
		t.Errorf("required: fatal %q, skip %q", r.fatal, r.skip)
	}
	t.Setenv(Env, "")
	r = &recorder{TB: t}
	Glob(r, gone, "*")
	if !strings.Contains(r.skip, Marker) || r.fatal != "" {
		t.Errorf("not required: fatal %q, skip %q", r.fatal, r.skip)
	}
	dir := t.TempDir()
	r = &recorder{TB: t}
	Glob(r, dir, "*.sse")
	if !strings.Contains(r.skip, "no file matches") {
		t.Errorf("empty folder: skip %q", r.skip)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.sse"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r = &recorder{TB: t}
	if got := Glob(r, dir, "*.sse"); len(got) != 1 || r.skip != "" || r.fatal != "" {
		t.Errorf("one capture: %v, fatal %q, skip %q", got, r.fatal, r.skip)
	}
}
