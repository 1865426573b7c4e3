package history_test

import (
	"fmt"

	"github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/spec"
)

// An Anthropic history whose stream lost six tool starts: one tool_use
// and seven tool_result blocks. The checker names the six orphans at their
// blocks in the document.
func ExampleCheckDocument() {
	doc := []byte(`{"messages":[
 {"role":"user","content":"Read the files."},
 {"role":"assistant","content":[{"type":"tool_use","id":"toolu_7","name":"read","input":{"path":"g"}}]},
 {"role":"user","content":[
  {"type":"tool_result","tool_use_id":"toolu_1","content":"a"},
  {"type":"tool_result","tool_use_id":"toolu_2","content":"b"},
  {"type":"tool_result","tool_use_id":"toolu_3","content":"c"},
  {"type":"tool_result","tool_use_id":"toolu_4","content":"d"},
  {"type":"tool_result","tool_use_id":"toolu_5","content":"e"},
  {"type":"tool_result","tool_use_id":"toolu_6","content":"f"},
  {"type":"tool_result","tool_use_id":"toolu_7","content":"g"}]}]}`)
	_, rep := history.CheckDocument(spec.FormatAnthropic, doc)
	for _, v := range rep.Violations {
		fmt.Println(v.Error())
	}
	// Output:
	// toolspec: HIST-1: messages[2].content[0]: result for id "toolu_1" answers no call of the assistant turn before it
	// toolspec: HIST-1: messages[2].content[1]: result for id "toolu_2" answers no call of the assistant turn before it
	// toolspec: HIST-1: messages[2].content[2]: result for id "toolu_3" answers no call of the assistant turn before it
	// toolspec: HIST-1: messages[2].content[3]: result for id "toolu_4" answers no call of the assistant turn before it
	// toolspec: HIST-1: messages[2].content[4]: result for id "toolu_5" answers no call of the assistant turn before it
	// toolspec: HIST-1: messages[2].content[5]: result for id "toolu_6" answers no call of the assistant turn before it
}

// A history built in code: the calls of the last turn wait for their
// results, which is no violation; the same Kimi-style id in two turns is
// two calls.
func ExampleCheck() {
	call := func(args string) spec.Message {
		return spec.Message{Role: spec.RoleAssistant, Parts: []spec.Part{{Kind: spec.PartCall, ID: "functions.add:0", Name: "add", Args: args}}}
	}
	h := spec.History{Messages: []spec.Message{
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Add 1 and 2, then 3 and 4."}}},
		call(`{"a":1,"b":2}`),
		{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "functions.add:0", Content: []spec.Part{{Kind: spec.PartText, Text: "3"}}}}},
		call(`{"a":3,"b":4}`),
	}}
	rep := history.Check(spec.FormatOpenAIChat, h)
	fmt.Println(rep.OK())
	fmt.Print(rep.String())
	// Output:
	// true
	// pending path="messages[3].parts[0]" id="functions.add:0" name="add"
}

// Repair gives the unanswered call a placeholder result and drops the
// orphan, and says so.
func ExampleRepair() {
	h := spec.History{Messages: []spec.Message{
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Read a."}}},
		{Role: spec.RoleAssistant, Parts: []spec.Part{{Kind: spec.PartCall, ID: "toolu_1", Name: "read", Args: `{"path":"a"}`}}},
		{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "toolu_9"}}},
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Well?"}}},
	}}
	fixed, changes := history.Repair(spec.FormatAnthropic, h)
	for _, c := range changes {
		fmt.Println(c)
	}
	fmt.Print(fixed.String())
	// Output:
	// change HIST-3 path="messages[1].parts[0]" "added a placeholder result for call id \"toolu_1\", marked as an error: the call was interrupted"
	// change HIST-1 path="messages[2].parts[0]" "dropped the orphan result for id \"toolu_9\""
	// msg 0 user text "Read a."
	// msg 1 assistant call id="toolu_1" name="read" args="{\"path\":\"a\"}"
	// msg 2 tool result id="toolu_1" error
	// msg 2 tool content 0 text "The tool call was interrupted: no result was recorded for it."
	// msg 3 user text "Well?"
}

// Translating a history is decoding it and encoding it in the target: the
// losses come at canonical paths, and the source's PathMap locates them in
// the source document.
func ExampleEncode() {
	doc := []byte(`{"messages":[{"role":"user","content":"Weather?"},
 {"role":"assistant","content":[
  {"type":"thinking","thinking":"The city.","signature":"EqQB"},
  {"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Paris"}}]}],
 "tool_choice":{"type":"auto","disable_parallel_tool_use":true}}`)
	h, pm, vs := history.DecodePaths(spec.FormatAnthropic, doc)
	if len(vs) > 0 {
		fmt.Println(vs)
		return
	}
	out, losses := history.Encode(spec.FormatOpenAIChat, h)
	fmt.Println(string(out))
	for _, v := range pm.Locate(losses) {
		fmt.Println(v.Error())
	}
	// Output:
	// {"messages":[{"role":"user","content":"Weather?"},{"role":"assistant","content":null,"reasoning_content":"The city.","tool_calls":[{"id":"toolu_1","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}}]}],"tool_choice":"auto","parallel_tool_calls":false}
	// toolspec: XLATE-1: messages[1].content[0]: the signature of a thinking part: openai-chat cannot carry it
}

// Decode gives the normalized history: the Anthropic user turn that
// opens with a result becomes a tool message, then a user message.
func ExampleDecode() {
	doc := []byte(`{"system":"Be brief.","messages":[
 {"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"now","input":{}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"noon"},{"type":"text","text":"And?"}]}]}`)
	h, vs := history.Decode(spec.FormatAnthropic, doc)
	fmt.Print(h.String())
	fmt.Println(len(vs), "violations")
	// Output:
	// system text "Be brief."
	// msg 0 assistant call id="toolu_1" name="now" args="{}" kind=function
	// msg 1 tool result id="toolu_1"
	// msg 1 tool content 0 text "noon"
	// msg 2 user text "And?"
	// 0 violations
}

// A PathMap tells where each element of a decoded history is in its
// document.
func ExamplePathMap_Lookup() {
	doc := []byte(`{"messages":[{"role":"user","content":[{"type":"text","text":"hi"},{"type":"tool_result","tool_use_id":"x","content":"y"}]}]}`)
	_, pm, _ := history.DecodePaths(spec.FormatAnthropic, doc)
	fmt.Println(pm.Lookup("messages[1].parts[0]"))
	fmt.Println(pm.Lookup("messages[1].parts[0].content[0]"))
	fmt.Println(pm.Lookup("messages[7]"))
	// Output:
	// messages[0].content[1]
	// messages[0].content[1].content
	// messages[7]
}
