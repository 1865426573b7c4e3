package toolspec_test

import (
	"bufio"
	"context"
	"encoding/json"
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

// Write takes the bytes in chunks of any size, as they arrive: here one
// byte at a time.
func ExampleAssembler_Write() {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	for _, b := range mustRead(body()) {
		if _, err := a.Write([]byte{b}); err != nil {
			fmt.Println(err)
			return
		}
	}
	out := a.Close()
	fmt.Println(len(out.Calls), out.Calls[1].Args, out.Err())
	// Output:
	// 2 {"q":"rust"} <nil>
}

// brokenBody returns data, then a read error, as a dropped connection does.
type brokenBody struct{ data []byte }

func (b *brokenBody) Read(p []byte) (int, error) {
	if len(b.data) == 0 {
		return 0, errors.New("connection reset by peer")
	}
	n := copy(p, b.data)
	b.data = b.data[n:]
	return n, nil
}

// ReadFrom returns a read error as it is; what was read is kept, and the
// stream ends, at Close, as truncated.
func ExampleAssembler_ReadFrom() {
	raw := mustRead(body())
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	_, err := a.ReadFrom(&brokenBody{raw[:len(raw)/2]})
	fmt.Println("read:", err)
	out := a.Close()
	fmt.Println(out.StopReason(), out.Calls[0].Status)
	fmt.Println(errors.Is(out.Err(), toolspec.ErrTruncated))
	// Output:
	// read: connection reset by peer
	// truncated incomplete
	// true
}

// Close returns the outcome; later calls return it again.
func ExampleAssembler_Close() {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	_, _ = a.ReadFrom(body())
	first := a.Close()
	again := a.Close()
	fmt.Println(first.String() == again.String(), first.Messages, len(first.Stops))
	// Output:
	// true 1 1
}

// Snapshot shows what the stream would be if it ended now: the calls so
// far, open ones as incomplete.
func ExampleAssembler_Snapshot() {
	raw := mustRead(body())
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	_, _ = a.Write(raw[:len(raw)/2])
	for _, c := range a.Snapshot().Calls {
		fmt.Println(c.Ordinal, c.Name, c.Status, c.Args)
	}
	_, _ = a.Write(raw[len(raw)/2:])
	fmt.Println(a.Close().Calls[0].Status)
	// Output:
	// 0 search incomplete {"q":
	// complete
}

// Err is the terminal violation that ended the stream: nothing after it
// is read.
func ExampleAssembler_Err() {
	a := toolspec.New(toolspec.FormatAnthropic, toolspec.Limits{})
	_, _ = a.Write([]byte("event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"))
	fmt.Println(a.Err())
	out := a.Close()
	fmt.Println(out.StopReason(), out.Violations[0].Payload)
	// Output:
	// toolspec: END-5: frame 1 (offset 0): provider error: overloaded_error: Overloaded
	// error {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}
}

// frames reads one SSE event per Read, as a slow server sends them.
type frames struct{ events []string }

func (f *frames) Read(p []byte) (int, error) {
	if len(f.events) == 0 {
		return 0, io.EOF
	}
	n := copy(p, f.events[0]+"\n\n")
	f.events = f.events[1:]
	return n, nil
}

// Cancelling the context ends the stream as truncated, not as an error of
// the stream's bytes: the call in progress ends incomplete.
func ExampleAssembler_Events() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	slow := &frames{strings.Split(strings.TrimSpace(string(mustRead(body()))), "\n\n")}
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	for ev, err := range a.Events(ctx, slow) {
		if err != nil {
			fmt.Println(errors.Is(err, context.Canceled), errors.Is(err, toolspec.ErrTruncated))
			break
		}
		switch ev.Kind {
		case toolspec.EventCallStart:
			fmt.Println("start", ev.Call.Name)
			cancel() // the user gave up: stop reading
		case toolspec.EventCallEnd:
			fmt.Println("end", ev.Call.Name, ev.Call.Status, ev.Call.Args)
		}
	}
	// Output:
	// start search
	// end search incomplete {"q":
	// true true
}

// An event prints on one line.
func ExampleEvent_String() {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	a.OnEvent(func(ev toolspec.Event) { fmt.Println(ev) })
	_, _ = a.ReadFrom(body())
	a.Close()
	// Output:
	// call-start 0 id="call_1" name="search"
	// call-args 0 "{\"q\":"
	// call-args 0 "\"go\"}"
	// call-start 1 id="call_2" name="search"
	// call-args 1 "{\"q\":\"rust\"}"
	// call-end 0 complete name="search" args="{\"q\":\"go\"}"
	// call-end 1 complete name="search" args="{\"q\":\"rust\"}"
	// stop msg 0 choice 0 tool_use
}

// Formats lists the six formats.
func ExampleFormats() {
	fmt.Println(toolspec.Formats())
	// Output:
	// [openai-chat openai-responses anthropic ollama gemini bedrock]
}

// Reassemble does a whole stream in memory.
func ExampleReassemble() {
	stream := `{"model":"m","message":{"role":"assistant","tool_calls":[{"function":{"index":0,"name":"weather","arguments":{"city":"Paris"}}},{"function":{"index":0,"name":"time","arguments":{"tz":"CET"}}}]},"done":false}
{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
`
	out := toolspec.Reassemble(toolspec.FormatOllama, []byte(stream), toolspec.Limits{})
	for _, c := range out.Calls {
		fmt.Println(c.Ordinal, c.Name, c.Args, c.Status)
	}
	// Output:
	// 0 weather {"city":"Paris"} complete
	// 1 time {"tz":"CET"} complete
}

// Rules lists the rules of SPEC.md.
func ExampleRules() {
	rules := toolspec.Rules()
	fmt.Println(len(rules) > 50, rules[0].ID)
	// Output:
	// true FRAME-1
}

// An outcome marshals to the command's JSON schema (docs/command.md), to
// log or to hand to another program; enums marshal by name.
func Example_json() {
	out := toolspec.Reassemble(toolspec.FormatOpenAIChat, mustRead(body()), toolspec.Limits{})
	b, err := json.Marshal(out.Calls[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	b, _ = json.Marshal(struct {
		Status toolspec.Status
		Stop   toolspec.StopReason
	}{out.Calls[0].Status, out.StopReason()})
	fmt.Println(string(b))
	var back toolspec.Outcome
	b, _ = json.Marshal(out)
	fmt.Println(json.Unmarshal(b, &back), back.String() == out.String())
	// Output:
	// {"id":"call_1","name":"search","arguments":"{\"q\":\"go\"}","status":"complete","kind":"function","server":false,"message":0,"choice":0}
	// {"Status":"complete","Stop":"tool_use"}
	// <nil> true
}
