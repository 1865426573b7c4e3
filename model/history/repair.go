package history

import (
	"strconv"

	"github.com/toolspec/toolspec/spec"
)

// Change is one change [Repair] made to a history, or one element of a
// stream that [AssistantTurn] left out of the turn it built.
type Change struct {
	// Rule is the rule the change repairs: HIST-1 (an orphan result
	// dropped), HIST-3 (a placeholder result added), HIST-4 (a misplaced
	// result moved) or HIST-5 (a duplicate result dropped); for
	// AssistantTurn the rule that keeps the element out (END-3, HIST-6,
	// XLATE-1, XLATE-4).
	Rule spec.RuleID
	// Path is the canonical path, in the history given to Repair, of the
	// result dropped or moved, or of the call a placeholder answers; for
	// AssistantTurn the item's position in the outcome, "items[k]".
	Path string
	// Message says what was done, e.g. "dropped the result for id \"x\"".
	Message string
}

// String formats c as one transcript line: "change RULE path="P" "message"".
func (c Change) String() string {
	return "change " + string(c.Rule) + " path=" + strconv.Quote(c.Path) + " " + strconv.Quote(c.Message)
}

// InterruptedResult is the text of the placeholder result [Repair] adds for
// a call that has none.
const InterruptedResult = "The tool call was interrupted: no result was recorded for it."

// Repair returns h changed so that it passes the pairing rules HIST-1,
// HIST-3, HIST-4 and HIST-5 of format f, and every change it made, in
// document order of the input; it is opt-in, for a caller that would
// rather send a repaired history than none, and never silent:
//
//   - an orphan result (HIST-1) and a duplicate result (HIST-5) are dropped;
//   - a misplaced result (HIST-4) is moved to the results right after its
//     assistant turn, after the results already there;
//   - a call without a result (HIST-3) gets a placeholder result after
//     those: IsError, with the text [InterruptedResult], the call's id and,
//     in a format that pairs by name (Ollama, Gemini), its name.
//
// A message left without parts by a drop is dropped with it. Pending calls
// of the last turn are left pending, a call without the id its format
// requires (HIST-6) is left unanswered, since no result can name it, and
// the other rules (HIST-2, HIST-6, HIST-7) are not repaired: an id, name or argument Repair made up would
// be a guess. A history that passes the four rules is returned as it is,
// with no change, and so is h for a format that is not one of
// [spec.Formats], whose rules Repair does not know. Repair never changes h
// itself.
func Repair(f spec.Format, h spec.History) (spec.History, []Change) {
	if _, ok := spec.LookupFormatRules(f); !ok {
		return h, nil
	}
	rules, _ := spec.LookupFormatRules(f)
	a := pairHistory(f, h)
	fate := map[partKey]resultRef{} // the results that leave their place
	moved := map[int][]resultRef{}  // turn index → misplaced results, in order
	var changes []finding
	for _, r := range a.results {
		p := h.Messages[r.msg].Parts[r.part]
		switch r.fate {
		case resultPaired:
			continue
		case resultOrphan:
			changes = append(changes, callFinding(spec.HistOrphan, r.msg, r.part, "dropped the orphan result "+resultLabel(p)))
		case resultDuplicate:
			changes = append(changes, callFinding(spec.HistDupResult, r.msg, r.part, "dropped the duplicate result "+resultLabel(p)))
		case resultMisplaced:
			changes = append(changes, callFinding(spec.HistMisplaced, r.msg, r.part,
				"moved the result "+resultLabel(p)+" to the results right after its assistant turn"))
			moved[r.turn] = append(moved[r.turn], r)
		}
		fate[partKey{r.msg, r.part}] = r
	}
	placeholders := map[int][]callRef{} // turn index → calls to answer
	for ti, t := range a.turns {
		if ti == len(a.turns)-1 && !t.afterOther {
			continue // pending, not unanswered
		}
		for _, c := range t.calls {
			if !c.answered && (c.id != "" || !rules.HistoryIDs) {
				placeholders[ti] = append(placeholders[ti], c)
				changes = append(changes, callFinding(spec.HistUnanswered, c.msg, c.part,
					"added a placeholder result for call "+callLabel(c)+", marked as an error: the call was interrupted"))
			}
		}
	}
	if len(changes) == 0 {
		return h, nil
	}
	sortFindings(changes)

	// insertAt[i] is the turn whose repaired results go before message i:
	// the first message after turn t's assistant message that is not a
	// tool message holding only results paired in place.
	insertAt := map[int]int{}
	for ti, t := range a.turns {
		if len(moved[ti]) == 0 && len(placeholders[ti]) == 0 {
			continue
		}
		i := t.msg + 1
		for ; i < len(h.Messages); i++ {
			if !inRun(h.Messages[i], i, fate) {
				break
			}
		}
		insertAt[i] = ti
	}
	out := spec.History{System: h.System, Tools: h.Tools, ToolChoice: h.ToolChoice}
	emitRepaired := func(ti int) {
		for _, r := range moved[ti] {
			out.Messages = append(out.Messages, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{h.Messages[r.msg].Parts[r.part]}})
		}
		for _, c := range placeholders[ti] {
			res := spec.Part{Kind: spec.PartResult, ID: c.id, IsError: true,
				Content: []spec.Part{{Kind: spec.PartText, Text: InterruptedResult}}}
			if !rules.HistoryIDs {
				res.Name = c.name
			}
			out.Messages = append(out.Messages, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{res}})
		}
	}
	for i, m := range h.Messages {
		if ti, ok := insertAt[i]; ok {
			emitRepaired(ti)
		}
		var parts []spec.Part
		dropped := false
		for j, p := range m.Parts {
			if _, gone := fate[partKey{i, j}]; gone {
				dropped = true
				continue
			}
			parts = append(parts, p)
		}
		if !dropped {
			out.Messages = append(out.Messages, m)
		} else if len(parts) > 0 {
			out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: parts})
		}
	}
	if ti, ok := insertAt[len(h.Messages)]; ok {
		emitRepaired(ti)
	}
	cs := make([]Change, len(changes))
	for i, fd := range changes {
		cs[i] = Change{Rule: fd.v.Rule, Path: fd.v.Path, Message: fd.v.Message}
	}
	return out, cs
}

// partKey is the position of a part: message and part index.
type partKey struct{ msg, part int }

// inRun reports whether message i, m, belongs to the results right after
// an assistant turn: a tool message whose parts are all results, each
// paired in place or leaving (dropped or moved).
func inRun(m spec.Message, i int, fate map[partKey]resultRef) bool {
	if m.Role != spec.RoleTool || len(m.Parts) == 0 {
		return false
	}
	for j, p := range m.Parts {
		if p.Kind != spec.PartResult {
			return false
		}
		if r, ok := fate[partKey{i, j}]; ok && r.fate == resultMisplaced {
			return false
		}
	}
	return true
}
