package model

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The helpers oaiCase, oaiRun, oaiCaptureTest, oaiChunkingTest and the fuzz
// helpers live in decode_openai_chat_test.go.

// oaiSSE wraps a Responses payload as an SSE event named after its type.
func oaiSSE(typ, payload string) string {
	return "event: " + typ + "\ndata: " + payload + "\n\n"
}

func TestOpenAIResponsesLifecycle(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIResponses, []oaiCase{
		{name: "created", in: `{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","status":"in_progress","output":[],"error":null}}` + "\n",
			want: []string{`#1 message-start id="resp_1"`}},
		{name: "created without response", in: `{"type":"response.created"}` + "\n",
			want: []string{`#1 message-start`}},
		{name: "in progress and queued", in: `{"type":"response.in_progress","response":{"id":"resp_1"}}` + "\n" + `{"type":"response.queued","response":{"id":"resp_1"}}` + "\n",
			want: []string{}},
		{name: "completed", in: `{"type":"response.completed","response":{"id":"resp_1","status":"completed","output":[{"type":"function_call","call_id":"c"}]}}` + "\n",
			want: []string{`#1 finish data="completed"`, `#1 message-end`}},
		{name: "incomplete with reason", in: `{"type":"response.incomplete","response":{"incomplete_details":{"reason":"max_output_tokens"}}}` + "\n",
			want: []string{`#1 finish data="max_output_tokens"`, `#1 message-end`}},
		{name: "incomplete without details", in: `{"type":"response.incomplete","response":{"incomplete_details":null}}` + "\n",
			want: []string{`#1 finish data="incomplete"`, `#1 message-end`}},
		{name: "incomplete empty reason", in: `{"type":"response.incomplete","response":{"incomplete_details":{"reason":""}}}` + "\n",
			want: []string{`#1 finish data="incomplete"`, `#1 message-end`}},
		{name: "failed", in: `{"type":"response.failed","response":{"status":"failed","error":{"code":"server_error","message":"boom"}}}` + "\n",
			want: []string{`#1 error name="server_error" data="boom"`}},
		{name: "failed without error", in: `{"type":"response.failed","response":{"status":"failed","error":null}}` + "\n",
			want: []string{`#1 error name="response.failed"`}},
		{name: "error nested", in: `{"type":"error","sequence_number":2,"error":{"type":"tokens","code":"rate_limit_exceeded","message":"Request too large","param":null}}` + "\n",
			want: []string{`#1 error name="rate_limit_exceeded" data="Request too large"`}},
		{name: "error nested type only", in: `{"type":"error","error":{"type":"insufficient_quota","code":null,"message":"m"}}` + "\n",
			want: []string{`#1 error name="insufficient_quota" data="m"`}},
		{name: "error flat", in: `{"type":"error","code":"ERR_SOMETHING","message":"Something went wrong","param":null,"sequence_number":1}` + "\n",
			want: []string{`#1 error name="ERR_SOMETHING" data="Something went wrong"`}},
		{name: "error flat without code", in: `{"type":"error","message":"m"}` + "\n",
			want: []string{`#1 error data="m"`}},
		{name: "error numeric code", in: `{"type":"error","error":{"code":500,"message":"m"}}` + "\n",
			want: []string{`#1 error name="500" data="m"`}},
		{name: "sse error then failed", in: oaiSSE("error", `{"type":"error","error":{"type":"tokens","code":"rate_limit_exceeded","message":"m"}}`) +
			oaiSSE("response.failed", `{"type":"response.failed","response":{"error":{"code":"rate_limit_exceeded","message":"m"}}}`),
			want: []string{`#1 error name="rate_limit_exceeded" data="m"`, `#2 error name="rate_limit_exceeded" data="m"`}},
		{name: "created not object", in: `{"type":"response.created","response":"resp_1"}` + "\n", rule: spec.FrameFieldType},
		{name: "created id number", in: `{"type":"response.created","response":{"id":1}}` + "\n", rule: spec.FrameFieldType},
		{name: "incomplete details string", in: `{"type":"response.incomplete","response":{"incomplete_details":"max_output_tokens"}}` + "\n", rule: spec.FrameFieldType},
		{name: "incomplete reason number", in: `{"type":"response.incomplete","response":{"incomplete_details":{"reason":1}}}` + "\n", rule: spec.FrameFieldType},
		{name: "failed error string", in: `{"type":"response.failed","response":{"error":"boom"}}` + "\n", rule: spec.FrameFieldType},
		{name: "error message number", in: `{"type":"error","error":{"message":5}}` + "\n", rule: spec.FrameFieldType},
		{name: "error member string", in: `{"type":"error","error":"boom"}` + "\n", rule: spec.FrameFieldType},
		{name: "flat message object", in: `{"type":"error","message":{}}` + "\n", rule: spec.FrameFieldType},
	})
}

