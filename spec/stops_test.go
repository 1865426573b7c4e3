package spec

import (
	"os"
	"testing"

	"github.com/toolspec/toolspec/internal/spectable"
)

// canonicalReasons are the reasons a raw reason may map to.
var canonicalReasons = map[StopReason]bool{
	StopEnd: true, StopToolUse: true, StopLength: true, StopSequence: true, StopContentFilter: true,
	StopRefusal: true, StopPause: true, StopMalformed: true, StopError: true, StopOther: true,
}

// TestSpecMatchesStopTable holds the END-4 table of SPEC.md and
// StopTable equal: the same columns as Formats, the same entries in the
// same order, every entry in both, and CanonicalStop reading it.
func TestSpecMatchesStopTable(t *testing.T) {
	data, err := os.ReadFile("SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	md, err := spectable.ParseStopTable(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(md.Formats) != len(Formats) {
		t.Fatalf("END-4 has columns %v, spec.Formats is %v", md.Formats, Formats)
	}
	for i, f := range Formats {
		if md.Formats[i] != string(f) {
			t.Errorf("END-4 column %d is %q, spec.Formats[%d] is %q", i+1, md.Formats[i], i, f)
		}
	}
	inSpec := map[StopEntry]bool{}
	for _, e := range md.Entries {
		se := StopEntry{Format(e.Format), e.Raw, StopReason(e.Canonical)}
		if inSpec[se] {
			t.Errorf("SPEC.md lists %s %q twice", e.Format, e.Raw)
		}
		inSpec[se] = true
	}
	table := StopTable()
	inData := map[StopEntry]bool{}
	for _, e := range table {
		inData[e] = true
		if !inSpec[e] {
			t.Errorf("spec.StopTable maps %s %q to %s; SPEC.md's END-4 table does not", e.Format, e.Raw, e.Canonical)
		}
	}
	for e := range inSpec {
		if !inData[e] {
			t.Errorf("SPEC.md's END-4 table maps %s %q to %s; spec.StopTable does not", e.Format, e.Raw, e.Canonical)
		}
	}
	if !t.Failed() {
		for i, e := range md.Entries {
			if got := (StopEntry{Format(e.Format), e.Raw, StopReason(e.Canonical)}); got != table[i] {
				t.Errorf("entry %d: SPEC.md has %v, spec.StopTable has %v (keep the order of SPEC.md)", i, got, table[i])
			}
		}
	}
}

// TestStopTableCovers fails when a format has no END-4 entry, an entry
// maps to a reason that is not canonical, or CanonicalStop does not read
// the table.
func TestStopTableCovers(t *testing.T) {
	per := map[Format]int{}
	for _, e := range StopTable() {
		per[e.Format]++
		if !canonicalReasons[e.Canonical] {
			t.Errorf("%s %q maps to %q, not a canonical reason", e.Format, e.Raw, e.Canonical)
		}
		if got := CanonicalStop(e.Format, e.Raw); got != e.Canonical {
			t.Errorf("CanonicalStop(%s, %q) = %s, want %s", e.Format, e.Raw, got, e.Canonical)
		}
	}
	for _, f := range Formats {
		if per[f] == 0 {
			t.Errorf("format %s has no END-4 entry", f)
		}
		if got := CanonicalStop(f, "no such reason"); got != StopOther {
			t.Errorf("CanonicalStop(%s, unlisted) = %s, want other", f, got)
		}
	}
	// A copy: changing it changes nothing.
	tab := StopTable()
	tab[0].Canonical = StopError
	if StopTable()[0].Canonical == StopError {
		t.Error("StopTable returns the table itself, not a copy")
	}
}

// TestCanonicalStopUnknownFormat: an unknown format is a programming
// error, never a silent other.
func TestCanonicalStopUnknownFormat(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("CanonicalStop of an unknown format did not panic")
		}
	}()
	CanonicalStop("no-such-format", "stop")
}

// TestFormatRules fails when a format has no FormatRules, or the rules
// differ from what PAIR-1 and PAIR-7 say.
func TestFormatRules(t *testing.T) {
	explicit := map[Format]bool{FormatAnthropic: true, FormatOpenAIResponses: true} // PAIR-1
	implicit := map[Format]bool{FormatBedrock: true}                                // PAIR-7
	for _, f := range Formats {
		r, ok := LookupFormatRules(f)
		if !ok {
			t.Errorf("format %s has no FormatRules", f)
			continue
		}
		if r.ExplicitStart != explicit[f] {
			t.Errorf("%s: ExplicitStart = %v, PAIR-1 says %v", f, r.ExplicitStart, explicit[f])
		}
		if r.ImplicitBlocks != implicit[f] {
			t.Errorf("%s: ImplicitBlocks = %v, PAIR-7 says %v", f, r.ImplicitBlocks, implicit[f])
		}
	}
	if _, ok := LookupFormatRules("no-such-format"); ok {
		t.Error("LookupFormatRules of an unknown format reports ok")
	}
	if len(formatRules) != len(Formats) {
		t.Errorf("formatRules has %d formats, spec.Formats %d", len(formatRules), len(Formats))
	}
}
