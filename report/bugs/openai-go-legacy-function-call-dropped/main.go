// openai-go's ChatCompletionAccumulator ignores the legacy
// delta.function_call: the accumulated Message.FunctionCall stays empty
// and no tool call is made of it, though the chunk type decodes it
// (ChatCompletionChunkChoiceDelta.FunctionCall) and the completion type has
// a place for it (ChatCompletionMessage.FunctionCall). A server that
// answers a request declaring "functions" this way (llama-cpp-python's
// functionary handler) streams a call that the accumulated completion
// does not contain: the user sees finish_reason "function_call" and no
// function call.
//
// Run: go run . (exit status 1 while the call is lost, 0 once the
// accumulated completion carries it, as Message.FunctionCall or as a tool
// call).
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

// A legacy function call: name first, then the arguments, then the finish.
const stream = `data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": "assistant", "content": null, "function_call": {"name": "get_current_weather", "arguments": ""}}}]}

data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": null, "content": null, "function_call": {"name": null, "arguments": "{\"location\": \"Boston, MA\"}"}}}]}

data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": null, "content": null, "function_call": null, "tool_calls": null}, "finish_reason": "function_call"}]}

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
		Model:    "functionary-small-v2.5",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What is the weather in Boston?")},
	})
	acc := openai.ChatCompletionAccumulator{}
	deltas := 0
	for s.Next() {
		chunk := s.Current()
		if len(chunk.Choices) > 0 && chunk.Choices[0].Delta.FunctionCall.Name+chunk.Choices[0].Delta.FunctionCall.Arguments != "" {
			deltas++ // the chunk type decodes the legacy member
		}
		if !acc.AddChunk(chunk) {
			fmt.Println("AddChunk returned false")
		}
	}
	if err := s.Err(); err != nil {
		fmt.Println("stream error:", err)
		os.Exit(2)
	}

	msg := acc.Choices[0].Message
	fmt.Printf("chunks with delta.function_call: %d\n", deltas)
	fmt.Printf("finish_reason=%q\n", acc.Choices[0].FinishReason)
	fmt.Printf("Message.FunctionCall: name=%q arguments=%q\n", msg.FunctionCall.Name, msg.FunctionCall.Arguments)
	fmt.Printf("Message.ToolCalls: %d\n", len(msg.ToolCalls))

	const name, args = "get_current_weather", `{"location": "Boston, MA"}`
	got := msg.FunctionCall.Name == name && msg.FunctionCall.Arguments == args
	for _, tc := range msg.ToolCalls {
		got = got || tc.Function.Name == name && tc.Function.Arguments == args
	}
	if !got {
		fmt.Println("BUG: want the function call get_current_weather with its arguments in the accumulated completion")
		os.Exit(1)
	}
	fmt.Println("ok")
}
