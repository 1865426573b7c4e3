package history

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// sevenCallsStream is a stream of 7 parallel calls of "add" whose stops
// arrive batched at the end, as OpenAI-compatible servers send them: every
// call starts, the argument fragments interleave, and only then do the
// calls end (Anthropic: the seven content_block_stop events after all the
// deltas, the thinking and text blocks' stops with them; OpenAI chat: the
// one finish_reason that closes them all). The Anthropic stream opens with
// a signed thinking block, redacted reasoning and text, so that the turn's
// order is tested too.
func sevenCallsStream(f spec.Format) []byte {
	var b strings.Builder
	switch f {
	case spec.FormatOpenAIChat:
		chunk := func(delta, finish string) {
			fmt.Fprintf(&b, `data: {"id":"chatcmpl-7","object":"chat.completion.chunk","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}`+"\n\n", delta, finish)
		}
		chunk(`{"role":"assistant","content":"Adding."}`, "null")
		for k := 0; k < 7; k++ {
			chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"id":"call_%d","type":"function","function":{"name":"add","arguments":""}}]}`, k, k), "null")
		}
		for k := 0; k < 7; k++ {
			chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":"{\"a\": "}}]}`, k), "null")
		}
		for k := 6; k >= 0; k-- {
			chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":"%d}"}}]}`, k, k), "null")
		}
		chunk(`{}`, `"tool_calls"`)
		b.WriteString("data: [DONE]\n\n")
	case spec.FormatAnthropic:
		ev := func(typ, data string) { fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, data) }
		ev("message_start", `{"type":"message_start","message":{"id":"msg_7","type":"message","role":"assistant","content":[],"stop_reason":null}}`)
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`)
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Seven sums."}}`)
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBsig=="}}`)
		ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"EmwKAhgBredacted"}}`)
		ev("content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"text","text":""}}`)
		ev("content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"Adding."}}`)
		for k := 0; k < 7; k++ {
			ev("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"toolu_%d","name":"add","input":{}}}`, k+3, k))
		}
		for k := 0; k < 7; k++ {
			ev("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":"{\"a\": "}}`, k+3))
		}
		for k := 6; k >= 0; k-- {
			ev("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":"%d}"}}`, k+3, k))
		}
		for k := 0; k < 10; k++ {
			ev("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, k))
		}
		ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":90}}`)
		ev("message_stop", `{"type":"message_stop"}`)
	}
	return []byte(b.String())
}

