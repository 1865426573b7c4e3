package model

import (
	"fmt"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// Step applies one event to s and returns the next state and what the event
// produced. s itself is never modified. When the event breaks a rule whose
// class is terminal, Step returns no outputs, the *spec.Violation, and the
// state the stream ends in: s, but for the call the violation names (an
// existing call marked invalid, or the call the event would have opened,
// recorded invalid); the stream is then over and the caller finishes it
// with [Finish]. Call-scoped violations are not errors: they are reported
// as spec.OutViolation outputs of an accepted step (SPEC.md, "Violations").
func Step(s State, e spec.Event) (State, []spec.Output, error) {
	n := s.clone()
	out, v := apply(&n, e)
	if v != nil {
		return n, nil, v
	}
	return n, out, nil
}

// handler applies one kind of event to s in place. It must run every check
// that can return a terminal violation before it changes s, so that a
// terminal violation leaves s as it was; apply then records the call the
// violation names (reject).
type handler func(s *State, e spec.Event, out *[]spec.Output) *spec.Violation

// handlers is the dispatch table of apply, one handler per kind of event;
// a kind without one is rejected.
var handlers = [spec.NumKinds]handler{
	spec.KindMessageStart: stepMessageStart,
	spec.KindMessageEnd:   stepMessageEnd,
	spec.KindFragment:     stepFragment,
	spec.KindWholeCall:    stepWholeCall,
	spec.KindBlockStart:   stepBlockStart,
	spec.KindBlockDelta:   stepBlockDelta,
	spec.KindBlockStop:    stepBlockStop,
	spec.KindText:         stepText,
	spec.KindThinking:     stepText,
	spec.KindSignature:    stepSignature,
	spec.KindPathOpen:     stepPathOpen,
	spec.KindPathArg:      stepPathArg,
	spec.KindPathClose:    stepPathClose,
	spec.KindFinish:       stepFinish,
	spec.KindError:        stepError,
	spec.KindEOF:          stepEOF,
}

// apply applies e to s in place.
func apply(s *State, e spec.Event) ([]spec.Output, *spec.Violation) {
	if int(e.Kind) >= len(handlers) || handlers[e.Kind] == nil {
		return nil, term(spec.EventInvalid, e, "event of unknown kind %d", e.Kind)
	}
	if int(e.CallKind) >= spec.NumCallKinds {
		return nil, term(spec.EventInvalid, e, "event of call kind %s", e.CallKind)
	}
	var out []spec.Output
	if v := handlers[e.Kind](s, e, &out); v != nil {
		s.reject(e, v)
		return nil, v
	}
	if carries(e) {
		s.confirm(e, &out) // END-3: the generation went on past the held calls
	}
	return out, nil
}

// carries reports whether e carries content of the generation (END-3): a
// block or call start, a block delta (even an empty one: the provider
// wrote to a block after the held one stopped), argument bytes, text,
// thinking, a signature or a whole call. A stop, a finish, an end, and
// empty text or thinking (Gemini sends an empty text part with its
// finish) carry none.
func carries(e spec.Event) bool {
	switch e.Kind {
	case spec.KindBlockStart, spec.KindBlockDelta, spec.KindWholeCall, spec.KindPathOpen, spec.KindPathArg:
		return true
	case spec.KindText, spec.KindThinking, spec.KindSignature:
		return e.Data != "" || e.Sig != ""
	case spec.KindFragment:
		return !contentless(e)
	}
	return false
}

// confirm completes the held calls of the current message and of e's
// choice (END-3): e, applied, shows that the generation went on past
// their end signal, so no limit or failure cut them.
func (s *State) confirm(e spec.Event, out *[]spec.Output) {
	if !s.inMsg {
		return
	}
	for n := range s.calls {
		c := &s.calls[n]
		if c.msg == s.msgs-1 && c.choice == e.Choice && c.held && c.status == spec.StatusOpen {
			s.completeHeld(n, out)
		}
	}
}

// about names call n in the terminal violation v; it returns v (nil stays
// nil).
func about(v *spec.Violation, n int) *spec.Violation {
	if v != nil {
		v.Call = n
	}
	return v
}

// reject records the call that the terminal violation v, broken by e,
// names (SPEC.md, "Violations"): an existing call is marked invalid and
// keeps its bytes; a call e would have opened is added, invalid, with the
// id and name that fit BUD-4 and the argument bytes that fit BUD-2 and
// BUD-3. It is the only change a terminal violation makes.
func (s *State) reject(e spec.Event, v *spec.Violation) {
	switch {
	case v.Call < 0:
		return
	case v.Call < len(s.calls):
		s.calls[v.Call].poisoned = true
		return
	}
	c := callState{choice: e.Choice, id: e.ID, name: e.Name, server: e.Server, tool: e.CallKind, poisoned: true}
	switch e.Kind {
	case spec.KindFragment:
		c.kind, c.index, c.hasWire = callFragment, e.Pos, e.HasIndex
		if e.HasIndex {
			c.index = e.Index
		}
	case spec.KindWholeCall:
		c.kind = callWhole
	case spec.KindBlockStart:
		c.kind = callBlock
	default:
		c.kind, c.path = callPath, &pathBuilder{}
	}
	if len(c.id) > s.lim.MaxIDBytes {
		c.id = ""
	}
	if len(c.name) > s.lim.MaxNameBytes {
		c.name = ""
	}
	fits := len(e.Data) <= s.lim.MaxArgBytes && s.curBytes()+len(e.Data) <= s.lim.MaxResponseBytes
	s.ensureMessage()
	var out []spec.Output
	n := s.addCall(c, &out)
	if fits && e.Kind != spec.KindPathOpen {
		s.calls[n].args = []byte(e.Data)
	}
	s.calls[n].status = spec.StatusInvalid
}

// term returns a terminal violation located at e.
func term(rule spec.RuleID, e spec.Event, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Frame: e.Frame, Offset: e.Offset, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
}

// finding records a call-scoped violation and marks the call (if any)
// invalid. It is a change of state, made only after every terminal check.
func (s *State) finding(out *[]spec.Output, rule spec.RuleID, e spec.Event, call int, format string, args ...any) {
	if call != spec.NoCall {
		s.calls[call].poisoned = true
	}
	o := spec.Output{Kind: spec.OutViolation, Call: call}
	if call != spec.NoCall {
		o = s.callOutput(spec.OutViolation, call)
	}
	o.Violation = spec.Violation{
		Rule: rule, Class: spec.ClassCall, Frame: e.Frame, Offset: e.Offset, Call: call, Message: fmt.Sprintf(format, args...),
	}
	*out = append(*out, o)
}

// ---- checks (no mutation) ----

// checkContent checks that content for choice c may arrive now: a message
// is open or may be opened implicitly (PAIR-1, BUD-6), the choice number is
// in range (BUD-6) and the choice has not finished (END-6).
func (s *State) checkContent(e spec.Event, c int) *spec.Violation {
	if !s.inMsg {
		if s.tr.explicitStart {
			return term(spec.PairMsgStart, e, "%s before the message start", e.Kind)
		}
		if s.msgs >= s.lim.MaxMessages {
			return term(spec.BudItems, e, "more than %d messages", s.lim.MaxMessages)
		}
	}
	if c < 0 || c >= s.lim.MaxChoices {
		return term(spec.BudItems, e, "choice %d outside 0..%d", c, s.lim.MaxChoices-1)
	}
	if s.inMsg {
		if i := s.choice(c); i >= 0 && s.choices[i].finished {
			return term(spec.EndAfterFinish, e, "%s after choice %d finished", e.Kind, c)
		}
	}
	return nil
}

// curCalls, curItems and curBytes are the current message's counters, or
// zero when the next content opens a new message.
func (s *State) curCalls() int {
	if !s.inMsg {
		return 0
	}
	return s.msgCalls
}

// choiceCalls counts the client calls of choice c in the current message.
func (s *State) choiceCalls(c int) int {
	if !s.inMsg {
		return 0
	}
	n := 0
	for i := len(s.calls) - 1; i >= 0 && s.calls[i].msg == s.msgs-1; i-- {
		if s.calls[i].choice == c && !s.calls[i].server {
			n++
		}
	}
	return n
}

func (s *State) curItems() int {
	if !s.inMsg {
		return 0
	}
	return s.msgItems
}

func (s *State) curBytes() int {
	if !s.inMsg {
		return 0
	}
	return s.msgBytes
}

// checkNewCall checks the budgets a new call is charged with (BUD-7 first,
// then BUD-1, BUD-6, BUD-4), and the bytes it starts with (BUD-2, BUD-3).
func (s *State) checkNewCall(e spec.Event, id, name string, nbytes int) *spec.Violation {
	n := len(s.calls) // the ordinal the call would get: every violation names it
	if s.lim.NoParallel && !e.Server && s.choiceCalls(e.Choice) >= 1 {
		return about(term(spec.BudParallel, e, "parallel tool calls are disabled: a second call (id %q) in one message", id), n)
	}
	if s.curCalls() >= s.lim.MaxCalls {
		return about(term(spec.BudCalls, e, "more than %d calls in one message", s.lim.MaxCalls), n)
	}
	if s.curItems() >= s.lim.MaxItems {
		return about(term(spec.BudItems, e, "more than %d items in one message", s.lim.MaxItems), n)
	}
	if v := s.checkIDName(e, id, name); v != nil {
		return about(v, n)
	}
	return about(s.checkBytes(e, 0, nbytes), n)
}

func (s *State) checkIDName(e spec.Event, id, name string) *spec.Violation {
	if len(id) > s.lim.MaxIDBytes {
		return term(spec.BudIDName, e, "id of %d bytes exceeds %d", len(id), s.lim.MaxIDBytes)
	}
	if len(name) > s.lim.MaxNameBytes {
		return term(spec.BudIDName, e, "name of %d bytes exceeds %d", len(name), s.lim.MaxNameBytes)
	}
	return nil
}

// checkBytes checks that n more argument bytes fit a call already holding
// have bytes (BUD-2) and that n payload bytes fit the message (BUD-3).
func (s *State) checkBytes(e spec.Event, have, n int) *spec.Violation {
	if n == 0 {
		return nil
	}
	if have+n > s.lim.MaxArgBytes {
		return term(spec.BudArgBytes, e, "call arguments of %d bytes exceed %d", have+n, s.lim.MaxArgBytes)
	}
	return s.checkPayload(e, n)
}

// checkPayload checks that n payload bytes fit the message (BUD-3).
func (s *State) checkPayload(e spec.Event, n int) *spec.Violation {
	if s.curBytes()+n > s.lim.MaxResponseBytes {
		return term(spec.BudRespBytes, e, "message payload of %d bytes exceeds %d", s.curBytes()+n, s.lim.MaxResponseBytes)
	}
	return nil
}

// ---- mutations ----

// ensureMessage opens an implicit message if none is open.
func (s *State) ensureMessage() {
	if !s.inMsg {
		s.beginMessage()
	}
}

func (s *State) beginMessage() {
	s.msgs++
	s.inMsg = true
	s.msgBytes, s.msgCalls, s.msgItems = 0, 0, 0
	s.blocks = nil
	s.choices = nil
}

// touchChoice records that choice c received content.
func (s *State) touchChoice(c int) {
	i := s.choice(c)
	if i < 0 {
		s.choices = append(s.choices, choiceState{choice: c})
		i = len(s.choices) - 1
	}
	s.choices[i].content = true
}

// addItem appends an item to the current message.
func (s *State) addItem(it itemState) int {
	it.msg = s.msgs - 1
	s.items = append(s.items, it)
	s.msgItems++
	return len(s.items) - 1
}

// addCall appends a new open call and its item, and reports it.
func (s *State) addCall(c callState, out *[]spec.Output) int {
	c.msg = s.msgs - 1
	c.status = spec.StatusOpen
	n := len(s.calls)
	c.item = s.addItem(itemState{kind: spec.ItemCall, choice: c.choice, block: c.kind == callBlock, call: n, itemID: c.itemID})
	s.calls = append(s.calls, c)
	s.msgCalls++
	s.touchChoice(c.choice)
	*out = append(*out, s.callOutput(spec.OutCallStart, n))
	return n
}

// callOutput returns an output of kind k about call n, which carries the
// call as it stands: its identity, its kind, and the status the outcome
// would give it now (a call-scoped violation makes it invalid). A call-end
// carries its final arguments and signatures too, as the outcome holds them.
func (s *State) callOutput(k spec.OutputKind, n int) spec.Output {
	c := &s.calls[n]
	st, args, kind := c.result()
	o := spec.Output{Kind: k, Message: c.msg, Choice: c.choice, Call: n, ID: c.id, Name: c.name, Namespace: c.ns, ItemID: c.itemID, CallKind: kind, Server: c.server, Status: st}
	if k == spec.OutCallEnd {
		o.Args = string(args)
		if len(c.sigs) > 0 {
			o.Signatures = append([]string(nil), c.sigs...)
		}
	}
	return o
}

// duplicateID reports ID-7 when call n's id is already used by another call
// of its message and choice.
func (s *State) duplicateID(out *[]spec.Output, e spec.Event, n int) {
	id := s.calls[n].id
	if id == "" {
		return
	}
	for i := range s.calls {
		if i != n && s.calls[i].msg == s.calls[n].msg && s.calls[i].choice == s.calls[n].choice && s.calls[i].id == id {
			s.finding(out, spec.IDDuplicate, e, n, "id %q is already used by call #%d", id, i)
			return
		}
	}
}

// appendArgs appends argument bytes to call n (budgets already checked).
func (s *State) appendArgs(n int, data string, out *[]spec.Output) {
	if data == "" {
		return
	}
	c := &s.calls[n]
	c.args = append(c.args, data...)
	s.msgBytes += len(data)
	o := s.callOutput(spec.OutCallArgs, n)
	o.Data = data
	*out = append(*out, o)
}

// addSig attaches a signature to call n (budget already checked).
func (s *State) addCallSig(n int, sig string) {
	if sig == "" {
		return
	}
	s.calls[n].sigs = append(s.calls[n].sigs, sig)
	s.msgBytes += len(sig)
}

// complete closes call n on a terminal signal: its arguments are validated
// (END-2) and its name checked (NAME-3).
func (s *State) complete(n int, e spec.Event, out *[]spec.Output) {
	c := &s.calls[n]
	if c.status != spec.StatusOpen {
		return
	}
	if c.kind == callPath && c.path != nil {
		c.args = []byte(c.path.render())
	}
	if c.tool == spec.CallCustom || c.tool.IsItem() {
		c.status = spec.StatusComplete // NAME-4, NAME-5, END-2: the input as sent
	} else if len(refjson.TrimSpace(c.args)) == 0 {
		c.args = []byte("{}")
		c.synth = true
		c.status = spec.StatusComplete
	} else if refjson.IsObject(c.args) {
		c.status = spec.StatusComplete
	} else {
		c.status = spec.StatusInvalid
		s.finding(out, spec.EndValidate, e, n, "%s", refjson.ArgsProblem(c.args))
	}
	if c.name == "" && !c.tool.IsItem() { // NAME-5: an item's kind names its tool
		s.finding(out, spec.NameMissing, e, n, "call has no name")
	}
	*out = append(*out, s.callOutput(spec.OutCallEnd, n))
}

// hold records that call n's own end signal, e, came (END-1: a block stop,
// a Vertex empty part): the call is complete once the generation shows it
// ended normally (END-3), and until then its status stays open.
func (s *State) hold(n int, e spec.Event) {
	c := &s.calls[n]
	c.held, c.heldFrame, c.heldOffset = true, e.Frame, e.Offset
}

// completeHeld completes the held call n (END-3) at its end signal's frame
// and offset, where END-2 and NAME-3 report.
func (s *State) completeHeld(n int, out *[]spec.Output) {
	c := &s.calls[n]
	c.held = false
	s.complete(n, spec.Event{Frame: c.heldFrame, Offset: c.heldOffset}, out)
}

// truncate marks call n incomplete (END-3).
func (s *State) truncate(n int, out *[]spec.Output) {
	c := &s.calls[n]
	if c.status != spec.StatusOpen {
		return
	}
	c.held = false
	if c.kind == callPath && c.path != nil {
		c.args = []byte(c.path.render())
	}
	c.status = spec.StatusIncomplete
	*out = append(*out, s.callOutput(spec.OutCallEnd, n))
}

// ---- message lifecycle ----

func stepMessageStart(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if s.msgs >= s.lim.MaxMessages {
		return term(spec.BudItems, e, "more than %d messages", s.lim.MaxMessages)
	}
	if s.inMsg {
		// ORD-4, PAIR-11: a restart ends the open message as truncated.
		s.endMessage(e, spec.StopTruncated, out)
	}
	s.beginMessage()
	return nil
}

func stepMessageEnd(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if !s.inMsg {
		return nil // END-7: nothing to end; a repeated end is ignored
	}
	s.endMessage(e, spec.StopNone, out)
	return nil
}

// endMessage ends the current message. Calls still open are completed when
// the message ended on its terminal signal (unfinished is StopNone) and the
// call is not a block call; otherwise they become incomplete (END-3,
// PAIR-11). Every choice with content but no stop gets one with reason
// unfinished; a message with no stop at all gets one for choice 0.
func (s *State) endMessage(e spec.Event, unfinished spec.StopReason, out *[]spec.Output) {
	cur := s.msgs - 1
	for n := range s.calls {
		c := &s.calls[n]
		if c.msg != cur || c.status != spec.StatusOpen {
			continue
		}
		switch {
		case unfinished != spec.StopNone || s.choiceFinishedAbnormally(c.choice):
			s.truncate(n, out)
		case c.held:
			s.completeHeld(n, out) // END-3: an end signal and no finish: nothing says it was cut
		case c.kind != callBlock:
			s.complete(n, e, out)
		default:
			s.truncate(n, out)
		}
	}
	any := false
	for i := range s.choices {
		ch := &s.choices[i]
		if ch.stopped {
			any = true
			continue
		}
		if ch.content {
			s.addStop(spec.Stop{Message: cur, Choice: ch.choice, Reason: unfinished}, out)
			ch.stopped = true
			any = true
		}
	}
	if !any {
		s.addStop(spec.Stop{Message: cur, Choice: 0, Reason: unfinished}, out)
	}
	s.inMsg = false
	s.blocks = nil
}

// choiceFinishedAbnormally reports whether choice c of the current message
// finished with a reason that is not a normal end (END-3).
func (s *State) choiceFinishedAbnormally(c int) bool {
	for _, st := range s.stops {
		if st.Message == s.msgs-1 && st.Choice == c {
			return !st.Reason.Normal()
		}
	}
	return false
}

func (s *State) addStop(st spec.Stop, out *[]spec.Output) {
	s.stops = append(s.stops, st)
	*out = append(*out, spec.Output{Kind: spec.OutStop, Message: st.Message, Choice: st.Choice, Stop: st})
}

func stepEOF(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if e.HasData {
		s.tail = e.Data // END-3: the stream was cut inside its last frame
	}
	if !s.inMsg {
		return nil
	}
	// END-3: the message ended normally only if every choice that received
	// content finished. (A cut stream whose choices all finished holds no
	// open call: nothing is left to truncate.)
	normal := true
	for _, ch := range s.choices {
		if ch.content && !ch.finished {
			normal = false
		}
	}
	if len(s.choices) == 0 {
		normal = false
	}
	if normal {
		s.endMessage(e, spec.StopNone, out)
	} else {
		s.endMessage(e, spec.StopTruncated, out)
	}
	return nil
}

func stepError(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	msg := e.Data
	if e.Name != "" {
		msg = e.Name + ": " + msg
	}
	return term(spec.EndProviderErr, e, "provider error: %s", msg)
}

// ---- finish ----

func stepFinish(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if !s.inMsg {
		if s.tr.explicitStart {
			return term(spec.PairMsgStart, e, "finish before the message start")
		}
		if s.msgs > 0 {
			return nil // END-7: a finish after its message ended is ignored
		}
		if s.msgs >= s.lim.MaxMessages {
			return term(spec.BudItems, e, "more than %d messages", s.lim.MaxMessages)
		}
	}
	if e.Choice < 0 || e.Choice >= s.lim.MaxChoices {
		return term(spec.BudItems, e, "choice %d outside 0..%d", e.Choice, s.lim.MaxChoices-1)
	}
	if i := s.choice(e.Choice); s.inMsg && i >= 0 && s.choices[i].finished {
		return nil // END-7: the first reason stands
	}
	s.ensureMessage()
	s.touchChoice(e.Choice)
	i := s.choice(e.Choice)
	s.choices[i].finished = true
	cur := s.msgs - 1
	base := canonical(s.format, e.Data)
	// END-1, END-3: the finish is the terminal signal of the choice's
	// fragment and path calls, and confirms the calls held at their own
	// end signal; a finish that is not a normal end truncates every open
	// or held call of the choice, whatever its bytes parse to. A block
	// call still open at a finish never got its stop: it is cut.
	clientCalls, cut := 0, false
	for n := range s.calls {
		c := &s.calls[n]
		if c.msg != cur || c.choice != e.Choice {
			continue
		}
		if !c.server {
			clientCalls++
		}
		if c.status != spec.StatusOpen {
			continue
		}
		switch {
		case !base.Normal():
			s.truncate(n, out)
		case c.held:
			s.completeHeld(n, out)
		case c.kind == callBlock:
			s.truncate(n, out)
			cut = true
		default:
			s.complete(n, e, out)
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
		case s.refused(e.Choice):
			reason = spec.StopRefusal
		default:
			reason = spec.StopEnd
		}
	}
	s.addStop(spec.Stop{Message: cur, Choice: e.Choice, Reason: reason, Raw: e.Data}, out)
	s.choices[i].stopped = true
	return nil
}

// ---- OpenAI-chat fragments ----

// contentless reports whether a fragment carries nothing at all.
func contentless(e spec.Event) bool {
	return e.ID == "" && e.Name == "" && e.Data == "" && e.Sig == ""
}

// resolve finds the call a fragment belongs to (ID-3 .. ID-6). It returns
// the call's index, or -1 for a new call, and whether the fragment's id is
// adopted by the call. It does not change s.
func (s *State) resolve(e spec.Event) (target int, adopt bool, shared int) {
	shared = -1
	if !s.inMsg {
		return -1, false, -1
	}
	cur := s.msgs - 1
	eff := e.Pos
	if e.HasIndex {
		eff = e.Index
	}
	holder := -1 // the latest call of the choice at the effective index
	known := -1  // the latest call with the fragment's id that it may continue
	other := -1  // the latest call with the fragment's id at another wire index
	for n := len(s.calls) - 1; n >= 0; n-- {
		c := &s.calls[n]
		if c.msg != cur {
			break
		}
		if c.kind != callFragment || c.choice != e.Choice {
			continue
		}
		if holder < 0 && c.index == eff {
			holder = n
		}
		if e.ID != "" && c.id == e.ID {
			if e.HasIndex && c.hasWire && c.index != e.Index {
				if other < 0 {
					other = n
				}
			} else if known < 0 {
				known = n
			}
		}
	}
	if e.ID != "" {
		if known >= 0 {
			return known, false, -1 // ID-3
		}
		if other >= 0 {
			return -1, false, other // ID-7: one id shared by calls at different indexes
		}
		if holder < 0 {
			return -1, false, -1 // ID-4: a new index
		}
		h := &s.calls[holder]
		switch {
		case h.id == "" && (e.Name == "" || h.name == "" || e.Name == h.name):
			return holder, true, -1 // ID-5
		case h.id == "":
			return -1, false, -1 // ID-5: another name makes it another call
		case h.idFrame == e.Frame:
			return -1, false, -1 // ID-6: another id in the same frame
		case e.Name != "":
			return -1, false, -1 // ID-6: a new id with a name
		default:
			return holder, false, -1 // ID-6: a rotating id
		}
	}
	return holder, false, -1 // ID-4
}

func stepFragment(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if contentless(e) {
		return nil
	}
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	target, adopt, shared := s.resolve(e)
	nbytes := len(e.Data) + len(e.Sig)
	if target < 0 {
		if v := s.checkNewCall(e, e.ID, e.Name, nbytes); v != nil {
			return v
		}
		if e.Data != "" {
			if v := s.checkBytes(e, 0, len(e.Data)); v != nil {
				return about(v, len(s.calls))
			}
		}
		if v := s.checkPayload(e, nbytes); v != nil {
			return about(v, len(s.calls))
		}
		s.ensureMessage()
		eff := e.Pos
		if e.HasIndex {
			eff = e.Index
		}
		n := s.addCall(callState{kind: callFragment, choice: e.Choice, id: e.ID, name: e.Name, index: eff, hasWire: e.HasIndex, tool: e.CallKind}, out)
		if e.ID != "" {
			s.calls[n].idFrame = e.Frame
		}
		if shared >= 0 {
			s.finding(out, spec.IDDuplicate, e, n, "id %q is already used by call #%d at index %d", e.ID, shared, s.calls[shared].index)
		} else {
			s.duplicateID(out, e, n)
		}
		s.appendArgs(n, e.Data, out)
		s.addCallSig(n, e.Sig)
		return nil
	}
	c := &s.calls[target]
	if v := s.checkIDName(e, e.ID, e.Name); v != nil {
		return about(v, target)
	}
	// A rejected entry is dropped before its bytes are charged.
	if e.CallKind != spec.CallUnspecified && c.tool != spec.CallUnspecified && e.CallKind != c.tool {
		s.finding(out, spec.NameKind, e, target, "%s content for a %s call; the entry's %d bytes are dropped", e.CallKind, c.tool, len(e.Data)+len(e.Sig))
		return nil
	}
	if e.Name != "" && c.name != "" && c.name != e.Name {
		s.finding(out, spec.NameConflict, e, target, "name %q conflicts with %q; the entry's %d bytes are dropped", e.Name, c.name, len(e.Data)+len(e.Sig))
		return nil
	}
	if v := s.checkBytes(e, len(c.args), len(e.Data)); v != nil {
		return about(v, target)
	}
	if v := s.checkPayload(e, len(e.Data)+len(e.Sig)); v != nil {
		return about(v, target)
	}
	if e.Name != "" {
		c.name = e.Name // NAME-1
	}
	if c.tool == spec.CallUnspecified {
		c.tool = e.CallKind // NAME-4: the first entry that says sets it
	}
	if e.ID != "" {
		c.idFrame = e.Frame
	}
	if adopt {
		c.id = e.ID
		s.duplicateID(out, e, target)
	}
	s.appendArgs(target, e.Data, out)
	s.addCallSig(target, e.Sig)
	return nil
}

// ---- whole calls ----

func stepWholeCall(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	if v := s.checkNewCall(e, e.ID, e.Name, len(e.Data)); v != nil {
		return v
	}
	if v := s.checkPayload(e, len(e.Data)+len(e.Sig)); v != nil {
		return about(v, len(s.calls))
	}
	s.ensureMessage()
	if p := s.openPath(e.Choice); p >= 0 {
		s.complete(p, e, out) // PAIR-9: the next call closes a path call
	}
	n := s.addCall(callState{kind: callWhole, choice: e.Choice, id: e.ID, name: e.Name, server: e.Server, tool: e.CallKind}, out)
	s.duplicateID(out, e, n)
	s.appendArgs(n, e.Data, out)
	s.addCallSig(n, e.Sig)
	s.complete(n, e, out) // ID-8: a whole element is its own terminal signal
	return nil
}

// ---- text, thinking, signatures ----

func stepText(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if e.Delta != spec.DeltaNone && (e.Kind != spec.KindText || e.Delta != spec.DeltaRefusal) {
		return term(spec.EventInvalid, e, "%s event of delta type %s", e.Kind, e.Delta)
	}
	if e.Data == "" && e.Sig == "" {
		return nil
	}
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	kind := spec.ItemText
	if e.Kind == spec.KindThinking {
		kind = spec.ItemThinking
	} else if e.Delta == spec.DeltaRefusal {
		kind = spec.ItemRefusal // END-8
	}
	last := -1
	if s.inMsg {
		last = s.lastItem(e.Choice)
	}
	merge := last >= 0 && !s.items[last].block && s.items[last].kind == kind
	if !merge && e.Data == "" && last >= 0 && !s.items[last].block && (s.items[last].kind == spec.ItemText || s.items[last].kind == spec.ItemThinking) {
		merge = true // THINK-2: a lone signature joins the text it follows
	}
	if !merge && s.curItems() >= s.lim.MaxItems {
		return term(spec.BudItems, e, "more than %d items in one message", s.lim.MaxItems)
	}
	if v := s.checkPayload(e, len(e.Data)+len(e.Sig)); v != nil {
		return v
	}
	s.ensureMessage()
	s.touchChoice(e.Choice)
	if !merge {
		if e.Data == "" {
			kind = spec.ItemSignature
		}
		last = s.addItem(itemState{kind: kind, choice: e.Choice})
	}
	it := &s.items[last]
	it.text = append(it.text, e.Data...)
	if e.Sig != "" {
		it.sigs = append(it.sigs, e.Sig)
	}
	s.msgBytes += len(e.Data) + len(e.Sig)
	if e.Data != "" {
		ok := spec.OutText
		if e.Kind == spec.KindThinking {
			ok = spec.OutThinking
		} else if kind == spec.ItemRefusal {
			ok = spec.OutRefusal
		}
		*out = append(*out, spec.Output{Kind: ok, Message: s.msgs - 1, Choice: e.Choice, Data: e.Data})
	}
	return nil
}

func stepSignature(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if e.Sig == "" {
		return nil
	}
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	if s.curItems() >= s.lim.MaxItems {
		return term(spec.BudItems, e, "more than %d items in one message", s.lim.MaxItems)
	}
	if v := s.checkPayload(e, len(e.Sig)); v != nil {
		return v
	}
	s.ensureMessage()
	s.touchChoice(e.Choice)
	s.addItem(itemState{kind: spec.ItemSignature, choice: e.Choice, sigs: []string{e.Sig}})
	s.msgBytes += len(e.Sig)
	return nil
}
