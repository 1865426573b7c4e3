package impl

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

func newBedrock() payloadDecoder { return &bedrockDecoder{} }

// brEvent is an event-stream frame of message type "event".
func brEvent(typ, payload string) frame {
	return frame{event: []byte(typ), msgType: []byte("event"), data: []byte(payload)}
}

// brException is an event-stream frame of message type "exception".
func brException(typ, payload string) frame {
	return frame{excType: []byte(typ), msgType: []byte("exception"), data: []byte(payload)}
}

// brChunk wraps an Anthropic event payload as an
// InvokeModelWithResponseStream chunk payload.
func brChunk(anthropic string) string {
	return `{"bytes":"` + base64.StdEncoding.EncodeToString([]byte(anthropic)) + `","p":"abcdefgh"}`
}

func TestImplBedrockLines(t *testing.T) {
	abgRunCases(t, newBedrock, []abgCase{
		{"messageStart", abFrame(`{"messageStart":{"role":"assistant","p":"abcde"}}`),
			[]string{`#1 message-start`}},
		{"tool start", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"p":"abc","start":{"toolUse":{"name":"get_temperature","toolUseId":"tooluse_lAG"}}}}`),
			[]string{`#1 block-start index=1 block=call id="tooluse_lAG" name="get_temperature"`}},
		{"server tool start", abFrame(`{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"name":"nova_grounding","toolUseId":"t1","type":"server_tool_use"}}}}`),
			[]string{`#1 block-start index=0 block=call id="t1" name="nova_grounding" server`}},
		{"tool start, empty id and name", abFrame(`{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"name":"","toolUseId":""}}}}`),
			[]string{`#1 block-start index=0 block=call`}},
		{"toolResult start", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolResult":{"toolUseId":"t1","status":"success"}}}}`),
			[]string{`#1 block-start index=1 block=other`}},
		{"empty start", abFrame(`{"contentBlockStart":{"contentBlockIndex":2,"start":{}}}`),
			[]string{`#1 block-start index=2 block=other`}},
		{"text delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"2 + 2"},"p":"abcdef"}}`),
			[]string{`#1 block-delta index=0 delta=text data="2 + 2"`}},
		{"empty text delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":""}}}`),
			[]string{`#1 block-delta index=0 delta=text`}},
		{"toolUse delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":"}}}}`),
			[]string{`#1 block-delta index=1 delta=args data="{\"city\":"`}},
		{"empty toolUse delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":""}}}}`),
			[]string{`#1 block-delta index=1 delta=args`}},
		{"toolUse delta without input", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{}}}}`),
			[]string{`#1 block-delta index=1 delta=args`}},
		{"text wins over toolUse", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":5,"text":"x"}}}`),
			[]string{`#1 block-delta index=1 delta=text data="x"`}},
		{"null text falls through", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"text":null,"toolUse":{"input":"a"}}}}`),
			[]string{`#1 block-delta index=1 delta=args data="a"`}},
		{"reasoning text", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"Let me count"}}}}`),
			[]string{`#1 block-delta index=0 delta=thinking data="Let me count"`}},
		{"empty reasoning text", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":""}}}}`),
			[]string{`#1 block-delta index=0 delta=thinking`}},
		{"reasoning signature", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":"Ep0CCkgI"}}}}`),
			[]string{`#1 block-delta index=0 delta=signature data="Ep0CCkgI"`}},
		{"redacted reasoning", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"redactedContent":"RXRrRUNr"}}}}`),
			[]string{`#1 block-delta index=0 delta=redacted data="RXRrRUNr"`}},
		{"all reasoning members, in the reference's order", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"redactedContent":"r","signature":"s","text":"t"}}}}`),
			[]string{`#1 block-delta index=0 delta=thinking data="t"`, `#1 block-delta index=0 delta=signature data="s"`, `#1 block-delta index=0 delta=redacted data="r"`}},
		{"unknown reasoning member", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"future":"x"}}}}`),
			nil},
		{"citation delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":2,"delta":{"citation":{"title":"x"}}}}`),
			[]string{`#1 block-delta index=2 delta=other`}},
		{"toolResult delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":2,"delta":{"toolResult":[{"text":"x"}]}}}`),
			[]string{`#1 block-delta index=2 delta=other`}},
		{"image delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":2,"delta":{"image":{"format":"png"}}}}`),
			[]string{`#1 block-delta index=2 delta=other`}},
		{"empty delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":2,"delta":{}}}`),
			nil},
		{"contentBlockStop", abFrame(`{"contentBlockStop":{"contentBlockIndex":1,"p":"abcdefghijklmnop"}}`),
			[]string{`#1 block-stop index=1`}},
		{"messageStop", abFrame(`{"messageStop":{"additionalModelResponseFields":{"delta":{"stop_sequence":null}},"stopReason":"end_turn"}}`),
			[]string{`#1 finish data="end_turn"`, `#1 message-end`}},
		{"messageStop without reason", abFrame(`{"messageStop":{}}`),
			[]string{`#1 message-end`}},
		{"messageStop null payload", abFrame(`{"messageStop":null}`),
			[]string{`#1 message-end`}},
		{"metadata", abFrame(`{"metadata":{"usage":{"inputTokens":500,"outputTokens":100,"totalTokens":600},"metrics":{"latencyMs":1}}}`),
			nil},
		{"unknown event", abFrame(`{"futureEvent":{"contentBlockIndex":"x"}}`),
			nil},
		{"null payload", abFrame(`{"messageStart":null}`),
			[]string{`#1 message-start`}},
		{"exception", abFrame(`{"throttlingException":{"message":"Too many requests"}}`),
			[]string{`#1 error name="throttlingException" data="Too many requests"`}},
		{"exception with Message", abFrame(`{"modelStreamErrorException":{"Message":"boom","originalStatusCode":500}}`),
			[]string{`#1 error name="modelStreamErrorException" data="boom"`}},
		{"exception with null message falls not back", abFrame(`{"xException":{"message":null,"Message":"boom"}}`),
			[]string{`#1 error name="xException"`}},
		{"exception null payload", abFrame(`{"xException":null}`),
			[]string{`#1 error name="xException"`}},
		{"repeated event key counts once, last wins", abFrame(`{"contentBlockStop":{"contentBlockIndex":1},"contentBlockStop":{"contentBlockIndex":2}}`),
			[]string{`#1 block-stop index=2`}},
		{"escaped event key", abFrame(`{"message\u0053tart":{}, "messageStart" : null}`),
			[]string{`#1 message-start`}},
		{"escaped exception name", abFrame(`{"caf\u00e9Exception":{"message":"m"}}`),
			[]string{`#1 error name="caféException" data="m"`}},
		{"chunk", abFrame(`{"chunk":` + brChunk(`{"type":"content_block_stop","index":0}`) + `}`),
			[]string{`#1 block-stop index=0`}},
		{"chunk with escaped base64", abFrame(`{"chunk":{"bytes":"` + strings.ReplaceAll(base64.StdEncoding.EncodeToString([]byte(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\u00e9???"}}`)), "/", `\/`) + `"}}`),
			[]string{`#1 block-delta index=0 delta=text data="é???"`}},
		{"chunk base64 with newlines", abFrame(`{"chunk":{"bytes":"eyJ0eXBlIjoibW\r\nVzc2FnZV9zdG9wIn0="}}`),
			[]string{`#1 message-end`}},
	})
}

