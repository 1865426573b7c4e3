package impl

import (
	"fmt"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file is the production state machine. It applies the rules of
// SPEC.md exactly as the reference does, in place: every check that can
// end the stream (a terminal violation) runs before anything changes, so a
// terminal violation leaves the state as it was, and the outcome is
// finished from there.

// handler applies one kind of event to m in place. It must run every check
// that can return a terminal violation before it changes m, so that a
// terminal violation leaves m as it was; apply then records the call the
// violation names (reject).
type handler func(m *machine, e *event) *spec.Violation

// handlers is model's handlers table: one handler per kind, holes rejected
// by apply. It replaced a switch at no measurable cost: BenchmarkImplWire,
// ten runs of each alternated on one machine, 0.97x the switch's time
// (geometric mean of the medians of the 19 workloads, each within 0.87x to
// 1.06x, the machine's noise), the same allocations.
var handlers = [spec.NumKinds]handler{
	spec.KindMessageStart: (*machine).stepMessageStart,
	spec.KindMessageEnd:   (*machine).stepMessageEnd,
	spec.KindFragment:     (*machine).stepFragment,
	spec.KindWholeCall:    (*machine).stepWholeCall,
	spec.KindBlockStart:   (*machine).stepBlockStart,
	spec.KindBlockDelta:   (*machine).stepBlockDelta,
	spec.KindBlockStop:    (*machine).stepBlockStop,
	spec.KindText:         (*machine).stepText,
	spec.KindThinking:     (*machine).stepText,
	spec.KindSignature:    (*machine).stepSignature,
	spec.KindPathOpen:     (*machine).stepPathOpen,
	spec.KindPathArg:      (*machine).stepPathArg,
	spec.KindPathClose:    (*machine).stepPathClose,
	spec.KindFinish:       (*machine).stepFinish,
	spec.KindError:        (*machine).stepError,
	spec.KindEOF:          (*machine).stepEOF,
}

// apply mirrors model's apply: NAME-3…NAME-5, END-2, END-3, EVENT-1.
//
// It applies one event in place. A terminal violation changes only the
// call it names (reject).
func (m *machine) apply(e *event) *spec.Violation {
	if int(e.kind) >= len(handlers) || handlers[e.kind] == nil {
		return term(spec.EventInvalid, e, "event of unknown kind %d", e.kind)
	}
	if int(e.callKind) >= spec.NumCallKinds {
		return term(spec.EventInvalid, e, "event of call kind %s", e.callKind)
	}
	if v := handlers[e.kind](m, e); v != nil {
		m.reject(e, v)
		return v
	}
	if m.msgHeld > 0 && carries(e) {
		m.confirm(e) // END-3: the generation went on past the held calls
	}
	return nil
}

// carries mirrors model's carries: END-3.
func carries(e *event) bool {
	switch e.kind {
	case spec.KindBlockStart, spec.KindBlockDelta, spec.KindWholeCall, spec.KindPathOpen, spec.KindPathArg:
		return true
	case spec.KindText, spec.KindThinking, spec.KindSignature:
		return len(e.data) > 0 || len(e.sig) > 0
	case spec.KindFragment:
		return !contentless(e)
	}
	return false
}

// confirm mirrors model's confirm: NAME-3…NAME-5, END-2, END-3.
//
// It completes the held calls of the current message and of e's choice.
func (m *machine) confirm(e *event) {
	if !m.inMsg {
		return
	}
	for n := m.msgCall0; n < len(m.calls); n++ {
		c := &m.calls[n]
		if c.choice == e.choice && c.held && c.status == spec.StatusOpen {
			m.completeHeld(n)
		}
	}
}

// about mirrors model's about.
//
// It names call n in the terminal violation v; it returns v (nil stays
// nil).
func about(v *spec.Violation, n int) *spec.Violation {
	if v != nil {
		v.Call = n
	}
	return v
}

// reject mirrors model's reject: BUD-2…BUD-4.
//
// It records the call that the terminal violation v, broken by e,
// names: an existing call is marked invalid and keeps its bytes; a call e
// would have opened is added, invalid, with the id and name that fit BUD-4
// and the argument bytes that fit BUD-2 and BUD-3.
func (m *machine) reject(e *event, v *spec.Violation) {
	switch {
	case v.Call < 0:
		return
	case v.Call < len(m.calls):
		m.calls[v.Call].poisoned = true
		return
	}
	c := call{choice: e.choice, id: string(e.id), name: string(e.name), server: e.server, tool: e.callKind, poisoned: true}
	switch e.kind {
	case spec.KindFragment:
		c.kind, c.index, c.hasWire = callFragment, e.pos, e.hasIndex
		if e.hasIndex {
			c.index = e.index
		}
	case spec.KindWholeCall:
		c.kind = callWhole
	case spec.KindBlockStart:
		c.kind = callBlock
	default:
		c.kind, c.path = callPath, &pathBuilder{}
	}
	if len(c.id) > m.lim.MaxIDBytes {
		c.id = ""
	}
	if len(c.name) > m.lim.MaxNameBytes {
		c.name = ""
	}
	fits := len(e.data) <= m.lim.MaxArgBytes && m.curBytes()+len(e.data) <= m.lim.MaxResponseBytes
	m.ensureMessage()
	fn := m.onOut // the model's Step reports no output with a terminal violation
	m.onOut = nil
	n := m.addCall(c)
	m.onOut = fn
	if fits && e.kind != spec.KindPathOpen {
		m.calls[n].args = append(m.calls[n].args, e.data...)
	}
	m.calls[n].status = spec.StatusInvalid
}

// term mirrors model's term.
func term(rule spec.RuleID, e *event, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Frame: e.frame, Offset: e.offset, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
}

// finding mirrors model's finding.
func (m *machine) finding(rule spec.RuleID, e *event, n int, format string, args ...any) {
	if n != spec.NoCall {
		m.calls[n].poisoned = true
	}
	v := spec.Violation{Rule: rule, Class: spec.ClassCall, Frame: e.frame, Offset: e.offset, Call: n, Message: fmt.Sprintf(format, args...)}
	m.viols = append(m.viols, v)
	if m.onOut != nil {
		o := Output{Kind: spec.OutViolation, Call: n}
		if n != spec.NoCall {
			o = m.callOutput(spec.OutViolation, n)
		}
		o.Violation = &m.viols[len(m.viols)-1]
		m.emit(o)
	}
}

// ---- checks (no mutation) ----

// checkContent mirrors model's checkContent: BUD-6, PAIR-1, END-6.
func (m *machine) checkContent(e *event, c int) *spec.Violation {
	if !m.inMsg {
		if m.explicitStart {
			return term(spec.PairMsgStart, e, "%s before the message start", e.kind)
		}
		if m.msgs >= m.lim.MaxMessages {
			return term(spec.BudItems, e, "more than %d messages", m.lim.MaxMessages)
		}
	}
	if c < 0 || c >= m.lim.MaxChoices {
		return term(spec.BudItems, e, "choice %d outside 0..%d", c, m.lim.MaxChoices-1)
	}
	if m.inMsg {
		if i := m.choice(c); i >= 0 && m.choices[i].finished {
			return term(spec.EndAfterFinish, e, "%s after choice %d finished", e.kind, c)
		}
	}
	return nil
}

// curCalls mirrors model's curCalls.
func (m *machine) curCalls() int {
	if !m.inMsg {
		return 0
	}
	return m.msgCalls
}

// choiceCalls mirrors model's choiceCalls.
func (m *machine) choiceCalls(c int) int {
	if !m.inMsg {
		return 0
	}
	n := 0
	for i := m.msgCall0; i < len(m.calls); i++ {
		if m.calls[i].choice == c && !m.calls[i].server {
			n++
		}
	}
	return n
}

// curItems mirrors model's curItems.
func (m *machine) curItems() int {
	if !m.inMsg {
		return 0
	}
	return m.msgItems
}

// curBytes mirrors model's curBytes.
func (m *machine) curBytes() int {
	if !m.inMsg {
		return 0
	}
	return m.msgBytes
}

// checkNewCall mirrors model's checkNewCall: BUD-1…BUD-4, BUD-6, BUD-7.
func (m *machine) checkNewCall(e *event, id, name []byte, nbytes int) *spec.Violation {
	n := len(m.calls) // the ordinal the call would get: every violation names it
	if m.lim.NoParallel && !e.server && m.choiceCalls(e.choice) >= 1 {
		return about(term(spec.BudParallel, e, "parallel tool calls are disabled: a second call (id %q) in one message", id), n)
	}
	if m.curCalls() >= m.lim.MaxCalls {
		return about(term(spec.BudCalls, e, "more than %d calls in one message", m.lim.MaxCalls), n)
	}
	if m.curItems() >= m.lim.MaxItems {
		return about(term(spec.BudItems, e, "more than %d items in one message", m.lim.MaxItems), n)
	}
	if v := m.checkIDName(e, id, name); v != nil {
		return about(v, n)
	}
	return about(m.checkBytes(e, 0, nbytes), n)
}

// checkIDName mirrors model's checkIDName: BUD-4.
func (m *machine) checkIDName(e *event, id, name []byte) *spec.Violation {
	if len(id) > m.lim.MaxIDBytes {
		return term(spec.BudIDName, e, "id of %d bytes exceeds %d", len(id), m.lim.MaxIDBytes)
	}
	if len(name) > m.lim.MaxNameBytes {
		return term(spec.BudIDName, e, "name of %d bytes exceeds %d", len(name), m.lim.MaxNameBytes)
	}
	return nil
}

// checkBytes mirrors model's checkBytes: BUD-2, BUD-3.
func (m *machine) checkBytes(e *event, have, n int) *spec.Violation {
	if n == 0 {
		return nil
	}
	if have+n > m.lim.MaxArgBytes {
		return term(spec.BudArgBytes, e, "call arguments of %d bytes exceed %d", have+n, m.lim.MaxArgBytes)
	}
	return m.checkPayload(e, n)
}

// checkPayload mirrors model's checkPayload: BUD-3.
func (m *machine) checkPayload(e *event, n int) *spec.Violation {
	if m.curBytes()+n > m.lim.MaxResponseBytes {
		return term(spec.BudRespBytes, e, "message payload of %d bytes exceeds %d", m.curBytes()+n, m.lim.MaxResponseBytes)
	}
	return nil
}

// ---- mutations ----

// ensureMessage mirrors model's ensureMessage.
func (m *machine) ensureMessage() {
	if !m.inMsg {
		m.beginMessage()
	}
}

// beginMessage mirrors model's beginMessage.
func (m *machine) beginMessage() {
	m.msgs++
	m.inMsg = true
	m.msgBytes, m.msgCalls, m.msgItems = 0, 0, 0
	m.msgCall0, m.msgItem0 = len(m.calls), len(m.items)
	m.blocks = m.blocks[:0]
	m.choices = m.choices[:0]
}

// touchChoice mirrors model's touchChoice.
func (m *machine) touchChoice(c int) {
	i := m.choice(c)
	if i < 0 {
		m.choices = append(m.choices, choiceState{choice: c})
		i = len(m.choices) - 1
	}
	m.choices[i].content = true
}

// addItem mirrors model's addItem.
func (m *machine) addItem(it item) int {
	it.msg = m.msgs - 1
	m.items = append(m.items, it)
	m.msgItems++
	return len(m.items) - 1
}

// addCall mirrors model's addCall.
func (m *machine) addCall(c call) int {
	c.msg = m.msgs - 1
	c.status = spec.StatusOpen
	n := len(m.calls)
	c.item = m.addItem(item{kind: spec.ItemCall, choice: c.choice, block: c.kind == callBlock, call: n, itemID: c.itemID})
	m.calls = append(m.calls, c)
	m.msgCalls++
	m.touchChoice(c.choice)
	if m.onOut != nil {
		m.emit(m.callOutput(spec.OutCallStart, n))
	}
	return n
}

// callOutput mirrors model's callOutput.
//
// Its Args and Signatures are the call's own, borrowed.
func (m *machine) callOutput(k spec.OutputKind, n int) Output {
	c := &m.calls[n]
	st, args, kind := c.result()
	o := Output{Kind: k, Message: c.msg, Choice: c.choice, Call: n, ID: c.id, Name: c.name, Namespace: c.ns, ItemID: c.itemID, CallKind: kind, Server: c.server, Status: st}
	if k == spec.OutCallEnd {
		o.Args = args
		if len(c.sigs) > 0 {
			o.Signatures = c.sigs
		}
	}
	return o
}

// duplicateID mirrors model's duplicateID: ID-7.
func (m *machine) duplicateID(e *event, n int) {
	id := m.calls[n].id
	if id == "" {
		return
	}
	for i := m.msgCall0; i < len(m.calls); i++ {
		if i != n && m.calls[i].choice == m.calls[n].choice && m.calls[i].id == id {
			m.finding(spec.IDDuplicate, e, n, "id %q is already used by call #%d", id, i)
			return
		}
	}
}

// appendArgs mirrors model's appendArgs.
func (m *machine) appendArgs(n int, data []byte) {
	if len(data) == 0 {
		return
	}
	c := &m.calls[n]
	c.args = appendGrow(c.args, data)
	m.msgBytes += len(data)
	if m.onOut != nil {
		o := m.callOutput(spec.OutCallArgs, n)
		o.Data = data
		m.emit(o)
	}
}

// addCallSig mirrors model's addCallSig.
func (m *machine) addCallSig(n int, sig []byte) {
	if len(sig) == 0 {
		return
	}
	m.calls[n].sigs = append(m.calls[n].sigs, string(sig))
	m.msgBytes += len(sig)
}

// complete mirrors model's complete: NAME-3…NAME-5, END-2.
func (m *machine) complete(n int, e *event) {
	c := &m.calls[n]
	if c.status != spec.StatusOpen {
		return
	}
	if c.kind == callPath && c.path != nil {
		c.args = c.path.render(c.args[:0])
	}
	if c.tool == spec.CallCustom || c.tool.IsItem() {
		c.status = spec.StatusComplete // NAME-4, NAME-5, END-2: the input as sent
	} else if len(jsonwire.TrimSpace(c.args)) == 0 {
		c.args = append(c.args[:0], "{}"...)
		c.synth = true
		c.status = spec.StatusComplete
	} else if jsonwire.IsObject(c.args) {
		c.status = spec.StatusComplete
	} else {
		c.status = spec.StatusInvalid
		m.finding(spec.EndValidate, e, n, "%s", jsonwire.ArgsProblem(c.args))
	}
	if c.name == "" && !c.tool.IsItem() { // NAME-5: an item's kind names its tool
		m.finding(spec.NameMissing, e, n, "call has no name")
	}
	if m.onOut != nil {
		m.emit(m.callOutput(spec.OutCallEnd, n))
	}
}

// hold mirrors model's hold: END-1, END-3.
func (m *machine) hold(n int, e *event) {
	c := &m.calls[n]
	if !c.held {
		m.msgHeld++
	}
	c.held, c.heldFrame, c.heldOffset = true, e.frame, e.offset
}

// completeHeld mirrors model's completeHeld: NAME-3…NAME-5, END-2, END-3.
func (m *machine) completeHeld(n int) {
	c := &m.calls[n]
	c.held = false
	m.msgHeld--
	m.complete(n, &event{frame: c.heldFrame, offset: c.heldOffset})
}

// truncate mirrors model's truncate: END-3.
func (m *machine) truncate(n int) {
	c := &m.calls[n]
	if c.status != spec.StatusOpen {
		return
	}
	if c.held {
		c.held = false
		m.msgHeld--
	}
	if c.kind == callPath && c.path != nil {
		c.args = c.path.render(c.args[:0])
	}
	c.status = spec.StatusIncomplete
	if m.onOut != nil {
		m.emit(m.callOutput(spec.OutCallEnd, n))
	}
}

// ---- message lifecycle ----

// stepMessageStart mirrors model's stepMessageStart: NAME-3…NAME-5, ORD-4,
// BUD-6, PAIR-11, END-2, END-3.
func (m *machine) stepMessageStart(e *event) *spec.Violation {
	if m.msgs >= m.lim.MaxMessages {
		return term(spec.BudItems, e, "more than %d messages", m.lim.MaxMessages)
	}
	if m.inMsg {
		// ORD-4, PAIR-11: a restart ends the open message as truncated.
		m.endMessage(e, spec.StopTruncated)
	}
	m.beginMessage()
	return nil
}

// stepMessageEnd mirrors model's stepMessageEnd: NAME-3…NAME-5, END-2,
// END-3, END-7.
func (m *machine) stepMessageEnd(e *event) *spec.Violation {
	if !m.inMsg {
		return nil // END-7: nothing to end; a repeated end is ignored
	}
	m.endMessage(e, spec.StopNone)
	return nil
}

// endMessage mirrors model's endMessage: NAME-3…NAME-5, PAIR-11, END-2,
// END-3.
func (m *machine) endMessage(e *event, unfinished spec.StopReason) {
	cur := m.msgs - 1
	for n := m.msgCall0; n < len(m.calls); n++ {
		c := &m.calls[n]
		if c.status != spec.StatusOpen {
			continue
		}
		switch {
		case unfinished != spec.StopNone || m.choiceFinishedAbnormally(c.choice):
			m.truncate(n)
		case c.held:
			m.completeHeld(n) // END-3: an end signal and no finish: nothing says it was cut
		case c.kind != callBlock:
			m.complete(n, e)
		default:
			m.truncate(n)
		}
	}
	any := false
	for i := range m.choices {
		ch := &m.choices[i]
		if ch.stopped {
			any = true
			continue
		}
		if ch.content {
			m.addStop(spec.Stop{Message: cur, Choice: ch.choice, Reason: unfinished})
			ch.stopped = true
			any = true
		}
	}
	if !any {
		m.addStop(spec.Stop{Message: cur, Choice: 0, Reason: unfinished})
	}
	m.inMsg = false
	m.blocks = m.blocks[:0]
}

// choiceFinishedAbnormally mirrors model's choiceFinishedAbnormally: END-3.
func (m *machine) choiceFinishedAbnormally(c int) bool {
	for _, st := range m.stops {
		if st.Message == m.msgs-1 && st.Choice == c {
			return !st.Reason.Normal()
		}
	}
	return false
}

// addStop mirrors model's addStop.
func (m *machine) addStop(st spec.Stop) {
	m.stops = append(m.stops, st)
	if m.onOut != nil {
		m.emit(Output{Kind: spec.OutStop, Message: st.Message, Choice: st.Choice, Stop: st})
	}
}

// stepEOF mirrors model's stepEOF: NAME-3…NAME-5, END-2, END-3.
func (m *machine) stepEOF(e *event) *spec.Violation {
	if e.hasData {
		m.tail = append(m.tail[:0], e.data...) // END-3: the stream was cut inside its last frame
	}
	if !m.inMsg {
		return nil
	}
	// END-3: the message ended normally only if every choice that received
	// content finished. (A cut stream whose choices all finished holds no
	// open call: nothing is left to truncate.)
	normal := len(m.choices) > 0
	for _, ch := range m.choices {
		if ch.content && !ch.finished {
			normal = false
		}
	}
	if normal {
		m.endMessage(e, spec.StopNone)
	} else {
		m.endMessage(e, spec.StopTruncated)
	}
	return nil
}

// stepError mirrors model's stepError: END-5.
func (m *machine) stepError(e *event) *spec.Violation {
	msg := string(e.data)
	if len(e.name) > 0 {
		msg = string(e.name) + ": " + msg
	}
	return term(spec.EndProviderErr, e, "provider error: %s", msg)
}

// ---- finish ----

// stepFinish mirrors model's stepFinish: NAME-3…NAME-5, BUD-6, PAIR-1,
// END-1…END-4, END-7, END-8.
func (m *machine) stepFinish(e *event) *spec.Violation {
	if !m.inMsg {
		if m.explicitStart {
			return term(spec.PairMsgStart, e, "finish before the message start")
		}
		if m.msgs > 0 {
			return nil // END-7: a finish after its message ended is ignored
		}
		if m.msgs >= m.lim.MaxMessages {
			return term(spec.BudItems, e, "more than %d messages", m.lim.MaxMessages)
		}
	}
	if e.choice < 0 || e.choice >= m.lim.MaxChoices {
		return term(spec.BudItems, e, "choice %d outside 0..%d", e.choice, m.lim.MaxChoices-1)
	}
	if i := m.choice(e.choice); m.inMsg && i >= 0 && m.choices[i].finished {
		return nil // END-7: the first reason stands
	}
	m.ensureMessage()
	m.touchChoice(e.choice)
	i := m.choice(e.choice)
	m.choices[i].finished = true
	cur := m.msgs - 1
	base := canonical(m.format, e.data)
	// END-1, END-3: the finish is the terminal signal of the choice's
	// fragment and path calls, and confirms the calls held at their own
	// end signal; a finish that is not a normal end truncates every open
	// or held call of the choice. A block call still open at a finish
	// never got its stop: it is cut.
	clientCalls, cut := 0, false
	for n := m.msgCall0; n < len(m.calls); n++ {
		c := &m.calls[n]
		if c.choice != e.choice {
			continue
		}
		if !c.server {
			clientCalls++
		}
		if c.status != spec.StatusOpen {
			continue
		}
		switch {
		case !base.Normal(): // END-3
			m.truncate(n)
		case c.held:
			m.completeHeld(n)
		case c.kind == callBlock:
			m.truncate(n)
			cut = true
		default:
			m.complete(n, e)
		}
	}
	reason := base
	if base == spec.StopEnd || base == spec.StopToolUse {
		// END-4: tool_use needs a client call, and no call cut short;
		// END-8: a refusal without a client call is a refusal.
		switch {
		case cut:
			reason = spec.StopTruncated
		case clientCalls > 0:
			reason = spec.StopToolUse
		case m.refused(e.choice):
			reason = spec.StopRefusal
		default:
			reason = spec.StopEnd
		}
	}
	m.addStop(spec.Stop{Message: cur, Choice: e.choice, Reason: reason, Raw: string(e.data)})
	m.choices[i].stopped = true
	return nil
}

// ---- fragments ----

// contentless mirrors model's contentless.
func contentless(e *event) bool {
	return len(e.id) == 0 && len(e.name) == 0 && len(e.data) == 0 && len(e.sig) == 0
}

// resolve mirrors model's resolve: ID-3…ID-7.
func (m *machine) resolve(e *event) (target int, adopt bool, shared int) {
	if !m.inMsg {
		return -1, false, -1
	}
	eff := e.pos
	if e.hasIndex {
		eff = e.index
	}
	holder := -1 // the latest call of the choice at the effective index
	known := -1  // the latest call with the fragment's id that it may continue
	other := -1  // the latest call with the fragment's id at another wire index
	for n := len(m.calls) - 1; n >= m.msgCall0; n-- {
		c := &m.calls[n]
		if c.kind != callFragment || c.choice != e.choice {
			continue
		}
		if holder < 0 && c.index == eff {
			holder = n
		}
		if len(e.id) > 0 && c.id == string(e.id) {
			if e.hasIndex && c.hasWire && c.index != e.index {
				if other < 0 {
					other = n
				}
			} else if known < 0 {
				known = n
			}
		}
	}
	if len(e.id) > 0 {
		if known >= 0 {
			return known, false, -1 // ID-3
		}
		if other >= 0 {
			return -1, false, other // ID-7: one id shared by calls at different indexes
		}
		if holder < 0 {
			return -1, false, -1 // ID-4: a new index
		}
		h := &m.calls[holder]
		switch {
		case h.id == "" && (len(e.name) == 0 || h.name == "" || string(e.name) == h.name):
			return holder, true, -1 // ID-5
		case h.id == "":
			return -1, false, -1 // ID-5: another name makes it another call
		case h.idFrame == e.frame:
			return -1, false, -1 // ID-6: another id in the same frame
		case len(e.name) > 0:
			return -1, false, -1 // ID-6: a new id with a name
		default:
			return holder, false, -1 // ID-6: a rotating id
		}
	}
	return holder, false, -1 // ID-4
}

// stepFragment mirrors model's stepFragment: ID-3…ID-7, NAME-1, NAME-2,
// NAME-4, BUD-1…BUD-4, BUD-6, BUD-7, PAIR-1, END-6.
func (m *machine) stepFragment(e *event) *spec.Violation {
	if contentless(e) {
		return nil
	}
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	target, adopt, shared := m.resolve(e)
	nbytes := len(e.data) + len(e.sig)
	if target < 0 {
		if v := m.checkNewCall(e, e.id, e.name, nbytes); v != nil {
			return v
		}
		if len(e.data) > 0 {
			if v := m.checkBytes(e, 0, len(e.data)); v != nil {
				return about(v, len(m.calls))
			}
		}
		if v := m.checkPayload(e, nbytes); v != nil {
			return about(v, len(m.calls))
		}
		m.ensureMessage()
		eff := e.pos
		if e.hasIndex {
			eff = e.index
		}
		n := m.addCall(call{kind: callFragment, choice: e.choice, id: string(e.id), name: string(e.name), index: eff, hasWire: e.hasIndex, tool: e.callKind})
		if len(e.id) > 0 {
			m.calls[n].idFrame = e.frame
		}
		if shared >= 0 {
			m.finding(spec.IDDuplicate, e, n, "id %q is already used by call #%d at index %d", e.id, shared, m.calls[shared].index)
		} else {
			m.duplicateID(e, n)
		}
		m.appendArgs(n, e.data)
		m.addCallSig(n, e.sig)
		return nil
	}
	c := &m.calls[target]
	if v := m.checkIDName(e, e.id, e.name); v != nil {
		return about(v, target)
	}
	// A rejected entry is dropped before its bytes are charged.
	if e.callKind != spec.CallUnspecified && c.tool != spec.CallUnspecified && e.callKind != c.tool {
		m.finding(spec.NameKind, e, target, "%s content for a %s call; the entry's %d bytes are dropped", e.callKind, c.tool, len(e.data)+len(e.sig))
		return nil
	}
	if len(e.name) > 0 && c.name != "" && c.name != string(e.name) {
		m.finding(spec.NameConflict, e, target, "name %q conflicts with %q; the entry's %d bytes are dropped", e.name, c.name, len(e.data)+len(e.sig))
		return nil
	}
	if v := m.checkBytes(e, len(c.args), len(e.data)); v != nil {
		return about(v, target)
	}
	if v := m.checkPayload(e, len(e.data)+len(e.sig)); v != nil {
		return about(v, target)
	}
	if len(e.name) > 0 && c.name == "" {
		c.name = string(e.name) // NAME-1
	}
	if c.tool == spec.CallUnspecified {
		c.tool = e.callKind // NAME-4: the first entry that says sets it
	}
	if len(e.id) > 0 {
		c.idFrame = e.frame
	}
	if adopt {
		c.id = string(e.id)
		m.duplicateID(e, target)
	}
	m.appendArgs(target, e.data)
	m.addCallSig(target, e.sig)
	return nil
}

// ---- whole calls ----

// stepWholeCall mirrors model's stepWholeCall: ID-7, ID-8, NAME-3…NAME-5,
// BUD-1…BUD-4, BUD-6, BUD-7, PAIR-1, PAIR-9, END-2, END-6.
func (m *machine) stepWholeCall(e *event) *spec.Violation {
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	if v := m.checkNewCall(e, e.id, e.name, len(e.data)); v != nil {
		return v
	}
	if v := m.checkPayload(e, len(e.data)+len(e.sig)); v != nil {
		return about(v, len(m.calls))
	}
	m.ensureMessage()
	if p := m.openPath(e.choice); p >= 0 {
		m.complete(p, e) // PAIR-9: the next call closes a path call
	}
	n := m.addCall(call{kind: callWhole, choice: e.choice, id: string(e.id), name: string(e.name), server: e.server, tool: e.callKind})
	m.duplicateID(e, n)
	m.appendArgs(n, e.data)
	m.addCallSig(n, e.sig)
	m.complete(n, e) // ID-8: a whole element is its own terminal signal
	return nil
}

// ---- text, thinking, signatures ----

// stepText mirrors model's stepText: BUD-3, BUD-6, PAIR-1, END-6, END-8,
// THINK-2, EVENT-1.
func (m *machine) stepText(e *event) *spec.Violation {
	if e.delta != spec.DeltaNone && (e.kind != spec.KindText || e.delta != spec.DeltaRefusal) {
		return term(spec.EventInvalid, e, "%s event of delta type %s", e.kind, e.delta)
	}
	if len(e.data) == 0 && len(e.sig) == 0 {
		return nil
	}
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	kind := spec.ItemText
	if e.kind == spec.KindThinking {
		kind = spec.ItemThinking
	} else if e.delta == spec.DeltaRefusal {
		kind = spec.ItemRefusal // END-8
	}
	last := m.lastItem(e.choice)
	merge := last >= 0 && !m.items[last].block && m.items[last].kind == kind
	if !merge && len(e.data) == 0 && last >= 0 && !m.items[last].block && (m.items[last].kind == spec.ItemText || m.items[last].kind == spec.ItemThinking) {
		merge = true // THINK-2: a lone signature joins the text it follows
	}
	if !merge && m.curItems() >= m.lim.MaxItems {
		return term(spec.BudItems, e, "more than %d items in one message", m.lim.MaxItems)
	}
	if v := m.checkPayload(e, len(e.data)+len(e.sig)); v != nil {
		return v
	}
	m.ensureMessage()
	m.touchChoice(e.choice)
	if !merge {
		if len(e.data) == 0 {
			kind = spec.ItemSignature
		}
		last = m.addItem(item{kind: kind, choice: e.choice})
	}
	it := &m.items[last]
	it.text = appendGrow(it.text, e.data)
	if len(e.sig) > 0 {
		it.sigs = append(it.sigs, string(e.sig))
	}
	m.msgBytes += len(e.data) + len(e.sig)
	if len(e.data) > 0 && m.onOut != nil {
		ok := spec.OutText
		if e.kind == spec.KindThinking {
			ok = spec.OutThinking
		} else if kind == spec.ItemRefusal {
			ok = spec.OutRefusal
		}
		m.emit(Output{Kind: ok, Message: m.msgs - 1, Choice: e.choice, Data: e.data})
	}
	return nil
}

// stepSignature mirrors model's stepSignature: BUD-3, BUD-6, PAIR-1, END-6.
func (m *machine) stepSignature(e *event) *spec.Violation {
	if len(e.sig) == 0 {
		return nil
	}
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	if m.curItems() >= m.lim.MaxItems {
		return term(spec.BudItems, e, "more than %d items in one message", m.lim.MaxItems)
	}
	if v := m.checkPayload(e, len(e.sig)); v != nil {
		return v
	}
	m.ensureMessage()
	m.touchChoice(e.choice)
	m.addItem(item{kind: spec.ItemSignature, choice: e.choice, sigs: []string{string(e.sig)}})
	m.msgBytes += len(e.sig)
	return nil
}
