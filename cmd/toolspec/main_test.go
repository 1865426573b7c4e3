package main

import (
	"bytes"
	"encoding/json"
	_ "github.com/toolspec/toolspec/internal/golden"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

const seedStream = "../../testdata/streams/ollama-same-index.ndjson"

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestReassembleSeedJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "reassemble", seedStream)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var got jsonOutcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if got.Format != "ollama" || got.StopReason != "tool_use" || len(got.Violations) != 0 {
		t.Errorf("format %q stop %q violations %v", got.Format, got.StopReason, got.Violations)
	}
	if len(got.Calls) != 2 || got.Calls[0].ID != "PpZ8JqRmm" || got.Calls[1].ID != "DDe4wZqkx" {
		t.Fatalf("calls = %+v, want PpZ8JqRmm then DDe4wZqkx", got.Calls)
	}
	if got.Calls[1].Arguments != `{"path":"/etc/os-release"}` || got.Calls[1].Status != "complete" {
		t.Errorf("call 1 = %+v", got.Calls[1])
	}
}

func TestReassembleNoParallelFailsClosed(t *testing.T) {
	code, out, _ := runCmd(t, "", "reassemble", "--no-parallel", seedStream)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var got jsonOutcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Violations) != 1 || got.Violations[0].Rule != string(spec.BudParallel) || got.Violations[0].Class != "terminal" {
		t.Errorf("violations = %+v, want one terminal BUD-7", got.Violations)
	}
}

func TestReassembleStdinAndText(t *testing.T) {
	data, err := os.ReadFile(seedStream)
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, string(data), "reassemble", "--text", "--format", "ollama", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"format ollama", "PpZ8JqRmm", "DDe4wZqkx", "no violations"} {
		if !strings.Contains(out, want) {
			t.Errorf("--text output lacks %q:\n%s", want, out)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"reassemble"},
		{"reassemble", "--format", "nope", seedStream},
		{"reassemble", "/nonexistent/file"},
		{"reassemble", "--max-calls", "x", seedStream},
		{"reassemble", "--max-calls", "-1", seedStream},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("toolspec %v: exit %d, want 2", args, code)
		}
	}
	if code, _, errOut := runCmd(t, "hello\n", "reassemble", "-"); code != 2 || !strings.Contains(errOut, "--format") {
		t.Errorf("undetectable input: exit %d, stderr %q", code, errOut)
	}
}

func TestLimitsFlags(t *testing.T) {
	code, out, _ := runCmd(t, "", "reassemble", "--max-arg-bytes", "10", seedStream)
	if code != 1 || !strings.Contains(out, `"rule": "BUD-2"`) {
		t.Errorf("exit %d, output lacks BUD-2:\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "reassemble", "--max-calls", "1", seedStream)
	if code != 1 || !strings.Contains(out, `"rule": "BUD-1"`) {
		t.Errorf("exit %d, output lacks BUD-1:\n%s", code, out)
	}
}

// TestDetectCaptures checks format detection on every shared capture.
func TestDetectCaptures(t *testing.T) {
	dir := "../../../shared/captures"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no captures at %s: %v", dir, err)
	}
	for _, f := range spec.Formats {
		files, _ := filepath.Glob(filepath.Join(dir, string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Detect(data)
			if err != nil || got != f {
				t.Errorf("Detect(%s) = %q, %v; want %q", filepath.Base(p), got, err, f)
			}
		}
	}
}
