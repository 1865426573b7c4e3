// langchaingo's OpenAI client panics (nil pointer dereference) in
// GenerateContent when a streamed response carries a legacy function_call
// and ends with finish_reason "function_call": the streaming code stores the
// function_call in a copy of the message, so the message's FunctionCall is
// still nil when GenerateContent reads it.
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

// llama-cpp-python's functionary chat handler, as it streams a call for a
// request that declares functions.
const stream = `data: {"choices": [{"index": 0, "delta": {"role": "assistant", "content": null, "function_call": {"name": "get_current_weather", "arguments": ""}}}]}

data: {"choices": [{"index": 0, "delta": {"role": null, "content": null, "function_call": {"name": null, "arguments": "{\"location\": \"Boston, MA\"}"}}}]}

data: {"choices": [{"index": 0, "delta": {"role": null, "content": null, "function_call": null, "tool_calls": null}, "finish_reason": "function_call"}]}

data: [DONE]

`

func main() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, stream)
	}))
	defer srv.Close()
	llm, err := openai.New(openai.WithToken("test"), openai.WithModel("m"), openai.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}

	defer func() {
		if r := recover(); r != nil {
			fmt.Println("GenerateContent panicked:", r)
			os.Exit(1)
		}
	}()
	resp, err := llm.GenerateContent(context.Background(),
		[]llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "weather in Boston?")},
		llms.WithStreamingFunc(func(context.Context, []byte) error { return nil }))
	if err != nil {
		fmt.Println("GenerateContent returned an error:", err)
		os.Exit(1)
	}
	c := resp.Choices[0]
	fmt.Printf("StopReason %q, FuncCall %+v\n", c.StopReason, c.FuncCall)
	if c.FuncCall == nil || c.FuncCall.Name != "get_current_weather" || c.FuncCall.Arguments != `{"location": "Boston, MA"}` {
		os.Exit(1)
	}
}