// TestAssistantTurnSevenCalls: a stream of seven parallel calls whose stops
// arrive batched at the end becomes an assistant turn with the seven calls
// (and, in Anthropic, the thinking with its signature, the redacted
// reasoning and the text before them, in order); with the seven results
// appended the history passes the pairing check in each of the six
// formats (encoded, decoded, checked), and with only the first call kept
// the six other results are orphans (HIST-1) in each.
func TestAssistantTurnSevenCalls(t *testing.T) {
	for _, sf := range []spec.Format{spec.FormatOpenAIChat, spec.FormatAnthropic} {
		o := model.Reassemble(sf, sevenCallsStream(sf), spec.Limits{})
		if len(o.Violations) > 0 || len(o.Calls) != 7 {
			t.Fatalf("%s: the stream reassembles to\n%s", sf, o)
		}
		turn, changes, err := AssistantTurn(o, 0, TurnOptions{})
		if err != nil || len(changes) > 0 {
			t.Fatalf("%s: AssistantTurn: %v, changes %v", sf, err, changes)
		}
		var want []string
		if sf == spec.FormatAnthropic {
			want = append(want, `thinking "Seven sums." sig "EqQBsig=="`, `redacted "EmwKAhgBredacted"`)
		}
		want = append(want, `text "Adding."`)
		prefix := map[spec.Format]string{spec.FormatOpenAIChat: "call_", spec.FormatAnthropic: "toolu_"}[sf]
		for k := 0; k < 7; k++ {
			want = append(want, fmt.Sprintf(`call %s%d add {"a":%d}`, prefix, k, k))
		}
		if got := partLines(turn); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s: turn\n%s\nwant\n%s", sf, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}

		user := spec.Message{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Add 0 to 6."}}}
		h := spec.History{Messages: []spec.Message{user, turn}, Tools: []spec.Tool{{Name: "add", Schema: `{"type":"object"}`, Kind: spec.CallFunction}}}
		for _, p := range turn.Parts {
			if p.Kind == spec.PartCall {
				h.Messages = append(h.Messages, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: p.ID, Name: p.Name,
					Content: []spec.Part{{Kind: spec.PartText, Text: "ok"}}}}})
			}
		}
		if rep := Check(sf, h); !rep.OK() || len(rep.Pending) > 0 {
			t.Errorf("%s: the history with seven results: %s", sf, rep)
		}
		pending := spec.History{Messages: h.Messages[:2], Tools: h.Tools}
		if rep := Check(sf, pending); !rep.OK() || len(rep.Pending) != 7 {
			t.Errorf("%s: the turn alone has %d pending calls, want 7: %s", sf, len(rep.Pending), rep)
		}
		one := h
		one.Messages = append([]spec.Message(nil), h.Messages...)
		var kept []spec.Part
		calls := 0
		for _, p := range turn.Parts {
			if p.Kind == spec.PartCall {
				if calls++; calls > 1 {
					continue
				}
			}
			kept = append(kept, p)
		}
		one.Messages[1] = spec.Message{Role: spec.RoleAssistant, Parts: kept}
		for _, f := range spec.Formats {
			doc, _ := Encode(f, h) // losses (signatures in chat, ...) are the codecs' business
			if _, rep := CheckDocument(f, doc); !rep.OK() || len(rep.Pending) > 0 {
				t.Errorf("%s → %s: seven answered calls: %s\n%s", sf, f, rep, doc)
			}
			doc, _ = Encode(f, one)
			_, rep := CheckDocument(f, doc)
			orphans := 0
			for _, v := range rep.Violations {
				if v.Rule == spec.HistOrphan {
					orphans++
				}
			}
			if orphans != 6 || len(rep.Violations) != 6 {
				t.Errorf("%s → %s: one call kept, seven results: %s", sf, f, rep)
			}
		}
	}
}

// partLines describes each part of m on one line, for comparison.
func partLines(m spec.Message) []string {
	var out []string
	for _, p := range m.Parts {
		switch p.Kind {
		case spec.PartCall:
			out = append(out, fmt.Sprintf("call %s %s %s", p.ID, p.Name, p.Args))
		case spec.PartRedacted:
			out = append(out, fmt.Sprintf("redacted %q", p.Data))
		default:
			line := fmt.Sprintf("%s %q", p.Kind, p.Text)
			if p.Signature != "" {
				line += fmt.Sprintf(" sig %q", p.Signature)
			}
			out = append(out, line)
		}
	}
	return out
}

