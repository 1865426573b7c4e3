package spectest

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
)

// Translator is a proxy under test that turns a stream of one format into
// a stream of another: a gateway that serves Anthropic SSE from Ollama's
// NDJSON, an OpenAI-compatible front for Bedrock. Translate takes the raw
// bytes of a source stream and returns the raw bytes it would send, or an
// error when it fails the stream.
type Translator interface {
	Translate(s Stream) ([]byte, error)
}

// TranslatorFunc adapts a function to [Translator].
type TranslatorFunc func(s Stream) ([]byte, error)

// Translate calls f(s).
func (f TranslatorFunc) Translate(s Stream) ([]byte, error) { return f(s) }

// A translator is judged by the translation contract: the model's outcome
// of the translated stream must equal the model's outcome of the source,
// projected onto what the target format can express.
//
//   - The translated stream must itself follow SPEC.md: a violation the
//     model finds in it fails the case with that rule, but for a provider
//     error (END-5) the translator sends for a source that is not whole,
//     which is how a stream fails closed, and for a rule the source broke
//     too (its fault carried over).
//   - Every call the source completes is complete in the translation, in
//     order, with the same name and arguments (as JSON values), and the
//     same id when the source has one (a target that needs ids may invent
//     them for a source that has none). No other call is complete: a call
//     the source holds incomplete or invalid must not come out complete.
//   - The canonical stop reason is the same, when the target can express
//     it (length stays length, and a call it cut stays incomplete); a
//     source that failed (it broke a rule, was cut, or the provider ended
//     it with an error) must not come out as a stream that ends as it
//     should: an error event, a cut, or the source's own fault pass.
//   - Text and thinking are the same, concatenated.
//
// Each departure gets the level an adapter's gets ([Failure.Level]): a
// call presented as complete that the source cut, a call dropped, merged
// or invented, arguments changed, a normal end for a source that did not
// end normally, and a translated stream that breaks a rule are MUST; an
// id or a name changed otherwise than by concatenation, text and thinking
// SHOULD; another stop reason MAY. Failing closed breaks a rule only on a
// source that ended normally.
//
// What the target cannot carry (a second choice, custom calls outside
// OpenAI's formats, a stop reason with no raw value in the target's row of
// the END-4 table, signatures and server tools, which are not compared) is
// named in the case's Notes, never called a bug.

// CheckTranslator runs the kit on a translator from format from to format
// to: the corpus's scenarios of format from and random streams of it, as
// [Check] does for adapters.
func CheckTranslator(newTranslator func() Translator, from, to toolspec.Format, opts ...Option) (*Report, error) {
	initTesting()
	if !from.Valid() || !to.Valid() {
		return nil, fmt.Errorf("spectest: unknown format in %q → %q", from, to)
	}
	o := newOptions(opts)
	cs, err := cases(o)
	if err != nil {
		return nil, err
	}
	rep := &Report{Adapter: Description{Name: fmt.Sprintf("translator %s → %s", from, to), Formats: []toolspec.Format{from}}}
	if d, ok := newTranslator().(Describer); ok {
		rep.Adapter = d.Describe()
	}
	for _, c := range cs {
		if c.format != from || o.noCorpus || !o.selected(c.name) {
			continue
		}
		rep.Cases = append(rep.Cases, translateCase(newTranslator, o, c, to))
	}
	name := "random/" + string(from) + "→" + string(to)
	if o.random == 0 || !o.selected(name) {
		return rep, nil
	}
	rep.Cases = append(rep.Cases, translatorRandom(name, newTranslator, o, from, to))
	return rep, nil
}

// RunTranslator runs the kit on a translator as subtests, as [Run] does
// for adapters: one per scenario of format from, then
// "random/<from>→<to>".
func RunTranslator(t *testing.T, newTranslator func() Translator, from, to toolspec.Format, opts ...Option) {
	t.Helper()
	o := newOptions(opts)
	cs, err := cases(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.format != from || o.noCorpus || !o.selected(c.name) {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			r := translateCase(newTranslator, o, c, to)
			for _, n := range r.Notes {
				t.Log(n)
			}
			if r.Skipped != "" {
				t.Skip(r.Skipped)
			}
			for _, f := range r.Failures {
				t.Error(f.Error())
			}
		})
	}
	if o.random > 0 && o.selected("random/"+string(from)+"→"+string(to)) {
		name := "random/" + string(from) + "→" + string(to)
		t.Run(name, func(t *testing.T) {
			if res := translatorRandom(name, newTranslator, o, from, to); res.Message != "" {
				t.Error(res.Message)
			}
		})
	}
}

