// langchaingo's OpenAI client returns a streamed tool call whose arguments
// stop in the middle of a JSON string as an ordinary tool call, with
// StopReason "tool_calls" and no error, when the server (vLLM, a DeepSeek V4
// serve) reports a max_tokens cut as finish_reason "tool_calls". Nothing in
// the response tells the caller that the call is cut.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

const stream = `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_w2","type":"function","function":{"name":"write_file","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"path\": \"/var/log/app.log\", \"content\": \""}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
	resp, err := llm.GenerateContent(context.Background(),
		[]llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "write the log")},
		llms.WithStreamingFunc(func(context.Context, []byte) error { return nil }))
	if err != nil {
		fmt.Println("GenerateContent returned an error:", err)
		return // the cut call is not handed over as a call: fixed
	}
	c := resp.Choices[0]
	cut := false
	for _, tc := range c.ToolCalls {
		valid := json.Valid([]byte(tc.FunctionCall.Arguments))
		fmt.Printf("StopReason %q, ToolCall %s %s(%s), arguments are JSON: %v\n",
			c.StopReason, tc.ID, tc.FunctionCall.Name, tc.FunctionCall.Arguments, valid)
		cut = cut || !valid
	}
	if cut {
		os.Exit(1)
	}
}
