// langchaingo's OpenAI client skips, without a word, every stream chunk that
// does not decode into its types, and GenerateContent then succeeds with
// what is left: a tool call whose arguments are a JSON object is lost, and
// so is the text of a Mistral chunk whose content is an array of parts.
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

// A server that sends function.arguments as a JSON object (llama.cpp's
// server, TGI) rather than as a string.
const objectArguments = `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_o1","type":"function","function":{"name":"get_weather","arguments":{"city":"Paris"}}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

// Mistral's magistral models: delta.content is an array of typed parts.
const contentParts = `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":[{"type":"text","text":"Let me check"}]}}]}

data: {"choices":[{"index":0,"delta":{"content":" the weather."}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

data: [DONE]

`

func generate(sse string) (*llms.ContentResponse, error) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, sse)
	}))
	defer srv.Close()
	llm, err := openai.New(openai.WithToken("test"), openai.WithModel("m"), openai.WithBaseURL(srv.URL))
	if err != nil {
		return nil, err
	}
	return llm.GenerateContent(context.Background(),
		[]llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "hi")},
		llms.WithStreamingFunc(func(context.Context, []byte) error { return nil }))
}

func main() {
	buggy := false

	resp, err := generate(objectArguments)
	if err != nil {
		fmt.Println("object arguments: error:", err)
	} else {
		c := resp.Choices[0]
		fmt.Printf("object arguments: err <nil>, StopReason %q, %d tool call(s)\n", c.StopReason, len(c.ToolCalls))
		if len(c.ToolCalls) != 1 {
			buggy = true // the call is gone and nothing says so
		}
	}

	resp, err = generate(contentParts)
	if err != nil {
		fmt.Println("content parts: error:", err)
	} else {
		c := resp.Choices[0]
		fmt.Printf("content parts: err <nil>, StopReason %q, Content %q\n", c.StopReason, c.Content)
		if c.Content != "Let me check the weather." {
			buggy = true // the first part's text is gone and nothing says so
		}
	}

	if buggy {
		os.Exit(1)
	}
}
