package impl

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The helpers prefixed abg serve the tests of the Anthropic, Bedrock and
// Gemini payload decoders.

// abgDecode runs frame fr through pd on a fresh batch and returns its
// events as spec.Events stamped with frame 1, or the violation.
func abgDecode(pd payloadDecoder, fr frame) ([]spec.Event, *spec.Violation) {
	var b batch
	if v := pd.decodeFrame(&b, &fr); v != nil {
		return nil, v
	}
	var out []spec.Event
	for i := range b.evs {
		e := b.evs[i].toSpec()
		e.Frame = 1
		out = append(out, e)
	}
	return out, nil
}

// abgLines formats events as spec.Event.String lines, and fails when an
// event sets a field its String form does not show.
func abgLines(t *testing.T, evs []spec.Event) []string {
	t.Helper()
	var out []string
	for _, e := range evs {
		switch e.Kind {
		case spec.KindBlockStart, spec.KindBlockDelta, spec.KindBlockStop, spec.KindFragment:
		default:
			if e.Index != 0 {
				t.Errorf("%v: index %d set", e, e.Index)
			}
		}
		if e.HasIndex || e.Pos != 0 || e.Offset != 0 || e.HasData {
			t.Errorf("%v: unexpected field set: %+v", e, e)
		}
		out = append(out, e.String())
	}
	return out
}

// abgCase is one mapping test: a frame and the exact events wanted, as
// spec.Event.String lines.
type abgCase struct {
	name string
	fr   frame
	want []string
}

func abgRunCases(t *testing.T, pd func() payloadDecoder, cases []abgCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.fr.no = 1
			evs, v := abgDecode(pd(), c.fr)
			if v != nil {
				t.Fatalf("unexpected violation: %v", v)
			}
			if got := abgLines(t, evs); !slices.Equal(got, c.want) {
				t.Errorf("events:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(c.want, "\n       "))
			}
		})
	}
}

// abgBadCase is one frame that must be rejected with exactly this
// violation.
type abgBadCase struct {
	name string
	fr   frame
	rule spec.RuleID
	msg  string
}

func abgRunBadCases(t *testing.T, pd func() payloadDecoder, cases []abgBadCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.fr.no = 1
			evs, v := abgDecode(pd(), c.fr)
			if v == nil {
				t.Fatalf("no violation; events %v", evs)
			}
			if v.Rule != c.rule || v.Class != spec.ClassTerminal || v.Call != spec.NoCall || v.Message != c.msg {
				t.Errorf("violation %s %s call %d %q\n          want %s terminal no-call %q", v.Rule, v.Class, v.Call, v.Message, c.rule, c.msg)
			}
		})
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

// abFrame is a payload frame without an SSE event name.
func abFrame(payload string) frame { return frame{data: []byte(payload)} }

// abSSE is a payload frame with an SSE event name.
func abSSE(event, payload string) frame {
	return frame{event: []byte(event), data: []byte(payload)}
}

func newAnthropic() payloadDecoder { return &anthropicDecoder{} }

