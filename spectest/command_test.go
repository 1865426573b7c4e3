package spectest

import (
	"io/fs"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/scenario"
)

// TestParseResponseTextThinking: toolspec's JSON outcome carries the text
// and the thinking in its items, and ParseResponse reads both from there,
// in the items' order, on every scenario that has both; a "text" or
// "thinking" field of the answer comes first.
func TestParseResponseTextThinking(t *testing.T) {
	n := 0
	for _, name := range []string{"ordering/anthropic-blocks-not-merged", "ordering/chat-text-merging", "thinking/anthropic-signature", "thinking/chat-reasoning-after-call", "thinking/gemini-signature-on-text"} {
		data, err := fs.ReadFile(Scenarios, name+".txtar")
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		out := toolspec.Reassemble(sc.Format, sc.Input, toolspec.Limits(sc.Limits))
		b, err := out.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		r, err := ParseResponse(b)
		text, thinking := textOf(out, toolspec.ItemText), textOf(out, toolspec.ItemThinking)
		if err != nil || r.Text != text || r.Thinking != thinking {
			t.Errorf("%s: text %q, thinking %q, %v; want %q, %q", name, r.Text, r.Thinking, err, text, thinking)
		}
		if text != "" && thinking != "" {
			n++
		}
		r, err = ParseResponse(append([]byte(`{"text":"t","thinking":"th",`), b[1:]...))
		if err != nil || r.Text != "t" || r.Thinking != "th" {
			t.Errorf("%s: with the fields: %q, %q, %v", name, r.Text, r.Thinking, err)
		}
	}
	if n < 3 {
		t.Errorf("%d scenarios with both text and thinking", n)
	}
}
