package impl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// decodeWith renders what decode makes of data: its violation, or its
// events, one per line.
func decodeWith(decode func(b *batch, data []byte) *spec.Violation, data []byte) string {
	var b batch
	if v := decode(&b, data); v != nil {
		return fmt.Sprintf("violation %s %s %s", v.Rule, v.Class, v.Message)
	}
	var sb strings.Builder
	for i := range b.evs {
		fmt.Fprintf(&sb, "%+v\n", b.evs[i].toSpec())
	}
	return sb.String()
}

// fastDeltaSeeds are content_block_delta payloads of the exact shape, and
// payloads just off it, each of which the general decoder must read.
var fastDeltaSeeds = []string{
	`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}}`,
	`{"type":"content_block_delta","index":12,"delta":{"type":"text_delta","text":"héllo \u00e9 \ud83d\ude00"}}`,
	`{"type":"content_block_delta","index":3,"delta":{"type":"thinking_delta","thinking":""}}`,
	`{"type":"content_block_delta","index":999999999,"delta":{"type":"signature_delta","signature":"EqQBCkYI"}}`,
	"{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"text_delta\",\"text\":\"bad \xff utf8\"}}",
	`{"type":"content_block_delta","index":2147483648,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":9999999999,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":01,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":-1,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":1.0,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":1e0,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","partial_json":"x"}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x","text":"y"}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"},"index":1}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}} `,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x\"}}`,
	"{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"a\nb\"}}",
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\x"}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":null}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":7}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{}}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"`,
	`{"type":"content_block_delta","index":0`,
	`{"type":"content_block_delta","index":`,
	` {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text\u005fdelta","text":"x"}}`,
}

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
	if fast != 5 {
		t.Errorf("%d seeds took the fast path, want 5", fast)
	}
}

func FuzzAnthropicFastDelta(f *testing.F) {
	for _, s := range fastDeltaSeeds {
		f.Add([]byte(s))
	}
	casePayloadSeeds(f, spec.FormatAnthropic)
	f.Fuzz(func(t *testing.T, data []byte) { checkFastDelta(t, data) })
}

// checkFastDelta checks that the Anthropic decoder, fast path included,
// reads data exactly as its general path does.
func checkFastDelta(t *testing.T, data []byte) {
	t.Helper()
	for _, name := range []string{"", "content_block_delta"} {
		got := decodeWith(func(b *batch, d []byte) *spec.Violation { return decodeAnthropicPayload(b, d, []byte(name)) }, data)
		want := decodeWith(func(b *batch, d []byte) *spec.Violation { return decodeAnthropicGeneral(b, d, []byte(name)) }, data)
		if got != want {
			t.Fatalf("payload %q (event %q):\ndecoder:\n%s\ngeneral path:\n%s", data, name, got, want)
		}
	}
}

// fastChoicesSeeds are chunks whose "choices" value has one of the exact
// shapes chatFastChoices reads, and chunks just off them.
var fastChoicesSeeds = []string{
	`{"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":"}}]},"logprobs":null,"finish_reason":null}],"usage":null}`,
	`{"choices":[{"index":3,"delta":{"tool_calls":[{"index":7,"id":"call_1","type":"function","function":{"name":"f","arguments":""}}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":"h\u00e9llo"},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":null}]}`,
	"{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"bad \xff\"},\"logprobs\":null,\"finish_reason\":null}]}",
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"","arguments":"x"}}]},"logprobs":null,"finish_reason":null}],"choices":[]}`,
	`{"choices":[{"index":0,"delta":{"content":"a","content":"b"},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":null},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":1},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":-1,"delta":{"content":"x"},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":1e2,"delta":{"content":"x"},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":2147483648,"delta":{"content":"x"},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":"stop"}]}`,
	`{"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":null},{"index":1,"delta":{}}]}`,
	`{"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":null} ]}`,
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":{"a":1}}}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"x","name":"f"}}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"f","arguments":"x"}},{"index":1}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","type":"tool","function":{"name":"f","arguments":"x"}}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":null,"type":"function","function":{"name":"f","arguments":"x"}}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"reasoning_content":"r","content":"x"},"logprobs":null,"finish_reason":null}]}`,
	`{"error":{"message":"m"},"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":null}]`,
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

func FuzzChatFastChoices(f *testing.F) {
	for _, s := range fastChoicesSeeds {
		f.Add([]byte(s))
	}
	casePayloadSeeds(f, spec.FormatOpenAIChat)
	f.Fuzz(func(t *testing.T, data []byte) { checkFastChoices(t, data) })
}

// checkFastChoices checks that the chat decoder, fast path included, reads
// data exactly as its general path does.
func checkFastChoices(t *testing.T, data []byte) {
	t.Helper()
	decode := func(general bool) string {
		return decodeWith(func(b *batch, d []byte) *spec.Violation {
			return (&openaiChatDecoder{general: general}).decodeFrame(b, &frame{data: d})
		}, data)
	}
	if got, want := decode(false), decode(true); got != want {
		t.Fatalf("payload %q:\ndecoder:\n%s\ngeneral path:\n%s", data, got, want)
	}
}

// FuzzChatSequence decodes runs of chunks that share bytes with the one
// before (so that they are read by replay or resume, and the chat fast
// path's memo holds) and compares each with the general path on its own.
func FuzzChatSequence(f *testing.F) {
	for _, s := range fastChoicesSeeds[:5] {
		f.Add([]byte(s), []byte(`xyz"}]},"logprobs":null,"finish_reason":null}]}`), uint16(len(s)-50), uint16(len(s)-45))
		f.Add([]byte(s), []byte(`\"q\u00e9"}}]},"logprobs":null,"finish_reason":null}]}`), uint16(len(s)-48), uint16(30))
		f.Add([]byte(s), []byte(`"}`), uint16(len(s)-2), uint16(len(s)))
	}
	f.Fuzz(func(t *testing.T, a, tail []byte, cut1, cut2 uint16) {
		b := append(append([]byte(nil), a[:int(cut1)%(len(a)+1)]...), tail...)
		c := append([]byte(nil), b[:int(cut2)%(len(b)+1)]...)
		c = append(c, a[min(len(c), len(a)):]...)
		fast := &openaiChatDecoder{}
		var fb batch
		for k, doc := range [][]byte{a, b, c, a, b, b} {
			fb.reset()
			var got string
			if v := fast.decodeFrame(&fb, &frame{data: doc}); v != nil {
				got = fmt.Sprintf("violation %s %s %s", v.Rule, v.Class, v.Message)
			} else {
				var sb strings.Builder
				for i := range fb.evs {
					fmt.Fprintf(&sb, "%+v\n", fb.evs[i].toSpec())
				}
				got = sb.String()
			}
			want := decodeWith(func(b *batch, d []byte) *spec.Violation {
				return (&openaiChatDecoder{general: true}).decodeFrame(b, &frame{data: d})
			}, doc)
			if got != want {
				t.Fatalf("chunk %d %q of a run:\ndecoder:\n%s\ngeneral path alone:\n%s", k, doc, got, want)
			}
		}
	})
}
