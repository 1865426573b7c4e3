package conformance

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
	"github.com/toolspec/toolspec/spectest"
)

// fakeHistories is a history run with one failure of XLATE-1 and a note
// of XLATE-3.
func fakeHistories() []HistoryResult {
	l := HistoryLibraries()[0]
	return []HistoryResult{{Library: l, Cases: []spectest.CaseResult{
		{Name: "translation/a", Failures: []spectest.Failure{{Case: "translation/a", Rule: spec.XlateThinking, Path: "messages[1].content[0]", Got: "a translation without the thinking block \"x\"", Want: "it kept"}},
			Notes: []string{"cannot carry: XLATE-3 tool_choice: tool choice: Ollama has none"}},
		{Name: "pairing/b"},
	}}}
}

// TestRenderHistories: the section has a row per HIST and XLATE rule,
// with the failure linked and the note counted, and the check accepts it
// and refuses it without its table or with a broken link.
func TestRenderHistories(t *testing.T) {
	sec := RenderHistories(fakeHistories())
	for _, want := range []string{
		"| XLATE-1 | ", "[**FAIL** (1)](#histories-ollama-anthropic-requests-xlate-1) |",
		"| cannot carry (1) |", "| HIST-1 | ", "- translation/a at `messages[1].content[0]`: got a translation without the thinking block \"x\", want it kept",
	} {
		if !bytes.Contains(sec, []byte(want)) {
			t.Errorf("the section lacks %q\n%s", want, sec)
		}
	}
	doc := SpliceHistories([]byte("# t\n\n## Notes\n\nn\n"), sec)
	if err := checkHistories(doc, parse(doc).tables()); err != nil {
		t.Errorf("the check refuses the section: %v\n%s", err, doc)
	}
	if again := SpliceHistories(doc, sec); !bytes.Equal(again, doc) {
		t.Errorf("splicing twice changes the document\n%s\n---\n%s", doc, again)
	}
	broken := bytes.ReplaceAll(doc, []byte(`<a id="histories-ollama-anthropic-requests-xlate-1"></a>`), nil)
	if err := checkHistories(broken, parse(broken).tables()); err == nil || !strings.Contains(err.Error(), "no list of failures") {
		t.Errorf("a broken link passes: %v", err)
	}
	none := []byte("# t\n\n## Notes\n\nn\n")
	if err := checkHistories(none, parse(none).tables()); err == nil {
		t.Error("a report without the history table passes")
	}
}

// TestSpliceHistoriesKeepsFollowing: a section in the middle is replaced
// and what follows it kept.
func TestSpliceHistoriesKeepsFollowing(t *testing.T) {
	doc := []byte("# t\n\n## Histories\n\nold\n\n## After\n\nkept\n")
	got := string(SpliceHistories(doc, []byte("## Histories\n\nnew\n")))
	if got != "# t\n\n## Histories\n\nnew\n\n## After\n\nkept\n" {
		t.Errorf("got %q", got)
	}
}
