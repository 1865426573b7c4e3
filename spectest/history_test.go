package spectest

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/spec"
)

// historyFormats are the formats with a history codec.
var historyFormats = []toolspec.Format{
	toolspec.FormatOpenAIChat, toolspec.FormatOpenAIResponses, toolspec.FormatAnthropic,
	toolspec.FormatOllama, toolspec.FormatGemini, toolspec.FormatBedrock,
}

// modelHistoryTranslator is the reference model's own translation.
func modelHistoryTranslator() HistoryTranslator {
	return HistoryTranslatorFunc(func(from, to toolspec.Format, doc []byte) ([]byte, error) {
		out, _ := history.Translate(from, to, doc)
		return out, nil
	})
}

// TestHistoryModelPasses: the model's own translation passes the history
// mode between every two formats, on the corpus and on random histories,
// with no failure.
func TestHistoryModelPasses(t *testing.T) {
	for _, from := range historyFormats {
		for _, to := range historyFormats {
			rep, err := CheckHistoryTranslator(modelHistoryTranslator, from, to, RandomStreams(10))
			if err != nil {
				t.Fatal(err)
			}
			if err := rep.Err(); err != nil {
				t.Errorf("%s → %s: %v", from, to, err)
			}
			if from == toolspec.FormatAnthropic && len(rep.Cases) < 10 {
				t.Errorf("%s → %s: %d cases, want the corpus's Anthropic scenarios and random histories", from, to, len(rep.Cases))
			}
		}
	}
}

// broken is a planted history translator: the model's translation with
// the History changed by mutate before it is encoded, written into the
// model's translation with its settings (XLATE-7) kept.
func broken(mutate func(*spec.History)) func() HistoryTranslator {
	return func() HistoryTranslator {
		return HistoryTranslatorFunc(func(from, to toolspec.Format, doc []byte) ([]byte, error) {
			h, _ := history.Decode(from, doc)
			mutate(&h)
			translated, _ := history.Translate(from, to, doc)
			out, _ := history.Splice(to, translated, h)
			return out, nil
		})
	}
}

// historyOnly is a planted history translator that writes the history
// alone and drops the request's settings (XLATE-7), as a translator of
// messages and tools does.
func historyOnly() HistoryTranslator {
	return HistoryTranslatorFunc(func(from, to toolspec.Format, doc []byte) ([]byte, error) {
		h, _ := history.Decode(from, doc)
		out, _ := history.Encode(to, h)
		return out, nil
	})
}

// TestHistoryBrokenTranslators: each loss of Ollama's Anthropic layer,
// planted in the model's translation, is caught with its XLATE rule and
// the path of the element lost in the source, and nothing else fails.
func TestHistoryBrokenTranslators(t *testing.T) {
	for _, c := range []struct {
		name     string
		mutate   func(*spec.History)
		from, to toolspec.Format
		only     string
		rule     toolspec.RuleID
		path     string // a path a failure must name
	}{
		{"last thinking only", keepLastThinking, toolspec.FormatAnthropic, toolspec.FormatOllama,
			"^translation/anthropic-to-ollama-thinking-system-parallel$", spec.XlateThinking, "messages[1].content[0]"},
		{"system blocks joined", joinSystem, toolspec.FormatAnthropic, toolspec.FormatOllama,
			"^translation/anthropic-to-ollama-thinking-system-parallel$", spec.XlateSystem, "system[1]"},
		{"tool choice ignored", func(h *spec.History) { h.ToolChoice = spec.ToolChoice{} }, toolspec.FormatAnthropic, toolspec.FormatOpenAIChat,
			"^translation/anthropic-to-ollama-thinking-system-parallel$", spec.XlateToolChoice, "tool_choice"},
		{"parallel setting ignored", func(h *spec.History) { h.ToolChoice.Parallel = spec.ParallelUnset }, toolspec.FormatAnthropic, toolspec.FormatOpenAIChat,
			"^translation/anthropic-to-ollama-thinking-system-parallel$", spec.XlateToolChoice, "tool_choice"},
		{"settings dropped", nil, toolspec.FormatOpenAIChat, toolspec.FormatAnthropic,
			"^translation/chat-to-anthropic-request-members$", spec.XlateSettings, "max_completion_tokens"},
		{"unknown blocks dropped", dropOpaque, toolspec.FormatAnthropic, toolspec.FormatAnthropic,
			"^translation/anthropic-to-ollama-thinking-system-parallel$", spec.XlateOpaque, "messages[1].content[3]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			translator := broken(c.mutate)
			if c.mutate == nil {
				translator = historyOnly
			}
			rep, err := CheckHistoryTranslator(translator, c.from, c.to, Only(c.only), RandomStreams(0))
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Cases) != 1 {
				t.Fatalf("%d cases, want 1", len(rep.Cases))
			}
			fs := rep.Cases[0].Failures
			if len(fs) == 0 {
				t.Fatalf("no failure; notes %q", rep.Cases[0].Notes)
			}
			paths := []string{}
			for _, f := range fs {
				if f.Rule != c.rule {
					t.Errorf("failure of rule %s, want %s only: %v", f.Rule, c.rule, f)
				}
				paths = append(paths, f.Path)
			}
			if !strings.Contains(strings.Join(paths, " "), c.path) {
				t.Errorf("failures at %q, want one at %s: %v", paths, c.path, rep.Err())
			}
		})
	}
}

