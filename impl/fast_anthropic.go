package impl

import (
	"bytes"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// Most frames of an Anthropic stream are content_block_delta events, and
// the API writes them in one exact shape:
//
//	{"type":"content_block_delta","index":N,"delta":{"type":"T","F":"S"}}
//
// where T names the delta and F is its one field (text_delta and text,
// input_json_delta and partial_json, thinking_delta and thinking,
// signature_delta and signature), at times with runs of spaces before
// either closing brace (a real capture pads them so:
// claude-sonnet-4-text-2tools-padded.sse). anthropicFastDelta reads a
// payload of exactly that shape in one pass: the fixed bytes are compared,
// N is a short decimal integer, S a valid string, the braces may follow
// white space. For such a payload the general decoder would find the same
// members and yield the same one event, so the result is that event. Any
// other payload (other members, another order, white space anywhere else,
// escapes in the fixed names, a long or signed index, a mismatched T and
// F) is left to the general decoder, which validates and reads it member
// by member. TestAnthropicFastDelta and its fuzz target (fuzz_test.go)
// hold the two paths equal.

var (
	fastDeltaHead  = []byte(`{"type":"content_block_delta","index":`)
	fastDeltaMid   = []byte(`,"delta":{"type":"`)
	fastDeltaTypes = [...]struct {
		head  []byte // T, the closing quote and the field name F, quoted
		delta spec.DeltaType
	}{
		{[]byte(`input_json_delta","partial_json":`), spec.DeltaArgs},
		{[]byte(`text_delta","text":`), spec.DeltaText},
		{[]byte(`thinking_delta","thinking":`), spec.DeltaThinking},
		{[]byte(`signature_delta","signature":`), spec.DeltaSignature},
	}
)

// anthropicFastDelta appends the event of data when data has the exact
// shape above and reports whether it did; it appends nothing otherwise.
func anthropicFastDelta(b *batch, data []byte) bool {
	if !bytes.HasPrefix(data, fastDeltaHead) {
		return false
	}
	i := len(fastDeltaHead)
	// N: 0, or up to nine digits without a leading zero (below 2^31).
	n, start := 0, i
	for i < len(data) && data[i] >= '0' && data[i] <= '9' && i-start < 10 {
		n = n*10 + int(data[i]-'0')
		i++
	}
	if d := i - start; d == 0 || d > 9 || (d > 1 && data[start] == '0') {
		return false
	}
	if !bytes.HasPrefix(data[i:], fastDeltaMid) {
		return false
	}
	i += len(fastDeltaMid)
	for _, t := range fastDeltaTypes {
		if !bytes.HasPrefix(data[i:], t.head) {
			continue
		}
		i += len(t.head)
		if i >= len(data) || data[i] != '"' {
			return false
		}
		end, plain, ok := jsonwire.ScanString(data, i)
		if !ok || !closesTwice(data, end) {
			return false
		}
		raw := data[i:end]
		ev := event{kind: spec.KindBlockDelta, index: n, delta: t.delta}
		if plain {
			ev.data = raw[1 : len(raw)-1]
		} else {
			start := len(b.arena)
			b.arena = jsonwire.AppendUnquote(b.arena, raw)
			ev.data = b.arena[start:len(b.arena):len(b.arena)]
		}
		b.add(ev)
		return true
	}
	return false
}

// closesTwice reports whether data[i:] is two closing braces, each after
// optional JSON white space.
func closesTwice(data []byte, i int) bool {
	for range 2 {
		if i = jsonwire.SkipSpace(data, i); i >= len(data) || data[i] != '}' {
			return false
		}
		i++
	}
	return i == len(data)
}
