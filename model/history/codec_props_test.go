package history

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file states the properties of the history codecs of Responses,
// Ollama, Gemini and Bedrock against gen's own account of what each format
// carries (gen.Expressible): an encoding loses exactly what Expressible
// says, its decoding reads back exactly what Expressible keeps, and a
// translation there and back loses nothing the middle format can carry.

// projectedFormats are the formats gen.Expressible projects on.
var projectedFormats = []spec.Format{spec.FormatOpenAIResponses, spec.FormatOllama, spec.FormatGemini, spec.FormatBedrock}

// normHistory returns h with empty slices made nil, the form decoders
// return, so that reflect.DeepEqual compares meaning.
func normHistory(h spec.History) spec.History {
	parts := func(ps []spec.Part) []spec.Part {
		if len(ps) == 0 {
			return nil
		}
		out := make([]spec.Part, len(ps))
		for i, p := range ps {
			if len(p.Content) == 0 {
				p.Content = nil
			} else {
				p.Content = append([]spec.Part(nil), p.Content...)
			}
			out[i] = p
		}
		return out
	}
	out := spec.History{System: parts(h.System), ToolChoice: h.ToolChoice}
	for _, m := range h.Messages {
		out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: parts(m.Parts)})
	}
	if len(h.Tools) > 0 {
		out.Tools = append([]spec.Tool(nil), h.Tools...)
	}
	return out
}

// histDump prints h one element per line, for diffs in failures.
func histDump(h spec.History) string {
	var b strings.Builder
	part := func(indent, path string, p spec.Part) {
		fmt.Fprintf(&b, "%s%s kind=%d text=%q sig=%q data=%q format=%q id=%q name=%q args=%q callkind=%s error=%v",
			indent, path, p.Kind, p.Text, p.Signature, p.Data, p.Format, p.ID, p.Name, p.Args, p.CallKind, p.IsError)
		if p.ItemID != "" || p.Namespace != "" {
			fmt.Fprintf(&b, " item_id=%q namespace=%q", p.ItemID, p.Namespace)
		}
		b.WriteByte('\n')
		for k, c := range p.Content {
			fmt.Fprintf(&b, "%s  content[%d] kind=%d text=%q sig=%q data=%q format=%q\n", indent, k, c.Kind, c.Text, c.Signature, c.Data, c.Format)
		}
	}
	for i, p := range h.System {
		part("", systemPath(i), p)
	}
	for i, m := range h.Messages {
		fmt.Fprintf(&b, "%s role=%d\n", messagePath(i), m.Role)
		for j, p := range m.Parts {
			part("  ", fmt.Sprintf("parts[%d]", j), p)
		}
	}
	for i, t := range h.Tools {
		fmt.Fprintf(&b, "%s %+v\n", toolPath(i), t)
	}
	fmt.Fprintf(&b, "tool_choice %+v\n", h.ToolChoice)
	return b.String()
}

// requireSameHistory fails t when got and want differ in meaning.
func requireSameHistory(t interface {
	Helper()
	Fatalf(string, ...any)
}, what string, got, want spec.History) {
	t.Helper()
	if !reflect.DeepEqual(normHistory(got), normHistory(want)) {
		t.Fatalf("%s:\ngot:\n%s\nwant:\n%s", what, histDump(got), histDump(want))
	}
}

// lossKeys returns the rule and path of each ClassLoss violation of vs,
// sorted, and fails t on a violation of another class that is not
// allowed by ok.
func lossKeys(t interface {
	Helper()
	Fatalf(string, ...any)
}, vs []spec.Violation, ok func(spec.Violation) bool) []string {
	t.Helper()
	var out []string
	for _, v := range vs {
		if v.Class != spec.ClassLoss {
			if ok == nil || !ok(v) {
				t.Fatalf("unexpected violation %s", v.Error())
			}
			continue
		}
		if v.Path == "" || v.Message == "" || v.Call != spec.NoCall {
			t.Fatalf("loss without path or message, or with a call: %+v", v)
		}
		out = append(out, string(v.Rule)+" "+v.Path)
	}
	sort.Strings(out)
	return out
}

func genLossKeys(ls []gen.HistoryLoss) []string {
	var out []string
	for _, l := range ls {
		out = append(out, string(l.Rule)+" "+l.Path)
	}
	sort.Strings(out)
	return out
}

// onlyIDs allows the HIST-6 violations of calls without the ids that a
// format requires (a translation from a format that has none).
func onlyIDs(v spec.Violation) bool {
	return v.Rule == spec.HistCall && v.Class == spec.ClassCall
}

