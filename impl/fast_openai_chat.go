package impl

import (
	"bytes"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/spec"
)

// Most chunks of an OpenAI chat stream carry one choice in one of a few
// exact shapes, whatever the members around "choices" are:
//
//	[{"index":N,"delta":D,"logprobs":null,"finish_reason":null}]
//
// with D one of
//
//	{"content":S}
//	{"tool_calls":[{"index":M,"function":{"arguments":S}}]}
//	{"tool_calls":[{"index":M,"id":S,"type":"function","function":{"name":S,"arguments":S}}]}
//
// chatFastChoices reads a "choices" value of exactly such a shape straight
// from its bytes. The payload is already validated and indexed, so each S
// is a valid string whose end the index knows. For such a value the general
// decoder would find the same members and yield the same events, so the
// result is those events. Any other value (another member, another order,
// white space, an escape in a fixed name, a long index) is left to the
// general decoder: so are Mistral's array content, whose value is no string
// (FRAME-6), and a delta with a legacy function_call (ID-11) or LiteLLM's
// thinking_blocks (THINK-2), members no shape has. TestChatFastChoices and its fuzz target (fuzz_test.go)
// hold the two paths equal.

var (
	fastChoiceHead = []byte(`[{"index":`)
	fastChoiceMid  = []byte(`,"delta":{`)
	fastChoiceTail = []byte(`},"logprobs":null,"finish_reason":null}]`)
	fastContent    = []byte(`"content":`)
	fastCallsHead  = []byte(`"tool_calls":[{"index":`)
	fastCallArgs   = []byte(`,"function":{"arguments":`)
	fastCallID     = []byte(`,"id":`)
	fastCallName   = []byte(`,"type":"function","function":{"name":`)
	fastCallArgs2  = []byte(`,"arguments":`)
	fastCallsTail  = []byte(`}}]`)
)

// fastCursor reads a validated, indexed JSON value from its bytes.
type fastCursor struct {
	v []byte
	i int
	s skipper
}

// lit consumes p when the bytes at the cursor are p.
func (c *fastCursor) lit(p []byte) bool {
	if !bytes.HasPrefix(c.v[c.i:], p) {
		return false
	}
	c.i += len(p)
	return true
}

// small consumes a non-negative integer of at most nine digits (the value
// is valid JSON: no leading zero).
func (c *fastCursor) small() (int, bool) {
	n, start := 0, c.i
	for c.i < len(c.v) && c.v[c.i] >= '0' && c.v[c.i] <= '9' {
		n = n*10 + int(c.v[c.i]-'0')
		c.i++
	}
	d := c.i - start
	return n, d > 0 && d <= 9
}

// str consumes a string and returns it raw (quoted).
func (c *fastCursor) str() ([]byte, bool) {
	if c.i >= len(c.v) || c.v[c.i] != '"' {
		return nil, false
	}
	end := c.s.skip(c.v, c.i)
	raw := c.v[c.i:end]
	c.i = end
	return raw, true
}

// chatFastMemo remembers the shape chatFastChoices last read. While the
// payloads are read by replaying the one before (jsonIndex.gen holds), the
// "choices" value at the same token has the same bytes but for its strings
// and numbers: the same shape, at the same token indices. The memo holds
// token indices only, never a value read, so a chunk whose choice or call
// index changed (parallel calls whose deltas interleave) replays too: its
// numbers are read again, and one that is no longer a short non-negative
// integer sends the value to the general decoder.
type chatFastMemo struct {
	gen   uint64
	tok   int    // the "choices" value's token; 0: no memo (token 0 is the payload)
	shape uint8  // fastContent, fastArgs or fastOpener
	nums  [2]int // token indices of the numbers: the choice's index, the call's (0: none)
	strs  [3]int // token indices of the strings: the content, the arguments, or the id, name and arguments
}

// The shapes chatFastChoices reads.
const (
	fastShapeContent = 1 + iota
	fastShapeArgs
	fastShapeOpener
)

