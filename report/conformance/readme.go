package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The README's summary of the report sits between these two lines; make
// report rewrites it from the report it writes, and TestCommittedReadme
// holds it equal to the committed report, so that the README never quotes
// a number the report does not hold.
const (
	ReadmeBegin = "<!-- report-summary: written by make report from docs/conformance.md; do not edit -->"
	ReadmeEnd   = "<!-- report-summary end -->"
)

// ReadmeSummary writes the README's summary of the report doc (the
// markdown Render writes): the commit and date of the run, each library's
// failing cases on real traffic, robustness findings and warned cases out
// of the cases run (the libraries table), and the range of the throughput
// table's geometric means. It reads doc only, so that the README can be
// checked against the committed report without running anything.
func ReadmeSummary(doc []byte) (string, error) {
	meta := map[string]string{}
	for _, r := range tableRows(doc, "") {
		if len(r) == 2 {
			meta[r[0]] = r[1]
		}
	}
	commit, date := meta["toolspec commit"], meta["generated"]
	if commit == "" || date == "" {
		return "", errors.New("the report names no commit or date")
	}
	libs := tableRows(doc, "Libraries")
	if len(libs) < 2 {
		return "", errors.New("the report has no libraries table")
	}
	col := map[string]int{}
	for i, h := range libs[0] {
		col[h] = i
	}
	for _, h := range []string{"Library", "Cases run", "Failed on real traffic", "Robustness findings", "Warned"} {
		if _, ok := col[h]; !ok {
			return "", fmt.Errorf("the libraries table has no column %q", h)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "In the [report](docs/conformance.md) of toolspec commit `%s` (%s), the cases that fail on\n", commit, date)
	b.WriteString("streams of shapes providers send (seen scenarios and valid random draws that take no liberty; the MUST level of\n")
	b.WriteString("SPEC.md's conformance levels), out of the cases run:\n\n")
	b.WriteString("| Library | Failed on real traffic | Robustness findings | Warned | Cases run |\n|---|---|---|---|---|\n")
	for _, r := range libs[1:] {
		if len(r) != len(libs[0]) {
			return "", fmt.Errorf("a libraries row of %d cells, want %d", len(r), len(libs[0]))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", r[col["Library"]], r[col["Failed on real traffic"]],
			r[col["Robustness findings"]], r[col["Warned"]], r[col["Cases run"]])
	}
	lo, hi := 0.0, 0.0
	n := 0
	for _, r := range tableRows(doc, "Throughput") {
		if len(r) < 2 || r[1] != "**geometric mean**" {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.Trim(r[len(r)-1], "*"), "×"), 64)
		if err != nil {
			return "", fmt.Errorf("a geometric mean %q: %v", r[len(r)-1], err)
		}
		if n == 0 || v < lo {
			lo = v
		}
		if n == 0 || v > hi {
			hi = v
		}
		n++
	}
	if n > 0 {
		fmt.Fprintf(&b, "\nOn the same bytes, toolspec reassembled the streams %.1fx to %.1fx faster than the Go\n", lo, hi)
		b.WriteString("libraries (the geometric means of the report's throughput table, one run on one machine).\n")
	}
	return b.String(), nil
}

// tableRows returns the cells of the first markdown table under the
// section "## name" of doc (the first table of doc for name ""), header
// row first, the separator row left out.
func tableRows(doc []byte, name string) [][]string {
	lines := strings.Split(string(doc), "\n")
	i := 0
	if name != "" {
		for i < len(lines) && lines[i] != "## "+name {
			i++
		}
	}
	for i < len(lines) && !strings.HasPrefix(lines[i], "|") {
		i++
	}
	var rows [][]string
	for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
		cells := strings.Split(strings.Trim(lines[i], "|"), "|")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		if len(cells) > 0 && strings.HasPrefix(cells[0], "---") {
			continue
		}
		rows = append(rows, cells)
	}
	return rows
}

// SpliceReadme returns readme with the text between ReadmeBegin and
// ReadmeEnd replaced by summary.
func SpliceReadme(readme []byte, summary string) ([]byte, error) {
	i := bytes.Index(readme, []byte(ReadmeBegin+"\n"))
	j := bytes.Index(readme, []byte(ReadmeEnd))
	if i < 0 || j < i {
		return nil, errors.New("the README has no report summary between its two marker lines")
	}
	var b bytes.Buffer
	b.Write(readme[:i+len(ReadmeBegin)+1])
	b.WriteString(summary)
	b.Write(readme[j:])
	return b.Bytes(), nil
}

// ReadmeBlock returns the text between ReadmeBegin and ReadmeEnd of readme.
func ReadmeBlock(readme []byte) (string, error) {
	i := bytes.Index(readme, []byte(ReadmeBegin+"\n"))
	j := bytes.Index(readme, []byte(ReadmeEnd))
	if i < 0 || j < i {
		return "", errors.New("the README has no report summary between its two marker lines")
	}
	return string(readme[i+len(ReadmeBegin)+1 : j]), nil
}
