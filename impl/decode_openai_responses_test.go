package impl

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The cases shared with the reference live in internal/decodetest; the
// helpers oaiCaptureTest and oaiAllocs live in decode_openai_chat_test.go,
// the fuzz helpers in fuzz_test.go.

func newResponsesDecoder() payloadDecoder { return &responsesDecoder{} }

func TestImplOpenAIResponsesCaptures(t *testing.T) {
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
	oaiCaptureTest(t, "openai-responses", newResponsesDecoder, want, nil, func(e spec.Event) string {
		if e.Kind == spec.KindBlockStart && e.Block == spec.BlockCall {
			return e.ID
		}
		return ""
	})
}

func TestImplOpenAIResponsesAllocs(t *testing.T) {
	oaiAllocs(t, &responsesDecoder{}, "", map[string]string{
		"arguments delta": `{"type":"response.function_call_arguments.delta","sequence_number":7,"item_id":"fc_0a7836d50cf181dd","output_index":1,"delta":"{\"a\"","obfuscation":"xyz"}`,
		"text delta":      `{"type":"response.output_text.delta","sequence_number":5,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hello","logprobs":[]}`,
		"item added":      `{"type":"response.output_item.added","sequence_number":4,"output_index":1,"item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_1","name":"add"}}`,
		"item done":       `{"type":"response.output_item.done","output_index":1,"item":{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"a\":2}","call_id":"call_1","name":"add"}}`,
		"arguments done":  `{"type":"response.function_call_arguments.done","output_index":1,"arguments":"{\"a\":2}"}`,
		"created":         `{"type":"response.created","response":{"id":"resp_1","status":"in_progress","output":[]}}`,
		"completed":       `{"type":"response.completed","response":{"id":"resp_1","status":"completed"}}`,
		"incomplete":      `{"type":"response.incomplete","response":{"incomplete_details":{"reason":"max_output_tokens"}}}`,
		"failed":          `{"type":"response.failed","response":{"error":{"code":"server_error","message":"boom"}}}`,
		"error":           `{"type":"error","error":{"type":"tokens","code":429,"message":"m"}}`,
	})
	// The type from the SSE event name.
	oaiAllocs(t, &responsesDecoder{}, "response.output_text.delta", map[string]string{
		"event-named delta": `{"output_index":0,"delta":"x"}`,
	})
}
