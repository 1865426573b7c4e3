package conformance

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// title is the report's first line.
const title = "# Conformance of third-party tool-call reassemblers"

// CheckDocument reports whether doc, the report read from the file at
// docPath, is in the form Render writes for libs, and every error it
// finds: the title and the level-2 headings in order; the header's fields;
// the libraries table's columns, and one row per library in order with its
// exact version and its counts (numbers; a report generated before the
// conformance levels may have "–" in the columns whose counts depend on
// them, which Render never writes); the rules table with one column per library and one row
// per rule of SPEC.md in order, every cell pass, n/a, or a FAIL, warn or
// noted link to that library's list of failures of the rule, which must
// exist ("–" in the rows of a rule added after the report was generated,
// which Render never writes);
// the columns of the throughput, failure and notes tables, one throughput
// or failure section per library, the notes table holding the generator's
// notes; and every relative link resolving to a file, every file of the
// report's folder (docPath without .md) linked. It does not look at the
// results, the counts or the timings.
func CheckDocument(doc []byte, docPath string, libs []Library) error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	md := parse(doc)

	if len(md.lines) == 0 || md.lines[0] != title {
		bad("the first line is not %q", title)
	}
	if got := md.headings(2, ""); !slices.Equal(got, sections) {
		bad("level-2 headings %q, want %q", got, sections)
	}
	var names []string
	for _, l := range libs {
		names = append(names, l.Name)
	}
	if got := md.headings(3, "Failures"); !slices.Equal(got, names) {
		bad("libraries under Failures %q, want %q", got, names)
	}

	tables := md.tables()
	if len(tables) == 0 {
		return errors.New("no table")
	}
	head := tables[0]
	var keys []string
	for _, r := range head.rows {
		keys = append(keys, r[0])
	}
	if want := []string{"toolspec commit", "corpus", "generated", "Go", "run time"}; !slices.Equal(keys, want) {
		bad("header fields %q, want %q", keys, want)
	}

	byHeader := func(section string, cols []string) []table {
		var out []table
		for _, t := range tables {
			if t.section == section && slices.Equal(t.header, cols) {
				out = append(out, t)
			}
		}
		return out
	}
	checkOne := func(section string, cols []string) *table {
		ts := byHeader(section, cols)
		if len(ts) != 1 {
			bad("%s: %d tables with columns %q, want 1", section, len(ts), cols)
			return nil
		}
		return &ts[0]
	}

	if t := checkOne("Libraries", libraryColumns); t != nil {
		if len(t.rows) != len(libs) {
			bad("Libraries: %d rows, want %d (%s)", len(t.rows), len(libs), strings.Join(names, ", "))
		}
		for i, r := range t.rows {
			if i >= len(libs) {
				break
			}
			if r[0] != libs[i].Name || r[1] != libs[i].Describe.Version {
				bad("Libraries row %d: %s %s, want %s %s", i+1, r[0], r[1], libs[i].Name, libs[i].Describe.Version)
			}
			if len(r) != len(libraryColumns) {
				bad("Libraries row %d: %d cells, want %d", i+1, len(r), len(libraryColumns))
				continue
			}
			if c := r[len(r)-1]; c != "none" && !regexp.MustCompile(`^\[1\]\([^)]+\)( \[[0-9]+\]\([^)]+\))*$`).MatchString(c) {
				bad("Libraries row %d: bug reports %q", i+1, c)
			}
			for j, c := range r[6 : len(r)-1] {
				if regexp.MustCompile(`^[0-9]+$`).MatchString(c) {
					continue
				}
				if c == notCounted && slices.Contains(levelColumns, libraryColumns[6+j]) {
					continue // a report generated before the conformance levels
				}
				bad("Libraries row %d: count %q", i+1, c)
			}
		}
	}

	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`<a id="([^"]+)"></a>`).FindAllStringSubmatch(string(doc), -1) {
		ids[m[1]] = true
	}
	if t := checkOne("Rules", append([]string{"Rule"}, names...)); t != nil {
		rules := streamRules()
		if len(t.rows) != len(rules) {
			bad("Rules: %d rows, want %d, one per rule", len(t.rows), len(rules))
		}
		cellRE := regexp.MustCompile(`^\[(noted|warn|\*\*FAIL\*\*)\]\(#([^)]+)\)$`)
		for i, r := range t.rows {
			if i >= len(rules) {
				break
			}
			if r[0] != string(rules[i].ID) {
				bad("Rules row %d: %s, want %s", i+1, r[0], rules[i].ID)
				continue
			}
			for j, c := range r[1:] {
				if j >= len(libs) || c == cellPass || c == cellNA || c == notCounted {
					continue // notCounted: a rule added after the report was generated
				}
				m := cellRE.FindStringSubmatch(c)
				if m == nil {
					bad("Rules %s, %s: cell %q", r[0], names[j], c)
					continue
				}
				if want := anchor(names[j], rules[i].ID); m[2] != want {
					bad("Rules %s, %s: links #%s, want #%s", r[0], names[j], m[2], want)
				} else if !ids[want] {
					bad("Rules %s, %s: no list of failures #%s", r[0], names[j], want)
				}
			}
		}
	}

	for _, t := range byHeader("Throughput", throughputColumns) {
		for _, r := range t.rows {
			if !slices.Contains(names, r[0]) {
				bad("Throughput: row of %q, which is no library", r[0])
			}
		}
	}
	if n := len(byHeader("Throughput", throughputColumns)); n != 1 {
		bad("Throughput: %d tables with columns %q, want 1", n, throughputColumns)
	}
	for _, t := range tables {
		if t.section == "Failures" && !slices.Equal(t.header, failureColumns) {
			bad("Failures: a table with columns %q, want %q", t.header, failureColumns)
		}
	}
	if t := checkOne("Notes", noteColumns); t != nil {
		if len(t.rows) != len(Notes) {
			bad("Notes: %d rows, want %d", len(t.rows), len(Notes))
		}
		for i, r := range t.rows {
			if i < len(Notes) && (r[1] != Notes[i].Library || r[2] != noteRules(Notes[i])) {
				bad("Notes row %d: %s %s, want %s %s", i+1, r[1], r[2], Notes[i].Library, noteRules(Notes[i]))
			}
			if !strings.Contains(string(doc), fmt.Sprintf("noted ([%d](#note-%d))", i+1, i+1)) {
				bad("note %d covers no failure of the report: drop it from the notes table or run make report", i+1)
			}
		}
	}

	bugs, err := LoadBugs(filepath.Join(strings.TrimSuffix(docPath, ".md"), "bugs"))
	if err != nil {
		errs = append(errs, err)
	}
	if t := checkOne("Bug reports", bugColumns); t != nil {
		if len(t.rows) != len(bugs) {
			bad("Bug reports: %d rows, want %d, one per file of the bugs folder", len(t.rows), len(bugs))
		}
		for i, r := range t.rows {
			if i >= len(bugs) {
				break
			}
			if r[1] != bugs[i].Library || !strings.HasSuffix(r[0], "/bugs/"+bugs[i].File+")") {
				bad("Bug reports row %d: %s %s, want %s %s", i+1, r[1], r[0], bugs[i].Library, bugs[i].File)
			}
			if !strings.Contains(string(doc), "([bug report]("+strings.TrimSuffix(filepath.Base(docPath), ".md")+"/bugs/"+bugs[i].File+"))") {
				bad("bug report %s explains no failure of the report: its bug is fixed or its cases changed; update it, or run make report", bugs[i].File)
			}
		}
	}
	if !strings.Contains(string(doc), unexplainedLead) {
		bad("no line %q", unexplainedLead)
	}

	if err := checkHistories(doc, tables); err != nil {
		errs = append(errs, err)
	}

	// Links.
	dir := filepath.Dir(docPath)
	linked := map[string]bool{}
	for _, m := range regexp.MustCompile(`\]\(([^)#][^)]*)\)`).FindAllStringSubmatch(string(doc), -1) {
		target := m[1]
		if strings.Contains(target, "://") {
			continue
		}
		p := filepath.Clean(filepath.Join(dir, filepath.FromSlash(target)))
		linked[p] = true
		if _, err := os.Stat(p); err != nil {
			bad("a link to %s, which does not exist", target)
		}
	}
	files := strings.TrimSuffix(docPath, ".md")
	_ = filepath.WalkDir(files, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !linked[filepath.Clean(p)] {
			bad("%s is not linked from the report", p)
		}
		return nil
	})
	return errors.Join(errs...)
}

