// openai-go's ChatCompletionAccumulator appends function.name on every
// tool-call delta that carries one. A server that resends a call's whole
// name on each chunk of that call (MiniMax via NVIDIA NIM, Fireworks GLM,
// GPT-5.x through some gateways) gets one call named "read_fileread_file",
// which names no tool.
//
// Run: go run . (exit status 1 while the name is concatenated, 0 once it
// is kept as sent).
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

// One call, index 0: its name comes on both of its chunks.
const stream = `data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_mm01","type":"function","function":{"name":"read_file","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"{\"path\":\"notes.md\"}"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Read notes.md")},
	})
	acc := openai.ChatCompletionAccumulator{}
	for s.Next() {
		if !acc.AddChunk(s.Current()) {
			fmt.Println("AddChunk returned false")
		}
	}
	if err := s.Err(); err != nil {
		fmt.Println("stream error:", err)
		os.Exit(2)
	}

	calls := acc.Choices[0].Message.ToolCalls
	for i, tc := range calls {
		fmt.Printf("tool call %d: id=%q name=%q arguments=%q\n", i, tc.ID, tc.Function.Name, tc.Function.Arguments)
	}
	if len(calls) != 1 || calls[0].Function.Name != "read_file" {
		fmt.Println(`BUG: want one call named "read_file"`)
		os.Exit(1)
	}
	fmt.Println("ok")
}