// translatorRandom is the case random/<from>→<to> of the translators
// newTranslator makes.
func translatorRandom(name string, newTranslator func() Translator, o options, from, to toolspec.Format) CaseResult {
	o.oneResponse = true
	if x, ok := newTranslator().(Describer); ok {
		o.oneResponse = !x.Describe().SeveralResponses
	}
	mk := func(data []byte) kase { return kase{name: name, format: from, data: data, random: true} }
	return randomCase(name, o, from, mk, func(c kase) []Failure { return translateCase(newTranslator, o, c, to).Failures })
}

// translateCase runs one case on a fresh translator.
func translateCase(newTranslator func() Translator, o options, c kase, to toolspec.Format) CaseResult {
	res := CaseResult{Name: c.name, Rules: c.rules, Seen: c.seen}
	for _, r := range c.rules {
		if why, ok := o.skip[r]; ok {
			res.Skipped = "skipped (" + string(r) + "): " + why
			return res
		}
	}
	if c.limits != (toolspec.Limits{}) {
		res.Skipped = "not applicable: the case sets limits, which a translation does not carry"
		return res
	}
	if c.several {
		var d Description
		if x, ok := newTranslator().(Describer); ok {
			d = x.Describe()
		}
		if !d.SeveralResponses {
			res.Skipped = notSeveral
			return res
		}
	}
	src := reference(c)
	var out []byte
	var terr error
	broke := ""
	func() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer func() {
				if p := recover(); p != nil {
					broke = fmt.Sprintf("a panic: %v", p)
				}
			}()
			out, terr = newTranslator().Translate(Stream{Format: c.format, Data: bytes.Clone(c.data)})
		}()
		select {
		case <-done:
		case <-time.After(o.timeout):
			broke = fmt.Sprintf("no translation within %v", o.timeout)
		}
	}()
	if broke != "" {
		res.Failures = []Failure{{Case: c.name, Rule: first(c.rules), Got: broke, Want: "a translation", Real: c.seen}}
		if c.random {
			attribute(res.Failures, c, src)
		}
		return res
	}
	fs, notes := judgeTranslation(c.name, o, factsOf(c, src), src, to, out, terr, c.rules, c.random)
	for i := range fs {
		fs[i].Real = c.seen
	}
	if c.random {
		attribute(fs, c, src)
	}
	res.Notes = notes
	res.setFailures(fs)
	return res
}

