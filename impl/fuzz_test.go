package impl

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the package's fuzz targets that share helpers with its
// other tests, and those helpers: OSS-Fuzz's build
// (.clusterfuzzlite/build.sh) compiles a target's file alone, turned into
// a non-test file of the package with its testing package replaced, so
// the file needs nothing of the other test files (which use its helpers).
// The JSON scanner's targets, self-contained, stay in json_test.go. No
// target's name is written in any other file of this directory.

// FuzzAnthropicFastDelta: the Anthropic decoder, fast path included, reads
// any payload exactly as its general path does.
func FuzzAnthropicFastDelta(f *testing.F) {
	for _, s := range fastDeltaSeeds {
		f.Add([]byte(s))
	}
	casePayloadSeeds(f, spec.FormatAnthropic)
	f.Fuzz(func(t *testing.T, data []byte) { checkFastDelta(t, data) })
}

// FuzzChatFastChoices: the chat decoder, fast path included, reads any
// chunk exactly as its general path does.
func FuzzChatFastChoices(f *testing.F) {
	for _, s := range fastChoicesSeeds {
		f.Add([]byte(s))
	}
	casePayloadSeeds(f, spec.FormatOpenAIChat)
	f.Fuzz(func(t *testing.T, data []byte) { checkFastChoices(t, data) })
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
		checkChatRun(t, [][]byte{a, b, c, a, b, b})
	})
}

// checkChatRun decodes docs one after another with one chat decoder, so
// that they replay or resume and the fast path's memo holds, and compares
// each with the general path reading it alone.
func checkChatRun(t *testing.T, docs [][]byte) {
	t.Helper()
	fast := &openaiChatDecoder{}
	var fb batch
	for k, doc := range docs {
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
}

// FuzzImplDecodeAnthropic: any payload decodes as one frame of Anthropic without a
// panic, to a terminal FRAME-* violation without a call or to events of
// valid kinds.
func FuzzImplDecodeAnthropic(f *testing.F) {
	casePayloadSeeds(f, spec.FormatAnthropic)
	for _, s := range []string{
		`{"type":"message_start","message":{"id":"m","content":[{"type":"tool_use","id":"t","name":"f","input":{"a":1}}],"stop_reason":"tool_use"}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\""}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`,
		`{"type":"message_delta","delta":{"stop_reason":"end_turn"}}`,
		`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
		`{"index":1}`,
		`[]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		abgFuzzCheck(t, &anthropicDecoder{}, &frame{no: 1, data: payload})
		abgFuzzCheck(t, &anthropicDecoder{}, &frame{no: 1, event: []byte("content_block_stop"), data: payload})
	})
}

