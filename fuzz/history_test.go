package fuzz

import (
	"flag"
	"strconv"
	"testing"

	"github.com/toolspec/toolspec/impl"

	"pgregory.net/rapid"
)

// TestHistoryModelImpl: on generated histories, well paired, with one
// pairing fault or broken at random, impl's checker, Repair and codecs
// give model's results. Each check encodes and decodes in every format
// with both implementations, so it runs a fifth of the package's checks.
func TestHistoryModelImpl(t *testing.T) {
	fewerChecks(t, 5)
	rapid.Check(t, historyProp)
}

// fewerChecks divides rapid's number of checks by n for the rest of t.
func fewerChecks(t *testing.T, n int) {
	f := flag.Lookup("rapid.checks")
	old := f.Value.String()
	k, err := strconv.Atoi(old)
	if err != nil {
		t.Fatalf("rapid.checks is %q: %v", old, err)
	}
	if err := f.Value.Set(strconv.Itoa(max(k/n, 1))); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}

// TestHistoryScenariosImpl runs every history scenario whose formats impl
// has codecs for through impl and requires the result the model recorded
// in its want section; each scenario's document is also compared with the
// model's decoding, check and translations field by field.
func TestHistoryScenariosImpl(t *testing.T) {
	ran := 0
	for _, sc := range histories(t) {
		got, ok := implHistoryTranscript(sc)
		if !ok {
			continue
		}
		ran++
		if got != sc.Want {
			t.Errorf("%s: impl's transcript differs from the model's\n--- impl\n%s--- model\n%s", sc.Name, got, sc.Want)
		}
		f := sc.Format
		if sc.Translation() {
			f = sc.From
		}
		compareHistoryDoc(t, f, sc.Doc)
	}
	if ran == 0 {
		t.Fatal("no history scenario has formats impl has codecs for")
	}
	t.Logf("%d history scenarios run through impl", ran)
}

// TestAssistantTurnModelImpl: on the outcome of every scenario and capture
// of the stream corpus, impl's AssistantTurn gives model's.
func TestAssistantTurnModelImpl(t *testing.T) {
	for _, in := range corpus(t) {
		compareTurns(t, impl.Reassemble(in.f, in.data, in.lim))
	}
}
