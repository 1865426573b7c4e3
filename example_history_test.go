package toolspec_test

import (
	"fmt"

	"github.com/toolspec/toolspec"
)

// Check an Anthropic request whose stream lost two tool starts: one
// tool_use block, three tool_result blocks, two of them orphans.
func ExampleCheckHistory() {
	doc := []byte(`{"messages": [
		{"role": "user", "content": "Weather in Paris, Rome and Oslo?"},
		{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {"city": "Paris"}}]},
		{"role": "user", "content": [
			{"type": "tool_result", "tool_use_id": "toolu_1", "content": "18°C"},
			{"type": "tool_result", "tool_use_id": "toolu_2", "content": "24°C"},
			{"type": "tool_result", "tool_use_id": "toolu_3", "content": "9°C"}]}]}`)
	_, rep := toolspec.CheckHistory(toolspec.FormatAnthropic, doc)
	fmt.Println(rep.OK())
	for _, v := range rep.Violations {
		fmt.Println(v.Rule, v.Path)
	}
	// Output:
	// false
	// HIST-1 messages[2].content[1]
	// HIST-1 messages[2].content[2]
}

// Decode an OpenAI chat request into its canonical history.
func ExampleDecodeHistory() {
	doc := []byte(`{"messages": [
		{"role": "system", "content": "Be brief."},
		{"role": "user", "content": "Weather in Paris?"},
		{"role": "assistant", "content": null, "tool_calls": [
			{"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\": \"Paris\"}"}}]},
		{"role": "tool", "tool_call_id": "call_1", "content": "18°C"}]}`)
	h, vs := toolspec.DecodeHistory(toolspec.FormatOpenAIChat, doc)
	fmt.Print(h)
	fmt.Println(len(vs), "violations")
	// Output:
	// system text "Be brief."
	// msg 0 user text "Weather in Paris?"
	// msg 1 assistant call id="call_1" name="weather" args="{\"city\":\"Paris\"}" kind=function
	// msg 2 tool result id="call_1"
	// msg 2 tool content 0 text "18°C"
	// 0 violations
}

// Write a history built in code as an Anthropic request: the results of
// the turn become tool_result blocks of one user message.
func ExampleEncodeHistory() {
	h := toolspec.History{
		Messages: []toolspec.Message{
			{Role: toolspec.RoleUser, Parts: []toolspec.Part{{Kind: toolspec.PartText, Text: "Weather in Paris?"}}},
			{Role: toolspec.RoleAssistant, Parts: []toolspec.Part{
				{Kind: toolspec.PartThinking, Text: "Call the tool.", Signature: "EqQB"},
				{Kind: toolspec.PartCall, ID: "toolu_1", Name: "weather", Args: `{"city":"Paris"}`, CallKind: toolspec.CallFunction}}},
			{Role: toolspec.RoleTool, Parts: []toolspec.Part{{Kind: toolspec.PartResult, ID: "toolu_1",
				Content: []toolspec.Part{{Kind: toolspec.PartText, Text: "18°C"}}}}},
		},
		ToolChoice: toolspec.ToolChoice{Mode: toolspec.ChoiceAuto, Parallel: toolspec.ParallelDisabled},
	}
	doc, losses := toolspec.EncodeHistory(toolspec.FormatAnthropic, h)
	fmt.Println(string(doc))
	fmt.Println(len(losses), "losses")
	// Output:
	// {"messages":[{"role":"user","content":[{"type":"text","text":"Weather in Paris?"}]},{"role":"assistant","content":[{"type":"thinking","thinking":"Call the tool.","signature":"EqQB"},{"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Paris"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"18°C"}]}],"tool_choice":{"type":"auto","disable_parallel_tool_use":true}}
	// 0 losses
}

// Translate an Anthropic request with two thinking blocks to OpenAI chat,
// which carries one reasoning text per message: each signature, bound to
// the provider that made it, and the second block are named as losses.
func ExampleTranslateHistory() {
	doc := []byte(`{"messages": [
		{"role": "user", "content": "Hi"},
		{"role": "assistant", "content": [
			{"type": "thinking", "thinking": "First.", "signature": "sig1"},
			{"type": "thinking", "thinking": "Second.", "signature": "sig2"},
			{"type": "text", "text": "Hello!"}]}],
		"tool_choice": {"type": "auto", "disable_parallel_tool_use": true}}`)
	out, vs := toolspec.TranslateHistory(toolspec.FormatAnthropic, toolspec.FormatOpenAIChat, doc)
	fmt.Println(string(out))
	for _, v := range vs {
		fmt.Println(v.Rule, v.Class, v.Path)
	}
	// Output:
	// {"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello!","reasoning_content":"First."}],"tool_choice":"auto","parallel_tool_calls":false}
	// XLATE-1 loss messages[1].content[0]
	// XLATE-1 loss messages[1].content[1]
	// XLATE-1 loss messages[1].content[1]
}

