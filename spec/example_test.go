package spec_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/toolspec/toolspec/spec"
)

// An outcome encodes in the schema the toolspec command prints.
func ExampleOutcome_MarshalJSON() {
	out := spec.Outcome{
		Format:   spec.FormatOllama,
		Messages: 1,
		Items: []spec.Item{
			{Kind: spec.ItemText, Text: "Reading it.", Call: spec.NoCall},
			{Kind: spec.ItemCall, Call: 0},
		},
		Calls: []spec.Call{{
			ID: "PpZ8JqRmm", Name: "read_file", Args: `{"path":"/etc/hostname"}`,
			Status: spec.StatusComplete, Kind: spec.CallFunction,
		}},
		Stops: []spec.Stop{{Reason: spec.StopToolUse, Raw: "stop"}},
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Println(err)
	}

	var back spec.Outcome
	b, _ := json.Marshal(out)
	if err := json.Unmarshal(b, &back); err != nil {
		fmt.Println(err)
	}
	fmt.Println(back.String() == out.String())
	// Output:
	// {
	//   "format": "ollama",
	//   "messages": 1,
	//   "calls": [
	//     {
	//       "id": "PpZ8JqRmm",
	//       "name": "read_file",
	//       "arguments": "{\"path\":\"/etc/hostname\"}",
	//       "status": "complete",
	//       "kind": "function",
	//       "server": false,
	//       "message": 0,
	//       "choice": 0
	//     }
	//   ],
	//   "items": [
	//     {
	//       "kind": "text",
	//       "message": 0,
	//       "choice": 0,
	//       "text": "Reading it."
	//     },
	//     {
	//       "kind": "call",
	//       "message": 0,
	//       "choice": 0,
	//       "call": 0
	//     }
	//   ],
	//   "stop_reason": "tool_use",
	//   "stops": [
	//     {
	//       "message": 0,
	//       "choice": 0,
	//       "reason": "tool_use",
	//       "raw": "stop"
	//     }
	//   ],
	//   "violations": []
	// }
	// true
}

// A status is its name in text, and a name that no status has is an
// error.
func ExampleStatus_MarshalText() {
	b, _ := spec.StatusIncomplete.MarshalText()
	fmt.Println(string(b))

	j, _ := json.Marshal(map[string]spec.Status{"status": spec.StatusComplete})
	fmt.Println(string(j))

	var s spec.Status
	fmt.Println(s.UnmarshalText([]byte("invalid")), s)
	fmt.Println(s.UnmarshalText([]byte("done")), s)
	// Output:
	// incomplete
	// {"status":"complete"}
	// <nil> invalid
	// toolspec: unknown status "done" invalid
}

// A history prints as its canonical transcript, one line per part.
func ExampleHistory_String() {
	h := spec.History{
		System: []spec.Part{{Kind: spec.PartText, Text: "Be brief."}},
		Messages: []spec.Message{
			{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Weather in Paris?"}}},
			{Role: spec.RoleAssistant, Parts: []spec.Part{{Kind: spec.PartCall, ID: "call_1", Name: "weather", Args: `{"city":"Paris"}`}}},
			{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "call_1", Content: []spec.Part{{Kind: spec.PartText, Text: "18°C"}}}}},
		},
		ToolChoice: spec.ToolChoice{Mode: spec.ChoiceAuto, Parallel: spec.ParallelDisabled},
	}
	fmt.Print(h.String())
	// Output:
	// system text "Be brief."
	// msg 0 user text "Weather in Paris?"
	// msg 1 assistant call id="call_1" name="weather" args="{\"city\":\"Paris\"}"
	// msg 2 tool result id="call_1"
	// msg 2 tool content 0 text "18°C"
	// tool_choice mode=auto parallel=disabled
}

// The rules of conversation histories are apart from those of streams.
func ExampleRuleID_OfHistory() {
	for _, id := range []spec.RuleID{spec.IDDuplicate, spec.HistDupID, spec.XlateThinking} {
		fmt.Println(id, id.Area(), id.OfHistory())
	}
	// Output:
	// ID-7 ID false
	// HIST-2 HIST true
	// XLATE-1 XLATE true
}

// An adapter MUST never present a call its stream cut as finished; it MAY
// repair a duplicate id, which toolspec keeps verbatim.
func ExampleLevelOf() {
	for _, r := range spec.RuleRequirements(spec.IDDuplicate) {
		fmt.Println(r.Rule, r.Clause, r.Level)
	}
	l, _ := spec.LevelOf(spec.EndTruncation, "cut-never-finished")
	fmt.Println(l)
	// Output:
	// ID-7 kept-apart MUST
	// ID-7 duplicate-id MAY
	// MUST
}
