package impl

import (
	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the state of the production state machine, as
// model/state.go holds the reference's: the calls, items, blocks and
// choices, and the lookups over the current message.

// callKind says how a call receives its arguments (model's callKind).
type callKind uint8

const (
	callFragment callKind = iota + 1 // OpenAI-chat keyed fragments
	callWhole                        // one whole element
	callBlock                        // a block's start/delta/stop
	callPath                         // Vertex partialArgs
)

// call is one call of the stream (model's callState).
type call struct {
	kind     callKind
	msg      int
	choice   int
	id       string
	name     string
	index    int  // effective index (fragment calls)
	hasWire  bool // the call's first entry carried a wire index
	idFrame  int  // last frame in which an entry carrying an id touched it
	args     []byte
	status   spec.Status
	poisoned bool // a call-scoped violation concerns it
	server   bool
	sigs     []string
	started  bool // the arguments came inline with a block start
	synth    bool // args is the {} that stands for no bytes (END-2)
	item     int  // index of its item
	path     *pathBuilder
	charged  int           // bytes charged to a path call so far
	tool     spec.CallKind // its kind, once an event said (NAME-4, NAME-5)
	ns       string        // a Responses function call's namespace (NAME-6)
	itemID   string        // the id of its Responses output item (ID-12)
	// held, heldFrame, heldOffset: model's (END-3).
	held       bool
	heldFrame  int
	heldOffset int64
}

// result mirrors model's result: END-2, NAME-4, NAME-5.
//
// It returns what the outcome holds of c: its status, its final arguments
// and its kind.
func (c *call) result() (spec.Status, []byte, spec.CallKind) {
	st, args := c.status, c.args
	if c.poisoned {
		st = spec.StatusInvalid
		if c.synth {
			args = nil // an invalid call keeps its raw bytes: none
		}
	}
	kind := spec.CallFunction
	if c.tool != spec.CallUnspecified {
		kind = c.tool
	}
	return st, args, kind
}

// item is one item of the stream (model's itemState).
type item struct {
	kind   spec.ItemKind
	msg    int
	choice int
	block  bool // the item is a block's (never merged into)
	text   []byte
	sigs   []string
	call   int    // for calls, the call ordinal
	itemID string // the id of the Responses output item it came from (ID-12)
}

// block is one block of the current message (model's blockState).
type block struct {
	key    int
	byItem bool   // the block has no key: events name it by itemID (ID-9)
	itemID string // its item id (Responses item.id), "" when none
	typ    spec.BlockType
	open   bool
	item   int // its current item (a text block's text or refusal, END-8), or -1 for BlockOther
	call   int // its call, or -1
}

// choiceState is one choice of the current message.
type choiceState struct {
	choice   int
	finished bool
	stopped  bool // a stop was recorded for it
	content  bool // it received content
}

// Output is one thing the assembler reports as it happens: spec.Output,
// with its byte fields borrowed. Data, Args and Signatures are valid only
// during the callback.
type Output struct {
	Kind       spec.OutputKind
	Message    int
	Choice     int
	Call       int
	Data       []byte
	Status     spec.Status
	Stop       spec.Stop
	Violation  *spec.Violation
	ID         string
	Name       string
	Namespace  string
	ItemID     string
	CallKind   spec.CallKind
	Server     bool
	Args       []byte
	Signatures []string
}

// machine is the reassembly state.
type machine struct {
	format         spec.Format
	lim            spec.Limits
	explicitStart  bool
	implicitBlocks bool

	msgs     int
	inMsg    bool
	msgBytes int
	msgCalls int
	msgItems int
	msgCall0 int // index of the current message's first call
	msgHeld  int // calls of the current message held at their end signal (END-3)
	msgItem0 int // index of the current message's first item
	calls    []call
	items    []item
	blocks   []block
	choices  []choiceState
	stops    []spec.Stop
	tail     []byte // the bytes of a cut last frame (END-3)
	viols    []spec.Violation
	onOut    func(*Output)
	out      Output // reused for callbacks
	lent     []byte // the invariants build's copies of out's bytes (invariants.go)
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
		if invariants.Enabled {
			m.lend()
		}
		m.onOut(&m.out)
		if invariants.Enabled {
			m.spoil()
		}
	}
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

// block mirrors model's block: ID-9.
//
// It returns the block a block event names: the block with key k, or, when
// byItem, the latest block whose item id is item; -1 when there is none.
func (m *machine) block(byItem bool, k int, item []byte) int {
	if byItem {
		for i := len(m.blocks) - 1; i >= 0; i-- {
			if m.blocks[i].itemID == string(item) {
				return i
			}
		}
		return -1
	}
	for i := range m.blocks {
		if !m.blocks[i].byItem && m.blocks[i].key == k {
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

// refused mirrors model's refused: END-8.
//
// It reports whether choice c of the current message holds a refusal item.
func (m *machine) refused(c int) bool {
	for i := len(m.items) - 1; i >= m.msgItem0; i-- {
		if m.items[i].choice == c && m.items[i].kind == spec.ItemRefusal {
			return true
		}
	}
	return false
}

// openPath mirrors model's openPath.
func (m *machine) openPath(c int) int {
	if !m.inMsg {
		return -1
	}
	for i := len(m.calls) - 1; i >= m.msgCall0; i-- {
		cs := &m.calls[i]
		if cs.kind == callPath && cs.choice == c && cs.status == spec.StatusOpen && !cs.held {
			return i
		}
	}
	return -1
}
