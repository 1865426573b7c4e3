package impl

import (
	"slices"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// gmFrame runs one payload through a fresh geminiDecoder.
func gmFrame(payload string) ([]spec.Event, *spec.Violation) {
	evs, v := abgDecode(&geminiDecoder{}, frame{no: 1, data: []byte(payload)})
	for i := range evs {
		evs[i].Frame = 0
	}
	return evs, v
}

// gmParts wraps parts (a JSON array body) in one candidate.
func gmParts(parts string) string {
	return `{"candidates":[{"content":{"role":"model","parts":[` + parts + `]}}]}`
}

func TestImplGeminiDecodeFrame(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		want    []spec.Event
	}{
		{
			name:    "text",
			payload: gmParts(`{"text":"Hello"}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "Hello"}},
		},
		{
			name:    "thought text",
			payload: gmParts(`{"text":"**Plan**","thought":true}`),
			want:    []spec.Event{{Kind: spec.KindThinking, Data: "**Plan**"}},
		},
		{
			name:    "thought false is text",
			payload: gmParts(`{"text":"a","thought":false}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
		{
			name:    "text with signature",
			payload: gmParts(`{"text":"done.","thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "done.", Sig: "c2ln"}},
		},
		{
			name:    "empty text skipped",
			payload: `{"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}]}`,
			want:    []spec.Event{{Kind: spec.KindFinish, Data: "STOP"}},
		},
		{
			name:    "empty text kept for its signature",
			payload: gmParts(`{"text":"","thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindText, Sig: "c2ln"}},
		},
		{
			name:    "empty thought kept for its signature",
			payload: gmParts(`{"text":"","thought":true,"thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindThinking, Sig: "c2ln"}},
		},
		{
			name:    "signature alone",
			payload: gmParts(`{"thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindSignature, Sig: "c2ln"}},
		},
		{
			name:    "empty signature alone",
			payload: gmParts(`{"thoughtSignature":""}`),
			want:    nil,
		},
		{
			name:    "signature on another kind of part",
			payload: gmParts(`{"executableCode":{"language":"PYTHON","code":"1"},"thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindSignature, Sig: "c2ln"}},
		},
		{
			name: "ignored parts",
			payload: gmParts(`{"executableCode":{"language":"PYTHON","code":"print(1)"}},` +
				`{"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"1"}},` +
				`{"functionResponse":{"name":"f","response":{}}},` +
				`{"inlineData":{"mimeType":"image/png","data":"AAAA"}},` +
				`{"future":1},{},null`),
			want: nil,
		},
		{
			name:    "whole call with signature",
			payload: gmParts(`{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"San Francisco"}`, Sig: "CiQB"}},
		},
		{
			name:    "whole call with id, args compacted in wire order",
			payload: gmParts(`{"functionCall": {"name": "add","args": {"b": 3,"a": 2},"id": "8hd01vsf"}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, ID: "8hd01vsf", Name: "add", Data: `{"b":3,"a":2}`}},
		},
		{
			name:    "whole call without args",
			payload: gmParts(`{"functionCall":{"name":"read_theme"},"thoughtSignature":"AY89"}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "read_theme", Sig: "AY89"}},
		},
		{
			name:    "whole call with empty args and null id",
			payload: gmParts(`{"functionCall":{"name":"f","args":{},"id":null}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: "{}"}},
		},
		{
			name:    "whole call willContinue false",
			payload: gmParts(`{"functionCall":{"name":"f","args":{"a":1},"willContinue":false}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"a":1}`}},
		},
		{
			name:    "nameless call with args is a whole call, not a close",
			payload: gmParts(`{"functionCall":{"args":{"a":1}}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Data: `{"a":1}`}},
		},
		{
			name: "parallel calls in one chunk",
			payload: `{"candidates": [{"content": {"parts": [{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"},` +
				`{"functionCall": {"name": "weather","args": {"city": "Santa Cruz"}}}],"role": "model"},"finishReason": "STOP","index": 0,"finishMessage": "Model generated function call(s)."}]}`,
			want: []spec.Event{
				{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"San Francisco"}`, Sig: "CiQB"},
				{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"Santa Cruz"}`},
				{Kind: spec.KindFinish, Data: "STOP"},
			},
		},
		{
			name:    "path open",
			payload: gmParts(`{"functionCall":{"name":"getWeather","willContinue":true},"thoughtSignature":"CiMB"}`),
			want:    []spec.Event{{Kind: spec.KindPathOpen, Name: "getWeather", Sig: "CiMB"}},
		},
		{
			name:    "path open with id",
			payload: gmParts(`{"functionCall":{"id":"c1","name":"f","willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathOpen, ID: "c1", Name: "f"}},
		},
		{
			name:    "path string arg continuing",
			payload: gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":"Bos","willContinue":true}],"willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.location", Delta: spec.DeltaString, Data: "Bos", More: true}},
		},
		{
			name:    "path string arg last piece",
			payload: gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":""}],"willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.location", Delta: spec.DeltaString}},
		},
		{
			name: "path literals",
			payload: gmParts(`{"functionCall":{"partialArgs":[` +
				`{"jsonPath":"$.operations[0].price","numberValue":0.5},` +
				`{"jsonPath":"$.n","numberValue":-1e3},` +
				`{"jsonPath":"$.b","boolValue":true},` +
				`{"jsonPath":"$.c","boolValue":false},` +
				`{"jsonPath":"$.d","nullValue":null},` +
				`{"jsonPath":"$.e","nullValue":"NULL_VALUE"}]}}`),
			want: []spec.Event{
				{Kind: spec.KindPathArg, Path: "$.operations[0].price", Delta: spec.DeltaJSON, Data: "0.5"},
				{Kind: spec.KindPathArg, Path: "$.n", Delta: spec.DeltaJSON, Data: "-1e3"},
				{Kind: spec.KindPathArg, Path: "$.b", Delta: spec.DeltaJSON, Data: "true"},
				{Kind: spec.KindPathArg, Path: "$.c", Delta: spec.DeltaJSON, Data: "false"},
				{Kind: spec.KindPathArg, Path: "$.d", Delta: spec.DeltaJSON, Data: "null"},
				{Kind: spec.KindPathArg, Path: "$.e", Delta: spec.DeltaJSON, Data: "null"},
			},
		},
		{
			name:    "partial args with a name open the call first",
			payload: gmParts(`{"functionCall":{"id":"i","name":"f","partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":true}],"willContinue":true},"thoughtSignature":"s"}`),
			want: []spec.Event{
				{Kind: spec.KindPathOpen, ID: "i", Name: "f", Sig: "s"},
				{Kind: spec.KindPathArg, Path: "$.a", Delta: spec.DeltaString, Data: "x", More: true},
			},
		},
		{
			name:    "empty partialArgs is a keep-alive",
			payload: gmParts(`{"functionCall":{"partialArgs":[],"willContinue":true}}`),
			want:    nil,
		},
		{
			// FRAME-6: a null element is absent, so [null] is [].
			name:    "null partialArgs element is absent: a keep-alive",
			payload: gmParts(`{"functionCall":{"partialArgs":[null],"willContinue":true}}`),
			want:    nil,
		},
		{
			name:    "null partialArgs element is absent: a close",
			payload: gmParts(`{"functionCall":{"partialArgs":[null]}}`),
			want:    []spec.Event{{Kind: spec.KindPathClose}},
		},
		{
			name:    "null partialArgs element is absent: a whole call",
			payload: gmParts(`{"functionCall":{"name":"f","partialArgs":[null]}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f"}},
		},
		{
			name:    "null partialArgs elements skipped among others",
			payload: gmParts(`{"functionCall":{"partialArgs":[null,{"jsonPath":"$.a","stringValue":"x"},null],"willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.a", Delta: spec.DeltaString, Data: "x"}},
		},
		{
			name:    "keep-alive",
			payload: gmParts(`{"functionCall":{"willContinue":true}}`),
			want:    nil,
		},
		{
			name:    "close",
			payload: gmParts(`{"functionCall":{}}`),
			want:    []spec.Event{{Kind: spec.KindPathClose}},
		},
		{
			name:    "close with empty name and willContinue false",
			payload: gmParts(`{"functionCall":{"name":"","willContinue":false}}`),
			want:    []spec.Event{{Kind: spec.KindPathClose}},
		},
		{
			name:    "close then finish (Vertex last chunk)",
			payload: `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}`,
			want:    []spec.Event{{Kind: spec.KindPathClose}, {Kind: spec.KindFinish, Data: "STOP"}},
		},
		{
			name: "choices from index or position",
			payload: `{"candidates":[` +
				`{"content":{"parts":[{"text":"a"}]},"index":2},` +
				`{"content":{"parts":[{"text":"b"}]},"finishReason":"MAX_TOKENS"},` +
				`null,` +
				`{"finishReason":"SAFETY","index":0}]}`,
			want: []spec.Event{
				{Kind: spec.KindText, Choice: 2, Data: "a"},
				{Kind: spec.KindText, Choice: 1, Data: "b"},
				{Kind: spec.KindFinish, Choice: 1, Data: "MAX_TOKENS"},
				{Kind: spec.KindFinish, Data: "SAFETY"},
			},
		},
		{
			name:    "empty finishReason skipped",
			payload: `{"candidates":[{"content":{"parts":[]},"finishReason":""}]}`,
			want:    nil,
		},
		{
			name:    "no candidates (usage only, prompt feedback)",
			payload: `{"usageMetadata":{"promptTokenCount":1},"promptFeedback":{"blockReason":"SAFETY"},"modelVersion":"m"}`,
			want:    nil,
		},
		{
			name:    "candidate without content",
			payload: `{"candidates":[{"index":0}]}`,
			want:    nil,
		},
		{
			name:    "error",
			payload: `{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`,
			want:    []spec.Event{{Kind: spec.KindError, Data: "Resource has been exhausted", Name: "RESOURCE_EXHAUSTED"}},
		},
		{
			name:    "error wins over candidates",
			payload: `{"error":{"message":"m"},"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`,
			want:    []spec.Event{{Kind: spec.KindError, Data: "m"}},
		},
		{
			name:    "null error ignored",
			payload: `{"error":null,"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
		{
			name:    "unknown fields ignored",
			payload: `{"candidates":[{"content":{"parts":[{"text":"a","videoMetadata":{},"partMetadata":{"x":1}}],"role":"model"},"safetyRatings":[],"citationMetadata":{},"avgLogprobs":-0.1}],"createTime":"t","responseId":"r"}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
	}
	tests = append(tests, []struct {
		name    string
		payload string
		want    []spec.Event
	}{
		// Beyond the reference's table.
		{
			name:    "duplicate keys, the last wins",
			payload: `{"candidates":5,"candidates":[{"index":1,"content":{"parts":[{"text":"a","text":"b","thought":true,"thought":false}]},"index":3}]}`,
			want:    []spec.Event{{Kind: spec.KindText, Choice: 3, Data: "b"}},
		},
		{
			name:    "escapes in strings and keys",
			payload: gmParts(`{"t\u0065xt":"caf\u00e9 \ud83d\ude00","thoughtSignature":"a\/b"}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "caf\u00e9 \U0001F600", Sig: "a/b"}},
		},
		{
			name:    "args compacted, escapes kept",
			payload: gmParts(`{"functionCall":{"name":"f","args":{ "a" : "x\u0020 y" , "b" : [ 1 , {} ] }}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"a":"x\u0020 y","b":[1,{}]}`}},
		},
		{
			name:    "stringValue wins over the others",
			payload: gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":"x","stringValue":"s","boolValue":7}]}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.a", Delta: spec.DeltaString, Data: "s"}},
		},
		{
			name:    "null stringValue falls through to numberValue",
			payload: gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":null,"numberValue":12}]}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.a", Delta: spec.DeltaJSON, Data: "12"}},
		},
		{
			name: "several candidates, parts and path args",
			payload: `{"candidates":[{"content":{"parts":[{"text":"x"}]},"finishReason":"STOP"},` +
				`{"content":{"parts":[{"thoughtSignature":"s"},{"functionCall":{"name":"g","partialArgs":[{"jsonPath":"$.a","boolValue":false},{"jsonPath":"$.b","nullValue":0}]}}]}}]}`,
			want: []spec.Event{
				{Kind: spec.KindText, Data: "x"},
				{Kind: spec.KindFinish, Data: "STOP"},
				{Kind: spec.KindSignature, Choice: 1, Sig: "s"},
				{Kind: spec.KindPathOpen, Choice: 1, Name: "g"},
				{Kind: spec.KindPathArg, Choice: 1, Path: "$.a", Delta: spec.DeltaJSON, Data: "false"},
				{Kind: spec.KindPathArg, Choice: 1, Path: "$.b", Delta: spec.DeltaJSON, Data: "null"},
			},
		},
		{
			name:    "negative index",
			payload: `{"candidates":[{"index":-1,"finishReason":"STOP"}]}`,
			want:    []spec.Event{{Kind: spec.KindFinish, Choice: -1, Data: "STOP"}},
		},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, v := gmFrame(tt.payload)
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("events:\n got %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestImplGeminiDecodeFrameErrors(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		rule    spec.RuleID
		msg     string
	}{
		{"not json", `[DONE]`, spec.FramePayload, "payload is not a JSON object: \"[DONE]\""},
		{"array stream body", `[{"candidates":[]}]`, spec.FramePayload, "payload is not a JSON object: \"[{\\\"candidates\\\":[]}]\""},
		{"empty", ``, spec.FramePayload, "payload is not a JSON object: \"\""},
		{"truncated", `{"candidates":[`, spec.FramePayload, "payload is not valid JSON"},
		{"candidates object", `{"candidates":{}}`, spec.FrameFieldType, "candidates: want an array, got \"{}\""},
		{"candidate string", `{"candidates":["x"]}`, spec.FrameFieldType, "candidates[0]: want an object, got \"\\\"x\\\"\""},
		{"index string", `{"candidates":[{"index":"0"}]}`, spec.FrameFieldType, "candidates[0].index: want an integer, got \"\\\"0\\\"\""},
		{"index fraction", `{"candidates":[{"index":0.5}]}`, spec.FrameFieldType, "candidates[0].index: want an integer, got \"0.5\""},
		{"content array", `{"candidates":[{"content":[]}]}`, spec.FrameFieldType, "candidates[0].content: want an object, got \"[]\""},
		{"parts object", `{"candidates":[{"content":{"parts":{}}}]}`, spec.FrameFieldType, "candidates[0].content.parts: want an array, got \"{}\""},
		{"part string", gmParts(`"hi"`), spec.FrameFieldType, "candidates[0].content.parts[0]: want an object, got \"\\\"hi\\\"\""},
		{"text number", gmParts(`{"text":1}`), spec.FrameFieldType, "candidates[0].content.parts[0].text: want a string, got \"1\""},
		{"thought string", gmParts(`{"text":"a","thought":"true"}`), spec.FrameFieldType, "candidates[0].content.parts[0].thought: want a boolean, got \"\\\"true\\\"\""},
		{"signature object", gmParts(`{"thoughtSignature":{}}`), spec.FrameFieldType, "candidates[0].content.parts[0].thoughtSignature: want a string, got \"{}\""},
		{"functionCall string", gmParts(`{"functionCall":"f"}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall: want an object, got \"\\\"f\\\"\""},
		{"name number", gmParts(`{"functionCall":{"name":1}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.name: want a string, got \"1\""},
		{"id number", gmParts(`{"functionCall":{"name":"f","id":1}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.id: want a string, got \"1\""},
		{"args string", gmParts(`{"functionCall":{"name":"f","args":"{}"}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.args: want an object, got \"\\\"{}\\\"\""},
		{"args array", gmParts(`{"functionCall":{"name":"f","args":[]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.args: want an object, got \"[]\""},
		{"willContinue string", gmParts(`{"functionCall":{"name":"f","willContinue":"yes"}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.willContinue: want a boolean, got \"\\\"yes\\\"\""},
		{"partialArgs object", gmParts(`{"functionCall":{"partialArgs":{}}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs: want an array, got \"{}\""},
		{"partialArg number", gmParts(`{"functionCall":{"partialArgs":[1]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0]: want an object, got \"1\""},
		{"partialArg without value", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","willContinue":true}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0]: no stringValue, numberValue, boolValue or nullValue"},
		{"partialArg null stringValue only", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":null}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0]: no stringValue, numberValue, boolValue or nullValue"},
		{"jsonPath number", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":1,"stringValue":"a"}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0].jsonPath: want a string, got \"1\""},
		{"stringValue number", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":1}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0].stringValue: want a string, got \"1\""},
		{"numberValue string", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":"1"}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0].numberValue: want a number, got \"\\\"1\\\"\""},
		{"numberValue object", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":{}}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0].numberValue: want a number, got \"{}\""},
		{"boolValue string", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","boolValue":"true"}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0].boolValue: want a boolean, got \"\\\"true\\\"\""},
		{"partial willContinue number", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":1}]}}`), spec.FrameFieldType, "candidates[0].content.parts[0].functionCall.partialArgs[0].willContinue: want a boolean, got \"1\""},
		{"finishReason number", `{"candidates":[{"finishReason":1}]}`, spec.FrameFieldType, "candidates[0].finishReason: want a string, got \"1\""},
		{"responseId number", `{"responseId":1,"candidates":[]}`, spec.FrameFieldType, "responseId: want a string, got \"1\""},
		{"error string", `{"error":"boom"}`, spec.FrameFieldType, "error: want an object, got \"\\\"boom\\\"\""},
		{"error message number", `{"error":{"message":1}}`, spec.FrameFieldType, "error.message: want a string, got \"1\""},
		{"error status number", `{"error":{"message":"m","status":500}}`, spec.FrameFieldType, "error.status: want a string, got \"500\""},
	}
	tests = append(tests, []struct {
		name    string
		payload string
		rule    spec.RuleID
		msg     string
	}{
		// Beyond the reference's table: positional names, order of checks.
		{"later candidate and part", `{"candidates":[null,{"content":{"parts":[{},null,{"text":[]}]}}]}`, spec.FrameFieldType, `candidates[1].content.parts[2].text: want a string, got "[]"`},
		{"partial arg after a null one", gmParts(`{"functionCall":{"partialArgs":[null,1]}}`), spec.FrameFieldType, `candidates[0].content.parts[0].functionCall.partialArgs[1]: want an object, got "1"`},
		{"later partial arg", gmParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":"x"},{"jsonPath":"$.b"}]}}`), spec.FrameFieldType, `candidates[0].content.parts[0].functionCall.partialArgs[1]: no stringValue, numberValue, boolValue or nullValue`},
		{"signature checked before text", gmParts(`{"text":1,"thoughtSignature":2}`), spec.FrameFieldType, `candidates[0].content.parts[0].thoughtSignature: want a string, got "2"`},
		{"index checked before content", `{"candidates":[{"content":1,"index":"x"}]}`, spec.FrameFieldType, `candidates[0].index: want an integer, got "\"x\""`},
		{"parts checked before finishReason", `{"candidates":[{"finishReason":1,"content":{"parts":[1]}}]}`, spec.FrameFieldType, `candidates[0].content.parts[0]: want an object, got "1"`},
		{"partialArgs checked before args", gmParts(`{"functionCall":{"args":1,"partialArgs":1}}`), spec.FrameFieldType, `candidates[0].content.parts[0].functionCall.partialArgs: want an array, got "1"`},
		{"args checked before partial args", gmParts(`{"functionCall":{"args":1,"partialArgs":[1]}}`), spec.FrameFieldType, `candidates[0].content.parts[0].functionCall.args: want an object, got "1"`},
		{"error checked before candidates", `{"candidates":1,"error":{"status":1}}`, spec.FrameFieldType, `error.status: want a string, got "1"`},
		{"null error, bad candidates", `{"error":null,"candidates":"x"}`, spec.FrameFieldType, `candidates: want an array, got "\"x\""`},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, v := gmFrame(tt.payload)
			if v == nil {
				t.Fatalf("no violation; events %v", got)
			}
			if v.Rule != tt.rule || v.Class != spec.ClassTerminal || v.Call != spec.NoCall || v.Message != tt.msg {
				t.Errorf("violation %s %s call %d %q\n          want %s terminal no-call %q", v.Rule, v.Class, v.Call, v.Message, tt.rule, tt.msg)
			}
		})
	}
}

// TestImplGeminiResponseIDs: a non-empty responseId other than the current
// message's starts a message before the chunk's content (ORD-4), as the
// reference decoder does; the id is kept across frames whose buffers are
// reused.
func TestImplGeminiResponseIDs(t *testing.T) {
	d := &geminiDecoder{}
	var b batch
	buf := make([]byte, 0, 256)
	for i, c := range []struct {
		payload string
		want    []string
	}{
		{`{"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`, []string{"text a"}},
		{`{"candidates":[{"content":{"parts":[{"text":"b"}]}}],"responseId":"r1"}`, []string{"text b"}},
		{`{"candidates":[{"content":{"parts":[{"text":"c"}]}}],"responseId":""}`, []string{"text c"}},
		{`{"candidates":[{"content":{"parts":[{"text":"d"}]}}],"responseId":"r1"}`, []string{"text d"}},
		{`{"candidates":[{"content":{"parts":[{"text":"e"}]}}],"responseId":"r2"}`, []string{"message-start r2", "text e"}},
		{`{"responseId":"r1"}`, []string{"message-start r1"}},
		{`{"candidates":[{"content":{"parts":[{"text":"f"}]}}],"responseId":"r1"}`, []string{"text f"}},
	} {
		buf = append(buf[:0], c.payload...) // the frame's bytes move, as the framer's do
		b.reset()
		if v := d.decodeFrame(&b, &frame{no: i + 1, data: buf}); v != nil {
			t.Fatalf("frame %d: violation %v", i+1, v)
		}
		var got []string
		for _, e := range b.evs {
			s := e.kind.String()
			if e.kind == spec.KindMessageStart {
				s += " " + string(e.id)
			} else {
				s += " " + string(e.data)
			}
			got = append(got, s)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("frame %d: events %q, want %q", i+1, got, c.want)
		}
	}
}

func TestImplGeminiAllocs(t *testing.T) {
	for _, c := range []struct {
		name    string
		payload string
		n       int
	}{
		{"text chunk", `{"candidates": [{"content": {"parts": [{"text": "The weather in Paris is"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 9,"totalTokenCount": 9},"modelVersion": "gemini-2.5-flash","responseId": "abc"}`, 1},
		{"thought chunk with escapes", gmParts(`{"text":"**Plan**\n\u00e9","thought":true}`), 1},
		{"whole call", gmParts(`{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"}`), 1},
		{"path args", gmParts(`{"functionCall":{"id":"i","name":"f","partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":true},{"jsonPath":"$.b","numberValue":1.5},{"jsonPath":"$.c","boolValue":true},{"jsonPath":"$.d","nullValue":null}],"willContinue":true}}`), 5},
		{"finish", `{"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}]}`, 1},
		{"error", `{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`, 1},
	} {
		if n := abgAllocs(t, &geminiDecoder{}, frame{no: 1, data: []byte(c.payload)}, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}

func FuzzImplDecodeGemini(f *testing.F) {
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
