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
	// AssistantTurn the rule that keeps the element out.
	Rule spec.RuleID
	// Path is the canonical path, in the history given to Repair, of the
	// result dropped or moved, or of the call a placeholder answers; for
	// AssistantTurn the item's position in the outcome, "items[k]".
	Path string
	// Message says what was done.
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
// document order of the input: an orphan or duplicate result is dropped, a
// misplaced result is moved to the results right after its assistant turn
// (after those already there), and a call without a result gets a
// placeholder after those (IsError, the text [InterruptedResult], the
// call's id and, where results pair by name, its name). A message a drop
// leaves without parts goes with it. Pending calls stay pending, a call
// without the id its format requires stays unanswered, and HIST-2, HIST-6
// and HIST-7 are not repaired. A history that passes, or one of a format
// that is not one of [spec.Formats], is returned as it is. h itself is
// never changed.
func Repair(f spec.Format, h spec.History) (spec.History, []Change) {
	rules, ok := spec.LookupFormatRules(f)
	if !ok {
		return h, nil
	}
	type pos struct{ msg, part int }
	leave := map[pos]resultFate{}    // results that leave their place
	moved := map[int][]spec.Part{}   // turn → misplaced results, in order
	holders := map[int][]spec.Part{} // turn → placeholder results, in call order
	turnMsg := make([]int, 0, 8)     // turn → its assistant message
	var changes []Change
	p := newPairer(f, rules, h, func(fd finding) {
		var msg string
		switch fd.rule {
		case spec.HistOrphan:
			msg = "dropped the orphan result " + resultText(h.Messages[fd.msg].Parts[fd.part])
		case spec.HistDupResult:
			msg = "dropped the duplicate result " + resultText(h.Messages[fd.msg].Parts[fd.part])
		case spec.HistMisplaced:
			q := h.Messages[fd.msg].Parts[fd.part]
			msg = "moved the result " + resultText(q) + " to the results right after its assistant turn"
			moved[fd.turn] = append(moved[fd.turn], q)
		case spec.HistUnanswered:
			q := h.Messages[fd.msg].Parts[fd.part]
			if q.ID == "" && rules.HistoryIDs {
				return // no result could name it
			}
			c := pairCall{id: q.ID, name: q.Name}
			msg = "added a placeholder result for call " + pairLabel(c) + ", marked as an error: the call was interrupted"
			res := spec.Part{Kind: spec.PartResult, ID: q.ID, IsError: true,
				Content: []spec.Part{{Kind: spec.PartText, Text: InterruptedResult}}}
			if !rules.HistoryIDs {
				res.Name = q.Name
			}
			holders[fd.turn] = append(holders[fd.turn], res)
		default:
			return // HIST-2 and HIST-6 are not repaired
		}
		if fd.fate != fateNone {
			leave[pos{fd.msg, fd.part}] = fd.fate
		}
		changes = append(changes, Change{Rule: fd.rule, Path: partPath(fd.msg, fd.part), Message: msg})
	})
	p.run()
	if len(changes) == 0 {
		return h, nil
	}
	for i, m := range h.Messages {
		if m.Role == spec.RoleAssistant {
			turnMsg = append(turnMsg, i)
		}
	}
	// A turn's repaired results go after the run of tool messages right
	// after it that hold results only, none of them misplaced.
	insert := map[int]int{} // message index → turn
	for t, i := range turnMsg {
		if len(moved[t]) == 0 && len(holders[t]) == 0 {
			continue
		}
		i++
		for ; i < len(h.Messages); i++ {
			m := h.Messages[i]
			if m.Role != spec.RoleTool || len(m.Parts) == 0 || !onlyResults(m) {
				break
			}
			misplaced := false
			for j := range m.Parts {
				misplaced = misplaced || leave[pos{i, j}] == fateMisplaced
			}
			if misplaced {
				break
			}
		}
		insert[i] = t
	}
	out := spec.History{System: h.System, Tools: h.Tools, ToolChoice: h.ToolChoice}
	put := func(i int) {
		t, ok := insert[i]
		if !ok {
			return
		}
		for _, q := range moved[t] {
			out.Messages = append(out.Messages, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{q}})
		}
		for _, q := range holders[t] {
			out.Messages = append(out.Messages, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{q}})
		}
	}
	for i, m := range h.Messages {
		put(i)
		var kept []spec.Part
		changed := false
		for j, q := range m.Parts {
			if leave[pos{i, j}] != fateNone {
				changed = true
				continue
			}
			kept = append(kept, q)
		}
		switch {
		case !changed:
			out.Messages = append(out.Messages, m)
		case len(kept) > 0:
			out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: kept})
		}
	}
	put(len(h.Messages))
	return out, changes
}
