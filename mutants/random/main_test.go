package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

const sample = `package p

func f(a, b int, s string, ok bool) int {
	if a < b && s+"x" == "y" || !ok {
		a += b
	}
	a++
	return a - 1
}
`

// sampleModule writes sample as p/p.go of a module and returns its root.
func sampleModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"p.go": sample, "p_test.go": "package p\n\nvar _ = 1 + 2\n"} {
		if err := os.WriteFile(filepath.Join(root, "p", name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCandidates(t *testing.T) {
	cands, files, err := candidates(sampleModule(t), "example.com/m", "p")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(files, []string{"p.go"}) {
		t.Errorf("files = %v, want [p.go] (no test file)", files)
	}
	var got []string
	for _, m := range cands {
		got = append(got, m.mutated)
	}
	// In source order, outer expressions first; s+"x" is a string
	// concatenation and is left alone.
	want := []string{
		"`a < b && s+\"x\" == \"y\" && !ok`",
		"`a < b || s+\"x\" == \"y\"`",
		"`a >= b`",
		"`a <= b`",
		"`s+\"x\" != \"y\"`",
		"`ok`",
		"`a -= b`",
		"`a--`",
		"`a + 1`",
	}
	if !slices.Equal(got, want) {
		t.Errorf("mutated expressions:\n%q\nwant\n%q", got, want)
	}
	src := []byte(sample)
	for _, m := range cands {
		out := m.apply(src)
		if out == nil || len(out) != len(src)-len(m.old)+len(m.new) {
			t.Errorf("%s:%d %s: apply gave %q", m.file, m.line, m.op(), out)
		}
		if m.file != "p/p.go" {
			t.Errorf("file = %q, want p/p.go", m.file)
		}
	}
	if m := cands[2]; string(m.apply(src)) != "package p\n\nfunc f(a, b int, s string, ok bool) int {\n\tif a >= b && s+\"x\" == \"y\" || !ok {\n\t\ta += b\n\t}\n\ta++\n\treturn a - 1\n}\n" || m.line != 4 {
		t.Errorf("%d: %s gave\n%s", m.line, m.op(), m.apply(src))
	}
	if m := cands[0]; m.apply([]byte("package p\n")) != nil {
		t.Errorf("apply to a file without the operator at the offset should fail")
	}
}

func TestDrawRepeatable(t *testing.T) {
	cands := make([]mutation, 50)
	for i := range cands {
		cands[i].line = i
	}
	lines := func(ms []mutation) []int {
		var out []int
		for _, m := range ms {
			out = append(out, m.line)
		}
		return out
	}
	a, b, c := lines(draw(cands, 10, 7)), lines(draw(cands, 10, 7)), lines(draw(cands, 10, 8))
	if !slices.Equal(a, b) {
		t.Errorf("seed 7 drew %v, then %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 7 and 8 drew the same %v", a)
	}
	if len(slices.Compact(slices.Sorted(slices.Values(a)))) != 10 {
		t.Errorf("draw %v repeats a mutation", a)
	}
	if all := draw(cands, 80, 7); len(all) != 50 {
		t.Errorf("drawing 80 of 50 gave %d", len(all))
	}
}