func TestImplAnthropicMessageStart(t *testing.T) {
	abgRunCases(t, newAnthropic, []abgCase{
		{"empty content", abFrame(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"stop_reason":null,"usage":{"input_tokens":3}}}`),
			[]string{`#1 message-start id="msg_1"`}},
		{"no message", abFrame(`{"type":"message_start"}`),
			[]string{`#1 message-start`}},
		{"empty id is absent", abFrame(`{"type":"message_start","message":{"id":"","content":null}}`),
			[]string{`#1 message-start`}},
		{"whole tool_use and stop reason", abFrame(`{"type":"message_start","message":{"id":"msg_2","content":[{"type":"tool_use","id":"toolu_1","name":"roll","input":{ "a" : [1, 2] },"caller":{"type":"code_execution_20250825"}}],"stop_reason":"tool_use"}}`),
			[]string{`#1 message-start id="msg_2"`, `#1 whole-call id="toolu_1" name="roll" data="{\"a\":[1,2]}"`, `#1 finish data="tool_use"`}},
		{"whole calls without input", abFrame(`{"type":"message_start","message":{"content":[{"type":"tool_use","id":"a","name":"f"},{"type":"tool_use","id":"b","name":"g","input":null},{"type":"tool_use","id":"c","name":"h","input":{ }}]}}`),
			[]string{`#1 message-start`, `#1 whole-call id="a" name="f"`, `#1 whole-call id="b" name="g"`, `#1 whole-call id="c" name="h"`}},
		{"server and mcp calls", abFrame(`{"type":"message_start","message":{"content":[{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"q":"x"}},{"type":"mcp_tool_use","id":"mcptoolu_1","name":"echo","input":{},"server_name":"echo"}]}}`),
			[]string{`#1 message-start`, `#1 whole-call id="srvtoolu_1" name="web_search" server data="{\"q\":\"x\"}"`, `#1 whole-call id="mcptoolu_1" name="echo" server`}},
		{"empty id and name stay absent", abFrame(`{"type":"message_start","message":{"content":[{"type":"tool_use","id":"","name":""}]}}`),
			[]string{`#1 message-start`, `#1 whole-call`}},
		{"text, thinking and others", abFrame(`{"type":"message_start","message":{"content":[{"type":"text","text":"hi"},{"type":"text","text":""},{"type":"thinking","thinking":"hmm","signature":"sig1"},{"type":"thinking","thinking":"","signature":"sig2"},{"type":"thinking","thinking":""},{"type":"redacted_thinking","data":"xx"},{"type":"web_search_tool_result","content":[]},{"type":"future"},null]}}`),
			[]string{`#1 message-start`, `#1 block-start index=0 block=text data="hi"`, `#1 block-stop index=0`, `#1 block-start index=1 block=text`, `#1 block-stop index=1`, `#1 block-start index=2 block=thinking data="hmm" sig="sig1"`, `#1 block-stop index=2`, `#1 block-start index=3 block=thinking sig="sig2"`, `#1 block-stop index=3`, `#1 block-start index=4 block=thinking`, `#1 block-stop index=4`, `#1 block-start index=5 block=redacted data="xx"`, `#1 block-stop index=5`}},
		{"empty stop reason", abFrame(`{"type":"message_start","message":{"content":[],"stop_reason":""}}`),
			[]string{`#1 message-start`}},
		// Beyond the reference's table: escapes, duplicate keys (the last
		// wins, as in the reference's maps), input in the arena.
		{"escaped strings", abFrame(`{"type":"message_\u0073tart","message":{"id":"m\u00e9\n","content":[{"type":"tool_use","id":"t\"1","name":"f\/g","input":{"s":"a\u0020b", "t" : "\u00e9"}}]}}`),
			[]string{`#1 message-start id="mé\n"`, `#1 whole-call id="t\"1" name="f/g" data="{\"s\":\"a\\u0020b\",\"t\":\"\\u00e9\"}"`}},
		{"duplicate keys, last wins", abFrame(`{"type":"ping","message":5,"type":"message_start","message":{"id":"a","id":"b","content":[{"type":"tool_use","name":"x","name":"y","input":{"a":1},"input":{}}],"stop_reason":1,"stop_reason":"end"}}`),
			[]string{`#1 message-start id="b"`, `#1 whole-call name="y"`, `#1 finish data="end"`}},
	})
}

