package impl

import (
	"fmt"
	"testing"
)

func TestAnthropicFastDelta(t *testing.T) {
	fast := 0
	for _, s := range fastDeltaSeeds {
		var b batch
		if anthropicFastDelta(&b, []byte(s)) {
			fast++
		}
		checkFastDelta(t, []byte(s))
	}
	// The seeds exercise both paths.
	if fast != 7 {
		t.Errorf("%d seeds took the fast path, want 7", fast)
	}
}

func TestChatFastChoices(t *testing.T) {
	fast := 0
	for _, s := range fastChoicesSeeds {
		var b batch
		o, v := b.parseObject([]byte(s))
		if v == nil {
			vals := [2][]byte{}
			b.lookupN(o, chatTopKeys, vals[:])
			if len(vals[1]) > 0 && vals[1][0] == '[' && chatFastChoices(&b, vals[1], nil) {
				fast++
			}
		}
		checkFastChoices(t, []byte(s))
	}
	if fast != 6 {
		t.Errorf("%d seeds took the fast path, want 6", fast)
	}
}

// TestChatMemoNumbers runs chunks that replay the one before with another
// choice or call index through one decoder (so the fast path's memo holds)
// and compares each with the general path alone: an index that is no
// longer a short non-negative integer (1.5, 2e1, -1, ten digits) must
// leave the fast path, one that is must be read afresh.
func TestChatMemoNumbers(t *testing.T) {
	const chunk = `{"id":"c","choices":[{"index":%s,"delta":{"tool_calls":[{"index":%s,"function":{"arguments":"x"}}]},"logprobs":null,"finish_reason":null}]}`
	pairs := [][2]string{{"0", "0"}, {"0", "1"}, {"0", "1.5"}, {"0", "2e1"}, {"0", "-1"}, {"0", "1234567890"}, {"0", "7"}, {"3", "7"}, {"3.0", "7"}, {"1", "0"}}
	var docs [][]byte
	for _, p := range pairs {
		docs = append(docs, []byte(fmt.Sprintf(chunk, p[0], p[1])))
	}
	checkChatRun(t, docs)
}

// TestChatMemoShapes runs chunks of the fast shapes, each followed by a
// chunk that begins with the same bytes and then takes a shape the fast
// path does not read (an array content, a legacy function_call,
// thinking_blocks), through one decoder, and compares each with the
// general path alone: the memo must not replay a shape that changed.
func TestChatMemoShapes(t *testing.T) {
	const head = `{"id":"c","choices":[{"index":0,"delta":{`
	const tail = `},"logprobs":null,"finish_reason":null}]}`
	deltas := [][]string{
		{`"content":"ab"`, `"content":[{"type":"text","text":"ab"}]`, `"content":"ab"`},
		{`"content":"ab"`, `"content":[{"type":"thinking","thinking":[{"type":"text","text":"ab"}]}]`},
		{`"tool_calls":[{"index":0,"function":{"arguments":"x"}}]`, `"function_call":{"arguments":"x"}`, `"tool_calls":[{"index":0,"function":{"arguments":"x"}}]`},
		{`"tool_calls":[{"index":0,"function":{"arguments":"x"}}]`, `"tool_calls":[{"index":0,"function":{"arguments":"x"}}],"function_call":{"arguments":"x"}`},
		{`"content":"ab"`, `"content":"ab","thinking_blocks":[{"type":"thinking","thinking":"ab"}]`, `"thinking_blocks":[{"type":"thinking","thinking":"ab"}]`},
	}
	for _, run := range deltas {
		var docs [][]byte
		for _, d := range run {
			docs = append(docs, []byte(head+d+tail))
		}
		checkChatRun(t, docs)
	}
}
