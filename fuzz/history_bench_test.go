package fuzz

import (
	"fmt"
	"strings"
	"testing"

	hist "github.com/toolspec/toolspec/impl/history"
	refhist "github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/spec"
)

// benchHistoryDoc is an Anthropic request of n turns, each with a thinking
// block, three parallel calls and their results.
func benchHistoryDoc(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"system":[{"type":"text","text":"Be brief."}],"messages":[`)
	for k := 0; k < n; k++ {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"role":"user","content":"Weather in city %d?"},`, k)
		fmt.Fprintf(&b, `{"role":"assistant","content":[{"type":"thinking","thinking":"Three calls.","signature":"EqQB%d"}`, k)
		for c := 0; c < 3; c++ {
			fmt.Fprintf(&b, `,{"type":"tool_use","id":"toolu_%d_%d","name":"weather","input":{"city":"C%d","units":"metric"}}`, k, c, c)
		}
		b.WriteString(`]},{"role":"user","content":[`)
		for c := 0; c < 3; c++ {
			if c > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"type":"tool_result","tool_use_id":"toolu_%d_%d","content":"18°C"}`, k, c)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`],"tools":[{"name":"weather","input_schema":{"type":"object"}}],"tool_choice":{"type":"auto"}}`)
	return []byte(b.String())
}

// BenchmarkHistoryCheckDocument decodes and checks a 100-turn Anthropic
// history with the model and with impl.
func BenchmarkHistoryCheckDocument(b *testing.B) {
	doc := benchHistoryDoc(100)
	for _, c := range []struct {
		name  string
		check func() bool
	}{
		{"model", func() bool { _, r := refhist.CheckDocument(spec.FormatAnthropic, doc); return r.OK() }},
		{"impl", func() bool { _, r := hist.CheckDocument(spec.FormatAnthropic, doc); return r.OK() }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for range b.N {
				if !c.check() {
					b.Fatal("the benchmark history has violations")
				}
			}
		})
	}
}

// BenchmarkHistoryTranslate translates the same history to OpenAI chat.
func BenchmarkHistoryTranslate(b *testing.B) {
	doc := benchHistoryDoc(100)
	for _, c := range []struct {
		name      string
		translate func() ([]byte, []spec.Violation)
	}{
		{"model", func() ([]byte, []spec.Violation) {
			return refhist.Translate(spec.FormatAnthropic, spec.FormatOpenAIChat, doc)
		}},
		{"impl", func() ([]byte, []spec.Violation) {
			return hist.Translate(spec.FormatAnthropic, spec.FormatOpenAIChat, doc)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for range b.N {
				if out, _ := c.translate(); len(out) == 0 {
					b.Fatal("no translation")
				}
			}
		})
	}
}