func TestImplBedrockEventStream(t *testing.T) {
	abgRunCases(t, newBedrock, []abgCase{
		{"messageStart", brEvent("messageStart", `{"p":"abcdefghijklmnopqrs","role":"assistant"}`),
			[]string{`#1 message-start`}},
		{"text delta", brEvent("contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Hi"},"p":"abc"}`),
			[]string{`#1 block-delta index=0 delta=text data="Hi"`}},
		{"tool start", brEvent("contentBlockStart", `{"contentBlockIndex":1,"p":"abcd","start":{"toolUse":{"name":"get_temperature","toolUseId":"tooluse_1"}}}`),
			[]string{`#1 block-start index=1 block=call id="tooluse_1" name="get_temperature"`}},
		{"tool delta", brEvent("contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Paris\"}"}},"p":"ab"}`),
			[]string{`#1 block-delta index=1 delta=args data="{\"city\":\"Paris\"}"`}},
		{"block stop", brEvent("contentBlockStop", `{"contentBlockIndex":1}`),
			[]string{`#1 block-stop index=1`}},
		{"messageStop", brEvent("messageStop", `{"p":"abc","stopReason":"tool_use"}`),
			[]string{`#1 finish data="tool_use"`, `#1 message-end`}},
		{"metadata", brEvent("metadata", `{"metrics":{"latencyMs":422},"usage":{"inputTokens":471,"outputTokens":91,"totalTokens":562}}`),
			nil},
		{"unknown event", brEvent("futureEvent", `{"x":1}`), nil},
		{"unknown message type", frame{event: []byte("messageStart"), msgType: []byte("future"), data: []byte(`{}`)}, nil},
		{"unknown message type, bad payload", frame{event: []byte("messageStart"), msgType: []byte("future"), data: []byte(`oops`)}, nil},
		{"no message type", frame{event: []byte("messageStart"), data: []byte(`{}`)},
			[]string{`#1 message-start`}},
		{"exception", brException("modelStreamErrorException", `{"message":"Model stream error","originalStatusCode":500}`),
			[]string{`#1 error name="modelStreamErrorException" data="Model stream error"`}},
		{"exception named by event type", frame{event: []byte("throttlingException"), msgType: []byte("exception"), data: []byte(`{"Message":"slow down"}`)},
			[]string{`#1 error name="throttlingException" data="slow down"`}},
		{"exception type wins over event type", frame{event: []byte("a"), excType: []byte("b"), msgType: []byte("exception"), data: []byte(`{}`)},
			[]string{`#1 error name="b"`}},
		{"error message", frame{msgType: []byte("error"), errCode: []byte("InternalFailure"), errMsg: []byte("boom"), data: []byte(`not json`)},
			[]string{`#1 error name="InternalFailure" data="boom"`}},
		{"error message without headers", frame{msgType: []byte("error")},
			[]string{`#1 error`}},
		{"chunk message_start", brEvent("chunk", brChunk(`{"type":"message_start","message":{"id":"msg_bdrk_1","content":[],"stop_reason":null}}`)),
			[]string{`#1 message-start id="msg_bdrk_1"`}},
		{"chunk tool start", brEvent("chunk", brChunk(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_bdrk_1","name":"weather","input":{}}}`)),
			[]string{`#1 block-start index=0 block=call id="toolu_bdrk_1" name="weather"`}},
		{"chunk empty args", brEvent("chunk", brChunk(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}}`)),
			[]string{`#1 block-delta index=0 delta=args`}},
		{"chunk args", brEvent("chunk", brChunk(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":1}"}}`)),
			[]string{`#1 block-delta index=0 delta=args data="{\"a\":1}"`}},
		{"chunk finish", brEvent("chunk", brChunk(`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`)),
			[]string{`#1 finish data="tool_use"`}},
		{"chunk stop", brEvent("chunk", brChunk(`{"type":"message_stop","amazon-bedrock-invocationMetrics":{"inputTokenCount":1}}`)),
			[]string{`#1 message-end`}},
		{"chunk without type ignores the event name", brEvent("chunk", brChunk(`{"index":0}`)), nil},
	})
}

func TestImplBedrockViolations(t *testing.T) {
	const (
		payload = spec.FramePayload
		ftype   = spec.FrameFieldType
	)
	abgRunBadCases(t, newBedrock, []abgBadCase{
		{"array line", abFrame(`[{"messageStart":{}}]`), payload, `payload is not a JSON object: "[{\"messageStart\":{}}]"`},
		{"invalid JSON", abFrame(`{"messageStart":`), payload, `payload is not valid JSON`},
		{"no member", abFrame(`{}`), ftype, `line: want an object with exactly one member, the event type, got 0`},
		{"two members", abFrame(`{"messageStart":{},"p":"abc"}`), ftype, `line: want an object with exactly one member, the event type, got 2`},
		{"three distinct of four members", abFrame(`{"a":1,"b":2,"a":3,"\u0063":4}`), ftype, `line: want an object with exactly one member, the event type, got 3`},
		{"payload not an object", abFrame(`{"contentBlockDelta":"x"}`), ftype, `contentBlockDelta: want an object, got "\"x\""`},
		{"escaped type in message", abFrame(`{"caf\u00e9":1}`), ftype, `café: want an object, got "1"`},
		{"exception payload not an object", abFrame(`{"validationException":[1]}`), ftype, `validationException: want an object, got "[1]"`},
		{"exception message not a string", abFrame(`{"validationException":{"message":5}}`), ftype, `validationException.message: want a string, got "5"`},
		{"exception Message not a string", abFrame(`{"validationException":{"Message":5}}`), ftype, `validationException.Message: want a string, got "5"`},
		{"start without index", abFrame(`{"contentBlockStart":{"start":{"toolUse":{"toolUseId":"t","name":"f"}}}}`), payload, `contentBlockStart.contentBlockIndex: missing`},
		{"start string index", abFrame(`{"contentBlockStart":{"contentBlockIndex":"1","start":{}}}`), ftype, `contentBlockStart.contentBlockIndex: want an integer, got "\"1\""`},
		{"start without start", abFrame(`{"contentBlockStart":{"contentBlockIndex":1}}`), payload, `contentBlockStart.start: missing`},
		{"start null payload", abFrame(`{"contentBlockStart":null}`), payload, `contentBlockStart.contentBlockIndex: missing`},
		{"start not an object", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"start":"x"}}`), ftype, `contentBlockStart.start: want an object, got "\"x\""`},
		{"toolUse not an object", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":"x"}}}`), ftype, `contentBlockStart.start.toolUse: want an object, got "\"x\""`},
		{"toolUseId not a string", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":1,"name":"f"}}}}`), ftype, `contentBlockStart.start.toolUse.toolUseId: want a string, got "1"`},
		{"name not a string", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t","name":{}}}}}`), ftype, `contentBlockStart.start.toolUse.name: want a string, got "{}"`},
		{"tool type not a string", abFrame(`{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t","name":"f","type":1}}}}`), ftype, `contentBlockStart.start.toolUse.type: want a string, got "1"`},
		{"delta without index", abFrame(`{"contentBlockDelta":{"delta":{"text":"x"}}}`), payload, `contentBlockDelta.contentBlockIndex: missing`},
		{"delta fractional index", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0.5,"delta":{"text":"x"}}}`), ftype, `contentBlockDelta.contentBlockIndex: want an integer, got "0.5"`},
		{"delta without delta", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0}}`), payload, `contentBlockDelta.delta: missing`},
		{"delta not an object", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":[]}}`), ftype, `contentBlockDelta.delta: want an object, got "[]"`},
		{"text not a string", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":5}}}`), ftype, `contentBlockDelta.delta.text: want a string, got "5"`},
		{"delta toolUse not an object", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":"x"}}}`), ftype, `contentBlockDelta.delta.toolUse: want an object, got "\"x\""`},
		{"input not a string", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":{"a":1}}}}}`), ftype, `contentBlockDelta.delta.toolUse.input: want a string, got "{\"a\":1}"`},
		{"reasoningContent not an object", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":"x"}}}`), ftype, `contentBlockDelta.delta.reasoningContent: want an object, got "\"x\""`},
		{"reasoning text not a string", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":1}}}}`), ftype, `contentBlockDelta.delta.reasoningContent.text: want a string, got "1"`},
		{"signature not a string", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":true}}}}`), ftype, `contentBlockDelta.delta.reasoningContent.signature: want a string, got "true"`},
		{"redactedContent not a string", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"redactedContent":[]}}}}`), ftype, `contentBlockDelta.delta.reasoningContent.redactedContent: want a string, got "[]"`},
		{"reasoning checked in order", abFrame(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"redactedContent":1,"text":2}}}}`), ftype, `contentBlockDelta.delta.reasoningContent.text: want a string, got "2"`},
		{"stop without index", abFrame(`{"contentBlockStop":{"p":"abc"}}`), payload, `contentBlockStop.contentBlockIndex: missing`},
		{"stopReason not a string", abFrame(`{"messageStop":{"stopReason":1}}`), ftype, `messageStop.stopReason: want a string, got "1"`},
		{"chunk without bytes", abFrame(`{"chunk":{"p":"abc"}}`), payload, `chunk.bytes: missing`},
		{"chunk bytes not a string", abFrame(`{"chunk":{"bytes":5}}`), ftype, `chunk.bytes: want a string, got "5"`},
		{"chunk bad base64", abFrame(`{"chunk":{"bytes":"not base64!"}}`), payload, `chunk.bytes: bad base64: illegal base64 data at input byte 3`},
		{"chunk bad padding", abFrame(`{"chunk":{"bytes":"eyJ9="}}`), payload, `chunk.bytes: bad base64: illegal base64 data at input byte 4`},
		{"chunk bytes not JSON", abFrame(`{"chunk":{"bytes":"` + base64.StdEncoding.EncodeToString([]byte("hello")) + `"}}`), payload, `payload is not a JSON object: "hello"`},
		{"chunk anthropic field type", abFrame(`{"chunk":` + brChunk(`{"type":"content_block_stop"}`) + `}`), payload, `content_block_stop.index: missing`},
		{"event-stream bad base64", brEvent("chunk", `{"bytes":"%%%"}`), payload, `chunk.bytes: bad base64: illegal base64 data at input byte 0`},
		{"event-stream payload not JSON", brEvent("messageStart", `role=assistant`), payload, `payload is not a JSON object: "role=assistant"`},
		{"event-stream empty payload", brEvent("messageStart", ``), payload, `payload is not a JSON object: ""`},
		{"event-stream payload field type", brEvent("contentBlockStop", `{"contentBlockIndex":"0"}`), ftype, `contentBlockStop.contentBlockIndex: want an integer, got "\"0\""`},
		{"event-stream exception payload not JSON", brException("internalServerException", `oops`), payload, `payload is not a JSON object: "oops"`},
		{"event-stream exception message not a string", brException("internalServerException", `{"message":[]}`), ftype, `internalServerException.message: want a string, got "[]"`},
		{"event-stream payload is an array", frame{event: []byte("messageStart"), data: []byte(`[]`)}, payload, `payload is not a JSON object: "[]"`},
	})
}

