package model

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// TestEveryStopEntryHasAScenario fails when a raw reason of the END-4
// table is not the raw reason of some stop of some scenario of its format:
// each mapping is shown by a golden transcript, not only by the table.
func TestEveryStopEntryHasAScenario(t *testing.T) {
	type key struct {
		f   spec.Format
		raw string
	}
	seen := map[key]bool{}
	for _, sc := range loadScenarios(t) {
		for _, st := range Reassemble(sc.Format, sc.Input, sc.Limits).Stops {
			if st.Raw != "" || st.Reason != spec.StopTruncated && st.Reason != spec.StopNone && st.Reason != spec.StopError {
				seen[key{sc.Format, st.Raw}] = true
			}
		}
	}
	for _, e := range spec.StopTable() {
		if !seen[key{e.Format, e.Raw}] {
			t.Errorf("no scenario shows %s raw reason %q (END-4: %s)", e.Format, e.Raw, e.Canonical)
		}
	}
}
