package model

import (
	"fmt"

	"github.com/toolspec/toolspec/spec"
)

// ---- blocks (Anthropic, Bedrock, Responses) ----

// checkBlockMessage checks that a block event may arrive: a message is open,
// or (for formats without an explicit start) may be opened (PAIR-1).
func (s *State) checkBlockMessage(e spec.Event) *spec.Violation {
	if !s.inMsg && s.tr.explicitStart {
		return term(spec.PairMsgStart, e, "%s before the message start", e.Kind)
	}
	return nil
}

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

// ownItemID is the id of the Responses output item a block start opens
// (ID-12): its Item, unless that is a call item's call_id standing in
// for an id the item does not have.
func ownItemID(e spec.Event) string {
	if e.ItemByCall {
		return ""
	}
	return e.Item
}

// blockName names the block a block event names, for a violation's
// message: "block 3", or "block of item \"fc_1\"" (ID-9).
func blockName(e spec.Event) string {
	if e.ByItem {
		return fmt.Sprintf("block of item %q", e.Item)
	}
	return fmt.Sprintf("block %d", e.Index)
}

func stepBlockStart(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if v := s.checkBlockMessage(e); v != nil {
		return v
	}
	if e.Block == spec.BlockNone || e.Block > spec.BlockOther {
		return term(spec.EventInvalid, e, "block start of type %s", e.Block)
	}
	if e.ByItem && e.Item == "" {
		return term(spec.EventInvalid, e, "block start without a key or an item id")
	}
	if s.inMsg && s.block(e.ByItem, e.Index, e.Item) >= 0 {
		return term(spec.PairDupStart, e, "%s started twice", blockName(e))
	}
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	if e.Block == spec.BlockCall {
		if v := s.checkNewCall(e, e.ID, e.Name, len(e.Data)); v != nil {
			return v
		}
		if v := s.checkPayload(e, len(e.Data)+len(e.Sig)); v != nil {
			return about(v, len(s.calls))
		}
	} else if s.curItems() >= s.lim.MaxItems {
		return term(spec.BudItems, e, "more than %d items in one message", s.lim.MaxItems)
	} else if v := s.checkPayload(e, len(e.Data)+len(e.Sig)); v != nil {
		return v
	}
	s.ensureMessage()
	s.touchChoice(e.Choice)
	b := blockState{key: e.Index, byItem: e.ByItem, itemID: e.Item, typ: e.Block, open: true, item: -1, call: -1}
	if e.Block == spec.BlockCall {
		n := s.addCall(callState{kind: callBlock, choice: e.Choice, id: e.ID, name: e.Name, server: e.Server, tool: e.CallKind, ns: e.Namespace, itemID: ownItemID(e)}, out)
		s.duplicateID(out, e, n)
		if e.Data != "" {
			s.appendArgs(n, e.Data, out)
			s.calls[n].started = true
		}
		s.addCallSig(n, e.Sig)
		b.call, b.item = n, s.calls[n].item
	} else {
		it := itemState{kind: itemKindOf(e.Block), choice: e.Choice, block: true, text: []byte(e.Data), itemID: e.Item}
		if e.Sig != "" {
			it.sigs = []string{e.Sig}
		}
		b.item = s.addItem(it)
		s.msgBytes += len(e.Data) + len(e.Sig)
		s.textOut(it.kind, e.Choice, e.Data, out)
	}
	s.blocks = append(s.blocks, b)
	return nil
}

// textOut reports text, refusal text or thinking appended to a block's
// item of kind k.
func (s *State) textOut(k spec.ItemKind, choice int, data string, out *[]spec.Output) {
	if data == "" {
		return
	}
	switch k {
	case spec.ItemText:
		*out = append(*out, spec.Output{Kind: spec.OutText, Message: s.msgs - 1, Choice: choice, Data: data})
	case spec.ItemRefusal:
		*out = append(*out, spec.Output{Kind: spec.OutRefusal, Message: s.msgs - 1, Choice: choice, Data: data})
	case spec.ItemThinking:
		*out = append(*out, spec.Output{Kind: spec.OutThinking, Message: s.msgs - 1, Choice: choice, Data: data})
	}
}

// deltaFits reports whether delta type d may be applied to a block of type
// t (PAIR-5).
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

// implicitType is the block type a Bedrock delta opens implicitly (PAIR-7),
// or BlockNone when it may not open one.
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

