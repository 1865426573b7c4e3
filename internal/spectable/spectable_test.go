package spectable

import (
	"reflect"
	"strings"
	"testing"
)

const sample = "### END-4 — x\n\ntext\n\n" +
	"| canonical | a | b |\n" +
	"|---|---|---|\n" +
	"| `end` | `stop`, `\"\"` | |\n" +
	"| `length` | | `MAX` |\n" +
	"\n" +
	"| signal | a | b |\n" +
	"|---|---|---|\n" +
	"| `error` | prose | more prose |\n" +
	"\n### END-5 — y\n"

func TestParseStopTable(t *testing.T) {
	got, err := ParseStopTable([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := StopTable{
		Formats: []string{"a", "b"},
		Entries: []StopEntry{{"a", "stop", "end"}, {"a", "", "end"}, {"b", "MAX", "length"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestParseStopTableRejects: prose, a short row, or a missing table is an
// error, never a table with fewer entries.
func TestParseStopTableRejects(t *testing.T) {
	for name, md := range map[string]string{
		"prose cell":      strings.Replace(sample, "`MAX`", "no finish", 1),
		"short row":       strings.Replace(sample, "| `length` | | `MAX` |", "| `length` | `MAX` |", 1),
		"bad canonical":   strings.Replace(sample, "| `length` |", "| length |", 1),
		"no table":        "### END-4 — x\n\ntext\n",
		"no heading":      "### END-3 — x\n",
		"no separator":    strings.Replace(sample, "|---|---|---|\n| `end`", "| `end`", 1),
		"unclosed span":   strings.Replace(sample, "`MAX`", "`MAX", 1),
		"table elsewhere": strings.Replace(sample, "### END-4", "### END-3", 1),
	} {
		if _, err := ParseStopTable([]byte(md)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
