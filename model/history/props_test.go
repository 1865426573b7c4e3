package history

import (
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file states properties of the pairing checker, Repair and the
// history codecs that must hold for every history, well formed or not. The
// generator draws ids and names from small pools, so that shared ids,
// results for calls of another turn, duplicates and misplaced results are
// frequent.

// drawHistory draws a history of up to eight messages: user, assistant,
// tool and system messages in any order, assistant turns of text,
// thinking and calls, results whose ids and names come from the same pools
// as the calls' (or are absent).
func drawHistory(t *rapid.T) spec.History {
	ids := rapid.SampledFrom([]string{"", "call_1", "call_2", "functions.add:0", "toolu_x"})
	names := rapid.SampledFrom([]string{"", "add", "read"})
	args := rapid.SampledFrom([]string{"{}", `{"a":1}`, `{"a":`, "[1]", ""})
	text := rapid.SampledFrom([]string{"", "hi", "Reading.", "line\ntwo"})
	var h spec.History
	for i, n := 0, rapid.IntRange(0, 2).Draw(t, "system"); i < n; i++ {
		h.System = append(h.System, spec.Part{Kind: spec.PartText, Text: text.Draw(t, "system text")})
	}
	for i, n := 0, rapid.IntRange(0, 8).Draw(t, "messages"); i < n; i++ {
		var m spec.Message
		switch rapid.IntRange(0, 9).Draw(t, "role") {
		case 0, 1:
			m.Role = spec.RoleUser
			for j, k := 0, rapid.IntRange(0, 2).Draw(t, "user parts"); j < k; j++ {
				m.Parts = append(m.Parts, spec.Part{Kind: spec.PartText, Text: text.Draw(t, "text")})
			}
		case 2, 3, 4:
			m.Role = spec.RoleAssistant
			if rapid.Bool().Draw(t, "thinking") {
				m.Parts = append(m.Parts, spec.Part{Kind: spec.PartThinking, Text: text.Draw(t, "thought"), Signature: rapid.SampledFrom([]string{"", "sig"}).Draw(t, "sig")})
			}
			if rapid.Bool().Draw(t, "assistant text") {
				m.Parts = append(m.Parts, spec.Part{Kind: spec.PartText, Text: text.Draw(t, "text")})
			}
			for j, k := 0, rapid.IntRange(0, 3).Draw(t, "calls"); j < k; j++ {
				m.Parts = append(m.Parts, spec.Part{Kind: spec.PartCall, ID: ids.Draw(t, "call id"), Name: names.Draw(t, "call name"),
					Args: args.Draw(t, "args"), CallKind: spec.CallFunction})
			}
		case 5, 6, 7, 8:
			m.Role = spec.RoleTool
			r := spec.Part{Kind: spec.PartResult, ID: ids.Draw(t, "result id"), Name: names.Draw(t, "result name"),
				IsError: rapid.Bool().Draw(t, "error")}
			if rapid.Bool().Draw(t, "content") {
				r.Content = []spec.Part{{Kind: spec.PartText, Text: text.Draw(t, "result text")}}
			}
			m.Parts = []spec.Part{r}
		case 9:
			if len(h.Messages) == 0 {
				continue // system content before the first message is History.System
			}
			m.Role = spec.RoleSystem
			m.Parts = []spec.Part{{Kind: spec.PartText, Text: text.Draw(t, "text")}}
		}
		h.Messages = append(h.Messages, m)
	}
	return h
}

// historyFormats are the formats with a history codec here, and one
// that pairs by name (Ollama) for the checker and Repair, which need no
// codec.
var historyFormats = []spec.Format{spec.FormatOpenAIChat, spec.FormatAnthropic, spec.FormatOllama}

// copyHistory returns a deep copy of h.
func copyHistory(h spec.History) spec.History {
	c := h
	c.System = append([]spec.Part(nil), h.System...)
	c.Messages = nil
	for _, m := range h.Messages {
		parts := make([]spec.Part, len(m.Parts))
		for j, p := range m.Parts {
			p.Content = append([]spec.Part(nil), p.Content...)
			parts[j] = p
		}
		if m.Parts == nil {
			parts = nil
		}
		c.Messages = append(c.Messages, spec.Message{Role: m.Role, Parts: parts})
	}
	if h.Messages == nil {
		c.Messages = nil
	}
	c.Tools = append([]spec.Tool(nil), h.Tools...)
	return c
}

// TestPropCheckHistoryPure: Check gives the same report twice and
// leaves its history as it was; its violations are in document order.
func TestPropCheckHistoryPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(historyFormats).Draw(t, "format")
		h := drawHistory(t)
		before := copyHistory(h)
		r1, r2 := Check(f, h), Check(f, h)
		if !reflect.DeepEqual(r1, r2) {
			t.Fatalf("two reports differ:\n%s---\n%s", r1, r2)
		}
		if !reflect.DeepEqual(h, before) {
			t.Fatalf("Check changed its history:\n%s---\n%s", before, h)
		}
		last := [2]int{-1, -1}
		for _, v := range r1.Violations {
			i, j, ok := canonicalIndexes(v.Path)
			if !ok {
				continue // tools and the rest follow the messages
			}
			if i < last[0] || (i == last[0] && j < last[1]) {
				t.Fatalf("violations out of document order:\n%s%s", r1, h)
			}
			last = [2]int{i, j}
		}
	})
}

