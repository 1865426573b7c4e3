package impl

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// This file tests the OpenAI chat payload decoder against the expectations
// of the reference's tests (model/decode_openai_chat_test.go), and holds the
// helpers the OpenAI Responses decoder tests share (all prefixed oai).

// oaiCase is one table case: a stream (SSE or JSON lines, split into frames
// by oaiFrames) and either the expected event lines (e.String()) or the
// rule and message of the expected violation.
type oaiCase struct {
	name string
	in   string
	want []string    // expected lines when rule is ""
	rule spec.RuleID // expected violation rule, if any
	msg  string      // expected violation message
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

// oaiDecode decodes the frames of in with d, reusing one batch, and returns
// the events (Frame stamped with the frame number) of the frames before the
// first violation, and that violation.
func oaiDecode(d payloadDecoder, in string) ([]spec.Event, *spec.Violation) {
	var b batch
	out := []spec.Event{}
	for i, f := range oaiFrames(in) {
		b.reset()
		fr := frame{no: i + 1, event: []byte(f.event), data: []byte(f.data)}
		if f.event == "" {
			fr.event = nil
		}
		if v := d.decodeFrame(&b, &fr); v != nil {
			return out, v
		}
		for j := range b.evs {
			e := b.evs[j].toSpec()
			e.Frame = fr.no
			out = append(out, e)
		}
	}
	return out, nil
}

// oaiLines formats evs one per line.
func oaiLines(evs []spec.Event) []string {
	out := []string{}
	for _, e := range evs {
		out = append(out, e.String())
	}
	return out
}

// oaiCheckFields reports an error for every field e sets that its kind does
// not use (spec/event.go: "every other field is zero").
func oaiCheckFields(t *testing.T, e spec.Event) {
	t.Helper()
	z := e
	z.Frame, z.Offset = 0, 0
	switch e.Kind {
	case spec.KindMessageStart:
		z.ID = ""
	case spec.KindFragment:
		if !e.HasIndex && e.Index != 0 {
			t.Errorf("%s: fragment without index has Index %d", e, e.Index)
		}
		z.Choice, z.Index, z.HasIndex, z.Pos, z.ID, z.Name, z.Data, z.Sig, z.CallKind = 0, 0, false, 0, "", "", "", "", spec.CallUnspecified
	case spec.KindWholeCall:
		z.Choice, z.ID, z.Name, z.Data, z.Server, z.Sig = 0, "", "", "", false, ""
	case spec.KindBlockStart:
		if e.Block == spec.BlockNone {
			t.Errorf("%s: block start without a block type", e)
		}
		z.Index, z.Block, z.ID, z.Name, z.Server, z.Data, z.Sig, z.Item, z.CallKind = 0, spec.BlockNone, "", "", false, "", "", "", spec.CallUnspecified
	case spec.KindBlockDelta:
		if e.Delta == spec.DeltaNone {
			t.Errorf("%s: block delta without a delta type", e)
		}
		z.Index, z.Delta, z.Data, z.HasData = 0, spec.DeltaNone, "", false
	case spec.KindBlockStop:
		z.Index, z.Data, z.HasData, z.Sig, z.ID, z.Name = 0, "", false, "", "", ""
	case spec.KindText, spec.KindThinking:
		if e.Data == "" {
			t.Errorf("%s: empty %s event", e, e.Kind)
		}
		z.Choice, z.Data, z.Sig = 0, "", ""
	case spec.KindSignature:
		z.Choice, z.Sig = 0, ""
	case spec.KindFinish:
		z.Choice, z.Data = 0, ""
	case spec.KindError:
		z.Data, z.Name = "", ""
	}
	if z != (spec.Event{Kind: e.Kind}) {
		t.Errorf("%s: sets fields its kind does not use: %+v", e, z)
	}
}

// oaiCheckViolation reports an error unless v is a terminal, call-less
// violation of a FRAME rule.
func oaiCheckViolation(t *testing.T, v *spec.Violation) {
	t.Helper()
	if v.Class != spec.ClassTerminal || v.Call != spec.NoCall || !strings.HasPrefix(string(v.Rule), "FRAME-") {
		t.Errorf("violation %+v: want a terminal, call-less FRAME-* violation", v)
	}
}

// oaiRun runs a table of cases through fresh decoders made by newDec.
func oaiRun(t *testing.T, newDec func() payloadDecoder, cases []oaiCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			evs, v := oaiDecode(newDec(), c.in)
			for _, e := range evs {
				oaiCheckFields(t, e)
			}
			if c.rule != "" {
				if v == nil {
					t.Fatalf("want a %s violation, got none; events:\n%s", c.rule, strings.Join(oaiLines(evs), "\n"))
				}
				oaiCheckViolation(t, v)
				if v.Rule != c.rule || v.Message != c.msg {
					t.Fatalf("violation %s %q, want %s %q", v.Rule, v.Message, c.rule, c.msg)
				}
				return
			}
			if v != nil {
				t.Fatalf("unexpected violation: %v", v)
			}
			if got := oaiLines(evs); !slices.Equal(got, c.want) {
				t.Errorf("events:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(c.want, "\n      "))
			}
		})
	}
}

