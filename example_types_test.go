package toolspec_test

import (
	"encoding/json"
	"fmt"

	"github.com/toolspec/toolspec"
)

// cut is an Anthropic stream cut by the output limit inside a tool_use
// block: the call is incomplete, whatever its bytes parse to.
const cut = `event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"m","stop_reason":null,"usage":{"input_tokens":9,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"send_email","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"to\":\"ops@example.com\"}"}}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":20}}

event: message_stop
data: {"type":"message_stop"}

`

// StopReason is the last stop's reason in the canonical vocabulary; the
// raw reason stays on the Stop.
func ExampleOutcome_StopReason() {
	out := toolspec.Reassemble(toolspec.FormatAnthropic, []byte(cut), toolspec.Limits{})
	fmt.Println(out.StopReason(), out.Stops[0].Raw)
	fmt.Println(out.Calls[0].Name, out.Calls[0].Status)
	// Output:
	// length max_tokens
	// send_email incomplete
}

// String is the outcome's transcript: two outcomes are equal exactly when
// their transcripts are.
func ExampleOutcome_String() {
	out := toolspec.Reassemble(toolspec.FormatAnthropic, []byte(cut), toolspec.Limits{})
	fmt.Print(out)
	// Output:
	// format anthropic
	// messages 1
	// msg 0 choice 0 call 0 incomplete id="toolu_1" name="send_email" args="{\"to\":\"ops@example.com\"}"
	// stop msg 0 choice 0 length raw="max_tokens"
}

// An outcome marshals in the command's schema, its enumerations by name.
func ExampleOutcome_MarshalJSON() {
	out := toolspec.Reassemble(toolspec.FormatAnthropic, []byte(cut), toolspec.Limits{})
	b, err := json.Marshal(out)
	fmt.Println(string(b), err)
	// Output:
	// {"format":"anthropic","messages":1,"calls":[{"id":"toolu_1","name":"send_email","arguments":"{\"to\":\"ops@example.com\"}","status":"incomplete","kind":"function","server":false,"message":0,"choice":0}],"items":[{"kind":"call","message":0,"choice":0,"call":0}],"stop_reason":"length","stops":[{"message":0,"choice":0,"reason":"length","raw":"max_tokens"}],"violations":[]} <nil>
}

// UnmarshalJSON reads the command's output back, and checks it: a field
// that names no constant is an error naming the field.
func ExampleOutcome_UnmarshalJSON() {
	var out toolspec.Outcome
	err := json.Unmarshal([]byte(`{"format":"ollama","messages":1,"calls":[{"id":"","name":"f","arguments":"{}","status":"done","kind":"function"}],"items":[],"stop_reason":"end","stops":[],"violations":[]}`), &out)
	fmt.Println(err)
	// Output:
	// toolspec: outcome JSON: calls[0].status: unknown status "done"
}

// Resolved shows the limits an assembler applies: every zero field is its
// default.
func ExampleLimits_Resolved() {
	lim := toolspec.Limits{MaxCalls: 8}.Resolved()
	fmt.Println(lim.MaxCalls, lim.MaxArgBytes, lim.MaxFrameBytes, lim.NoParallel)
	// Output:
	// 8 2097152 33554432 false
}

// A History prints as its canonical transcript.
func ExampleHistory_String() {
	h := toolspec.History{
		System: []toolspec.Part{{Kind: toolspec.PartText, Text: "Be brief."}},
		Messages: []toolspec.Message{
			{Role: toolspec.RoleUser, Parts: []toolspec.Part{{Kind: toolspec.PartText, Text: "Weather in Oslo?"}}},
		},
		Tools: []toolspec.Tool{{Name: "weather", Schema: `{"type":"object"}`}},
	}
	fmt.Print(h)
	// Output:
	// system text "Be brief."
	// msg 0 user text "Weather in Oslo?"
	// tool name="weather" schema="{\"type\":\"object\"}"
}

// A report with no violation is OK, pending calls or not.
func ExampleHistoryReport_OK() {
	doc := []byte(`{"messages": [
		{"role": "user", "content": "Weather in Oslo?"},
		{"role": "assistant", "content": null, "tool_calls": [
			{"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\": \"Oslo\"}"}}]}]}`)
	_, rep := toolspec.CheckHistory(toolspec.FormatOpenAIChat, doc)
	fmt.Println(rep.OK(), len(rep.Pending), rep.Pending[0].Name)
	// Output:
	// true 1 weather
}

// String lists the violations, then the pending calls, a line each.
func ExampleHistoryReport_String() {
	doc := []byte(`{"messages": [
		{"role": "user", "content": "Weather in Oslo?"},
		{"role": "tool", "tool_call_id": "call_9", "content": "9°C"},
		{"role": "assistant", "content": null, "tool_calls": [
			{"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\": \"Oslo\"}"}}]}]}`)
	_, rep := toolspec.CheckHistory(toolspec.FormatOpenAIChat, doc)
	fmt.Print(rep)
	// Output:
	// violation HIST-1 call path="messages[1]" "result for id \"call_9\" comes before any assistant turn"
	// pending path="messages[2].tool_calls[0]" id="call_1" name="weather"
}
