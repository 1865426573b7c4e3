package main

import (
	"bytes"
	"encoding/json"
	"flag"
	_ "github.com/toolspec/toolspec/internal/golden"
	"io"
	"os"
	"reflect"
	"strconv"
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
		{"reassemble", "--max-choices", "-1", seedStream},
		{"reassemble", "--max-id-bytes", "x", seedStream},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("toolspec %v: exit %d, want 2", args, code)
		}
	}
	for _, lf := range limitFlags {
		if code, _, errOut := runCmd(t, "", "reassemble", "--"+lf.name, "-1", seedStream); code != 2 || !strings.Contains(errOut, lf.name) {
			t.Errorf("--%s -1: exit %d, stderr %q; want 2 naming the flag", lf.name, code, errOut)
		}
	}
	if code, _, errOut := runCmd(t, "hello\n", "reassemble", "-"); code != 2 || !strings.Contains(errOut, "--format") {
		t.Errorf("undetectable input: exit %d, stderr %q", code, errOut)
	}
}

// Two Ollama turns (two messages); and one chat completion whose only
// choice is numbered 1.
const (
	twoTurns = `{"message":{"role":"assistant","content":"Hi."},"done":true,"done_reason":"stop"}
{"message":{"role":"assistant","content":"Bye."},"done":true,"done_reason":"stop"}
`
	choiceOne = `data: {"choices":[{"index":1,"delta":{"content":"B"},"finish_reason":"stop"}]}

data: [DONE]

`
)

// TestLimitsFlags shows that every limit flag takes effect: the seed
// stream (or a small stream of the shape a limit needs) passes without the
// flag and breaks the rule the flag bounds with it.
func TestLimitsFlags(t *testing.T) {
	for _, c := range []struct {
		flag, value string
		stdin       string // "" reads the seed stream
		rule        spec.RuleID
		msg         string // a piece of the violation's message
	}{
		{"max-calls", "1", "", spec.BudCalls, "more than 1 calls"},
		{"max-arg-bytes", "10", "", spec.BudArgBytes, "exceed 10"},
		{"max-response-bytes", "30", "", spec.BudRespBytes, "exceeds 30"},
		{"max-id-bytes", "8", "", spec.BudIDName, "id of 9 bytes exceeds 8"},
		{"max-name-bytes", "8", "", spec.BudIDName, "name of 9 bytes exceeds 8"},
		{"max-frame-bytes", "200", "", spec.BudFrame, "200"},
		{"max-items", "1", "", spec.BudItems, "more than 1 items"},
		{"max-messages", "1", twoTurns, spec.BudItems, "more than 1 messages"},
		{"max-choices", "1", choiceOne, spec.BudItems, "choice 1 outside 0..0"},
	} {
		t.Run(c.flag, func(t *testing.T) {
			file := seedStream
			if c.stdin != "" {
				file = "-"
			}
			if code, out, errOut := runCmd(t, c.stdin, "reassemble", file); code != 0 {
				t.Fatalf("without --%s: exit %d, stderr %q\n%s", c.flag, code, errOut, out)
			}
			code, out, errOut := runCmd(t, c.stdin, "reassemble", "--"+c.flag, c.value, file)
			if code != 1 {
				t.Fatalf("--%s %s: exit %d, want 1; stderr %q", c.flag, c.value, code, errOut)
			}
			var got jsonOutcome
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Violations) != 1 || got.Violations[0].Rule != string(c.rule) || !strings.Contains(got.Violations[0].Message, c.msg) {
				t.Errorf("--%s %s: violations %+v, want one %s containing %q", c.flag, c.value, got.Violations, c.rule, c.msg)
			}
		})
	}
}

// TestEveryLimitHasAFlag fails when a field of spec.Limits cannot be set
// from the command line: each flag is given a distinct value and every
// field must come out holding its own.
func TestEveryLimitHasAFlag(t *testing.T) {
	var o options
	fs := newFlags(&o, io.Discard)
	var args []string
	want := map[string]int{}
	for i, lf := range limitFlags {
		args = append(args, "--"+lf.name, strconv.Itoa(i+1))
		want[lf.name] = i + 1
	}
	args = append(args, "--no-parallel")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	v := reflect.ValueOf(o.lim)
	seen := map[int]bool{}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if !f.IsExported() {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Int:
			n := int(v.Field(i).Int())
			if n == 0 || seen[n] {
				t.Errorf("spec.Limits.%s is set by no flag of its own (holds %d)", f.Name, n)
			}
			seen[n] = true
		case reflect.Bool:
			if !v.Field(i).Bool() {
				t.Errorf("spec.Limits.%s is set by no flag", f.Name)
			}
		default:
			t.Errorf("spec.Limits.%s has a kind (%s) the command does not know", f.Name, f.Type.Kind())
		}
	}
	if len(seen) != len(limitFlags) {
		t.Errorf("%d int fields set, %d limit flags", len(seen), len(limitFlags))
	}
}

// TestSynopsisListsEveryFlag keeps the usage text, the package doc and
// README's synopsis in step with the flags.
func TestSynopsisListsEveryFlag(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, synopsis, _ := strings.Cut(string(readme), "toolspec reassemble [")
	synopsis, _, _ = strings.Cut(synopsis, "```")
	var o options
	newFlags(&o, io.Discard).VisitAll(func(f *flag.Flag) {
		for where, text := range map[string]string{"usage": usage, "README synopsis": synopsis, "doc.go": string(doc)} {
			if !strings.Contains(text, "--"+f.Name) {
				t.Errorf("%s lacks --%s", where, f.Name)
			}
		}
	})
}
