package impl

import (
	"fmt"

	"github.com/toolspec/toolspec/spec"
)

// ---- blocks (Anthropic, Bedrock, Responses) ----

// checkBlockMessage mirrors model's checkBlockMessage: PAIR-1.
func (m *machine) checkBlockMessage(e *event) *spec.Violation {
	if !m.inMsg && m.explicitStart {
		return term(spec.PairMsgStart, e, "%s before the message start", e.kind)
	}
	return nil
}

// itemKindOf mirrors model's itemKindOf.
func itemKindOf(t spec.BlockType) spec.ItemKind {
	switch t {
	case spec.BlockText:
		return spec.ItemText
	case spec.BlockThinking:
		return spec.ItemThinking
	case spec.BlockRedacted:
		return spec.ItemRedacted
	case spec.BlockCall:
		return spec.ItemCall
	}
	return spec.ItemOther
}

// ownItemID mirrors model's ownItemID: ID-12. key is the block's item id,
// as a string.
func ownItemID(e *event, key string) string {
	if e.byCall {
		return ""
	}
	return key
}

// blockName mirrors model's blockName: ID-9.
func blockName(e *event) string {
	if e.byItem {
		return fmt.Sprintf("block of item %q", e.item)
	}
	return fmt.Sprintf("block %d", e.index)
}

// stepBlockStart mirrors model's stepBlockStart: ID-7, BUD-1…BUD-4, BUD-6,
// BUD-7, PAIR-1, PAIR-2, END-6, EVENT-1.
func (m *machine) stepBlockStart(e *event) *spec.Violation {
	if v := m.checkBlockMessage(e); v != nil {
		return v
	}
	if e.block == spec.BlockNone || e.block > spec.BlockOther {
		return term(spec.EventInvalid, e, "block start of type %s", e.block)
	}
	if e.byItem && len(e.item) == 0 {
		return term(spec.EventInvalid, e, "block start without a key or an item id")
	}
	if m.inMsg && m.block(e.byItem, e.index, e.item) >= 0 {
		return term(spec.PairDupStart, e, "%s started twice", blockName(e))
	}
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	if e.block == spec.BlockCall {
		if v := m.checkNewCall(e, e.id, e.name, len(e.data)); v != nil {
			return v
		}
		if v := m.checkPayload(e, len(e.data)+len(e.sig)); v != nil {
			return about(v, len(m.calls))
		}
	} else if m.curItems() >= m.lim.MaxItems {
		return term(spec.BudItems, e, "more than %d items in one message", m.lim.MaxItems)
	} else if v := m.checkPayload(e, len(e.data)+len(e.sig)); v != nil {
		return v
	}
	m.ensureMessage()
	m.touchChoice(e.choice)
	b := block{key: e.index, byItem: e.byItem, itemID: string(e.item), typ: e.block, open: true, item: -1, call: -1}
	if e.block == spec.BlockCall {
		n := m.addCall(call{kind: callBlock, choice: e.choice, id: string(e.id), name: string(e.name), server: e.server, tool: e.callKind, ns: string(e.ns), itemID: ownItemID(e, b.itemID)})
		m.duplicateID(e, n)
		if len(e.data) > 0 {
			m.appendArgs(n, e.data)
			m.calls[n].started = true
		}
		m.addCallSig(n, e.sig)
		b.call, b.item = n, m.calls[n].item
	} else {
		it := item{kind: itemKindOf(e.block), choice: e.choice, block: true, text: append([]byte(nil), e.data...), itemID: b.itemID}
		if len(e.sig) > 0 {
			it.sigs = []string{string(e.sig)}
		}
		b.item = m.addItem(it)
		m.msgBytes += len(e.data) + len(e.sig)
		m.textOut(it.kind, e.choice, e.data)
	}
	m.blocks = append(m.blocks, b)
	return nil
}

