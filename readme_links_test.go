package toolspec_test

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// docFiles returns the documents whose links and commands TestDocLinks and
// TestDocCommands check: the README and every file of docs/ but the
// report, which make report writes and report/conformance's tests check.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		if d != filepath.Join("docs", "conformance.md") {
			files = append(files, filepath.ToSlash(d))
		}
	}
	return files
}

// TestDocLinks: in README.md and docs/*.md, every relative link names a
// file or folder of the repository, and its anchor a heading of the file
// it names; every make command names targets of the Makefile; and every
// go run, go test, go vet and go build names packages that exist (go run,
// a command). TestDocCheckCatches shows each check failing.
func TestDocLinks(t *testing.T) {
	c := newDocCheck(t, ".")
	for _, name := range docFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		c.file(name, string(data))
	}
	for _, p := range c.problems {
		t.Error(p)
	}
	t.Logf("%d links, %d make commands, %d go commands", c.links, len(c.makes), len(c.gos))
	if c.links == 0 || len(c.makes) == 0 || len(c.gos) == 0 {
		t.Errorf("checked %d links, %d make commands and %d go commands: the documents lost theirs, or the check its way to them", c.links, len(c.makes), len(c.gos))
	}
}

// TestDocCommands builds the commands and checks, in README.md and
// docs/*.md, that every toolspec subcommand named (toolspec SUB, toolspec
// history SUB) is one (its -h exits 0 with its usage), and so is every
// toolspec-kit subcommand (toolspec-kit SUB, go run ./cmd/toolspec-kit
// SUB), and runs every
// quick command of a code block (go run ./cmd/toolspec reassemble or
// history, on files of the repository): one shown as a transcript ("$ "
// then its output) must print that output, and "exit status N" (what go
// run prints) when it exits N; one shown alone must exit 0.
func TestDocCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	c := newDocCheck(t, ".")
	for _, name := range docFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		c.file(name, string(data))
	}
	bin, kitBin := buildCommands(t)
	for _, p := range c.runCommands(bin, kitBin) {
		t.Error(p)
	}
	t.Logf("%d subcommands and %d of toolspec-kit named, %d commands run", len(c.subcommands), len(c.kitSubcommands), len(c.runs))
	if len(c.subcommands) < 5 || len(c.kitSubcommands) < 4 || len(c.runs) < 3 {
		t.Errorf("checked %d subcommands and %d of toolspec-kit and ran %d commands: the documents lost theirs, or the check its way to them", len(c.subcommands), len(c.kitSubcommands), len(c.runs))
	}
}

// buildCommands builds the commands toolspec and toolspec-kit and returns
// their paths.
func buildCommands(t *testing.T) (bin, kitBin string) {
	t.Helper()
	dir := t.TempDir()
	bin, kitBin = filepath.Join(dir, "toolspec"), filepath.Join(dir, "toolspec-kit")
	for _, b := range []struct{ out, pkg string }{{bin, "./cmd/toolspec"}, {kitBin, "./cmd/toolspec-kit"}} {
		if out, err := exec.Command("go", "build", "-o", b.out, b.pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", b.pkg, err, out)
		}
	}
	return bin, kitBin
}