func stepBlockDelta(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if e.Delta == spec.DeltaNone || e.Delta > spec.DeltaOther && e.Delta != spec.DeltaRefusal {
		return term(spec.EventInvalid, e, "block delta of type %s", e.Delta)
	}
	if v := s.checkBlockMessage(e); v != nil {
		return v
	}
	b := -1
	if s.inMsg {
		b = s.block(e.ByItem, e.Index, e.Item)
	}
	if b < 0 {
		t := implicitType(e.Delta)
		if !s.tr.implicitBlocks || t == spec.BlockNone {
			return term(spec.PairUnknown, e, "%s delta for %s, which was never started", e.Delta, blockName(e))
		}
		// PAIR-7: open the block, then apply the delta to it.
		start := spec.Event{Kind: spec.KindBlockStart, Frame: e.Frame, Offset: e.Offset, Choice: e.Choice, Index: e.Index, ByItem: e.ByItem, Item: e.Item, Block: t}
		if v := s.checkContent(start, e.Choice); v != nil {
			return v
		}
		if s.curItems() >= s.lim.MaxItems {
			return term(spec.BudItems, e, "more than %d items in one message", s.lim.MaxItems)
		}
		if v := s.checkPayload(e, len(e.Data)); v != nil {
			return v
		}
		if v := stepBlockStart(s, start, out); v != nil {
			return v // unreachable: its checks were made above
		}
		b = s.block(e.ByItem, e.Index, e.Item)
	} else if s.finishedEmpty(e) {
		return nil // END-6: an empty delta carries no content
	} else if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	bl := s.blocks[b]
	if !bl.open {
		s.finding(out, spec.PairClosed, e, bl.call, "%s delta for %s after its stop", e.Delta, blockName(e))
		return nil
	}
	if !deltaFits(bl.typ, e.Delta) {
		s.finding(out, spec.PairDeltaType, e, bl.call, "%s delta for a %s block", e.Delta, bl.typ)
		return nil
	}
	if e.Delta == spec.DeltaOther || bl.typ == spec.BlockOther {
		return nil
	}
	if bl.typ == spec.BlockCall {
		c := &s.calls[bl.call]
		if e.Delta == spec.DeltaFinalArgs {
			return s.finalArgs(e, bl.call, out)
		}
		if c.started && e.Data != "" {
			s.finding(out, spec.PairStartInput, e, bl.call, "argument delta of %d bytes after arguments given in the block start", len(e.Data))
			return nil
		}
		if v := s.checkBytes(e, len(c.args), len(e.Data)); v != nil {
			return about(v, bl.call)
		}
		s.appendArgs(bl.call, e.Data, out)
		return nil
	}
	if v := s.checkPayload(e, len(e.Data)); v != nil {
		return v
	}
	if bl.typ == spec.BlockText && e.Data != "" {
		// END-8: refusal text is a refusal item, text a text item; a
		// block's empty item takes the kind of its first content, and
		// content of the other kind starts an item of its own.
		want := spec.ItemText
		if e.Delta == spec.DeltaRefusal {
			want = spec.ItemRefusal
		}
		if it := &s.items[bl.item]; it.kind != want {
			if len(it.text) == 0 && len(it.sigs) == 0 {
				it.kind = want
			} else if s.curItems() >= s.lim.MaxItems {
				return term(spec.BudItems, e, "more than %d items in one message", s.lim.MaxItems)
			} else {
				s.blocks[b].item = s.addItem(itemState{kind: want, choice: e.Choice, block: true, itemID: bl.itemID})
			}
		}
		bl = s.blocks[b]
	}
	it := &s.items[bl.item]
	if e.Delta == spec.DeltaSignature {
		if e.Data != "" {
			it.sigs = append(it.sigs, e.Data)
		}
	} else {
		it.text = append(it.text, e.Data...)
		s.textOut(it.kind, e.Choice, e.Data, out)
	}
	s.msgBytes += len(e.Data)
	return nil
}

// repeatedIdentity checks the id and name a stop repeats for call n
// (ID-10): a value that differs from the call's is a call-scoped violation
// and the call keeps its own; one the call lacked is taken.
func (s *State) repeatedIdentity(e spec.Event, n int, out *[]spec.Output) {
	c := &s.calls[n]
	switch {
	case e.ID == "" || e.ID == c.id:
	case c.id == "":
		c.id = e.ID
		s.duplicateID(out, e, n)
	default:
		s.finding(out, spec.IDRepeated, e, n, "the stop repeats id %q for the call with id %q", e.ID, c.id)
	}
	switch {
	case e.Name == "" || e.Name == c.name:
	case c.name == "":
		c.name = e.Name
	default:
		s.finding(out, spec.IDRepeated, e, n, "the stop repeats name %q for the call named %q", e.Name, c.name)
	}
}