// Repair a history whose first turn's call has no result: the repair adds
// a placeholder result marked as an error, and says so.
func ExampleRepairHistory() {
	call := func(id string) toolspec.Part {
		return toolspec.Part{Kind: toolspec.PartCall, ID: id, Name: "weather", Args: `{}`, CallKind: toolspec.CallFunction}
	}
	text := func(s string) []toolspec.Part { return []toolspec.Part{{Kind: toolspec.PartText, Text: s}} }
	h := toolspec.History{Messages: []toolspec.Message{
		{Role: toolspec.RoleUser, Parts: text("Weather?")},
		{Role: toolspec.RoleAssistant, Parts: []toolspec.Part{call("call_1")}},
		{Role: toolspec.RoleUser, Parts: text("Still there?")},
	}}
	fixed, changes := toolspec.RepairHistory(toolspec.FormatOpenAIChat, h)
	for _, c := range changes {
		fmt.Println(c)
	}
	fmt.Print(fixed)
	// Output:
	// change HIST-3 path="messages[1].parts[0]" "added a placeholder result for call id \"call_1\", marked as an error: the call was interrupted"
	// msg 0 user text "Weather?"
	// msg 1 assistant call id="call_1" name="weather" args="{}" kind=function
	// msg 2 tool result id="call_1" error
	// msg 2 tool content 0 text "The tool call was interrupted: no result was recorded for it."
	// msg 3 user text "Still there?"
}

// Turn a stream's outcome into the assistant turn of the next request,
// append the results, and check the history.
func ExampleAssistantTurn() {
	out := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"search\",\"arguments\":\"{\\\"q\\\": \\\"go\\\"}\"}}]}}]}\n\n"+
			"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n"), toolspec.Limits{})
	turn, _, err := toolspec.AssistantTurn(out, 0, toolspec.TurnOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := toolspec.History{Messages: []toolspec.Message{
		{Role: toolspec.RoleUser, Parts: []toolspec.Part{{Kind: toolspec.PartText, Text: "Search for go"}}},
		turn,
		{Role: toolspec.RoleTool, Parts: []toolspec.Part{{Kind: toolspec.PartResult, ID: "call_1",
			Content: []toolspec.Part{{Kind: toolspec.PartText, Text: "go.dev"}}}}},
	}}
	doc, _ := toolspec.EncodeHistory(toolspec.FormatOpenAIChat, h)
	fmt.Println(string(doc))
	_, rep := toolspec.CheckHistory(toolspec.FormatOpenAIChat, doc)
	fmt.Println("ok:", rep.OK())
	// Output:
	// {"messages":[{"role":"user","content":"Search for go"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":\"go\"}"}}]},{"role":"tool","tool_call_id":"call_1","content":"go.dev"}]}
	// ok: true
}

// The next request of an Anthropic conversation, from the request sent,
// the stream that answered it and the result of its call: the model,
// max_tokens, stream and the tool's cache_control go out as they came.
func ExampleNextRequest() {
	prev := []byte(`{"model":"claude-sonnet-4-5","max_tokens":1024,"stream":true,
  "tools":[{"name":"weather","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral"}}],
  "messages":[{"role":"user","content":"Weather in Oslo?"}]}`)
	stream := `event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"city\":\"Oslo\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"}}

event: message_stop
data: {"type":"message_stop"}

`
	out := toolspec.Reassemble(toolspec.FormatAnthropic, []byte(stream), toolspec.Limits{})
	result := toolspec.Part{Kind: toolspec.PartResult, ID: out.Calls[0].ID,
		Content: []toolspec.Part{{Kind: toolspec.PartText, Text: "9°C, rain"}}}
	next, vs, err := toolspec.NextRequest(toolspec.FormatAnthropic, prev, out, []toolspec.Part{result}, toolspec.TurnOptions{})
	fmt.Println(string(next))
	fmt.Println(len(vs), "violations,", err)
	// Output:
	// {"model":"claude-sonnet-4-5","max_tokens":1024,"stream":true,"tools":[{"name":"weather","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral"}}],"messages":[{"role":"user","content":"Weather in Oslo?"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Oslo"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"9°C, rain"}]}]}
	// 0 violations, <nil>
}

