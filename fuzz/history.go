package fuzz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/toolspec/toolspec/gen"
	hist "github.com/toolspec/toolspec/impl/history"
	refhist "github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file holds the differential checks of conversation histories (SPEC.md
// section 11): impl/history's checker, Repair and codecs against
// model/history's, on
// histories and on documents. Reports are compared field by field
// (diffValues), so every violation's rule, class, path, call and message,
// and every pending call, must be equal.

// compareHistoryCheck checks that hist.Check and hist.Repair give
// model's report and repair of h in format f.
func compareHistoryCheck(t fataler, f spec.Format, h spec.History) {
	t.Helper()
	mr := refhist.Check(f, h)
	ir := hist.Check(f, h)
	if d := diffReports(mr, ir); d != "" {
		t.Fatalf("Check(%s) differs: %s\nhistory:\n%s\nmodel:\n%s\nimpl:\n%s", f, d, h, mr, ir)
	}
	mh, mc := refhist.Repair(f, h)
	ih, ic := hist.Repair(f, h)
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
	compareHistoryDecode(t, f, doc, true)
}

// compareHistoryDecode is compareHistoryDoc, with the translations only
// when translate is set.
func compareHistoryDecode(t fataler, f spec.Format, doc []byte, translate bool) {
	t.Helper()
	mh, mpm, mvs := refhist.DecodePaths(f, doc)
	ih, ipm, ivs := hist.DecodePaths(f, doc)
	mvs, ivs = syntaxWords(mvs), syntaxWords(ivs)
	if d := diffValues("history", mh, ih); d != "" {
		t.Fatalf("Decode(%s) differs: %s\ndoc: %s\nmodel:\n%s\nimpl:\n%s", f, d, doc, mh, ih)
	}
	if d := diffValues("violations", mvs, ivs); d != "" {
		t.Fatalf("Decode(%s) violations differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, d, doc, mvs, ivs)
	}
	if d := diffPaths(mpm, ipm); d != "" {
		t.Fatalf("DecodePaths(%s) path maps differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, d, doc, mpm, ipm)
	}
	_, mrep := refhist.CheckDocument(f, doc)
	_, irep := hist.CheckDocument(f, doc)
	mrep.Violations, irep.Violations = syntaxWords(mrep.Violations), syntaxWords(irep.Violations)
	if d := diffReports(mrep, irep); d != "" {
		t.Fatalf("CheckDocument(%s) differs: %s\ndoc: %s\nmodel:\n%s\nimpl:\n%s", f, d, doc, mrep, irep)
	}
	for _, v := range mvs {
		if v.Rule == spec.HistShape {
			return
		}
	}
	compareHistoryCheck(t, f, mh)
	compareSplice(t, f, doc, mh)
	fixed, _ := refhist.Repair(f, mh)
	compareSplice(t, f, doc, fixed)
	for _, to := range spec.Formats {
		if !translate {
			break
		}
		mout, mls := refhist.Translate(f, to, doc)
		iout, ils := hist.Translate(f, to, doc)
		mls, ils = syntaxWords(mls), syntaxWords(ils)
		if string(mout) != string(iout) {
			t.Fatalf("Translate(%s → %s) differs\ndoc: %s\nmodel: %s\nimpl:  %s", f, to, doc, mout, iout)
		}
		if d := diffValues("losses", mls, ils); d != "" {
			t.Fatalf("Translate(%s → %s) violations differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, to, d, doc, mls, ils)
		}
	}
}

// compareSplice checks that impl's Splice writes h into doc, a request
// body of format f, as model's does: the same bytes, the same violations.
func compareSplice(t fataler, f spec.Format, doc []byte, h spec.History) {
	t.Helper()
	mout, mvs := refhist.Splice(f, doc, h)
	iout, ivs := hist.Splice(f, doc, h)
	if string(mout) != string(iout) {
		t.Fatalf("Splice(%s) differs\ndoc: %s\nhistory:\n%s\nmodel: %s\nimpl:  %s", f, doc, h, mout, iout)
	}
	if d := diffValues("violations", syntaxWords(mvs), syntaxWords(ivs)); d != "" {
		t.Fatalf("Splice(%s) violations differ: %s\ndoc: %s\nmodel: %v\nimpl: %v", f, d, doc, mvs, ivs)
	}
}

// compareHistory checks impl against model on h in format f: the checker
// and Repair on h itself, and for every format impl has a codec of, the
// encoding of h and its decoding, check and repair (the translations of
// an encoding are the encodings of its decoding, compared already).
func compareHistory(t fataler, f spec.Format, h spec.History) {
	t.Helper()
	compareHistoryCheck(t, f, h)
	for _, to := range spec.Formats {
		mdoc, mls := refhist.Encode(to, h)
		idoc, ils := hist.Encode(to, h)
		if string(mdoc) != string(idoc) {
			t.Fatalf("Encode(%s) differs\nhistory:\n%s\nmodel: %s\nimpl:  %s", to, h, mdoc, idoc)
		}
		if d := diffValues("losses", mls, ils); d != "" {
			t.Fatalf("Encode(%s) losses differ: %s\nhistory:\n%s\nmodel: %v\nimpl: %v", to, d, h, mls, ils)
		}
		compareHistoryDecode(t, to, mdoc, false)
		// The body with members of a request's own around the history,
		// written back with h's repair.
		fixed, _ := refhist.Repair(to, h)
		compareSplice(t, to, withSettings(mdoc), fixed)
		// Into the body of an empty history, and the empty history into
		// h's body: every history member added, every one removed.
		empty, _ := refhist.Encode(to, spec.History{})
		compareSplice(t, to, withSettings(empty), h)
		compareSplice(t, to, withSettings(mdoc), spec.History{})
	}
}

// withSettings returns doc, a JSON object, with members a request carries
// beside its history added before and after its own (a model, settings, a
// member no format knows, with white space and an escaped key).
func withSettings(doc []byte) []byte {
	d := bytes.TrimSpace(doc)
	if len(d) < 2 || d[0] != '{' {
		return doc
	}
	inner := bytes.TrimSpace(d[1 : len(d)-1])
	sep := ", "
	if len(inner) == 0 {
		sep = ""
	}
	return []byte(`{"model": "m-1", "temperature": 0.2, "zz_unknown": {"a": [1, 2]}` + sep + string(inner) + `, "stream" : true, "\u0078_escaped": 1}`)
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
	// The body with members of a request's own drawn around it, written
	// back with the history repaired.
	doc, _ := refhist.Encode(f, h)
	ms := gen.RequestMembers(t, f)
	fixed, _ := refhist.Repair(f, h)
	compareSplice(t, f, gen.WithRequestMembers(doc, ms, rapid.IntRange(0, len(ms)).Draw(t, "before")), fixed)
	// The body with settings a translation maps (XLATE-7), decoded and
	// translated to every format.
	ss := gen.RequestSettings(t, f)
	compareHistoryDecode(t, f, gen.WithRequestMembers(doc, ss, rapid.IntRange(0, len(ss)).Draw(t, "settingsBefore")), true)
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
func diffReports(m refhist.Report, i hist.Report) string {
	pending := make([]refhist.PendingCall, len(i.Pending))
	for k, p := range i.Pending {
		pending[k] = refhist.PendingCall(p)
	}
	return diffValues("report", m, refhist.Report{Violations: i.Violations, Pending: pending})
}

// modelChanges converts impl's changes into model's, to compare them.
func modelChanges(cs []hist.Change) []refhist.Change {
	out := make([]refhist.Change, len(cs))
	for k, c := range cs {
		out[k] = refhist.Change(c)
	}
	return out
}

// diffPaths is "" when the two path maps are equal, else the first
// canonical path (in sorted order) at which they differ.
func diffPaths(m refhist.PathMap, i hist.PathMap) string {
	keys := make([]string, 0, len(m)+len(i))
	for k := range m {
		keys = append(keys, k)
	}
	for k := range i {
		if _, ok := m[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		mv, mok := m[k]
		iv, iok := i[k]
		if mv != iv || mok != iok {
			return "paths[" + k + "]: model " + quoteIf(mv, mok) + ", impl " + quoteIf(iv, iok)
		}
	}
	return ""
}

// quoteIf quotes s when ok, else says it is absent.
func quoteIf(s string, ok bool) string {
	if !ok {
		return "absent"
	}
	return strconv.Quote(s)
}

// historyDir is the corpus of history scenarios (SPEC.md section 11).
const historyDir = "../spectest/testdata/histories"

// readHistories parses every history scenario once per process.
var readHistories = sync.OnceValues(func() ([]*scenario.History, error) {
	var out []*scenario.History
	err := filepath.WalkDir(historyDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.ParseHistory(path, data)
		if err != nil {
			return err
		}
		out = append(out, sc)
		return nil
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no history scenarios in %s", historyDir)
	}
	return out, err
})

// histories returns the history scenarios, or fails t.
func histories(t fataler) []*scenario.History {
	t.Helper()
	scs, err := readHistories()
	if err != nil {
		t.Fatalf("%v", err)
	}
	return scs
}

// implHistoryTranscript is the want of a history scenario computed by impl,
// in the form of model's history scenario test: for a check, the decoded
// history, the report of CheckDocument and the changes of Repair
// at document paths; for a translation, the translated document indented
// and the violations of decoding and encoding at source paths.
func implHistoryTranscript(sc *scenario.History) string {
	var b strings.Builder
	if sc.Translation() {
		doc, vs := hist.Translate(sc.From, sc.To, sc.Doc)
		b.WriteString("# document\n")
		if len(doc) > 0 {
			var ind bytes.Buffer
			if err := json.Indent(&ind, doc, "", "  "); err != nil {
				return "the translated document is not JSON: " + err.Error() + "\n" + string(doc)
			}
			b.WriteString(ind.String() + "\n")
		}
		b.WriteString("# losses\n")
		for _, v := range vs {
			b.WriteString(v.String() + "\n")
		}
		return b.String()
	}
	h, rep := hist.CheckDocument(sc.Format, sc.Doc)
	b.WriteString("# history\n" + h.String())
	b.WriteString("# report\n" + rep.String())
	for _, v := range rep.Violations {
		if v.Class == spec.ClassTerminal {
			return b.String()
		}
	}
	if fixed, changes := hist.Repair(sc.Format, h); len(changes) > 0 {
		_, pm, _ := hist.DecodePaths(sc.Format, sc.Doc)
		b.WriteString("# repair\n")
		for _, c := range changes {
			c.Path = pm.Lookup(c.Path)
			b.WriteString(c.String() + "\n")
		}
		body, vs := hist.Splice(sc.Format, sc.Doc, fixed)
		b.WriteString("# repaired body\n" + string(body) + "\n")
		for _, v := range vs {
			b.WriteString(v.String() + "\n")
		}
	}
	return b.String()
}

// compareTurns checks that impl's AssistantTurn gives model's on every
// message of o, for choices 0 and 1, failing closed and dropping: the
// same parts, the same changes, the same error.
func compareTurns(t fataler, o spec.Outcome) {
	t.Helper()
	for msg := -1; msg <= o.Messages; msg++ {
		for choice := 0; choice < 2; choice++ {
			for _, drop := range []bool{false, true} {
				mm, mc, merr := refhist.AssistantTurn(o, msg, refhist.TurnOptions{Choice: choice, DropUnfinished: drop})
				im, ic, ierr := hist.AssistantTurn(o, msg, hist.TurnOptions{Choice: choice, DropUnfinished: drop})
				where := fmt.Sprintf("AssistantTurn(message %d, choice %d, drop %v)", msg, choice, drop)
				if d := diffValues("turn", mm, im); d != "" {
					t.Fatalf("%s differs: %s\noutcome:\n%s", where, d, o)
				}
				if d := diffValues("changes", mc, modelChanges(ic)); d != "" {
					t.Fatalf("%s changes differ: %s\noutcome:\n%s", where, d, o)
				}
				if fmt.Sprint(merr) != fmt.Sprint(ierr) {
					t.Fatalf("%s errors differ: model %v, impl %v\noutcome:\n%s", where, merr, ierr, o)
				}
			}
		}
	}
}

// syntaxWords returns vs with the words of a JSON syntax error cut from the
// message of a HIST-8 violation at the root: the model's codecs of Ollama,
// Responses, Gemini and Bedrock say "not valid JSON: " and encoding/json's
// error, which impl, reading with its own scanner, words its own way. The
// rule, class, path and call stay compared.
func syntaxWords(vs []spec.Violation) []spec.Violation {
	const prefix = "not valid JSON: "
	for i, v := range vs {
		if v.Rule == spec.HistShape && v.Path == "$" && strings.HasPrefix(v.Message, prefix) {
			out := append([]spec.Violation(nil), vs...)
			out[i].Message = prefix + "…"
			return out
		}
	}
	return vs
}
