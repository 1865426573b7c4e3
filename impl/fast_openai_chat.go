package impl

import (
	"bytes"

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
// general decoder. TestChatFastChoices and FuzzChatFastChoices hold the two
// paths equal.

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

// chatFastChoices appends the events of the "choices" value choices when it
// has one of the shapes above and reports whether it did; it appends
// nothing otherwise.
func chatFastChoices(b *batch, choices []byte) bool {
	c := fastCursor{v: choices, s: b.skipperFor(choices)}
	if c.s.ends == nil || !c.lit(fastChoiceHead) {
		return false
	}
	choice, ok := c.small()
	if !ok || !c.lit(fastChoiceMid) {
		return false
	}
	switch {
	case c.lit(fastContent):
		s, ok := c.str()
		if !ok || !c.lit(fastChoiceTail) || c.i != len(c.v) {
			return false
		}
		chatAdd(b, spec.KindText, choice, b.str(s))
		return true
	case c.lit(fastCallsHead):
		ev := event{kind: spec.KindFragment, choice: choice, hasIndex: true}
		if ev.index, ok = c.small(); !ok {
			return false
		}
		var id, name, args []byte
		if c.lit(fastCallArgs) {
			if args, ok = c.str(); !ok {
				return false
			}
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
		}
		if !c.lit(fastCallsTail) || !c.lit(fastChoiceTail) || c.i != len(c.v) {
			return false
		}
		if id != nil {
			ev.id, ev.name = b.str(id), b.str(name)
		}
		ev.data = b.str(args)
		b.add(ev)
		return true
	}
	return false
}
