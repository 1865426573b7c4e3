package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// Bug is a bug report: a file of the report's bugs folder
// (docs/conformance/bugs, whose README.md gives the form) that explains a
// library's failures with a program of its own, using only the library's
// public API.
type Bug struct {
	// File is the report's base name (library-slug.md).
	File    string
	Title   string
	Library string
	// Version is the library's version the program reproduced the bug at.
	Version string
	Rules   []toolspec.RuleID
	// Cases are the report's cases the bug explains: a scenario's
	// area/name, or random/<format> for any random stream of the format
	// that fails one of Rules.
	Cases []string
	// Program is the program's path from the repository's root, Run the
	// command that runs it there.
	Program, Run string
	// Sections are the file's level-2 headings, in order.
	Sections []string
	// Code is the body of the fenced block under the Program heading.
	Code string
}

// bugSections are the level-2 headings a bug report has, in order.
var bugSections = []string{"What happens", "What should happen", "Stream", "Program", "Why a provider sends this", "Related issues", "Rule"}

// LoadBugs reads the bug reports of dir (every .md file but README.md), in
// the order of their names, and checks each is in the form of the
// folder's README.md.
func LoadBugs(dir string) ([]Bug, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var bugs []Bug
	var errs []string
	for _, n := range names {
		if filepath.Base(n) == "README.md" {
			continue
		}
		data, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		b, err := parseBug(filepath.Base(n), data)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		bugs = append(bugs, b)
	}
	if len(errs) > 0 {
		return bugs, fmt.Errorf("bug reports of %s:\n%s", dir, strings.Join(errs, "\n"))
	}
	return bugs, nil
}

var (
	linkRE = regexp.MustCompile(`^\[([^\]]+)\]\(([^)]+)\)$`)
	ruleRE = regexp.MustCompile(`^[A-Z]+-[0-9]+$`)
)

// parseBug reads the bug report file of base name file.
func parseBug(file string, data []byte) (Bug, error) {
	b := Bug{File: file}
	bad := func(format string, a ...any) (Bug, error) {
		return b, fmt.Errorf("%s: %s", file, fmt.Sprintf(format, a...))
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "# ") {
		return bad("the first line is not the title (# ...)")
	}
	b.Title = strings.TrimPrefix(lines[0], "# ")
	fields := map[string]string{}
	inFence, section, fenceOpen := false, "", false
	var code []string
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "```") {
			if section == "Program" && b.Code == "" {
				if fenceOpen {
					b.Code = strings.Join(code, "\n") + "\n"
				}
				fenceOpen = !fenceOpen
			}
			inFence = !inFence
			continue
		}
		if fenceOpen {
			code = append(code, l)
			continue
		}
		if inFence {
			continue
		}
		if strings.HasPrefix(l, "## ") {
			section = strings.TrimPrefix(l, "## ")
			b.Sections = append(b.Sections, section)
			continue
		}
		if section == "" && strings.HasPrefix(l, "|") {
			c := splitRow(l)
			if len(c) == 2 && c[0] != "" && strings.Trim(c[0], "-") != "" {
				fields[c[0]] = c[1]
			}
		}
	}
	if !slices.Equal(b.Sections, bugSections) {
		return bad("sections %q, want %q", b.Sections, bugSections)
	}
	if b.Code == "" {
		return bad("no fenced program under Program")
	}
	lib := strings.Fields(fields["Library"])
	if len(lib) < 2 {
		return bad("Library %q: want the library's name and the version the bug was reproduced at", fields["Library"])
	}
	b.Library, b.Version = lib[0], strings.Join(lib[1:], " ")
	if !strings.HasPrefix(file, b.Library+"-") {
		return bad("the file's name does not start with its library %q", b.Library)
	}
	for _, r := range strings.Fields(strings.ReplaceAll(fields["Rules"], ",", " ")) {
		if !ruleRE.MatchString(r) {
			return bad("Rules: %q is no rule ID", r)
		}
		if _, ok := toolspec.LookupRule(toolspec.RuleID(r)); !ok {
			return bad("Rules: %s is no rule of SPEC.md", r)
		}
		b.Rules = append(b.Rules, toolspec.RuleID(r))
	}
	if len(b.Rules) == 0 {
		return bad("no Rules")
	}
	for _, c := range strings.Split(fields["Cases"], ",") {
		if c = strings.Trim(strings.TrimSpace(c), "`"); c != "" {
			b.Cases = append(b.Cases, c)
		}
	}
	if len(b.Cases) == 0 {
		return bad("no Cases")
	}
	m := linkRE.FindStringSubmatch(fields["Program"])
	if m == nil {
		return bad("Program %q: want [path](link)", fields["Program"])
	}
	b.Program = m[1]
	b.Run = strings.Trim(fields["Run"], "`")
	if b.Run == "" {
		return bad("no Run command")
	}
	return b, nil
}

// covers reports whether b explains failure f of library lib on the
// stream of seed (0 for a scenario): the same library, one of its rules,
// and one of its cases (caseMatches).
func (b Bug) covers(lib string, seed uint64, f spectest.Failure) bool {
	if b.Library != lib || !slices.Contains(b.Rules, f.Rule) {
		return false
	}
	for _, c := range b.Cases {
		if caseMatches(c, seed, f) {
			return true
		}
	}
	return false
}

// caseMatches reports whether entry, a case of a bug report or a note,
// names failure f's case on the stream of seed: a scenario by its name,
// random/<format> every random stream of the format, and
// "random/<format> seed N" the one drawn with seed N.
func caseMatches(entry string, seed uint64, f spectest.Failure) bool {
	if entry == f.Case {
		return true
	}
	if !strings.HasPrefix(entry, "random/") {
		return false
	}
	if name, n, ok := strings.Cut(entry, " seed "); ok {
		return strings.HasPrefix(f.Case, name) && n == strconv.FormatUint(seed, 10)
	}
	return strings.HasPrefix(f.Case, entry)
}

// bugFor returns the index in bugs of the first bug report that explains
// failure f of library lib on the stream of seed, or -1.
func bugFor(bugs []Bug, lib string, seed uint64, f spectest.Failure) int {
	for i, b := range bugs {
		if b.covers(lib, seed, f) {
			return i
		}
	}
	return -1
}

// Explain says what explains failure f of library lib on the stream of
// seed (a random case's; 0 for a scenario): "bug report
// <file>", "note <n>" (its number in the notes table), or, for a failure
// on real traffic that neither explains, "unexplained"; a robustness
// finding neither explains is "robustness".
func Explain(bugs []Bug, lib string, seed uint64, f spectest.Failure) string {
	if i := noteFor(lib, seed, f); i >= 0 {
		return fmt.Sprintf("note %d", i+1)
	}
	if i := bugFor(bugs, lib, seed, f); i >= 0 {
		return "bug report " + bugs[i].File
	}
	if f.Real {
		return "unexplained"
	}
	return "robustness"
}
