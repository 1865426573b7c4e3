// openai-go's ChatCompletionAccumulator keys tool calls by their index
// alone. A server that sends parallel calls all at index 0, each a whole
// call with its own id and name (Ollama's OpenAI layer before
// ollama/ollama#15467, Qwen3 on ai-dynamo/dynamo), gets one call: the id
// of the last, the names concatenated and the arguments concatenated into
// two JSON objects; the first call is lost.
//
// Run: go run . (exit status 1 while the calls are merged, 0 once both are
// kept apart).
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

// Two whole calls, both at index 0, told apart by their ids.
const stream = `data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_function_7f3a_1","type":"function","function":{"name":"write_file","arguments":"{\"path\":\"alpha.txt\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_2","type":"function","function":{"name":"list_dir","arguments":"{\"path\":\".\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Write alpha.txt, then list the directory")},
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
	if len(calls) != 2 || calls[0].ID != "call_function_7f3a_1" || calls[0].Function.Name != "write_file" ||
		calls[1].ID != "call_function_7f3a_2" || calls[1].Function.Name != "list_dir" {
		fmt.Println("BUG: want two calls, call_function_7f3a_1 write_file and call_function_7f3a_2 list_dir")
		os.Exit(1)
	}
	fmt.Println("ok")
}