// oaiChunk is one choice wrapped as a chat chunk payload line.
func oaiChunk(choice string) string {
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[` + choice + `]}` + "\n"
}

func newChatDecoder() payloadDecoder { return &openaiChatDecoder{} }

var oaiChatDoneCases = []oaiCase{
	{name: "sse", in: "data: [DONE]\n\n", want: []string{"#1 message-end"}},
	{name: "spaces", in: "data:   [DONE]  \n\n", want: []string{"#1 message-end"}},
	{name: "json line", in: "[DONE]\n", want: []string{"#1 message-end"}},
	{name: "after chunk", in: "data: " + oaiChunk(`{"index":0,"delta":{"content":"hi"}}`) + "\ndata: [DONE]\n\n",
		want: []string{`#1 text data="hi"`, "#2 message-end"}},
	{name: "not done", in: "data: [DONE]x\n\n", rule: spec.FramePayload, msg: `payload is not a JSON object: "[DONE]x"`},
}

var oaiChatErrorCases = []oaiCase{
	{name: "groq event", in: "event: error\ndata: {\"error\":{\"message\":\"Tool call validation failed\",\"type\":\"invalid_request_error\",\"code\":\"tool_use_failed\",\"status_code\":400}}\n\n",
		want: []string{`#1 error name="invalid_request_error" data="Tool call validation failed"`}},
	{name: "top-level error key", in: `{"error":{"message":"m","code":"server_error"}}` + "\n",
		want: []string{`#1 error name="server_error" data="m"`}},
	{name: "empty type falls back to code", in: `{"error":{"message":"m","type":"","code":"c"}}` + "\n",
		want: []string{`#1 error name="c" data="m"`}},
	{name: "numeric code", in: `{"error":{"message":"Provider returned error","code":502}}` + "\n",
		want: []string{`#1 error name="502" data="Provider returned error"`}},
	{name: "negative numeric type", in: `{"error":{"message":"m","type":-7,"code":1.5}}` + "\n",
		want: []string{`#1 error name="-7" data="m"`}},
	{name: "string error", in: `{"error":"overloaded"}` + "\n",
		want: []string{`#1 error data="overloaded"`}},
	{name: "escaped string error", in: `{"error":"caf\u00e9 \"x\""}` + "\n",
		want: []string{`#1 error data="café \"x\""`}},
	{name: "nothing else from the frame", in: `{"error":{"message":"m"},"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}]}` + "\n",
		want: []string{`#1 error data="m"`}},
	{name: "error event without error member", in: "event: error\ndata: {\"message\":\"flat\",\"type\":\"t\"}\n\n",
		want: []string{`#1 error name="t" data="flat"`}},
	{name: "error event empty object", in: "event: error\ndata: {}\n\n",
		want: []string{`#1 error`}},
	{name: "null error is a chunk", in: `{"error":null,"choices":[{"index":0,"delta":{"content":"x"}}]}` + "\n",
		want: []string{`#1 text data="x"`}},
	{name: "duplicate error members: last wins", in: `{"error":{"message":"a"},"error":{"message":"b"}}` + "\n",
		want: []string{`#1 error data="b"`}},
	{name: "code after a non-empty type is not checked", in: `{"error":{"message":"m","type":"t","code":1.5}}` + "\n",
		want: []string{`#1 error name="t" data="m"`}},
	{name: "error event not an object", in: "event: error\ndata: oops\n\n", rule: spec.FramePayload,
		msg: `payload is not a JSON object: "oops"`},
	{name: "error number", in: `{"error":5}` + "\n", rule: spec.FrameFieldType, msg: `error: want an object, got "5"`},
	{name: "error array", in: `{"error":["m"]}` + "\n", rule: spec.FrameFieldType, msg: `error: want an object, got "[\"m\"]"`},
	{name: "message number", in: `{"error":{"message":5}}` + "\n", rule: spec.FrameFieldType, msg: `error.message: want a string, got "5"`},
	{name: "type object", in: `{"error":{"message":"m","type":{}}}` + "\n", rule: spec.FrameFieldType, msg: `error.type: want an integer, got "{}"`},
	{name: "code fraction", in: `{"error":{"message":"m","code":1.5}}` + "\n", rule: spec.FrameFieldType, msg: `error.code: want an integer, got "1.5"`},
	{name: "flat code bool", in: "event: error\ndata: {\"message\":\"m\",\"code\":true}\n\n", rule: spec.FrameFieldType, msg: `code: want an integer, got "true"`},
}