func TestImplAnthropicBlockStart(t *testing.T) {
	abgRunCases(t, newAnthropic, []abgCase{
		{"text", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`),
			[]string{`#1 block-start index=0 block=text`}},
		{"text with inline text", abFrame(`{"type":"content_block_start","index":2,"content_block":{"type":"text","text":"Hi","citations":[]}}`),
			[]string{`#1 block-start index=2 block=text data="Hi"`}},
		{"thinking", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`),
			[]string{`#1 block-start index=0 block=thinking`}},
		{"thinking with content", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"a","signature":"s"}}`),
			[]string{`#1 block-start index=0 block=thinking data="a" sig="s"`}},
		{"redacted thinking", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"EqkECkYI"}}`),
			[]string{`#1 block-start index=1 block=redacted data="EqkECkYI"`}},
		{"tool_use, input {}", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{},"caller":{"type":"direct"}}     }`),
			[]string{`#1 block-start index=1 block=call id="toolu_1" name="add"`}},
		{"tool_use, inline input", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{"a": 1, "b": [true, null]}}}`),
			[]string{`#1 block-start index=1 block=call id="toolu_1" name="add" data="{\"a\":1,\"b\":[true,null]}"`}},
		{"tool_use, no input, empty id", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"","name":"f"}}`),
			[]string{`#1 block-start index=1 block=call name="f"`}},
		{"tool_use, scalar input", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t","name":"f","input":"x y"}}`),
			[]string{`#1 block-start index=1 block=call id="t" name="f" data="\"x y\""`}},
		{"server_tool_use", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"code_execution","input":{}}}`),
			[]string{`#1 block-start index=1 block=call id="srvtoolu_1" name="code_execution" server`}},
		{"mcp_tool_use", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"mcp_tool_use","id":"mcptoolu_1","name":"echo","input":{},"server_name":"echo"}}`),
			[]string{`#1 block-start index=0 block=call id="mcptoolu_1" name="echo" server`}},
		{"web_search_tool_result", abFrame(`{"type":"content_block_start","index":2,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}}`),
			[]string{`#1 block-start index=2 block=other`}},
		{"mcp_tool_result", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"mcp_tool_result","tool_use_id":"mcptoolu_1","is_error":false,"content":[{"type":"text","text":"x"}]}}`),
			[]string{`#1 block-start index=1 block=other`}},
		{"code_execution_tool_result", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{}}}`),
			[]string{`#1 block-start index=0 block=other`}},
		{"compaction", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"compaction","content":"..."}}`),
			[]string{`#1 block-start index=0 block=other`}},
		{"container_upload", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"container_upload","file_id":"f"}}`),
			[]string{`#1 block-start index=0 block=other`}},
		{"unknown type", abFrame(`{"type":"content_block_start","index":4,"content_block":{"type":"hologram","id":"x","name":"y"}}`),
			[]string{`#1 block-start index=4 block=other`}},
		{"no type", abFrame(`{"type":"content_block_start","index":4,"content_block":{}}`),
			[]string{`#1 block-start index=4 block=other`}},
		{"negative and exponent index", abFrame(`{"type":"content_block_start","index":-2e0,"content_block":{}}`),
			[]string{`#1 block-start index=-2 block=other`}},
	})
}

func TestImplAnthropicBlockDelta(t *testing.T) {
	abgRunCases(t, newAnthropic, []abgCase{
		{"text_delta", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"I'll"}      }`),
			[]string{`#1 block-delta index=0 delta=text data="I'll"`}},
		{"empty text_delta", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":""}}`),
			[]string{`#1 block-delta index=0 delta=text`}},
		{"input_json_delta", abFrame(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a\": 2"}}`),
			[]string{`#1 block-delta index=1 delta=args data="{\"a\": 2"`}},
		{"empty input_json_delta", abFrame(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}`),
			[]string{`#1 block-delta index=1 delta=args`}},
		{"input_json_delta without partial_json", abFrame(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta"}}`),
			[]string{`#1 block-delta index=1 delta=args`}},
		{"thinking_delta", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"The user"}}`),
			[]string{`#1 block-delta index=0 delta=thinking data="The user"`}},
		{"empty thinking_delta", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":""}}`),
			[]string{`#1 block-delta index=0 delta=thinking`}},
		{"signature_delta", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCgIYAhIM"}}`),
			[]string{`#1 block-delta index=0 delta=signature data="EqQBCgIYAhIM"`}},
		{"empty signature_delta", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":""}}`),
			[]string{`#1 block-delta index=0 delta=signature`}},
		{"citations_delta", abFrame(`{"type":"content_block_delta","index":3,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"x"}}}`),
			[]string{`#1 block-delta index=3 delta=other`}},
		{"unknown delta", abFrame(`{"type":"content_block_delta","index":3,"delta":{"type":"telepathy_delta","text":5}}`),
			[]string{`#1 block-delta index=3 delta=other`}},
		{"invalid UTF-8 and lone surrogate", abFrame("{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"a\xffb\\ud800c\"}}"),
			[]string{`#1 block-delta index=0 delta=text data="a�b�c"`}},
	})
}

