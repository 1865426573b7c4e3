package history

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file is the production pairing checker of conversation histories
// (SPEC.md section 11, HIST-1 to HIST-7) and Repair. It gives the
// reference's verdicts (the same rules, classes, canonical paths, messages
// and pending calls, in the same order) by another road: one pass over the
// messages, holding only the current assistant turn (its calls, by id and
// by name, and the findings of the results after it), where the reference
// collects every finding and sorts them. A turn's findings are written when
// the turn closes (at the next assistant message, or at the end), since
// only then is it known which of its calls went unanswered (HIST-3), and
// those come before the findings of the results that follow the turn.

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
		b.WriteString(v.String())
		b.WriteByte('\n')
	}
	for _, p := range r.Pending {
		b.WriteString("pending path=" + strconv.Quote(p.Path) + " id=" + strconv.Quote(p.ID) + " name=" + strconv.Quote(p.Name) + "\n")
	}
	return b.String()
}

// unknownFormat is the HIST-8 violation for a format that is not one of
// spec.Formats.
func unknownFormat(f spec.Format) spec.Violation {
	return spec.Violation{Rule: spec.HistShape, Class: spec.ClassTerminal, Call: spec.NoCall, Path: "$",
		Message: "unknown format " + strconv.Quote(string(f))}
}

// Check checks h, a history of format f, against the HIST rules it
// can judge without a document: the pairing of calls and results (HIST-1
// to HIST-5) and the calls and tools themselves (HIST-6, HIST-7). The
// violations are at canonical paths, in document order (messages, then
// tools; within a message, part by part; at one call, HIST-6, HIST-2, then
// HIST-3); f says whether calls must carry ids and results pair by id
// alone ([spec.FormatRules] HistoryIDs). It never changes h.
func Check(f spec.Format, h spec.History) Report {
	rules, ok := spec.LookupFormatRules(f)
	if !ok {
		return Report{Violations: []spec.Violation{unknownFormat(f)}}
	}
	var rep Report
	p := newPairer(f, rules, h, func(fd finding) {
		rep.Violations = append(rep.Violations, fd.violation())
	})
	for _, c := range p.run() {
		q := h.Messages[c.msg].Parts[c.part]
		rep.Pending = append(rep.Pending, PendingCall{Message: c.msg, Part: c.part, Path: partPath(c.msg, c.part), ID: q.ID, Name: q.Name})
	}
	toolFindings(h, func(fd finding) { rep.Violations = append(rep.Violations, fd.violation()) })
	return rep
}

// finding is one finding of the checker at a part of a message, or at
// a tool (msg < 0): a violation, and for a result what pairing made of it.
type finding struct {
	rule      spec.RuleID
	msg, part int // the part, or -1 and the tool's index
	text      string
	fate      resultFate
	turn      int // the turn a misplaced result answers a call of
}

// violation is the call-scoped violation of fd at its canonical path.
func (fd finding) violation() spec.Violation {
	p := toolPath(fd.part)
	if fd.msg >= 0 {
		p = partPath(fd.msg, fd.part)
	}
	return spec.Violation{Rule: fd.rule, Class: spec.ClassCall, Call: spec.NoCall, Path: p, Message: fd.text}
}

// resultFate is what pairing made of a result part.
type resultFate uint8

const (
	fateNone      resultFate = iota // not a result's finding
	fateMisplaced                   // answers a call after other content (HIST-4)
	fateOrphan                      // answers no call (HIST-1)
	fateDuplicate                   // answers a call answered already (HIST-5)
)

// pairCall is one call of the current turn.
type pairCall struct {
	msg, part int
	id, name  string
	answered  bool
	dupID     bool // an earlier call of the turn has its id (HIST-2)
}

// callQueue is the calls of the turn that share an id or a name, in order,
// and the first that may still be unanswered: a call, once answered, stays
// answered, so the cursor only moves forward.
type callQueue struct {
	calls []int // indexes in pairer.calls
	next  int
}

