package history

import (
	"reflect"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// This file pins the wire shapes of the Responses, Ollama, Gemini and
// Bedrock history codecs with hand-checked documents, and the HIST-8 path
// of each kind of malformed document.

// codecHistory is a two-turn history with a signed thinking block, two
// parallel calls (one result an error) and a forced tool choice without
// parallel calls.
var codecHistory = spec.History{
	System: []spec.Part{{Kind: spec.PartText, Text: "You are terse."}, {Kind: spec.PartText, Text: "Use tools."}},
	Messages: []spec.Message{
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Weather in Paris and 2+2?"}}},
		{Role: spec.RoleAssistant, Parts: []spec.Part{
			{Kind: spec.PartThinking, Text: "Two tools.", Signature: "sig1"},
			{Kind: spec.PartText, Text: "Checking."},
			{Kind: spec.PartCall, ID: "call_1", Name: "get_weather", Args: `{"city":"Paris"}`, CallKind: spec.CallFunction},
			{Kind: spec.PartCall, ID: "call_2", Name: "add", Args: `{"a":2,"b":2}`, CallKind: spec.CallFunction},
		}},
		{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "call_1", Content: []spec.Part{{Kind: spec.PartText, Text: "18C"}}}}},
		{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "call_2", Name: "add", IsError: true, Content: []spec.Part{{Kind: spec.PartText, Text: "overflow"}}}}},
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Thanks."}}},
	},
	Tools: []spec.Tool{
		{Name: "get_weather", Description: "Weather of a city", Schema: `{"type":"object","properties":{"city":{"type":"string"}}}`, Kind: spec.CallFunction},
		{Name: "add", Schema: `{"type":"object"}`, Kind: spec.CallFunction},
	},
	ToolChoice: spec.ToolChoice{Mode: spec.ChoiceTool, Name: "add", Parallel: spec.ParallelDisabled},
}

