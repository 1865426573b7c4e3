// eino-ext's OpenAI ChatModel and schema.ConcatMessages return a streamed
// tool call whose arguments stop in the middle of a JSON string as an
// ordinary tool call, with FinishReason "tool_calls" and no error, when the
// server (vLLM, a DeepSeek V4 serve) reports a max_tokens cut as
// finish_reason "tool_calls". Nothing in the message tells the caller that
// the call is cut.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/schema"
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
	ctx := context.Background()
	cm, err := openai.NewChatModel(ctx, &openai.ChatModelConfig{APIKey: "test", Model: "m", BaseURL: srv.URL})
	if err != nil {
		panic(err)
	}
	sr, err := cm.Stream(ctx, []*schema.Message{schema.UserMessage("write the log")})
	if err != nil {
		panic(err)
	}
	defer sr.Close()
	var chunks []*schema.Message
	for {
		m, err := sr.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println("Recv returned an error:", err)
			return // the cut call is not handed over as a call: fixed
		}
		chunks = append(chunks, m)
	}
	msg, err := schema.ConcatMessages(chunks)
	if err != nil {
		fmt.Println("ConcatMessages returned an error:", err)
		return
	}
	cut := false
	for _, tc := range msg.ToolCalls {
		valid := json.Valid([]byte(tc.Function.Arguments))
		fmt.Printf("FinishReason %q, ToolCall %s %s(%s), arguments are JSON: %v\n",
			msg.ResponseMeta.FinishReason, tc.ID, tc.Function.Name, tc.Function.Arguments, valid)
		cut = cut || !valid
	}
	if cut {
		os.Exit(1)
	}
}