// TestDocCheckCatches: each check fails on a document that breaks it.
func TestDocCheckCatches(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"a link to no file", "See [the spec](spec/NOSPEC.md).\n", `link "spec/NOSPEC.md": no such file`},
		{"a link to a file of no such heading", "See [levels](spec/SPEC.md#no-such-level).\n", `no heading "no-such-level"`},
		{"an anchor of this file that is no heading", "# Title\n\nSee [below](#below).\n", `no heading "below"`},
		{"a link across lines to no file", "See [the\nspec](spec/NOSPEC.md).\n", `link "spec/NOSPEC.md": no such file`},
		{"a missing make target", "Run `make no-such-target`.\n", `make: no target "no-such-target"`},
		{"a missing target after a real one", "```\nmake test no-such-target BENCH=x\n```\n", `make: no target "no-such-target"`},
		{"go run of no package", "```\ngo run ./cmd/nosuch reassemble x\n```\n", `go run ./cmd/nosuch: no Go files`},
		{"go run of a package that is no command", "Run `go run ./spec`.\n", `go run ./spec: package spec is not a command`},
		{"go test of no package", "Run `go test ./nosuch/...`.\n", `go test ./nosuch/...: no Go files`},
		{"go run of no package in a nested module", "`cd report && go run ./cmd/nosuch`\n", `go run ./cmd/nosuch (in report): no Go files`},
	} {
		c := newDocCheck(t, ".")
		c.file("bad.md", tc.doc)
		if !slicesContainsSubstring(c.problems, tc.want) {
			t.Errorf("%s: problems %q, want one with %q", tc.name, c.problems, tc.want)
		}
	}
	// What must pass does.
	c := newDocCheck(t, ".")
	c.file("good.md", "# A title: with `code`\n\n## Same\n\n## Same\n\n"+
		"[a](README.md) [b](spec/SPEC.md#conformance-levels) [c](#a-title-with-code) [d](#same-1) [e](https://example.com/x#y) [f](docs/) [`g`](LICENSE)\n"+
		"`make test` `make bench BENCH=1KiB BENCHFLAGS='-benchtime=100ms'` `go test -short ./...` `cd report && go run ./cmd/conformance -only x`\n"+
		"```\n$ go run ./cmd/toolspec reassemble --text testdata/streams/ollama-same-index.ndjson\n```\n")
	if len(c.problems) > 0 {
		t.Errorf("problems in a good document: %q", c.problems)
	}
	if len(c.runs) != 1 || c.subcommands["reassemble"] == "" {
		t.Errorf("the good document's command: %d runs, subcommands %v", len(c.runs), c.subcommands)
	}
	if testing.Short() {
		return
	}
	// The commands' checks, with the commands built.
	bin, kitBin := buildCommands(t)
	for _, tc := range []struct{ name, doc, want string }{
		{"no such subcommand", "Run `toolspec frobnicate FILE`.\n", `toolspec frobnicate: no such subcommand`},
		{"a kit subcommand named as toolspec's", "Run `toolspec check --adapter CMD`.\n", `toolspec check: no such subcommand`},
		{"no such subcommand of toolspec-kit", "Run `toolspec-kit frobnicate FILE`.\n", `toolspec-kit frobnicate: no such subcommand`},
		{"no such subcommand of go run ./cmd/toolspec-kit", "```\ngo run ./cmd/toolspec-kit reassemble x\n```\n", `toolspec-kit reassemble: no such subcommand`},
		{"no such history subcommand", "```\ntoolspec history frob --from F FILE\n```\n", `toolspec history frob: no such subcommand`},
		{"a transcript whose output differs", "```\n$ go run ./cmd/toolspec reassemble --text testdata/streams/ollama-same-index.ndjson\nformat ollama, 2 message(s)\n```\n", "printed\n"},
		{"a transcript whose exit status differs", "```\n$ go run ./cmd/toolspec history check --text --from openai-chat testdata/histories/openai-chat-unanswered.json\nopenai-chat history\ntoolspec: HIST-3: messages[1].tool_calls[0]: call id \"call_1\" has no result before the next user message (call)\n```\n", "exit status 1\n"},
		{"a command that fails", "```\ngo run ./cmd/toolspec reassemble testdata/streams/no-such.ndjson\n```\n", "exits 2, want 0"},
	} {
		c := newDocCheck(t, ".")
		c.file("bad.md", tc.doc)
		problems := append(c.problems, c.runCommands(bin, kitBin)...)
		if !slicesContainsSubstring(problems, tc.want) {
			t.Errorf("%s: problems %q, want one with %q", tc.name, problems, tc.want)
		}
	}
}

