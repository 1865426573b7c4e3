package model_test

import (
	"fmt"

	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
)

// A Bedrock Converse request translated to Ollama /api/chat: the call, its
// result and the reasoning text survive; what Ollama has no field for is
// named, at its path in the Bedrock document.
func ExampleTranslateHistory() {
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
  "toolConfig": {"toolChoice": {"any": {}}}
}`)
	out, vs := model.TranslateHistory(spec.FormatBedrock, spec.FormatOllama, doc)
	fmt.Println(string(out))
	for _, v := range vs {
		fmt.Println(v.Error())
	}
	// Output:
	// {"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"2+2?"},{"role":"assistant","content":"","thinking":"Add.","tool_calls":[{"id":"tooluse_1","function":{"name":"add","arguments":{"a":2,"b":2}}}]},{"role":"tool","content":"4","tool_call_id":"tooluse_1"}]}
	// toolspec: XLATE-1: messages[1].content[0]: thinking signature: ollama carries none
	// toolspec: XLATE-4: messages[2].content[0]: result's error flag: Ollama has none
	// toolspec: XLATE-3: toolConfig.toolChoice: tool choice: Ollama has none
}
