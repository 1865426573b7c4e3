// eino's schema.ConcatMessages keeps every tool call chunk without an index
// as a call of its own: a call whose header and argument fragments come
// without "index" (Gemini's and older Ollama's OpenAI layers) is split into
// one call per chunk, the named one with no arguments.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/schema"
)

const stream = `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"id":"call_a1b2","type":"function","function":{"name":"run_command","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":"{\"cmd\":\"ls"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":" -la\"}"}}]}}]}

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
	sr, err := cm.Stream(ctx, []*schema.Message{schema.UserMessage("list the files")})
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
			panic(err)
		}
		chunks = append(chunks, m)
	}
	msg, err := schema.ConcatMessages(chunks)
	if err != nil {
		panic(err)
	}
	for _, tc := range msg.ToolCalls {
		fmt.Printf("ToolCall id=%q name=%q arguments=%q\n", tc.ID, tc.Function.Name, tc.Function.Arguments)
	}
	fmt.Println(`want one ToolCall id="call_a1b2" name="run_command" arguments="{\"cmd\":\"ls -la\"}"`)
	if len(msg.ToolCalls) != 1 || msg.ToolCalls[0].Function.Arguments != `{"cmd":"ls -la"}` {
		os.Exit(1)
	}
}
