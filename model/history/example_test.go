package history_test

import (
	"fmt"

	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/spec"
)

// A Bedrock Converse request translated to Ollama /api/chat: the call, its
// result and the reasoning text survive, and so do the output limit and
// the temperature (XLATE-7); what Ollama has no field for is named, at its
// path in the Bedrock document, and so is the model, which Ollama requires
// in the body and Bedrock takes in the URL.
func ExampleTranslate() {
	doc := []byte(`{
  "system": [{"text": "Be brief."}],
  "messages": [
    {"role": "user", "content": [{"text": "2+2?"}]},
    {"role": "assistant", "content": [
      {"reasoningContent": {"reasoningText": {"text": "Add.", "signature": "c2ln"}}},
      {"toolUse": {"toolUseId": "tooluse_1", "name": "add", "input": {"a": 2, "b": 2}}}]},
    {"role": "user", "content": [
      {"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "4"}], "status": "error"}}]}
  ],
  "toolConfig": {"toolChoice": {"any": {}}},
  "inferenceConfig": {"maxTokens": 512, "temperature": 0.5}
}`)
	out, vs := history.Translate(spec.FormatBedrock, spec.FormatOllama, doc)
	fmt.Println(string(out))
	for _, v := range vs {
		fmt.Println(v.Error())
	}
	// Output:
	// {"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"2+2?"},{"role":"assistant","content":"","thinking":"Add.","tool_calls":[{"id":"tooluse_1","function":{"name":"add","arguments":{"a":2,"b":2}}}]},{"role":"tool","content":"4","tool_call_id":"tooluse_1"}],"options":{"num_predict":512,"temperature":0.5}}
	// toolspec: XLATE-1: messages[1].content[0]: thinking signature: a signature is bound to the provider that made it
	// toolspec: XLATE-4: messages[2].content[0]: result's error flag: Ollama has none
	// toolspec: XLATE-3: toolConfig.toolChoice: tool choice: Ollama has none
	// toolspec: XLATE-7: $: setting "model": ollama requires model in the body, and bedrock takes it in the URL (/model/{modelId}/converse-stream)
}

// From a stream to the next request: an Ollama stream's outcome becomes
// the assistant turn of a history, the caller appends the call's result,
// and the history goes out as an Anthropic request. Ollama's thinking has
// no signature, which Anthropic requires of a thinking block: it is left
// out, and named.
func ExampleAssistantTurn() {
	stream := []byte(`{"model":"qwen3","message":{"role":"assistant","content":"","thinking":"Add them."},"done":false}
{"model":"qwen3","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_1","function":{"name":"add","arguments":{"a":2,"b":2}}}]},"done":false}
{"model":"qwen3","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
`)
	o := model.Reassemble(spec.FormatOllama, stream, spec.Limits{})
	turn, _, err := history.AssistantTurn(o, 0, history.TurnOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := spec.History{Messages: []spec.Message{
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "2+2?"}}},
		turn,
	}}
	for _, p := range turn.Parts {
		if p.Kind == spec.PartCall {
			h.Messages = append(h.Messages, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{
				{Kind: spec.PartResult, ID: p.ID, Content: []spec.Part{{Kind: spec.PartText, Text: "4"}}}}})
		}
	}
	fmt.Print(history.Check(spec.FormatAnthropic, h))
	doc, losses := history.Encode(spec.FormatAnthropic, h)
	fmt.Println(string(doc))
	for _, v := range losses {
		fmt.Println(v.Error())
	}
	// Output:
	// {"messages":[{"role":"user","content":[{"type":"text","text":"2+2?"}]},{"role":"assistant","content":[{"type":"tool_use","id":"call_1","name":"add","input":{"a":2,"b":2}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"4"}]}]}
	// toolspec: XLATE-1: messages[1].parts[0]: thinking without a signature: anthropic refuses an unsigned thinking block
}

// Before writing a history read in one format in another, leave out what
// only the provider that made it accepts: a thinking block's signature and
// redacted reasoning, each named. at maps a path of the history returned
// back to the one it had.
func ExampleUnbind() {
	h := spec.History{Messages: []spec.Message{
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "2+2?"}}},
		{Role: spec.RoleAssistant, Parts: []spec.Part{
			{Kind: spec.PartRedacted, Data: "EmwKAhgB"},
			{Kind: spec.PartThinking, Text: "Add them.", Signature: "EqQBsig"},
			{Kind: spec.PartText, Text: "4"},
		}},
	}}
	out, losses, at := history.Unbind(h)
	fmt.Print(out)
	for _, v := range losses {
		fmt.Println(v.Error())
	}
	fmt.Println(at("messages[1].parts[1]"))
	// Output:
	// msg 0 user text "2+2?"
	// msg 1 assistant thinking "Add them."
	// msg 1 assistant text "4"
	// toolspec: XLATE-1: messages[1].parts[0]: redacted reasoning: its data is bound to the provider that made it
	// toolspec: XLATE-1: messages[1].parts[1].signature: thinking signature: a signature is bound to the provider that made it
	// messages[1].parts[2]
}

// A JSON Schema written as Gemini's Schema, for a FunctionDeclaration's
// "parameters" (Vertex AI, SDKs older than parametersJsonSchema), and read
// back: what converts makes the round trip unchanged; what Gemini's Schema
// has no counterpart for (additionalProperties, const) is left out and
// named, at its path in the schema.
func ExampleSchemaToGemini() {
	in := `{"type":"object","properties":{"unit":{"type":["string","null"],"enum":["c","f",null]},` +
		`"days":{"type":"integer","minimum":1,"const":3}},"additionalProperties":false}`
	gemini, losses := history.SchemaToGemini(in)
	fmt.Println(gemini)
	for _, v := range losses {
		fmt.Println(v.Error())
	}
	back, _ := history.SchemaFromGemini(gemini)
	fmt.Println(back)
	// Output:
	// {"type":"OBJECT","properties":{"unit":{"type":"STRING","nullable":true,"enum":["c","f"]},"days":{"type":"INTEGER","minimum":1}}}
	// toolspec: XLATE-6: properties.days.const: const: Gemini's Schema has no such member
	// toolspec: XLATE-6: additionalProperties: additionalProperties: Gemini's Schema has no such member
	// {"type":"object","properties":{"unit":{"type":["string","null"],"enum":["c","f",null]},"days":{"type":"integer","minimum":1}}}
}
