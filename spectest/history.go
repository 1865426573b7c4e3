package spectest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// HistoryTranslator is a request converter under test: it turns a
// conversation history of one format (a request body: an Anthropic
// Messages request, an OpenAI chat request, ...) into a request body of
// another, as a gateway does before it forwards a request. TranslateHistory
// takes the source document and returns the document it would send, or an
// error when it refuses the request.
type HistoryTranslator interface {
	TranslateHistory(from, to toolspec.Format, doc []byte) ([]byte, error)
}

// HistoryTranslatorFunc adapts a function to [HistoryTranslator].
type HistoryTranslatorFunc func(from, to toolspec.Format, doc []byte) ([]byte, error)

// TranslateHistory calls f(from, to, doc).
func (f HistoryTranslatorFunc) TranslateHistory(from, to toolspec.Format, doc []byte) ([]byte, error) {
	return f(from, to, doc)
}

// A history translator is judged by the fidelity contract of SPEC.md's
// XLATE rules, against the reference model's own translation
// (model/history's Translate), decoded: the projection of the source onto
// what the target format can express.
//
//   - The translation must be a document of the target's shape (HIST-8).
//     A source that is not of its own format's shape is not judged; a
//     translator may refuse it, and may refuse a source that breaks a
//     pairing rule (HIST-1 to HIST-7); refusing any other is a failure.
//   - The pairing checker's verdict (model/history's Check) of the
//     translation is the source's: the same violations at the same
//     elements (a call or result named by its kind, id and name, not by a
//     position, which a translation may shift), the same pending calls.
//     A difference fails with the rule of the violation gained or lost.
//   - Every element of the projection survives: thinking blocks with
//     their signatures and redacted reasoning (XLATE-1), system blocks
//     with their boundaries and system messages (XLATE-2), the tool
//     choice's mode, tool and parallel setting (XLATE-3), images, opaque
//     parts and result content (XLATE-4), calls and results with their
//     ids, names and arguments (XLATE-5), tools with their descriptions
//     and schemas (XLATE-6), and the request's settings where the target
//     holds them (XLATE-7: the model, streaming, the output limit,
//     sampling, reasoning, the response schema), each at its place in the
//     target with the value the model's translation writes (a setting
//     the translation adds is a note). Each one missing is a failure named by its
//     rule, with the path of the element in the source document; an
//     element the translation adds that the projection lacks is one too,
//     when nothing of its kind is missing. Text is compared per role,
//     concatenated; JSON (arguments, schemas, opaque parts) as values.
//
// What the target cannot carry, which the model's translation names as a
// loss, is in the case's Notes ("cannot carry: XLATE-1 messages[1]...:
// ..."), never a failure: a translator need not carry what its target has
// no place for.

// CheckHistoryTranslator runs the kit on a history translator from format
// from to format to: every history scenario whose document is of format
// from ([Histories]: the check scenarios of that format and the
// translation scenarios from it), then random histories of format from
// drawn by package gen, well paired and with one pairing fault, as
// [RandomStreams] says (named "random-history/<from>→<to>"). [Only],
// [RandomOnly], [Seed], [Timeout] and [Skip] apply.
func CheckHistoryTranslator(newTranslator func() HistoryTranslator, from, to toolspec.Format, opts ...Option) (*Report, error) {
	initTesting()
	if !from.Valid() || !to.Valid() {
		return nil, fmt.Errorf("spectest: unknown format in %q → %q", from, to)
	}
	o := newOptions(opts)
	cs, err := historyCases(from)
	if err != nil {
		return nil, err
	}
	rep := &Report{Adapter: Description{Name: fmt.Sprintf("history translator %s → %s", from, to), Formats: []toolspec.Format{from}}}
	if d, ok := newTranslator().(Describer); ok {
		rep.Adapter = d.Describe()
	}
	for _, c := range cs {
		if o.noCorpus || !o.selected(c.name) {
			continue
		}
		rep.Cases = append(rep.Cases, historyCase(newTranslator, o, c, to))
	}
	name := "random-history/" + string(from) + "→" + string(to)
	if o.random > 0 && o.selected(name) {
		rep.Cases = append(rep.Cases, randomHistoryCase(newTranslator, o, from, to))
	}
	return rep, nil
}

