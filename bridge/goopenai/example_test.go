package goopenai_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/goopenai"
)

// recorded is a Chat Completions stream with one call, as the API sends
// it.
const recorded = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

// failing is a stream that a provider error ends inside a call, as Groq
// sends it.
const failing = `data: {"id":"chatcmpl-2","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"get_weather","arguments":"{\"city\":"}}]},"finish_reason":null}]}

event: error
data: {"error":{"message":"Tool call validation failed","type":"invalid_request_error","code":"tool_use_failed"}}

`

// serve starts a server that answers every request with the SSE stream
// body, and returns a client config pointed at it.
func serve(body string) (openai.ClientConfig, func()) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, body)
	}))
	cfg := openai.DefaultConfig("test")
	cfg.BaseURL = srv.URL + "/v1"
	return cfg, srv.Close
}

var req = openai.ChatCompletionRequest{
	Model:    openai.GPT4o,
	Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: "Weather in Paris?"}},
}

// A Tee is the client's HTTP client: read the stream as usual, then ask
// the tee for the outcome and send the calls back in the next request.
func ExampleTee() {
	cfg, stop := serve(recorded)
	defer stop()

	tee := goopenai.NewTee(toolspec.Limits{})
	cfg.HTTPClient = tee.Client(nil)
	stream, err := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(context.Background(), req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer stream.Close()
	for {
		if _, err := stream.Recv(); err != nil {
			break // io.EOF at the end
		}
	}
	out, err := tee.Outcome()
	if err != nil {
		fmt.Println(err)
		return
	}
	msg, err := goopenai.AssistantMessage(out, goopenai.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	next := append(req.Messages, msg)
	for _, c := range out.Calls {
		next = append(next, goopenai.ToolMessage(c.ID, `{"temp_c":18}`))
	}
	b, _ := json.Marshal(next[1:])
	fmt.Println(string(b))
	// Output:
	// [{"role":"assistant","tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]},{"role":"tool","content":"{\"temp_c\":18}","tool_call_id":"call_1"}]
}

// The tee's event function hears of each call as soon as the client has
// read the bytes that end it.
func ExampleTee_OnEvent() {
	cfg, stop := serve(recorded)
	defer stop()

	tee := goopenai.NewTee(toolspec.Limits{})
	tee.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd && ev.Call.Status == toolspec.StatusComplete {
			fmt.Println("start", ev.Call.Name, ev.Call.Args)
		}
	})
	cfg.HTTPClient = tee.Client(nil)
	stream, _ := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(context.Background(), req)
	defer stream.Close()
	for {
		if _, err := stream.Recv(); err != nil {
			break
		}
	}
	// Output:
	// start get_weather {"city":"Paris"}
}

// go-openai does not report Groq's error event as the provider's error;
// through the tee the outcome ends with it, its payload whole.
func ExampleTee_providerError() {
	cfg, stop := serve(failing)
	defer stop()

	tee := goopenai.NewTee(toolspec.Limits{})
	cfg.HTTPClient = tee.Client(nil)
	stream, _ := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(context.Background(), req)
	defer stream.Close()
	var err error
	for err == nil {
		_, err = stream.Recv()
	}
	fmt.Println("client:", err)
	out, _ := tee.Outcome()
	fmt.Println(errors.Is(out.Err(), toolspec.ErrIncomplete))
	fmt.Println(out.Violations[0].Rule, out.Violations[0].Message)
	// Output:
	// client: unexpected end of JSON input
	// true
	// END-5 provider error: invalid_request_error: Tool call validation failed
}

// Drain reads a stream already made with RecvRaw.
func ExampleDrain() {
	cfg, stop := serve(recorded)
	defer stop()

	stream, _ := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(context.Background(), req)
	out, err := goopenai.Drain(stream, toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{}))
	fmt.Println(err, out.Err(), out.Calls[0].Args)
	// Output:
	// <nil> <nil> {"city":"Paris"}
}

// AssistantMessage refuses an outcome that is not whole, unless asked.
func ExampleAssistantMessage() {
	cut := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(failing), toolspec.Limits{})
	_, err := goopenai.AssistantMessage(cut, goopenai.Options{})
	fmt.Println(errors.Is(err, toolspec.ErrViolation))
	// Output:
	// true
}