func TestOpenAIResponsesItems(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIResponses, []oaiCase{
		{name: "function call added", in: `{"type":"response.output_item.added","output_index":1,"item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_1","name":"add"}}` + "\n",
			want: []string{`#1 block-start index=1 block=call id="call_1" name="add" item="fc_1"`}},
		{name: "function call added with arguments", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","arguments":"{\"a\":1}","call_id":"call_0","name":"f"}}` + "\n",
			want: []string{`#1 block-start index=0 block=call id="call_0" name="f" data="{\"a\":1}"`}},
		{name: "function call added empty ids", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"","call_id":"","name":""}}` + "\n",
			want: []string{`#1 block-start index=0 block=call`}},
		{name: "message added", in: `{"type":"response.output_item.added","output_index":2,"item":{"id":"msg_1","type":"message","status":"in_progress","content":[],"role":"assistant"}}` + "\n",
			want: []string{`#1 block-start index=2 block=text`}},
		{name: "reasoning added", in: `{"type":"response.output_item.added","output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[],"content":[]}}` + "\n",
			want: []string{`#1 block-start index=0 block=thinking`}},
		{name: "hosted and custom items", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"web_search_call","id":"ws_1"}}` + "\n" +
			`{"type":"response.output_item.added","output_index":1,"item":{"type":"custom_tool_call","call_id":"call_c","name":"grammar"}}` + "\n" +
			`{"type":"response.output_item.added","output_index":2,"item":{"type":"mcp_call","id":"mcp_1","name":"x","arguments":""}}` + "\n" +
			`{"type":"response.output_item.added","output_index":3,"item":{}}` + "\n",
			want: []string{`#1 block-start index=0 block=other`, `#2 block-start index=1 block=call id="call_c" name="grammar" kind=custom`, `#3 block-start index=2 block=other`, `#4 block-start index=3 block=other`}},
		{name: "function call done", in: `{"type":"response.output_item.done","output_index":1,"item":{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"a\":2,\"b\":3}","call_id":"call_1","name":"add"}}` + "\n",
			want: []string{`#1 block-stop index=1 id="call_1" name="add" data="{\"a\":2,\"b\":3}"`}},
		{name: "function call done empty arguments", in: `{"type":"response.output_item.done","output_index":0,"item":{"type":"function_call","arguments":""}}` + "\n",
			want: []string{`#1 block-stop index=0 data=""`}},
		{name: "function call done without arguments", in: `{"type":"response.output_item.done","output_index":0,"item":{"type":"function_call"}}` + "\n",
			want: []string{`#1 block-stop index=0`}},
		{name: "reasoning done with encrypted content", in: `{"type":"response.output_item.done","output_index":0,"item":{"type":"reasoning","encrypted_content":"gAAAA=","summary":[]}}` + "\n",
			want: []string{`#1 block-stop index=0 sig="gAAAA="`}},
		{name: "reasoning and message done", in: `{"type":"response.output_item.done","output_index":0,"item":{"type":"reasoning","encrypted_content":"","content":[{"type":"reasoning_text","text":"x"}]}}` + "\n" +
			`{"type":"response.output_item.done","output_index":1,"item":{"type":"message","content":[{"type":"output_text","text":"hi"}]}}` + "\n",
			want: []string{`#1 block-stop index=0`, `#2 block-stop index=1`}},
		{name: "output_index string", in: `{"type":"response.output_item.added","output_index":"0","item":{"type":"message"}}` + "\n", rule: spec.FrameFieldType},
		{name: "output_index missing", in: `{"type":"response.output_item.added","item":{"type":"message"}}` + "\n", rule: spec.FramePayload},
		{name: "done output_index missing", in: `{"type":"response.output_item.done","item":{"type":"message"}}` + "\n", rule: spec.FramePayload},
		{name: "item missing", in: `{"type":"response.output_item.added","output_index":0}` + "\n", rule: spec.FramePayload},
		{name: "item string", in: `{"type":"response.output_item.done","output_index":0,"item":"fc_1"}` + "\n", rule: spec.FrameFieldType},
		{name: "item type number", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":1}}` + "\n", rule: spec.FrameFieldType},
		{name: "call_id number", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","call_id":1}}` + "\n", rule: spec.FrameFieldType},
		{name: "name object", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","name":{}}}` + "\n", rule: spec.FrameFieldType},
		{name: "item id number", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":2}}` + "\n", rule: spec.FrameFieldType},
		{name: "added arguments object", in: `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","arguments":{}}}` + "\n", rule: spec.FrameFieldType},
		{name: "done arguments object", in: `{"type":"response.output_item.done","output_index":0,"item":{"type":"function_call","arguments":{"a":1}}}` + "\n", rule: spec.FrameFieldType},
		{name: "encrypted content number", in: `{"type":"response.output_item.done","output_index":0,"item":{"type":"reasoning","encrypted_content":1}}` + "\n", rule: spec.FrameFieldType},
	})
}

func TestOpenAIResponsesDeltas(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIResponses, []oaiCase{
		{name: "arguments delta", in: `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":"{\"a\"","obfuscation":"xyz","sequence_number":4}` + "\n",
			want: []string{`#1 block-delta index=1 delta=args data="{\"a\""`}},
		{name: "arguments delta empty", in: `{"type":"response.function_call_arguments.delta","output_index":0,"delta":""}` + "\n",
			want: []string{`#1 block-delta index=0 delta=args`}},
		{name: "arguments done", in: `{"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":1,"arguments":"{\"a\":2}"}` + "\n",
			want: []string{`#1 block-delta index=1 delta=final-args data="{\"a\":2}"`}},
		{name: "arguments done empty", in: `{"type":"response.function_call_arguments.done","output_index":0,"arguments":"","name":"f"}` + "\n",
			want: []string{`#1 block-delta index=0 delta=final-args data=""`}},
		{name: "arguments done without arguments", in: `{"type":"response.function_call_arguments.done","output_index":0}` + "\n",
			want: []string{}},
		{name: "text and refusal", in: `{"type":"response.output_text.delta","output_index":2,"content_index":0,"item_id":"msg_1","delta":"Hi","logprobs":[]}` + "\n" +
			`{"type":"response.refusal.delta","output_index":2,"content_index":0,"delta":"No"}` + "\n",
			want: []string{`#1 block-delta index=2 delta=text data="Hi"`, `#2 block-delta index=2 delta=text data="No"`}},
		{name: "reasoning deltas", in: `{"type":"response.reasoning_summary_text.delta","output_index":0,"summary_index":0,"delta":"**Plan**"}` + "\n" +
			`{"type":"response.reasoning_text.delta","output_index":0,"content_index":0,"delta":"The user"}` + "\n",
			want: []string{`#1 block-delta index=0 delta=thinking data="**Plan**"`, `#2 block-delta index=0 delta=thinking data="The user"`}},
		{name: "other deltas; custom input is arguments", in: `{"type":"response.custom_tool_call_input.delta","output_index":1,"item_id":"ctc_1","delta":"SELECT"}` + "\n" +
			`{"type":"response.mcp_call_arguments.delta","output_index":2,"delta":"{}"}` + "\n" +
			`{"type":"response.code_interpreter_call_code.delta","output_index":3,"delta":"print(1)"}` + "\n" +
			`{"type":"response.audio.delta","delta":"AAAA"}` + "\n" +
			`{"type":"response.audio.transcript.delta","output_index":null,"delta":"hi"}` + "\n",
			want: []string{`#1 block-delta index=1 delta=args data="SELECT"`}},
		{name: "parts and done events carry nothing", in: `{"type":"response.content_part.added","output_index":0,"content_index":0,"part":{"type":"output_text","text":""}}` + "\n" +
			`{"type":"response.output_text.done","output_index":0,"content_index":0,"text":"Hi"}` + "\n" +
			`{"type":"response.reasoning_summary_part.added","output_index":0,"summary_index":0,"part":{"type":"summary_text","text":""}}` + "\n" +
			`{"type":"response.reasoning_text.done","output_index":0,"text":"x"}` + "\n" +
			`{"type":"response.content_part.done","output_index":0,"part":{}}` + "\n" +
			`{"type":"response.output_text.annotation.added","output_index":0,"annotation":{}}` + "\n" +
			`{"type":"response.web_search_call.completed","output_index":0,"item_id":"ws_1"}` + "\n" +
			`{"type":"response.future_event","whatever":[1,2,3]}` + "\n",
			want: []string{}},
		{name: "delta output_index string", in: `{"type":"response.function_call_arguments.delta","output_index":"1","delta":"x"}` + "\n", rule: spec.FrameFieldType},
		{name: "delta output_index missing", in: `{"type":"response.function_call_arguments.delta","delta":"x"}` + "\n", rule: spec.FramePayload},
		{name: "text delta output_index missing", in: `{"type":"response.output_text.delta","delta":"x"}` + "\n", rule: spec.FramePayload},
		{name: "other delta with a bad output_index is ignored", in: `{"type":"response.mcp_call_arguments.delta","output_index":1.5,"delta":"x"}` + "\n", want: []string{}},
		{name: "delta number", in: `{"type":"response.output_text.delta","output_index":0,"delta":5}` + "\n", rule: spec.FrameFieldType},
		{name: "arguments done object", in: `{"type":"response.function_call_arguments.done","output_index":0,"arguments":{"a":1}}` + "\n", rule: spec.FrameFieldType},
		{name: "arguments done no output_index", in: `{"type":"response.function_call_arguments.done","arguments":"{}"}` + "\n", rule: spec.FramePayload},
	})
}

