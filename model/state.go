package model

import (
	"github.com/toolspec/toolspec/spec"
)

// callKind says how a call receives its arguments.
type callKind uint8

const (
	callFragment callKind = iota + 1 // OpenAI-chat keyed fragments
	callWhole                        // one whole element
	callBlock                        // a block's start/delta/stop
	callPath                         // Vertex partialArgs
)

// callState is one call of the stream.
type callState struct {
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
	item     int  // index of its item
	path     *pathBuilder
	charged  int           // bytes charged to a path call so far
	synth    bool          // args is the {} that stands for no bytes (END-2)
	tool     spec.CallKind // its kind, once an event said (NAME-4, NAME-5)
	ns       string        // a Responses function call's namespace (NAME-6)
	itemID   string        // the id of its Responses output item (ID-12)
	// held says the call's own end signal came (a block stop, a Vertex
	// empty part) and the call waits for the generation to show it ended
	// normally (END-3): the next content of its message and choice, or a
	// normal finish, completes it; any other end leaves it incomplete.
	// Its status stays open until then. heldFrame and heldOffset locate
	// the end signal, where END-2 and NAME-3 report.
	held       bool
	heldFrame  int
	heldOffset int64
}

// result returns what the outcome holds of c: its status, where a
// call-scoped violation makes it invalid (END-2), its final
// arguments, and its kind, function unless an event said another (NAME-4,
// NAME-5).
func (c *callState) result() (spec.Status, []byte, spec.CallKind) {
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

// itemState is one item of the stream.
type itemState struct {
	kind   spec.ItemKind
	msg    int
	choice int
	block  bool // the item is a block's (never merged into)
	text   []byte
	sigs   []string
	call   int    // for calls, the call ordinal
	itemID string // the id of the Responses output item it came from (ID-12)
}

// blockState is one block of the current message.
type blockState struct {
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

// traits are the few rules that differ by format, read from package spec's
// spec.FormatRules of the format.
type traits struct {
	explicitStart  bool // content needs a KindMessageStart (PAIR-1)
	implicitBlocks bool // text and reasoning deltas may open blocks (PAIR-7)
}

// State is the state of the reference reassembler. The zero State is not
// usable; make one with [New]. A State is a value: [Step] never mutates the
// State it is given.
type State struct {
	format spec.Format
	lim    spec.Limits
	tr     traits

	msgs     int  // messages started so far; the current one is msgs-1
	inMsg    bool // the current message is open
	msgBytes int  // payload bytes charged to the current message
	msgCalls int
	msgItems int

	calls   []callState
	items   []itemState
	blocks  []blockState  // blocks of the current message
	choices []choiceState // choices of the current message
	stops   []spec.Stop
	tail    string // the bytes of a cut last frame (END-3)
}

// New returns the initial state for a stream of format f under limits lim
// (zero fields take their defaults). It panics if f is not one of
// spec.Formats.
func New(f spec.Format, lim spec.Limits) State {
	r, ok := spec.LookupFormatRules(f)
	if !ok {
		panic("toolspec: unknown format " + string(f))
	}
	tr := traits{explicitStart: r.ExplicitStart, implicitBlocks: r.ImplicitBlocks}
	return State{format: f, lim: lim.Resolved(), tr: tr}
}

// Format returns the format the state reassembles.
func (s State) Format() spec.Format { return s.format }

// clone returns a copy of s that shares no mutable memory with it: outer
// slices are copied, and inner slices are capped at their length so that an
// append on the copy reallocates instead of writing into s's arrays.
func (s State) clone() State {
	c := s
	c.calls = append([]callState(nil), s.calls...)
	for i := range c.calls {
		c.calls[i].args = capped(c.calls[i].args)
		c.calls[i].sigs = cappedStrings(c.calls[i].sigs)
		if p := c.calls[i].path; p != nil {
			c.calls[i].path = p.clone()
		}
	}
	c.items = append([]itemState(nil), s.items...)
	for i := range c.items {
		c.items[i].text = capped(c.items[i].text)
		c.items[i].sigs = cappedStrings(c.items[i].sigs)
	}
	c.blocks = append([]blockState(nil), s.blocks...)
	c.choices = append([]choiceState(nil), s.choices...)
	c.stops = append([]spec.Stop(nil), s.stops...)
	return c
}

func capped(b []byte) []byte            { return b[:len(b):len(b)] }
func cappedStrings(s []string) []string { return s[:len(s):len(s)] }

// choice returns the index in s.choices of choice c, or -1.
func (s *State) choice(c int) int {
	for i := range s.choices {
		if s.choices[i].choice == c {
			return i
		}
	}
	return -1
}

// block returns the index in s.blocks of the block a block event names
// (ID-9): the block with key k, or, when byItem, the latest block whose
// item id is item; -1 when there is none.
func (s *State) block(byItem bool, k int, item string) int {
	if byItem {
		for i := len(s.blocks) - 1; i >= 0; i-- {
			if s.blocks[i].itemID == item {
				return i
			}
		}
		return -1
	}
	for i := range s.blocks {
		if !s.blocks[i].byItem && s.blocks[i].key == k {
			return i
		}
	}
	return -1
}

// lastItem returns the index of the last item of the current message and
// choice c, or -1.
func (s *State) lastItem(c int) int {
	for i := len(s.items) - 1; i >= 0; i-- {
		it := &s.items[i]
		if it.msg != s.msgs-1 {
			return -1
		}
		if it.choice == c {
			return i
		}
	}
	return -1
}

// refused reports whether choice c of the current message holds a refusal
// item (END-8).
func (s *State) refused(c int) bool {
	for i := len(s.items) - 1; i >= 0 && s.items[i].msg == s.msgs-1; i-- {
		if s.items[i].choice == c && s.items[i].kind == spec.ItemRefusal {
			return true
		}
	}
	return false
}

// openPath returns the open path call of the current message and choice c,
// or -1.
func (s *State) openPath(c int) int {
	for i := len(s.calls) - 1; i >= 0; i-- {
		cs := &s.calls[i]
		if cs.msg != s.msgs-1 {
			return -1
		}
		if cs.kind == callPath && cs.choice == c && cs.status == spec.StatusOpen && !cs.held {
			return i
		}
	}
	return -1
}
