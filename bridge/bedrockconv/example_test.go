package bedrockconv_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/aws/smithy-go/auth/bearer"
	"github.com/aws/smithy-go/eventstream"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/bedrockconv"
)

// events are a ConverseStream response with text and a tool use, as
// (event type, payload) pairs.
var events = [][2]string{
	{"messageStart", `{"role":"assistant"}`},
	{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Let me check."}}`},
	{"contentBlockStop", `{"contentBlockIndex":0}`},
	{"contentBlockStart", `{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_1","name":"get_temperature"}}}`},
	{"contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":"}}}`},
	{"contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"\"Paris\"}"}}}`},
	{"contentBlockStop", `{"contentBlockIndex":1}`},
	{"messageStop", `{"stopReason":"tool_use"}`},
	{"metadata", `{"usage":{"inputTokens":10,"outputTokens":20,"totalTokens":30},"metrics":{"latencyMs":100}}`},
}

// eventStream encodes events as the binary AWS event-stream, an
// exception message last when exc is set.
func eventStream(events [][2]string, exc string) []byte {
	var b bytes.Buffer
	enc := eventstream.NewEncoder()
	for _, e := range events {
		var m eventstream.Message
		m.Headers.Set(":event-type", eventstream.StringValue(e[0]))
		m.Headers.Set(":content-type", eventstream.StringValue("application/json"))
		m.Headers.Set(":message-type", eventstream.StringValue("event"))
		m.Payload = []byte(e[1])
		_ = enc.Encode(&b, m)
	}
	if exc != "" {
		var m eventstream.Message
		m.Headers.Set(":exception-type", eventstream.StringValue("modelStreamErrorException"))
		m.Headers.Set(":content-type", eventstream.StringValue("application/json"))
		m.Headers.Set(":message-type", eventstream.StringValue("exception"))
		m.Payload = []byte(exc)
		_ = enc.Encode(&b, m)
	}
	return b.Bytes()
}

// serve starts a TLS server that answers every request with body, and
// returns a client of it (a Bedrock API key is sent as a bearer token,
// which the SDK sends over HTTPS only).
func serve(body []byte) (*bedrockruntime.Client, func()) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.amazon.eventstream")
		_, _ = w.Write(body)
	}))
	client := bedrockruntime.New(bedrockruntime.Options{
		Region:                  "us-east-1",
		BaseEndpoint:            aws.String(srv.URL),
		BearerAuthTokenProvider: bearer.StaticTokenProvider{Token: bearer.Token{Value: "test"}},
		HTTPClient:              srv.Client(),
		RetryMaxAttempts:        1,
	})
	return client, srv.Close
}

var input = &bedrockruntime.ConverseStreamInput{
	ModelId: aws.String("us.amazon.nova-micro-v1:0"),
	Messages: []types.Message{{Role: types.ConversationRoleUser,
		Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "Temperature in Paris?"}}}},
}

// A Tee sees the raw bytes the SDK reads: read the events as usual, then
// ask the tee for the outcome, and append the assistant message and the
// tool results for the next request.
func ExampleTee() {
	client, stop := serve(eventStream(events, ""))
	defer stop()

	tee := bedrockconv.NewTee(toolspec.Limits{})
	resp, err := client.ConverseStream(context.Background(), input, tee.Option())
	if err != nil {
		fmt.Println(err)
		return
	}
	stream := resp.GetStream()
	for range stream.Events() {
		// the SDK's events, as usual
	}
	if err := stream.Close(); err != nil {
		fmt.Println(err)
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
	msg, err := bedrockconv.AssistantMessage(out, bedrockconv.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var results []bedrockconv.Result
	for _, c := range out.Calls {
		fmt.Println(c.Status, c.ID, c.Name, c.Args)
		results = append(results, bedrockconv.Result{Call: c, Content: []types.ToolResultContentBlock{
			&types.ToolResultContentBlockMemberText{Value: "21°C"}}})
	}
	messages := append(input.Messages, msg, bedrockconv.ResultMessage(results...))
	use := messages[1].Content[1].(*types.ContentBlockMemberToolUse).Value
	js, _ := use.Input.MarshalSmithyDocument()
	fmt.Println(len(messages), messages[1].Role, *use.ToolUseId, string(js))
	// Output:
	// complete tooluse_1 get_temperature {"city":"Paris"}
	// 3 assistant tooluse_1 {"city":"Paris"}
}

// The SDK turns an exception message into stream.Err(); through the tee
// the outcome still ends with the provider's error, and the call it cut
// is incomplete.
func ExampleTee_exception() {
	client, stop := serve(eventStream(events[:5], `{"message":"The model failed."}`))
	defer stop()

	tee := bedrockconv.NewTee(toolspec.Limits{})
	resp, _ := client.ConverseStream(context.Background(), input, tee.Option())
	stream := resp.GetStream()
	for range stream.Events() {
	}
	var mse *types.ModelStreamErrorException
	fmt.Println("SDK:", errors.As(stream.Close(), &mse), mse.ErrorMessage())
	out, _ := tee.Outcome()
	fmt.Println(out.Err())
	// Output:
	// SDK: true The model failed.
	// toolspec: END-5: provider error: modelStreamErrorException: The model failed.; 1 call incomplete: #0 "get_temperature"
}

// Drain reads the SDK's events into an assembler; the exception the SDK
// reported is pushed back, so that the outcome ends with it.
func ExampleDrain() {
	client, stop := serve(eventStream(events[:5], `{"message":"The model failed."}`))
	defer stop()

	resp, _ := client.ConverseStream(context.Background(), input)
	out, err := bedrockconv.Drain(resp.GetStream(), toolspec.New(toolspec.FormatBedrock, toolspec.Limits{}))
	fmt.Println("Drain:", err)
	b, _ := json.Marshal(out.Violations[0].Payload)
	fmt.Println(out.Violations[0].Rule, string(b))
	// Output:
	// Drain: <nil>
	// END-5 "{\"message\":\"The model failed.\"}"
}