// FuzzImplDecodeBedrock: any payload decodes as one frame of Bedrock without a
// panic, to a terminal FRAME-* violation without a call or to events of
// valid kinds.
func FuzzImplDecodeBedrock(f *testing.F) {
	casePayloadSeeds(f, spec.FormatBedrock)
	for _, s := range []string{
		`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"name":"f","toolUseId":"t"}}}}`,
		`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"x"}}}}`,
		`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":"{"}}}}`,
		`{"messageStop":{"stopReason":"end_turn"}}`,
		`{"throttlingException":{"message":"x"}}`,
		`{"chunk":` + brChunk(`{"type":"message_stop"}`) + `}`,
		`{"a":1,"a":2}`,
		brChunk(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{"}}`),
	} {
		f.Add([]byte(s))
	}
	events := [][]byte{nil, []byte("chunk"), []byte("contentBlockDelta"), []byte("contentBlockStart"), []byte("messageStop")}
	f.Fuzz(func(t *testing.T, payload []byte) {
		abgFuzzCheck(t, &bedrockDecoder{}, &frame{no: 1, data: payload})
		for _, ev := range events {
			abgFuzzCheck(t, &bedrockDecoder{}, &frame{no: 1, event: ev, msgType: []byte("event"), data: payload})
		}
		abgFuzzCheck(t, &bedrockDecoder{}, &frame{no: 1, excType: []byte("xException"), msgType: []byte("exception"), data: payload})
	})
}

// FuzzImplDecodeGemini: any payload decodes as one frame of Gemini without a
// panic, to a terminal FRAME-* violation without a call or to events of
// valid kinds.
func FuzzImplDecodeGemini(f *testing.F) {
	casePayloadSeeds(f, spec.FormatGemini)
	for _, s := range []string{
		gmParts(`{"text":"Hello"}`),
		gmParts(`{"text":"","thought":true,"thoughtSignature":"c2ln"}`),
		gmParts(`{"functionCall": {"name": "add","args": {"b": 3,"a": 2},"id": "8hd01vsf"}}`),
		gmParts(`{"functionCall":{"id":"i","name":"f","partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":true}],"willContinue":true},"thoughtSignature":"s"}`),
		gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.d","nullValue":null},{"jsonPath":"$.n","numberValue":-1e3},{"jsonPath":"$.b","boolValue":true}]}}`),
		gmParts(`{"functionCall":{}}`),
		`{"candidates":[{"content":{"parts":[{"text":"a"}]},"index":2},null,{"finishReason":"SAFETY","index":0}]}`,
		`{"error":{"code":429,"message":"m","status":"RESOURCE_EXHAUSTED"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		abgFuzzCheck(t, &geminiDecoder{}, &frame{no: 1, data: payload})
	})
}

// FuzzImplDecodeOllama: any payload decodes as one frame of Ollama, under
// each event name, without a panic, to a terminal FRAME-* violation or to
// events that set only the fields their kinds use.
func FuzzImplDecodeOllama(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOllama, "ollama")
	f.Add([]byte(" "))
	f.Fuzz(func(t *testing.T, payload []byte) {
		oaiFuzzBody(t, &ollamaDecoder{}, payload, []string{""})
	})
}

// FuzzImplDecodeOpenAIChat: any payload decodes as one frame of OpenAI chat, under
// each event name, without a panic, to a terminal FRAME-* violation or to
// events that set only the fields their kinds use.
func FuzzImplDecodeOpenAIChat(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOpenAIChat, "openai-chat")
	f.Fuzz(func(t *testing.T, payload []byte) {
		oaiFuzzBody(t, &openaiChatDecoder{}, payload, []string{"", "error"})
	})
}

// FuzzImplDecodeOpenAIResponses: any payload decodes as one frame of OpenAI Responses, under
// each event name, without a panic, to a terminal FRAME-* violation or to
// events that set only the fields their kinds use.
func FuzzImplDecodeOpenAIResponses(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOpenAIResponses, "openai-responses")
	f.Fuzz(func(t *testing.T, payload []byte) {
		oaiFuzzBody(t, &responsesDecoder{}, payload, []string{"", "error", "response.output_item.added", "response.function_call_arguments.delta"})
	})
}

// payloadRecorder is a payloadDecoder that keeps a copy of every payload
// and decodes nothing.
type payloadRecorder struct{ payloads [][]byte }

func (r *payloadRecorder) decodeFrame(_ *batch, fr *frame) *spec.Violation {
	r.payloads = append(r.payloads, bytes.Clone(fr.data))
	return nil
}

func (r *payloadRecorder) recognizes(*batch, *frame) bool { return true }

// casePayloads returns the payloads of the frames of every shared case of
// format f, as impl's framer splits them.
func casePayloads(f spec.Format) [][]byte {
	var out [][]byte
	for _, c := range decodetest.Cases(f) {
		var rec payloadRecorder
		var fr framer
		fr.init(f, c.Limits.Resolved().MaxFrameBytes, &rec)
		sink := func([]event) *spec.Violation { return nil }
		if fr.write([]byte(c.In), sink) == nil {
			fr.close(sink)
		}
		out = append(out, rec.payloads...)
	}
	return out
}

// casePayloadSeeds adds the payloads of the shared cases of format to the
// corpus of a payload fuzz target.
func casePayloadSeeds(f *testing.F, format spec.Format) {
	ps := seedsOnce("cases "+string(format), func() [][]byte { return casePayloads(format) })
	if len(ps) == 0 {
		f.Fatalf("no payloads in the shared cases of %s", format)
	}
	for _, p := range ps {
		f.Add(p)
	}
}

// abgFuzzCheck decodes one frame, checking that a violation is a terminal
// FRAME-* one without a call, and that event fields are borrowed from the
// payload or the arena only.
func abgFuzzCheck(t *testing.T, pd payloadDecoder, fr *frame) {
	var b batch
	v := pd.decodeFrame(&b, fr)
	if v != nil {
		if !strings.HasPrefix(string(v.Rule), "FRAME-") || v.Class != spec.ClassTerminal || v.Call != spec.NoCall {
			t.Fatalf("violation %v (%s)", v, v.Class)
		}
		return
	}
	for i := range b.evs {
		e := &b.evs[i]
		if e.kind == spec.KindInvalid || int(e.kind) >= spec.NumKinds {
			t.Fatalf("event %d has kind %v", i, e.kind)
		}
		_ = e.toSpec()
	}
}

// gmParts wraps parts (a JSON array body) in one candidate.
func gmParts(parts string) string {
	return `{"candidates":[{"content":{"role":"model","parts":[` + parts + `]}}]}`
}

// brChunk wraps an Anthropic event payload as an
// InvokeModelWithResponseStream chunk payload.
func brChunk(anthropic string) string {
	return `{"bytes":"` + base64.StdEncoding.EncodeToString([]byte(anthropic)) + `","p":"abcdefgh"}`
}

// oaiFrame is one frame of a test stream.
type oaiFrame struct {
	event string
	data  string
}

// oaiFrames splits a test stream into frames, a simplified version of the
// framing: SSE when a line starts with "data:", "event:" or ":" (fields
// event and data, one optional space after the colon, comment lines
// skipped, dispatch on a blank line or at the end), else one payload per
// non-blank line.
func oaiFrames(in string) []oaiFrame {
	lines := strings.Split(in, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	sse := false
	for _, l := range lines {
		if strings.HasPrefix(l, "data:") || strings.HasPrefix(l, "event:") || strings.HasPrefix(l, ":") {
			sse = true
			break
		}
	}
	var out []oaiFrame
	if !sse {
		for _, l := range lines {
			if strings.TrimSpace(l) != "" {
				out = append(out, oaiFrame{data: l})
			}
		}
		return out
	}
	var event string
	var data []string
	dispatch := func() {
		if data != nil {
			out = append(out, oaiFrame{event: event, data: strings.Join(data, "\n")})
		}
		event, data = "", nil
	}
	for _, l := range lines {
		if l == "" {
			dispatch()
			continue
		}
		field, value, _ := strings.Cut(l, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			event = value
		case "data":
			data = append(data, value)
		}
	}
	dispatch()
	return out
}

// oaiCheckViolation reports an error unless v is a terminal, call-less
// violation of a FRAME rule.
func oaiCheckViolation(t *testing.T, v *spec.Violation) {
	t.Helper()
	if v.Class != spec.ClassTerminal || v.Call != spec.NoCall || !strings.HasPrefix(string(v.Rule), "FRAME-") {
		t.Errorf("violation %+v: want a terminal, call-less FRAME-* violation", v)
	}
}

// oaiFuzzSeeds adds the payloads of the shared cases of format and of its
// captures (folder folder).
func oaiFuzzSeeds(f *testing.F, format spec.Format, folder string) {
	casePayloadSeeds(f, format)
	ps := seedsOnce("captures "+folder, func() [][]byte {
		var out [][]byte
		dir := filepath.Join("..", "..", "shared", "captures", folder)
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
				for _, fr := range oaiFrames(string(data)) {
					out = append(out, []byte(fr.data))
				}
			}
		}
		return out
	})
	for _, p := range ps {
		f.Add(p)
	}
}

// seeds holds, by name, what seeding the targets reads or computes, made
// once per process: a target that OSS-Fuzz builds runs its whole body,
// seeding included, on every input.
var seeds sync.Map

// seedsOnce returns the seeds of key, making them with mk the first time.
func seedsOnce(key string, mk func() [][]byte) [][]byte {
	if v, ok := seeds.Load(key); ok {
		return v.([][]byte)
	}
	v, _ := seeds.LoadOrStore(key, mk())
	return v.([][]byte)
}

// oaiFuzzBody decodes data as one frame under each SSE event name: no
// panic, a violation is a terminal FRAME-* one, events set only the fields
// their kinds use.
func oaiFuzzBody(t *testing.T, d payloadDecoder, data []byte, events []string) {
	var b batch
	for _, ev := range events {
		b.reset()
		fr := frame{no: 1, data: data}
		if ev != "" {
			fr.event = []byte(ev)
		}
		if v := d.decodeFrame(&b, &fr); v != nil {
			oaiCheckViolation(t, v)
			continue
		}
		for i := range b.evs {
			if err := decodetest.CheckFields(b.evs[i].toSpec()); err != nil {
				t.Error(err)
			}
		}
	}
}

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
	`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"x"}           }`,
	"{\"type\":\"content_block_delta\",\"index\":4,\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"} \t\r\n}",
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}  } }`,
	`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"} ,}`,
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
	// Shapes that a fast shape's bytes begin like: an array content
	// (Mistral), a legacy function_call, LiteLLM's thinking_blocks.
	`{"choices":[{"index":0,"delta":{"content":[{"type":"text","text":"x"}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"t"}]}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":[]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"function_call":{"arguments":"x"}},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"x"}}],"function_call":{"arguments":"x"}},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":"x","thinking_blocks":[{"type":"thinking","thinking":"x"}]},"logprobs":null,"finish_reason":null}]}`,
	`{"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":null,"delta":{"content":["x"]}}]}`,
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
