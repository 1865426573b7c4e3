package openairesp_test

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
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/openairesp"
)

// recorded is a Responses stream with one function call, as the API sends
// it.
const recorded = `event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_1","name":"get_weather"}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":2,"item_id":"fc_1","output_index":0,"delta":"{\"city\":"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":3,"item_id":"fc_1","output_index":0,"delta":"\"Paris\"}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":4,"item_id":"fc_1","output_index":0,"arguments":"{\"city\":\"Paris\"}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":5,"output_index":0,"item":{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"city\":\"Paris\"}","call_id":"call_1","name":"get_weather"}}

event: response.completed
data: {"type":"response.completed","sequence_number":6,"response":{"id":"resp_1","object":"response","status":"completed","output":[]}}

`

// failing is a stream that an error event ends, as OpenAI sends it: the
// SDK turns the event into stream.Err().
const failing = `event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_2","object":"response","status":"in_progress","output":[]}}

event: error
data: {"type":"error","sequence_number":1,"error":{"type":"tokens","code":"rate_limit_exceeded","message":"Rate limit reached","param":null}}

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

var params = responses.ResponseNewParams{
	Model: openai.ChatModelGPT5_4,
	Input: responses.ResponseNewParamsInputUnion{OfInputItemList: []responses.ResponseInputItemUnionParam{
		responses.ResponseInputItemParamOfMessage("Weather in Paris?", responses.EasyInputMessageRoleUser),
	}},
}

// A Tee sees the raw bytes the SDK reads: read the stream as usual, then
// ask the tee for the outcome and send the calls back with their results.
func ExampleTee() {
	client, stop := serve(recorded)
	defer stop()

	tee := openairesp.NewTee(toolspec.Limits{})
	stream := client.Responses.NewStreaming(context.Background(), params, tee.Option())
	for stream.Next() {
		_ = stream.Current() // the SDK's events, as usual
	}
	out, err := tee.Outcome()
	if err != nil {
		fmt.Println(err)
		return
	}
	items, err := openairesp.InputItems(out, openairesp.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range out.Calls {
		fmt.Println(c.Status, c.ID, c.Name, c.Args)
		items = append(items, openairesp.FunctionCallOutput(c.ID, `{"temp_c":18}`))
	}
	next := append(params.Input.OfInputItemList, items...)
	b, _ := json.Marshal(next[1:])
	fmt.Println(string(b))
	// Output:
	// complete call_1 get_weather {"city":"Paris"}
	// [{"arguments":"{\"city\":\"Paris\"}","call_id":"call_1","name":"get_weather","id":"fc_1","type":"function_call"},{"output":"{\"temp_c\":18}","call_id":"call_1","type":"function_call_output"}]
}

// The tee's event function hears of each call as soon as the SDK has read
// the bytes that end it.
func ExampleTee_OnEvent() {
	client, stop := serve(recorded)
	defer stop()

	tee := openairesp.NewTee(toolspec.Limits{})
	tee.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd && ev.Call.Status == toolspec.StatusComplete {
			fmt.Println("start", ev.Call.Name, ev.Call.Args)
		}
	})
	stream := client.Responses.NewStreaming(context.Background(), params, tee.Option())
	events := 0
	for stream.Next() {
		events++
	}
	fmt.Println(events, "events read by the SDK")
	// Output:
	// start get_weather {"city":"Paris"}
	// 7 events read by the SDK
}

// The SDK turns an error event into stream.Err(); through the tee the
// outcome ends with the provider's error, its payload whole.
func ExampleTee_providerError() {
	client, stop := serve(failing)
	defer stop()

	tee := openairesp.NewTee(toolspec.Limits{})
	stream := client.Responses.NewStreaming(context.Background(), params, tee.Option())
	for stream.Next() {
	}
	fmt.Println("SDK:", stream.Err() != nil)
	out, _ := tee.Outcome()
	fmt.Println(errors.Is(out.Err(), toolspec.ErrViolation))
	fmt.Println(out.Violations[0].Rule)
	// Output:
	// SDK: true
	// true
	// END-5
}

// Drain reads the SDK's stream into an assembler; an error event the SDK
// intercepted is pushed back, so that the outcome ends with it.
func ExampleDrain() {
	client, stop := serve(failing)
	defer stop()

	stream := client.Responses.NewStreaming(context.Background(), params)
	out, err := openairesp.Drain(stream, toolspec.New(toolspec.FormatOpenAIResponses, toolspec.Limits{}))
	fmt.Println("Drain:", err)
	fmt.Println(out.Violations[0].Rule, out.Violations[0].Payload)
	// Output:
	// Drain: <nil>
	// END-5 {"type":"error","sequence_number":1,"error":{"type":"tokens","code":"rate_limit_exceeded","message":"Rate limit reached","param":null}}
}

// Push and Finish serve a loop of one's own.
func ExamplePush() {
	client, stop := serve(recorded)
	defer stop()

	stream := client.Responses.NewStreaming(context.Background(), params)
	a := toolspec.New(toolspec.FormatOpenAIResponses, toolspec.Limits{})
	for stream.Next() {
		if err := openairesp.Push(a, stream.Current()); err != nil {
			fmt.Println(err)
			break
		}
	}
	out, err := openairesp.Finish(a, stream.Err())
	fmt.Println(err, out.Err(), out.Calls[0].ItemID)
	// Output:
	// <nil> <nil> fc_1
}

// InputItems refuses an outcome that is not whole.
func ExampleInputItems() {
	cut := toolspec.Reassemble(toolspec.FormatOpenAIResponses, []byte(recorded[:len(recorded)/2]), toolspec.Limits{})
	_, err := openairesp.InputItems(cut, openairesp.Options{})
	fmt.Println(errors.Is(err, toolspec.ErrTruncated))
	// Output:
	// true
}
