package impl

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// TestCanonicalReadsSpecTable: impl's lookup holds every entry of spec's
// END-4 table and a row for every format; an unlisted reason is other.
func TestCanonicalReadsSpecTable(t *testing.T) {
	for _, e := range spec.StopTable() {
		if got := canonical(e.Format, []byte(e.Raw)); got != e.Canonical {
			t.Errorf("canonical(%s, %q) = %s, spec says %s", e.Format, e.Raw, got, e.Canonical)
		}
	}
	for _, f := range spec.Formats {
		if _, ok := stopRows[f]; !ok {
			t.Errorf("no END-4 row for %s", f)
		}
		if got := canonical(f, []byte("no such reason")); got != spec.StopOther {
			t.Errorf("canonical(%s, unlisted) = %s, want other", f, got)
		}
	}
}

// TestMachineReadsFormatRules: the machine takes PAIR-1 and PAIR-7 from
// spec's FormatRules of its format.
func TestMachineReadsFormatRules(t *testing.T) {
	for _, f := range spec.Formats {
		r, _ := spec.LookupFormatRules(f)
		a := New(f, spec.Limits{})
		if a.m.explicitStart != r.ExplicitStart || a.m.implicitBlocks != r.ImplicitBlocks {
			t.Errorf("%s: machine has explicitStart=%v implicitBlocks=%v, spec says %+v", f, a.m.explicitStart, a.m.implicitBlocks, r)
		}
	}
}
