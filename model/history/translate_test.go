package history

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// verdict is what Check says of a history, without the messages'
// wording: each violation's rule and canonical path, and the pending
// calls' paths.
func verdict(f spec.Format, h spec.History) []string {
	rep := Check(f, h)
	var out []string
	for _, v := range rep.Violations {
		out = append(out, string(v.Rule)+" "+v.Path)
	}
	for _, p := range rep.Pending {
		out = append(out, "pending "+p.Path)
	}
	return out
}

// TestHistoryTranslationKeepsPairing: translating a history, well paired
// or with one pairing fault, between two formats that both carry it
// changes no verdict of the pairing checker: the same violations at the
// same elements, the same pending calls. Every call and result has an id,
// so that formats that pair by id alone and those that may pair by name
// judge alike.
func TestHistoryTranslationKeepsPairing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SampledFrom(projectedFormats).Draw(t, "from")
		b := rapid.SampledFrom(projectedFormats).Draw(t, "to")
		h, faults := gen.AdversarialHistory(t, a)
		// What both carry: projected on b and a twice, since what a
		// clears (a result's name in Responses) b may then not carry
		// (a Gemini result needs it).
		var dropped []gen.HistoryLoss
		for range 2 {
			for _, f := range []spec.Format{b, a} {
				var lost []gen.HistoryLoss
				h, lost = gen.Expressible(f, h)
				dropped = append(dropped, lost...)
			}
		}
		if a != b {
			var unbound []gen.HistoryLoss
			h, unbound = gen.Unbind(h) // what a translation carries across
			dropped = append(dropped, unbound...)
		}
		docA, _ := Encode(a, h)
		hA, vs := Decode(a, docA)
		if len(vs) > 0 {
			t.Fatalf("decoding %s: %v", docA, vs)
		}
		docB, vs := Translate(a, b, docA)
		if vs = historyAlone(vs); len(vs) > 0 {
			t.Fatalf("%s→%s loses %v", a, b, vs)
		}
		hB, _ := Decode(b, docB)
		want, got := verdict(a, hA), verdict(b, hB)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s→%s (fault %v): verdict %q in %s, %q in %s\n%s\n%s", a, b, faults, want, a, got, b, docA, docB)
		}
		if len(faults) > 0 && len(dropped) == 0 && len(want) == 0 {
			t.Fatalf("the checker finds nothing in a history with the fault %v:\n%s", faults, histDump(hA))
		}
	})
}

// TestHistorySevenParallelCalls: seven parallel calls with their seven
// results pass the pairing check in every format with a codec here, and
// with one call kept (as a stream bug that lost six tool starts leaves
// it) the six other results are orphans, in every format.
func TestHistorySevenParallelCalls(t *testing.T) {
	asst := spec.Message{Role: spec.RoleAssistant}
	var results []spec.Message
	for k := 0; k < 7; k++ {
		id := fmt.Sprintf("call_%d", k)
		asst.Parts = append(asst.Parts, spec.Part{Kind: spec.PartCall, ID: id, Name: "add", Args: fmt.Sprintf(`{"a":%d}`, k), CallKind: spec.CallFunction})
		results = append(results, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: id, Name: "add", Content: []spec.Part{{Kind: spec.PartText, Text: fmt.Sprint(k)}}}}})
	}
	user := spec.Message{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "Add them."}}}
	whole := spec.History{Messages: append([]spec.Message{user, asst}, results...), Tools: []spec.Tool{{Name: "add", Schema: `{"type":"object"}`, Kind: spec.CallFunction}}}
	one := whole
	one.Messages = append([]spec.Message{user, {Role: spec.RoleAssistant, Parts: asst.Parts[:1]}}, results...)
	for _, f := range spec.Formats {
		doc, losses := Encode(f, whole)
		if len(losses) > 0 {
			t.Errorf("%s: %v", f, losses)
		}
		if _, rep := CheckDocument(f, doc); !rep.OK() || len(rep.Pending) != 0 {
			t.Errorf("%s: seven answered calls: %s", f, rep)
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
			t.Errorf("%s: one call and seven results: %s", f, rep)
		}
	}
}

// TestHistoryCheckerFindsGeneratedFaults: the pairing checker reports
// exactly the fault gen.AdversarialHistory built into a history, at the
// element gen names, in every format (gen never asks the checker).
func TestHistoryCheckerFindsGeneratedFaults(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(spec.Formats).Draw(t, "format")
		h, faults := gen.AdversarialHistory(t, f)
		var want []string
		for _, ft := range faults {
			want = append(want, string(ft.Rule)+" "+ft.Path)
		}
		var got []string
		for _, v := range Check(f, h).Violations {
			got = append(got, string(v.Rule)+" "+v.Path)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: checker %q, gen %q\n%s", f, got, want, histDump(h))
		}
	})
}

// TestTranslateHistoryShape: a document that is not of its format's shape
// is not translated, and its violation is at its path in the document.
func TestTranslateHistoryShape(t *testing.T) {
	out, vs := Translate(spec.FormatOllama, spec.FormatGemini, []byte(`{"messages":[{"role":"user","content":"hi"},{"role":"narrator"}]}`))
	if out != nil || len(vs) != 1 || vs[0].Rule != spec.HistShape || vs[0].Path != "messages[1].role" {
		t.Fatalf("got %s, %v", out, vs)
	}
	out, vs = Translate(spec.FormatOllama, spec.Format("carrier-pigeon"), []byte(`{"messages":[]}`))
	if out != nil || len(vs) != 1 || vs[0].Rule != spec.HistShape {
		t.Fatalf("unknown target: got %s, %v", out, vs)
	}
}
