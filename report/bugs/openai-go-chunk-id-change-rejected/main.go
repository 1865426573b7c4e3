// openai-go's ChatCompletionAccumulator.AddChunk refuses a chunk whose
// completion id differs from the first chunk's: it returns false and
// drops the chunk. Servers and proxies that give every chunk its own id
// (LiteLLM's non-OpenAI backends, BerriAI/litellm#1571, and its Responses
// bridge, BerriAI/litellm#32607; llama.cpp's server, ggml-org/llama.cpp#5876)
// then lose every chunk after the first: here the call's arguments and its
// finish_reason. The chunk id names no call; nothing in the chunk conflicts
// with what was accumulated.
//
// Run: go run . (exit status 1 while a chunk is refused, 0 once every chunk
// is accumulated).
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// One call; the completion id changes on every chunk.
const stream = `data: {"id":"chatcmpl-a1","object":"chat.completion.chunk","created":1700000001,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_7","type":"function","function":{"name":"lookup","arguments":""}}]}}]}

data: {"id":"chatcmpl-b2","object":"chat.completion.chunk","created":1700000002,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"sku\":\"A-42\"}"}}]}}]}

data: {"id":"chatcmpl-c3","object":"chat.completion.chunk","created":1700000003,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

func main() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, stream)
	}))
	defer srv.Close()

	client := openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"))
	s := client.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{
		Model:    "m",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Look up SKU A-42")},
	})
	acc := openai.ChatCompletionAccumulator{}
	refused := 0
	for s.Next() {
		chunk := s.Current()
		if !acc.AddChunk(chunk) {
			refused++
			fmt.Printf("AddChunk returned false for chunk %q\n", chunk.ID)
		}
	}
	if err := s.Err(); err != nil {
		fmt.Println("stream error:", err)
		os.Exit(2)
	}

	choice := acc.Choices[0]
	fmt.Printf("finish_reason=%q\n", choice.FinishReason)
	for i, tc := range choice.Message.ToolCalls {
		fmt.Printf("tool call %d: id=%q name=%q arguments=%q\n", i, tc.ID, tc.Function.Name, tc.Function.Arguments)
	}
	if refused > 0 || len(choice.Message.ToolCalls) != 1 || choice.Message.ToolCalls[0].Function.Arguments != `{"sku":"A-42"}` {
		fmt.Println(`BUG: want every chunk accumulated: one call lookup {"sku":"A-42"}, finish_reason "tool_calls"`)
		os.Exit(1)
	}
	fmt.Println("ok")
}