// TestHistoryEncodeDocuments: codecHistory in each format, byte for byte,
// with exactly its losses; the document reads back as codecHistory less
// them.
func TestHistoryEncodeDocuments(t *testing.T) {
	cases := []struct {
		f      spec.Format
		doc    string
		losses []string
	}{
		{spec.FormatOpenAIResponses, `{"instructions":"You are terse.","input":[{"type":"message","role":"system","content":[{"type":"input_text","text":"Use tools."}]},{"type":"message","role":"user","content":"Weather in Paris and 2+2?"},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Checking."}]},{"type":"function_call","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"},{"type":"function_call","call_id":"call_2","name":"add","arguments":"{\"a\":2,\"b\":2}"},{"type":"function_call_output","call_id":"call_1","output":"18C"},{"type":"function_call_output","call_id":"call_2","output":"overflow"},{"type":"message","role":"user","content":"Thanks."}],"tools":[{"type":"function","name":"get_weather","description":"Weather of a city","parameters":{"type":"object","properties":{"city":{"type":"string"}}}},{"type":"function","name":"add","parameters":{"type":"object"}}],"tool_choice":{"type":"function","name":"add"},"parallel_tool_calls":false}`, []string{
			"toolspec: XLATE-1: messages[1].parts[0]: thinking part without a reasoning item id: a Responses reasoning item requires one",
			"toolspec: XLATE-4: messages[3].parts[0].is_error: result's error flag: Responses outputs have none",
		}},
		{spec.FormatOllama, `{"messages":[{"role":"system","content":"You are terse."},{"role":"system","content":"Use tools."},{"role":"user","content":"Weather in Paris and 2+2?"},{"role":"assistant","content":"Checking.","thinking":"Two tools.","tool_calls":[{"id":"call_1","function":{"name":"get_weather","arguments":{"city":"Paris"}}},{"id":"call_2","function":{"name":"add","arguments":{"a":2,"b":2}}}]},{"role":"tool","content":"18C","tool_call_id":"call_1"},{"role":"tool","content":"overflow","tool_name":"add","tool_call_id":"call_2"},{"role":"user","content":"Thanks."}],"tools":[{"type":"function","function":{"name":"get_weather","description":"Weather of a city","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}},{"type":"function","function":{"name":"add","parameters":{"type":"object"}}}]}`, []string{
			"toolspec: XLATE-1: messages[1].parts[0].signature: thinking signature: ollama carries none",
			"toolspec: XLATE-4: messages[3].parts[0].is_error: result's error flag: Ollama has none",
			"toolspec: XLATE-3: tool_choice: tool choice: Ollama has none",
			"toolspec: XLATE-3: tool_choice.parallel: parallel-call setting: Ollama has none",
		}},
		{spec.FormatGemini, `{"systemInstruction":{"parts":[{"text":"You are terse."},{"text":"Use tools."}]},"contents":[{"role":"user","parts":[{"text":"Weather in Paris and 2+2?"}]},{"role":"model","parts":[{"text":"Two tools.","thought":true,"thoughtSignature":"sig1"},{"text":"Checking."},{"functionCall":{"id":"call_1","name":"get_weather","args":{"city":"Paris"}}},{"functionCall":{"id":"call_2","name":"add","args":{"a":2,"b":2}}}]},{"role":"user","parts":[{"functionResponse":{"id":"call_1","name":"get_weather","response":{"output":"18C"}}},{"functionResponse":{"id":"call_2","name":"add","response":{"error":"overflow"}}},{"text":"Thanks."}]}],"tools":[{"functionDeclarations":[{"name":"get_weather","description":"Weather of a city","parametersJsonSchema":{"type":"object","properties":{"city":{"type":"string"}}}},{"name":"add","parametersJsonSchema":{"type":"object"}}]}],"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["add"]}}}`, []string{
			"toolspec: XLATE-3: tool_choice.parallel: parallel-call setting: Gemini has none",
		}},
		{spec.FormatBedrock, `{"system":[{"text":"You are terse."},{"text":"Use tools."}],"messages":[{"role":"user","content":[{"text":"Weather in Paris and 2+2?"}]},{"role":"assistant","content":[{"reasoningContent":{"reasoningText":{"text":"Two tools.","signature":"sig1"}}},{"text":"Checking."},{"toolUse":{"toolUseId":"call_1","name":"get_weather","input":{"city":"Paris"}}},{"toolUse":{"toolUseId":"call_2","name":"add","input":{"a":2,"b":2}}}]},{"role":"user","content":[{"toolResult":{"toolUseId":"call_1","content":[{"text":"18C"}]}},{"toolResult":{"toolUseId":"call_2","content":[{"text":"overflow"}],"status":"error"}},{"text":"Thanks."}]}],"toolConfig":{"tools":[{"toolSpec":{"name":"get_weather","description":"Weather of a city","inputSchema":{"json":{"type":"object","properties":{"city":{"type":"string"}}}}}},{"toolSpec":{"name":"add","inputSchema":{"json":{"type":"object"}}}}],"toolChoice":{"tool":{"name":"add"}}}}`, []string{
			"toolspec: XLATE-3: tool_choice.parallel: parallel-call setting: Bedrock has none",
		}},
	}
	for _, c := range cases {
		doc, losses := Encode(c.f, codecHistory)
		if string(doc) != c.doc {
			t.Errorf("%s:\n got %s\nwant %s", c.f, doc, c.doc)
		}
		var got []string
		for _, v := range losses {
			if v.Class != spec.ClassLoss {
				t.Errorf("%s: %s is not of class loss", c.f, v.Error())
			}
			got = append(got, v.Error())
		}
		if !reflect.DeepEqual(got, c.losses) {
			t.Errorf("%s losses:\n got %q\nwant %q", c.f, got, c.losses)
		}
		back, vs := Decode(c.f, doc)
		if len(vs) > 0 {
			t.Errorf("%s: decoding: %v", c.f, vs)
		}
		if len(back.Messages) != len(codecHistory.Messages) || len(back.System) != 2 || len(back.Tools) != 2 {
			t.Errorf("%s reads back as %s", c.f, histDump(back))
		}
	}
}

