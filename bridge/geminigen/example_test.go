package geminigen_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/geminigen"
	"google.golang.org/genai"
)

// recorded is a streamGenerateContent response with a thought, and a call
// whose thought signature Gemini 3 wants back, as the API sends it.
const recorded = `data: {"candidates": [{"content": {"parts": [{"text": "The user wants the weather.","thought": true}],"role": "model"},"index": 0}],"modelVersion": "gemini-3-pro-preview"}

data: {"candidates": [{"content": {"parts": [{"functionCall": {"id": "c1","name": "get_weather","args": {"city": "Paris","days": 2}},"thoughtSignature": "RXFzaWc="}],"role": "model"},"index": 0}]}

data: {"candidates": [{"content": {"parts": [{"text": ""}],"role": "model"},"finishReason": "STOP","index": 0}]}

`

// overloaded is cut after the thought by an error payload.
const overloaded = `data: {"candidates": [{"content": {"parts": [{"text": "The user wants the weather.","thought": true}],"role": "model"},"index": 0}]}

data: {"error": {"code": 503,"message": "The model is overloaded.","status": "UNAVAILABLE"}}

`

// serve starts a server that answers every request with the SSE body.
func serve(body string) (string, func()) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, body)
	}))
	return srv.URL, srv.Close
}

// newClient returns a Gemini API client of the server at url, whose
// requests hc sends.
func newClient(url string, hc *http.Client) *genai.Client {
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey:      "test",
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  hc,
		HTTPOptions: genai.HTTPOptions{BaseURL: url},
	})
	if err != nil {
		panic(err)
	}
	return c
}

// A Tee sees the raw bytes genai reads: range over the stream as usual,
// then ask the tee for the outcome, and send the model's content back,
// thought signature included, with the function's response.
func ExampleTee() {
	url, stop := serve(recorded)
	defer stop()

	tee := geminigen.NewTee(toolspec.Limits{})
	client := newClient(url, tee.HTTPClient(nil))
	ctx := context.Background()
	contents := genai.Text("Weather in Paris?")
	for _, err := range client.Models.GenerateContentStream(ctx, "gemini-3-pro-preview", contents, nil) {
		if err != nil {
			fmt.Println(err)
			return
		}
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
	model, err := geminigen.ModelContent(out, geminigen.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var results []geminigen.Result
	for _, c := range out.Calls {
		fmt.Println(c.Status, c.ID, c.Name, c.Args)
		results = append(results, geminigen.Result{Call: c, Response: map[string]any{"output": "sunny"}})
	}
	contents = append(contents, model, geminigen.ResultContent(results...))
	b, _ := json.Marshal(contents[1:])
	fmt.Println(string(b))
	// Output:
	// complete c1 get_weather {"city":"Paris","days":2}
	// [{"parts":[{"text":"The user wants the weather.","thought":true},{"functionCall":{"id":"c1","args":{"city":"Paris","days":2},"name":"get_weather"},"thoughtSignature":"RXFzaWc="}],"role":"model"},{"parts":[{"functionResponse":{"id":"c1","name":"get_weather","response":{"output":"sunny"}}}],"role":"user"}]
}

// One client serves every request: its HTTPClient tees each response into
// the tee the request's context carries.
func ExampleTee_Context() {
	url, stop := serve(recorded)
	defer stop()

	client := newClient(url, geminigen.HTTPClient(nil))
	for turn := 0; turn < 2; turn++ {
		tee := geminigen.NewTee(toolspec.Limits{})
		ctx := tee.Context(context.Background())
		for range client.Models.GenerateContentStream(ctx, "gemini-3-pro-preview", genai.Text("Weather in Paris?"), nil) {
		}
		out, err := tee.Outcome()
		fmt.Println(turn, err, out.Calls[0].Name, tee.Responses())
	}
	// Output:
	// 0 <nil> get_weather 1
	// 1 <nil> get_weather 1
}

// genai yields an error payload as an APIError; through the tee the
// outcome ends with the provider's error, its payload whole.
func ExampleTee_providerError() {
	url, stop := serve(overloaded)
	defer stop()

	tee := geminigen.NewTee(toolspec.Limits{})
	client := newClient(url, tee.HTTPClient(nil))
	for _, err := range client.Models.GenerateContentStream(context.Background(), "gemini-2.5-flash", genai.Text("Weather?"), nil) {
		var apiErr genai.APIError
		if errors.As(err, &apiErr) {
			fmt.Println("genai:", apiErr.Code, apiErr.Status)
		}
	}
	out, _ := tee.Outcome()
	v := out.Violations[0]
	fmt.Println(v.Rule, v.Message)
	fmt.Println(v.Payload)
	// Output:
	// genai: 503 UNAVAILABLE
	// END-5 provider error: UNAVAILABLE: The model is overloaded.
	// {"error": {"code": 503,"message": "The model is overloaded.","status": "UNAVAILABLE"}}
}

// Drain ranges over genai's stream into an assembler; the error payload
// genai yielded is pushed back, so that the outcome ends with it.
func ExampleDrain() {
	url, stop := serve(overloaded)
	defer stop()

	client := newClient(url, nil)
	stream := client.Models.GenerateContentStream(context.Background(), "gemini-2.5-flash", genai.Text("Weather?"), nil)
	out, err := geminigen.Drain(stream, toolspec.New(toolspec.FormatGemini, toolspec.Limits{}))
	fmt.Println("Drain:", err)
	fmt.Println(out.Err())
	// Output:
	// Drain: <nil>
	// toolspec: END-5: provider error: UNAVAILABLE: The model is overloaded.
}

// ModelContent joins Vertex AI's streamed arguments into the call's
// arguments, where genai hands out each fragment as a part.
func ExampleModelContent() {
	const vertex = `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"getWeather","willContinue":true}}]}}]}
{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":"Bos","willContinue":true}],"willContinue":true}}]}}]}
{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":"ton"}],"willContinue":true}}]}}]}
{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}
`
	out := toolspec.Reassemble(toolspec.FormatGemini, []byte(vertex), toolspec.Limits{})
	model, err := geminigen.ModelContent(out, geminigen.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := json.Marshal(model)
	fmt.Println(string(b))
	// Output:
	// {"parts":[{"functionCall":{"args":{"location":"Boston"},"name":"getWeather"}}],"role":"model"}
}
