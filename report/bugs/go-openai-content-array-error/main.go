// go-openai's ChatCompletionStream.Recv fails the stream with a decode
// error when a Mistral reasoning model sends delta.content as an array of
// typed parts (thinking, then text), as Mistral's API does: the caller gets
// none of the stream's later chunks, the tool call among them.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	openai "github.com/sashabaranov/go-openai"
)

const stream = `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}

data: {"choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"The user wants the weather in Paris."}]}]}}]}

data: {"choices":[{"index":0,"delta":{"content":[{"type":"text","text":"Let me check"}]}}]}

data: {"choices":[{"index":0,"delta":{"content":" the weather."}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"id":"D681PevKs","function":{"name":"get_weather","arguments":"{\"city\": \"Paris\"}"},"index":0}]},"finish_reason":"tool_calls"}]}

data: [DONE]

`

func main() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, stream)
	}))
	defer srv.Close()
	config := openai.DefaultConfig("test")
	config.BaseURL = srv.URL + "/v1"
	client := openai.NewClientWithConfig(config)
	s, err := client.CreateChatCompletionStream(context.Background(), openai.ChatCompletionRequest{
		Model:    "magistral-medium-2509",
		Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: "What is the weather in Paris?"}},
	})
	if err != nil {
		panic(err)
	}
	defer s.Close()
	var calls []openai.ToolCall
	for {
		resp, err := s.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Printf("Recv returned an error after %d tool call(s): %v\n", len(calls), err)
			os.Exit(1)
		}
		for _, ch := range resp.Choices {
			calls = append(calls, ch.Delta.ToolCalls...)
		}
	}
	for _, tc := range calls {
		fmt.Printf("ToolCall %s %s(%s)\n", tc.ID, tc.Function.Name, tc.Function.Arguments)
	}
	if len(calls) != 1 || calls[0].Function.Name != "get_weather" {
		os.Exit(1)
	}
}