// RunHistoryTranslator runs the kit on a history translator as subtests,
// as [RunTranslator] does for stream translators: one per history scenario
// of format from, then "random-history/<from>→<to>". The notes of what the
// target cannot carry are logged.
func RunHistoryTranslator(t *testing.T, newTranslator func() HistoryTranslator, from, to toolspec.Format, opts ...Option) {
	t.Helper()
	rep, err := CheckHistoryTranslator(newTranslator, from, to, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Cases {
		t.Run(r.Name, func(t *testing.T) {
			for _, n := range r.Notes {
				t.Log(n)
			}
			if r.Skipped != "" {
				t.Skip(r.Skipped)
			}
			if r.Message != "" {
				t.Error(r.Message)
				return
			}
			for _, f := range r.Failures {
				t.Error(f.Error())
			}
		})
	}
}

// historyKase is one history scenario or random history.
type historyKase struct {
	name  string
	from  toolspec.Format
	doc   []byte
	rules []toolspec.RuleID
}

// historyCases returns the history scenarios whose document is of format
// f, sorted by name.
func historyCases(f toolspec.Format) ([]historyKase, error) {
	var out []historyKase
	err := fs.WalkDir(Histories, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := fs.ReadFile(Histories, path)
		if err != nil {
			return err
		}
		sc, err := scenario.ParseHistory(path, data)
		if err != nil {
			return err
		}
		src := sc.Format
		if sc.Translation() {
			src = sc.From
		}
		if src == f {
			out = append(out, historyKase{name: strings.TrimSuffix(path, ".txtar"), from: f, doc: sc.Doc, rules: sc.Rules})
		}
		return nil
	})
	return out, err
}

// historyCase runs one case on a fresh translator.
func historyCase(newTranslator func() HistoryTranslator, o options, c historyKase, to toolspec.Format) CaseResult {
	res := CaseResult{Name: c.name, Rules: c.rules}
	for _, r := range c.rules {
		if why, ok := o.skip[r]; ok {
			res.Skipped = "skipped (" + string(r) + "): " + why
			return res
		}
	}
	var out []byte
	var terr error
	broke := ""
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if p := recover(); p != nil {
				broke = fmt.Sprintf("a panic: %v", p)
			}
		}()
		out, terr = newTranslator().TranslateHistory(c.from, to, bytes.Clone(c.doc))
	}()
	select {
	case <-done:
	case <-time.After(o.timeout):
		broke = fmt.Sprintf("no translation within %v", o.timeout)
	}
	if broke != "" {
		res.Failures = []Failure{{Case: c.name, Rule: first(c.rules), Got: broke, Want: "a translation"}}
		return res
	}
	res.Failures, res.Notes = judgeHistory(c.name, c.from, to, c.doc, out, terr)
	for i, f := range res.Failures {
		if why, ok := o.skip[f.Rule]; ok && f.Rule != "" {
			res.Notes = append(res.Notes, "skipped ("+string(f.Rule)+"): "+why+": "+f.Error())
			res.Failures[i].Rule = "" // marked for removal below
			res.Failures[i].Case = ""
		}
	}
	kept := res.Failures[:0]
	for _, f := range res.Failures {
		if f.Case != "" {
			kept = append(kept, f)
		}
	}
	res.Failures = kept
	if len(res.Failures) == 0 {
		res.Failures = nil
	}
	return res
}