func TestImplBedrockAllocs(t *testing.T) {
	for _, c := range []struct {
		name string
		fr   frame
		n    int
	}{
		{"contentBlockDelta toolUse", brEvent("contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Paris\"}"}},"p":"ab"}`), 1},
		{"contentBlockDelta toolUse line", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Par"}},"p":"abcdef"}}`), 1},
		{"contentBlockStart", brEvent("contentBlockStart", `{"contentBlockIndex":1,"p":"abcd","start":{"toolUse":{"name":"get_temperature","toolUseId":"tooluse_1"}}}`), 1},
		{"reasoning", brEvent("contentBlockDelta", `{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"Let me","signature":"s"}}}`), 2},
		{"messageStop", brEvent("messageStop", `{"p":"abc","stopReason":"tool_use"}`), 2},
		{"chunk input_json_delta", brEvent("chunk", brChunk(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":\u00e9"}}`)), 1},
		{"chunk escaped base64", brEvent("chunk", `{"bytes":"`+strings.ReplaceAll(base64.StdEncoding.EncodeToString([]byte(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"???"}}`)), "/", `\/`)+`"}`), 1},
		{"exception", brException("throttlingException", `{"message":"slow down"}`), 1},
		{"error", frame{msgType: []byte("error"), errCode: []byte("c"), errMsg: []byte("m")}, 1},
	} {
		if n := abgAllocs(t, &bedrockDecoder{}, c.fr, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}

func FuzzImplDecodeBedrock(f *testing.F) {
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
