// openai-go's ChatCompletionAccumulator stores tool calls in a slice at
// their index and fills the positions below the first index it gets with
// empty calls. A stream whose only call comes at index 1 (LiteLLM's
// Responses-to-Chat bridge maps a call's output_index onto the tool-call
// index, and GPT-5.x puts a reasoning item at output_index 0) is
// accumulated as two tool calls: an empty one (no id, no name, no
// arguments) and the real one. A user who runs Message.ToolCalls runs a
// call the model never made, and answers it with a tool result for id "".
//
// Run: go run . (exit status 1 while an empty call is added, 0 once the
// accumulated message holds the one call).
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

// One call, at index 1.
const stream = `data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":1,"id":"call_xd57","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"city\":\"Oslo\"}"}}]}}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What is the weather in Oslo?")},
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
	if len(calls) != 1 || calls[0].ID != "call_xd57" {
		fmt.Println("BUG: want one tool call, call_xd57 get_weather")
		os.Exit(1)
	}
	fmt.Println("ok")
}
