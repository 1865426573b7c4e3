package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/scenario"
)

// asEnv names what the test binary plays when it is run with it set: the
// command toolspec-kit itself, or a fake adapter (see fake).
const asEnv = "TOOLSPEC_TEST_AS"

func TestMain(m *testing.M) {
	switch as := os.Getenv(asEnv); as {
	case "":
	case "toolspec-kit":
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	default:
		os.Exit(fake(as, os.Stdin, os.Stdout))
	}
	code := m.Run()
	if toolspecDir != "" {
		os.RemoveAll(toolspecDir)
	}
	os.Exit(code)
}

// runCmd runs the command with args and returns its exit status, standard
// output and standard error.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// as is the command line that runs this test binary as what.
func as(what string) string {
	return asEnv + "=" + what + " " + shellQuote(os.Args[0])
}

var (
	toolspecOnce sync.Once
	toolspecDir  string // a folder that holds the command toolspec, built
	toolspecErr  error
)

// withToolspecOnPath puts on PATH the command toolspec (cmd/toolspec,
// built once per test binary) and a program named toolspec-kit that runs
// this test binary as the command, so that an adapter command line can say
// toolspec reassemble, and a replay line printed toolspec-kit replay, as a
// user's would.
func withToolspecOnPath(t *testing.T) {
	t.Helper()
	toolspecOnce.Do(func() {
		if toolspecDir, toolspecErr = os.MkdirTemp("", "toolspec-kit-test"); toolspecErr != nil {
			return
		}
		script := "#!/bin/sh\nexec env " + asEnv + "=toolspec-kit " + shellQuote(os.Args[0]) + " \"$@\"\n"
		if toolspecErr = os.WriteFile(filepath.Join(toolspecDir, "toolspec-kit"), []byte(script), 0o755); toolspecErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(toolspecDir, "toolspec"), "../toolspec").CombinedOutput()
		if err != nil {
			toolspecErr = fmt.Errorf("go build ../toolspec: %v\n%s", err, out)
		}
	})
	if toolspecErr != nil {
		t.Fatal(toolspecErr)
	}
	t.Setenv("PATH", toolspecDir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// fake plays an adapter: finished-all (one-shot: toolspec's calls, every
// one presented as finished, no error: a cut or invalid call is run),
// two-bugs (one-shot: toolspec's calls and stop reason, but every name
// written twice and the stop reason length reported as end), drops-ids
// (one-shot: toolspec's calls, every id dropped: a warning),
// trusting (one-shot: toolspec's outcome, but finished-all's answer for a
// stream that breaks a rule), drops-text (one-shot: toolspec's outcome
// with its text left out), crash (one-shot: exits without an answer),
// serve (persistent: toolspec behind the protocol, claiming everything for
// openai-chat), serve-v2 (a handshake of protocol version 2).
func fake(what string, stdin io.Reader, stdout io.Writer) int {
	switch what {
	case "trusting", "drops-text":
		data, _ := io.ReadAll(stdin)
		out := toolspec.Reassemble(toolspec.Format(os.Getenv("TOOLSPEC_FORMAT")), data, toolspec.Limits{})
		if what == "trusting" && len(out.Violations) > 0 {
			return fake("finished-all", bytes.NewReader(data), stdout)
		}
		b, _ := json.Marshal(out)
		if what == "drops-text" {
			b = append([]byte(`{"text":"",`), b[1:]...)
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	case "finished-all":
		data, _ := io.ReadAll(stdin)
		out := toolspec.Reassemble(toolspec.Format(os.Getenv("TOOLSPEC_FORMAT")), data, toolspec.Limits{})
		var calls []map[string]any
		for _, c := range out.Calls {
			calls = append(calls, map[string]any{"id": c.ID, "name": c.Name, "arguments": c.Args, "finished": true})
		}
		b, _ := json.Marshal(map[string]any{"calls": calls})
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	case "two-bugs", "drops-ids":
		// toolspec's calls and stop with two bugs: names are written
		// twice (concatenated), and the stop reason length is reported
		// as end; or with ids dropped.
		data, _ := io.ReadAll(stdin)
		out := toolspec.Reassemble(toolspec.Format(os.Getenv("TOOLSPEC_FORMAT")), data, toolspec.Limits{})
		calls := []map[string]any{}
		for _, c := range out.Calls {
			id, name := c.ID, c.Name+c.Name
			if what == "drops-ids" {
				id, name = "", c.Name
			}
			calls = append(calls, map[string]any{"id": id, "name": name, "arguments": c.Args, "finished": c.Status == toolspec.StatusComplete})
		}
		stop := out.StopReason()
		if stop == toolspec.StopLength && what == "two-bugs" {
			stop = toolspec.StopEnd
		}
		b, _ := json.Marshal(map[string]any{"calls": calls, "stop_reason": stop})
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	case "crash":
		fmt.Fprintln(os.Stderr, "segmentation fault")
		return 139
	case "serve", "serve-v2":
		in := bufio.NewReader(stdin)
		if _, err := in.ReadString('\n'); err != nil {
			return 5
		}
		if what == "serve-v2" {
			fmt.Fprintln(stdout, `{"version":2}`)
			return 0
		}
		fmt.Fprintln(stdout, `{"version":1,"adapter":{"name":"fake server","version":"1.0","formats":["openai-chat"],"claims":["all"]}}`)
		for {
			l, err := in.ReadString('\n')
			if err != nil {
				return 0
			}
			var req struct {
				Cmd    string          `json:"cmd"`
				Seq    int             `json:"seq"`
				Format toolspec.Format `json:"format"`
				Stream []byte          `json:"stream"`
				Limits map[string]any  `json:"limits"`
			}
			if json.Unmarshal([]byte(l), &req) != nil || req.Cmd != "run" {
				return 0
			}
			var lim toolspec.Limits
			fl := flag.NewFlagSet("limits", flag.ContinueOnError)
			fl.SetOutput(io.Discard)
			for name, p := range map[string]*int{"max-calls": &lim.MaxCalls, "max-arg-bytes": &lim.MaxArgBytes, "max-response-bytes": &lim.MaxResponseBytes,
				"max-id-bytes": &lim.MaxIDBytes, "max-name-bytes": &lim.MaxNameBytes, "max-frame-bytes": &lim.MaxFrameBytes,
				"max-items": &lim.MaxItems, "max-messages": &lim.MaxMessages, "max-choices": &lim.MaxChoices} {
				fl.IntVar(p, name, 0, "")
			}
			fl.BoolVar(&lim.NoParallel, "no-parallel", false, "")
			var args []string
			for k, v := range req.Limits {
				args = append(args, fmt.Sprintf("--%s=%v", k, v))
			}
			if err := fl.Parse(args); err != nil {
				return 6
			}
			b, _ := json.Marshal(toolspec.Reassemble(req.Format, req.Stream, lim))
			fmt.Fprintf(stdout, `{"seq":%d,%s`+"\n", req.Seq, b[1:])
		}
	}
	return 9
}

var summaryRE = regexp.MustCompile(`(?m)^(\d+) cases: (\d+) passed, (\d+) failed \(\d+ on real traffic\), (\d+) failed as expected, \d+ warned, (\d+) now pass, (\d+) broken, (\d+) not applicable`)

// summary returns the counts of check's last line: cases, passed, failed,
// expected, now pass, broken, not applicable.
func summary(t *testing.T, out string) [7]int {
	t.Helper()
	m := summaryRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no summary line in\n%s", out)
	}
	var n [7]int
	for i := range n {
		fmt.Sscan(m[i+1], &n[i])
	}
	return n
}

// TestCheckToolspecPasses: toolspec's own command, as an adapter
// claiming everything, passes every case of the kit.
func TestCheckToolspecPasses(t *testing.T) {
	withToolspecOnPath(t)
	code, out, errOut := runCmd(t, "check", "--adapter", "toolspec reassemble --format {format} {limits} -", "--claim", "all", "--random", "5", "--seed", "1", "--verbose")
	n := summary(t, out)
	if code != 0 || n[0] < 200 || n[1] != n[0] {
		t.Fatalf("exit %d, %v (cases, passed, ...); stderr %q\n%s", code, n, errOut, out)
	}
	for _, want := range []string{"RULE     PASSED  FAILED  EXPECTED  WARNED  BROKEN  N/A", "\nID-6 ", "\nrandom ", "seed 1", "No failure that is not expected."} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

// failing is a case of check's output and the rules its failures name.
type failing struct {
	status, name, replay string
	rules                []string
}

var failLineRE = regexp.MustCompile(`^    (\S+): got `)

// failures parses check's list of failing cases (not those that only
// warn, nor the notes).
func failures(out string) []failing {
	var fs []failing
	in := false // in a failing case's lines
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && !strings.HasPrefix(line, " ") {
			switch f[0] {
			case "FAIL", "EXPECTED", "BROKEN":
				fs = append(fs, failing{status: f[0], name: f[1]})
				in = true
				continue
			case "WARN", "NOTE", "NOW":
				in = false
				continue
			}
		}
		if !in {
			continue
		}
		last := &fs[len(fs)-1]
		if m := failLineRE.FindStringSubmatch(line); m != nil {
			last.rules = append(last.rules, m[1])
		} else if r, ok := strings.CutPrefix(line, "    toolspec-kit replay "); ok {
			last.replay = r
		}
	}
	return fs
}

// TestCheckFailuresReplayExpect: an adapter that presents every call as
// finished fails the cases of cut and invalid calls; each failure comes
// with a replay command whose scenario replays the failure; listed in an
// --expect file they pass as expected; a listed case that passes, or a
// failure not listed, fails the run.
func TestCheckFailuresReplayExpect(t *testing.T) {
	dir := t.TempDir()
	adapter := as("finished-all")
	code, out, errOut := runCmd(t, "check", "--adapter", adapter, "--format", "openai-chat", "--random", "0", "--out", dir, "--verbose")
	n := summary(t, out)
	fs := failures(out)
	if code != 1 || n[2] == 0 || n[2] != len(fs) || n[5] != 0 {
		t.Fatalf("exit %d, %v; stderr %q\n%s", code, n, errOut, out)
	}
	if !strings.Contains(out, "\nEND-3 ") || !strings.Contains(out, "Failing cases are written as scenarios in "+dir) {
		t.Errorf("no END-3 row or no out directory:\n%s", out)
	}
	var expect strings.Builder
	for i, f := range fs {
		if f.status != "FAIL" || len(f.rules) == 0 {
			t.Fatalf("%+v", f)
		}
		file := filepath.Join(dir, f.name+".txtar")
		if f.replay != "--adapter "+shellQuote(adapter)+" "+shellQuote(file) {
			t.Errorf("%s: replay %q", f.name, f.replay)
		}
		if i < 3 { // replay a few: each runs the adapter
			if code, rout, _ := runCmd(t, "replay", "--adapter", adapter, file); code != 1 || !strings.HasPrefix(rout, "FAIL ") || !strings.Contains(rout, f.rules[0]+": got ") {
				t.Errorf("replay %s: exit %d\n%s", file, code, rout)
			}
		}
		seen := map[string]bool{}
		for _, r := range f.rules {
			if !seen[r] {
				fmt.Fprintf(&expect, "%s %s presents every call as finished\n", f.name, r)
				seen[r] = true
			}
		}
	}
	check := func(expectText string) (int, string) {
		file := filepath.Join(t.TempDir(), "expected-failures.txt")
		if err := os.WriteFile(file, []byte("# known failures\n\n"+expectText), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, _ := runCmd(t, "check", "--adapter", adapter, "--format", "openai-chat", "--random", "0", "--expect", file, "--verbose")
		return code, out
	}
	if code, out := check(expect.String()); code != 0 || summary(t, out)[3] != len(fs) {
		t.Errorf("with every failure expected: exit %d\n%s", code, out)
	}
	stale := expect.String() + "framing/chat-null-is-absent ID-2 no longer fails\n"
	if code, out := check(stale); code != 1 || !strings.Contains(out, "ID-2 no longer fails (expected: no longer fails): remove it from ") || summary(t, out)[4] != 1 {
		t.Errorf("with a passing case expected: exit %d\n%s", code, out)
	}
	// A listed case that does not run (its format is not the adapter's)
	// is said to be unchecked, not passed over in silence.
	na := expect.String() + "framing/anthropic-missing-index FRAME-4 reads it as index 0\n"
	if code, out := check(na); code != 0 || !strings.Contains(out, "NOT CHECKED framing/anthropic-missing-index (not applicable: format") ||
		!strings.Contains(out, "expected FRAME-4 (reads it as index 0): not checked") || !strings.Contains(out, "(1 of them listed in ") {
		t.Errorf("with a not-applicable case expected: exit %d\n%s", code, out)
	}
	lines := strings.SplitAfter(expect.String(), "\n")
	if code, out := check(strings.Join(lines[1:], "")); code != 1 || summary(t, out)[2] != 1 {
		t.Errorf("with a failure not listed: exit %d\n%s", code, out)
	}
	for _, bad := range []string{"identity/ollama-same-index ID-8\n", "no/such-case ID-8 reason\n", "identity/ollama-same-index XYZ-1 reason\n", "identity/ollama-same-index ID-8 a\nidentity/ollama-same-index ID-8 b\n"} {
		if code, _ := check(bad); code != 2 {
			t.Errorf("expect file %q: exit %d, want 2", bad, code)
		}
	}
}

// TestCheckBrokenAdapter: an adapter that crashes, or speaks another
// version of the protocol, is broken: exit 2, said so, apart from
// failures; a correct persistent adapter passes.
func TestCheckBrokenAdapter(t *testing.T) {
	code, out, _ := runCmd(t, "check", "--adapter", as("crash"), "--format", "ollama", "--random", "0")
	if n := summary(t, out); code != 2 || n[5] == 0 || n[2] != 0 || !strings.Contains(out, "The adapter is broken: ") || !strings.Contains(out, "segmentation fault") {
		t.Errorf("crash: exit %d, %v\n%s", code, n, out)
	}
	code, _, errOut := runCmd(t, "check", "--serve", "--adapter", as("serve-v2"))
	if code != 2 || !strings.Contains(errOut, "the adapter is broken: ") || !strings.Contains(errOut, "the adapter speaks version 2, this kit speaks version 1") {
		t.Errorf("serve-v2: exit %d, stderr %q", code, errOut)
	}
	code, out, errOut = runCmd(t, "check", "--serve", "--adapter", as("serve"), "--random", "5", "--seed", "2")
	if n := summary(t, out); code != 0 || n[1] < 100 || n[1]+n[6] != n[0] || !strings.Contains(errOut, "fake server") {
		t.Errorf("serve: exit %d, %v, stderr %q\n%s", code, n, errOut, out)
	}
}

// TestCheckUsage: usage errors exit 2.
func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{
		{"check"},
		{"check", "--adapter", "cat", "extra"},
		{"check", "--adapter", "cat", "--claim", "everything"},
		{"check", "--adapter", "cat", "--format", "nope"},
		{"check", "--adapter", "cat", "--random", "-1"},
		{"check", "--adapter", "cat", "--timeout", "0s"},
		{"check", "--adapter", "cat", "--expect", "/nonexistent"},
		{"check", "--serve", "--claim", "text", "--adapter", "cat"},
		{"replay"},
		{"replay", "/nonexistent.txtar"},
		{"gen", "--format", "openai-chat"},
		{"gen", "--format", "nope", "--seed", "1"},
		{"gen", "--format", "openai-chat", "--seed", "-1"},
		{"reduce", "--adapter", "cat"},
	} {
		if code, _, _ := runCmd(t, args...); code != 2 {
			t.Errorf("toolspec-kit %v: exit %d, want 2", args, code)
		}
	}
}

// TestReplayModel: a scenario of the corpus replays with no difference;
// one whose want is not the model's exits 1 with a diff.
func TestReplayModel(t *testing.T) {
	file := "../../spectest/testdata/scenarios/identity/ollama-same-index.txtar"
	code, out, _ := runCmd(t, "replay", file)
	if code != 0 || !strings.Contains(out, `msg 0 choice 0 call 1 complete id="DDe4wZqkx"`) || !strings.Contains(out, "agree") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(t.TempDir(), "stale.txtar")
	if err := os.WriteFile(stale, []byte(strings.Replace(string(data), `id="DDe4wZqkx"`, `id="other"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCmd(t, "replay", stale)
	if code != 1 || !strings.Contains(out, "- msg 0 choice 0 call 1 complete id=\"other\"") || !strings.Contains(out, "+ msg 0 choice 0 call 1 complete id=\"DDe4wZqkx\"") {
		t.Errorf("stale want: exit %d\n%s", code, out)
	}
}

// TestLineDiff pins the diff's marks.
func TestLineDiff(t *testing.T) {
	got := lineDiff("a\nb\nc\n", "a\nx\nc\nd\n")
	if want := "  a\n- b\n+ x\n  c\n+ d\n"; got != want {
		t.Errorf("lineDiff = %q, want %q", got, want)
	}
}

// TestGenSameSeedSameFiles: gen writes the same files for the same seed,
// other files for another, each outcome the model's of its stream.
func TestGenSameSeedSameFiles(t *testing.T) {
	for _, f := range toolspec.Formats() {
		for _, adv := range []bool{false, true} {
			// write runs gen, in this process or in another.
			write := func(seed string, another bool) (string, map[string]string) {
				dir := t.TempDir()
				args := []string{"gen", "--format", string(f), "--seed", seed, "-n", "4", "--out", dir}
				if adv {
					args = append(args, "--adversarial")
				}
				code, out, errOut := runCmd(t, args...)
				if another {
					cmd := exec.Command(os.Args[0], args...)
					cmd.Env = append(os.Environ(), asEnv+"=toolspec-kit")
					b, err := cmd.Output()
					code, out = 0, string(b)
					if err != nil {
						code = 1
					}
				}
				if code != 0 {
					t.Fatalf("%v: exit %d, %s", args, code, errOut)
				}
				files := map[string]string{}
				entries, _ := os.ReadDir(dir)
				for _, e := range entries {
					b, err := os.ReadFile(filepath.Join(dir, e.Name()))
					if err != nil {
						t.Fatal(err)
					}
					files[e.Name()] = string(b)
				}
				return out, files
			}
			out1, a := write("42", false)
			out2, b := write("42", true)
			_, c := write("43", false)
			if len(a) != 8 || fmt.Sprint(a) != fmt.Sprint(b) || out1 != out2 {
				t.Fatalf("%s adversarial=%v: seed 42 twice gave other files (%d files)", f, adv, len(a))
			}
			same := 0
			for i := 0; i < 4; i++ {
				name := fmt.Sprintf("%s-42-%d", f, i)
				stream := a[name+".stream"]
				want, err := outcomeJSON(toolspec.Reassemble(f, []byte(stream), toolspec.Limits{}))
				if err != nil || a[name+".json"] != string(want) {
					t.Errorf("%s.json is not the outcome of %s.stream", name, name)
				}
				if c[fmt.Sprintf("%s-43-%d.stream", f, i)] == stream {
					same++
				}
			}
			if same == 4 {
				t.Errorf("%s adversarial=%v: seeds 42 and 43 gave the same streams", f, adv)
			}
			if adv != strings.Contains(out1, " mutated: ") {
				t.Errorf("%s adversarial=%v: output\n%s", f, adv, out1)
			}
		}
	}
}

// cutChat is an OpenAI chat stream of text and two calls, cut before any
// finish: both calls are incomplete (END-3).
const cutChat = `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Let me "}}]}

data: {"choices":[{"index":0,"delta":{"content":"look."}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"q\":"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"go\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"fetch","arguments":"{\"url\":"}}]}}]}

: keep-alive

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\"x\"}"}}]}}]}