// slicesContainsSubstring reports whether an element of list contains sub.
func slicesContainsSubstring(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// docCheck checks the links and commands of markdown documents of the
// repository at root.
type docCheck struct {
	root     string
	targets  map[string]bool     // the Makefile's targets
	headings map[string][]string // the heading anchors of each file read, by path
	problems []string
	links    int
	makes    []string
	gos      []string
	// subcommands are the toolspec subcommands named ("reassemble",
	// "history check", ...), each with where it was first named;
	// kitSubcommands those of toolspec-kit.
	subcommands    map[string]string
	kitSubcommands map[string]string
	runs           []docRun
}

// docRun is a command of a code block to run: its arguments after go run
// ./cmd/toolspec, and, for a transcript, the output it must print.
type docRun struct {
	where      string
	args       []string
	transcript bool
	want       string
}

func newDocCheck(t *testing.T, root string) *docCheck {
	t.Helper()
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	return &docCheck{root: root, targets: makeTargets(mk), headings: map[string][]string{}, subcommands: map[string]string{}, kitSubcommands: map[string]string{}}
}

func (c *docCheck) errorf(where, format string, args ...any) {
	c.problems = append(c.problems, where+": "+fmt.Sprintf(format, args...))
}

// makeTargets returns the names of the rules of a Makefile.
func makeTargets(mk []byte) map[string]bool {
	targets := map[string]bool{}
	rule := regexp.MustCompile(`^([A-Za-z0-9_./%-]+(?:[ \t]+[A-Za-z0-9_./%-]+)*)[ \t]*:([^=]|$)`)
	for _, line := range strings.Split(string(mk), "\n") {
		if m := rule.FindStringSubmatch(line); m != nil {
			for _, name := range strings.Fields(m[1]) {
				if !strings.HasPrefix(name, ".") {
					targets[name] = true
				}
			}
		}
	}
	return targets
}

// block is a fenced code block of a document.
type block struct {
	line  int    // of its first line
	lang  string // its info string: go, or none for commands and output
	lines []string
}

// file checks the document name (a path from the root) holding text.
func (c *docCheck) file(name, text string) {
	lines := strings.Split(text, "\n")
	// The prose, with every fenced block's lines blanked (so that line
	// numbers stay), and the blocks.
	var prose []string
	var blocks []block
	var cur *block
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			if cur == nil {
				cur = &block{line: i + 2, lang: strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "`"))}
			} else {
				blocks = append(blocks, *cur)
				cur = nil
			}
			prose = append(prose, "")
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, l)
			prose = append(prose, "")
			continue
		}
		prose = append(prose, l)
	}
	if cur != nil {
		c.errorf(name, "a code block that does not end")
	}
	c.headings[name] = anchors(prose)
	text = strings.Join(prose, "\n")
	lineOf := func(off int) string { return fmt.Sprintf("%s:%d", name, 1+strings.Count(text[:off], "\n")) }
	spans := codeSpan.FindAllStringIndex(text, -1)
	inSpan := func(off int) bool {
		for _, s := range spans {
			if s[0] <= off && off < s[1] {
				return true
			}
		}
		return false
	}
	for _, m := range mdLink.FindAllStringSubmatchIndex(text, -1) {
		if !inSpan(m[0]) {
			c.link(lineOf(m[0]), name, text[m[2]:m[3]])
		}
	}
	for _, s := range spans {
		code := strings.Trim(text[s[0]:s[1]], "`")
		c.commands(lineOf(s[0]), strings.ReplaceAll(code, "\n", " "), false, "")
	}
	for _, b := range blocks {
		if b.lang == "go" {
			continue // Go, which the tests that build the README's program compile
		}
		for i := 0; i < len(b.lines); i++ {
			where := fmt.Sprintf("%s:%d", name, b.line+i)
			cmd, transcript := strings.CutPrefix(b.lines[i], "$ ")
			var out strings.Builder
			if transcript {
				for i+1 < len(b.lines) && !strings.HasPrefix(b.lines[i+1], "$ ") {
					i++
					out.WriteString(b.lines[i] + "\n")
				}
			}
			if cmd, _, _ = strings.Cut(cmd, " # "); strings.HasPrefix(cmd, "#") {
				continue
			}
			c.commands(where, cmd, transcript, out.String())
		}
	}
}

var (
	// mdLink is an inline link or image: its group is the target.
	mdLink = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	// codeSpan is a code span of one or two backticks.
	codeSpan = regexp.MustCompile("``[^`]+``|`[^`]+`")
	heading  = regexp.MustCompile(`^#{1,6} +(.*?) *#* *$`)
	// subcommandName is a word that can name a subcommand, not a
	// placeholder (FILE) or a flag.
	subcommandName = regexp.MustCompile(`^[a-z][a-z-]*$`)
)

// anchors returns the anchors GitHub gives the headings of a document's
// prose lines: the heading lowercased, without punctuation, spaces as
// hyphens, and -1, -2... after a repeated one.
func anchors(prose []string) []string {
	var list []string
	seen := map[string]int{}
	for _, l := range prose {
		m := heading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			list = append(list, a+"-"+strconv.Itoa(n))
		} else {
			list = append(list, a)
		}
		seen[a]++
	}
	return list
}

