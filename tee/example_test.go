package tee_test

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/tee"
)

// firstCall is the start of an Anthropic Messages stream: a call to
// get_weather, whole, and the start of a call to get_time.
const firstCall = `event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Paris\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_2","name":"get_time","input":{}}}

`

// secondCall is the rest of the stream.
const secondCall = `event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"tz\": \"Europe/Paris\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":48}}

event: message_stop
data: {"type":"message_stop"}

`

// A plain http.Client reads a streaming response through a tee, whose
// event function starts each tool as soon as its call ends. The server
// sends the second call only once the first tool has started: the tee
// reported the first call while the client was still reading.
func Example() {
	started := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, firstCall)
		w.(http.Flusher).Flush()
		select {
		case <-started:
			_, _ = io.WriteString(w, secondCall)
		case <-time.After(10 * time.Second):
			_, _ = io.WriteString(w, "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"timeout\",\"message\":\"no tool started\"}}\n\n")
		}
	}))
	defer srv.Close()

	t := tee.New(toolspec.FormatAnthropic, toolspec.Limits{})
	t.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd && ev.Call.Status == toolspec.StatusComplete {
			// An agent would start the tool here, in a goroutine of its own.
			fmt.Printf("start %s(%s)\n", ev.Call.Name, ev.Call.Args)
			if ev.Call.Ordinal == 0 {
				close(started)
			}
		}
	})
	client := &http.Client{Transport: t.RoundTripper(nil)}
	resp, err := client.Post(srv.URL, "application/json", strings.NewReader(`{"stream":true}`))
	if err != nil {
		panic(err)
	}
	// The client reads the stream its own way (here: it counts the events).
	events := 0
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "event: ") {
			events++
		}
	}
	_ = resp.Body.Close()
	fmt.Println("the client read", events, "events")

	out, err := t.Outcome() // the outcome of the bytes the client read
	if err != nil {
		panic(err)
	}
	fmt.Println("stop:", out.StopReason(), "error:", out.Err())
	// Output:
	// start get_weather({"city": "Paris"})
	// start get_time({"tz": "Europe/Paris"})
	// the client read 9 events
	// stop: tool_use error: <nil>
}