func TestOpenAIResponsesTypeSource(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIResponses, []oaiCase{
		{name: "event name when payload has no type", in: oaiSSE("response.created", `{"response":{"id":"r1"}}`),
			want: []string{`#1 message-start id="r1"`}},
		{name: "empty type falls back to event", in: oaiSSE("response.output_text.delta", `{"type":"","output_index":0,"delta":"x"}`),
			want: []string{`#1 block-delta index=0 delta=text data="x"`}},
		{name: "payload type wins", in: oaiSSE("response.in_progress", `{"type":"response.completed","response":{}}`),
			want: []string{`#1 finish data="completed"`, `#1 message-end`}},
		{name: "data before event", in: "data: {\"type\":\"response.created\",\"response\":{\"id\":\"r2\"}}\nevent: response.created\n\n",
			want: []string{`#1 message-start id="r2"`}},
		{name: "no type at all", in: `{"type":"response.in_progress"}` + "\n" + `{"response":{"id":"r"}}` + "\n", want: []string{}},
		{name: "no Responses event", in: `{"response":{"id":"r"}}` + "\n" + `{"type":"message_start"}` + "\n", rule: spec.FrameNotFormat},
		{name: "type number", in: `{"type":5}` + "\n", rule: spec.FrameFieldType},
		{name: "not an object", in: "data: \"response.created\"\n\n", rule: spec.FramePayload},
		{name: "done sentinel ends the message", in: "data: [DONE]\n\n", want: []string{`#1 message-end`}},
		{name: "bad json", in: "{\"type\":\"response.created\"\n", rule: spec.FramePayload},
	})
}

