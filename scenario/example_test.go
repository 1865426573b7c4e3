package scenario_test

import (
	"fmt"

	"github.com/toolspec/toolspec/scenario"
)

// A history scenario names its rules and its format (or, for a
// translation, from: and to:), and holds the request body.
func ExampleParseHistory() {
	data := []byte(`Two results for one call: the second is a duplicate.
rules: HIST-5
format: openai-chat
-- history.json --
{"messages":[]}
-- want --
`)
	h, err := scenario.ParseHistory("dup.txtar", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Rules, h.Format, h.Translation(), string(h.Doc))
	// Output:
	// [HIST-5] openai-chat false {"messages":[]}
}