// textOut mirrors model's textOut.
func (m *machine) textOut(k spec.ItemKind, choice int, data []byte) {
	if len(data) == 0 || m.onOut == nil {
		return
	}
	switch k {
	case spec.ItemText:
		m.emit(Output{Kind: spec.OutText, Message: m.msgs - 1, Choice: choice, Data: data})
	case spec.ItemRefusal:
		m.emit(Output{Kind: spec.OutRefusal, Message: m.msgs - 1, Choice: choice, Data: data})
	case spec.ItemThinking:
		m.emit(Output{Kind: spec.OutThinking, Message: m.msgs - 1, Choice: choice, Data: data})
	}
}

// deltaFits mirrors model's deltaFits: PAIR-5.
func deltaFits(t spec.BlockType, d spec.DeltaType) bool {
	if d == spec.DeltaOther || t == spec.BlockOther {
		return true
	}
	switch t {
	case spec.BlockText:
		return d == spec.DeltaText || d == spec.DeltaRefusal
	case spec.BlockThinking:
		return d == spec.DeltaThinking || d == spec.DeltaSignature
	case spec.BlockRedacted:
		return d == spec.DeltaRedacted || d == spec.DeltaSignature
	case spec.BlockCall:
		return d == spec.DeltaArgs || d == spec.DeltaFinalArgs
	}
	return false
}

// implicitType mirrors model's implicitType: PAIR-7.
func implicitType(d spec.DeltaType) spec.BlockType {
	switch d {
	case spec.DeltaText:
		return spec.BlockText
	case spec.DeltaThinking, spec.DeltaSignature:
		return spec.BlockThinking
	case spec.DeltaRedacted:
		return spec.BlockRedacted
	}
	return spec.BlockNone
}

// stepBlockDelta mirrors model's stepBlockDelta: ID-7, BUD-1…BUD-4, BUD-6,
// BUD-7, PAIR-1…PAIR-8, END-6, END-8, EVENT-1.
func (m *machine) stepBlockDelta(e *event) *spec.Violation {
	if e.delta == spec.DeltaNone || e.delta > spec.DeltaOther && e.delta != spec.DeltaRefusal {
		return term(spec.EventInvalid, e, "block delta of type %s", e.delta)
	}
	if v := m.checkBlockMessage(e); v != nil {
		return v
	}
	b := -1
	if m.inMsg {
		b = m.block(e.byItem, e.index, e.item)
	}
	if b < 0 {
		t := implicitType(e.delta)
		if !m.implicitBlocks || t == spec.BlockNone {
			return term(spec.PairUnknown, e, "%s delta for %s, which was never started", e.delta, blockName(e))
		}
		// PAIR-7: open the block, then apply the delta to it.
		start := event{kind: spec.KindBlockStart, frame: e.frame, offset: e.offset, choice: e.choice, index: e.index, byItem: e.byItem, item: e.item, block: t}
		if v := m.checkContent(&start, e.choice); v != nil {
			return v
		}
		if m.curItems() >= m.lim.MaxItems {
			return term(spec.BudItems, e, "more than %d items in one message", m.lim.MaxItems)
		}
		if v := m.checkPayload(e, len(e.data)); v != nil {
			return v
		}
		if v := m.stepBlockStart(&start); v != nil {
			return v // unreachable: its checks were made above
		}
		b = m.block(e.byItem, e.index, e.item)
	} else if m.finishedEmpty(e) {
		return nil // END-6: an empty delta carries no content
	} else if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	bl := m.blocks[b]
	if !bl.open {
		m.finding(spec.PairClosed, e, bl.call, "%s delta for %s after its stop", e.delta, blockName(e))
		return nil
	}
	if !deltaFits(bl.typ, e.delta) {
		m.finding(spec.PairDeltaType, e, bl.call, "%s delta for a %s block", e.delta, bl.typ)
		return nil
	}
	if e.delta == spec.DeltaOther || bl.typ == spec.BlockOther {
		return nil
	}
	if bl.typ == spec.BlockCall {
		c := &m.calls[bl.call]
		if e.delta == spec.DeltaFinalArgs {
			return m.finalArgs(e, bl.call)
		}
		if c.started && len(e.data) > 0 {
			m.finding(spec.PairStartInput, e, bl.call, "argument delta of %d bytes after arguments given in the block start", len(e.data))
			return nil
		}
		if v := m.checkBytes(e, len(c.args), len(e.data)); v != nil {
			return about(v, bl.call)
		}
		m.appendArgs(bl.call, e.data)
		return nil
	}
	if v := m.checkPayload(e, len(e.data)); v != nil {
		return v
	}
	if bl.typ == spec.BlockText && len(e.data) > 0 {
		// END-8: refusal text is a refusal item, text a text item; a
		// block's empty item takes the kind of its first content, and
		// content of the other kind starts an item of its own.
		want := spec.ItemText
		if e.delta == spec.DeltaRefusal {
			want = spec.ItemRefusal
		}
		if it := &m.items[bl.item]; it.kind != want {
			if len(it.text) == 0 && len(it.sigs) == 0 {
				it.kind = want
			} else if m.curItems() >= m.lim.MaxItems {
				return term(spec.BudItems, e, "more than %d items in one message", m.lim.MaxItems)
			} else {
				m.blocks[b].item = m.addItem(item{kind: want, choice: e.choice, block: true, itemID: bl.itemID})
			}
		}
		bl = m.blocks[b]
	}
	it := &m.items[bl.item]
	if e.delta == spec.DeltaSignature {
		if len(e.data) > 0 {
			it.sigs = append(it.sigs, string(e.data))
		}
	} else {
		it.text = appendGrow(it.text, e.data)
		m.textOut(it.kind, e.choice, e.data)
	}
	m.msgBytes += len(e.data)
	return nil
}

