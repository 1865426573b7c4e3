package scenario

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// PatternRow is one row of the field-notes pattern table at the end of
// SPEC.md: the rules that handle or reject the pattern and the scenarios
// (paths under spectest/testdata/scenarios, without .txtar) that show it.
type PatternRow struct {
	Rules     []spec.RuleID
	Scenarios []string
}

// PatternTable parses the pattern table of SPEC.md, keyed by pattern number.
func PatternTable(specMD []byte) map[int]PatternRow {
	_, table, _ := strings.Cut(string(specMD), "## 12. Field-notes patterns")
	rows := map[int]PatternRow{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 6 {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(cells[1]))
		if err != nil {
			continue
		}
		var row PatternRow
		for _, r := range strings.Split(cells[3], ",") {
			row.Rules = append(row.Rules, spec.RuleID(strings.TrimSpace(r)))
		}
		for _, s := range strings.Split(cells[4], ",") {
			row.Scenarios = append(row.Scenarios, strings.TrimSpace(s))
		}
		rows[n] = row
	}
	return rows
}
