package history

import (
	"reflect"
	"sort"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/internal/rapidfuzz"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file holds one native fuzz target and everything it needs.

// FuzzHistoryRoundTrip checks decode∘encode on generated histories, for
// each format gen.Expressible projects on: a history the format carries
// whole reads back as itself, and any history reads back as what
// Expressible keeps of it, its encoding naming exactly the losses
// Expressible names.
func FuzzHistoryRoundTrip(f *testing.F) {
	f.Fuzz(func(ft *testing.T, input []byte) {
		rapidfuzz.Check(ft, input, func(t *rapid.T) {
			fm := rapid.SampledFrom([]spec.Format{spec.FormatOpenAIResponses, spec.FormatOllama, spec.FormatGemini, spec.FormatBedrock}).Draw(t, "format")
			var h spec.History
			if rapid.Bool().Draw(t, "whole") {
				h = gen.History(t, fm)
			} else {
				h = gen.AnyHistory(t, rapid.Bool().Draw(t, "ids"))
			}
			want, wantLosses := gen.Expressible(fm, h)
			doc, losses := Encode(fm, h)
			var got, w []string
			for _, v := range losses {
				got = append(got, string(v.Rule)+" "+v.Path)
			}
			for _, l := range wantLosses {
				w = append(w, string(l.Rule)+" "+l.Path)
			}
			sort.Strings(got)
			sort.Strings(w)
			if !reflect.DeepEqual(got, w) {
				t.Fatalf("%s losses %q, want %q", fm, got, w)
			}
			back, vs := Decode(fm, doc)
			for _, v := range vs {
				if v.Rule != spec.HistCall {
					t.Fatalf("%s: decoding %s: %s", fm, doc, v.Error())
				}
			}
			if !reflect.DeepEqual(fhrNorm(back), fhrNorm(want)) {
				t.Fatalf("%s: %s reads back as\n%+v\nnot\n%+v", fm, doc, back, want)
			}
		})
	})
}

// fhrNorm makes empty slices nil.
func fhrNorm(h spec.History) spec.History {
	parts := func(ps []spec.Part) []spec.Part {
		if len(ps) == 0 {
			return nil
		}
		out := append([]spec.Part(nil), ps...)
		for i := range out {
			if len(out[i].Content) == 0 {
				out[i].Content = nil
			}
		}
		return out
	}
	out := spec.History{System: parts(h.System), ToolChoice: h.ToolChoice}
	for _, m := range h.Messages {
		out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: parts(m.Parts)})
	}
	if len(h.Tools) > 0 {
		out.Tools = h.Tools
	}
	return out
}