// chatFastChoices appends the events of the "choices" value choices when it
// has one of the shapes above and reports whether it did; it appends
// nothing otherwise. memo may be nil.
func chatFastChoices(b *batch, choices []byte, memo *chatFastMemo) bool {
	if memo != nil && memo.tok > 0 && memo.gen == b.gen && b.tokOf(choices) == memo.tok && !invariants.Sometimes(10) {
		if invariants.Enabled {
			checkChatMemo(b, choices, memo)
		}
		return chatFastReplay(b, memo)
	}
	c := fastCursor{v: choices, s: b.skipperFor(choices)}
	if c.s.ends == nil || !c.lit(fastChoiceHead) {
		return false
	}
	choiceTok := b.tokOf(c.v[c.i:])
	_, ok := c.small()
	if !ok || !c.lit(fastChoiceMid) {
		return false
	}
	m := chatFastMemo{gen: b.gen, nums: [2]int{choiceTok}}
	switch {
	case c.lit(fastContent):
		s, ok := c.str()
		if !ok || !c.lit(fastChoiceTail) || c.i != len(c.v) {
			return false
		}
		m.shape, m.strs[0] = fastShapeContent, b.tokOf(s)
	case c.lit(fastCallsHead):
		m.nums[1] = b.tokOf(c.v[c.i:])
		if _, ok = c.small(); !ok {
			return false
		}
		var id, name, args []byte
		if c.lit(fastCallArgs) {
			if args, ok = c.str(); !ok {
				return false
			}
			m.shape, m.strs[0] = fastShapeArgs, b.tokOf(args)
		} else {
			if !c.lit(fastCallID) {
				return false
			}
			if id, ok = c.str(); !ok || !c.lit(fastCallName) {
				return false
			}
			if name, ok = c.str(); !ok || !c.lit(fastCallArgs2) {
				return false
			}
			if args, ok = c.str(); !ok {
				return false
			}
			m.shape, m.strs = fastShapeOpener, [3]int{b.tokOf(id), b.tokOf(name), b.tokOf(args)}
		}
		if !c.lit(fastCallsTail) || !c.lit(fastChoiceTail) || c.i != len(c.v) {
			return false
		}
	default:
		return false
	}
	m.tok = b.tokOf(choices)
	if memo != nil {
		*memo = m
	}
	return chatFastReplay(b, &m)
}

// chatFastReplay appends the events of a "choices" value of the shape m
// describes, reading its numbers and strings at their token indices, and
// reports whether it did: it appends nothing when a number is not a short
// non-negative integer.
func chatFastReplay(b *batch, m *chatFastMemo) bool {
	choice, ok := smallTok(b, m.nums[0])
	if !ok {
		return false
	}
	index := 0
	if m.shape != fastShapeContent {
		if index, ok = smallTok(b, m.nums[1]); !ok {
			return false
		}
	}
	switch m.shape {
	case fastShapeContent:
		chatAdd(b, spec.KindText, choice, b.str(b.tokBytes(m.strs[0])))
	case fastShapeArgs:
		b.add(event{kind: spec.KindFragment, callKind: spec.CallFunction, choice: choice, index: index, hasIndex: true, data: b.str(b.tokBytes(m.strs[0]))})
	case fastShapeOpener:
		b.add(event{kind: spec.KindFragment, callKind: spec.CallFunction, choice: choice, index: index, hasIndex: true,
			id: b.str(b.tokBytes(m.strs[0])), name: b.str(b.tokBytes(m.strs[1])), data: b.str(b.tokBytes(m.strs[2]))})
	}
	return true
}

// smallTok reads token t, a number, as fastCursor.small does: a
// non-negative integer of at most nine digits.
func smallTok(b *batch, t int) (int, bool) {
	c := fastCursor{v: b.tokBytes(t)}
	n, ok := c.small()
	return n, ok && c.i == len(c.v)
}
