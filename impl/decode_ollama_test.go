package impl

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The cases are those of model/decode_ollama_test.go, with the violation
// messages.

// ollamaFrame runs one payload through a fresh ollamaDecoder.
func ollamaFrame(payload string) ([]spec.Event, *spec.Violation) {
	var b batch
	if v := (&ollamaDecoder{}).decodeFrame(&b, &frame{no: 1, data: []byte(payload)}); v != nil {
		return nil, v
	}
	var out []spec.Event
	for i := range b.evs {
		out = append(out, b.evs[i].toSpec())
	}
	return out, nil
}

var ollamaCases = []struct {
	name    string
	payload string
	want    []spec.Event
}{
	{
		name:    "thinking",
		payload: `{"model":"gpt-oss","message":{"role":"assistant","content":"","thinking":"The"},"done":false}`,
		want:    []spec.Event{{Kind: spec.KindThinking, Data: "The"}},
	},
	{
		name:    "content",
		payload: `{"message":{"role":"assistant","content":"Sure"},"done":false}`,
		want:    []spec.Event{{Kind: spec.KindText, Data: "Sure"}},
	},
	{
		name:    "thinking before content",
		payload: `{"message":{"content":"b","thinking":"a"},"done":false}`,
		want:    []spec.Event{{Kind: spec.KindThinking, Data: "a"}, {Kind: spec.KindText, Data: "b"}},
	},
	{
		name:    "empty text and thinking skipped",
		payload: `{"message":{"role":"assistant","content":"","thinking":""},"done":false}`,
		want:    nil,
	},
	{
		name:    "no message",
		payload: `{"model":"m","done":false}`,
		want:    nil,
	},
	{
		name:    "null message",
		payload: `{"message":null}`,
		want:    nil,
	},
	{
		name: "two calls same wire index",
		payload: `{"message":{"role":"assistant","content":"","tool_calls":[` +
			`{"id":"PpZ8JqRmm","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/hostname"}}},` +
			`{"id":"DDe4wZqkx","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/os-release"}}}]},"done":false}`,
		want: []spec.Event{
			{Kind: spec.KindWholeCall, ID: "PpZ8JqRmm", Name: "read_file", Data: `{"path":"/etc/hostname"}`},
			{Kind: spec.KindWholeCall, ID: "DDe4wZqkx", Name: "read_file", Data: `{"path":"/etc/os-release"}`},
		},
	},
	{
		name:    "arguments compacted, key order kept",
		payload: `{"message":{"tool_calls":[{"function":{"name":"f","arguments":{ "b" : 1 , "a" : [ 1, 2 ] }}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"b":1,"a":[1,2]}`}},
	},
	{
		name:    "compacted arguments keep escapes and spaces in strings",
		payload: `{"message":{"tool_calls":[{"function":{"name":"f","arguments":{ "s" : "a b\"\u00e9" , "t":"\t" }}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"s":"a b\"\u00e9","t":"\t"}`}},
	},
	{
		name:    "empty arguments object",
		payload: `{"message":{"tool_calls":[{"id":"call_abcdefgh","function":{"index":3,"name":"f","arguments":{}}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, ID: "call_abcdefgh", Name: "f", Data: `{}`}},
	},
	{
		name:    "string arguments verbatim",
		payload: `{"message":{"tool_calls":[{"function":{"name":"f","arguments":"{\"a\": 1}"}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"a": 1}`}},
	},
	{
		name:    "absent and null arguments",
		payload: `{"message":{"tool_calls":[{"function":{"name":"f"}},{"function":{"name":"g","arguments":null}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f"}, {Kind: spec.KindWholeCall, Name: "g"}},
	},
	{
		name:    "empty id and name stay absent",
		payload: `{"message":{"tool_calls":[{"id":"","function":{"name":"","arguments":{}}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, Data: `{}`}},
	},
	{
		name:    "call without function",
		payload: `{"message":{"tool_calls":[{"id":"x"}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, ID: "x"}},
	},
	{
		name:    "null tool_calls",
		payload: `{"message":{"tool_calls":null}}` + "\n",
		want:    nil,
	},
	{
		name:    "null element skipped",
		payload: `{"message":{"tool_calls":[null,{"function":{"name":"f"}}]}}`,
		want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f"}},
	},
	{
		name:    "done with reason",
		payload: `{"message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":1}`,
		want:    []spec.Event{{Kind: spec.KindFinish, Data: "stop"}, {Kind: spec.KindMessageEnd}},
	},
	{
		name:    "done without reason",
		payload: `{"done":true}`,
		want:    []spec.Event{{Kind: spec.KindFinish}, {Kind: spec.KindMessageEnd}},
	},
	{
		name:    "done false with reason",
		payload: `{"done":false,"done_reason":"stop"}`,
		want:    nil,
	},
	{
		name:    "done false with a bad reason",
		payload: `{"done":false,"done_reason":1}`,
		want:    nil,
	},
	{
		name:    "content, calls, then done",
		payload: `{"message":{"content":"hi","tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":true,"done_reason":"length"}`,
		want: []spec.Event{
			{Kind: spec.KindText, Data: "hi"},
			{Kind: spec.KindWholeCall, Name: "f", Data: `{}`},
			{Kind: spec.KindFinish, Data: "length"},
			{Kind: spec.KindMessageEnd},
		},
	},
	{
		name:    "error string",
		payload: `{"error":"an error was encountered while running the model: unexpected EOF"}`,
		want:    []spec.Event{{Kind: spec.KindError, Data: "an error was encountered while running the model: unexpected EOF"}},
	},
	{
		name:    "error object",
		payload: `{"error":{"message":"boom","type":"x"},"message":{"content":"ignored"},"done":true}`,
		want:    []spec.Event{{Kind: spec.KindError, Data: "boom"}},
	},
	{
		name:    "error object without message",
		payload: `{"error":{}}`,
		want:    []spec.Event{{Kind: spec.KindError}},
	},
	{
		name:    "null error ignored",
		payload: `{"error":null,"message":{"content":"a"}}`,
		want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
	},
	{
		name:    "unknown fields ignored",
		payload: `{"remote_model":"x","logprobs":[1],"message":{"images":null,"tool_name":"t","future":{"a":1},"content":"c"},"extra":true}`,
		want:    []spec.Event{{Kind: spec.KindText, Data: "c"}},
	},
	{
		name:    "duplicate members: last wins",
		payload: `{"message":{"content":"a"},"message":{"content":1,"content":"b"},"done":"x","done":true}`,
		want:    []spec.Event{{Kind: spec.KindText, Data: "b"}, {Kind: spec.KindFinish}, {Kind: spec.KindMessageEnd}},
	},
	{
		name:    "escapes decoded",
		payload: `{"message":{"content":"caf\u00e9\n\"q\"","tool_calls":[{"id":"i\u0064","function":{"name":"\u0066","arguments":"{\"a\":\"\\n\"}"}}]}}`,
		want: []spec.Event{
			{Kind: spec.KindText, Data: "café\n\"q\""},
			{Kind: spec.KindWholeCall, ID: "id", Name: "f", Data: `{"a":"\n"}`},
		},
	},
}

func TestImplOllamaDecodeFrame(t *testing.T) {
	for _, tt := range ollamaCases {
		t.Run(tt.name, func(t *testing.T) {
			got, v := ollamaFrame(tt.payload)
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("events:\n got %v\nwant %v", got, tt.want)
			}
			for _, e := range got {
				oaiCheckFields(t, e)
			}
		})
	}
}

var ollamaErrorCases = []struct {
	name    string
	payload string
	rule    spec.RuleID
	msg     string
}{
	{"not json", `hello`, spec.FramePayload, `payload is not a JSON object: "hello"`},
	{"array", `[{"done":true}]`, spec.FramePayload, `payload is not a JSON object: "[{\"done\":true}]"`},
	{"string", `"x"`, spec.FramePayload, `payload is not a JSON object: "\"x\""`},
	{"empty", ` `, spec.FramePayload, `payload is not a JSON object: ""`},
	{"truncated", `{"message":{"content":"a"`, spec.FramePayload, `payload is not valid JSON`},
	{"trailing garbage", `{"done":true} x`, spec.FramePayload, `payload is not valid JSON`},
	{"message string", `{"message":"hi"}`, spec.FrameFieldType, `message: want an object, got "\"hi\""`},
	{"content number", `{"message":{"content":1}}`, spec.FrameFieldType, `message.content: want a string, got "1"`},
	{"thinking bool", `{"message":{"thinking":true}}`, spec.FrameFieldType, `message.thinking: want a string, got "true"`},
	{"thinking checked before content", `{"message":{"content":1,"thinking":2}}`, spec.FrameFieldType, `message.thinking: want a string, got "2"`},
	{"tool_calls object", `{"message":{"tool_calls":{"function":{}}}}`, spec.FrameFieldType, `message.tool_calls: want an array, got "{\"function\":{}}"`},
	{"tool call string", `{"message":{"tool_calls":["f"]}}`, spec.FrameFieldType, `message.tool_calls[0]: want an object, got "\"f\""`},
	{"id number", `{"message":{"tool_calls":[{"id":7,"function":{"name":"f"}}]}}`, spec.FrameFieldType, `message.tool_calls[0].id: want a string, got "7"`},
	{"second call id", `{"message":{"tool_calls":[null,{"id":7}]}}`, spec.FrameFieldType, `message.tool_calls[1].id: want a string, got "7"`},
	{"function array", `{"message":{"tool_calls":[{"function":[]}]}}`, spec.FrameFieldType, `message.tool_calls[0].function: want an object, got "[]"`},
	{"name number", `{"message":{"tool_calls":[{"function":{"name":1}}]}}`, spec.FrameFieldType, `message.tool_calls[0].function.name: want a string, got "1"`},
	{"arguments array", `{"message":{"tool_calls":[{"function":{"name":"f","arguments":[1]}}]}}`, spec.FrameFieldType, `message.tool_calls[0].function.arguments: want an object or a string, got "[1]"`},
	{"arguments number", `{"message":{"tool_calls":[{"function":{"name":"f","arguments":1}}]}}`, spec.FrameFieldType, `message.tool_calls[0].function.arguments: want an object or a string, got "1"`},
	{"arguments bool, third call", `{"message":{"tool_calls":[{},{},{"function":{"arguments":false}}]}}`, spec.FrameFieldType, `message.tool_calls[2].function.arguments: want an object or a string, got "false"`},
	{"calls checked before done", `{"done":"x","message":{"tool_calls":[1]}}`, spec.FrameFieldType, `message.tool_calls[0]: want an object, got "1"`},
	{"done string", `{"done":"true"}`, spec.FrameFieldType, `done: want a boolean, got "\"true\""`},
	{"done_reason number", `{"done":true,"done_reason":1}`, spec.FrameFieldType, `done_reason: want a string, got "1"`},
	{"error number", `{"error":500}`, spec.FrameFieldType, `error: want a string, got "500"`},
	{"error message number", `{"error":{"message":5}}`, spec.FrameFieldType, `error.message: want a string, got "5"`},
	{"error wins over a bad message", `{"message":5,"error":[]}`, spec.FrameFieldType, `error: want a string, got "[]"`},
}

func TestImplOllamaDecodeFrameErrors(t *testing.T) {
	for _, tt := range ollamaErrorCases {
		t.Run(tt.name, func(t *testing.T) {
			got, v := ollamaFrame(tt.payload)
			if v == nil {
				t.Fatalf("no violation; events %v", got)
			}
			oaiCheckViolation(t, v)
			if v.Rule != tt.rule || v.Message != tt.msg {
				t.Errorf("violation %s %q, want %s %q", v.Rule, v.Message, tt.rule, tt.msg)
			}
		})
	}
}

// TestImplOllamaCaptures decodes every real Ollama capture without a
// violation and checks the calls, text and ends as the reference's test
// does.
func TestImplOllamaCaptures(t *testing.T) {
	type expect struct {
		calls    []spec.Event
		thinking string // prefix of the concatenated thinking
		text     string // prefix of the concatenated text
		finish   string
	}
	known := map[string]expect{
		"SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson": {
			calls: []spec.Event{
				{Kind: spec.KindWholeCall, ID: "PpZ8JqRmm", Name: "read_file", Data: `{"path":"/etc/hostname"}`},
				{Kind: spec.KindWholeCall, ID: "DDe4wZqkx", Name: "read_file", Data: `{"path":"/etc/os-release"}`},
			},
			finish: "-", // no done line
		},
		"gpt-oss-thinking-then-content.ndjson": {
			thinking: `The user says "Test prompt". Likely they are just testing the system.`,
			text:     "Sure thing!",
			finish:   "stop",
		},
		"qwen3-14b-2calls-index-omitted-no-ids.ndjson": {
			calls: []spec.Event{
				{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"Detroit"}`},
				{Kind: spec.KindWholeCall, Name: "search", Data: `{"query":"Detroit Tigers game time today"}`},
			},
			finish: "stop",
		},
		"qwen3-14b-answer-only-in-done-chunk.ndjson": {
			text:   "<think>\nOkay, let me figure out",
			finish: "stop",
		},
	}
	for name, frames := range oaiCaptureFrames(t, "ollama") {
		t.Run(name, func(t *testing.T) {
			var calls []spec.Event
			var thinking, text strings.Builder
			finish, ends := "-", 0
			for i, fr := range frames {
				evs, v := ollamaFrame(fr.data)
				if v != nil {
					t.Fatalf("line %d: violation %v", i+1, v)
				}
				for _, ev := range evs {
					oaiCheckFields(t, ev)
					switch ev.Kind {
					case spec.KindWholeCall:
						calls = append(calls, ev)
					case spec.KindThinking:
						thinking.WriteString(ev.Data)
					case spec.KindText:
						text.WriteString(ev.Data)
					case spec.KindFinish:
						finish = ev.Data
					case spec.KindMessageEnd:
						ends++
					default:
						t.Errorf("unexpected event %v", ev)
					}
				}
			}
			if (finish == "-") != (ends == 0) || ends > 1 {
				t.Errorf("finish %q with %d message ends", finish, ends)
			}
			want, ok := known[name]
			if !ok {
				t.Skipf("not described in the test; %d calls", len(calls))
			}
			if !slices.Equal(calls, want.calls) {
				t.Errorf("calls:\n got %v\nwant %v", calls, want.calls)
			}
			if !strings.HasPrefix(thinking.String(), want.thinking) || (want.thinking == "" && thinking.Len() > 0) {
				t.Errorf("thinking %q, want prefix %q", thinking.String(), want.thinking)
			}
			if !strings.HasPrefix(text.String(), want.text) || (want.text == "" && text.Len() > 0) {
				t.Errorf("text %q, want prefix %q", text.String(), want.text)
			}
			if finish != want.finish {
				t.Errorf("finish %q, want %q", finish, want.finish)
			}
		})
	}
}

func TestImplOllamaAllocs(t *testing.T) {
	oaiAllocs(t, &ollamaDecoder{}, "", map[string]string{
		"content":   `{"model":"gpt-oss:20b","created_at":"2025-08-01T10:00:00.123456Z","message":{"role":"assistant","content":" thing"},"done":false}`,
		"thinking":  `{"model":"gpt-oss:20b","created_at":"2025-08-01T10:00:00Z","message":{"role":"assistant","content":"","thinking":" user says \"Test\""},"done":false}`,
		"tool call": `{"model":"qwen3:14b","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"weather","arguments":{ "city": "Detroit" }}},{"id":"x","function":{"name":"s","arguments":"{\"q\":1}"}}]},"done":false}`,
		"done":      `{"model":"qwen3:14b","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":123,"eval_count":9}`,
		"error":     `{"error":{"message":"boom"}}`,
	})
}

func FuzzImplDecodeOllama(f *testing.F) {
	for _, c := range ollamaCases {
		f.Add([]byte(c.payload))
	}
	for _, c := range ollamaErrorCases {
		f.Add([]byte(c.payload))
	}
	oaiFuzzSeeds(f, "ollama", nil)
	f.Fuzz(func(t *testing.T, payload []byte) {
		oaiFuzzBody(t, &ollamaDecoder{}, payload, []string{""})
	})
}
