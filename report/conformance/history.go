package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/report/adapters"
	"github.com/toolspec/toolspec/spec"
	"github.com/toolspec/toolspec/spectest"
)

// HistoryLibrary is a request converter of the report: the kit's history
// mode (spectest.CheckHistoryTranslator) runs it from one format to
// another.
type HistoryLibrary struct {
	Name     string // its column in the history table and the value of -histories
	Module   string
	Version  string
	From, To toolspec.Format
	New      func() spectest.HistoryTranslator
}

// HistoryLibraries are the report's request converters.
func HistoryLibraries() []HistoryLibrary {
	return []HistoryLibrary{{
		Name: "ollama-anthropic-requests", Module: "github.com/ollama/ollama/anthropic (FromMessagesRequest)",
		Version: adapters.OllamaVersion, From: toolspec.FormatAnthropic, To: toolspec.FormatOllama,
		New: adapters.OllamaAnthropicHistory,
	}}
}

// HistoryResult is what the history mode found for one converter.
type HistoryResult struct {
	Library HistoryLibrary
	Cases   []spectest.CaseResult
	Err     error
}

// RunHistories runs the history mode on libs: the history scenarios of
// each one's source format and o.Random random histories drawn with
// o.Seed.
func RunHistories(libs []HistoryLibrary, o Options) []HistoryResult {
	var out []HistoryResult
	for _, l := range libs {
		rep, err := spectest.CheckHistoryTranslator(l.New, l.From, l.To,
			spectest.RandomStreams(o.Random), spectest.Seed(o.Seed), spectest.ShrinkTime(o.ShrinkTime))
		r := HistoryResult{Library: l, Err: err}
		if rep != nil {
			r.Cases = rep.Cases
		}
		out = append(out, r)
	}
	return out
}

// historyRules are the rows of the history table.
func historyRules() []toolspec.Rule {
	var out []toolspec.Rule
	for _, r := range spec.Rules {
		if strings.HasPrefix(string(r.ID), "HIST-") || strings.HasPrefix(string(r.ID), "XLATE-") {
			out = append(out, r)
		}
	}
	return out
}

// historyColumns are the first columns of the history table.
var historyColumns = []string{"Rule", "Summary"}

// historySection is the heading of the history section.
const historySection = "Histories"

// RenderHistories renders the report's history section: one row per HIST
// and XLATE rule, a column per converter (**FAIL** (n cases): an element
// the target can carry is lost or the pairing changes; cannot carry (n
// cases): the Ollama format, say, has no place for it, which the model's
// own translation names too; pass), then each converter's failures.
func RenderHistories(results []HistoryResult) []byte {
	var b bytes.Buffer
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("## %s\n\n", historySection)
	p("The kit's history mode (spectest.CheckHistoryTranslator) on request converters: every history scenario of the\n")
	p("source format (spectest/testdata/histories) and random histories, judged by SPEC.md's XLATE fidelity contract\n")
	p("against the reference model's own translation. **FAIL** is an element the target format can carry that the\n")
	p("converter loses (or a changed pairing verdict); cannot carry is an element the target has no place for, which the\n")
	p("model's translation leaves out and names as well: a limit of the format, not of the converter.\n\n")
	p("| Converter | Version | Module | Formats | Cases |\n|---|---|---|---|---|\n")
	for _, r := range results {
		p("| %s | %s | %s | %s → %s | %d |\n", r.Library.Name, r.Library.Version, esc(r.Library.Module), r.Library.From, r.Library.To, len(r.Cases))
	}
	p("\n")
	cols := slices.Clone(historyColumns)
	for _, r := range results {
		cols = append(cols, r.Library.Name)
	}
	row(&b, cols)
	sep(&b, len(cols))
	for _, rule := range historyRules() {
		cells := []string{string(rule.ID), esc(rule.Summary)}
		for _, r := range results {
			fails, notes := historyCounts(r, rule.ID)
			var cell []string
			if fails > 0 {
				cell = append(cell, fmt.Sprintf("[**FAIL** (%d)](#%s)", fails, historyAnchor(r.Library.Name, rule.ID)))
			}
			if notes > 0 {
				cell = append(cell, fmt.Sprintf("cannot carry (%d)", notes))
			}
			if len(cell) == 0 {
				cell = append(cell, cellPass)
			}
			cells = append(cells, strings.Join(cell, "; "))
		}
		row(&b, cells)
	}
	for _, r := range results {
		p("\n### %s (histories)\n\n", r.Library.Name)
		if r.Err != nil {
			p("The run failed: %s\n", esc(r.Err.Error()))
			continue
		}
		for _, rule := range historyRules() {
			var lines []string
			for _, c := range r.Cases {
				for _, f := range c.Failures {
					if f.Rule == rule.ID {
						where := ""
						if f.Path != "" {
							where = " at `" + f.Path + "`"
						}
						lines = append(lines, fmt.Sprintf("- %s%s: got %s, want %s", c.Name, where, esc(f.Got), esc(f.Want)))
					}
				}
			}
			if len(lines) == 0 {
				continue
			}
			p("<a id=\"%s\"></a>\n\n#### %s\n\n%s\n\n", historyAnchor(r.Library.Name, rule.ID), rule.ID, strings.Join(lines, "\n"))
		}
	}
	return b.Bytes()
}

