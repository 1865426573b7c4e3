package toolspec_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/toolspec/toolspec"
)

// body stands for an HTTP response body: an OpenAI chat stream with two
// calls that both arrive at index 0, as some servers send them.
func body() io.Reader {
	return strings.NewReader(`data: {"id":"c1","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":"}}]}}]}

data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"go\"}"}}]}}]}

data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"search","arguments":"{\"q\":\"rust\"}"}}]}}]}

data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`)
}

// Read a stream and act on each call as it finishes.
func Example() {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	for ev, err := range a.Events(context.Background(), body()) {
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		if ev.Kind == toolspec.EventCallEnd {
			fmt.Println(ev.Call.ID, ev.Call.Name, ev.Call.Args, ev.Call.Status)
		}
	}
	out := a.Close()
	fmt.Println(len(out.Calls), "calls, stop:", out.StopReason())
	// Output:
	// call_1 search {"q":"go"} complete
	// call_2 search {"q":"rust"} complete
	// 2 calls, stop: tool_use
}

// Feed an assembler with io.Copy (or ReadFrom), then check the outcome.
func ExampleNew() {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	if _, err := io.Copy(a, body()); err != nil {
		fmt.Println("read:", err) // a *Violation when the stream broke a terminal rule
	}
	out := a.Close()
	if err := out.Err(); err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range out.Calls {
		fmt.Printf("#%d %s %s\n", c.Ordinal, c.Name, c.Args)
	}
	// Output:
	// #0 search {"q":"go"}
	// #1 search {"q":"rust"}
}

// The events of a call: its start (with its id and name), its argument
// bytes, and its end with the final call.
func ExampleAssembler_OnEvent() {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	a.OnEvent(func(ev toolspec.Event) {
		switch ev.Kind {
		case toolspec.EventCallStart:
			fmt.Printf("start #%d %s %s\n", ev.Call.Ordinal, ev.Call.ID, ev.Call.Name)
		case toolspec.EventCallArgs:
			fmt.Printf("args  #%d %s\n", ev.Call.Ordinal, ev.Text)
		case toolspec.EventCallEnd:
			fmt.Printf("end   #%d %s %s\n", ev.Call.Ordinal, ev.Call.Status, ev.Call.Args)
		case toolspec.EventStop:
			fmt.Println("stop", ev.Stop.Reason)
		}
	})
	_, _ = a.ReadFrom(body())
	a.Close()
	// Output:
	// start #0 call_1 search
	// args  #0 {"q":
	// args  #0 "go"}
	// start #1 call_2 search
	// args  #1 {"q":"rust"}
	// end   #0 complete {"q":"go"}
	// end   #1 complete {"q":"rust"}
	// stop tool_use
}

// A stream cut in the middle of a call is an error, never a finish: the
// call is incomplete and the last event says why.
func ExampleEvents_truncated() {
	cut := strings.NewReader(`data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":\"go"}}]}}]}

`)
	for ev, err := range toolspec.Events(context.Background(), toolspec.FormatOpenAIChat, cut) {
		if err != nil {
			fmt.Println(errors.Is(err, toolspec.ErrTruncated), errors.Is(err, toolspec.ErrIncomplete))
			fmt.Println(err)
			break
		}
		if ev.Kind == toolspec.EventCallEnd {
			fmt.Println(ev.Call.Name, ev.Call.Status, ev.Call.Args)
		}
	}
	// Output:
	// search incomplete {"q":"go
	// true true
	// toolspec: the stream ended without its terminal signal; 1 call incomplete: #0 "search"
}

// Outcome.Err tells every non-success apart: here invalid arguments.
func ExampleOutcome_Err() {
	stream := `{"model":"m","message":{"role":"assistant","tool_calls":[{"function":{"name":"search","arguments":"q=go"}}]},"done":false}
{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
`
	out := toolspec.Reassemble(toolspec.FormatOllama, []byte(stream), toolspec.Limits{})
	err := out.Err()
	var v *toolspec.Violation
	if errors.Is(err, toolspec.ErrInvalid) && errors.As(err, &v) {
		fmt.Println(v.Rule, "call", v.Call)
	}
	fmt.Println(out.Calls[0].Status, out.Calls[0].Args)
	// Output:
	// END-2 call 0
	// invalid q=go
}

// Detect tells the format from the first bytes; peek at them with a
// bufio.Reader and hand the same reader on.
func ExampleDetect() {
	br := bufio.NewReaderSize(body(), toolspec.DetectBytes)
	head, _ := br.Peek(toolspec.DetectBytes) // io.EOF: the whole stream is shorter
	f, err := toolspec.Detect(head)
	if err != nil {
		fmt.Println(err)
		return
	}
	out := toolspec.New(f, toolspec.Limits{})
	_, _ = out.ReadFrom(br)
	fmt.Println(f, len(out.Close().Calls))

	_, err = toolspec.Detect([]byte("<html><body>502 Bad Gateway</body></html>"))
	fmt.Println(err)
	// Output:
	// openai-chat 2
	// toolspec: cannot tell the format of the stream: no payload of any format in its start, "<html><body>502 Bad Gateway</body></html"
}

// ParseFormat checks a format's name from a flag or a config file.
func ExampleParseFormat() {
	f, err := toolspec.ParseFormat("anthropic")
	fmt.Println(f, err)
	_, err = toolspec.ParseFormat("claude")
	fmt.Println(err)
	// Output:
	// anthropic <nil>
	// toolspec: unknown format "claude" (the formats are openai-chat, openai-responses, anthropic, ollama, gemini, bedrock)
}

// An SDK that decodes the stream hands out payloads: push each with its
// SSE event name.
func ExampleAssembler_PushPayload() {
	a := toolspec.New(toolspec.FormatAnthropic, toolspec.Limits{})
	events := []struct{ name, json string }{
		{"message_start", `{"type":"message_start","message":{"id":"msg_1","role":"assistant","content":[]}}`},
		{"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"search","input":{}}}`},
		{"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"q\":\"go\"}"}}`},
		{"content_block_stop", `{"type":"content_block_stop","index":0}`},
		{"message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`},
		{"message_stop", `{"type":"message_stop"}`},
	}
	for _, e := range events {
		if err := a.PushPayload(e.name, []byte(e.json)); err != nil {
			fmt.Println(err)
			return
		}
	}
	out := a.Close()
	fmt.Println(out.Calls[0].ID, out.Calls[0].Name, out.Calls[0].Args, out.Err())
	// Output:
	// toolu_1 search {"q":"go"} <nil>
}

// Limits bound what a stream may make the assembler hold; NoParallel is
// for requests sent with parallel tool calls disabled.
func ExampleLimits() {
	lim := toolspec.Limits{MaxArgBytes: 64 << 10, NoParallel: true}
	out := toolspec.Reassemble(toolspec.FormatOpenAIChat, mustRead(body()), lim)
	v := out.Violations[len(out.Violations)-1]
	fmt.Println(v.Rule, v.Class, "call", v.Call)
	fmt.Println(errors.Is(out.Err(), toolspec.ErrViolation))
	// Output:
	// BUD-7 terminal call 1
	// true
}

func mustRead(r io.Reader) []byte {
	b, err := io.ReadAll(r)
	if err != nil {
		panic(err)
	}
	return b
}

// A rule ID names what broke; LookupRule gives its summary.
func ExampleLookupRule() {
	r, _ := toolspec.LookupRule(toolspec.BudParallel)
	fmt.Println(r.ID, r.Summary)
	// Output:
	// BUD-7 with parallel calls disabled, a second distinct call is a terminal violation
}
