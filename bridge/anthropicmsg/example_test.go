package anthropicmsg_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/anthropicmsg"
)

// recorded is a Messages stream with thinking, text and a tool call, as the
// API sends it.
const recorded = `event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"The user wants the weather."}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"RXFzaWc="}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: ping
data: {"type":"ping"}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Par"}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"is\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":30}}

event: message_stop
data: {"type":"message_stop"}

`

// overloaded is recorded cut inside the call by an overloaded error, as
// Anthropic documents it.
const overloaded = `event: message_start
data: {"type":"message_start","message":{"id":"msg_2","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_2","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Par"}}

event: error
data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}

`

// serve starts a server that answers every request with the SSE stream
// body, and returns a client pointed at it.
func serve(body string) (anthropic.Client, func()) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, body)
	}))
	client := anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	return client, srv.Close
}

var params = anthropic.MessageNewParams{
	Model:     anthropic.ModelClaudeSonnet4_6,
	MaxTokens: 1024,
	Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Weather in Paris?"))},
}

// A Tee sees the raw bytes the SDK reads: read the stream as usual, then
// ask the tee for the outcome and send the message back, thinking and
// signature included, in the next request.
func ExampleTee() {
	client, stop := serve(recorded)
	defer stop()

	tee := anthropicmsg.NewTee(toolspec.Limits{})
	stream := client.Messages.NewStreaming(context.Background(), params, tee.Option())
	for stream.Next() {
		_ = stream.Current() // the SDK's events, as usual
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
	msg, err := anthropicmsg.AssistantMessage(out, anthropicmsg.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := json.Marshal(msg)
	fmt.Println(string(b))
	// Output:
	// complete toolu_1 get_weather {"city": "Paris"}
	// {"content":[{"signature":"RXFzaWc=","thinking":"The user wants the weather.","type":"thinking"},{"id":"toolu_1","input":{"city":"Paris"},"name":"get_weather","type":"tool_use"}],"role":"assistant"}
}

// The SDK turns event: error into stream.Err(); through the tee the
// outcome still ends with the provider's error, its payload whole, and the
// call it cut is incomplete, so AssistantMessage refuses it.
func ExampleTee_providerError() {
	client, stop := serve(overloaded)
	defer stop()

	tee := anthropicmsg.NewTee(toolspec.Limits{})
	stream := client.Messages.NewStreaming(context.Background(), params, tee.Option())
	for stream.Next() {
	}
	var apiErr *anthropic.Error
	fmt.Println("SDK:", errors.As(stream.Err(), &apiErr), apiErr.Type())
	out, _ := tee.Outcome()
	v := out.Violations[0]
	fmt.Println(v.Rule, v.Message)
	fmt.Println(v.Payload)
	_, err := anthropicmsg.AssistantMessage(out, anthropicmsg.Options{})
	fmt.Println(errors.Is(err, toolspec.ErrIncomplete))
	// Output:
	// SDK: true overloaded_error
	// END-5 provider error: overloaded_error: Overloaded
	// {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}
	// true
}

// Drain reads the SDK's stream into an assembler; the error event the SDK
// intercepted is pushed back, so that the outcome ends with it.
func ExampleDrain() {
	client, stop := serve(overloaded)
	defer stop()

	stream := client.Messages.NewStreaming(context.Background(), params)
	out, err := anthropicmsg.Drain(stream, toolspec.New(toolspec.FormatAnthropic, toolspec.Limits{}))
	fmt.Println("Drain:", err)
	fmt.Println(out.Err())
	// Output:
	// Drain: <nil>
	// toolspec: END-5: provider error: overloaded_error: Overloaded; 1 call incomplete: #0 "get_weather"
}

// withSearch is a message with a server tool call and its result, which
// the outcome holds the place of, not the content.
const withSearch = `{"type":"message_start","message":{"id":"msg_3","type":"message","role":"assistant","content":[],"stop_reason":null}}
{"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"query":"weather Paris"}}}
{"type":"content_block_stop","index":0}
{"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}}
{"type":"content_block_stop","index":1}
{"type":"content_block_start","index":2,"content_block":{"type":"text","text":"It is sunny."}}
{"type":"content_block_stop","index":2}
{"type":"message_delta","delta":{"stop_reason":"end_turn"}}
{"type":"message_stop"}
`

// AssistantMessage refuses blocks the outcome does not hold whole, unless
// told to leave them out.
func ExampleAssistantMessage() {
	out := toolspec.Reassemble(toolspec.FormatAnthropic, []byte(withSearch), toolspec.Limits{})
	_, err := anthropicmsg.AssistantMessage(out, anthropicmsg.Options{})
	fmt.Println(errors.Is(err, anthropicmsg.ErrNotCarried))
	msg, _ := anthropicmsg.AssistantMessage(out, anthropicmsg.Options{OmitNotCarried: true})
	b, _ := json.Marshal(msg)
	fmt.Println(string(b))
	// Output:
	// true
	// {"content":[{"text":"It is sunny.","type":"text"}],"role":"assistant"}
}