func TestImplAnthropicOtherEvents(t *testing.T) {
	abgRunCases(t, newAnthropic, []abgCase{
		{"content_block_stop", abFrame(`{"type":"content_block_stop","index":3            }`),
			[]string{`#1 block-stop index=3`}},
		{"message_delta", abFrame(`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":65}}`),
			[]string{`#1 finish data="tool_use"`}},
		{"message_delta without reason", abFrame(`{"type":"message_delta","delta":{"stop_reason":null},"usage":{"output_tokens":65}}`),
			nil},
		{"message_delta with empty reason", abFrame(`{"type":"message_delta","delta":{"stop_reason":""}}`),
			nil},
		{"message_delta without delta", abFrame(`{"type":"message_delta","usage":{"output_tokens":65}}`),
			nil},
		{"message_stop", abFrame(`{"type":"message_stop","amazon-bedrock-invocationMetrics":{"inputTokenCount":5}}`),
			[]string{`#1 message-end`}},
		{"ping", abFrame(`{"type": "ping"}`),
			nil},
		{"error", abFrame(`{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}`),
			[]string{`#1 error name="overloaded_error" data="Overloaded"`}},
		{"error without details", abFrame(`{"type":"error"}`),
			[]string{`#1 error`}},
		{"unknown event", abFrame(`{"type":"future_event","index":"not checked","delta":7}`),
			nil},
		{"SSE message_start", abSSE("message_start", `{"type":"message_start","message":{"id":"m","content":[]}}`),
			[]string{`#1 message-start id="m"`}},
		{"SSE event name when type is absent", abSSE("content_block_stop", `{"index":2}`),
			[]string{`#1 block-stop index=2`}},
		{"SSE event name when type is absent, empty payload", abSSE("message_stop", `{}`),
			[]string{`#1 message-end`}},
		{"SSE event name when type is empty", abSSE("message_stop", `{"type":""}`),
			[]string{`#1 message-end`}},
		{"SSE event name when type is null", abSSE("message_stop", `{"type":null}`),
			[]string{`#1 message-end`}},
		{"payload type wins over SSE event name", abSSE("ping", `{"type":"message_stop"}`),
			[]string{`#1 message-end`}},
	})
}

