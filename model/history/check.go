package history

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// Report is what [Check] finds in a history: the violations
// of the HIST rules, in document order, and the calls still waiting for a
// result.
type Report struct {
	Violations []spec.Violation
	// Pending are the calls of the history's last assistant turn that no
	// result answers yet, when nothing but results follows that turn
	// (HIST-3): the tools the caller is to run. They are no violation.
	Pending []PendingCall
}

// PendingCall is a call of the last assistant turn that waits for its
// result.
type PendingCall struct {
	Message int    // index of the assistant message in History.Messages
	Part    int    // index of the call in that message's Parts
	Path    string // canonical path, or the path in the document checked
	ID      string
	Name    string
}

// OK reports whether r holds no violation (pending calls are no violation).
func (r Report) OK() bool { return len(r.Violations) == 0 }

// String renders r as transcript lines: one per violation, then one per
// pending call, "pending path="P" id="I" name="N"".
func (r Report) String() string {
	var b strings.Builder
	for _, v := range r.Violations {
		b.WriteString(v.String() + "\n")
	}
	for _, p := range r.Pending {
		b.WriteString("pending path=" + strconv.Quote(p.Path) + " id=" + strconv.Quote(p.ID) + " name=" + strconv.Quote(p.Name) + "\n")
	}
	return b.String()
}

// Check checks h, a history of format f, against the HIST rules it
// can judge without a document: the pairing of calls and results (HIST-1
// to HIST-5) and the calls and tools themselves (HIST-6, HIST-7). The
// violations are at canonical paths, in document order (system, messages,
// tools, tool choice; within a message, part by part); f says whether calls
// must carry ids and results pair by id alone ([spec.FormatRules]
// HistoryIDs). Check is pure: it never changes h, and the same
// arguments give the same report.
func Check(f spec.Format, h spec.History) Report {
	if _, ok := spec.LookupFormatRules(f); !ok {
		return Report{Violations: []spec.Violation{{
			Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: "$",
			Message: "unknown format " + strconv.Quote(string(f)),
		}}}
	}
	a := pairHistory(f, h)
	vs := append(elementFindings(f, h), a.findings...)
	sortFindings(vs)
	rep := Report{Violations: make([]spec.Violation, 0, len(vs))}
	for _, fd := range vs {
		rep.Violations = append(rep.Violations, fd.v)
	}
	if len(rep.Violations) == 0 {
		rep.Violations = nil
	}
	for _, c := range a.pending {
		p := h.Messages[c.msg].Parts[c.part]
		rep.Pending = append(rep.Pending, PendingCall{Message: c.msg, Part: c.part, Path: partPath(c.msg, c.part), ID: p.ID, Name: p.Name})
	}
	return rep
}

// CheckDocument decodes doc, a request body of format f, and checks
// the history: the shape violations of the decoder (HIST-8), or, when the
// document has its format's shape, the violations [Check] finds,
// every one and every pending call at its path in doc. It also returns the
// decoded history.
func CheckDocument(f spec.Format, doc []byte) (spec.History, Report) {
	h, pm, vs := decode(f, doc)
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			return h, Report{Violations: vs}
		}
	}
	// Other decoder violations are losses of request elements no History
	// holds, which concern a translation, not the pairing checked here.
	rep := Check(f, h)
	rep.Violations = pm.Locate(rep.Violations)
	for i := range rep.Pending {
		rep.Pending[i].Path = pm.Lookup(rep.Pending[i].Path)
	}
	return h, rep
}

// finding is a violation with the canonical position it is sorted by.
type finding struct {
	key [4]int // section (0 system, 1 messages, 2 tools, 3 tool choice), then indexes
	v   spec.Violation
}

// sortFindings puts fs in document order; findings at one element keep
// the order they were found in.
func sortFindings(fs []finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i].key, fs[j].key
		for k := range a {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return false
	})
}

// callFinding is a call-scoped violation of rule at part j of message i.
func callFinding(rule spec.RuleID, i, j int, msg string) finding {
	return finding{
		key: [4]int{1, i, j, 0},
		v:   spec.Violation{Rule: rule, Class: spec.ClassCall, Call: spec.NoCall, Path: partPath(i, j), Message: msg},
	}
}

// checkElements returns the HIST-6 and HIST-7 violations of h, at
// canonical paths, in document order.
func checkElements(f spec.Format, h spec.History) []spec.Violation {
	fs := elementFindings(f, h)
	sortFindings(fs)
	var vs []spec.Violation
	for _, fd := range fs {
		vs = append(vs, fd.v)
	}
	return vs
}