// repeatedIdentity mirrors model's repeatedIdentity: ID-7, ID-10.
//
// It checks the id and name a stop repeats for call n
// (ID-10): a value that differs from the call's is a call-scoped violation
// and the call keeps its own; one the call lacked is taken.
func (m *machine) repeatedIdentity(e *event, n int) {
	c := &m.calls[n]
	switch {
	case len(e.id) == 0 || string(e.id) == c.id:
	case c.id == "":
		c.id = string(e.id)
		m.duplicateID(e, n)
	default:
		m.finding(spec.IDRepeated, e, n, "the stop repeats id %q for the call with id %q", e.id, c.id)
	}
	switch {
	case len(e.name) == 0 || string(e.name) == c.name:
	case c.name == "":
		c.name = string(e.name)
	default:
		m.finding(spec.IDRepeated, e, n, "the stop repeats name %q for the call named %q", e.name, c.name)
	}
}

// finalArgs mirrors model's finalArgs: BUD-2, BUD-3, PAIR-8.
func (m *machine) finalArgs(e *event, n int) *spec.Violation {
	c := &m.calls[n]
	if string(c.args) == string(e.data) {
		return nil
	}
	if len(c.args) == 0 {
		if v := m.checkBytes(e, 0, len(e.data)); v != nil {
			return about(v, n)
		}
		m.appendArgs(n, e.data)
		return nil
	}
	m.finding(spec.PairFinalArgs, e, n, "final arguments (%d bytes) differ from the %d streamed bytes", len(e.data), len(c.args))
	return nil
}