// canonicalIndexes parses "messages[i]" and "messages[i].parts[j]".
func canonicalIndexes(p string) (i, j int, ok bool) {
	for i := range 64 {
		for j := range 8 {
			if p == partPath(i, j) {
				return i, j, true
			}
		}
		if p == messagePath(i) {
			return i, -1, true
		}
	}
	return 0, 0, false
}

// TestPropRepairPasses: Repair's output breaks none of the pairing rules
// it repairs (but for calls without the id their format requires, which no
// result can answer); repairing it again changes nothing; every change is
// one violation of the input, and every such violation has its change;
// Repair never changes its input and never touches a part that is not a
// result, nor a pending call.
func TestPropRepairPasses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(historyFormats).Draw(t, "format")
		h := drawHistory(t)
		before := copyHistory(h)
		fixed, changes := Repair(f, h)
		if !reflect.DeepEqual(h, before) {
			t.Fatalf("Repair changed its input:\n%s---\n%s", before, h)
		}
		if bad := pairingViolations(f, fixed); len(bad) > 0 {
			t.Fatalf("Repair's output breaks %v\ninput:\n%soutput:\n%s", bad, h, fixed)
		}
		if again, more := Repair(f, fixed); len(more) > 0 || !reflect.DeepEqual(again, fixed) {
			t.Fatalf("repairing twice changes %v", more)
		}
		var want []string
		for _, v := range pairingViolations(f, h) {
			want = append(want, string(v.Rule)+" "+v.Path)
		}
		var got []string
		for _, c := range changes {
			got = append(got, string(c.Rule)+" "+c.Path)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("changes do not match the violations\nchanges:\n%s\nviolations:\n%s\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), h)
		}
		if nonResults(fixed) != nonResults(h) {
			t.Fatalf("Repair changed a part that is not a result:\n%s---\n%s", h, fixed)
		}
		if p1, p2 := Check(f, h).Pending, Check(f, fixed).Pending; len(p1) != len(p2) {
			t.Fatalf("pending calls %v became %v", p1, p2)
		}
	})
}

// nonResults renders the parts of h that are not results, in order.
func nonResults(h spec.History) string {
	var b strings.Builder
	for _, m := range h.Messages {
		for _, p := range m.Parts {
			if p.Kind != spec.PartResult {
				b.WriteString(m.Role.String() + " ")
				writeOnePart(&b, p)
			}
		}
	}
	return b.String()
}

// writeOnePart renders p as its transcript line.
func writeOnePart(b *strings.Builder, p spec.Part) {
	h := spec.History{System: []spec.Part{p}}
	b.WriteString(h.String())
}

// TestPropRepairOfPassingHistory: a history that passes the pairing rules
// comes out of Repair as it went in, with no change.
func TestPropRepairOfPassingHistory(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(historyFormats).Draw(t, "format")
		h, _ := Repair(f, drawHistory(t))
		got, changes := Repair(f, h)
		if len(changes) > 0 || !reflect.DeepEqual(got, h) {
			t.Fatalf("Repair of a passing history changed it: %v", changes)
		}
	})
}

// TestPropEncodingIsStable: in each format with a codec, encoding a
// history, decoding that, and encoding again gives the same document
// without a loss; and the decoded history has the pairing verdict of the
// history encoded, but for losses the first encoding named.
func TestPropEncodingIsStable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom([]spec.Format{spec.FormatOpenAIChat, spec.FormatAnthropic}).Draw(t, "format")
		h := drawHistory(t)
		doc, losses := Encode(f, h)
		back, vs := Decode(f, doc)
		if hasTerminal(vs) {
			t.Fatalf("the encoding does not decode: %v\n%s", vs, doc)
		}
		again, more := Encode(f, back)
		if len(more) > 0 || string(again) != string(doc) {
			t.Fatalf("encoding is not stable: %v\n%s\n%s", more, doc, again)
		}
		if len(losses) == 0 && f == spec.FormatOpenAIChat && back.String() != withoutResultNames(h).String() {
			t.Fatalf("decode(encode(h)) differs from h without a loss\n--- h\n%s--- back\n%s--- document\n%s", h, back, doc)
		}
	})
}

// withoutResultNames returns h without the names its results give, which
// a format that pairs by id does not write: the id says the call.
func withoutResultNames(h spec.History) spec.History {
	c := copyHistory(h)
	for _, m := range c.Messages {
		for j := range m.Parts {
			if m.Parts[j].Kind == spec.PartResult && m.Parts[j].ID != "" {
				m.Parts[j].Name = ""
			}
		}
	}
	return c
}