func TestImplAnthropicViolations(t *testing.T) {
	const (
		payload = spec.FramePayload
		ftype   = spec.FrameFieldType
	)
	abgRunBadCases(t, newAnthropic, []abgBadCase{
		{"array payload", abFrame(`[{"type":"ping"}]`), payload, `payload is not a JSON object: "[{\"type\":\"ping\"}]"`},
		{"number payload", abFrame("42"), payload, `payload is not a JSON object: "42"`},
		{"string payload", abSSE("ping", `"ping"`), payload, `payload is not a JSON object: "\"ping\""`},
		{"empty payload", abFrame(" \t"), payload, `payload is not a JSON object: ""`},
		{"invalid JSON", abFrame(`{"type":"message_stop"`), payload, `payload is not valid JSON`},
		{"trailing garbage", abFrame(`{"type":"message_stop"} x`), payload, `payload is not valid JSON`},
		{"long payload clipped", abFrame(`[` + strings.Repeat("1,", 40) + `1]`), payload, `payload is not a JSON object: "[` + strings.Repeat("1,", 31) + `1"...`},
		{"type not a string", abFrame(`{"type":1}`), ftype, `type: want a string, got "1"`},
		{"message not an object", abFrame(`{"type":"message_start","message":"m"}`), ftype, `message_start.message: want an object, got "\"m\""`},
		{"message id not a string", abFrame(`{"type":"message_start","message":{"id":7}}`), ftype, `message_start.message.id: want a string, got "7"`},
		{"content not an array", abFrame(`{"type":"message_start","message":{"content":{}}}`), ftype, `message_start.message.content: want an array, got "{}"`},
		{"content element not an object", abFrame(`{"type":"message_start","message":{"content":[5]}}`), ftype, `message_start.message.content[]: want an object, got "5"`},
		{"content element type not a string", abFrame(`{"type":"message_start","message":{"content":[{"type":true}]}}`), ftype, `message_start.message.content[].type: want a string, got "true"`},
		{"whole call id not a string", abFrame(`{"type":"message_start","message":{"content":[{"type":"tool_use","id":1,"name":"f"}]}}`), ftype, `message_start.message.content[].id: want a string, got "1"`},
		{"whole call name not a string", abFrame(`{"type":"message_start","message":{"content":[{"type":"server_tool_use","id":"x","name":[]}]}}`), ftype, `message_start.message.content[].name: want a string, got "[]"`},
		{"content text not a string", abFrame(`{"type":"message_start","message":{"content":[{"type":"text","text":1}]}}`), ftype, `message_start.message.content[].text: want a string, got "1"`},
		{"content thinking not a string", abFrame(`{"type":"message_start","message":{"content":[{"type":"thinking","thinking":{}}]}}`), ftype, `message_start.message.content[].thinking: want a string, got "{}"`},
		{"content signature not a string", abFrame(`{"type":"message_start","message":{"content":[{"type":"thinking","thinking":"a","signature":1}]}}`), ftype, `message_start.message.content[].signature: want a string, got "1"`},
		{"stop_reason not a string", abFrame(`{"type":"message_start","message":{"stop_reason":3}}`), ftype, `message_start.message.stop_reason: want a string, got "3"`},
		{"id checked before content", abFrame(`{"type":"message_start","message":{"content":5,"id":5}}`), ftype, `message_start.message.id: want a string, got "5"`},
		{"content checked before stop_reason", abFrame(`{"type":"message_start","message":{"stop_reason":5,"content":[5]}}`), ftype, `message_start.message.content[]: want an object, got "5"`},
		{"block start without index", abFrame(`{"type":"content_block_start","content_block":{"type":"text","text":""}}`), payload, `content_block_start.index: missing`},
		{"block start null index", abFrame(`{"type":"content_block_start","index":null,"content_block":{"type":"text","text":""}}`), payload, `content_block_start.index: missing`},
		{"block start string index", abFrame(`{"type":"content_block_start","index":"0","content_block":{"type":"text","text":""}}`), ftype, `content_block_start.index: want an integer, got "\"0\""`},
		{"block start fractional index", abFrame(`{"type":"content_block_start","index":1.5,"content_block":{"type":"text","text":""}}`), ftype, `content_block_start.index: want an integer, got "1.5"`},
		{"block start huge index", abFrame(`{"type":"content_block_start","index":1e12,"content_block":{"type":"text","text":""}}`), ftype, `content_block_start.index: want an integer, got "1e12"`},
		{"block start bool index", abFrame(`{"type":"content_block_start","index":true,"content_block":{}}`), ftype, `content_block_start.index: want an integer, got "true"`},
		{"block start without content_block", abFrame(`{"type":"content_block_start","index":0}`), payload, `content_block_start.content_block: missing`},
		{"content_block not an object", abFrame(`{"type":"content_block_start","index":0,"content_block":[]}`), ftype, `content_block_start.content_block: want an object, got "[]"`},
		{"content_block type not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":5}}`), ftype, `content_block_start.content_block.type: want a string, got "5"`},
		{"block text not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":5}}`), ftype, `content_block_start.content_block.text: want a string, got "5"`},
		{"block thinking not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":5}}`), ftype, `content_block_start.content_block.thinking: want a string, got "5"`},
		{"block signature not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":5}}`), ftype, `content_block_start.content_block.signature: want a string, got "5"`},
		{"redacted data not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"redacted_thinking","data":{}}}`), ftype, `content_block_start.content_block.data: want a string, got "{}"`},
		{"tool id not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":5,"name":"f"}}`), ftype, `content_block_start.content_block.id: want a string, got "5"`},
		{"tool name not a string", abFrame(`{"type":"content_block_start","index":0,"content_block":{"type":"mcp_tool_use","id":"x","name":false}}`), ftype, `content_block_start.content_block.name: want a string, got "false"`},
		{"delta without index", abFrame(`{"type":"content_block_delta","delta":{"type":"text_delta","text":"x"}}`), payload, `content_block_delta.index: missing`},
		{"delta without delta", abFrame(`{"type":"content_block_delta","index":0}`), payload, `content_block_delta.delta: missing`},
		{"delta not an object", abFrame(`{"type":"content_block_delta","index":0,"delta":"x"}`), ftype, `content_block_delta.delta: want an object, got "\"x\""`},
		{"delta type not a string", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":1}}`), ftype, `content_block_delta.delta.type: want a string, got "1"`},
		{"text not a string", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":5}}`), ftype, `content_block_delta.delta.text: want a string, got "5"`},
		{"partial_json not a string", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":{}}}`), ftype, `content_block_delta.delta.partial_json: want a string, got "{}"`},
		{"thinking not a string", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":[]}}`), ftype, `content_block_delta.delta.thinking: want a string, got "[]"`},
		{"signature not a string", abFrame(`{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":1}}`), ftype, `content_block_delta.delta.signature: want a string, got "1"`},
		{"stop without index", abFrame(`{"type":"content_block_stop"}`), payload, `content_block_stop.index: missing`},
		{"stop string index", abFrame(`{"type":"content_block_stop","index":"1"}`), ftype, `content_block_stop.index: want an integer, got "\"1\""`},
		{"message_delta delta not an object", abFrame(`{"type":"message_delta","delta":"x"}`), ftype, `message_delta.delta: want an object, got "\"x\""`},
		{"message_delta reason not a string", abFrame(`{"type":"message_delta","delta":{"stop_reason":1}}`), ftype, `message_delta.delta.stop_reason: want a string, got "1"`},
		{"error not an object", abFrame(`{"type":"error","error":"boom"}`), ftype, `error.error: want an object, got "\"boom\""`},
		{"error message not a string", abFrame(`{"type":"error","error":{"message":1}}`), ftype, `error.error.message: want a string, got "1"`},
		{"error type not a string", abFrame(`{"type":"error","error":{"type":1,"message":"x"}}`), ftype, `error.error.type: want a string, got "1"`},
		{"duplicate key, last is bad", abFrame(`{"type":"content_block_stop","index":1,"index":"x"}`), ftype, `content_block_stop.index: want an integer, got "\"x\""`},
	})
}