var oaiChatChoiceCases = []oaiCase{
	{name: "choices absent", in: `{"id":"x","usage":{"total_tokens":3}}` + "\n", want: []string{}},
	{name: "choices null", in: `{"choices":null}` + "\n", want: []string{}},
	{name: "choices empty", in: `{"choices":[],"prompt_filter_results":[{"prompt_index":0}],"id":""}` + "\n", want: []string{}},
	{name: "null choice", in: `{"choices":[null]}` + "\n", want: []string{}},
	{name: "null delta", in: oaiChunk(`{"index":0,"delta":null,"finish_reason":"stop"}`), want: []string{`#1 finish data="stop"`}},
	{name: "index absent uses position", in: oaiChunk(`{"delta":{"content":"a"}},{"delta":{"content":"b"}}`),
		want: []string{`#1 text data="a"`, `#1 text choice=1 data="b"`}},
	{name: "explicit index", in: oaiChunk(`{"index":3,"delta":{"content":"a"},"finish_reason":"length"},{"index":0,"delta":{"content":"b"}}`),
		want: []string{`#1 text choice=3 data="a"`, `#1 finish choice=3 data="length"`, `#1 text data="b"`}},
	{name: "null index uses position", in: oaiChunk(`{"index":0,"delta":{}},{"index":null,"delta":{"content":"b"}}`),
		want: []string{`#1 text choice=1 data="b"`}},
	{name: "unknown fields ignored", in: `{"p":"abcdefg","obfuscation":"xx","usage":null,"choices":[{"index":0,"logprobs":null,"content_filter_results":{},"native_finish_reason":"STOP","delta":{"role":"assistant","channel":"analysis","index":0,"provider_metadata":{"a":1},"content":"t"}}]}` + "\n",
		want: []string{`#1 text data="t"`}},
	{name: "duplicate members: last wins", in: `{"choices":[{"index":5}],"choices":[{"index":1,"index":2,"delta":{"content":"a","content":"b"}}]}` + "\n",
		want: []string{`#1 text choice=2 data="b"`}},
	{name: "escaped keys", in: `{"ch\u006fices":[{"\u0064elta":{"c\u006Fntent":"x\ty"}}]}` + "\n",
		want: []string{`#1 text data="x\ty"`}},
	{name: "events of earlier choices then a bad choice", in: oaiChunk(`{"index":0,"delta":{"content":"a"}},{"index":1,"delta":"x"}`),
		rule: spec.FrameFieldType, msg: `delta: want an object, got "\"x\""`},
	{name: "choices object", in: `{"choices":{}}` + "\n", rule: spec.FrameFieldType, msg: `choices: want an array, got "{}"`},
	{name: "choices string", in: `{"choices":"x"}` + "\n", rule: spec.FrameFieldType, msg: `choices: want an array, got "\"x\""`},
	{name: "choice not object", in: `{"choices":[1]}` + "\n", rule: spec.FrameFieldType, msg: `choices[]: want an object, got "1"`},
	{name: "choice index string", in: oaiChunk(`{"index":"0","delta":{}}`), rule: spec.FrameFieldType, msg: `choices[].index: want an integer, got "\"0\""`},
	{name: "choice index fraction", in: oaiChunk(`{"index":0.5,"delta":{}}`), rule: spec.FrameFieldType, msg: `choices[].index: want an integer, got "0.5"`},
	{name: "delta string", in: oaiChunk(`{"index":0,"delta":"x"}`), rule: spec.FrameFieldType, msg: `delta: want an object, got "\"x\""`},
	{name: "finish_reason number", in: oaiChunk(`{"index":0,"delta":{},"finish_reason":1}`), rule: spec.FrameFieldType, msg: `finish_reason: want a string, got "1"`},
	{name: "index checked before delta", in: oaiChunk(`{"delta":5,"index":true}`), rule: spec.FrameFieldType, msg: `choices[].index: want an integer, got "true"`},
	{name: "not an object", in: "data: [1,2]\n\n", rule: spec.FramePayload, msg: `payload is not a JSON object: "[1,2]"`},
	{name: "not json", in: "data: {\"choices\":\n\n", rule: spec.FramePayload, msg: `payload is not valid JSON`},
	{name: "plain text", in: "data: hello\n\n", rule: spec.FramePayload, msg: `payload is not a JSON object: "hello"`},
	{name: "long payload clipped", in: "data: " + strings.Repeat("x", 70) + "\n\n", rule: spec.FramePayload,
		msg: `payload is not a JSON object: "` + strings.Repeat("x", 64) + `"...`},
}

