// langchaingo's OpenAI client assembles streamed tool calls by each entry's
// "type" and "arguments" instead of its "index": an entry that repeats
// "type" or carries no argument bytes opens a new call, and an entry without
// "type" is appended to the last call, whatever its index (or dropped when
// there is none yet). Each stream below, in the shape a provider sends it,
// holds calls that GenerateContent should return whole; it prints what it
// returns instead.
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

type call struct{ ID, Name, Arguments string }

var streams = []struct {
	source string
	sse    string
	want   []call
}{
	{"DashScope qwen3-max: continuations repeat type (and an empty id)", `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_eee117","type":"function","function":{"name":"weather","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"arguments":"{\"location\": \"Lima"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"arguments":"\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`, []call{{"call_eee117", "weather", `{"location": "Lima"}`}}},
	{"OpenRouter (Anthropic upstream): an entry with empty arguments", `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"toolu_bdrk_01","type":"function","function":{"name":"add","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\": 2, \"b\": 3}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`, []call{{"toolu_bdrk_01", "add", `{"a": 2, "b": 3}`}}},
	{"Mistral: no type at all", `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"id":"yBvJuId6u","function":{"name":"search","arguments":"{\"query\": \"Detroit\"}"},"index":0}]},"finish_reason":"tool_calls"}]}

data: [DONE]

`, []call{{"yBvJuId6u", "search", `{"query": "Detroit"}`}}},
	{"two parallel calls whose fragments interleave", `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"market_research","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"customer_signal","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"idea\": "}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"idea\": \"bikes\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"boats\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`, []call{{"call_a", "market_research", `{"idea": "boats"}`}, {"call_b", "customer_signal", `{"idea": "bikes"}`}}},
}

func main() {
	buggy := false
	for _, s := range streams {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, s.sse)
		}))
		llm, err := openai.New(openai.WithToken("test"), openai.WithModel("m"), openai.WithBaseURL(srv.URL))
		if err != nil {
			panic(err)
		}
		resp, err := llm.GenerateContent(context.Background(),
			[]llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "hi")},
			llms.WithStreamingFunc(func(context.Context, []byte) error { return nil }))
		srv.Close()
		if err != nil {
			panic(err)
		}
		var got []call
		for _, tc := range resp.Choices[0].ToolCalls {
			got = append(got, call{tc.ID, tc.FunctionCall.Name, tc.FunctionCall.Arguments})
		}
		fmt.Printf("%s\n  got:  %q\n  want: %q\n", s.source, got, s.want)
		if !slices.Equal(got, s.want) {
			buggy = true
		}
	}
	if buggy {
		os.Exit(1)
	}
}
