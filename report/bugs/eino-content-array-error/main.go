// eino-ext's OpenAI ChatModel fails the stream with "json: cannot unmarshal
// array into Go struct field .content of type string" when a Mistral
// reasoning model streams delta.content as an array of thinking and text
// parts: the thinking, the text and the tool call that follow are lost.
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
	ctx := context.Background()
	cm, err := openai.NewChatModel(ctx, &openai.ChatModelConfig{APIKey: "test", Model: "magistral-medium-2509", BaseURL: srv.URL})
	if err != nil {
		panic(err)
	}
	sr, err := cm.Stream(ctx, []*schema.Message{schema.UserMessage("weather in Paris?")})
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
			fmt.Println("Recv:", err)
			os.Exit(1)
		}
		chunks = append(chunks, m)
	}
	msg, err := schema.ConcatMessages(chunks)
	if err != nil {
		fmt.Println("ConcatMessages:", err)
		os.Exit(1)
	}
	fmt.Printf("Content %q, ToolCalls %d\n", msg.Content, len(msg.ToolCalls))
	if msg.Content != "Let me check the weather." || len(msg.ToolCalls) != 1 {
		os.Exit(1)
	}
}