var oaiChatDeltaTextCases = []oaiCase{
	{name: "order within a delta", in: oaiChunk(`{"index":0,"finish_reason":"tool_calls","delta":{` +
		`"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{"}}],` +
		`"refusal":"r","content":"c",` +
		`"reasoning_details":[` +
		`{"type":"reasoning.text","text":"T","format":"x","index":0},` +
		`{"type":"reasoning.summary","summary":"S"},` +
		`{"type": "reasoning.encrypted", "data": "QUJD", "id": "tool_1", "index": 0}],` +
		`"reasoning":"R2","reasoning_content":"R1"}}`),
		want: []string{
			`#1 thinking data="R1"`,
			`#1 thinking data="R2"`,
			`#1 signature sig="{\"type\":\"reasoning.encrypted\",\"data\":\"QUJD\",\"id\":\"tool_1\",\"index\":0}"`,
			`#1 text data="c"`,
			`#1 text data="r"`,
			`#1 fragment index=0 pos=0 id="call_1" name="f" data="{"`,
			`#1 finish data="tool_calls"`,
		}},
	{name: "reasoning_details text without plain reasoning", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","text":"T","signature":"sg"},{"type":"reasoning.summary","summary":"S"}]}}`),
		want: []string{`#1 thinking data="T"`, `#1 signature sig="{\"type\":\"reasoning.text\",\"text\":\"T\",\"signature\":\"sg\"}"`, `#1 thinking data="S"`}},
	{name: "empty and null strings skipped", in: oaiChunk(`{"index":0,"finish_reason":"","delta":{"content":"","refusal":null,"reasoning_content":"","reasoning":null,"reasoning_details":[{"type":"reasoning.text","text":""},{"type":"reasoning.summary"},null]}}`),
		want: []string{}},
	{name: "deepseek final chunk", in: oaiChunk(`{"index":0,"delta":{"content":"","reasoning_content":null},"logprobs":null,"finish_reason":"tool_calls"}`),
		want: []string{`#1 finish data="tool_calls"`}},
	{name: "unknown reasoning_details type is a signature", in: oaiChunk(`{"index":1,"delta":{"reasoning_details":[{"data":"x"},{"type":"reasoning.other","x":[1, 2]}]}}`),
		want: []string{`#1 signature choice=1 sig="{\"data\":\"x\"}"`, `#1 signature choice=1 sig="{\"type\":\"reasoning.other\",\"x\":[1,2]}"`}},
	{name: "summary entry ignores text member", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.summary","text":5,"summary":"S"}]}}`),
		want: []string{`#1 thinking data="S"`}},
	{name: "unknown type keeps spaces inside strings", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[ { "type" : "x" , "data" : "a b\"c" } ]}}`),
		want: []string{`#1 signature sig="{\"type\":\"x\",\"data\":\"a b\\\"c\"}"`}},
	{name: "escaped content decoded", in: oaiChunk(`{"index":0,"delta":{"content":"\u00e9\n\ud83d\ude00\ud800"}}`),
		want: []string{"#1 text data=\"é\\n😀\uFFFD\""}},
	{name: "content number", in: oaiChunk(`{"index":0,"delta":{"content":5}}`), rule: spec.FrameFieldType, msg: `delta.content: want a string, got "5"`},
	{name: "refusal bool", in: oaiChunk(`{"index":0,"delta":{"refusal":true}}`), rule: spec.FrameFieldType, msg: `delta.refusal: want a string, got "true"`},
	{name: "reasoning_content object", in: oaiChunk(`{"index":0,"delta":{"reasoning_content":{}}}`), rule: spec.FrameFieldType, msg: `delta.reasoning_content: want a string, got "{}"`},
	{name: "reasoning array", in: oaiChunk(`{"index":0,"delta":{"reasoning":["x"]}}`), rule: spec.FrameFieldType, msg: `delta.reasoning: want a string, got "[\"x\"]"`},
	{name: "reasoning_details object", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":{}}}`), rule: spec.FrameFieldType, msg: `delta.reasoning_details: want an array, got "{}"`},
	{name: "reasoning_details entry string", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":["x"]}}`), rule: spec.FrameFieldType, msg: `delta.reasoning_details[]: want an object, got "\"x\""`},
	{name: "reasoning_details type number", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":1}]}}`), rule: spec.FrameFieldType, msg: `reasoning_details[].type: want a string, got "1"`},
	{name: "reasoning text number", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","text":1}]}}`), rule: spec.FrameFieldType, msg: `reasoning_details[].text: want a string, got "1"`},
	{name: "reasoning summary number", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.summary","summary":[]}]}}`), rule: spec.FrameFieldType, msg: `reasoning_details[].summary: want a string, got "[]"`},
	{name: "signature number", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","signature":2}]}}`), rule: spec.FrameFieldType, msg: `reasoning_details[].signature: want a string, got "2"`},
	{name: "content checked before tool_calls", in: oaiChunk(`{"index":0,"delta":{"tool_calls":5,"content":5}}`), rule: spec.FrameFieldType, msg: `delta.content: want a string, got "5"`},
}

var oaiChatToolCallCases = []oaiCase{
	{name: "openai opener and continuation", in: oaiChunk(`{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"add","arguments":""}}]}}`) +
		oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":1}"}}]}}`),
		want: []string{`#1 fragment index=0 pos=0 id="call_a" name="add"`, `#2 fragment index=0 pos=0 data="{\"a\":1}"`}},
	{name: "two calls one chunk", in: oaiChunk(`{"index":0,"finish_reason":"tool_calls","delta":{"tool_calls":[{"id":"yBvJuId6u","function":{"name":"f","arguments":"{}"},"index":0},{"id":"Z8x","function":{"name":"g","arguments":"{\"x\":1}"},"index":1}]}}`),
		want: []string{`#1 fragment index=0 pos=0 id="yBvJuId6u" name="f" data="{}"`, `#1 fragment index=1 pos=1 id="Z8x" name="g" data="{\"x\":1}"`, `#1 finish data="tool_calls"`}},
	{name: "no index", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"id":"gSIMJiOkT","function":{"name":"f","arguments":"{}"}},{"function":{"arguments":"x"}}]}}`),
		want: []string{`#1 fragment pos=0 id="gSIMJiOkT" name="f" data="{}"`, `#1 fragment pos=1 data="x"`}},
	{name: "null and negative index", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":null,"id":"a"},{"index":-1,"id":"b"},{"index":7,"id":"c"}]}}`),
		want: []string{`#1 fragment pos=0 id="a"`, `#1 fragment index=-1 pos=1 id="b"`, `#1 fragment index=7 pos=2 id="c"`}},
	{name: "empty id and name are absent", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"","arguments":""}}]}}`),
		want: []string{`#1 fragment index=0 pos=0`}},
	{name: "empty entries still yield fragments", in: oaiChunk(`{"index":2,"delta":{"tool_calls":[{},null,{"function":null},{"function":{}}]}}`),
		want: []string{`#1 fragment choice=2 pos=0`, `#1 fragment choice=2 pos=1`, `#1 fragment choice=2 pos=2`, `#1 fragment choice=2 pos=3`}},
	{name: "object arguments", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":{ "path" : "/etc/hostname", "n": [1, 2] }}}]}}`),
		want: []string{`#1 fragment index=0 pos=0 id="c1" name="f" data="{\"path\":\"/etc/hostname\",\"n\":[1,2]}"`}},
	{name: "extra_content", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":""},"extra_content":{"google": {"thought_signature": "c2ln"}}}]}}`),
		want: []string{`#1 fragment index=0 pos=0 id="c1" name="f" sig="{\"google\":{\"thought_signature\":\"c2ln\"}}"`}},
	{name: "extra_content of any type", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"extra_content":"s"},{"extra_content":[ 1 ]},{"extra_content":false}]}}`),
		want: []string{`#1 fragment pos=0 sig="\"s\""`, `#1 fragment pos=1 sig="[1]"`, `#1 fragment pos=2 sig="false"`}},
	{name: "null extra_content", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"extra_content":null}]}}`),
		want: []string{`#1 fragment index=0 pos=0`}},
	{name: "escaped arguments decoded", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"f\u00fc","arguments":"{\"k\":\"\\u00e9\"}"}}]}}`),
		want: []string{`#1 fragment index=0 pos=0 name="fü" data="{\"k\":\"\\u00e9\"}"`}},
	{name: "empty tool_calls", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[]}}`) + oaiChunk(`{"index":0,"delta":{"tool_calls":null}}`),
		want: []string{}},
	{name: "index exponent", in: oaiChunk(`{"index":1e0,"delta":{"tool_calls":[{"index":2.0E+0}]}}`),
		want: []string{`#1 fragment choice=1 index=2 pos=0`}},
	{name: "tool_calls object", in: oaiChunk(`{"index":0,"delta":{"tool_calls":{}}}`), rule: spec.FrameFieldType, msg: `delta.tool_calls: want an array, got "{}"`},
	{name: "entry string", in: oaiChunk(`{"index":0,"delta":{"tool_calls":["x"]}}`), rule: spec.FrameFieldType, msg: `tool_calls[]: want an object, got "\"x\""`},
	{name: "index string", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":"0"}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].index: want an integer, got "\"0\""`},
	{name: "index fraction", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":1.5}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].index: want an integer, got "1.5"`},
	{name: "index huge", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":1e12}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].index: want an integer, got "1e12"`},
	{name: "id number", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":7}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].id: want a string, got "7"`},
	{name: "function string", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":"f"}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].function: want an object, got "\"f\""`},
	{name: "name number", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":1}}]}}`), rule: spec.FrameFieldType, msg: `function.name: want a string, got "1"`},
	{name: "arguments array", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":[1]}}]}}`), rule: spec.FrameFieldType, msg: `function.arguments: want a string, got "[1]"`},
	{name: "arguments number", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":12}}]}}`), rule: spec.FrameFieldType, msg: `function.arguments: want a string, got "12"`},
	{name: "second entry bad", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"id":"a"},{"id":true}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].id: want a string, got "true"`},
	{name: "finish_reason checked after tool_calls", in: oaiChunk(`{"index":0,"finish_reason":1,"delta":{"tool_calls":[{"id":1}]}}`), rule: spec.FrameFieldType, msg: `tool_calls[].id: want a string, got "1"`},
}

// oaiChatCases are all the chat tables, for TestImplOpenAIChatCases and as
// fuzz seeds.
var oaiChatCases = [][]oaiCase{oaiChatDoneCases, oaiChatErrorCases, oaiChatChoiceCases, oaiChatDeltaTextCases, oaiChatToolCallCases}

func TestImplOpenAIChatDone(t *testing.T)      { oaiRun(t, newChatDecoder, oaiChatDoneCases) }
func TestImplOpenAIChatError(t *testing.T)     { oaiRun(t, newChatDecoder, oaiChatErrorCases) }
func TestImplOpenAIChatChoices(t *testing.T)   { oaiRun(t, newChatDecoder, oaiChatChoiceCases) }
func TestImplOpenAIChatDeltaText(t *testing.T) { oaiRun(t, newChatDecoder, oaiChatDeltaTextCases) }
func TestImplOpenAIChatToolCalls(t *testing.T) { oaiRun(t, newChatDecoder, oaiChatToolCallCases) }

// TestImplOpenAIChatBorrowed checks that the events' bytes are sub-slices of
// the frame when no decoding is needed, and of the arena otherwise.
func TestImplOpenAIChatBorrowed(t *testing.T) {
	data := []byte(oaiChunk(`{"index":0,"delta":{"content":"plain","tool_calls":[{"id":"c","function":{"name":"f","arguments":"{\"a\""}}]}}`))
	var b batch
	if v := (&openaiChatDecoder{}).decodeFrame(&b, &frame{no: 1, data: data}); v != nil {
		t.Fatal(v)
	}
	if len(b.evs) != 2 {
		t.Fatalf("got %d events", len(b.evs))
	}
	for _, s := range [][]byte{b.evs[0].data, b.evs[1].id, b.evs[1].name} {
		if !oaiWithin(s, data) {
			t.Errorf("%q is not borrowed from the frame", s)
		}
	}
	if !oaiWithin(b.evs[1].data, b.arena) {
		t.Errorf("decoded %q is not in the arena", b.evs[1].data)
	}
}

// oaiWithin reports whether the non-empty s lies within the backing array
// of buf[:cap(buf)].
func oaiWithin(s, buf []byte) bool {
	if len(s) == 0 {
		return false
	}
	full := buf[:cap(buf)]
	for i := range full {
		if &full[i] == &s[0] {
			return i+len(s) <= len(full)
		}
	}
	return false
}

// oaiCaptureFrames returns the frames of every capture of format f (the
// folder name), by file name, skipping the test when there are none.
func oaiCaptureFrames(t *testing.T, f string) map[string][]oaiFrame {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", f)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("captures folder %s not available: %v", dir, err)
	}
	out := map[string][]oaiFrame{}
	for _, e := range ents {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = oaiFrames(string(data))
	}
	if len(out) == 0 {
		t.Skipf("no captures in %s", dir)
	}
	return out
}

// oaiCaptureTest decodes every capture of format f and checks the number
// of distinct call ids against want (from shared/captures/README.md, as the
// reference's tests do); files listed in errFiles or named openai-error-*
// must give an error event.
func oaiCaptureTest(t *testing.T, f string, newDec func() payloadDecoder, want map[string]int, errFiles []string, callID func(spec.Event) string) {
	for name, frames := range oaiCaptureFrames(t, f) {
		t.Run(name, func(t *testing.T) {
			d, ids, errs := newDec(), map[string]bool{}, 0
			var b batch
			for i, fr := range frames {
				b.reset()
				if v := d.decodeFrame(&b, &frame{no: i + 1, event: []byte(fr.event), data: []byte(fr.data)}); v != nil {
					t.Fatalf("frame %d: violation %v", i+1, v)
				}
				for j := range b.evs {
					e := b.evs[j].toSpec()
					oaiCheckFields(t, e)
					if id := callID(e); id != "" {
						ids[id] = true
					}
					if e.Kind == spec.KindError {
						errs++
					}
				}
			}
			isErr := strings.HasPrefix(name, "openai-error-") || slices.Contains(errFiles, name)
			if isErr != (errs > 0) {
				t.Errorf("%d error events", errs)
			}
			n, ok := want[name]
			if !ok {
				t.Skipf("capture not in the test's table (%d call ids)", len(ids))
			}
			if len(ids) != n {
				t.Errorf("distinct call ids = %d %v, want %d", len(ids), ids, n)
			}
		})
	}
}

func TestImplOpenAIChatCaptures(t *testing.T) {
	want := map[string]int{
		"azure-gpt-5-mini-tool-prompt-filter.sse":       1,
		"deepseek-reasoner-reasoning-tool.jsonl":        1,
		"groq-gpt-oss-120b-reasoning-tool.sse":          1,
		"groq-gpt-oss-120b-tool-use-failed-error.sse":   0,
		"llama-cpp-gpt-oss-reasoning-tool.sse":          1,
		"mistral-api-glm-empty-name-continuation.jsonl": 1,
		"mistral-large-2calls-one-chunk.sse":            2,
		"mistral-small-no-index.jsonl":                  1,
		"openai-gpt-4o-2calls-noargs.sse":               2,
		"openai-gpt-4o-2calls.sse":                      2,
		"openrouter-anthropic-2calls.sse":               2,
		"openrouter-gemini-2calls.sse":                  2,
		"qwen3-max-empty-id-continuations.jsonl":        1,
		"vercel-gateway-gemini-3-reasoning-tool.sse":    1,
	}
	oaiCaptureTest(t, "openai-chat", newChatDecoder, want, []string{"groq-gpt-oss-120b-tool-use-failed-error.sse"}, func(e spec.Event) string {
		if e.Kind == spec.KindFragment {
			return e.ID
		}
		return ""
	})
}

// oaiAllocs checks that decoding each payload with a reused batch does not
// allocate, and reports the counts.
func oaiAllocs(t *testing.T, d payloadDecoder, event string, payloads map[string]string) {
	t.Helper()
	var b batch
	for name, p := range payloads {
		fr := frame{no: 1, data: []byte(p)}
		if event != "" {
			fr.event = []byte(event)
		}
		b.reset()
		if v := d.decodeFrame(&b, &fr); v != nil {
			t.Fatalf("%s: %v", name, v)
		}
		if len(b.evs) == 0 {
			t.Fatalf("%s: no events", name)
		}
		n := testing.AllocsPerRun(200, func() {
			b.reset()
			if d.decodeFrame(&b, &fr) != nil {
				t.Fatal("violation")
			}
		})
		t.Logf("%s: %v allocations per frame", name, n)
		if n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", name, n)
		}
	}
}

func TestImplOpenAIChatAllocs(t *testing.T) {
	oaiAllocs(t, &openaiChatDecoder{}, "", map[string]string{
		"argument delta": `{"id":"gen-1","object":"chat.completion.chunk","created":1777319805,"model":"m","provider":"p","choices":[{"index":0,"delta":{"content":null,"role":"assistant","tool_calls":[{"index":0,"function":{"arguments":"{\"a\": 2"}}]},"finish_reason":null,"native_finish_reason":null}]}`,
		"call opener":    `{"id":"c","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"add","arguments":""}}]}}]}`,
		"content":        `{"id":"c","choices":[{"index":0,"delta":{"content":"Hello, caf\u00e9"},"logprobs":null,"finish_reason":null}]}`,
		"reasoning":      `{"choices":[{"index":0,"delta":{"reasoning":"R","reasoning_details":[{"type":"reasoning.text","text":"R","signature":"s"},{"type":"reasoning.encrypted","data":"QUJD"}]}}]}`,
		"object args":    `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":{ "a" : 1 }},"extra_content":{"g":{"s":"x"}}}]}}]}`,
		"finish":         `{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1}}`,
		"numeric error":  `{"error":{"message":"Provider returned error","code":502}}`,
		"done":           `[DONE]`,
	})
}

// oaiFuzzSeeds adds the payloads of the tables and of the captures of
// format f.
func oaiFuzzSeeds(f *testing.F, format string, tables [][]oaiCase) {
	for _, tab := range tables {
		for _, c := range tab {
			for _, fr := range oaiFrames(c.in) {
				f.Add([]byte(fr.data))
			}
		}
	}
	dir := filepath.Join("..", "..", "shared", "captures", format)
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
			for _, fr := range oaiFrames(string(data)) {
				f.Add([]byte(fr.data))
			}
		}
	}
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
			oaiCheckFields(t, b.evs[i].toSpec())
		}
	}
}

func FuzzImplDecodeOpenAIChat(f *testing.F) {
	oaiFuzzSeeds(f, "openai-chat", oaiChatCases)
	f.Fuzz(func(t *testing.T, payload []byte) {
		oaiFuzzBody(t, &openaiChatDecoder{}, payload, []string{"", "error"})
	})
}