`

// twoFailures is an OpenAI chat stream of two messages: the first's call
// has arguments cut short (invalid, END-2), the second's call is cut before
// any finish (incomplete, END-3).
const twoFailures = `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":"}}]}}]}

data: {"choices":[{"index":0,"delta":{"content":"a"}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"fetch","arguments":"{}"}}]}}]}

data: {"choices":[{"index":0,"delta":{"content":"b"}}]}

`

// TestReduceKeepsTheRule: of a stream that fails two rules, reduce keeps
// the one --rule names.
func TestReduceKeepsTheRule(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "two.sse")
	if err := os.WriteFile(in, []byte(twoFailures), 0o644); err != nil {
		t.Fatal(err)
	}
	adapter := as("finished-all")
	for _, rule := range []string{"END-2", "END-3"} {
		out := filepath.Join(dir, rule+".txtar")
		if code, _, errOut := runCmd(t, "reduce", "--adapter", adapter, "--rule", rule, "--max-runs", "120", "--out", out, in); code != 0 {
			t.Fatalf("--rule %s: exit %d, %s", rule, code, errOut)
		}
		if code, rout, _ := runCmd(t, "replay", "--adapter", adapter, out); code != 1 || !strings.Contains(rout, rule+": got ") {
			t.Errorf("reduced for %s: exit %d\n%s", rule, code, rout)
		}
	}
}

// TestReduce: a cut stream on which an adapter presents a call as
// finished shrinks to at most two frames, written as a scenario that
// parses and on which the adapter still fails END-3.
func TestReduce(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "cut.sse")
	if err := os.WriteFile(in, []byte(cutChat), 0o644); err != nil {
		t.Fatal(err)
	}
	adapter := as("finished-all")
	out := filepath.Join(dir, "reduced.txtar")
	code, _, errOut := runCmd(t, "reduce", "--adapter", adapter, "--format", "openai-chat", "--max-runs", "120", "--out", out, in)
	if code != 0 || !strings.Contains(errOut, "8 frames") || !strings.Contains(errOut, "still failing END-3") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse(out, data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if n := len(splitFrames(sc.Format, sc.Input)); n > 2 || len(sc.Input) >= len(cutChat)/3 {
		t.Errorf("reduced to %d frames, %d bytes:\n%s", n, len(sc.Input), data)
	}
	if code, rout, _ := runCmd(t, "replay", "--adapter", adapter, out); code != 1 || !strings.Contains(rout, "END-3: got ") {
		t.Errorf("the reduced scenario: exit %d\n%s", code, rout)
	}
	if code, _, errOut := runCmd(t, "reduce", "--adapter", adapter, "--rule", "ID-6", in); code != 2 || !strings.Contains(errOut, "does not fail ID-6") {
		t.Errorf("--rule ID-6: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCmd(t, "reduce", "--adapter", as("finished-all"), "../../spectest/testdata/scenarios/identity/ollama-same-index.txtar"); code != 2 || !strings.Contains(errOut, "nothing to reduce") {
		t.Errorf("a passing scenario: exit %d, %q", code, errOut)
	}
}

// TestDDMin: delta debugging finds the one pair of items a failure needs.
func TestDDMin(t *testing.T) {
	items := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	runs := 0
	got := ddmin(items, func(s []int) bool {
		runs++
		has := map[int]bool{}
		for _, x := range s {
			has[x] = true
		}
		return has[3] && has[8]
	})
	if fmt.Sprint(got) != "[3 8]" || runs > 60 {
		t.Errorf("ddmin = %v after %d runs, want [3 8]", got, runs)
	}
}

// TestSplitFrames: frames are SSE events, lines, or event-stream
// messages, and always add up to the stream.
func TestSplitFrames(t *testing.T) {
	bedrock, err := os.ReadFile("../../spectest/testdata/scenarios/budgets/bedrock-frame-at-limit.txtar")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse("b", bedrock)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    toolspec.Format
		data string
		n    int
	}{
		{toolspec.FormatOpenAIChat, cutChat, 8},
		{toolspec.FormatOpenAIChat, "data: a\r\n\r\ndata: b\r\n\r\ndata: c", 3},
		{toolspec.FormatOllama, "{\"a\":1}\n{\"b\":2}\n{\"c\"", 3},
		{toolspec.FormatBedrock, string(sc.Input), 0},
	} {
		fr := splitFrames(c.f, []byte(c.data))
		if strings.Join(func() []string {
			var s []string
			for _, b := range fr {
				s = append(s, string(b))
			}
			return s
		}(), "") != c.data {
			t.Errorf("%s: the frames do not add up to the stream", c.f)
		}
		if c.n > 0 && len(fr) != c.n {
			t.Errorf("%s: %d frames, want %d", c.f, len(fr), c.n)
		}
		if c.n == 0 && (len(fr) < 2 || !isEventStream([]byte(c.data))) {
			t.Errorf("%s: %d event-stream messages", c.f, len(fr))
		}
	}
}

// TestCheckReassembleTextThinking: toolspec reassemble, claiming text and
// thinking with --claim given twice (the flag adds up: both are judged),
// passes every case it claims; the same flags fail an adapter that leaves
// the text out, under ORD-3.
func TestCheckReassembleTextThinking(t *testing.T) {
	withToolspecOnPath(t)
	code, out, errOut := runCmd(t, "check", "--adapter", "toolspec reassemble --format {format} -", "--claim", "text", "--claim", "thinking", "--verbose")
	n := summary(t, out)
	if code != 0 || n[2] != 0 || n[5] != 0 || n[1] < 180 || n[1]+n[6] != n[0] {
		t.Fatalf("exit %d, %v (cases, passed, failed, ...); stderr %q\n%s", code, n, errOut, out)
	}
	if !strings.Contains(errOut, "(claims text, thinking; reads every format), 100 random streams per format") {
		t.Errorf("the first line does not say what is claimed: %q", errOut)
	}
	for _, row := range []string{"\nORD-3 ", "\nTHINK-1 "} {
		if !regexp.MustCompile(regexp.QuoteMeta(row) + ` +[1-9]`).MatchString(out) {
			t.Errorf("no case passed under %s:\n%s", strings.TrimSpace(row), out)
		}
	}
	// Text is SHOULD: its loss is a warning, in the table's WARNED
	// column and the warnings' section, and the run passes.
	code, out, _ = runCmd(t, "check", "--adapter", as("drops-text"), "--claim", "text", "--claim", "thinking", "--random", "0", "--verbose")
	if code != 0 || !regexp.MustCompile(`\nORD-3 +[0-9]+ +0 +[0-9]+ +[1-9]`).MatchString(out) || !strings.Contains(out, "\n== Warnings: ") || !strings.Contains(out, "\nWarning 1 of ") {
		t.Errorf("an adapter that leaves the text out: exit %d\n%s", code, out)
	}
}

// writeCorpus writes a corpus of scenarios into a new directory: each of
// files (a name under it → the name of a scenario of the embedded corpus
// to copy).
func writeCorpus(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, from := range files {
		data, err := os.ReadFile("../../spectest/testdata/scenarios/" + from + ".txtar")
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, filepath.FromSlash(name)+".txtar")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCheckCorpus: --corpus DIR runs DIR's scenarios instead of the
// embedded ones, writes a failing one for replay, and names them in
// --expect; --also-embedded runs both; a bad --corpus is a usage error.
func TestCheckCorpus(t *testing.T) {
	dir := writeCorpus(t, map[string]string{"mine/cut": "completion/chat-length-cut-args", "mine/ok": "identity/chat-same-index-new-ids"})
	out := t.TempDir()
	adapter := as("finished-all")
	code, stdout, errOut := runCmd(t, "check", "--adapter", adapter, "--format", "openai-chat", "--random", "0", "--corpus", dir, "--out", out, "--verbose")
	n := summary(t, stdout)
	fs := failures(stdout)
	if code != 1 || n[0] != 2 || n[2] != 1 || len(fs) != 1 || fs[0].name != "mine/cut" {
		t.Fatalf("exit %d, %v, %+v; stderr %q\n%s", code, n, fs, errOut, stdout)
	}
	file := filepath.Join(out, "mine", "cut.txtar")
	if fs[0].replay != "--adapter "+shellQuote(adapter)+" "+shellQuote(file) {
		t.Errorf("replay %q", fs[0].replay)
	}
	if code, rout, _ := runCmd(t, "replay", "--adapter", adapter, file); code != 1 || !strings.HasPrefix(rout, "FAIL ") || !strings.Contains(rout, "END-3: got ") {
		t.Errorf("replay: exit %d\n%s", code, rout)
	}
	var lines strings.Builder
	for _, r := range fs[0].rules {
		fmt.Fprintf(&lines, "mine/cut %s presents cut calls as finished\n", r)
	}
	expect := writeExpect(t, lines.String()+"random/openai-chat NO-RULE may fail a stream it cannot read\n")
	if code, stdout, _ := runCmd(t, "check", "--adapter", adapter, "--format", "openai-chat", "--random", "0", "--corpus", dir, "--expect", expect); code != 0 || summary(t, stdout)[3] != 1 {
		t.Errorf("with --expect: exit %d\n%s", code, stdout)
	}
	_, embedded, _ := runCmd(t, "check", "--adapter", adapter, "--format", "openai-chat", "--random", "0")
	code, stdout, _ = runCmd(t, "check", "--adapter", adapter, "--format", "openai-chat", "--random", "0", "--corpus", dir, "--also-embedded")
	if summary(t, stdout)[0] != summary(t, embedded)[0]+2 || code != 1 {
		t.Errorf("--also-embedded: %v cases, the embedded corpus alone %v", summary(t, stdout), summary(t, embedded))
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "x.txtar"), []byte("no rules line\n-- input --\nx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--corpus", "/nonexistent"},
		{"--corpus", expect},
		{"--also-embedded"},
		{"--corpus", t.TempDir()},
		{"--corpus", bad},
	} {
		if code, _, _ := runCmd(t, append([]string{"check", "--adapter", adapter, "--random", "0"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, errOut := runCmd(t, "check", "--adapter", adapter, "--random", "0", "--corpus", dir, "--expect", writeExpect(t, "identity/ollama-same-index ID-8 not in this corpus\n")); code != 2 || !strings.Contains(errOut, "no case") {
		t.Errorf("--expect naming a case of another corpus: exit %d, %q", code, errOut)
	}
}

func writeExpect(t *testing.T, text string) string {
	file := filepath.Join(t.TempDir(), "expect.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestCheckRandomValid: an adapter that is wrong only on streams that
// break a rule passes the random streams under --random-valid, and fails
// them without it.
func TestCheckRandomValid(t *testing.T) {
	dir := writeCorpus(t, map[string]string{"mine/ok": "identity/chat-same-index-new-ids"})
	args := []string{"check", "--adapter", as("trusting"), "--format", "openai-chat", "--corpus", dir, "--random", "40", "--seed", "4", "--random-failures", "1"}
	code, out, errOut := runCmd(t, append(args, "--random-valid")...)
	if n := summary(t, out); code != 0 || n[1] != 2 || !strings.Contains(errOut, "40 valid random streams per format") {
		t.Errorf("--random-valid: exit %d, %v, stderr %q\n%s", code, n, errOut, out)
	}
	code, out, _ = runCmd(t, append(args, "--verbose")...)
	if fs := failures(out); code != 1 || len(fs) != 1 || fs[0].name != "random/openai-chat" {
		t.Errorf("without --random-valid: exit %d, %+v\n%s", code, fs, out)
	}
}

// TestCheckRandomFailures: the distinct failing streams of a random case
// are each listed with their rules and seed, and each written for
// replay.
func TestCheckRandomFailures(t *testing.T) {
	adapter := as("finished-all")
	out := t.TempDir()
	args := []string{"check", "--adapter", adapter, "--format", "openai-chat", "--random", "200", "--seed", "9", "--random-failures", "2", "--out", out, "--verbose"}
	code, stdout, errOut := runCmd(t, append(args, "--corpus", writeCorpus(t, map[string]string{"mine/ok": "identity/chat-same-index-new-ids"}))...)
	streams := regexp.MustCompile(`(?m)^    stream (\d) of (\d) \((valid|mutated: [^,]+.*), seed [1-9][0-9]*\): ([A-Z0-9 -]+)$`).FindAllStringSubmatch(stdout, -1)
	if code != 1 || len(streams) != 2 || streams[1][1] != "2" || streams[1][2] != "2" {
		t.Fatalf("exit %d, %d streams; stderr %q\n%s", code, len(streams), errOut, stdout)
	}
	for i := range streams {
		file := filepath.Join(out, "random", "openai-chat.txtar")
		if i > 0 {
			file = filepath.Join(out, "random", fmt.Sprintf("openai-chat-%d.txtar", i+1))
		}
		if !strings.Contains(stdout, "toolspec-kit replay --adapter "+shellQuote(adapter)+" "+shellQuote(file)+"\n") {
			t.Errorf("no replay line for %s", file)
		}
		if code, rout, _ := runCmd(t, "replay", "--adapter", adapter, file); code != 1 || !strings.Contains(rout, ": got ") {
			t.Errorf("replay %s: exit %d\n%s", file, code, rout)
		}
	}
}

// group is a group of check's output: its header's rule and summary, the
// line of its representative stream, its replay command and how many
// others it names.
type group struct {
	rule, summary, representative, replay string
	more                                  int
}

var (
	causeRE = regexp.MustCompile(`^Cause (\d+) of (\d+): (\S+?)(?:: (.*))?$`)
	moreRE  = regexp.MustCompile(`^    and (\d+) more: `)
)

// groups parses the groups of check's output.
func groups(t *testing.T, out string) []group {
	t.Helper()
	var gs []group
	for _, line := range strings.Split(out, "\n") {
		if m := causeRE.FindStringSubmatch(line); m != nil {
			if m[1] != strconv.Itoa(len(gs)+1) {
				t.Fatalf("group %s after %d groups:\n%s", m[1], len(gs), out)
			}
			gs = append(gs, group{rule: m[3], summary: m[4]})
			continue
		}
		if len(gs) == 0 {
			continue
		}
		g := &gs[len(gs)-1]
		switch {
		case line == "":
		case strings.HasPrefix(line, "    toolspec-kit replay "):
			g.replay = strings.TrimSpace(line)
		case moreRE.MatchString(line):
			g.more, _ = strconv.Atoi(moreRE.FindStringSubmatch(line)[1])
		case strings.HasPrefix(line, "    ") && !strings.HasPrefix(line, "        ") && g.representative == "":
			g.representative = strings.TrimSpace(line)
		}
	}
	return gs
}

// TestCheckGroupsTwoBugs: an adapter with two bugs (names doubled, the
// stop reason length reported as end), each failing many cases, gets a
// summary, then exactly two groups, each with its rule's summary, its
// smallest stream and a replay command that, run as printed, reproduces
// its failure; --verbose lists every failing case as well.
func TestCheckGroupsTwoBugs(t *testing.T) {
	withToolspecOnPath(t)
	adapter := as("two-bugs")
	dir := t.TempDir()
	args := []string{"check", "--adapter", adapter, "--format", "openai-chat", "--claim", "stop-reason", "--random", "30", "--seed", "1", "--out", dir}
	code, out, errOut := runCmd(t, args...)
	n := summary(t, out)
	if code != 1 || n[2] < 4 || n[5] != 0 {
		t.Fatalf("exit %d, %v; stderr %q\n%s", code, n, errOut, out)
	}
	if !strings.HasPrefix(out, fmt.Sprintf("%d cases: ", n[0])) || !strings.Contains(out, "\n2 distinct root causes (") {
		t.Errorf("the summary does not come first, or does not count 2 causes:\n%s", out)
	}
	gs := groups(t, out)
	if len(gs) != 2 {
		t.Fatalf("%d groups, want 2:\n%s", len(gs), out)
	}
	rules := map[string]bool{}
	members := 0
	for _, g := range gs {
		rules[g.rule] = true
		members += 1 + g.more
		r, ok := toolspec.LookupRule(toolspec.RuleID(g.rule))
		if !ok || g.summary != r.Summary {
			t.Errorf("group %s: summary %q, want the rule's", g.rule, g.summary)
		}
		if g.more < 1 || !strings.Contains(g.representative, "(the smallest of ") {
			t.Errorf("group %s: %d more, representative %q", g.rule, g.more, g.representative)
		}
		// The replay command, run as printed, fails the group's rule.
		if !strings.HasPrefix(g.replay, "toolspec-kit replay --adapter "+shellQuote(adapter)+" --claim stop-reason "+dir+string(filepath.Separator)) {
			t.Fatalf("group %s: replay %q", g.rule, g.replay)
		}
		cmd := exec.Command("sh", "-c", g.replay)
		rout, err := cmd.Output()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.HasPrefix(string(rout), "FAIL ") || !strings.Contains(string(rout), "\n    "+g.rule+": got ") {
			t.Errorf("group %s: %s: %v\n%s", g.rule, g.replay, err, rout)
		}
	}
	if !rules["NAME-1"] || !rules["END-4"] {
		t.Errorf("groups of %v, want NAME-1 and END-4:\n%s", rules, out)
	}
	if members < n[2] {
		t.Errorf("%d members in the groups, %d failing cases", members, n[2])
	}
	if strings.Contains(out, "\nFAIL ") || strings.Contains(out, "RULE     PASSED") {
		t.Errorf("without --verbose, the failing cases or the table are listed:\n%s", out)
	}
	_, vout, _ := runCmd(t, append(args, "--verbose")...)
	if fs := failures(vout); len(fs) != n[2] || len(groups(t, vout)) != 2 || !strings.Contains(vout, "RULE     PASSED") {
		t.Errorf("--verbose: %d failing cases, want %d, and the groups and the table:\n%s", len(fs), n[2], vout)
	}
}

// TestCheckSections: check prints the failures on real traffic first, the
// robustness findings in a section of their own, then the warnings, which
// fail nothing: an adapter whose only fault is a warning (ids dropped,
// SHOULD) passes, with its warnings printed.
func TestCheckSections(t *testing.T) {
	code, out, errOut := runCmd(t, "check", "--adapter", as("finished-all"), "--format", "openai-chat", "--random", "0", "--out", t.TempDir())
	n := summary(t, out)
	realRE := regexp.MustCompile(`failed \((\d+) on real traffic\)`)
	m := realRE.FindStringSubmatch(out)
	if code != 1 || m == nil || m[1] == "0" || m[1] == strconv.Itoa(n[2]) {
		t.Fatalf("exit %d, %v, %q on real traffic; stderr %q\n%s", code, n, m, errOut, out)
	}
	iReal, iRobust, iWarn := strings.Index(out, "\n== Failures on real traffic: "), strings.Index(out, "\n== Robustness findings: "), strings.Index(out, "\n== Warnings: ")
	if iReal < 0 || iRobust < iReal || iWarn < iRobust {
		t.Errorf("sections at %d (real), %d (robustness), %d (warnings):\n%s", iReal, iRobust, iWarn, out)
	}
	if !strings.Contains(out[iReal:iRobust], "completion/chat-mistral-model-length") || !strings.Contains(out[iRobust:iWarn], "framing/chat-payload-not-json") ||
		!strings.Contains(out[iWarn:], "[SHOULD: NAME-3 nameless]") || !strings.Contains(out[iReal:iRobust], "[MUST: END-3 cut-never-finished]") {
		t.Errorf("a case in the wrong section:\n%s", out)
	}
	if gs := groups(t, out); len(gs) == 0 || strings.Count(out, "\nWarning ") == 0 {
		t.Errorf("%d causes, %d warnings", len(gs), strings.Count(out, "\nWarning "))
	}

	code, out, _ = runCmd(t, "check", "--adapter", as("drops-ids"), "--format", "openai-chat", "--random", "0", "--out", t.TempDir())
	n = summary(t, out)
	if code != 0 || n[2] != 0 || !strings.Contains(out, "No failure that is not expected; ") || !strings.Contains(out, "\n== Warnings: 1 cause ") ||
		!strings.Contains(out, "[SHOULD: ID-1 verbatim-id]") || strings.Contains(out, "\n== Failures") {
		t.Errorf("ids dropped: exit %d, %v\n%s", code, n, out)
	}
}

// TestOtherCommands: reassemble and history are toolspec's; given one,
// toolspec-kit exits 2 and names toolspec. Without a subcommand it prints
// its usage, which lists its own.
func TestOtherCommands(t *testing.T) {
	for _, name := range []string{"reassemble", "history"} {
		if code, _, errOut := runCmd(t, name, "file"); code != 2 || !strings.Contains(errOut, "cmd/toolspec "+name) {
			t.Errorf("toolspec-kit %s: exit %d, stderr %q", name, code, errOut)
		}
	}
	if code, _, errOut := runCmd(t); code != 2 || !strings.Contains(errOut, "usage: toolspec-kit") {
		t.Errorf("toolspec-kit: exit %d, stderr %q", code, errOut)
	}
	code, out, _ := runCmd(t, "-h")
	for name := range commands {
		if code != 0 || !strings.Contains(out, "toolspec-kit "+name+" ") {
			t.Errorf("toolspec-kit -h: exit %d, the usage lacks %s:\n%s", code, name, out)
		}
	}
}
