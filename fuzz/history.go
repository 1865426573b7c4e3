package fuzz

import (
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file holds the differential checks of conversation histories (SPEC.md
// section 11): impl's checker, Repair and codecs against model's, on
// histories and on documents. Reports are compared field by field
// (diffValues), so every violation's rule, class, path, call and message,
// and every pending call, must be equal.

// implHistoryFormats are the formats whose history codecs impl has; the
// others answer impl's HIST-8 "no codec" violation.
var implHistoryFormats = impl.HistoryFormats()

// compareHistoryCheck checks that impl's CheckHistory and Repair give
// model's report and repair of h in format f.
func compareHistoryCheck(t fataler, f spec.Format, h spec.History) {
	t.Helper()
	mr := model.CheckHistory(f, h)
	ir := impl.CheckHistory(f, h)
	if d := diffReports(mr, ir); d != "" {
		t.Fatalf("CheckHistory(%s) differs: %s\nhistory:\n%s\nmodel:\n%s\nimpl:\n%s", f, d, h, mr, ir)
	}
	mh, mc := model.Repair(f, h)
	ih, ic := impl.Repair(f, h)
	if d := diffValues("repaired", mh, ih); d != "" {
		t.Fatalf("Repair(%s) history differs: %s\nhistory:\n%s\nmodel:\n%s\nimpl:\n%s", f, d, h, mh, ih)
	}
	if d := diffValues("changes", mc, modelChanges(ic)); d != "" {
		t.Fatalf("Repair(%s) changes differ: %s\nhistory:\n%s\nmodel: %v\nimpl: %v", f, d, h, mc, ic)
	}
}

// compareHistoryDoc checks that impl decodes doc, a document of format f,
// as model does (History, path map, violations), checks it as model does,
// and, when the document has its format's shape, encodes the History as
// model does and translates it to every format impl has as model does.
func compareHistoryDoc(t fataler, f spec.Format, doc []byte) {
	t.Helper()
	if !impl.HasHistoryCodec(f) {
		return
	}
	mh, mpm, mvs := model.DecodeHistoryPaths(f, doc)
	ih, ipm, ivs := impl.DecodeHistoryPaths(f, doc)
	if d := diffValues("history", mh, ih); d != "" {
		t.Fatalf("DecodeHistory(%s) differs: %s\ndoc: %s\nmodel:\n%s\nimpl:\n%s", f, d, doc, mh, ih)
	}
	if d := diffValues("violations", mvs, ivs); d != "" {
		t.Fatalf("DecodeHistory(%s) violations differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, d, doc, mvs, ivs)
	}
	if d := diffValues("paths", map[string]string(mpm), map[string]string(ipm)); d != "" {
		t.Fatalf("DecodeHistoryPaths(%s) path maps differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, d, doc, mpm, ipm)
	}
	_, mrep := model.CheckHistoryDocument(f, doc)
	_, irep := impl.CheckHistoryDocument(f, doc)
	if d := diffReports(mrep, irep); d != "" {
		t.Fatalf("CheckHistoryDocument(%s) differs: %s\ndoc: %s\nmodel:\n%s\nimpl:\n%s", f, d, doc, mrep, irep)
	}
	for _, v := range mvs {
		if v.Rule == spec.HistShape {
			return
		}
	}
	compareHistoryCheck(t, f, mh)
	for _, to := range implHistoryFormats {
		mout, mls := model.TranslateHistory(f, to, doc)
		iout, ils := impl.TranslateHistory(f, to, doc)
		if string(mout) != string(iout) {
			t.Fatalf("TranslateHistory(%s → %s) differs\ndoc: %s\nmodel: %s\nimpl:  %s", f, to, doc, mout, iout)
		}
		if d := diffValues("losses", mls, ils); d != "" {
			t.Fatalf("TranslateHistory(%s → %s) violations differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, to, d, doc, mls, ils)
		}
	}
}

// compareHistory checks impl against model on h in format f: the checker
// and Repair on h itself, and for every format impl has a codec of, the
// encoding of h and everything compareHistoryDoc checks on it.
func compareHistory(t fataler, f spec.Format, h spec.History) {
	t.Helper()
	compareHistoryCheck(t, f, h)
	for _, to := range implHistoryFormats {
		mdoc, mls := model.EncodeHistory(to, h)
		idoc, ils := impl.EncodeHistory(to, h)
		if string(mdoc) != string(idoc) {
			t.Fatalf("EncodeHistory(%s) differs\nhistory:\n%s\nmodel: %s\nimpl:  %s", to, h, mdoc, idoc)
		}
		if d := diffValues("losses", mls, ils); d != "" {
			t.Fatalf("EncodeHistory(%s) losses differ: %s\nhistory:\n%s\nmodel: %v\nimpl: %v", to, d, h, mls, ils)
		}
		compareHistoryDoc(t, to, mdoc)
	}
}

// historyProp is the rapid property of the history differential: a
// history drawn well paired for a format, with one pairing fault, or with
// elements of every format and then broken at random (messages dropped,
// repeated or moved, ids and names drawn from a few), compared in a format
// drawn.
func historyProp(t *rapid.T) {
	f := rapid.SampledFrom(spec.Formats).Draw(t, "format")
	var h spec.History
	switch rapid.IntRange(0, 2).Draw(t, "kind") {
	case 0:
		h = gen.History(t, f)
	case 1:
		h, _ = gen.AdversarialHistory(t, f)
	default:
		h = breakHistory(t, gen.AnyHistory(t, rapid.Bool().Draw(t, "ids")))
	}
	compareHistory(t, f, h)
}

// breakHistory changes h at random so that any pairing rule may break:
// messages dropped, repeated or moved, and the ids and names of calls and
// results redrawn from a few, or cleared.
func breakHistory(t *rapid.T, h spec.History) spec.History {
	msgs := append([]spec.Message(nil), h.Messages...)
	for n := rapid.IntRange(0, 4).Draw(t, "edits"); n > 0 && len(msgs) > 0; n-- {
		i := rapid.IntRange(0, len(msgs)-1).Draw(t, "at")
		switch rapid.IntRange(0, 3).Draw(t, "edit") {
		case 0:
			msgs = append(msgs[:i:i], msgs[i+1:]...)
		case 1:
			msgs = append(msgs[:i+1:i+1], msgs[i:]...)
		case 2:
			j := rapid.IntRange(0, len(msgs)-1).Draw(t, "to")
			msgs[i], msgs[j] = msgs[j], msgs[i]
		default:
			m := msgs[i]
			m.Parts = append([]spec.Part(nil), m.Parts...)
			for j := range m.Parts {
				p := &m.Parts[j]
				if p.Kind != spec.PartCall && p.Kind != spec.PartResult {
					continue
				}
				p.ID = rapid.SampledFrom([]string{"", "a", "b", p.ID}).Draw(t, "id")
				p.Name = rapid.SampledFrom([]string{"", "f", "g", p.Name}).Draw(t, "name")
			}
			msgs[i] = m
		}
	}
	h.Messages = msgs
	return h
}

// diffReports is diffValues on two reports of a history: "" when equal.
func diffReports(m model.HistoryReport, i impl.HistoryReport) string {
	pending := make([]model.PendingCall, len(i.Pending))
	for k, p := range i.Pending {
		pending[k] = model.PendingCall(p)
	}
	return diffValues("report", m, model.HistoryReport{Violations: i.Violations, Pending: pending})
}

// modelChanges converts impl's changes into model's, to compare them.
func modelChanges(cs []impl.Change) []model.Change {
	out := make([]model.Change, len(cs))
	for k, c := range cs {
		out[k] = model.Change(c)
	}
	return out
}