// TestHistoryOllamaThinkingBlocks: several thinking blocks of one turn and
// several system blocks survive Ollama, each its own message, and only
// what Ollama has no field for is lost, each named: the signatures, and
// the setting that forbids parallel calls.
func TestHistoryOllamaThinkingBlocks(t *testing.T) {
	h := spec.History{
		System: []spec.Part{{Kind: spec.PartText, Text: "Block one."}, {Kind: spec.PartText, Text: "Block two."}},
		Messages: []spec.Message{
			{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Go."}}},
			{Role: spec.RoleAssistant, Parts: []spec.Part{
				{Kind: spec.PartThinking, Text: "First thought.", Signature: "s1"},
				{Kind: spec.PartText, Text: "Between."},
				{Kind: spec.PartThinking, Text: "Second thought.", Signature: "s2"},
				{Kind: spec.PartThinking, Text: "Third thought.", Signature: "s3"},
				{Kind: spec.PartCall, ID: "toolu_1", Name: "add", Args: `{}`, CallKind: spec.CallFunction},
			}},
		},
		ToolChoice: spec.ToolChoice{Mode: spec.ChoiceAuto, Parallel: spec.ParallelDisabled},
	}
	doc, losses := Encode(spec.FormatOllama, h)
	const want = `{"messages":[{"role":"system","content":"Block one."},{"role":"system","content":"Block two."},{"role":"user","content":"Go."},` +
		`{"role":"assistant","content":"Between.","thinking":"First thought."},{"role":"assistant","content":"","thinking":"Second thought."},` +
		`{"role":"assistant","content":"","thinking":"Third thought.","tool_calls":[{"id":"toolu_1","function":{"name":"add","arguments":{}}}]}]}`
	if string(doc) != want {
		t.Errorf("got  %s\nwant %s", doc, want)
	}
	var paths []string
	for _, v := range losses {
		paths = append(paths, string(v.Rule)+" "+v.Path)
	}
	wantLosses := []string{
		"XLATE-1 messages[1].parts[0].signature", "XLATE-1 messages[1].parts[2].signature", "XLATE-1 messages[1].parts[3].signature",
		"XLATE-3 tool_choice", "XLATE-3 tool_choice.parallel",
	}
	if !reflect.DeepEqual(paths, wantLosses) {
		t.Errorf("losses %q, want %q", paths, wantLosses)
	}
	back, vs := Decode(spec.FormatOllama, doc)
	if len(vs) > 0 {
		t.Fatalf("decoding: %v", vs)
	}
	for j := range h.Messages[1].Parts {
		h.Messages[1].Parts[j].Signature = ""
	}
	h.ToolChoice = spec.ToolChoice{}
	requireSameHistory(t, "read back", back, h)
}

// TestHistoryDecodeDocuments: a request of each format as providers'
// documentation shows them reads as the History the package documents,
// with each element's document path, and the request elements no History
// holds named as decode-side losses.
func TestHistoryDecodeDocuments(t *testing.T) {
	cases := []struct {
		f      spec.Format
		doc    string
		want   spec.History
		paths  map[string]string
		losses []string
	}{
		{
			spec.FormatOpenAIResponses,
			`{"model":"gpt-5","instructions":"Be brief.","input":[{"role":"user","content":"2+2?"},` +
				`{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"Add."}],"encrypted_content":"gAAA"},` +
				`{"type":"function_call","id":"fc_1","call_id":"call_1","name":"add","arguments":"{\"a\": 2, \"b\": 2}","status":"completed"},` +
				`{"type":"function_call_output","call_id":"call_1","output":[{"type":"input_text","text":"4"}]},` +
				`{"type":"web_search_call","id":"ws_1","status":"completed"},{"type":"message","role":"developer","content":"Now summarize."}],` +
				`"tools":[{"type":"function","name":"add","strict":true,"parameters":{"type":"object"}},{"type":"web_search"}],"tool_choice":"required","parallel_tool_calls":true}`,
			spec.History{
				System: []spec.Part{{Kind: spec.PartText, Text: "Be brief."}},
				Messages: []spec.Message{
					{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "2+2?"}}},
					{Role: spec.RoleAssistant, Parts: []spec.Part{
						{Kind: spec.PartThinking, Text: "Add.", ID: "rs_1"},
						{Kind: spec.PartRedacted, Data: "gAAA", ID: "rs_1"},
						{Kind: spec.PartCall, ID: "call_1", Name: "add", Args: `{"a":2,"b":2}`, CallKind: spec.CallFunction, ItemID: "fc_1"},
					}},
					{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "call_1", Content: []spec.Part{{Kind: spec.PartText, Text: "4"}}}}},
					{Role: spec.RoleAssistant, Parts: []spec.Part{{Kind: spec.PartOpaque, Data: `{"type":"web_search_call","id":"ws_1","status":"completed"}`, Format: spec.FormatOpenAIResponses}}},
					{Role: spec.RoleSystem, Parts: []spec.Part{{Kind: spec.PartText, Text: "Now summarize."}}},
				},
				Tools: []spec.Tool{
					{Name: "add", Schema: `{"type":"object"}`, Kind: spec.CallFunction, Strict: spec.StrictOn},
					{Data: `{"type":"web_search"}`, Format: spec.FormatOpenAIResponses},
				},
				ToolChoice: spec.ToolChoice{Mode: spec.ChoiceRequired, Parallel: spec.ParallelAllowed},
			},
			map[string]string{"system[0]": "instructions", "messages[1].parts[1]": "input[1].encrypted_content", "messages[2].parts[0].content[0]": "input[3].output[0]", "messages[4]": "input[5]", "tools[1]": "tools[1]"},
			nil,
		},
		{
			spec.FormatOllama,
			`{"model":"qwen3","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Look","images":["aW1n"]},` +
				`{"role":"assistant","content":"","thinking":"Add.","tool_calls":[{"function":{"index":0,"name":"add","arguments":{"a": 2}}}]},` +
				`{"role":"assistant","content":"Also this."},{"role":"tool","tool_name":"add","content":"4"}],` +
				`"tools":[{"type":"function","function":{"name":"add","description":"Adds","parameters":{"type":"object"}}}],"stream":false}`,
			spec.History{
				System: []spec.Part{{Kind: spec.PartText, Text: "Be brief."}},
				Messages: []spec.Message{
					{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Look"}, {Kind: spec.PartImage, Data: `"aW1n"`, Format: spec.FormatOllama}}},
					{Role: spec.RoleAssistant, Parts: []spec.Part{
						{Kind: spec.PartThinking, Text: "Add."},
						{Kind: spec.PartCall, Name: "add", Args: `{"a":2}`, CallKind: spec.CallFunction},
						{Kind: spec.PartText, Text: "Also this."},
					}},
					{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, Name: "add", Content: []spec.Part{{Kind: spec.PartText, Text: "4"}}}}},
				},
				Tools: []spec.Tool{{Name: "add", Description: "Adds", Schema: `{"type":"object"}`, Kind: spec.CallFunction, Strict: spec.StrictOff}},
			},
			map[string]string{"system[0]": "messages[0].content", "messages[0].parts[1]": "messages[1].images[0]", "messages[1]": "messages[2]", "messages[1].parts[2]": "messages[3].content", "messages[2].parts[0].content[0]": "messages[4].content"},
			nil,
		},
		{
			spec.FormatGemini,
			`{"system_instruction":{"parts":[{"text":"Be brief."}]},"contents":[{"role":"user","parts":[{"text":"2+2?"}]},` +
				`{"role":"model","parts":[{"text":"Add.","thought":true},{"functionCall":{"name":"add","args":{"a":2}},"thoughtSignature":"c2ln"}]},` +
				`{"role":"user","parts":[{"functionResponse":{"name":"add","response":{"result":4}}},{"text":"Thanks."}]}],` +
				`"tools":[{"functionDeclarations":[{"name":"add","parameters":{"type":"OBJECT"}}]},{"codeExecution":{}}],` +
				`"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["add","sub"]}}}`,
			spec.History{
				System: []spec.Part{{Kind: spec.PartText, Text: "Be brief."}},
				Messages: []spec.Message{
					{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "2+2?"}}},
					{Role: spec.RoleAssistant, Parts: []spec.Part{
						{Kind: spec.PartThinking, Text: "Add."},
						{Kind: spec.PartCall, Name: "add", Args: `{"a":2}`, CallKind: spec.CallFunction, Signature: "c2ln"},
					}},
					{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, Name: "add", Content: []spec.Part{{Kind: spec.PartText, Text: `{"result":4}`}}}}},
					{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Thanks."}}},
				},
				Tools: []spec.Tool{
					{Name: "add", Schema: `{"type":"object"}`, Kind: spec.CallFunction, Strict: spec.StrictOff},
					{Data: `{"codeExecution":{}}`, Format: spec.FormatGemini},
				},
				ToolChoice: spec.ToolChoice{Mode: spec.ChoiceRequired},
			},
			map[string]string{"system[0]": "system_instruction.parts[0]", "messages[2]": "contents[2].parts[0]", "messages[2].parts[0].content[0]": "contents[2].parts[0].functionResponse.response", "messages[3]": "contents[2].parts[1]", "tools[0]": "tools[0].functionDeclarations[0]", "tools[1]": "tools[1]"},
			[]string{"XLATE-3 toolConfig.functionCallingConfig.allowedFunctionNames"},
		},
		{
			spec.FormatBedrock,
			`{"modelId":"x","system":[{"text":"Be brief."},{"cachePoint":{"type":"default"}}],"messages":[{"role":"user","content":[{"text":"2+2?"}]},` +
				`{"role":"assistant","content":[{"reasoningContent":{"reasoningText":{"text":"Add.","signature":"c2ln"}}},{"toolUse":{"toolUseId":"tooluse_1","name":"add","input":{"a":2}}}]},` +
				`{"role":"user","content":[{"toolResult":{"toolUseId":"tooluse_1","content":[{"json":{"sum":4}}],"status":"success"}}]}],` +
				`"toolConfig":{"tools":[{"toolSpec":{"name":"add","inputSchema":{"json":{"type":"object"}}}},{"cachePoint":{"type":"default"}}],"toolChoice":{"auto":{}}}}`,
			spec.History{
				System: []spec.Part{{Kind: spec.PartText, Text: "Be brief."}, {Kind: spec.PartOpaque, Data: `{"cachePoint":{"type":"default"}}`, Format: spec.FormatBedrock}},
				Messages: []spec.Message{
					{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "2+2?"}}},
					{Role: spec.RoleAssistant, Parts: []spec.Part{
						{Kind: spec.PartThinking, Text: "Add.", Signature: "c2ln"},
						{Kind: spec.PartCall, ID: "tooluse_1", Name: "add", Args: `{"a":2}`, CallKind: spec.CallFunction},
					}},
					{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "tooluse_1", Content: []spec.Part{{Kind: spec.PartOpaque, Data: `{"json":{"sum":4}}`, Format: spec.FormatBedrock}}}}},
				},
				Tools: []spec.Tool{
					{Name: "add", Schema: `{"type":"object"}`, Kind: spec.CallFunction, Strict: spec.StrictOff},
					{Data: `{"cachePoint":{"type":"default"}}`, Format: spec.FormatBedrock},
				},
				ToolChoice: spec.ToolChoice{Mode: spec.ChoiceAuto},
			},
			map[string]string{"system[1]": "system[1]", "messages[2]": "messages[2].content[0]", "messages[2].parts[0].content[0]": "messages[2].content[0].toolResult.content[0]", "tools[0]": "toolConfig.tools[0].toolSpec", "tools[1]": "toolConfig.tools[1]", "tool_choice": "toolConfig.toolChoice"},
			nil,
		},
	}
	for _, c := range cases {
		h, pm, vs := DecodePaths(c.f, []byte(c.doc))
		requireSameHistory(t, string(c.f), h, c.want)
		for k, want := range c.paths {
			if pm[k] != want {
				t.Errorf("%s: %s is at %q, want %q", c.f, k, pm[k], want)
			}
		}
		var losses []string
		for _, v := range vs {
			if v.Class != spec.ClassLoss {
				t.Errorf("%s: %s", c.f, v.Error())
				continue
			}
			losses = append(losses, string(v.Rule)+" "+v.Path)
		}
		if !reflect.DeepEqual(losses, c.losses) {
			t.Errorf("%s: decode-side losses %q, want %q", c.f, losses, c.losses)
		}
	}
}