// pairer pairs the results of a history with the calls of the turn
// before them in one pass (HIST-1 to HIST-5), writing every finding in
// document order through emit.
type pairer struct {
	f     spec.Format
	rules spec.FormatRules
	h     spec.History
	emit  func(finding)

	turns int // turns opened so far; the current one is turns-1
	tmsg  int // the assistant message of the current turn, or -1
	calls []pairCall
	byID  map[string]*callQueue
	byNm  map[string]*callQueue
	any   int // the first call of the turn that may be unanswered
	// afterOther says that content other than results followed the turn:
	// its results are misplaced from then on, and its calls cannot be
	// pending.
	afterOther bool
	// next is the first message after the turn that is not a tool message
	// of results only, or -1: what the turn's unanswered calls did not get
	// their results before.
	next int
	tail []finding // the findings after the turn's assistant message
}

func newPairer(f spec.Format, rules spec.FormatRules, h spec.History, emit func(finding)) *pairer {
	return &pairer{f: f, rules: rules, h: h, emit: emit, tmsg: -1, next: -1,
		byID: map[string]*callQueue{}, byNm: map[string]*callQueue{}}
}

// run pairs the whole history, writes its findings in document order, and
// returns the pending calls of the last turn.
func (p *pairer) run() []pairCall {
	for i, m := range p.h.Messages {
		if m.Role == spec.RoleAssistant {
			if p.tmsg >= 0 && p.next < 0 {
				p.next = i
			}
			p.closeTurn(true)
			p.openTurn(i, m)
			continue
		}
		if p.tmsg >= 0 && p.next < 0 && !(m.Role == spec.RoleTool && onlyResults(m)) {
			p.next = i
		}
		if len(m.Parts) == 0 && m.Role != spec.RoleTool && p.tmsg >= 0 {
			p.afterOther = true
		}
		for j, q := range m.Parts {
			if q.Kind != spec.PartResult {
				if p.tmsg >= 0 {
					p.afterOther = true
				}
				continue
			}
			p.result(i, j, q)
		}
	}
	if p.tmsg < 0 {
		return nil
	}
	if p.afterOther {
		p.closeTurn(true)
		return nil
	}
	var pending []pairCall
	for _, c := range p.calls {
		if !c.answered {
			pending = append(pending, c)
		}
	}
	p.closeTurn(false)
	return pending
}

// onlyResults reports whether every part of m is a result (true for none).
func onlyResults(m spec.Message) bool {
	for _, q := range m.Parts {
		if q.Kind != spec.PartResult {
			return false
		}
	}
	return true
}

// openTurn starts the turn of assistant message i: its calls, by id and by
// name; a second call with an id of the turn is HIST-2, found now and
// written when the turn closes.
func (p *pairer) openTurn(i int, m spec.Message) {
	p.turns++
	p.tmsg, p.any, p.afterOther, p.next = i, 0, false, -1
	p.calls, p.tail = p.calls[:0], p.tail[:0]
	clear(p.byID)
	clear(p.byNm)
	for j, q := range m.Parts {
		if q.Kind != spec.PartCall {
			continue
		}
		c := pairCall{msg: i, part: j, id: q.ID, name: q.Name}
		k := len(p.calls)
		if q.ID != "" {
			qu := p.byID[q.ID]
			if qu == nil {
				qu = &callQueue{}
				p.byID[q.ID] = qu
			}
			c.dupID = len(qu.calls) > 0
			qu.calls = append(qu.calls, k)
		}
		qn := p.byNm[q.Name]
		if qn == nil {
			qn = &callQueue{}
			p.byNm[q.Name] = qn
		}
		qn.calls = append(qn.calls, k)
		p.calls = append(p.calls, c)
	}
}

