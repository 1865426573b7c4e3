package model

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the decoders' fuzz targets and the helpers they need:
// OSS-Fuzz's build (.clusterfuzzlite/build.sh) compiles a target's file
// alone, turned into a non-test file of the package with its testing
// package replaced, so the file needs nothing of the other test files.
// The framer's target, self-contained, stays in decode_framing_test.go. No
// target's name is written in any other file of this directory.

// FuzzAnthropicDecode: any input decodes as Anthropic without a panic, to a
// terminal frame violation or to EOF, with events that set only the fields
// their kinds use.
func FuzzAnthropicDecode(f *testing.F) {
	decodeFuzzSeeds(f, spec.FormatAnthropic,
		[]byte(`{"type":"message_start","message":{"id":"m","content":[{"type":"tool_use","id":"t","name":"f","input":{"a":1}}],"stop_reason":"tool_use"}}`),
		[]byte(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`),
		[]byte(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\""}}`),
		[]byte("event: message_stop\ndata: {}\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatAnthropic, data) })
}

// FuzzBedrockDecode: any input decodes as Bedrock without a panic, to a
// terminal frame violation or to EOF, with events that set only the fields
// their kinds use.
func FuzzBedrockDecode(f *testing.F) {
	decodeFuzzSeeds(f, spec.FormatBedrock,
		[]byte(decodetest.EventMessage("contentBlockStart", `{"contentBlockIndex":1,"start":{"toolUse":{"name":"f","toolUseId":"t"}}}`)),
		[]byte(decodetest.EventMessage("chunk", decodetest.BedrockChunk(`{"type":"message_stop"}`))),
		[]byte(decodetest.ExceptionMessage("throttlingException", `{"message":"x"}`)),
		[]byte(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"x"}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatBedrock, data) })
}

// FuzzGeminiDecode: any input decodes as Gemini without a panic, to a
// terminal frame violation or to EOF, with events that set only the fields
// their kinds use.
func FuzzGeminiDecode(f *testing.F) {
	decodeFuzzSeeds(f, spec.FormatGemini)
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatGemini, data) })
}

// FuzzOllamaDecode: any input decodes as Ollama without a panic, to a
// terminal frame violation or to EOF, with events that set only the fields
// their kinds use.
func FuzzOllamaDecode(f *testing.F) {
	decodeFuzzSeeds(f, spec.FormatOllama)
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatOllama, data) })
}

// FuzzOpenAIChatDecode: any input decodes as OpenAI chat without a panic, to a
// terminal frame violation or to EOF, with events that set only the fields
// their kinds use.
func FuzzOpenAIChatDecode(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOpenAIChat, []string{
		"data: [DONE]\n\n",
		oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":{"x":1}}}]},"finish_reason":"stop"}`),
		oaiChunk(`{"delta":{"reasoning_details":[{"type":"reasoning.text","text":"t"},{"type":"reasoning.encrypted"}]}}`),
		"event: error\ndata: {\"error\":{\"message\":\"m\",\"code\":1}}\n\n",
	})
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatOpenAIChat, data) })
}

// FuzzOpenAIResponsesDecode: any input decodes as OpenAI Responses without a panic, to a
// terminal frame violation or to EOF, with events that set only the fields
// their kinds use.
func FuzzOpenAIResponsesDecode(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOpenAIResponses, []string{
		`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","call_id":"c","name":"f","arguments":""}}` + "\n",
		`{"type":"response.function_call_arguments.delta","output_index":0,"delta":"{"}` + "\n",
		`{"type":"response.output_item.done","output_index":0,"item":{"type":"reasoning","encrypted_content":"x"}}` + "\n",
		"event: error\ndata: {\"error\":{\"code\":\"c\",\"message\":\"m\"}}\n\n",
	})
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatOpenAIResponses, data) })
}

// decodeFuzzSeeds adds the input of every shared case of format to f's
// corpus, and each of extra.
func decodeFuzzSeeds(f *testing.F, format spec.Format, extra ...[]byte) {
	for _, c := range seedsOnce("cases "+string(format), func() [][]byte {
		var out [][]byte
		for _, c := range decodetest.Cases(format) {
			out = append(out, []byte(c.In))
		}
		return out
	}) {
		f.Add(c)
	}
	for _, s := range extra {
		f.Add(s)
	}
}

// decodeFuzzBody decodes data, which must not panic and must end in EOF or
// a terminal frame violation, with only the fields each kind uses set.
func decodeFuzzBody(t *testing.T, format spec.Format, data []byte) {
	evs, v := Decode(format, data, spec.Limits{})
	for _, e := range evs {
		if err := decodetest.CheckFields(e); err != nil {
			t.Error(err)
		}
	}
	if v != nil {
		if v.Class != spec.ClassTerminal || v.Call != spec.NoCall || !strings.HasPrefix(string(v.Rule), "FRAME-") && v.Rule != spec.BudFrame {
			t.Fatalf("unexpected violation %v", v)
		}
		return
	}
	if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
		t.Fatal("no EOF without a violation")
	}
}

// oaiFuzzSeeds adds the inputs of the shared cases of format, every
// capture of it and each of extra to the corpus.
func oaiFuzzSeeds(f *testing.F, format spec.Format, extra []string) {
	decodeFuzzSeeds(f, format)
	for _, s := range extra {
		f.Add([]byte(s))
	}
	for _, data := range seedsOnce("captures "+string(format), func() [][]byte {
		var out [][]byte
		dir := filepath.Join("..", "..", "shared", "captures", string(format))
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
				out = append(out, data)
			}
		}
		return out
	}) {
		f.Add(data)
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

// oaiChunk is one choice wrapped as a chat chunk payload line.
func oaiChunk(choice string) string {
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[` + choice + `]}` + "\n"
}