// TestAssistantTurnFailsClosed: an incomplete call, an invalid call, a
// server call and an item whose content the outcome lacks make
// AssistantTurn fail with a violation naming the item and the call; with
// DropUnfinished each is left out with a change; signatures and the
// Responses reasoning mapping are as documented.
func TestAssistantTurnFailsClosed(t *testing.T) {
	call := func(ord int, st spec.Status, args string) spec.Call {
		return spec.Call{Ordinal: ord, ID: fmt.Sprintf("c%d", ord), Name: "f", Args: args, Status: st, Kind: spec.CallFunction}
	}
	items := func(calls ...spec.Call) []spec.Item {
		its := []spec.Item{{Kind: spec.ItemText, Text: "hi", Call: spec.NoCall}}
		for _, c := range calls {
			its = append(its, spec.Item{Kind: spec.ItemCall, Call: c.Ordinal})
		}
		return its
	}
	server := call(1, spec.StatusComplete, `{}`)
	server.Server = true
	for _, tc := range []struct {
		name string
		o    spec.Outcome
		rule spec.RuleID
		path string
		call int
	}{
		{"incomplete", spec.Outcome{Messages: 1, Calls: []spec.Call{call(0, spec.StatusComplete, `{}`), call(1, spec.StatusIncomplete, `{"a":`)}, Items: items(call(0, 0, ""), call(1, 0, ""))}, spec.EndTruncation, "items[2]", 1},
		{"invalid", spec.Outcome{Messages: 1, Calls: []spec.Call{call(0, spec.StatusInvalid, `[1]`)}, Items: items(call(0, 0, ""))}, spec.HistCall, "items[1]", 0},
		{"server", spec.Outcome{Messages: 1, Calls: []spec.Call{call(0, spec.StatusComplete, `{}`), server}, Items: items(call(0, 0, ""), server)}, spec.XlateOpaque, "items[2]", 1},
		{"other", spec.Outcome{Messages: 1, Items: append(items(), spec.Item{Kind: spec.ItemOther, Call: spec.NoCall})}, spec.XlateOpaque, "items[1]", spec.NoCall},
	} {
		_, _, err := AssistantTurn(tc.o, 0, TurnOptions{})
		var v *spec.Violation
		if !errors.As(err, &v) || v.Rule != tc.rule || v.Path != tc.path || v.Call != tc.call {
			t.Errorf("%s: error %v, want %s at %s naming call %d", tc.name, err, tc.rule, tc.path, tc.call)
			continue
		}
		m, changes, err := AssistantTurn(tc.o, 0, TurnOptions{DropUnfinished: true})
		if err != nil || len(changes) != 1 || changes[0].Rule != tc.rule || changes[0].Path != tc.path || !strings.HasPrefix(changes[0].Message, "dropped ") {
			t.Errorf("%s: dropping: %v, changes %v", tc.name, err, changes)
		}
		if n := len(partLines(m)); n != len(tc.o.Items)-1 {
			t.Errorf("%s: %d parts kept of %d items, one dropped: %q", tc.name, n, len(tc.o.Items), partLines(m))
		}
	}

	// Errors that no option turns into a drop.
	cut := spec.Outcome{Messages: 1, Items: items(), Violations: []spec.Violation{{Rule: spec.FramePayload, Class: spec.ClassTerminal, Call: spec.NoCall}}}
	for name, tc := range map[string]struct {
		o   spec.Outcome
		msg int
	}{
		"terminal violation": {cut, 0},
		"no such message":    {spec.Outcome{Messages: 1, Items: items()}, 1},
		"negative message":   {spec.Outcome{Messages: 1, Items: items()}, -1},
		"no content":         {spec.Outcome{Messages: 1}, 0},
		"only dropped":       {spec.Outcome{Messages: 1, Items: []spec.Item{{Kind: spec.ItemOther, Call: spec.NoCall}}}, 0},
		"dangling call item": {spec.Outcome{Messages: 1, Items: []spec.Item{{Kind: spec.ItemCall, Call: 4}}}, 0},
	} {
		if _, _, err := AssistantTurn(tc.o, tc.msg, TurnOptions{DropUnfinished: true}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}

	// Signatures: a second one on text is an empty part after it; one on
	// its own an empty thinking part; a Responses reasoning item's
	// encrypted content redacted parts; only choice 1's items with
	// Choice 1; arguments compacted.
	o := spec.Outcome{Messages: 1, Calls: []spec.Call{{Ordinal: 0, Choice: 1, ID: "x", Name: "f", Args: "{ \"a\" : 1 }", Status: spec.StatusComplete, Kind: spec.CallFunction, Signatures: []string{"cs"}}},
		Items: []spec.Item{
			{Kind: spec.ItemText, Text: "other choice", Call: spec.NoCall},
			{Kind: spec.ItemText, Choice: 1, Text: "t", Signatures: []string{"s1", "s2"}, Call: spec.NoCall},
			{Kind: spec.ItemSignature, Choice: 1, Signatures: []string{"s3"}, Call: spec.NoCall},
			{Kind: spec.ItemCall, Choice: 1, Call: 0},
		}}
	m, _, err := AssistantTurn(o, 0, TurnOptions{Choice: 1})
	want := []string{`text "t" sig "s1"`, `text "" sig "s2"`, `thinking "" sig "s3"`, `call x f {"a":1}`}
	if err != nil || strings.Join(partLines(m), "\n") != strings.Join(want, "\n") || m.Parts[3].Signature != "cs" {
		t.Errorf("signatures: %v\n%q\nwant %q", err, partLines(m), want)
	}
	r := spec.Outcome{Format: spec.FormatOpenAIResponses, Messages: 1, Items: []spec.Item{
		{Kind: spec.ItemThinking, Text: "plan", Signatures: []string{"enc1"}, Call: spec.NoCall},
		{Kind: spec.ItemThinking, Signatures: []string{"enc2"}, Call: spec.NoCall},
	}}
	m, _, err = AssistantTurn(r, 0, TurnOptions{})
	want = []string{`thinking "plan"`, `redacted "enc1"`, `redacted "enc2"`}
	if err != nil || strings.Join(partLines(m), "\n") != strings.Join(want, "\n") {
		t.Errorf("responses reasoning: %v\n%q\nwant %q", err, partLines(m), want)
	}
}

// TestPropAssistantTurnPairs: on generated streams of every format, valid
// or mutated, AssistantTurn with DropUnfinished either fails for a reason
// it documents (a terminal violation, no content) or builds a turn whose
// calls are exactly the message's complete client calls with at most one
// signature, whose changes name exactly the other items it left out, and
// which the pairing checker accepts as a last turn: every call pending, no
// violation but a missing id the format needs (HIST-6), which a stream
// without ids cannot supply. Without DropUnfinished it fails exactly when
// something would be dropped.
func TestPropAssistantTurnPairs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(spec.Formats).Draw(t, "format")
		var data []byte
		if rapid.Bool().Draw(t, "mutated") {
			data, _ = gen.Mutated(t, f)
		} else {
			_, data = gen.Valid(t, f)
		}
		o := model.Reassemble(f, data, spec.Limits{})
		terminal := false
		for _, v := range o.Violations {
			terminal = terminal || v.Class == spec.ClassTerminal
		}
		for msg := 0; msg < o.Messages; msg++ {
			turn, changes, err := AssistantTurn(o, msg, TurnOptions{DropUnfinished: true})
			items, want := 0, 0
			for _, it := range o.Items {
				if it.Message != msg || it.Choice != 0 {
					continue
				}
				items++
				if it.Kind == spec.ItemCall {
					c := o.Calls[it.Call]
					if c.Status == spec.StatusComplete && !c.Server && len(c.Signatures) <= 1 && !c.Kind.IsItem() {
						want++
					}
				}
			}
			if terminal || items == 0 {
				if err == nil {
					t.Fatalf("message %d: no error with a terminal violation (%v) or no items (%d)\n%s", msg, terminal, items, o)
				}
				continue
			}
			if err != nil {
				if len(changes) != items {
					t.Fatalf("message %d: %v with %d of %d items dropped\n%s", msg, err, len(changes), items, o)
				}
				continue
			}
			got := 0
			for _, p := range turn.Parts {
				if p.Kind == spec.PartCall {
					got++
				}
			}
			if got != want {
				t.Fatalf("message %d: %d calls in the turn, want %d\n%s", msg, got, want, o)
			}
			_, _, strictErr := AssistantTurn(o, msg, TurnOptions{})
			if (strictErr == nil) != (len(changes) == 0) {
				t.Fatalf("message %d: without DropUnfinished error %v, with it %d changes %v", msg, strictErr, len(changes), changes)
			}
			h := spec.History{Messages: []spec.Message{{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "go"}}}, turn}}
			rep := Check(f, h)
			for _, v := range rep.Violations {
				if v.Rule != spec.HistCall || !strings.Contains(v.Message, "no id") {
					t.Fatalf("message %d: the turn breaks %v\n%s\n%s", msg, v, o, histDump(h))
				}
			}
			if len(rep.Pending) != got {
				t.Fatalf("message %d: %d pending, %d calls\n%s", msg, len(rep.Pending), got, rep)
			}
		}
	})
}