// TestHistoryBrokenRandom: a planted loss is found on random histories
// too, and reported with the document that shows it.
func TestHistoryBrokenRandom(t *testing.T) {
	rep, err := CheckHistoryTranslator(broken(keepLastThinking), toolspec.FormatAnthropic, toolspec.FormatAnthropic, RandomOnly(), RandomStreams(200))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) != 1 || len(rep.Cases[0].Failures) == 0 {
		t.Fatalf("no failure on random histories: %+v", rep.Cases)
	}
	r := rep.Cases[0]
	if r.Failures[0].Rule != spec.XlateThinking || !strings.Contains(r.Message, "history.json:\n{") {
		t.Errorf("got %v\n%s", r.Failures, r.Message)
	}
}

// TestHistoryPairingVerdict: a translator that drops a result changes the
// pairing verdict (the call is no longer answered: HIST-3, or pending), and
// one that refuses a valid history fails.
func TestHistoryPairingVerdict(t *testing.T) {
	dropResults := func(h *spec.History) {
		var ms []spec.Message
		for _, m := range h.Messages {
			if m.Role != spec.RoleTool {
				ms = append(ms, m)
			}
		}
		h.Messages = ms
	}
	rep, err := CheckHistoryTranslator(broken(dropResults), toolspec.FormatOpenAIChat, toolspec.FormatAnthropic,
		Only("^pairing/chat-kimi-ids-across-turns$"), RandomStreams(0))
	if err != nil {
		t.Fatal(err)
	}
	rules := map[toolspec.RuleID]bool{}
	for _, f := range rep.Cases[0].Failures {
		rules[f.Rule] = true
	}
	if !rules[spec.HistUnanswered] || !rules[spec.XlateIdentity] {
		t.Errorf("failures %v, want HIST-3 and XLATE-5", rep.Err())
	}
	refuse := func() HistoryTranslator {
		return HistoryTranslatorFunc(func(from, to toolspec.Format, doc []byte) ([]byte, error) {
			return nil, errFixed("no")
		})
	}
	rep, _ = CheckHistoryTranslator(refuse, toolspec.FormatOpenAIChat, toolspec.FormatAnthropic, RandomStreams(0))
	var failed, passed int
	for _, c := range rep.Cases {
		if len(c.Failures) > 0 {
			failed++
		} else {
			passed++
		}
	}
	if failed == 0 || passed == 0 {
		t.Errorf("a refusing translator fails %d cases and passes %d; want it to fail the valid histories and pass the broken ones", failed, passed)
	}
}

type errFixed string

func (e errFixed) Error() string { return string(e) }

// keepLastThinking keeps only the last thinking block of each message.
func keepLastThinking(h *spec.History) {
	for i, m := range h.Messages {
		last := -1
		for j, p := range m.Parts {
			if p.Kind == spec.PartThinking {
				last = j
			}
		}
		var ps []spec.Part
		for j, p := range m.Parts {
			if p.Kind != spec.PartThinking || j == last {
				ps = append(ps, p)
			}
		}
		h.Messages[i].Parts = ps
	}
}

// joinSystem joins the system blocks into one, with no separator.
func joinSystem(h *spec.History) {
	var b strings.Builder
	for _, p := range h.System {
		b.WriteString(p.Text)
	}
	if len(h.System) > 1 {
		h.System = []spec.Part{{Kind: spec.PartText, Text: b.String()}}
	}
}

// dropOpaque drops the parts no rule knows.
func dropOpaque(h *spec.History) {
	for i, m := range h.Messages {
		var ps []spec.Part
		for _, p := range m.Parts {
			if p.Kind != spec.PartOpaque {
				ps = append(ps, p)
			}
		}
		h.Messages[i].Parts = ps
	}
}
