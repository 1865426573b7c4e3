package spec

import (
	"strings"
	"testing"
)

// TestHistoryString pins the canonical transcript of a history: one line
// per part, tool and tool choice, every string quoted.
func TestHistoryString(t *testing.T) {
	h := History{
		System: []Part{{Kind: PartText, Text: "Be brief."}, {Kind: PartText, Text: "Line\ntwo"}},
		Messages: []Message{
			{Role: RoleUser, Parts: []Part{{Kind: PartText, Text: "Weather in Paris?"}, {Kind: PartImage, Data: `{"type":"image"}`, Format: FormatAnthropic}}},
			{Role: RoleAssistant, Parts: []Part{
				{Kind: PartThinking, Text: "hmm", Signature: "EqQB"},
				{Kind: PartRedacted, Data: "opaque"},
				{Kind: PartCall, ID: "toolu_1", Name: "weather", Args: `{"city":"Paris"}`, CallKind: CallFunction},
			}},
			{Role: RoleTool, Parts: []Part{{Kind: PartResult, ID: "toolu_1", IsError: true, Content: []Part{{Kind: PartText, Text: "timeout"}}}}},
			{Role: RoleSystem},
		},
		Tools:      []Tool{{Name: "weather", Description: "Current weather", Schema: `{"type":"object"}`}, {Name: "grep", Kind: CallCustom}, {Name: "web_search", Data: `{"type":"web_search_20250305","name":"web_search"}`, Format: FormatAnthropic}},
		ToolChoice: ToolChoice{Mode: ChoiceTool, Name: "weather", Parallel: ParallelDisabled},
	}
	want := `system text "Be brief."
system text "Line\ntwo"
msg 0 user text "Weather in Paris?"
msg 0 user image data="{\"type\":\"image\"}" format="anthropic"
msg 1 assistant thinking "hmm" sig="EqQB"
msg 1 assistant redacted data="opaque"
msg 1 assistant call id="toolu_1" name="weather" args="{\"city\":\"Paris\"}" kind=function
msg 2 tool result id="toolu_1" error
msg 2 tool content 0 text "timeout"
msg 3 system empty
tool name="weather" description="Current weather" schema="{\"type\":\"object\"}"
tool name="grep" kind=custom
tool name="web_search" data="{\"type\":\"web_search_20250305\",\"name\":\"web_search\"}" format="anthropic"
tool_choice mode=tool name="weather" parallel=disabled
`
	if got := h.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	if got := (History{}).String(); got != "" {
		t.Errorf("the empty history's transcript is %q, want none", got)
	}
	// Any field that differs shows in the transcript.
	for _, mut := range []func(*History){
		func(h *History) { h.Messages[1].Parts[2].ID = "toolu_2" },
		func(h *History) { h.Messages[1].Parts[2].CallKind = CallUnspecified },
		func(h *History) { h.Messages[2].Parts[0].IsError = false },
		func(h *History) { h.Messages[2].Parts[0].Content[0].Text = "time out" },
		func(h *History) { h.Messages[0].Parts[1].Format = FormatGemini },
		func(h *History) { h.ToolChoice.Parallel = ParallelAllowed },
		func(h *History) { h.Messages[3].Role = RoleUser },
		func(h *History) { h.Tools[0].Schema = "" },
		func(h *History) { h.Tools[2].Format = FormatOpenAIChat },
	} {
		g := h
		g.Messages = append([]Message(nil), h.Messages...)
		for i := range g.Messages {
			g.Messages[i].Parts = append([]Part(nil), h.Messages[i].Parts...)
		}
		g.Messages[2].Parts[0].Content = []Part{h.Messages[2].Parts[0].Content[0]}
		g.Tools = append([]Tool(nil), h.Tools...)
		mut(&g)
		if g.String() == want {
			t.Errorf("a changed history has the same transcript:\n%s", want)
		}
	}
	if s := (Part{Kind: PartKind(9)}).Kind.String(); !strings.Contains(s, "9") {
		t.Errorf("an unknown part kind prints as %q", s)
	}
}