// TestImplAnthropicArenaReuse decodes frames one after another into one
// batch, as the framer does, and checks that each frame's events are right
// although the arena is reused.
func TestImplAnthropicArenaReuse(t *testing.T) {
	var b batch
	d := &anthropicDecoder{}
	for i, c := range []struct{ in, want string }{
		{`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\u00e9t\u00e9"}}`, `#0 block-delta index=0 delta=text data="été"`},
		{`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t\u0031","name":"f","input":{ "a" : 1 }}}`, `#0 block-start index=1 block=call id="t1" name="f" data="{\"a\":1}"`},
		{`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"b\":"}}`, `#0 block-delta index=1 delta=args data="{\"b\":"`},
	} {
		b.reset()
		fr := frame{no: i + 1, data: []byte(c.in)}
		if v := d.decodeFrame(&b, &fr); v != nil {
			t.Fatalf("frame %d: %v", i+1, v)
		}
		if len(b.evs) != 1 {
			t.Fatalf("frame %d: %d events", i+1, len(b.evs))
		}
		if got := b.evs[0].toSpec().String(); got != c.want {
			t.Errorf("frame %d: got %s, want %s", i+1, got, c.want)
		}
	}
}

// abgAllocs reports the allocations of decoding fr with pd into a reused
// batch, after a warm-up.
func abgAllocs(t *testing.T, pd payloadDecoder, fr frame, wantEvents int) float64 {
	t.Helper()
	var b batch
	run := func() {
		b.reset()
		if v := pd.decodeFrame(&b, &fr); v != nil {
			t.Fatalf("violation: %v", v)
		}
		if len(b.evs) != wantEvents {
			t.Fatalf("%d events, want %d", len(b.evs), wantEvents)
		}
	}
	run()
	return testing.AllocsPerRun(200, run)
}

func TestImplAnthropicAllocs(t *testing.T) {
	for _, c := range []struct {
		name string
		fr   frame
		n    int
	}{
		{"input_json_delta", abFrame(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Par"}}`), 1},
		{"text_delta with escapes", abSSE("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"caf\u00e9\n"}}`), 1},
		{"tool_use start", abFrame(`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{}}}`), 1},
		{"message_start with whole call", abFrame(`{"type":"message_start","message":{"id":"msg_2","content":[{"type":"tool_use","id":"toolu_1","name":"roll","input":{ "a" : [1, 2] }}],"stop_reason":"tool_use"}}`), 3},
		{"message_delta", abFrame(`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":65}}`), 1},
		{"ping", abSSE("ping", `{"type": "ping"}`), 0},
	} {
		if n := abgAllocs(t, &anthropicDecoder{}, c.fr, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}

func FuzzImplDecodeAnthropic(f *testing.F) {
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
