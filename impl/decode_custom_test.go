package impl

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// tc is a chat chunk whose one choice's delta carries the tool_calls
// entries given.
func tc(entries string) string {
	return oaiChunk(`{"index":0,"delta":{"tool_calls":[` + entries + `]}}`)
}

// TestImplOpenAIChatCustomCalls pins, as model's TestOpenAIChatCustomCalls does, how tool_calls entries say their kind
// (NAME-4): by their function or custom member, else by their type; an
// entry with both yields one fragment of each kind, the typed one first.
func TestImplOpenAIChatCustomCalls(t *testing.T) {
	oaiRun(t, newChatDecoder, []oaiCase{
		{name: "custom opener", in: tc(`{"index":0,"id":"c1","type":"custom","custom":{"name":"apply_patch","input":""}}`),
			want: []string{`#1 fragment index=0 pos=0 id="c1" name="apply_patch" kind=custom`}},
		{name: "custom input without type", in: tc(`{"index":0,"custom":{"input":"x y"}}`),
			want: []string{`#1 fragment index=0 pos=0 kind=custom data="x y"`}},
		{name: "type alone says custom", in: tc(`{"index":0,"id":"c1","type":"custom"}`),
			want: []string{`#1 fragment index=0 pos=0 id="c1" kind=custom`}},
		{name: "both, function typed first", in: tc(`{"index":0,"id":"c1","type":"function","function":{"name":"f","arguments":"{}"},"custom":{"name":"g","input":"z"}}`),
			want: []string{`#1 fragment index=0 pos=0 id="c1" name="f" data="{}"`, `#1 fragment index=0 pos=0 name="g" kind=custom data="z"`}},
		{name: "both, custom typed first", in: tc(`{"index":0,"id":"c1","type":"custom","function":{"name":"f"},"custom":{"name":"g"}}`),
			want: []string{`#1 fragment index=0 pos=0 id="c1" name="g" kind=custom`, `#1 fragment index=0 pos=0 name="f"`}},
		{name: "null custom is absent", in: tc(`{"index":0,"custom":null,"function":{"arguments":"a"}}`),
			want: []string{`#1 fragment index=0 pos=0 data="a"`}},
		{name: "custom not an object", in: tc(`{"index":0,"custom":"x"}`), rule: spec.FrameFieldType, msg: `tool_calls[].custom: want an object, got "\"x\""`},
		{name: "custom input not a string", in: tc(`{"index":0,"custom":{"input":{"a":1}}}`), rule: spec.FrameFieldType, msg: `custom.input: want a string, got "{\"a\":1}"`},
		{name: "type not a string", in: tc(`{"index":0,"type":1}`), rule: spec.FrameFieldType, msg: `tool_calls[].type: want a string, got "1"`},
	})
}