// stepBlockStop mirrors model's stepBlockStop: ID-7, ID-10, BUD-2…BUD-4,
// PAIR-1, PAIR-3, PAIR-4, PAIR-8, END-1, END-3.
func (m *machine) stepBlockStop(e *event) *spec.Violation {
	if v := m.checkBlockMessage(e); v != nil {
		return v
	}
	b := -1
	if m.inMsg {
		b = m.block(e.byItem, e.index, e.item)
	}
	if b < 0 {
		return term(spec.PairUnknown, e, "stop for %s, which was never started", blockName(e))
	}
	bl := m.blocks[b]
	if !bl.open {
		m.finding(spec.PairClosed, e, bl.call, "second stop for %s", blockName(e))
		return nil
	}
	if v := m.checkPayload(e, len(e.sig)); v != nil {
		return about(v, bl.call) // NoCall for a block that is no call
	}
	if bl.call >= 0 {
		if v := m.checkIDName(e, e.id, e.name); v != nil {
			return about(v, bl.call)
		}
	}
	if bl.call >= 0 && e.hasData {
		if v := m.finalArgs(e, bl.call); v != nil {
			return v
		}
	}
	if bl.call >= 0 {
		m.repeatedIdentity(e, bl.call)
	}
	m.blocks[b].open = false
	if len(e.sig) > 0 {
		if bl.call >= 0 {
			m.addCallSig(bl.call, e.sig)
		} else if bl.item >= 0 {
			m.items[bl.item].sigs = append(m.items[bl.item].sigs, string(e.sig))
			m.msgBytes += len(e.sig)
		}
	}
	if bl.call >= 0 {
		m.hold(bl.call, e) // END-1, END-3: the block stop is the call's terminal signal; a normal end confirms it
	}
	return nil
}

// ---- Vertex streamed arguments ----

// stepPathOpen mirrors model's stepPathOpen: ID-7, NAME-3…NAME-5,
// BUD-1…BUD-4, BUD-6, BUD-7, PAIR-1, PAIR-9, END-2, END-6.
func (m *machine) stepPathOpen(e *event) *spec.Violation {
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	if v := m.checkNewCall(e, e.id, e.name, 0); v != nil {
		return v
	}
	if v := m.checkPayload(e, len(e.sig)); v != nil {
		return about(v, len(m.calls))
	}
	m.ensureMessage()
	if p := m.openPath(e.choice); p >= 0 {
		m.complete(p, e) // PAIR-9: the next name closes the open call
	}
	n := m.addCall(call{kind: callPath, choice: e.choice, id: string(e.id), name: string(e.name), path: &pathBuilder{}})
	m.duplicateID(e, n)
	m.addCallSig(n, e.sig)
	return nil
}

// stepPathArg mirrors model's stepPathArg: BUD-2, BUD-3, BUD-6, PAIR-1,
// PAIR-9, PAIR-10, END-6, EVENT-1.
func (m *machine) stepPathArg(e *event) *spec.Violation {
	if e.delta != spec.DeltaString && e.delta != spec.DeltaJSON {
		return term(spec.EventInvalid, e, "path argument of type %s", e.delta)
	}
	if v := m.checkContent(e, e.choice); v != nil {
		return v
	}
	p := -1
	if m.inMsg {
		p = m.openPath(e.choice)
	}
	if p < 0 {
		return term(spec.PairPathCall, e, "partial argument %q with no streamed call open", e.path)
	}
	c := &m.calls[p]
	n := len(e.path) + len(e.data)
	if v := m.checkBytes(e, c.charged, n); v != nil {
		return about(v, p)
	}
	if err := c.path.apply(e.path, e.delta, e.data, e.more); err != "" {
		m.finding(spec.PairPathSyntax, e, p, "partial argument %q: %s", e.path, err)
		return nil
	}
	c.charged += n
	m.msgBytes += n
	return nil
}

// stepPathClose mirrors model's stepPathClose: PAIR-9, END-3.
func (m *machine) stepPathClose(e *event) *spec.Violation {
	p := -1
	if m.inMsg {
		p = m.openPath(e.choice)
	}
	if p < 0 {
		return term(spec.PairPathCall, e, "empty functionCall with no streamed call open")
	}
	m.hold(p, e) // END-3: a normal end confirms it
	return nil
}

// finishedEmpty mirrors model's finishedEmpty: END-6.
//
// It reports whether e is an empty delta for a finished choice
// (END-6 does not apply; it is ignored).
func (m *machine) finishedEmpty(e *event) bool {
	if len(e.data) > 0 || !m.inMsg {
		return false
	}
	i := m.choice(e.choice)
	return i >= 0 && m.choices[i].finished
}
