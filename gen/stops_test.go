package gen

import (
	"os"
	"testing"

	"github.com/toolspec/toolspec/internal/spectable"
	"github.com/toolspec/toolspec/spec"
)

// TestStopTableMatchesSpec holds gen's own copy of the END-4 table (gen
// must not ask spec or model what a raw reason means) equal to SPEC.md's
// table in both directions, with a row for every format.
func TestStopTableMatchesSpec(t *testing.T) {
	data, err := os.ReadFile("../spec/SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	md, err := spectable.ParseStopTable(data)
	if err != nil {
		t.Fatal(err)
	}
	inSpec := map[spec.Format]map[string]spec.StopReason{}
	for _, e := range md.Entries {
		f := spec.Format(e.Format)
		if inSpec[f] == nil {
			inSpec[f] = map[string]spec.StopReason{}
		}
		inSpec[f][e.Raw] = spec.StopReason(e.Canonical)
		got, ok := stopTable[f][e.Raw]
		switch {
		case !ok:
			t.Errorf("SPEC.md maps %s %q to %s; gen's stopTable does not list it", f, e.Raw, e.Canonical)
		case got != spec.StopReason(e.Canonical):
			t.Errorf("SPEC.md maps %s %q to %s; gen's stopTable to %s", f, e.Raw, e.Canonical, got)
		}
	}
	for f, row := range stopTable {
		for raw, r := range row {
			if _, ok := inSpec[f][raw]; !ok {
				t.Errorf("gen's stopTable maps %s %q to %s; SPEC.md's END-4 table does not list it", f, raw, r)
			}
		}
	}
	for _, f := range spec.Formats {
		if len(stopTable[f]) == 0 {
			t.Errorf("gen's stopTable has no row for %s", f)
		}
	}
}
