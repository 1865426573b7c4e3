// Package spectable reads the normative tables of spec/SPEC.md, so that
// tests can hold the copies of a table that code keeps (in spec, and in gen,
// which must not ask spec's oracle) equal to the text. It knows only the
// markdown, not package spec's types, so that spec's own tests can use it.
package spectable

import (
	"fmt"
	"strings"
)

// StopEntry is one raw reason of the END-4 table: the format whose column
// lists it, the raw reason and the canonical reason of its row.
type StopEntry struct {
	Format    string
	Raw       string
	Canonical string
}

// StopTable is the END-4 table of SPEC.md: the formats of its columns, in
// order, and its entries, row by row and in each row column by column.
type StopTable struct {
	Formats []string
	Entries []StopEntry
}

// ParseStopTable reads the END-4 table from the text of SPEC.md: the first
// table under the END-4 heading whose first header cell is "canonical".
// Every cell must be empty or a comma-separated list of code spans; the
// code span `""` is the empty raw reason. Anything else is an error, so
// that prose cannot hide in the table.
func ParseStopTable(specMD []byte) (StopTable, error) {
	var t StopTable
	lines := strings.Split(string(specMD), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "### END-4 ") {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return t, fmt.Errorf("SPEC.md has no END-4 heading")
	}
	head := -1
	for i := start; i < len(lines) && !strings.HasPrefix(lines[i], "### "); i++ {
		if cells, ok := row(lines[i]); ok && len(cells) > 1 && cells[0] == "canonical" {
			head = i
			t.Formats = cells[1:]
			break
		}
	}
	if head < 0 {
		return t, fmt.Errorf("END-4 has no table with a canonical column")
	}
	if head+1 >= len(lines) || !strings.HasPrefix(lines[head+1], "|---") {
		return t, fmt.Errorf("line %d: END-4 table header is not followed by a separator", head+2)
	}
	for i := head + 2; i < len(lines); i++ {
		cells, ok := row(lines[i])
		if !ok {
			break
		}
		if len(cells) != len(t.Formats)+1 {
			return t, fmt.Errorf("line %d: %d cells, want %d", i+1, len(cells), len(t.Formats)+1)
		}
		canon, err := codeSpans(cells[0])
		if err != nil || len(canon) != 1 || canon[0] == "" {
			return t, fmt.Errorf("line %d: canonical cell %q is not one code span", i+1, cells[0])
		}
		for k, cell := range cells[1:] {
			raws, err := codeSpans(cell)
			if err != nil {
				return t, fmt.Errorf("line %d, column %s: %v", i+1, t.Formats[k], err)
			}
			for _, raw := range raws {
				t.Entries = append(t.Entries, StopEntry{Format: t.Formats[k], Raw: raw, Canonical: canon[0]})
			}
		}
	}
	return t, nil
}

// row splits a markdown table line into its trimmed cells.
func row(line string) ([]string, bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil, false
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells, true
}

// codeSpans parses a cell that is empty or a comma-separated list of code
// spans; `""` stands for the empty string.
func codeSpans(cell string) ([]string, error) {
	if cell == "" {
		return nil, nil
	}
	var out []string
	for _, tok := range strings.Split(cell, ",") {
		tok = strings.TrimSpace(tok)
		if len(tok) < 3 || tok[0] != '`' || tok[len(tok)-1] != '`' || strings.Contains(tok[1:len(tok)-1], "`") {
			return nil, fmt.Errorf("%q is not a code span", tok)
		}
		s := tok[1 : len(tok)-1]
		if s == `""` {
			s = ""
		}
		out = append(out, s)
	}
	return out, nil
}
