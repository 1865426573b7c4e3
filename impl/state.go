package impl

import (
	"github.com/toolspec/toolspec/spec"
)

// This file holds the state of the production state machine, as
// model/state.go holds the reference's: the calls, items, blocks and
// choices, and the lookups over the current message.

type callKind uint8

const (
	callFragment callKind = iota + 1
	callWhole
	callBlock
	callPath
)

type call struct {
	kind     callKind
	msg      int
	choice   int
	id       string
	name     string
	index    int
	hasWire  bool
	idFrame  int
	args     []byte
	status   spec.Status
	poisoned bool
	server   bool
	sigs     []string
	started  bool
	synth    bool
	item     int
	path     *pathBuilder
	charged  int
	tool     spec.CallKind // function or custom, once an event said (NAME-4)
}

type item struct {
	kind   spec.ItemKind
	msg    int
	choice int
	block  bool
	text   []byte
	sigs   []string
	call   int
}

type block struct {
	key  int
	typ  spec.BlockType
	open bool
	item int
	call int
}

type choiceState struct {
	choice   int
	finished bool
	stopped  bool
	content  bool
}

// Output is one thing the assembler reports as it happens. Data is
// borrowed: it is valid only during the callback.
type Output struct {
	Kind      spec.OutputKind
	Message   int
	Choice    int
	Call      int
	Data      []byte
	Status    spec.Status
	Stop      spec.Stop
	Violation *spec.Violation
}

// machine is the reassembly state.
type machine struct {
	format         spec.Format
	lim            spec.Limits
	explicitStart  bool
	implicitBlocks bool

	msgs      int
	inMsg     bool
	msgBytes  int
	msgCalls  int
	msgItems  int
	msgCall0  int // index of the current message's first call
	msgItem0  int // index of the current message's first item
	calls     []call
	items     []item
	blocks    []block
	choices   []choiceState
	stops     []spec.Stop
	tail      []byte // the bytes of a cut last frame (END-3)
	viols     []spec.Violation
	onOut     func(*Output)
	out       Output // reused for callbacks
	scratchID []byte
}

// init mirrors model's New: it sets m up for a stream of format f under
// limits lim.
func (m *machine) init(f spec.Format, lim spec.Limits) {
	*m = machine{format: f, lim: lim.Resolved()}
	r, _ := spec.LookupFormatRules(f) // New has rejected an unknown format
	m.explicitStart, m.implicitBlocks = r.ExplicitStart, r.ImplicitBlocks
}

// emit hands o to the OnOutput callback, if there is one: where model's
// handlers append their outputs to a slice, impl's report them as they
// happen.
func (m *machine) emit(o Output) {
	if m.onOut != nil {
		m.out = o
		m.onOut(&m.out)
	}
}

// ---- lookups ----

// choice mirrors model's choice.
func (m *machine) choice(c int) int {
	for i := range m.choices {
		if m.choices[i].choice == c {
			return i
		}
	}
	return -1
}

// block mirrors model's block.
func (m *machine) block(k int) int {
	for i := range m.blocks {
		if m.blocks[i].key == k {
			return i
		}
	}
	return -1
}

// lastItem mirrors model's lastItem.
func (m *machine) lastItem(c int) int {
	if !m.inMsg {
		return -1
	}
	for i := len(m.items) - 1; i >= m.msgItem0; i-- {
		if m.items[i].choice == c {
			return i
		}
	}
	return -1
}

// openPath mirrors model's openPath.
func (m *machine) openPath(c int) int {
	if !m.inMsg {
		return -1
	}
	for i := len(m.calls) - 1; i >= m.msgCall0; i-- {
		cs := &m.calls[i]
		if cs.kind == callPath && cs.choice == c && cs.status == spec.StatusOpen {
			return i
		}
	}
	return -1
}

// clone mirrors model's clone.
//
// It returns a deep copy of m, for snapshots.
func (m *machine) clone() machine {
	c := *m
	c.calls = append([]call(nil), m.calls...)
	for i := range c.calls {
		c.calls[i].args = append([]byte(nil), c.calls[i].args...)
		c.calls[i].sigs = append([]string(nil), c.calls[i].sigs...)
		if p := c.calls[i].path; p != nil {
			c.calls[i].path = p.clone()
		}
	}
	c.items = append([]item(nil), m.items...)
	for i := range c.items {
		c.items[i].text = append([]byte(nil), c.items[i].text...)
		c.items[i].sigs = append([]string(nil), c.items[i].sigs...)
	}
	c.blocks = append([]block(nil), m.blocks...)
	c.choices = append([]choiceState(nil), m.choices...)
	c.stops = append([]spec.Stop(nil), m.stops...)
	c.viols = append([]spec.Violation(nil), m.viols...)
	c.tail = append([]byte(nil), m.tail...)
	c.onOut = nil
	return c
}