// closeTurn writes the findings of the current turn: at its assistant
// message, part by part, each call's HIST-6, HIST-2 and, with unanswered
// set, HIST-3 findings, and a result's HIST-1; then those of the results
// after it.
func (p *pairer) closeTurn(unanswered bool) {
	if p.tmsg < 0 {
		return
	}
	i := p.tmsg
	k := 0
	for j, q := range p.h.Messages[i].Parts {
		switch q.Kind {
		case spec.PartCall:
			c := p.calls[k]
			k++
			callFindings(p.f, p.rules, i, j, q, p.emit)
			if c.dupID {
				p.emit(finding{rule: spec.HistDupID, msg: i, part: j,
					text: "call id " + strconv.Quote(q.ID) + " is the id of an earlier call of the same turn"})
			}
			if unanswered && !c.answered {
				p.emit(finding{rule: spec.HistUnanswered, msg: i, part: j, turn: p.turns - 1,
					text: "call " + pairLabel(c) + " has no result before " + p.nextText()})
			}
		case spec.PartResult:
			p.emit(finding{rule: spec.HistOrphan, msg: i, part: j, fate: fateOrphan,
				text: "result inside an assistant message answers no call"})
		}
	}
	for _, fd := range p.tail {
		p.emit(fd)
	}
	p.tail = p.tail[:0]
}

// nextText says what followed the turn instead of its results.
func (p *pairer) nextText() string {
	if p.next < 0 {
		return "the end"
	}
	switch r := p.h.Messages[p.next].Role; r {
	case spec.RoleAssistant:
		return "the next assistant turn"
	case spec.RoleTool:
		return "the next tool message's other content"
	default:
		return "the next " + r.String() + " message"
	}
}

// result pairs the result q at part j of message i (HIST-1, HIST-4,
// HIST-5): by its id, else (where the format allows) by its name, else
// with the first call not answered yet.
func (p *pairer) result(i, j int, q spec.Part) {
	if p.tmsg < 0 {
		p.emit(finding{rule: spec.HistOrphan, msg: i, part: j, fate: fateOrphan,
			text: "result " + resultText(q) + " comes before any assistant turn"})
		return
	}
	var qu *callQueue
	switch {
	case q.ID != "":
		qu = p.byID[q.ID]
	case p.rules.HistoryIDs:
		p.tail = append(p.tail, finding{rule: spec.HistOrphan, msg: i, part: j, fate: fateOrphan,
			text: "result has no id, which names the call it answers in this format"})
		return
	case q.Name != "":
		qu = p.byNm[q.Name]
	default:
		for p.any < len(p.calls) && p.calls[p.any].answered {
			p.any++
		}
		if p.any < len(p.calls) {
			p.answer(i, j, p.any)
			return
		}
		p.tail = append(p.tail, finding{rule: spec.HistOrphan, msg: i, part: j, fate: fateOrphan,
			text: "result " + resultText(q) + " answers no call of the assistant turn before it"})
		return
	}
	if qu == nil {
		p.tail = append(p.tail, finding{rule: spec.HistOrphan, msg: i, part: j, fate: fateOrphan,
			text: "result " + resultText(q) + " answers no call of the assistant turn before it"})
		return
	}
	for qu.next < len(qu.calls) && p.calls[qu.calls[qu.next]].answered {
		qu.next++
	}
	if qu.next < len(qu.calls) {
		p.answer(i, j, qu.calls[qu.next])
		return
	}
	p.tail = append(p.tail, finding{rule: spec.HistDupResult, msg: i, part: j, fate: fateDuplicate,
		text: "result " + resultText(q) + " answers a call that is answered already"})
}

// answer marks call k answered by the result at part j of message i; after
// other content the result is misplaced (HIST-4).
func (p *pairer) answer(i, j, k int) {
	p.calls[k].answered = true
	if p.afterOther {
		p.tail = append(p.tail, finding{rule: spec.HistMisplaced, msg: i, part: j, fate: fateMisplaced, turn: p.turns - 1,
			text: "result for call " + pairLabel(p.calls[k]) + " comes after other content; results come first after their assistant turn"})
	}
}