// link checks the target of a link of document name.
func (c *docCheck) link(where, name, target string) {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return
	}
	c.links++
	file, anchor, _ := strings.Cut(target, "#")
	p := name
	if file != "" {
		p = path.Join(path.Dir(name), file)
		if _, err := os.Stat(filepath.Join(c.root, filepath.FromSlash(p))); err != nil {
			c.errorf(where, "link %q: no such file or folder (%s)", target, p)
			return
		}
	}
	if anchor == "" {
		return
	}
	hs, ok := c.headings[p]
	if !ok {
		data, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(p)))
		if err != nil || !strings.HasSuffix(p, ".md") {
			c.errorf(where, "link %q: an anchor in what is no markdown file", target)
			return
		}
		var prose []string
		in := false
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "```") {
				in = !in
				continue
			}
			if !in {
				prose = append(prose, l)
			}
		}
		hs = anchors(prose)
		c.headings[p] = hs
	}
	for _, h := range hs {
		if h == anchor {
			return
		}
	}
	c.errorf(where, "link %q: %s has no heading %q", target, p, anchor)
}

// commands checks the shell commands of text, a code span or a line of a
// code block: make's targets, go's packages, toolspec's subcommands; a
// command of a code block that runs quickly is kept to run, with want, the
// output of a transcript.
func (c *docCheck) commands(where, text string, transcript bool, want string) {
	dir := "."
	for _, simple := range splitCommands(text) {
		args := shellFields(simple)
		if len(args) == 0 {
			continue
		}
		for _, a := range args[1:] {
			// A command given as an argument: --adapter 'toolspec reassemble ...'.
			if strings.HasPrefix(a, "toolspec ") {
				c.commands(where, a, false, "")
			}
		}
		switch {
		case args[0] == "cd" && len(args) == 2:
			dir = path.Join(dir, args[1])
		case args[0] == "make":
			c.makes = append(c.makes, simple)
			for _, a := range args[1:] {
				if strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
					continue
				}
				if !c.targets[a] {
					c.errorf(where, "make: no target %q in the Makefile", a)
				}
			}
		case args[0] == "go" && len(args) > 2 && (args[1] == "run" || args[1] == "test" || args[1] == "vet" || args[1] == "build"):
			c.gos = append(c.gos, simple)
			c.goPackages(where, dir, args[1], args[2:])
			if args[1] == "run" && args[2] == "./cmd/toolspec" && dir == "." {
				c.toolspec(where, args[3:], transcript, want, !c.isQuick(args[3:]))
			}
			if args[1] == "run" && (args[2] == "./cmd/toolspec-kit" || args[2] == "github.com/toolspec/toolspec/cmd/toolspec-kit") && len(args) > 3 {
				c.kit(where, args[3])
			}
		case args[0] == "toolspec":
			c.toolspec(where, args[1:], false, "", true)
		case args[0] == "toolspec-kit" && len(args) > 1:
			c.kit(where, args[1])
		}
	}
}

// splitCommands splits text at &&, ||, ; and | outside quotes.
func splitCommands(text string) []string {
	var out []string
	var b strings.Builder
	var quote rune
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ';' || r == '|' || r == '&' && i+1 < len(rs) && rs[i+1] == '&':
			out = append(out, b.String())
			b.Reset()
			if i+1 < len(rs) && rs[i+1] == r {
				i++
			}
			continue
		}
		b.WriteRune(r)
	}
	return append(out, b.String())
}

// shellFields splits a simple command into its words, as sh would without
// expansions: quotes group and are removed.
func shellFields(s string) []string {
	var out []string
	var b strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				b.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// goPackages checks the package arguments of go run, test, vet or build,
// run in dir: those that begin with "." (go run: the first).
func (c *docCheck) goPackages(where, dir, verb string, args []string) {
	for _, a := range args {
		if a != "." && !strings.HasPrefix(a, "./") {
			continue
		}
		p, all := strings.CutSuffix(a, "/...")
		if a == "./..." {
			p, all = ".", true
		}
		full := filepath.Join(c.root, filepath.FromSlash(path.Join(dir, p)))
		in := ""
		if dir != "." {
			in = " (in " + dir + ")"
		}
		main, ok := goPackage(full, all)
		switch {
		case !ok:
			c.errorf(where, "go %s %s%s: no Go files in %s", verb, a, in, full)
		case verb == "run" && main != "main":
			c.errorf(where, "go run %s%s: package %s is not a command", a, in, main)
		}
		if verb == "run" {
			return
		}
	}
}

// goPackage reports the package name of the non-test Go files of dir, and
// whether dir (or, with all, a folder below it) holds Go files.
func goPackage(dir string, all bool) (string, bool) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly)
		if err == nil {
			return pf.Name.Name, true
		}
	}
	if len(files) > 0 {
		return "", true
	}
	if !all {
		return "", false
	}
	found := false
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return "", found
}

