package conformance

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
	"github.com/toolspec/toolspec/spectest"
)

// committed is the report as the repository holds it.
const committed = "../../docs/conformance.md"

// TestCommittedReport: the committed report is in the form the generator
// writes for the libraries of this build and the external list.
func TestCommittedReport(t *testing.T) {
	doc, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	ext, err := External("../" + ExternalFile)
	if err != nil {
		t.Fatal(err)
	}
	// The Node adapters need not be installed to check the report that
	// lists them.
	node, err := readList("../"+NodeFile, listNode)
	if err != nil {
		t.Fatal(err)
	}
	libs := append(append(Builtin(), ext...), node...)
	// Nor the Python, Rust and Java adapters.
	for _, l := range []struct {
		file string
		kind int
	}{{PythonFile, listPython}, {RustFile, listRust}, {JavaFile, listJava}} {
		more, err := readList("../"+l.file, l.kind)
		if err != nil {
			t.Fatal(err)
		}
		libs = append(libs, more...)
	}
	if err := CheckDocument(doc, committed, libs); err != nil {
		t.Errorf("%s is not in the generator's form (run make report):\n%v", committed, err)
	}
}

// TestCommittedReportExplained: every failure on real traffic of the
// committed report is explained by a bug report (with a program that
// reproduces it) or a note (with its source). A run that finds a new one
// lists it after unexplainedLead, and this test fails until it is filed
// or noted.
func TestCommittedReportExplained(t *testing.T) {
	doc, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc, []byte(unexplainedLead+" none.")) {
		i := bytes.Index(doc, []byte(unexplainedLead))
		if i < 0 {
			t.Fatalf("%s has no line %q", committed, unexplainedLead)
		}
		list, _, _ := bytes.Cut(doc[i:], []byte("\n\n#"))
		t.Errorf("%s: failures on real traffic that no bug report or note explains: file a bug report (docs/conformance/bugs/README.md) or a note (notes.go) for each:\n%s", committed, list)
	}
}

// fake is a run of two libraries: one with a scenario failure on real
// traffic, a noted failure, a warning and a random failure (a robustness
// finding) with its shrunk scenario, one with none.
func fake() ([]Result, []Library) {
	libs := Builtin()[:2]
	fail := spectest.Failure{Case: "names/chat-name-resent", Rule: toolspec.NameOnce, Got: `call #0 named "ff|f"`, Want: `"f"`, Real: true}
	noted := spectest.Failure{Case: "ordering/chat-text-merging", Rule: toolspec.OrdMerge, Got: "text", Want: "text"}
	rnd := spectest.Failure{Case: "random/openai-chat", Rule: toolspec.EndValidate, Got: "x", Want: "y"}
	warn := spectest.Failure{Case: "thinking/chat-reasoning-after-call", Rule: toolspec.ThinkOrder, Got: `thinking ""`, Want: `"t"`, Level: spec.LevelShould, Real: true}
	results := []Result{
		{Library: libs[0], Cases: []Case{
			{CaseResult: spectest.CaseResult{Name: fail.Case, Rules: []toolspec.RuleID{toolspec.NameOnce}, Failures: []spectest.Failure{fail}}},
			{CaseResult: spectest.CaseResult{Name: noted.Case, Rules: []toolspec.RuleID{toolspec.OrdMerge}, Failures: []spectest.Failure{noted}}},
			{CaseResult: spectest.CaseResult{Name: "identity/chat-ids-verbatim", Rules: []toolspec.RuleID{toolspec.IDScope}}},
			{CaseResult: spectest.CaseResult{Name: warn.Case, Rules: []toolspec.RuleID{toolspec.ThinkOrder}, Warnings: []spectest.Failure{warn}}},
			{CaseResult: spectest.CaseResult{Name: rnd.Case, Failures: []spectest.Failure{rnd}, Scenario: []byte("x\n")}, Seed: 7},
		}, Timings: []Timing{{Stream: "workload w", Bytes: 10, Toolspec: time.Microsecond, Library: 3 * time.Microsecond}}},
		{Library: libs[1], Cases: []Case{{CaseResult: spectest.CaseResult{Name: "random/anthropic"}, Seed: 7}}},
	}
	return results, libs
}