// Repair a request body: the orphan result goes, everything else stays
// as it was written, the request's own members included.
func ExampleRepairRequest() {
	body := []byte(`{"model":"gpt-4o","temperature":0.2,"stream":true,"messages":[
  {"role":"user","content":"Weather?","name":"bob"},
  {"role":"tool","tool_call_id":"call_9","content":"9°C"}]}`)
	fixed, changes, vs := toolspec.RepairRequest(toolspec.FormatOpenAIChat, body)
	fmt.Println(string(fixed))
	for _, c := range changes {
		fmt.Println(c)
	}
	fmt.Println(len(vs), "violations")
	// Output:
	// {"model":"gpt-4o","temperature":0.2,"stream":true,"messages":[{"role":"user","content":"Weather?","name":"bob"}]}
	// change HIST-1 path="messages[1]" "dropped the orphan result for id \"call_9\""
	// 0 violations
}

// Write a history changed in code back into its request body.
func ExampleSpliceHistory() {
	body := []byte(`{"model":"gemini-2.5-flash","generationConfig":{"temperature":0},
  "contents":[{"role":"user","parts":[{"text":"Hi"}]}]}`)
	h, _ := toolspec.DecodeHistory(toolspec.FormatGemini, body)
	h.Messages = append(h.Messages, toolspec.Message{Role: toolspec.RoleAssistant,
		Parts: []toolspec.Part{{Kind: toolspec.PartText, Text: "Hello."}}})
	out, vs := toolspec.SpliceHistory(toolspec.FormatGemini, body, h)
	fmt.Println(string(out), len(vs))
	// Output:
	// {"model":"gemini-2.5-flash","generationConfig":{"temperature":0},"contents":[{"role":"user","parts":[{"text":"Hi"}]},{"role":"model","parts":[{"text":"Hello."}]}]} 0
}

// A Gemini declaration's parameters, Gemini's OpenAPI subset, as the JSON
// Schema every other format takes: the type in lower case, nullable as a
// type that admits null, the INTEGER enum's strings as the numbers they
// spell. Gemini's Schema has no additionalProperties: it is left out, and
// named.
func ExampleSchemaFromGemini() {
	schema, losses := toolspec.SchemaFromGemini(`{"type":"OBJECT","properties":{` +
		`"city":{"type":"STRING","nullable":true},` +
		`"days":{"type":"INTEGER","format":"enum","enum":["1","3"]}},` +
		`"required":["city"],"additionalProperties":false}`)
	fmt.Println(schema)
	for _, v := range losses {
		fmt.Println(v.Error())
	}
	// Output:
	// {"type":"object","properties":{"city":{"type":["string","null"]},"days":{"type":"integer","format":"enum","enum":[1,3]}},"required":["city"]}
	// toolspec: XLATE-6: additionalProperties: additionalProperties: Gemini's Schema has no such member
}

// A tool's JSON Schema written as a Gemini declaration's parameters, for
// Vertex AI: a type that admits null is nullable, the one example is kept,
// and what Gemini's Schema cannot say ($ref, oneOf) is left out and named.
func ExampleSchemaToGemini() {
	schema, losses := toolspec.SchemaToGemini(`{"type":"object","properties":{` +
		`"note":{"type":["string","null"],"examples":["bring snacks"]},` +
		`"owner":{"$ref":"#/$defs/user"},` +
		`"when":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}`)
	fmt.Println(schema)
	for _, v := range losses {
		fmt.Println(v.Error())
	}
	// Output:
	// {"type":"OBJECT","properties":{"note":{"type":"STRING","nullable":true,"example":"bring snacks"},"owner":{},"when":{}}}
	// toolspec: XLATE-6: properties.owner.$ref: $ref: Gemini's Schema has no such member
	// toolspec: XLATE-6: properties.when.oneOf: oneOf: Gemini's Schema has no such member
}