// document is a markdown file read as headings and tables.
type document struct {
	lines []string
}

func parse(doc []byte) document {
	var d document
	sc := bufio.NewScanner(bytes.NewReader(doc))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		d.lines = append(d.lines, sc.Text())
	}
	return d
}

// headings returns the texts of the level-n headings, all of them when
// under is "", else those under the level-2 heading under.
func (d document) headings(n int, under string) []string {
	prefix := strings.Repeat("#", n) + " "
	var out []string
	in := under == ""
	for _, l := range d.lines {
		if strings.HasPrefix(l, "## ") && under != "" {
			in = l == "## "+under
		}
		if in && strings.HasPrefix(l, prefix) {
			out = append(out, strings.TrimPrefix(l, prefix))
		}
	}
	return out
}

// table is one markdown table: the level-2 section it is in, its header
// and its rows, cells trimmed.
type table struct {
	section string
	header  []string
	rows    [][]string
}

func (d document) tables() []table {
	var out []table
	section := ""
	var cur *table
	for _, l := range d.lines {
		if strings.HasPrefix(l, "## ") {
			section = strings.TrimPrefix(l, "## ")
		}
		if !strings.HasPrefix(l, "|") {
			if cur != nil {
				out = append(out, *cur)
				cur = nil
			}
			continue
		}
		cells := splitRow(l)
		switch {
		case cur == nil:
			cur = &table{section: section, header: cells}
		case len(cur.rows) == 0 && strings.Trim(l, "|-") == "":
		default:
			cur.rows = append(cur.rows, cells)
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// splitRow splits a table row at the bars that are not escaped.
func splitRow(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(l, "|")
	l = strings.TrimSuffix(l, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteString(`\|`)
			i++
		case l[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(l[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}