// historyCounts counts the cases of r that fail rule and those that note
// an element of it the target cannot carry.
func historyCounts(r HistoryResult, rule toolspec.RuleID) (fails, notes int) {
	for _, c := range r.Cases {
		if slices.ContainsFunc(c.Failures, func(f spectest.Failure) bool { return f.Rule == rule }) {
			fails++
		}
		if slices.ContainsFunc(c.Notes, func(n string) bool { return strings.HasPrefix(n, "cannot carry: "+string(rule)+" ") }) {
			notes++
		}
	}
	return fails, notes
}

// historyAnchor is the anchor of a converter's failures of one rule.
func historyAnchor(lib string, id toolspec.RuleID) string {
	return "histories-" + anchor(lib, id)
}

// SpliceHistories returns doc with its history section (from "## Histories"
// to the next level-2 heading or the end) replaced by section, or with
// section appended when doc has none.
func SpliceHistories(doc, section []byte) []byte {
	lines := strings.SplitAfter(string(doc), "\n")
	start, end := -1, len(lines)
	for i, l := range lines {
		if strings.TrimRight(l, "\n") == "## "+historySection {
			start = i
			continue
		}
		if start >= 0 && strings.HasPrefix(l, "## ") {
			end = i
			break
		}
	}
	if start < 0 {
		out := strings.TrimRight(string(doc), "\n") + "\n\n" + strings.TrimRight(string(section), "\n") + "\n"
		return []byte(out)
	}
	rest := strings.Join(lines[end:], "")
	if rest != "" {
		rest = "\n" + rest
	}
	return []byte(strings.Join(lines[:start], "") + strings.TrimRight(string(section), "\n") + "\n" + rest)
}

// checkHistories checks the history section of a report: one table row
// per HIST and XLATE rule, a column per converter, every failure cell
// linking to a list of failures.
func checkHistories(doc []byte, tables []table) error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	libs := HistoryLibraries()
	cols := slices.Clone(historyColumns)
	for _, l := range libs {
		cols = append(cols, l.Name)
	}
	var found []table
	for _, t := range tables {
		if t.section == historySection && slices.Equal(t.header, cols) {
			found = append(found, t)
		}
	}
	if len(found) != 1 {
		return fmt.Errorf("%s: %d tables with columns %q, want 1 (run the generator with -histories)", historySection, len(found), cols)
	}
	rules := historyRules()
	if len(found[0].rows) != len(rules) {
		bad("%s: %d rows, want %d, one per HIST and XLATE rule", historySection, len(found[0].rows), len(rules))
	}
	cellRE := regexp.MustCompile(`^(\[\*\*FAIL\*\* \([0-9]+\)\]\(#([^)]+)\))?(; )?(cannot carry \([0-9]+\))?$`)
	for i, r := range found[0].rows {
		if i >= len(rules) {
			break
		}
		if r[0] != string(rules[i].ID) {
			bad("%s row %d: %s, want %s", historySection, i+1, r[0], rules[i].ID)
			continue
		}
		for j, c := range r[len(historyColumns):] {
			if j >= len(libs) || c == cellPass {
				continue
			}
			m := cellRE.FindStringSubmatch(c)
			if m == nil || c == "" {
				bad("%s %s, %s: cell %q", historySection, r[0], libs[j].Name, c)
				continue
			}
			if m[2] != "" && !strings.Contains(string(doc), `<a id="`+m[2]+`"></a>`) {
				bad("%s %s, %s: no list of failures #%s", historySection, r[0], libs[j].Name, m[2])
			}
		}
	}
	return errors.Join(errs...)
}