// randomHistoryCase draws random histories of format from and runs each
// through the translator; the first that fails is reported with its
// document, shrunk by rapid, and the seed that draws it again.
func randomHistoryCase(newTranslator func() HistoryTranslator, o options, from, to toolspec.Format) CaseResult {
	name := "random-history/" + string(from) + "→" + string(to)
	tb := &collectTB{name: name}
	var last CaseResult
	var lastDoc []byte
	withRapid(o, o.random, o.seed, func() {
		nf := flag.Lookup("rapid.nofailfile")
		if nf != nil {
			old := nf.Value.String()
			_ = nf.Value.Set("true")
			defer func() { _ = nf.Value.Set(old) }()
		}
		rapid.Check(tb, func(rt *rapid.T) {
			var h spec.History
			if rapid.Bool().Draw(rt, "fault") {
				h, _ = gen.AdversarialHistory(rt, from)
			} else {
				h = gen.History(rt, from)
			}
			doc, _ := history.Encode(from, h)
			r := historyCase(newTranslator, o, historyKase{name: name, from: from, doc: doc}, to)
			if len(r.Failures) > 0 {
				last, lastDoc = r, doc
				var b strings.Builder
				for _, f := range r.Failures {
					b.WriteString(f.Error() + "\n")
				}
				rt.Fatalf("%s", b.String())
			}
		})
	})
	if !tb.failed {
		return CaseResult{Name: name}
	}
	if len(last.Failures) == 0 {
		msg := strings.TrimSpace(tb.log.String())
		return CaseResult{Name: name, Message: msg, Failures: []Failure{{Case: name, Got: msg, Want: "no failure"}}}
	}
	res := last
	res.Name = name
	var b strings.Builder
	fmt.Fprintf(&b, "a random %s history (shrunk by rapid) fails:\n", from)
	for _, f := range res.Failures {
		b.WriteString("  " + f.Error() + "\n")
	}
	b.WriteString("history.json:\n" + string(lastDoc))
	if seed := rapidSeed.FindString(tb.log.String()); seed != "" {
		b.WriteString("\n\nThe draw reruns with " + seed + " (and the same options).")
	}
	res.Message = b.String()
	return res
}

// judgeHistory compares a translation out of doc (format from) into
// format to, or the translator's error terr, with the model's projection
// of doc onto to, by the contract above.
func judgeHistory(name string, from, to toolspec.Format, doc, out []byte, terr error) (fs []Failure, notes []string) {
	fail := func(rule toolspec.RuleID, path, got, want string) {
		fs = append(fs, Failure{Case: name, Rule: rule, Path: path, Got: got, Want: want})
	}
	src, pm, vs := history.DecodePaths(from, doc)
	for _, v := range vs {
		if v.Rule == spec.HistShape {
			notes = append(notes, "the source is not of its format's shape ("+v.Error()+"): not judged")
			return nil, notes
		}
	}
	srcVerdict := historyVerdict(from, src)
	if terr != nil {
		if len(srcVerdict.violations) == 0 {
			fail("", "", "the error "+strconv.Quote(terr.Error()), "a translation: the source breaks no HIST rule")
		}
		return fs, notes
	}
	wantDoc, losses := history.Translate(from, to, doc)
	for _, l := range losses {
		if l.Class == spec.ClassLoss {
			notes = append(notes, "cannot carry: "+string(l.Rule)+" "+l.Path+": "+l.Message)
		}
	}
	want, _ := history.Decode(to, wantDoc)
	got, gvs := history.Decode(to, out)
	for _, v := range gvs {
		if v.Rule == spec.HistShape {
			fail(spec.HistShape, v.Path, "a translation that is not a "+string(to)+" request ("+v.Message+")", "a document of the target's shape")
			return fs, notes
		}
	}
	// The pairing verdict: the source's, or, where the target pairs
	// otherwise (the model's own translation changes it), the
	// projection's.
	gv := historyVerdict(to, got)
	if d := gv.diff(srcVerdict); len(d) > 0 && len(gv.diff(historyVerdict(to, want))) > 0 {
		for _, e := range d {
			fail(e.rule, "", e.got, e.want)
		}
	}
	// The elements.
	srcElems := historyElements(src)
	where := func(e hElement) string {
		for _, s := range srcElems {
			if s.key == e.key {
				return pm.Lookup(s.path)
			}
		}
		for _, s := range srcElems { // the target keeps less of it
			if s.loose == e.loose && s.path != "" {
				return pm.Lookup(s.path)
			}
		}
		return ""
	}
	wantElems, gotElems := historyElements(want), historyElements(got)
	for _, rule := range elementRules {
		missing, extra := diffElements(filterElements(wantElems, rule), filterElements(gotElems, rule))
		instead := ""
		if len(missing) > 0 && len(extra) > 0 {
			var shows []string
			for _, e := range extra {
				shows = append(shows, "the "+e.show)
			}
			instead = " (it has " + strings.Join(shows, ", ") + " instead)"
		}
		for _, e := range missing {
			fail(rule, where(e), "a translation without the "+e.show+instead, "it kept, as "+string(to)+" can carry it")
		}
		for _, e := range extra {
			notes = append(notes, fmt.Sprintf("carries more: %s the %s, which the model's translation leaves out", ruleName(rule), e.show))
		}
	}
	// The settings (XLATE-7): each one the model's translation writes is
	// in the translation, with the same value.
	for _, st := range spec.Settings {
		pl, ok := st.In(to)
		if !ok || pl.Path == nil {
			continue
		}
		at := strings.Join(pl.Path, ".")
		w, wok := settingAt(wantDoc, pl.Path)
		g, gok := settingAt(out, pl.Path)
		switch {
		case wok && !gok:
			fail(spec.XlateSettings, settingSource(from, doc, st), "a translation without the setting "+st.Name+" ("+at+")", at+" "+clip(w)+", as "+string(to)+" can carry it")
		case wok && canonJSON(w) != canonJSON(g):
			fail(spec.XlateSettings, settingSource(from, doc, st), "the setting "+st.Name+" "+at+" "+clip(g), at+" "+clip(w))
		case !wok && gok:
			notes = append(notes, fmt.Sprintf("carries more: XLATE-7 the setting %s (%s %s), which the model's translation leaves out", st.Name, at, clip(g)))
		}
	}
	return fs, notes
}

