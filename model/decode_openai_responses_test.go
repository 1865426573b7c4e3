package model

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The cases shared with impl live in internal/decodetest; the helpers
// oaiCaptureTest and oaiChunkingTest live in decode_openai_chat_test.go,
// oaiFuzzSeeds in fuzz_test.go.

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