// judgeTranslation compares the model's outcome of a translation (out in
// format to, or the translator's error) with the source's outcome src,
// giving each departure its level as judge does; f is what the judge
// knows of the source stream. A translated stream that breaks a rule
// fails at MUST (a writer must write what SPEC.md reads).
func judgeTranslation(name string, o options, f *facts, src toolspec.Outcome, to toolspec.Format, out []byte, terr error, rules []toolspec.RuleID, random bool) (fs []Failure, notes []string) {
	fail := func(rule toolspec.RuleID, c clause, got, want string) {
		if rule == "" && len(rules) > 0 {
			rule = rules[0]
		}
		x := Failure{Case: name, Rule: rule, Got: got, Want: want, Level: c.level}
		if c.rule != "" {
			x.Clause = c.String()
		}
		fs = append(fs, x)
	}
	// A source that broke a rule, or was cut, or that the provider ended
	// with an error, has failed; one cut by its token limit has not: it
	// ends as it should, and its translation must say length too.
	whole := !failed(src)
	if terr != nil {
		// Failing closed breaks a rule only on a source that ended
		// normally.
		if c, ok := f.closed(); ok {
			fail("", c, "the error "+strconv.Quote(terr.Error()), "a translation: the source is whole ("+summary(src)+")")
		}
		return fs, notes
	}
	dst := reference(kase{format: to, data: out, random: random})
	srcRules := map[toolspec.RuleID]bool{}
	for _, v := range src.Violations {
		srcRules[v.Rule] = true
	}
	for _, v := range dst.Violations {
		if v.Rule == toolspec.EndProviderErr && !whole {
			continue // the translator failed the stream closed
		}
		if srcRules[v.Rule] {
			continue // the source's own fault, carried over
		}
		fail(v.Rule, clause{}, fmt.Sprintf("a translated stream that breaks %s (%s)", v.Rule, v.Message), "a stream that follows SPEC.md")
	}
	// The source's calls that the target can carry.
	var want []toolspec.Call
	for _, c := range src.Calls {
		switch {
		case c.Server:
			notes = append(notes, fmt.Sprintf("call #%d is a server tool's; not compared", c.Ordinal))
		case c.Choice != 0 && !hasChoices(to):
			notes = append(notes, fmt.Sprintf("call #%d is in choice %d, which %s cannot carry", c.Ordinal, c.Choice, to))
		case c.Kind == toolspec.CallCustom && to != toolspec.FormatOpenAIChat && to != toolspec.FormatOpenAIResponses:
			notes = append(notes, fmt.Sprintf("call #%d is a custom tool call, which %s cannot carry", c.Ordinal, to))
		case c.Kind.IsItem() && to != toolspec.FormatOpenAIResponses:
			notes = append(notes, fmt.Sprintf("call #%d is a %s, which %s cannot carry", c.Ordinal, c.Kind, to))
		default:
			want = append(want, c)
		}
	}
	dropped := len(want) < len(src.Calls)
	var got []toolspec.Call
	for _, c := range dst.Calls {
		if !c.Server {
			got = append(got, c)
		}
	}
	gi := 0
	for _, w := range want {
		if gi >= len(got) {
			if w.Status == toolspec.StatusComplete && whole {
				fail(toolspec.OrdFirstSeen, rowEveryCall, fmt.Sprintf("%d call(s) in the translation", len(got)), "the source's call "+showCall(w))
			}
			continue
		}
		g := got[gi]
		gi++
		if w.Status != toolspec.StatusComplete {
			if g.Status == toolspec.StatusComplete {
				fail(ruleOf(src, w), finishedRow(src, w), fmt.Sprintf("the translated call #%d %q complete", g.Ordinal, g.Name),
					fmt.Sprintf("not complete: the source's call #%d is %s (%s)", w.Ordinal, w.Status, why(src, w)))
			}
			continue
		}
		if g.Status != toolspec.StatusComplete {
			if !whole {
				continue // a stream failed closed may leave calls unfinished
			}
			if st := stopOf(src, w.Message, w.Choice); g.Status == toolspec.StatusIncomplete && !st.Normal() {
				// END-3: a whole call (Ollama, Gemini) under a stop that is
				// no normal end cannot be written complete in a format
				// whose stops a normal end must confirm.
				notes = append(notes, fmt.Sprintf("call #%d is complete in the source, but its stop %s is no normal end: the translation's is incomplete (END-3)", w.Ordinal, stopName(st)))
				continue
			}
			fail(ruleOf(dst, g), rowEveryCall, fmt.Sprintf("the translated call #%d %s", g.Ordinal, g.Status), "complete, as the source's call "+showCall(w))
			continue
		}
		if w.ID != "" && g.ID != w.ID {
			c := rowVerbatimID
			if sharedID(src, w) {
				c = rowDuplicateID
			}
			fail(toolspec.IDScope, c, fmt.Sprintf("call #%d with id %q", g.Ordinal, g.ID), fmt.Sprintf("id %q, verbatim", w.ID))
		}
		if g.Name != w.Name {
			c := rowVerbatimName
			if concatenated(src, w, g.Name) {
				c = rowNoConcatenation
			}
			fail(toolspec.NameOnce, c, fmt.Sprintf("call #%d named %q", g.Ordinal, g.Name), strconv.Quote(w.Name))
		}
		if !sameArgs(w, g.Args, o.byteArgs) {
			c := rowArguments
			if w.Args == "{}" && w.Kind != toolspec.CallCustom && strings.Trim(g.Args, " \t\r\n") == "" {
				c = rowEmptyArgs
			}
			fail(toolspec.EndValidate, c, fmt.Sprintf("call #%d with arguments %s", g.Ordinal, quote(g.Args)), quote(w.Args))
		}
	}
	for _, g := range got[gi:] {
		fail(toolspec.IDKnown, rowEveryCall, "the translated call "+showCall(g), fmt.Sprintf("no such call: the source has %d (%s)", len(src.Calls), names(src)))
	}
	// Stop reasons: of the last message's first choice when the target
	// has no choices.
	sr, dr := lastStop(src, hasChoices(to)), dst.StopReason()
	switch {
	case whole && sr == toolspec.StopNone:
		notes = append(notes, "the source gives no stop reason")
	case whole && dropped && (sr == toolspec.StopToolUse || sr == toolspec.StopEnd) && (dr == toolspec.StopToolUse || dr == toolspec.StopEnd):
		notes = append(notes, "the stop reason follows the calls the target carries (END-4)")
	case !whole && !failed(dst):
		rule := toolspec.EndTruncation
		for _, v := range src.Violations {
			if v.Class == toolspec.ClassTerminal {
				rule = v.Rule
			}
		}
		c := rowVocabulary
		if dr == toolspec.StopNone || saysNormal(to, dr) {
			c = rowNeverNormal // its reader completes the calls
		}
		fail(rule, c, "a translated stream that ends as it should (stop "+stopName(dr)+")", "one that fails too, as the source does ("+src.Err().Error()+")")
	case whole && !canExpress(to, sr):
		notes = append(notes, fmt.Sprintf("stop reason %s has no raw value in %s", stopName(sr), to))
	case whole && dr != sr:
		rule := toolspec.EndStopReason
		if sr == toolspec.StopLength {
			rule = toolspec.EndTruncation
		}
		c := rowVocabulary
		if cuts(f.format, lastStopOf(src, hasChoices(to))) && saysNormal(to, dr) {
			c = rowNeverNormal
		}
		fail(rule, c, "stop reason "+stopName(dr), stopName(sr))
	}
	if !whole {
		return fs, notes // a stream failed closed need not carry the rest
	}
	if w, g := choiceText(src, toolspec.ItemText, hasChoices(to)), textOf(dst, toolspec.ItemText); w != g {
		fail(toolspec.OrdMerge, rowMerge, "text "+quote(g), quote(w))
	}
	if w, g := choiceText(src, toolspec.ItemThinking, hasChoices(to)), textOf(dst, toolspec.ItemThinking); w != g {
		fail(toolspec.ThinkOrder, rowThinkOrder, "thinking "+quote(g), quote(w))
	}
	return fs, notes
}

