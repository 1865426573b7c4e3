package gen

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// pairing is this test's own reading of a well-paired history, by id and,
// for calls without one, by name and order: the problems it finds, as
// rule and path.
func pairing(h spec.History) []HistoryFault {
	var faults []HistoryFault
	var open []spec.Part // calls of the current turn not yet answered
	var openAt []string
	turnAt := -1 // index of the current assistant turn
	afterUser := false
	for i, m := range h.Messages {
		switch m.Role {
		case spec.RoleAssistant, spec.RoleUser, spec.RoleSystem:
			// A call is unanswered when the next turn begins without its
			// result; one that comes after a user message is misplaced,
			// but answers it.
			if m.Role == spec.RoleAssistant {
				for k := range open {
					faults = append(faults, HistoryFault{spec.HistUnanswered, openAt[k]})
				}
				open, openAt = nil, nil
			}
			if m.Role == spec.RoleAssistant {
				turnAt, afterUser = i, false
				seen := map[string]bool{}
				for j, p := range m.Parts {
					if p.Kind != spec.PartCall {
						continue
					}
					if p.ID != "" && seen[p.ID] {
						faults = append(faults, HistoryFault{spec.HistDupID, hPartPath(i, j)})
					}
					seen[p.ID] = true
					open = append(open, p)
					openAt = append(openAt, hPartPath(i, j))
				}
			} else {
				afterUser = true
			}
		case spec.RoleTool:
			r := m.Parts[0]
			k := -1
			for n, c := range open {
				if r.ID != "" && c.ID == r.ID || r.ID == "" && c.ID == "" && c.Name == r.Name {
					k = n
					break
				}
			}
			switch {
			case k < 0 && turnAt >= 0 && answeredBefore(h, turnAt, i, r):
				faults = append(faults, HistoryFault{spec.HistDupResult, hPartPath(i, 0)})
			case k < 0:
				faults = append(faults, HistoryFault{spec.HistOrphan, hPartPath(i, 0)})
			default:
				if afterUser {
					faults = append(faults, HistoryFault{spec.HistMisplaced, hPartPath(i, 0)})
				}
				open = append(open[:k:k], open[k+1:]...)
				openAt = append(openAt[:k:k], openAt[k+1:]...)
			}
		}
	}
	if afterUser {
		for k := range open {
			faults = append(faults, HistoryFault{spec.HistUnanswered, openAt[k]})
		}
	}
	return faults
}

// answeredBefore reports whether a result between messages turn and i
// already answered the call r names.
func answeredBefore(h spec.History, turn, i int, r spec.Part) bool {
	for k := turn + 1; k < i; k++ {
		if m := h.Messages[k]; m.Role == spec.RoleTool && m.Parts[0].ID == r.ID && (r.ID != "" || m.Parts[0].Name == r.Name) {
			return true
		}
	}
	return false
}

// checkUntil runs prop as rapid.Check does, with as many draws under
// -short as without (rapid draws a fifth of its checks under -short), and
// then more rounds, up to 50, until covered reports that every shape the
// test requires was drawn: rapid's seed changes on every run, and a rare
// shape (a Kimi id recurring across turns) is missed by one round of 100
// draws about one run in eight. A shape the generator cannot draw still
// fails the test, after at most 5,000 draws.
func checkUntil(t *testing.T, prop func(*rapid.T), covered func() bool) {
	t.Helper()
	n := 1
	if testing.Short() {
		n = 5
	}
	for i := 0; i < n || !covered() && i < 50*n; i++ {
		rapid.Check(t, prop)
		if t.Failed() {
			return
		}
	}
}

// TestAnyHistoryWellPaired: generated histories are in the normal form of
// spec/history.go (one result per tool message, no two messages of one
// role in a row but tool messages) and well paired; with ids, every call
// and result has one.
func TestAnyHistoryWellPaired(t *testing.T) {
	var kimiRecurs, calls, pending int
	checkUntil(t, func(t *rapid.T) {
		ids := rapid.Bool().Draw(t, "ids")
		h := AnyHistory(t, ids)
		seenIDs := map[string]int{}
		for i, m := range h.Messages {
			if i > 0 && m.Role != spec.RoleTool && m.Role == h.Messages[i-1].Role {
				t.Fatalf("messages %d and %d have one role", i-1, i)
			}
			for _, p := range m.Parts {
				if (m.Role == spec.RoleTool) != (p.Kind == spec.PartResult) {
					t.Fatalf("message %d (role %d) holds a part of kind %d", i, m.Role, p.Kind)
				}
				if p.Kind == spec.PartCall {
					calls++
					if ids && p.ID == "" {
						t.Fatalf("call without id in %+v", m)
					}
					if seenIDs[p.ID] > 0 && strings.HasPrefix(p.ID, "functions.") {
						kimiRecurs++
					}
					seenIDs[p.ID]++
				}
			}
			if m.Role == spec.RoleTool && len(m.Parts) != 1 {
				t.Fatalf("tool message %d holds %d parts", i, len(m.Parts))
			}
		}
		if f := pairing(h); len(f) > 0 {
			t.Fatalf("not well paired: %v", f)
		}
		if n := len(h.Messages); n > 0 && h.Messages[n-1].Role == spec.RoleAssistant {
			for _, p := range h.Messages[n-1].Parts {
				if p.Kind == spec.PartCall {
					pending++
				}
			}
		}
	}, func() bool { return calls > 0 && kimiRecurs > 0 && pending > 0 })
	if calls == 0 || kimiRecurs == 0 || pending == 0 {
		t.Errorf("the generator never drew some shapes: %d calls, %d Kimi ids recurring across turns, %d pending calls", calls, kimiRecurs, pending)
	}
}

// TestAdversarialHistoryFault: each adversarial history holds exactly the
// fault it names, by this test's own reading of the pairing, and every
// kind of fault is drawn.
func TestAdversarialHistoryFault(t *testing.T) {
	drawn := map[spec.RuleID]int{}
	checkUntil(t, func(t *rapid.T) {
		f := rapid.SampledFrom(spec.Formats).Draw(t, "format")
		h, faults := AdversarialHistory(t, f)
		got := pairing(h)
		if len(got) != len(faults) || len(faults) > 0 && got[0] != faults[0] {
			t.Fatalf("history holds %v, the generator says %v", got, faults)
		}
		for _, ft := range faults {
			drawn[ft.Rule]++
		}
		if _, losses := Expressible(f, h); len(losses) > 0 {
			t.Fatalf("%s cannot carry the adversarial history: %v", f, losses)
		}
	}, func() bool {
		for _, r := range historyFaults {
			if drawn[r] == 0 {
				return false
			}
		}
		return true
	})
	for _, r := range historyFaults {
		if drawn[r] == 0 {
			t.Errorf("no adversarial history with a %s fault was drawn", r)
		}
	}
}

// TestExpressibleIdempotent: what Expressible keeps of a history is
// carried whole.
func TestExpressibleIdempotent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := AnyHistory(t, rapid.Bool().Draw(t, "ids"))
		for _, f := range []spec.Format{spec.FormatOpenAIResponses, spec.FormatOllama, spec.FormatGemini, spec.FormatBedrock} {
			kept, _ := Expressible(f, h)
			again, losses := Expressible(f, kept)
			if len(losses) > 0 {
				t.Fatalf("%s: Expressible of what it kept loses %v", f, losses)
			}
			if len(again.Messages) != len(kept.Messages) || len(again.System) != len(kept.System) || len(again.Tools) != len(kept.Tools) {
				t.Fatalf("%s: Expressible changed what it kept", f)
			}
		}
	})
}