// elementFindings checks every call (HIST-6) and tool (HIST-7) of h.
func elementFindings(f spec.Format, h spec.History) []finding {
	rules, _ := spec.LookupFormatRules(f)
	var fs []finding
	for i, m := range h.Messages {
		for j, p := range m.Parts {
			if p.Kind != spec.PartCall {
				continue
			}
			if p.Name == "" {
				fs = append(fs, callFinding(spec.HistCall, i, j, "call has no name"))
			}
			if p.ID == "" && rules.HistoryIDs {
				fs = append(fs, callFinding(spec.HistCall, i, j, "call has no id, which "+string(f)+" requires"))
			}
			if p.CallKind != spec.CallCustom {
				if msg := objectProblem(p.Args); msg != "" {
					fs = append(fs, callFinding(spec.HistCall, i, j, msg))
				}
			}
		}
	}
	first := map[string]int{}
	for i, t := range h.Tools {
		tf := func(msg string) {
			fs = append(fs, finding{
				key: [4]int{2, i, 0, 0},
				v:   spec.Violation{Rule: spec.HistTool, Class: spec.ClassCall, Call: spec.NoCall, Path: toolPath(i), Message: msg},
			})
		}
		if t.Name == "" {
			if t.Data == "" { // a provider's own tool may have no name
				tf("tool has no name")
			}
		} else if k, seen := first[t.Name]; seen {
			tf("tool name " + strconv.Quote(t.Name) + " is the name of " + toolPath(k))
		} else {
			first[t.Name] = i
		}
		if t.Schema != "" {
			if msg := objectProblem(t.Schema); msg != "" {
				tf(strings.Replace(strings.Replace(msg, "arguments are", "the input schema is", 1), "arguments", "the input schema", 1))
			}
		}
	}
	return fs
}

// objectProblem says why s is not the text of one JSON object, or returns
// "" when it is.
func objectProblem(s string) string {
	b := []byte(s)
	if len(refjson.TrimSpace(b)) == 0 {
		return "arguments are empty, not a JSON object"
	}
	if json.Valid(b) && refjson.TrimSpace(b)[0] == '{' {
		return ""
	}
	return refjson.ArgsProblem(b)
}

// callRef is one call of an assistant turn while results are paired.
type callRef struct {
	msg, part int
	id, name  string
	answered  bool
}

// resultFate is what pairing made of one result.
type resultFate uint8

const (
	resultPaired    resultFate = iota // answers a call, in place
	resultMisplaced                   // answers a call, after other content (HIST-4)
	resultOrphan                      // answers no call (HIST-1)
	resultDuplicate                   // answers a call answered already (HIST-5)
)

// resultRef is one result part and what pairing made of it.
type resultRef struct {
	msg, part int
	fate      resultFate
	turn      int // the assistant message whose call it answers, for paired and misplaced
	call      int // index of that call in the turn's calls
}

// turnRef is one assistant turn: its message, its calls, and whether a
// message other than results followed it.
type turnRef struct {
	msg        int
	calls      []callRef
	afterOther bool
}

// pairing is the analysis of a history's pairing (HIST-1 to HIST-5) that
// Check reports and Repair acts on.
type pairing struct {
	turns    []turnRef
	results  []resultRef
	findings []finding
	pending  []callRef
}