// lastStop is the stop reason of o's last message: of its first choice
// only, unless all choices count.
func lastStop(o toolspec.Outcome, allChoices bool) toolspec.StopReason {
	r := toolspec.StopNone
	for _, s := range o.Stops {
		if allChoices || s.Choice == 0 {
			r = s.Reason
		}
	}
	return r
}

// lastStopOf is the stop lastStop gives the reason of.
func lastStopOf(o toolspec.Outcome, allChoices bool) toolspec.Stop {
	var st toolspec.Stop
	for _, s := range o.Stops {
		if allChoices || s.Choice == 0 {
			st = s
		}
	}
	return st
}

// stopOf is the stop reason of message msg and choice c of o, or StopNone.
func stopOf(o toolspec.Outcome, msg, c int) toolspec.StopReason {
	for _, s := range o.Stops {
		if s.Message == msg && s.Choice == c {
			return s.Reason
		}
	}
	return toolspec.StopNone
}

// choiceText is the text (or thinking) of o, of the first choices only
// unless all choices count.
func choiceText(o toolspec.Outcome, k toolspec.ItemKind, allChoices bool) string {
	var b strings.Builder
	for _, it := range o.Items {
		if it.Kind == k && (allChoices || it.Choice == 0) {
			b.WriteString(it.Text)
		}
	}
	return b.String()
}

// failed reports whether a stream failed: it broke a rule, was cut
// (truncated) or was ended by the provider with an error.
func failed(o toolspec.Outcome) bool {
	if len(o.Violations) > 0 {
		return true
	}
	for _, s := range o.Stops {
		if s.Reason == toolspec.StopTruncated || s.Reason == toolspec.StopError {
			return true
		}
	}
	return false
}

// hasChoices reports whether format f carries several choices.
func hasChoices(f toolspec.Format) bool {
	return f == toolspec.FormatOpenAIChat || f == toolspec.FormatGemini
}

// canExpress reports whether format f can carry canonical stop reason r: r
// is in f's row of the END-4 table (end and tool_use count as one, as
// END-4 refines them by calls), or is one every format has (truncated,
// error, other, none).
func canExpress(f toolspec.Format, r toolspec.StopReason) bool {
	switch r {
	case toolspec.StopTruncated, toolspec.StopError, toolspec.StopOther, toolspec.StopNone:
		return true
	}
	var row []toolspec.StopReason
	for _, e := range spec.StopTable() {
		if e.Format == f {
			row = append(row, e.Canonical)
		}
	}
	if r == toolspec.StopToolUse || r == toolspec.StopEnd {
		return slices.Contains(row, toolspec.StopEnd) || slices.Contains(row, toolspec.StopToolUse)
	}
	return slices.Contains(row, r)
}
