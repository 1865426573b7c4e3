// langchaingo's OpenAI client, asked for two choices (llms.WithN(2)) and
// streaming, reads the first entry of every chunk's "choices" array as
// choice 0, whatever its "index": the choices' tool calls are mixed into one
// ContentChoice and the arguments of choice 1's call are lost.
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

const stream = `data: {"choices":[{"index":1,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_c1a","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_c0a","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":\"Rome\"}"}}]}},{"index":1,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":\"Oslo\"}"}}]}}]}

data: {"choices":[{"index":1,"delta":{},"finish_reason":"tool_calls"}]}

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
		[]llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "weather?")},
		llms.WithN(2),
		llms.WithStreamingFunc(func(context.Context, []byte) error { return nil }))
	if err != nil {
		panic(err)
	}
	want := []string{`call_c0a get_weather {"city":"Rome"}`, `call_c1a get_weather {"city":"Oslo"}`}
	fmt.Printf("%d choice(s), want 2\n", len(resp.Choices))
	ok := len(resp.Choices) == 2
	for i, c := range resp.Choices {
		ok = ok && len(c.ToolCalls) == 1
		for _, tc := range c.ToolCalls {
			got := tc.ID + " " + tc.FunctionCall.Name + " " + tc.FunctionCall.Arguments
			fmt.Printf("choice %d: %s\n", i, got)
			ok = ok && got == want[i]
		}
	}
	if !ok {
		fmt.Printf("want choice 0: %s\nwant choice 1: %s\n", want[0], want[1])
		os.Exit(1)
	}
}