// isQuick reports whether toolspec's arguments are a command to run in the
// test: reassemble or history, on files of the repository.
func (c *docCheck) isQuick(args []string) bool {
	if len(args) < 2 || args[0] != "reassemble" && args[0] != "history" {
		return false
	}
	file := args[len(args)-1]
	_, err := os.Stat(filepath.Join(c.root, filepath.FromSlash(file)))
	return err == nil || strings.HasPrefix(file, "testdata/")
}

// toolspec records the subcommand of toolspec's arguments args, and the
// command to run unless nameOnly.
func (c *docCheck) toolspec(where string, args []string, transcript bool, want string, nameOnly bool) {
	if len(args) == 0 || !subcommandName.MatchString(args[0]) {
		return
	}
	sub := args[0]
	if sub == "history" && len(args) > 1 && subcommandName.MatchString(args[1]) {
		sub += " " + args[1]
	}
	if _, ok := c.subcommands[sub]; !ok {
		c.subcommands[sub] = where
	}
	if !nameOnly {
		c.runs = append(c.runs, docRun{where: where, args: args, transcript: transcript, want: want})
	}
}

// kit records the toolspec-kit subcommand sub, named at where.
func (c *docCheck) kit(where, sub string) {
	if !subcommandName.MatchString(sub) {
		return
	}
	if _, ok := c.kitSubcommands[sub]; !ok {
		c.kitSubcommands[sub] = where
	}
}

// runCommands checks the subcommands named with the commands bin
// (toolspec) and kitBin (toolspec-kit) and runs the commands kept,
// returning the problems.
func (c *docCheck) runCommands(bin, kitBin string) []string {
	var problems []string
	kitSubs := make([]string, 0, len(c.kitSubcommands))
	for s := range c.kitSubcommands {
		kitSubs = append(kitSubs, s)
	}
	sort.Strings(kitSubs)
	for _, s := range kitSubs {
		out, err := exec.Command(kitBin, s, "-h").CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("toolspec-kit "+s+" ")) {
			problems = append(problems, fmt.Sprintf("%s: toolspec-kit %s: no such subcommand (toolspec-kit %s -h: %v)", c.kitSubcommands[s], s, s, err))
		}
	}
	subs := make([]string, 0, len(c.subcommands))
	for s := range c.subcommands {
		subs = append(subs, s)
	}
	sort.Strings(subs)
	for _, s := range subs {
		out, err := exec.Command(bin, append(strings.Fields(s), "-h")...).CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("toolspec "+s+" ")) {
			problems = append(problems, fmt.Sprintf("%s: toolspec %s: no such subcommand (toolspec %s -h: %v)", c.subcommands[s], s, s, err))
		}
	}
	for _, r := range c.runs {
		cmd := exec.Command(bin, r.args...)
		cmd.Dir = c.root
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			problems = append(problems, fmt.Sprintf("%s: toolspec %s: %v", r.where, strings.Join(r.args, " "), err))
			continue
		}
		if !r.transcript {
			if code != 0 {
				problems = append(problems, fmt.Sprintf("%s: go run ./cmd/toolspec %s exits %d, want 0:\n%s", r.where, strings.Join(r.args, " "), code, out.String()))
			}
			continue
		}
		if code != 0 {
			fmt.Fprintf(&out, "exit status %d\n", code) // as go run prints it
		}
		if got := out.String(); got != r.want {
			problems = append(problems, fmt.Sprintf("%s: go run ./cmd/toolspec %s printed\n%s\nwant, as the document shows,\n%s", r.where, strings.Join(r.args, " "), got, r.want))
		}
	}
	return problems
}
