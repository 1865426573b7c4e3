// eino's schema.ConcatMessages fails with "cannot concat ToolCalls with
// different tool id" when a stream from eino-ext's OpenAI ChatModel carries a
// new tool call id at an index that already has a call: both when the new id
// is a new call (Ollama's OpenAI layer sends parallel calls all at index 0)
// and when it is the same call with a rotating id (LM Studio). The whole
// message is lost either way.
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

var streams = []struct{ source, sse, want string }{
	{"Ollama: two parallel calls, both at index 0", `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"write_file","arguments":"{\"path\":\"alpha.txt\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"list_dir","arguments":"{\"path\":\".\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`, `call_1 write_file {"path":"alpha.txt"}; call_2 list_dir {"path":"."}; `},
	{"LM Studio: one call, a new id on every chunk", `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"id1","type":"function","function":{"name":"search","arguments":"{\"query\":"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"id2","type":"function","function":{"arguments":"\"tide tables\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`, `id1 search {"query":"tide tables"}; `},
}

func run(sse string) (*schema.Message, error) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, sse)
	}))
	defer srv.Close()
	ctx := context.Background()
	cm, err := openai.NewChatModel(ctx, &openai.ChatModelConfig{APIKey: "test", Model: "m", BaseURL: srv.URL})
	if err != nil {
		return nil, err
	}
	sr, err := cm.Stream(ctx, []*schema.Message{schema.UserMessage("hi")})
	if err != nil {
		return nil, err
	}
	defer sr.Close()
	var chunks []*schema.Message
	for {
		m, err := sr.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		chunks = append(chunks, m)
	}
	return schema.ConcatMessages(chunks)
}

func main() {
	buggy := false
	for _, s := range streams {
		msg, err := run(s.sse)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			for _, tc := range msg.ToolCalls {
				got += tc.ID + " " + tc.Function.Name + " " + tc.Function.Arguments + "; "
			}
		}
		fmt.Printf("%s\n  got:  %s\n  want: %s\n", s.source, got, s.want)
		if got != s.want {
			buggy = true
		}
	}
	if buggy {
		os.Exit(1)
	}
}