// finalArgs applies final arguments repeated at the end of call n (PAIR-8):
// they supply the arguments when none streamed, and must otherwise equal
// them.
func (s *State) finalArgs(e spec.Event, n int, out *[]spec.Output) *spec.Violation {
	c := &s.calls[n]
	if string(c.args) == e.Data {
		return nil
	}
	if len(c.args) == 0 {
		if v := s.checkBytes(e, 0, len(e.Data)); v != nil {
			return about(v, n)
		}
		s.appendArgs(n, e.Data, out)
		return nil
	}
	s.finding(out, spec.PairFinalArgs, e, n, "final arguments (%d bytes) differ from the %d streamed bytes", len(e.Data), len(c.args))
	return nil
}

func stepBlockStop(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if v := s.checkBlockMessage(e); v != nil {
		return v
	}
	b := -1
	if s.inMsg {
		b = s.block(e.ByItem, e.Index, e.Item)
	}
	if b < 0 {
		return term(spec.PairUnknown, e, "stop for %s, which was never started", blockName(e))
	}
	bl := s.blocks[b]
	if !bl.open {
		s.finding(out, spec.PairClosed, e, bl.call, "second stop for %s", blockName(e))
		return nil
	}
	if v := s.checkPayload(e, len(e.Sig)); v != nil {
		return about(v, bl.call) // NoCall for a block that is no call
	}
	if bl.call >= 0 {
		if v := s.checkIDName(e, e.ID, e.Name); v != nil {
			return about(v, bl.call)
		}
	}
	if bl.call >= 0 && e.HasData {
		if v := s.finalArgs(e, bl.call, out); v != nil {
			return v
		}
	}
	if bl.call >= 0 {
		s.repeatedIdentity(e, bl.call, out)
	}
	s.blocks[b].open = false
	if e.Sig != "" {
		if bl.call >= 0 {
			s.addCallSig(bl.call, e.Sig)
		} else if bl.item >= 0 {
			s.items[bl.item].sigs = append(s.items[bl.item].sigs, e.Sig)
			s.msgBytes += len(e.Sig)
		}
	}
	if bl.call >= 0 {
		s.hold(bl.call, e) // END-1, END-3: the block stop is the call's terminal signal; a normal end confirms it
	}
	return nil
}

// ---- Vertex streamed arguments ----

func stepPathOpen(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	if v := s.checkNewCall(e, e.ID, e.Name, 0); v != nil {
		return v
	}
	if v := s.checkPayload(e, len(e.Sig)); v != nil {
		return about(v, len(s.calls))
	}
	s.ensureMessage()
	if p := s.openPath(e.Choice); p >= 0 {
		s.complete(p, e, out) // PAIR-9: the next name closes the open call
	}
	n := s.addCall(callState{kind: callPath, choice: e.Choice, id: e.ID, name: e.Name, path: &pathBuilder{}}, out)
	s.duplicateID(out, e, n)
	s.addCallSig(n, e.Sig)
	return nil
}

func stepPathArg(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	if e.Delta != spec.DeltaString && e.Delta != spec.DeltaJSON {
		return term(spec.EventInvalid, e, "path argument of type %s", e.Delta)
	}
	if v := s.checkContent(e, e.Choice); v != nil {
		return v
	}
	p := -1
	if s.inMsg {
		p = s.openPath(e.Choice)
	}
	if p < 0 {
		return term(spec.PairPathCall, e, "partial argument %q with no streamed call open", e.Path)
	}
	c := &s.calls[p]
	n := len(e.Path) + len(e.Data)
	if v := s.checkBytes(e, c.charged, n); v != nil {
		return about(v, p)
	}
	if err := c.path.apply(e.Path, e.Delta, e.Data, e.More); err != "" {
		s.finding(out, spec.PairPathSyntax, e, p, "partial argument %q: %s", e.Path, err)
		return nil
	}
	c.charged += n
	s.msgBytes += n
	return nil
}

func stepPathClose(s *State, e spec.Event, out *[]spec.Output) *spec.Violation {
	p := -1
	if s.inMsg {
		p = s.openPath(e.Choice)
	}
	if p < 0 {
		return term(spec.PairPathCall, e, "empty functionCall with no streamed call open")
	}
	s.hold(p, e) // END-3: a normal end confirms it
	return nil
}

// finishedEmpty reports whether e is an empty delta for a choice that has
// finished: it carries no content, so END-6 does not apply, and it is
// ignored.
func (s *State) finishedEmpty(e spec.Event) bool {
	if e.Data != "" || !s.inMsg {
		return false
	}
	i := s.choice(e.Choice)
	return i >= 0 && s.choices[i].finished
}
