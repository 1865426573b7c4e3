package spectest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
)

// toAnthropic is a translator from any format to Anthropic SSE built on
// toolspec: it reassembles the source and writes the outcome's first
// choice back as Anthropic events, failing the stream closed with an
// error event when the source is not whole. bug plants one of the
// Ollama converter's known faults.
type toAnthropic struct{ bug string }

func (t toAnthropic) Translate(s Stream) ([]byte, error) {
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	var b strings.Builder
	ev := func(typ string, v map[string]any) {
		v["type"] = typ
		j, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, j)
	}
	seenIDs, afterContent := map[string]bool{}, false
	for m := 0; m < out.Messages; m++ {
		ev("message_start", map[string]any{"message": map[string]any{"id": fmt.Sprintf("msg_%d", m), "type": "message", "role": "assistant", "content": []any{}, "model": "m"}})
		block, calls := 0, 0
		for _, it := range out.Items {
			if it.Choice != 0 || it.Message != m {
				continue
			}
			switch it.Kind {
			case toolspec.ItemText, toolspec.ItemThinking:
				kind, delta, field := "text", "text_delta", "text"
				if it.Kind == toolspec.ItemThinking {
					kind, delta, field = "thinking", "thinking_delta", "thinking"
					if t.bug == "late thinking lost" && afterContent {
						continue
					}
				} else {
					afterContent = true
				}
				ev("content_block_start", map[string]any{"index": block, "content_block": map[string]any{"type": kind, field: ""}})
				ev("content_block_delta", map[string]any{"index": block, "delta": map[string]any{"type": delta, field: it.Text}})
				ev("content_block_stop", map[string]any{"index": block})
				block++
			case toolspec.ItemCall:
				c := out.Calls[it.Call]
				afterContent = true
				if c.Server || c.Kind == toolspec.CallCustom || c.Kind.IsItem() {
					continue
				}
				if t.bug == "calls deduplicated by id" {
					if seenIDs[c.ID] {
						continue
					}
					seenIDs[c.ID] = true
				}
				id := c.ID
				if id == "" {
					id = fmt.Sprintf("toolu_%d", c.Ordinal)
				}
				ev("content_block_start", map[string]any{"index": block, "content_block": map[string]any{"type": "tool_use", "id": id, "name": c.Name, "input": map[string]any{}}})
				ev("content_block_delta", map[string]any{"index": block, "delta": map[string]any{"type": "input_json_delta", "partial_json": c.Args}})
				if c.Status == toolspec.StatusComplete {
					ev("content_block_stop", map[string]any{"index": block})
				}
				block++
				calls++
			}
		}
		reason := toolspec.StopNone
		for _, st := range out.Stops {
			if st.Message == m && st.Choice == 0 {
				reason = st.Reason
			}
		}
		if t.bug == "length is tool_use" && calls > 0 && reason == toolspec.StopLength {
			reason = toolspec.StopToolUse
		}
		raw, ok := map[toolspec.StopReason]string{
			toolspec.StopEnd: "end_turn", toolspec.StopToolUse: "tool_use", toolspec.StopLength: "max_tokens",
			toolspec.StopSequence: "stop_sequence", toolspec.StopRefusal: "refusal", toolspec.StopPause: "pause_turn",
			toolspec.StopOther: "unknown_reason",
		}[reason]
		if !ok && reason != toolspec.StopTruncated && reason != toolspec.StopError {
			raw, ok = "end_turn", true // a reason Anthropic has no name for
		}
		if !ok {
			// Cut or failed: fail the stream closed.
			msg := "the source stream ended with stop reason " + string(reason)
			if len(out.Violations) > 0 {
				msg = out.Err().Error()
			}
			ev("error", map[string]any{"error": map[string]any{"type": "api_error", "message": msg}})
			return []byte(b.String()), nil
		}
		ev("message_delta", map[string]any{"delta": map[string]any{"stop_reason": raw}})
		ev("message_stop", map[string]any{})
	}
	if len(out.Violations) > 0 {
		ev("error", map[string]any{"error": map[string]any{"type": "api_error", "message": out.Err().Error()}})
	}
	return []byte(b.String()), nil
}

// TestTranslatorCorrect: the reference translator passes from every
// format to Anthropic.
func TestTranslatorCorrect(t *testing.T) {
	for _, from := range toolspec.Formats() {
		rep, err := CheckTranslator(func() Translator { return toAnthropic{} }, from, toolspec.FormatAnthropic, RandomStreams(30), Seed(1))
		if err != nil {
			t.Fatal(err)
		}
		if err := rep.Err(); err != nil {
			t.Errorf("%s → anthropic:\n%s", from, head(err.Error(), 20))
		}
	}
}

// TestTranslatorBugsCaught: the Ollama converter's known faults, planted
// into the reference translator, are each caught with their rule: at MUST
// level, but for lost thinking, a warning (THINK-1 is SHOULD: reasoning
// is no call).
func TestTranslatorBugsCaught(t *testing.T) {
	for _, c := range []struct {
		bug   string
		rule  toolspec.RuleID
		level spec.Level
	}{
		{"length is tool_use", toolspec.EndTruncation, spec.LevelMust},
		{"calls deduplicated by id", toolspec.OrdFirstSeen, spec.LevelMust},
		{"late thinking lost", toolspec.ThinkOrder, spec.LevelShould},
	} {
		t.Run(c.bug, func(t *testing.T) {
			rep, err := CheckTranslator(func() Translator { return toAnthropic{bug: c.bug} }, toolspec.FormatOllama, toolspec.FormatAnthropic, RandomStreams(100), Seed(2))
			if err != nil {
				t.Fatal(err)
			}
			var all []string
			for _, x := range rep.Cases {
				for _, f := range append(x.Failures, x.Warnings...) {
					if f.Rule == c.rule && f.Level == c.level {
						all = append(all, f.Error())
					}
				}
			}
			if len(all) == 0 {
				t.Errorf("no %s departure names %s:\n%s", c.level, c.rule, head(fmt.Sprint(rep.Err()), 20))
			}
		})
	}
}
