package openaichat_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/openaichat"
)

// recorded is a Chat Completions stream with one call, as the API sends
// it.
const recorded = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-5.4","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","object":"chat.completion.chunk","model":"gpt-5.4","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

// failing is a stream that a provider error ends inside a call, as Groq
// sends it: the SDK turns the event into stream.Err().
const failing = `data: {"id":"chatcmpl-2","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"get_weather","arguments":"{\"city\":"}}]},"finish_reason":null}]}

event: error
data: {"error":{"message":"Tool call validation failed","type":"invalid_request_error","code":"tool_use_failed"}}

`

// serve starts a server that answers every request with the SSE stream
// body, and returns a client pointed at it.
func serve(body string) (openai.Client, func()) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, body)
	}))
	client := openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	return client, srv.Close
}

var params = openai.ChatCompletionNewParams{
	Model:    openai.ChatModelGPT5_4,
	Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather in Paris?")},
}

// A Tee sees the raw bytes the SDK reads: read the stream as usual, then
// ask the tee for the outcome and send the calls back in the next request.
func ExampleTee() {
	client, stop := serve(recorded)
	defer stop()

	tee := openaichat.NewTee(toolspec.Limits{})
	stream := client.Chat.Completions.NewStreaming(context.Background(), params, tee.Option())
	for stream.Next() {
		_ = stream.Current() // the SDK's chunks, as usual
	}
	out, err := tee.Outcome()
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := out.Err(); err != nil {
		fmt.Println("not whole:", err)
		return
	}
	for _, c := range out.Calls {
		fmt.Println(c.Status, c.ID, c.Name, c.Args)
	}
	msg, err := openaichat.AssistantMessage(out, openaichat.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	next := append(params.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &msg},
		openai.ToolMessage(`{"temp_c":18}`, "call_1"))
	fmt.Println(len(next), "messages for the next request")
	// Output:
	// complete call_1 get_weather {"city":"Paris"}
	// 3 messages for the next request
}

// The tee's event function hears of each call as soon as the SDK has read
// the bytes that end it, so that the tool can start while the SDK reads
// on.
func ExampleTee_OnEvent() {
	client, stop := serve(recorded)
	defer stop()

	tee := openaichat.NewTee(toolspec.Limits{})
	tee.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd && ev.Call.Status == toolspec.StatusComplete {
			// An agent would start the tool here, in a goroutine of its own.
			fmt.Println("start", ev.Call.Name, ev.Call.Args)
		}
	})
	stream := client.Chat.Completions.NewStreaming(context.Background(), params, tee.Option())
	chunks := 0
	for stream.Next() {
		chunks++
	}
	fmt.Println(chunks, "chunks read by the SDK")
	// Output:
	// start get_weather {"city":"Paris"}
	// 4 chunks read by the SDK
}

// The SDK turns an in-stream error event into stream.Err(); through the
// tee the outcome still ends with the provider's error, its payload whole,
// and the call it cut is incomplete.
func ExampleTee_providerError() {
	client, stop := serve(failing)
	defer stop()

	tee := openaichat.NewTee(toolspec.Limits{})
	stream := client.Chat.Completions.NewStreaming(context.Background(), params, tee.Option())
	for stream.Next() {
	}
	fmt.Println("SDK:", stream.Err())
	out, _ := tee.Outcome()
	fmt.Println("incomplete:", errors.Is(out.Err(), toolspec.ErrIncomplete))
	v := out.Violations[0]
	fmt.Println(v.Rule, v.Message)
	fmt.Println(v.Payload)
	// Output:
	// SDK: received error while streaming: {"message":"Tool call validation failed","type":"invalid_request_error","code":"tool_use_failed"}
	// incomplete: true
	// END-5 provider error: invalid_request_error: Tool call validation failed
	// {"error":{"message":"Tool call validation failed","type":"invalid_request_error","code":"tool_use_failed"}}
}

// Drain reads the SDK's stream into an assembler; an error event the SDK
// intercepted is pushed back, so that the outcome ends with it.
func ExampleDrain() {
	client, stop := serve(failing)
	defer stop()

	stream := client.Chat.Completions.NewStreaming(context.Background(), params)
	out, err := openaichat.Drain(stream, toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{}))
	fmt.Println("Drain:", err)
	fmt.Println(out.Err())
	// Output:
	// Drain: <nil>
	// toolspec: END-5: provider error: invalid_request_error: Tool call validation failed; 1 call incomplete: #0 "get_weather"
}

// AssistantMessage refuses an outcome that is not whole, unless asked.
func ExampleAssistantMessage() {
	out := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(recorded), toolspec.Limits{})
	msg, _ := openaichat.AssistantMessage(out, openaichat.Options{})
	b, _ := json.Marshal(msg)
	fmt.Println(string(b))

	cut := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(failing), toolspec.Limits{})
	_, err := openaichat.AssistantMessage(cut, openaichat.Options{})
	fmt.Println(errors.Is(err, toolspec.ErrIncomplete))
	// Output:
	// {"tool_calls":[{"id":"call_1","function":{"arguments":"{\"city\":\"Paris\"}","name":"get_weather"},"type":"function"}],"role":"assistant"}
	// true
}

// Push and Finish serve a loop of one's own, here beside the SDK's
// accumulator.
func ExamplePush() {
	client, stop := serve(recorded)
	defer stop()

	stream := client.Chat.Completions.NewStreaming(context.Background(), params)
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		chunk := stream.Current()
		acc.AddChunk(chunk)
		if err := openaichat.Push(a, chunk); err != nil {
			fmt.Println(err)
			break
		}
	}
	out, err := openaichat.Finish(a, stream.Err())
	fmt.Println(err, out.Err())
	fmt.Println(out.Calls[0].Args == acc.Choices[0].Message.ToolCalls[0].Function.Arguments)
	// Output:
	// <nil> <nil>
	// true
}