// TestHistoryDecodeShape: a malformed document is one HIST-8 violation,
// terminal, at the element's path, and the History holds the messages
// before the one at fault (an assistant message of Ollama, Gemini or
// Bedrock is read whole or not at all).
func TestHistoryDecodeShape(t *testing.T) {
	cases := []struct {
		f        spec.Format
		doc      string
		path     string
		messages int // messages decoded before the violation
	}{
		{spec.FormatOpenAIResponses, `[]`, "$", 0},
		{spec.FormatOpenAIResponses, `{"input":[{"role":"user","content":"a"},1]}`, "input[1]", 1},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"message","role":"robot","content":"x"}]}`, "input[0].role", 0},
		{spec.FormatOpenAIResponses, `{"input":[{"role":"user"}]}`, "input[0].content", 0},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"function_call","call_id":5}]}`, "input[0].call_id", 0},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"reasoning","summary":[{"type":"summary_text"}]}]}`, "input[0].summary[0].text", 0},
		{spec.FormatOpenAIResponses, `{"input":[],"tool_choice":"sometimes"}`, "tool_choice", 0},
		{spec.FormatOpenAIResponses, `{"input":[],"parallel_tool_calls":"yes"}`, "parallel_tool_calls", 0},
		{spec.FormatOpenAIResponses, `{"tools":[{"type":"function","name":"f","parameters":[]}]}`, "tools[0].parameters", 0},
		{spec.FormatOllama, `{"messages":{}}`, "messages", 0},
		{spec.FormatOllama, `{"messages":[{"content":"x"}]}`, "messages[0].role", 0},
		{spec.FormatOllama, `{"messages":[{"role":"user","content":"a"},{"role":"user","thinking":"x"}]}`, "messages[1].thinking", 1},
		{spec.FormatOllama, `{"messages":[{"role":"assistant","tool_calls":[{"function":{"name":"f","arguments":"{}"}}]}]}`, "messages[0].tool_calls[0].function.arguments", 0},
		{spec.FormatOllama, `{"messages":[{"role":"assistant","tool_calls":[{}]}]}`, "messages[0].tool_calls[0].function", 0},
		{spec.FormatOllama, `{"messages":[{"role":"user","images":[1]}]}`, "messages[0].images[0]", 0},
		{spec.FormatOllama, `{"messages":[{"role":"wizard","content":"x"}]}`, "messages[0].role", 0},
		{spec.FormatGemini, `{"contents":[{"role":"system","parts":[]}]}`, "contents[0].role", 0},
		{spec.FormatGemini, `{"contents":[{"role":"user","parts":[{"functionCall":{"name":"f"}}]}]}`, "contents[0].parts[0]", 0},
		{spec.FormatGemini, `{"contents":[{"role":"model","parts":[{"functionCall":{"name":"f","args":[1]}}]}]}`, "contents[0].parts[0].functionCall.args", 0},
		{spec.FormatGemini, `{"contents":[{"role":"model","parts":[{"functionResponse":{"name":"f"}}]}]}`, "contents[0].parts[0]", 0},
		{spec.FormatGemini, `{"toolConfig":{"functionCallingConfig":{"mode":"SOMETIMES"}}}`, "toolConfig.functionCallingConfig.mode", 0},
		{spec.FormatGemini, `{"systemInstruction":{"parts":[{"functionResponse":{"name":"f"}}]}}`, "systemInstruction.parts[0]", 0},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"toolUse":{"toolUseId":"a","name":"f","input":{}}}]}]}`, "messages[0].content[0].toolUse", 0},
		{spec.FormatBedrock, `{"messages":[{"role":"assistant","content":[{"toolResult":{"toolUseId":"a"}}]}]}`, "messages[0].content[0].toolResult", 0},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"toolResult":{"toolUseId":"a","status":"meh"}}]}]}`, "messages[0].content[0].toolResult.status", 0},
		{spec.FormatBedrock, `{"messages":[{"role":"assistant","content":[{"reasoningContent":{}}]}]}`, "messages[0].content[0].reasoningContent.reasoningText", 0},
		{spec.FormatBedrock, `{"toolConfig":{"toolChoice":{"maybe":{}}}}`, "toolConfig.toolChoice", 0},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"text":"a"}]},{"role":"user","content":"b"}]}`, "messages[1].content", 1},
	}
	for _, c := range cases {
		h, vs := Decode(c.f, []byte(c.doc))
		if len(vs) != 1 || vs[0].Rule != spec.HistShape || vs[0].Class != spec.ClassTerminal || vs[0].Path != c.path {
			t.Errorf("%s %s: got %v, want one HIST-8 at %s", c.f, c.doc, vs, c.path)
			continue
		}
		if len(h.Messages) != c.messages {
			t.Errorf("%s %s: %d messages decoded before the violation, want %d", c.f, c.doc, len(h.Messages), c.messages)
		}
	}
}
