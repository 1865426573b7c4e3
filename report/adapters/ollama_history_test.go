package adapters

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
	"github.com/toolspec/toolspec/spectest"
)

// TestOllamaAnthropicHistoryLosses: Ollama's request conversion loses, on
// the scenario built for it, the first two of three thinking blocks
// (XLATE-1) and the boundaries of the two system blocks (XLATE-2); the
// tool choice, the parallel setting and the unknown block, which the
// Ollama format cannot carry at all, are notes, not failures.
func TestOllamaAnthropicHistoryLosses(t *testing.T) {
	rep, err := spectest.CheckHistoryTranslator(OllamaAnthropicHistory, toolspec.FormatAnthropic, toolspec.FormatOllama,
		spectest.Only("^translation/anthropic-to-ollama-thinking-system-parallel$"), spectest.RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) != 1 {
		t.Fatalf("%d cases", len(rep.Cases))
	}
	c := rep.Cases[0]
	rules := map[toolspec.RuleID]int{}
	for _, f := range c.Failures {
		rules[f.Rule]++
		t.Log(f.Error())
	}
	for _, n := range c.Notes {
		t.Log(n)
	}
	if rules[spec.XlateThinking] != 2 || rules[spec.XlateSystem] == 0 {
		t.Errorf("failures by rule %v, want two XLATE-1 and XLATE-2", rules)
	}
	notes := strings.Join(c.Notes, "\n")
	for _, want := range []string{"XLATE-3 tool_choice: tool choice", "XLATE-3 tool_choice: parallel-call setting", "XLATE-4 messages[1].content[3]"} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %q in\n%s", want, notes)
		}
	}
}

// TestOllamaAnthropicHistoryOnlyAnthropic: any other pair fails.
func TestOllamaAnthropicHistoryOnlyAnthropic(t *testing.T) {
	if _, err := OllamaAnthropicHistory().TranslateHistory(toolspec.FormatOpenAIChat, toolspec.FormatOllama, []byte(`{}`)); err == nil {
		t.Error("no error for openai-chat → ollama")
	}
}