// TestOpenAIResponsesCaptures decodes every real Responses capture.
func TestOpenAIResponsesCaptures(t *testing.T) {
	// Distinct call ids per capture, from shared/captures/README.md.
	want := map[string]int{
		"azure-tool-call-obfuscation.jsonl":      1,
		"bedrock-mantle-data-before-event-1.sse": 1,
		"deepseek-responses-reasoning-tool.sse":  1,
		"lmstudio-tool-call-no-deltas.jsonl":     1,
		"openai-error-insufficient-quota.jsonl":  0,
		"openai-error-rate-limited.sse":          0,
		"openai-gpt-4o-2calls.sse":               2,
		"openai-gpt-5-reasoning-2calls.sse":      2,
	}
	oaiCaptureTest(t, spec.FormatOpenAIResponses, want, nil, func(e spec.Event) string {
		if e.Kind == spec.KindBlockStart && e.Block == spec.BlockCall {
			return e.ID
		}
		return ""
	})
}

func TestOpenAIResponsesChunking(t *testing.T) { oaiChunkingTest(t, spec.FormatOpenAIResponses) }

func FuzzOpenAIResponsesDecode(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOpenAIResponses, []string{
		`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","call_id":"c","name":"f","arguments":""}}` + "\n",
		`{"type":"response.function_call_arguments.delta","output_index":0,"delta":"{"}` + "\n",
		`{"type":"response.output_item.done","output_index":0,"item":{"type":"reasoning","encrypted_content":"x"}}` + "\n",
		oaiSSE("error", `{"error":{"code":"c","message":"m"}}`),
	})
	f.Fuzz(func(t *testing.T, data []byte) { oaiFuzzBody(t, spec.FormatOpenAIResponses, data) })
}