// render writes fake's report into a temporary folder laid out as the
// repository is (docs/ beside spectest/) and returns the report's path.
func render(t *testing.T) (string, []Library) {
	t.Helper()
	old := Notes
	Notes = []Note{{Library: "openai-go", Rules: []toolspec.RuleID{toolspec.OrdMerge}, Cases: []string{"ordering/chat-text-merging"},
		Kind: KindKit, Text: "t", Source: "../spectest/adapter.go"}}
	t.Cleanup(func() { Notes = old })
	results, libs := fake()
	root := t.TempDir()
	for _, name := range []string{"names/chat-name-resent", "ordering/chat-text-merging", "thinking/chat-reasoning-after-call"} {
		p := filepath.Join(root, "spectest", "testdata", "scenarios", name+".txtar")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "spectest", "adapter.go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	doc, files := Render(results, Meta{Commit: "abc", Date: "2026-01-01", GoVersion: "go", Corpus: 2,
		Options: DefaultOptions, CorpusDir: "../spectest/testdata/scenarios", FilesDir: "conformance"})
	doc = SpliceHistories(doc, RenderHistories(fakeHistories()))
	out := filepath.Join(root, "docs", "conformance.md")
	for name, data := range files {
		p := filepath.Join(root, "docs", "conformance", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The bug reports' folder with its README, which the report links
	// and make report keeps.
	bugs := filepath.Join(root, "docs", "conformance", "bugs")
	if err := os.MkdirAll(bugs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bugs, "README.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	return out, libs
}

// TestRenderedReportChecks: what Render writes passes CheckDocument, and
// the cells say what the cases found.
func TestRenderedReportChecks(t *testing.T) {
	out, libs := render(t)
	doc, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckDocument(doc, out, libs); err != nil {
		t.Fatalf("the rendered report fails the check:\n%v\n\n%s", err, doc)
	}
	for _, want := range []string{
		"| NAME-1 | [**FAIL**](#openai-go-name-1) | n/a |",
		"| ORD-3 | [noted](#openai-go-ord-3) | n/a |",
		"| ID-1 | pass | n/a |",
		"| END-2 | [**FAIL**](#openai-go-end-2) | n/a |",
		"| THINK-1 | [warn](#openai-go-think-1) | n/a |",
		" | 5 | 1 | 1 | 1 | 1 | 1 | 0 |", // run, passed, failed on real traffic, robustness, warned, noted, n/a
		`call #0 named "ff\|f"`,
		"warning (SHOULD): thinking",
		"[random/openai-chat, seed 7](conformance/openai-go/random-openai-chat-7.txtar) (robustness)",
		"[names/chat-name-resent](../spectest/testdata/scenarios/names/chat-name-resent.txtar) | ",
		"`cd report && go run ./cmd/conformance -only openai-go -case random/openai-chat -seed 7`",
		"`cd report && go run ./cmd/conformance -only openai-go -case names/chat-name-resent`",
		"| openai-go | workload w | 10 | 1.0 µs | 3.0 µs | 3.0× |",
	} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// TestCheckCatches: CheckDocument finds each way a report can leave the
// generator's form.
func TestCheckCatches(t *testing.T) {
	out, libs := render(t)
	doc, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	edits := []struct {
		name, old, new string
		want           string
	}{
		{"a heading", "## Throughput", "## Speed", "level-2 headings"},
		{"a rule row", "| NAME-2 | n/a | n/a |\n", "", "Rules: "},
		{"a version", "| openai-go | " + libs[0].Describe.Version, "| openai-go | v0.0.1", "Libraries row 1"},
		{"a column", "| Library | Stream |", "| Lib | Stream |", "Throughput"},
		{"a cell", "| ID-1 | pass |", "| ID-1 | ok |", `cell "ok"`},
		{"an anchor", `<a id="openai-go-name-1"></a>`, "", "no list of failures #openai-go-name-1"},
		{"a link", "(conformance/openai-go/random-openai-chat-7.txtar)", "(conformance/openai-go/gone.txtar)", "does not exist"},
		{"a library", "### anthropic-sdk-go", "### other", "libraries under Failures"},
		{"a note", "| <a id=\"note-1\"></a>1 | openai-go |", "| <a id=\"note-1\"></a>1 | eino |", "Notes row 1"},
		{"a note's use", "noted ([1](#note-1)): ", "", "note 1 covers no failure"},
		{"a count not counted", " | 5 | 1 | 1 |", " | – | 1 | 1 |", `Libraries row 1: count "–"`},
		{"a count", " | 5 | 1 | 1 |", " | 5 | x | 1 |", `Libraries row 1: count "x"`},
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			if !bytes.Contains(doc, []byte(e.old)) {
				t.Fatalf("the report lacks %q", e.old)
			}
			bad := bytes.Replace(doc, []byte(e.old), []byte(e.new), 1)
			err := CheckDocument(bad, out, libs)
			if err == nil || !strings.Contains(err.Error(), e.want) {
				t.Errorf("error %v, want one containing %q", err, e.want)
			}
		})
	}
	t.Run("a report made before the levels or a rule", func(t *testing.T) {
		// "–" where a count depends on the levels, or in a rule's row
		// (a rule added since), which Render never writes, passes.
		old := bytes.Replace(doc, []byte(" | 5 | 1 | 1 | 1 | 1 | 1 | 0 |"), []byte(" | 5 | – | – | – | – | – | 0 |"), 1)
		old = bytes.Replace(old, []byte("| ID-1 | pass | n/a |"), []byte("| ID-1 | – | – |"), 1)
		if bytes.Equal(old, doc) {
			t.Fatal("no edit")
		}
		if err := CheckDocument(old, out, libs); err != nil {
			t.Errorf("%v", err)
		}
	})
	t.Run("a stale file", func(t *testing.T) {
		stale := filepath.Join(filepath.Dir(out), "conformance", "openai-go", "old.txtar")
		if err := os.WriteFile(stale, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(stale)
		if err := CheckDocument(doc, out, libs); err == nil || !strings.Contains(err.Error(), "is not linked") {
			t.Errorf("error %v, want one about the unlinked file", err)
		}
	})
	t.Run("a library list", func(t *testing.T) {
		if err := CheckDocument(doc, out, Builtin()); err == nil || !strings.Contains(err.Error(), "Libraries:") {
			t.Errorf("error %v, want one about the libraries", err)
		}
	})
}

// TestReproduce: the command a failure lists reruns the case and finds it
// again: a scenario, and a random case drawn with its seed, whose failure
// keeps its rule.
func TestReproduce(t *testing.T) {
	lib := Builtin()[0] // openai-go
	c, err := Reproduce(lib, "names/chat-name-resent", DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Failures) == 0 || c.Failures[0].Rule != toolspec.NameOnce {
		t.Fatalf("names/chat-name-resent: %+v, want a NAME-1 failure", c)
	}
	o := DefaultOptions
	o.ShrinkTime = time.Second
	o.Seeds = 1
	o.Timing = false
	first := Run([]Library{lib}, o, nil)[0]
	for _, rc := range first.Cases {
		if !rc.Random() || len(rc.Failures) == 0 || rc.Skipped != "" {
			continue
		}
		again, err := Reproduce(lib, rc.Name, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(again.Failures) == 0 || again.Failures[0].Rule != rc.Failures[0].Rule {
			t.Errorf("%s, seed %d: rerun gives %+v, want a %s failure", rc.Name, rc.Seed, again.Failures, rc.Failures[0].Rule)
		}
		return
	}
	t.Fatal("no random case failed; pick a library that fails one")
}

// TestReproduceUnknown: a case that is no scenario nor random/<format> is
// an error.
func TestReproduceUnknown(t *testing.T) {
	for _, name := range []string{"no/such-case", "random/nosuch"} {
		if _, err := Reproduce(Builtin()[0], name, DefaultOptions); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestExternal: the external list's lines parse, a malformed one names its
// line, and an adapter program listed runs through the protocol: toolspec's
// own command, which passes the kit.
func TestExternal(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "toolspec")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/toolspec/toolspec/cmd/toolspec").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	list := filepath.Join(dir, "external.txt")
	write := func(s string) {
		if err := os.WriteFile(list, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("# comment\n\ntoolspec-cli | v0 | openai-chat, anthropic | stop-reason, limits, custom | " + bin + " reassemble --format {format} {limits} -\n")
	libs, err := External(list)
	if err != nil {
		t.Fatal(err)
	}
	if len(libs) != 1 || libs[0].Name != "toolspec-cli" || len(libs[0].Describe.Formats) != 2 || !libs[0].Describe.Limits || libs[0].Describe.Text {
		t.Fatalf("parsed %+v", libs)
	}
	rep, err := libs[0].Check(spectest.RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, c := range rep.Cases {
		if c.Skipped == "" {
			ran++
		}
	}
	if err := rep.Err(); err != nil || ran < 50 {
		t.Errorf("toolspec's command through the list: %d cases ran, error %v", ran, err)
	}
	for _, bad := range []struct{ lines, line string }{
		{"x | v1 | openai-chat | all", ":2"},                       // no command
		{"X | v1 | openai-chat | all | cmd", ":2"},                 // bad name
		{"x | v1 | nosuch | all | cmd", ":2"},                      // bad format
		{"x | v1 | openai-chat | speed | cmd", ":2"},               // bad claim
		{"x | v1 | ollama | - | a\nx | v2 | ollama | - | b", ":3"}, // twice
	} {
		write("# c\n" + bad.lines + "\n")
		if _, err := External(list); err == nil || !strings.Contains(err.Error(), "external.txt"+bad.line+":") {
			t.Errorf("%q: error %v, want one naming line %s", bad.lines, err, bad.line)
		}
	}
	if libs, err := External(filepath.Join(dir, "none.txt")); err != nil || libs != nil {
		t.Errorf("a missing list: %v, %v", libs, err)
	}
}

// TestNode: the Node list's free-text names become node-SCRIPT, its
// commands run from the repository root, a list whose packages are not
// installed is an error, and each adapter runs by the persistent form, its
// handshake held to its line: a fake adapter (node from PATH, as make
// report-node needs) runs, and one that describes itself otherwise does
// not.
func TestNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-adapter.mjs")
	// It answers the handshake with the description of argv[2..5] and
	// every stream with no call, stop end.
	code := `import { createInterface } from 'node:readline';
const [name, version, formats, claims] = process.argv.slice(2);
for await (const line of createInterface({ input: process.stdin })) {
  const req = JSON.parse(line);
  let out;
  if (req.cmd === 'start') {
    out = { version: 1, adapter: { name, version, formats: formats.split(','), claims: claims.split(',') } };
  } else if (req.cmd === 'run') {
    out = { seq: req.seq, calls: [], stop_reason: 'end' };
  } else {
    break;
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
process.exit(0);
`
	if err := os.WriteFile(fake, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "adapters.txt")
	write := func(listed, described string) {
		t.Helper()
		line := "Fake SDK + accumulator | " + listed + " | ollama | stop-reason,text | node " + fake + " 'Fake SDK + accumulator' " + described + " ollama stop-reason,text\n"
		if err := os.WriteFile(list, []byte("# c\n"+line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("fake@1.0.0", "fake@1.0.0")
	if _, err := Node(list); err == nil || !strings.Contains(err.Error(), "make report-node") {
		t.Errorf("not installed: error %v, want one naming make report-node", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	libs, err := Node(list)
	if err != nil {
		t.Fatal(err)
	}
	if len(libs) != 1 {
		t.Fatalf("%d libraries", len(libs))
	}
	l := libs[0]
	if l.Name != "node-fake-adapter" || l.Module != "Fake SDK + accumulator" ||
		l.Describe.Version != "fake@1.0.0" || !l.Describe.StopReason || !l.Describe.Text || l.Describe.Thinking ||
		!l.External || !strings.Contains(l.Driven, "persistent form") || !strings.Contains(l.Driven, "node "+fake) {
		t.Errorf("parsed %+v", l)
	}
	only := spectest.Only("^completion/ollama-")
	rep, err := l.Check(spectest.RandomStreams(0), only)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) == 0 || len(rep.Broken()) > 0 {
		t.Errorf("%d cases, %d broken", len(rep.Cases), len(rep.Broken()))
	}

	write("fake@1.0.0", "fake@2.0.0") // the adapter says 2.0.0, its line 1.0.0
	libs, err = Node(list)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := libs[0].Check(spectest.RandomStreams(0), only); err == nil || !strings.Contains(err.Error(), "update the list") ||
		!strings.Contains(err.Error(), "make report-node") {
		t.Errorf("a handshake unlike the line: error %v, want one saying to update the list or run make report-node", err)
	}

	if err := os.WriteFile(list, []byte("x | v | anthropic | - | sh run.sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Node(list); err == nil || !strings.Contains(err.Error(), "no .js or .mjs script") {
		t.Errorf("no script: error %v", err)
	}
}

// TestPython: the Python list's free-text names become python-SCRIPT
// ('_' written '-'), a list whose virtual environment is not there is an
// error, and each adapter runs by the persistent form, its handshake held
// to its line: a fake adapter (python3 from PATH, as make check-python
// needs) runs, and one that describes itself otherwise does not.
func TestPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake_adapter.py")
	// It answers the handshake with the description of argv[1..4] and
	// every stream with no call, stop end.
	code := `import json, sys
name, version, formats, claims = sys.argv[1:5]
for line in sys.stdin:
    req = json.loads(line)
    if req["cmd"] == "start":
        out = {"version": 1, "adapter": {"name": name, "version": version, "formats": formats.split(","), "claims": claims.split(",")}}
    elif req["cmd"] == "run":
        out = {"seq": req["seq"], "calls": [], "stop_reason": "end"}
    else:
        break
    print(json.dumps(out), flush=True)
`
	if err := os.WriteFile(fake, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "adapters.txt")
	write := func(version string) {
		t.Helper()
		line := "fake adapter | fake==1.0 | ollama | stop-reason | python3 " + fake + " 'fake adapter' " + version + " ollama stop-reason\n"
		if err := os.WriteFile(list, []byte("# c\n"+line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("fake==1.0")
	if _, err := Python(list); err == nil || !strings.Contains(err.Error(), "make report-python") {
		t.Errorf("not installed: error %v, want one naming make report-python", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".venv", "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".venv", "bin", "python"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	libs, err := Python(list)
	if err != nil {
		t.Fatal(err)
	}
	if len(libs) != 1 {
		t.Fatalf("%d libraries", len(libs))
	}
	l := libs[0]
	if l.Name != "python-fake-adapter" || l.Module != "fake adapter" || l.Describe.Version != "fake==1.0" ||
		!l.Describe.StopReason || l.Describe.Text || !l.External || !strings.Contains(l.Driven, "persistent form") {
		t.Errorf("parsed %+v", l)
	}
	only := spectest.Only("^completion/ollama-")
	rep, err := l.Check(spectest.RandomStreams(0), only)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) == 0 || len(rep.Broken()) > 0 {
		t.Errorf("%d cases, %d broken", len(rep.Cases), len(rep.Broken()))
	}

	write("fake==2.0") // the adapter says 2.0, its line 1.0
	if err := os.WriteFile(list, bytes.Replace(must(os.ReadFile(list)), []byte("| fake==2.0 |"), []byte("| fake==1.0 |"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	libs, err = Python(list)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := libs[0].Check(spectest.RandomStreams(0), only); err == nil || !strings.Contains(err.Error(), "update the list") {
		t.Errorf("a handshake unlike the line: error %v, want one saying to update the list", err)
	}

	if err := os.WriteFile(list, []byte("x | v | ollama | - | sh run.sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Python(list); err == nil || !strings.Contains(err.Error(), "no .py script") {
		t.Errorf("no script: error %v", err)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestCommittedReadme: the README's summary of the report is what
// ReadmeSummary writes from the committed report, so that the README
// quotes no number the report does not hold.
func TestCommittedReadme(t *testing.T) {
	doc, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ReadmeSummary(doc)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadmeBlock(readme)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("README.md's report summary is not the committed report's (run make report, or go run ./cmd/conformance's writeReadme):\n--- got\n%s--- want\n%s", got, want)
	}
	// It fails on a report whose numbers changed.
	changed := bytes.Replace(doc, []byte("**48.4×**"), []byte("**99.9×**"), 1)
	if s, err := ReadmeSummary(changed); err == nil && s == want && !bytes.Equal(changed, doc) {
		t.Error("a changed geometric mean leaves the summary as it was")
	}
}

// TestRustJava: the Rust and Java lists are read as the Python one is, each
// adapter named after the base name of its command's last word, run by the
// persistent form, and refused, naming the make target, when the
// language's programs are not built.
func TestRustJava(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	for _, c := range []struct {
		read      func(string) ([]Library, error)
		installed string
		target    string
		name      string
	}{
		{Rust, "target/release", "make report-rust", "rust-fake-prog"},
		{Java, "target/classpath.txt", "make report-java", "java-fake-prog"},
	} {
		t.Run(c.target, func(t *testing.T) {
			dir := t.TempDir()
			// The program answers the handshake and every stream with no
			// call, stop end.
			prog := filepath.Join(dir, "fake_prog.sh")
			code := `#!/bin/sh
exec python3 -c '
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["cmd"] == "start":
        out = {"version": 1, "adapter": {"name": "fake lib", "version": "fake 1.0", "formats": ["ollama"], "claims": ["stop-reason"]}}
    elif req["cmd"] == "run":
        out = {"seq": req["seq"], "calls": [], "stop_reason": "end"}
    else:
        break
    print(json.dumps(out), flush=True)
'
`
			if err := os.WriteFile(prog, []byte(code), 0o755); err != nil {
				t.Fatal(err)
			}
			list := filepath.Join(dir, "adapters.txt")
			if err := os.WriteFile(list, []byte("fake lib | fake 1.0 | ollama | stop-reason | "+prog+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := c.read(list); err == nil || !strings.Contains(err.Error(), c.target) {
				t.Fatalf("not built: error %v, want one naming %s", err, c.target)
			}
			marker := filepath.Join(dir, filepath.FromSlash(c.installed))
			if err := os.MkdirAll(filepath.Dir(marker), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(marker, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			libs, err := c.read(list)
			if err != nil {
				t.Fatal(err)
			}
			if len(libs) != 1 || libs[0].Name != c.name || libs[0].Module != "fake lib" || !strings.Contains(libs[0].Driven, "persistent form") {
				t.Fatalf("parsed %+v", libs)
			}
			rep, err := libs[0].Check(spectest.RandomStreams(0), spectest.Only("^completion/ollama-"))
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Cases) == 0 || len(rep.Broken()) > 0 {
				t.Errorf("%d cases, %d broken", len(rep.Cases), len(rep.Broken()))
			}
		})
	}
}