// pairLabel names a call: its id, else its name, quoted.
func pairLabel(c pairCall) string {
	if c.id != "" {
		return "id " + strconv.Quote(c.id)
	}
	return "name " + strconv.Quote(c.name)
}

// resultText names a result by the id or name it gives.
func resultText(q spec.Part) string {
	switch {
	case q.ID != "":
		return "for id " + strconv.Quote(q.ID)
	case q.Name != "":
		return "for name " + strconv.Quote(q.Name)
	}
	return "without id or name"
}

// callFindings writes the HIST-6 findings of the call q at part j of
// message i: no name, no id where the format needs one, arguments that are
// not one JSON object (a custom call's input is free text).
func callFindings(f spec.Format, rules spec.FormatRules, i, j int, q spec.Part, emit func(finding)) {
	if q.Name == "" {
		emit(finding{rule: spec.HistCall, msg: i, part: j, text: "call has no name"})
	}
	if q.ID == "" && rules.HistoryIDs {
		emit(finding{rule: spec.HistCall, msg: i, part: j, text: "call has no id, which " + string(f) + " requires"})
	}
	if q.CallKind != spec.CallCustom {
		if msg := objectProblem(q.Args); msg != "" {
			emit(finding{rule: spec.HistCall, msg: i, part: j, text: msg})
		}
	}
}

// objectProblem says why s is not the text of one JSON object (END-2's words),
// or returns "" when it is.
func objectProblem(s string) string {
	b := []byte(s)
	if len(jsonwire.TrimSpace(b)) == 0 {
		return "arguments are empty, not a JSON object"
	}
	if jsonwire.IsObject(b) {
		return ""
	}
	return jsonwire.ArgsProblem(b)
}

// toolFindings writes the HIST-7 findings of the tools of h: a tool
// without a name (a provider's own tool may have none), a name an earlier
// tool has, an input schema that is not one JSON object.
func toolFindings(h spec.History, emit func(finding)) {
	var first map[string]int
	for i, t := range h.Tools {
		tf := func(msg string) { emit(finding{rule: spec.HistTool, msg: -1, part: i, text: msg}) }
		switch {
		case t.Name == "":
			if t.Data == "" {
				tf("tool has no name")
			}
		default:
			if k, seen := first[t.Name]; seen {
				tf("tool name " + strconv.Quote(t.Name) + " is the name of " + toolPath(k))
				break
			}
			if first == nil {
				first = make(map[string]int, len(h.Tools))
			}
			first[t.Name] = i
		}
		if t.Schema != "" {
			if msg := objectProblem(t.Schema); msg != "" {
				msg = strings.Replace(msg, "arguments are", "the input schema is", 1)
				tf(strings.Replace(msg, "arguments", "the input schema", 1))
			}
		}
	}
}

// CheckDocument decodes doc, a request body of format f, and checks
// the history: the decoder's shape violations (HIST-8), or, when the
// document has its format's shape, what [Check] finds, every
// violation and pending call at its path in doc. It also returns the
// decoded history.
func CheckDocument(f spec.Format, doc []byte) (spec.History, Report) {
	h, pm, vs := decode(f, doc)
	if hasShapeErr(vs) {
		return h, Report{Violations: vs}
	}
	rep := Check(f, h)
	rep.Violations = pm.Locate(rep.Violations)
	for i := range rep.Pending {
		rep.Pending[i].Path = pm.Lookup(rep.Pending[i].Path)
	}
	return h, rep
}

// checkElements are the HIST-6 and HIST-7 violations of h, at
// canonical paths, in document order.
func checkElements(f spec.Format, h spec.History) []spec.Violation {
	rules, _ := spec.LookupFormatRules(f)
	var vs []spec.Violation
	emit := func(fd finding) { vs = append(vs, fd.violation()) }
	for i, m := range h.Messages {
		for j, p := range m.Parts {
			if p.Kind == spec.PartCall {
				callFindings(f, rules, i, j, p, emit)
			}
		}
	}
	toolFindings(h, emit)
	return vs
}