// settingAt is the JSON text of the member at path in doc, a JSON object;
// ok is false when doc has none there, or has null.
func settingAt(doc []byte, path []string) (string, bool) {
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return "", false
	}
	for _, k := range path {
		o, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		if v, ok = o[k]; !ok || v == nil {
			return "", false
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// settingSource is the path of setting st in doc, a request of format
// from: the first of its place's paths that doc has, "$" when none (the
// setting's value is from's default, as Ollama's stream is).
func settingSource(from toolspec.Format, doc []byte, st spec.Setting) string {
	pl, ok := st.In(from)
	if !ok {
		return "$"
	}
	for _, p := range append([][]string{pl.Path}, pl.Spellings...) {
		if p == nil {
			continue
		}
		if _, ok := settingAt(doc, p); ok {
			return strings.Join(p, ".")
		}
	}
	return "$"
}

// elementRules are the rules of the elements compared, in report order;
// "" is the text of the messages, which no XLATE rule names.
var elementRules = []toolspec.RuleID{spec.XlateThinking, spec.XlateSystem, spec.XlateToolChoice, spec.XlateOpaque, spec.XlateIdentity, spec.XlateTools, ""}

// hElement is one element of a history compared by the contract: the rule
// that keeps it, a key that equal elements share, how a failure shows it,
// and its canonical path.
type hElement struct {
	rule toolspec.RuleID
	key  string
	// loose is the key's first field after the kind (a block's text, a
	// call's id): what finds the element in the source when the target
	// keeps less of it (no signature, no result name).
	loose string
	show  string
	path  string
}

// historyElements flattens h into the elements the contract compares.
func historyElements(h spec.History) []hElement {
	var out []hElement
	add := func(rule toolspec.RuleID, path, show string, key ...string) {
		loose := string(rule) + "\x00" + key[0]
		if len(key) > 1 {
			loose += "\x00" + key[1]
		}
		out = append(out, hElement{rule: rule, key: string(rule) + "\x00" + strings.Join(key, "\x00"), loose: loose, show: show, path: path})
	}
	media := func(p spec.Part, path, where string) {
		switch p.Kind {
		case spec.PartImage:
			add(spec.XlateOpaque, path, "image "+clip(p.Data)+where, "image", canonJSON(p.Data))
		case spec.PartOpaque:
			add(spec.XlateOpaque, path, "opaque part "+clip(p.Data)+where, "opaque", canonJSON(p.Data))
		}
	}
	for i, p := range h.System {
		path := "system[" + strconv.Itoa(i) + "]"
		if p.Kind == spec.PartText {
			add(spec.XlateSystem, path, "system block "+strconv.Quote(p.Text), "system", p.Text)
		} else {
			media(p, path, " in the system prompt")
		}
	}
	text := map[spec.Role]*strings.Builder{}
	for i, m := range h.Messages {
		for j, p := range m.Parts {
			path := fmt.Sprintf("messages[%d].parts[%d]", i, j)
			switch p.Kind {
			case spec.PartText:
				if m.Role == spec.RoleSystem {
					add(spec.XlateSystem, path, "system message "+strconv.Quote(p.Text), "system-message", p.Text)
					continue
				}
				if text[m.Role] == nil {
					text[m.Role] = &strings.Builder{}
				}
				text[m.Role].WriteString(p.Text)
			case spec.PartThinking:
				show := "thinking block " + strconv.Quote(clip(p.Text))
				if p.Signature != "" {
					show += " (signature " + strconv.Quote(clip(p.Signature)) + ")"
				}
				add(spec.XlateThinking, path, show, "thinking", p.Text, p.Signature)
			case spec.PartRedacted:
				add(spec.XlateThinking, path, "redacted reasoning "+strconv.Quote(clip(p.Data)), "redacted", p.Data)
			case spec.PartCall:
				add(spec.XlateIdentity, path, fmt.Sprintf("call id=%q name=%q arguments=%s", p.ID, p.Name, clip(p.Args)),
					"call", p.ID, p.Name, canonJSON(p.Args), strconv.Itoa(int(p.CallKind)))
			case spec.PartResult:
				add(spec.XlateIdentity, path, fmt.Sprintf("result id=%q name=%q is_error=%v", p.ID, p.Name, p.IsError),
					"result", p.ID, p.Name, strconv.FormatBool(p.IsError))
				var rt strings.Builder
				for k, c := range p.Content {
					if c.Kind == spec.PartText {
						rt.WriteString(c.Text)
					} else {
						media(c, fmt.Sprintf("%s.content[%d]", path, k), fmt.Sprintf(" in the result for %q", p.ID))
					}
				}
				add(spec.XlateOpaque, path, fmt.Sprintf("result content %q of the result for call %q", clip(rt.String()), p.ID), "result-text", p.ID, rt.String())
			default:
				media(p, path, "")
			}
		}
	}
	roles := make([]int, 0, len(text))
	for r := range text {
		roles = append(roles, int(r))
	}
	sort.Ints(roles)
	for _, r := range roles {
		s := text[spec.Role(r)].String()
		add("", "", fmt.Sprintf("text of the %s messages %q", roleName(spec.Role(r)), clip(s)), "text", strconv.Itoa(r), s)
	}
	for i, t := range h.Tools {
		add(spec.XlateTools, "tools["+strconv.Itoa(i)+"]", fmt.Sprintf("tool %q (description %q, schema %s)", t.Name, clip(t.Description), clip(t.Schema)),
			"tool", t.Name, t.Description, canonJSON(t.Schema), strconv.Itoa(int(t.Kind)), canonJSON(t.Data))
	}
	tc := h.ToolChoice
	if tc.Mode != spec.ChoiceUnset {
		add(spec.XlateToolChoice, "tool_choice", fmt.Sprintf("tool choice %s %q", choiceName(tc.Mode), tc.Name), "mode", strconv.Itoa(int(tc.Mode)), tc.Name)
	}
	if tc.Parallel != spec.ParallelUnset {
		show := "setting that allows parallel calls"
		if tc.Parallel == spec.ParallelDisabled {
			show = "setting that disables parallel calls"
		}
		add(spec.XlateToolChoice, "tool_choice", show, "parallel", strconv.Itoa(int(tc.Parallel)))
	}
	return out
}

// ruleName is rule, or "text" for the text no rule names.
func ruleName(rule toolspec.RuleID) string {
	if rule == "" {
		return "text:"
	}
	return string(rule) + ":"
}

// filterElements returns the elements of es kept by rule.
func filterElements(es []hElement, rule toolspec.RuleID) []hElement {
	var out []hElement
	for _, e := range es {
		if e.rule == rule {
			out = append(out, e)
		}
	}
	return out
}

// diffElements returns the elements of want that got lacks and those of
// got that want lacks, as multisets.
func diffElements(want, got []hElement) (missing, extra []hElement) {
	n := map[string]int{}
	for _, g := range got {
		n[g.key]++
	}
	for _, w := range want {
		if n[w.key] > 0 {
			n[w.key]--
			continue
		}
		missing = append(missing, w)
	}
	m := map[string]int{}
	for _, w := range want {
		m[w.key]++
	}
	for _, g := range got {
		if m[g.key] > 0 {
			m[g.key]--
			continue
		}
		extra = append(extra, g)
	}
	return missing, extra
}

// verdictOf is the pairing checker's verdict on a history, each finding
// named by its rule and the element at fault (its kind, id and name), not
// by a position.
type verdictOf struct {
	violations []string
	pending    []string
}

// verdictDiff is one finding two verdicts do not share.
type verdictDiff struct {
	rule      toolspec.RuleID
	got, want string
}

// historyVerdict is what model/history's Check says of h in format f.
func historyVerdict(f toolspec.Format, h spec.History) verdictOf {
	rep := history.Check(f, h)
	var v verdictOf
	for _, x := range rep.Violations {
		if x.Class == spec.ClassLoss {
			continue
		}
		v.violations = append(v.violations, string(x.Rule)+" at "+elementAt(h, x.Path))
	}
	for _, p := range rep.Pending {
		v.pending = append(v.pending, fmt.Sprintf("call id=%q name=%q", p.ID, p.Name))
	}
	sort.Strings(v.violations)
	sort.Strings(v.pending)
	return v
}

// diff returns the findings of v that w lacks and those of w that v
// lacks.
func (v verdictOf) diff(w verdictOf) []verdictDiff {
	var out []verdictDiff
	ruleOf := func(s string) toolspec.RuleID { r, _, _ := strings.Cut(s, " "); return toolspec.RuleID(r) }
	for _, x := range multisetMinus(v.violations, w.violations) {
		out = append(out, verdictDiff{ruleOf(x), "a translation that breaks " + x, "the source's verdict (it does not)"})
	}
	for _, x := range multisetMinus(w.violations, v.violations) {
		out = append(out, verdictDiff{ruleOf(x), "a translation that no longer breaks " + x, "the source's verdict (it does)"})
	}
	for _, x := range multisetMinus(v.pending, w.pending) {
		out = append(out, verdictDiff{spec.HistUnanswered, "the pending " + x, "no such pending call: the source answers it or has none"})
	}
	for _, x := range multisetMinus(w.pending, v.pending) {
		out = append(out, verdictDiff{spec.HistUnanswered, "no pending " + x, "the source's pending " + x})
	}
	return out
}

// multisetMinus returns the strings of a that b lacks, as multisets.
func multisetMinus(a, b []string) []string {
	n := map[string]int{}
	for _, s := range b {
		n[s]++
	}
	var out []string
	for _, s := range a {
		if n[s] > 0 {
			n[s]--
			continue
		}
		out = append(out, s)
	}
	return out
}

// elementAt names the element of h at canonical path p by what it is,
// not where: a call or result by id and name, a tool by name.
func elementAt(h spec.History, p string) string {
	var i, j int
	if n, _ := fmt.Sscanf(p, "messages[%d].parts[%d]", &i, &j); n == 2 && i < len(h.Messages) && j < len(h.Messages[i].Parts) {
		part := h.Messages[i].Parts[j]
		kind := "part"
		switch part.Kind {
		case spec.PartCall:
			kind = "call"
		case spec.PartResult:
			kind = "result"
		}
		return fmt.Sprintf("%s id=%q name=%q", kind, part.ID, part.Name)
	}
	if n, _ := fmt.Sscanf(p, "tools[%d]", &i); n == 1 && i < len(h.Tools) {
		return fmt.Sprintf("tool %q", h.Tools[i].Name)
	}
	if n, _ := fmt.Sscanf(p, "messages[%d]", &i); n == 1 && i < len(h.Messages) {
		return roleName(h.Messages[i].Role) + " message"
	}
	return p
}

// canonJSON is the JSON text s with its white space and key order
// normalized, or s itself when it is not JSON.
func canonJSON(s string) string {
	if s == "" {
		return ""
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return s
	}
	return string(b)
}

// clip shortens s for a failure's message.
func clip(s string) string {
	const n = 60
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// roleName names a role.
func roleName(r spec.Role) string {
	switch r {
	case spec.RoleUser:
		return "user"
	case spec.RoleAssistant:
		return "assistant"
	case spec.RoleTool:
		return "tool"
	case spec.RoleSystem:
		return "system"
	}
	return "role " + strconv.Itoa(int(r))
}

// choiceName names a tool choice mode.
func choiceName(m spec.ToolChoiceMode) string {
	switch m {
	case spec.ChoiceAuto:
		return "auto"
	case spec.ChoiceNone:
		return "none"
	case spec.ChoiceRequired:
		return "required"
	case spec.ChoiceTool:
		return "tool"
	}
	return strconv.Itoa(int(m))
}