// TestHistoryRoundTrip: a history that a format carries whole encodes
// without a loss, deterministically, and decodes to itself without a
// violation; encoding that again gives the same bytes.
func TestHistoryRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(projectedFormats).Draw(t, "format")
		h := gen.History(t, f)
		doc, losses := Encode(f, h)
		if len(losses) > 0 {
			t.Fatalf("losses encoding an expressible history: %v\n%s", lossKeys(t, losses, nil), histDump(h))
		}
		got, vs := Decode(f, doc)
		if len(vs) > 0 {
			t.Fatalf("decoding %s: %s", doc, vs[0].Error())
		}
		requireSameHistory(t, fmt.Sprintf("%s round trip of %s", f, doc), got, h)
		again, _ := Encode(f, got)
		if !bytes.Equal(again, doc) {
			t.Fatalf("encoding is not deterministic:\n%s\n%s", doc, again)
		}
	})
}

// TestHistoryLosses: encoding any history names exactly the losses
// gen.Expressible names, each a ClassLoss at its canonical path, and the
// document reads back as exactly what Expressible keeps.
func TestHistoryLosses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := gen.AnyHistory(t, rapid.Bool().Draw(t, "ids"))
		for _, f := range []spec.Format{rapid.SampledFrom(projectedFormats).Draw(t, "format")} {
			want, wantLosses := gen.Expressible(f, h)
			doc, losses := Encode(f, h)
			if got, w := lossKeys(t, losses, nil), genLossKeys(wantLosses); !reflect.DeepEqual(got, w) {
				t.Fatalf("%s losses:\ngot  %q\nwant %q\nof:\n%s", f, got, w, histDump(h))
			}
			got, vs := Decode(f, doc)
			for _, v := range vs {
				if !onlyIDs(v) {
					t.Fatalf("%s: decoding %s: %s", f, doc, v.Error())
				}
			}
			requireSameHistory(t, fmt.Sprintf("%s reading back %s", f, doc), got, want)
			// What is left loses nothing more.
			if _, again := gen.Expressible(f, want); len(again) > 0 {
				t.Fatalf("%s: Expressible of its own result loses %v", f, genLossKeys(again))
			}
		}
	})
}

// TestHistoryThereAndBack: translating a history of format A to format B
// and back loses nothing that B can carry: the way back reports only what
// A cannot carry of what B kept (a result B kept without its tool's name,
// which a Gemini functionResponse needs), the way there the losses of B (and, between two formats, the
// signatures and redacted reasoning, gen.Unbind), and A reads back what
// both keep.
func TestHistoryThereAndBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SampledFrom(projectedFormats).Draw(t, "from")
		b := rapid.SampledFrom(projectedFormats).Draw(t, "via")
		h := gen.History(t, a)
		docA, _ := Encode(a, h)
		docB, there := Translate(a, b, docA)
		docA2, back := Translate(b, a, docB)
		there, back = historyAlone(there), historyAlone(back)
		// Between two formats signatures and redacted reasoning are
		// left out first (Unbind), each named.
		src, unbound := h, []gen.HistoryLoss(nil)
		if a != b {
			src, unbound = gen.Unbind(h)
		}
		mid, midLosses := gen.Expressible(b, src)
		midLosses = append(unbound, midLosses...)
		want, wantBack := gen.Expressible(a, mid)
		thereRules := lossRules(t, there)
		if w := genLossRules(midLosses); !reflect.DeepEqual(thereRules, w) {
			t.Fatalf("%s→%s losses %v, want %v", a, b, thereRules, w)
		}
		if got, w := lossRules(t, back), genLossRules(wantBack); !reflect.DeepEqual(got, w) {
			t.Fatalf("%s→%s→%s: the way back loses %v, want %v\n%s\n%s", a, b, a, got, w, docB, docA2)
		}
		got, _ := Decode(a, docA2)
		requireSameHistory(t, fmt.Sprintf("%s→%s→%s", a, b, a), got, want)
	})
}

// lossRules returns the rules of the losses of vs, sorted; other
// violations may only be those onlyIDs allows.
// historyAlone is vs without the settings a target requires that a
// translation names (XLATE-7 at "$"): a history encoded alone carries no
// settings, and the properties of this file are of the history.
func historyAlone(vs []spec.Violation) []spec.Violation {
	var out []spec.Violation
	for _, v := range vs {
		if v.Rule != spec.XlateSettings || v.Path != "$" {
			out = append(out, v)
		}
	}
	return out
}

func lossRules(t *rapid.T, vs []spec.Violation) []string {
	var out []string
	for _, k := range lossKeys(t, vs, onlyIDs) {
		out = append(out, strings.Fields(k)[0])
	}
	sort.Strings(out)
	return out
}

func genLossRules(ls []gen.HistoryLoss) []string {
	var out []string
	for _, l := range ls {
		out = append(out, string(l.Rule))
	}
	sort.Strings(out)
	return out
}