// pairHistory pairs the results of h with the calls of the assistant turns
// before them, message by message and part by part. A message of role
// assistant opens a turn; a result part (wherever it is) pairs with the
// calls of the current turn; any other part of a user, system or tool
// message, or a user or system message without parts, is other content,
// after which results are misplaced and the turn's calls can no longer be
// pending.
func pairHistory(f spec.Format, h spec.History) pairing {
	rules, _ := spec.LookupFormatRules(f)
	var a pairing
	cur := -1 // index in a.turns of the current turn
	closeTurn := func() {
		if cur < 0 {
			return
		}
		for _, c := range a.turns[cur].calls {
			if !c.answered {
				a.findings = append(a.findings, callFinding(spec.HistUnanswered, c.msg, c.part,
					"call "+callLabel(c)+" has no result before "+nextLabel(h, a.turns[cur])))
			}
		}
	}
	for i, m := range h.Messages {
		if m.Role == spec.RoleAssistant {
			closeTurn()
			t := turnRef{msg: i}
			for j, p := range m.Parts {
				switch p.Kind {
				case spec.PartCall:
					for _, c := range t.calls {
						if p.ID != "" && c.id == p.ID {
							a.findings = append(a.findings, callFinding(spec.HistDupID, i, j,
								"call id "+strconv.Quote(p.ID)+" is the id of an earlier call of the same turn"))
							break
						}
					}
					t.calls = append(t.calls, callRef{msg: i, part: j, id: p.ID, name: p.Name})
				case spec.PartResult:
					a.results = append(a.results, resultRef{msg: i, part: j, fate: resultOrphan, turn: -1, call: -1})
					a.findings = append(a.findings, callFinding(spec.HistOrphan, i, j, "result inside an assistant message answers no call"))
				}
			}
			a.turns = append(a.turns, t)
			cur = len(a.turns) - 1
			continue
		}
		if len(m.Parts) == 0 && m.Role != spec.RoleTool && cur >= 0 {
			a.turns[cur].afterOther = true
		}
		for j, p := range m.Parts {
			if p.Kind != spec.PartResult {
				if cur >= 0 {
					a.turns[cur].afterOther = true
				}
				continue
			}
			a.pairResult(rules, h, cur, i, j, p)
		}
	}
	if cur >= 0 {
		if a.turns[cur].afterOther {
			closeTurn()
		} else {
			for _, c := range a.turns[cur].calls {
				if !c.answered {
					a.pending = append(a.pending, c)
				}
			}
		}
	}
	return a
}

// pairResult pairs the result p at part j of message i with a call of turn
// cur (HIST-1, HIST-4, HIST-5).
func (a *pairing) pairResult(rules spec.FormatRules, h spec.History, cur, i, j int, p spec.Part) {
	r := resultRef{msg: i, part: j, fate: resultOrphan, turn: -1, call: -1}
	defer func() { a.results = append(a.results, r) }()
	orphan := func(why string) {
		a.findings = append(a.findings, callFinding(spec.HistOrphan, i, j, why))
	}
	if cur < 0 {
		orphan("result " + resultLabel(p) + " comes before any assistant turn")
		return
	}
	t := &a.turns[cur]
	var match func(c callRef) bool
	switch {
	case p.ID != "":
		match = func(c callRef) bool { return c.id == p.ID }
	case rules.HistoryIDs:
		orphan("result has no id, which names the call it answers in this format")
		return
	case p.Name != "":
		match = func(c callRef) bool { return c.name == p.Name }
	default:
		match = func(callRef) bool { return true }
	}
	found := -1
	for k, c := range t.calls {
		if match(c) {
			if !c.answered {
				found = k
				break
			}
			if found < 0 {
				found = -2 // a match, answered already
			}
		}
	}
	switch {
	case found >= 0:
		t.calls[found].answered = true
		r.turn, r.call, r.fate = cur, found, resultPaired
		if t.afterOther {
			r.fate = resultMisplaced
			a.findings = append(a.findings, callFinding(spec.HistMisplaced, i, j,
				"result for call "+callLabel(t.calls[found])+" comes after other content; results come first after their assistant turn"))
		}
	case found == -2 && (p.ID != "" || p.Name != ""):
		r.fate = resultDuplicate
		a.findings = append(a.findings, callFinding(spec.HistDupResult, i, j,
			"result "+resultLabel(p)+" answers a call that is answered already"))
	default:
		orphan("result " + resultLabel(p) + " answers no call of the assistant turn before it")
	}
}

// callLabel names a call in a message: its id, else its name, quoted.
func callLabel(c callRef) string {
	if c.id != "" {
		return "id " + strconv.Quote(c.id)
	}
	return "name " + strconv.Quote(c.name)
}

// resultLabel names a result in a message by the id or name it gives.
func resultLabel(p spec.Part) string {
	switch {
	case p.ID != "":
		return "for id " + strconv.Quote(p.ID)
	case p.Name != "":
		return "for name " + strconv.Quote(p.Name)
	}
	return "without id or name"
}

// nextLabel says what follows turn t instead of its results: the first
// message after it that is not a tool message, by its role ("the next user
// message", "the next assistant turn").
func nextLabel(h spec.History, t turnRef) string {
	for i := t.msg + 1; i < len(h.Messages); i++ {
		m := h.Messages[i]
		if m.Role == spec.RoleTool {
			onlyResults := true
			for _, p := range m.Parts {
				onlyResults = onlyResults && p.Kind == spec.PartResult
			}
			if onlyResults {
				continue
			}
		}
		switch m.Role {
		case spec.RoleAssistant:
			return "the next assistant turn"
		case spec.RoleTool:
			return "the next tool message's other content"
		}
		return "the next " + m.Role.String() + " message"
	}
	return "the end"
}
