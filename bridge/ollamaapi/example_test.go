package ollamaapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/ollama/ollama/api"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/ollamaapi"
)

// recorded is an /api/chat stream with two calls, as a local Ollama sends
// it.
const recorded = `{"model":"qwen3","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"","thinking":"Two lookups."},"done":false}
{"model":"qwen3","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_ab12cd34","function":{"index":0,"name":"get_weather","arguments":{"city":"Paris"}}}]},"done":false}
{"model":"qwen3","created_at":"2026-01-01T00:00:02Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_ef56gh78","function":{"index":1,"name":"get_weather","arguments":{"city":"Rome"}}}]},"done":false}
{"model":"qwen3","created_at":"2026-01-01T00:00:03Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true}
`

// serve starts a server that answers every request with the NDJSON body,
// and returns its URL.
func serve(body string) (*url.URL, func()) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-ndjson")
		_, _ = io.WriteString(w, body)
	}))
	u, _ := url.Parse(srv.URL)
	return u, srv.Close
}

var chat = &api.ChatRequest{Model: "qwen3", Messages: []api.Message{{Role: "user", Content: "Weather in Paris and Rome?"}}}

// A Tee is the client's http.Client: chat as usual, then ask the tee for
// the outcome and send the calls back in the next request.
func ExampleTee() {
	base, stop := serve(recorded)
	defer stop()

	tee := ollamaapi.NewTee(toolspec.Limits{})
	client := api.NewClient(base, tee.Client(nil))
	err := client.Chat(context.Background(), chat, func(r api.ChatResponse) error {
		return nil // the client's responses, as usual
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := tee.Outcome()
	if err != nil {
		fmt.Println(err)
		return
	}
	msg, err := ollamaapi.AssistantMessage(out, ollamaapi.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	next := append(chat.Messages, msg)
	for _, c := range out.Calls {
		next = append(next, ollamaapi.ToolMessage(c, `{"temp_c":18}`))
	}
	for _, m := range next[1:] {
		b, _ := json.Marshal(m)
		fmt.Println(string(b))
	}
	// Output:
	// {"role":"assistant","content":"","thinking":"Two lookups.","tool_calls":[{"id":"call_ab12cd34","function":{"index":0,"name":"get_weather","arguments":{"city":"Paris"}}},{"id":"call_ef56gh78","function":{"index":1,"name":"get_weather","arguments":{"city":"Rome"}}}]}
	// {"role":"tool","content":"{\"temp_c\":18}","tool_name":"get_weather","tool_call_id":"call_ab12cd34"}
	// {"role":"tool","content":"{\"temp_c\":18}","tool_name":"get_weather","tool_call_id":"call_ef56gh78"}
}

// The tee's event function hears of each call as soon as the client has
// read its line.
func ExampleTee_OnEvent() {
	base, stop := serve(recorded)
	defer stop()

	tee := ollamaapi.NewTee(toolspec.Limits{})
	tee.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd && ev.Call.Status == toolspec.StatusComplete {
			fmt.Println("start", ev.Call.Name, ev.Call.Args)
		}
	})
	_ = api.NewClient(base, tee.Client(nil)).Chat(context.Background(), chat, func(api.ChatResponse) error { return nil })
	// Output:
	// start get_weather {"city":"Paris"}
	// start get_weather {"city":"Rome"}
}

// A stream cut after a line, before its done line: Chat reports nothing,
// but the outcome is truncated, and AssistantMessage refuses it.
func ExampleTee_truncated() {
	base, stop := serve(recorded[:strings.LastIndex(recorded, `{"model"`)])
	defer stop()

	tee := ollamaapi.NewTee(toolspec.Limits{})
	err := api.NewClient(base, tee.Client(nil)).Chat(context.Background(), chat, func(api.ChatResponse) error { return nil })
	fmt.Println("Chat:", err)
	out, _ := tee.Outcome()
	_, err = ollamaapi.AssistantMessage(out, ollamaapi.Options{})
	fmt.Println(errors.Is(err, toolspec.ErrTruncated))
	// Output:
	// Chat: <nil>
	// true
}

// Collect pushes the client's responses into an assembler.
func ExampleCollect() {
	base, stop := serve(recorded)
	defer stop()

	a := toolspec.New(toolspec.FormatOllama, toolspec.Limits{})
	err := api.NewClient(base, http.DefaultClient).Chat(context.Background(), chat, ollamaapi.Collect(a, nil))
	out, err := ollamaapi.Finish(a, err)
	fmt.Println(err, out.Err(), len(out.Calls))
	// Output:
	// <nil> <nil> 2
}
