package impl

import (
	"fmt"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// event is impl's form of spec.Event: its byte slices are borrowed from the
// frame being decoded (or from the batch's arena) and are valid only until
// the next frame.
type event struct {
	kind     spec.Kind
	frame    int
	offset   int64
	choice   int
	index    int
	hasIndex bool
	byItem   bool
	byCall   bool // spec.Event.ItemByCall
	pos      int
	server   bool
	more     bool
	hasData  bool
	block    spec.BlockType
	delta    spec.DeltaType
	callKind spec.CallKind
	id       []byte
	name     []byte
	ns       []byte
	item     []byte
	path     []byte
	data     []byte
	sig      []byte
}

// toSpec converts e to a spec.Event (allocating its strings).
func (e *event) toSpec() spec.Event {
	return spec.Event{
		Kind: e.kind, Frame: e.frame, Offset: e.offset, Choice: e.choice, Index: e.index, HasIndex: e.hasIndex,
		ByItem: e.byItem, ItemByCall: e.byCall, Namespace: string(e.ns),
		Pos: e.pos, ID: string(e.id), Name: string(e.name), Item: string(e.item), Server: e.server,
		Block: e.block, Delta: e.delta, Path: string(e.path), More: e.more, Data: string(e.data),
		HasData: e.hasData, Sig: string(e.sig), CallKind: e.callKind,
	}
}

// fromSpec converts a spec.Event.
func fromSpec(s spec.Event) event {
	b := func(x string) []byte {
		if x == "" {
			return nil
		}
		return []byte(x)
	}
	return event{
		kind: s.Kind, frame: s.Frame, offset: s.Offset, choice: s.Choice, index: s.Index, hasIndex: s.HasIndex,
		byItem: s.ByItem, byCall: s.ItemByCall, ns: b(s.Namespace),
		pos: s.Pos, id: b(s.ID), name: b(s.Name), item: b(s.Item), server: s.Server, block: s.Block,
		delta: s.Delta, path: b(s.Path), more: s.More, data: b(s.Data), hasData: s.HasData, sig: b(s.Sig),
		callKind: s.CallKind,
	}
}

// frame is one wire frame; its slices are borrowed from the decoder's
// buffer and valid until the next frame.
type frame struct {
	no      int
	offset  int64
	event   []byte // SSE event type, or event-stream :event-type
	msgType []byte // event-stream :message-type
	excType []byte // event-stream :exception-type
	errCode []byte // event-stream :error-code
	errMsg  []byte // event-stream :error-message
	data    []byte // the payload
}

// batch collects the events of one frame. A frame's events are applied only
// when the whole frame decoded without a violation, as the reference does.
// Both slices are reused from frame to frame.
type batch struct {
	evs   []event
	arena []byte // decoded strings of the frame
	jsonIndex
}

func (b *batch) reset() {
	b.evs = b.evs[:0]
	b.arena = b.arena[:0]
	b.forget()
}

// add appends an event to the batch.
func (b *batch) add(e event) { b.evs = append(b.evs, e) }

// str decodes the raw JSON string raw into the arena and returns the
// decoded bytes. A string without escapes or non-ASCII bytes is returned as
// a sub-slice of raw, without copying.
func (b *batch) str(raw []byte) []byte {
	if b.plain(raw) {
		return raw[1 : len(raw)-1]
	}
	start := len(b.arena)
	b.arena = jsonwire.AppendUnquote(b.arena, raw)
	return b.arena[start:len(b.arena):len(b.arena)]
}

// compact writes raw (a valid JSON value) without insignificant space into
// the arena, as json.Compact does.
func (b *batch) compact(raw []byte) []byte {
	start := len(b.arena)
	b.arena = jsonwire.AppendCompact(b.arena, raw)
	return b.arena[start:len(b.arena):len(b.arena)]
}

// payloadDecoder decodes the payload of one frame into a batch.
type payloadDecoder interface {
	decodeFrame(b *batch, fr *frame) *spec.Violation
	// recognizes reports whether a frame that decodeFrame accepted is
	// recognizably the format's (FRAME-7).
	recognizes(b *batch, fr *frame) bool
}

// payloadErr returns a terminal violation for the frame being decoded; the
// frame number and offset are stamped by the caller.
func payloadErr(rule spec.RuleID, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
}

// minGrow is the first capacity of a call's arguments and of an item's
// text: most outgrow a few deltas.
const minGrow = 256

// appendGrow appends data to b, doubling b's capacity when it must grow.
// append's own growth slows to 1.25x past 256 bytes: arguments and text
// that grow a delta at a time were copied, and their buffers discarded,
// about four times their final size (openai-chat-1call-64KiB-d256: 272 KB
// allocated for 64 KiB of arguments).
func appendGrow(b, data []byte) []byte {
	return append(grow(b, len(data)), data...)
}

// grow returns b with room for n more bytes, doubling its capacity when it
// must grow.
func grow(b []byte, n int) []byte {
	if len(b)+n <= cap(b) {
		return b
	}
	nb := make([]byte, len(b), max(2*cap(b), len(b)+n, minGrow))
	copy(nb, b)
	return nb
}
