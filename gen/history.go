package gen

import (
	"strconv"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file generates conversation histories in the canonical form of
// spec/history.go: well paired (every call of a turn answered by one
// result right after it, but the last turn's, which may be pending), or
// with one pairing fault whose rule and path the generator knows. The
// elements come from every format: images and opaque parts of each, thinking
// with signatures, redacted reasoning, custom calls, error flags, system
// messages mid-conversation; [Expressible] says what one format keeps.
// The generator keeps its own bookkeeping and never asks package model.

// A HistoryFault is a pairing fault that a generated history holds by
// construction: the rule it breaks and the canonical path of the element
// at fault (a result's or a call's part, "messages[i].parts[j]").
type HistoryFault struct {
	Rule spec.RuleID
	Path string
}

// Fault kinds of [AdversarialHistory], named by the rule they break.
var historyFaults = []spec.RuleID{spec.HistOrphan, spec.HistDupID, spec.HistUnanswered, spec.HistMisplaced, spec.HistDupResult}

// History draws a well-paired history that format f carries whole: the
// projection ([Expressible]) of [AnyHistory] on f, with ids on every call
// and result where f's calls need them (spec.FormatRules.HistoryIDs).
func History(t *rapid.T, f spec.Format) spec.History {
	r, _ := spec.LookupFormatRules(f)
	h, _ := Expressible(f, AnyHistory(t, r.HistoryIDs))
	return h
}

// AnyHistory draws a well-paired history with elements of every format.
// With ids every call and result has an id (in one of three styles,
// Kimi's positional functions.NAME:N among them, which recur across
// turns); without, a turn may have none, its results pairing by name and
// order (Gemini, Ollama).
func AnyHistory(t *rapid.T, ids bool) spec.History {
	g := &hgen{t: t, ids: ids}
	g.style = rapid.IntRange(0, 2).Draw(t, "idStyle")
	var h spec.History
	h.Tools = g.tools()
	for n := rapid.IntRange(0, 3).Draw(t, "system"); n > 0; n-- {
		h.System = append(h.System, g.contentPart("system"))
	}
	if rapid.IntRange(0, 4).Draw(t, "firstUser") > 0 {
		g.add(&h, g.userMessage())
	}
	turns := rapid.IntRange(0, 4).Draw(t, "turns")
	for k := 0; k < turns; k++ {
		asst := g.assistantMessage(k)
		g.add(&h, asst)
		last := k == turns-1
		answered := false
		if !last || rapid.IntRange(0, 2).Draw(t, "pending") > 0 {
			for _, r := range g.results(asst) {
				g.add(&h, r)
				answered = true
			}
		}
		if last {
			break
		}
		// Something other than the next assistant turn comes first when
		// nothing else would part the two turns, and at times anyway.
		if !answered || rapid.Bool().Draw(t, "between") {
			if rapid.IntRange(0, 4).Draw(t, "midSystem") == 0 {
				g.add(&h, spec.Message{Role: spec.RoleSystem, Parts: []spec.Part{g.text()}})
			}
			g.add(&h, g.userMessage())
		}
	}
	h.ToolChoice = g.toolChoice(h.Tools)
	return h
}

// AdversarialHistory draws a history that f carries whole, with ids on
// every call and result, holding exactly one pairing fault: an orphan
// result (HIST-1), a second call with the id of another in its turn
// (HIST-2), a result left out of a turn that is not the last (HIST-3), a
// result moved after the user message that follows its turn (HIST-4), or
// a result given twice (HIST-5). faults names it; when no drawn history
// admits the fault drawn, the history is valid and faults is empty.
func AdversarialHistory(t *rapid.T, f spec.Format) (spec.History, []HistoryFault) {
	h, _ := Expressible(f, AnyHistory(t, true))
	rule := rapid.SampledFrom(historyFaults).Draw(t, "fault")
	fault, ok := injectFault(t, &h, rule)
	if !ok {
		return h, nil
	}
	return h, []HistoryFault{fault}
}

// hgen holds the state of one history's generation.
type hgen struct {
	t     *rapid.T
	ids   bool
	style int // id style: 0 call_N, 1 Kimi functions.NAME:N, 2 toolu_N
	n     int // counter for unique ids and data
}

// add appends m to h.
func (g *hgen) add(h *spec.History, m spec.Message) { h.Messages = append(h.Messages, m) }

func (g *hgen) next() int { g.n++; return g.n }

var (
	historyTexts = []string{"hello", "What is 2+2?", "", "line one\nline two", "quote \" and \\ backslash", "<b>&amp;</b>", "é ü 中文 🙂", " spaced "}
	historyNames = []string{"add", "get_weather", "search"}
	historyArgs  = []string{`{}`, `{"a":1,"b":2}`, `{"city":"Paris","units":"c"}`, `{"q":"x <y> & z","n":[1,2.5,null,true]}`, `{"nested":{"k":["v"]}}`}
	historySigs  = []string{"EqQBCkgIARABGAIiQH", "c2lnbmF0dXJl", "sig/+=="}
	customName   = "grep_custom"
)

// str draws a short string: from a pool of awkward ones, or any.
func (g *hgen) str(label string) string {
	if rapid.IntRange(0, 5).Draw(g.t, label+"Any") == 0 {
		return rapid.StringN(0, 12, -1).Draw(g.t, label)
	}
	return rapid.SampledFrom(historyTexts).Draw(g.t, label)
}

func (g *hgen) text() spec.Part {
	p := spec.Part{Kind: spec.PartText, Text: g.str("text")}
	if rapid.IntRange(0, 6).Draw(g.t, "textSig") == 0 {
		p.Signature = rapid.SampledFrom(historySigs).Draw(g.t, "sig")
	}
	return p
}

// media draws an image or opaque part as the JSON of one format, in the
// form that format's decoder reads back as that kind at where ("system",
// "user", "assistant" or "result").
func (g *hgen) media(where string) spec.Part {
	f := rapid.SampledFrom(spec.Formats).Draw(g.t, "mediaFormat")
	image := f == spec.FormatOllama || rapid.Bool().Draw(g.t, "image")
	k := strconv.Itoa(g.next())
	p := spec.Part{Kind: spec.PartOpaque, Format: f}
	if image {
		p.Kind = spec.PartImage
	}
	switch f {
	case spec.FormatOpenAIChat:
		p.Data = `{"type":"x_unknown","v":` + k + `}`
		if image {
			p.Data = `{"type":"image_url","image_url":{"url":"https://example.com/` + k + `.png"}}`
		}
	case spec.FormatOpenAIResponses:
		p.Data = `{"type":"x_unknown","v":` + k + `}`
		if image {
			p.Data = `{"type":"input_image","image_url":"https://example.com/` + k + `.png"}`
		}
	case spec.FormatAnthropic:
		p.Data = `{"type":"x_unknown","v":` + k + `}`
		if image {
			p.Data = `{"type":"image","source":{"type":"url","url":"https://example.com/` + k + `.png"}}`
		}
	case spec.FormatOllama:
		p.Data = `"aW1hZ2Ug` + k + `"`
	case spec.FormatGemini:
		p.Data = `{"executableCode":{"language":"PYTHON","code":"print(` + k + `)"}}`
		if where == "result" {
			p.Data = `{"x_unknown":{"v":` + k + `}}`
		}
		if image {
			p.Data = `{"inlineData":{"mimeType":"image/png","data":"aW1n` + k + `"}}`
		}
	case spec.FormatBedrock:
		p.Data = `{"guardContent":{"text":{"text":"g` + k + `"}}}`
		if where == "result" {
			p.Data = `{"json":{"v":` + k + `}}`
		}
		if image {
			p.Data = `{"image":{"format":"png","source":{"bytes":"aW1n` + k + `"}}}`
		}
	}
	return p
}

// contentPart draws a part of a system or user message, or of a result.
func (g *hgen) contentPart(where string) spec.Part {
	if rapid.IntRange(0, 3).Draw(g.t, "media") == 0 {
		return g.media(where)
	}
	return g.text()
}

func (g *hgen) userMessage() spec.Message {
	m := spec.Message{Role: spec.RoleUser}
	n := rapid.IntRange(0, 3).Draw(g.t, "userParts")
	if n == 0 && rapid.IntRange(0, 8).Draw(g.t, "empty") > 0 {
		n = 1 // an empty user message, now and then
	}
	for ; n > 0; n-- {
		m.Parts = append(m.Parts, g.contentPart("user"))
	}
	return m
}

// id returns the id of call k of turn turn.
func (g *hgen) id(turn, k int, name string) string {
	switch g.style {
	case 1:
		return "functions." + name + ":" + strconv.Itoa(k)
	case 2:
		return "toolu_" + strconv.Itoa(g.next())
	}
	return "call_" + strconv.Itoa(g.next())
}

// assistantMessage draws the assistant message of turn turn.
func (g *hgen) assistantMessage(turn int) spec.Message {
	m := spec.Message{Role: spec.RoleAssistant}
	withIDs := g.ids || rapid.Bool().Draw(g.t, "turnIDs")
	calls, reasoningID := 0, ""
	for n := rapid.IntRange(0, 6).Draw(g.t, "assistantParts"); n > 0; n-- {
		switch rapid.IntRange(0, 9).Draw(g.t, "partKind") {
		case 0, 1:
			m.Parts = append(m.Parts, g.text())
		case 2, 3:
			p := spec.Part{Kind: spec.PartThinking, Text: g.str("thinking")}
			if rapid.Bool().Draw(g.t, "thinkingSig") {
				p.Signature = rapid.SampledFrom(historySigs).Draw(g.t, "sig")
			}
			p.ID = g.reasoningID(&reasoningID)
			m.Parts = append(m.Parts, p)
		case 4:
			p := spec.Part{Kind: spec.PartRedacted, Data: rapid.SampledFrom(historySigs).Draw(g.t, "redacted")}
			p.ID = g.reasoningID(&reasoningID)
			m.Parts = append(m.Parts, p)
		case 5, 6, 7, 8:
			name := rapid.SampledFrom(historyNames).Draw(g.t, "callName")
			p := spec.Part{Kind: spec.PartCall, Name: name, Args: rapid.SampledFrom(historyArgs).Draw(g.t, "args"), CallKind: spec.CallFunction}
			if rapid.IntRange(0, 7).Draw(g.t, "custom") == 0 {
				p.Name, p.CallKind, p.Args = customName, spec.CallCustom, g.str("input")
			}
			if rapid.IntRange(0, 3).Draw(g.t, "callSig") == 0 {
				p.Signature = rapid.SampledFrom(historySigs).Draw(g.t, "sig")
			}
			if withIDs || p.CallKind == spec.CallCustom {
				// A custom call always has one: only the formats
				// with custom calls (OpenAI's) carry them, and
				// their calls need ids.
				p.ID = g.id(turn, calls, p.Name)
			}
			// A Responses call item's own id and its namespace
			// (ID-12, NAME-6), which only Responses carries.
			if rapid.IntRange(0, 2).Draw(g.t, "callItemID") == 0 {
				p.ItemID = "fc_" + strconv.Itoa(g.next())
			}
			if rapid.IntRange(0, 5).Draw(g.t, "callNamespace") == 0 {
				p.Namespace = rapid.SampledFrom([]string{"crm", "fs"}).Draw(g.t, "namespace")
			}
			calls++
			m.Parts = append(m.Parts, p)
		default:
			m.Parts = append(m.Parts, g.media("assistant"))
		}
	}
	return m
}

// reasoningID draws the id of a thinking or redacted part: none, the id
// of the reasoning item before it (one item, several parts), or a new one.
func (g *hgen) reasoningID(cur *string) string {
	switch rapid.IntRange(0, 2).Draw(g.t, "reasoningID") {
	case 0:
		*cur = ""
	case 1:
		if *cur == "" {
			*cur = "rs_" + strconv.Itoa(g.next())
		}
	default:
		*cur = "rs_" + strconv.Itoa(g.next())
	}
	return *cur
}

// results draws one tool message per call of asst: in call order, or in
// any order when every call has an id.
func (g *hgen) results(asst spec.Message) []spec.Message {
	var out []spec.Message
	withIDs := true
	for _, p := range asst.Parts {
		if p.Kind != spec.PartCall {
			continue
		}
		withIDs = withIDs && p.ID != ""
		r := spec.Part{Kind: spec.PartResult, ID: p.ID}
		if p.ID == "" || rapid.Bool().Draw(g.t, "resultName") {
			r.Name = p.Name
		}
		r.IsError = rapid.IntRange(0, 5).Draw(g.t, "isError") == 0
		for n := rapid.IntRange(0, 3).Draw(g.t, "resultParts"); n > 0; n-- {
			r.Content = append(r.Content, g.contentPart("result"))
		}
		out = append(out, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{r}})
	}
	if withIDs && len(out) > 1 {
		perm := rapid.Permutation(out).Draw(g.t, "resultOrder")
		out = perm
	}
	return out
}

func (g *hgen) tools() []spec.Tool {
	var out []spec.Tool
	for _, name := range historyNames {
		if !rapid.Bool().Draw(g.t, "tool") {
			continue
		}
		t := spec.Tool{Name: name, Kind: spec.CallFunction}
		if rapid.Bool().Draw(g.t, "description") {
			t.Description = g.str("description")
		}
		if rapid.IntRange(0, 3).Draw(g.t, "schema") > 0 {
			t.Schema = rapid.SampledFrom([]string{`{"type":"object"}`, `{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`}).Draw(g.t, "schemaText")
		}
		// XLATE-6: a decoded function tool always says its strictness.
		t.Strict = rapid.SampledFrom([]spec.Strictness{spec.StrictOn, spec.StrictOff}).Draw(g.t, "strict")
		out = append(out, t)
	}
	if rapid.IntRange(0, 4).Draw(g.t, "customTool") == 0 {
		out = append(out, spec.Tool{Name: customName, Description: "free-form input", Kind: spec.CallCustom})
	}
	if rapid.IntRange(0, 3).Draw(g.t, "providerTool") == 0 {
		at := rapid.IntRange(0, len(out)).Draw(g.t, "providerToolAt")
		t := g.providerTool()
		out = append(out[:at:at], append([]spec.Tool{t}, out[at:]...)...)
	}
	return out
}

// providerTool draws a provider's own tool, kept verbatim (spec.Tool.Data)
// in the form its format's decoder keeps, with the name it reads from it.
func (g *hgen) providerTool() spec.Tool {
	f := rapid.SampledFrom(spec.Formats).Draw(g.t, "providerToolFormat")
	t := spec.Tool{Format: f}
	switch f {
	case spec.FormatOpenAIChat:
		t.Data = `{"type":"x_provider_tool"}`
	case spec.FormatOpenAIResponses:
		t.Data = `{"type":"web_search"}`
	case spec.FormatAnthropic:
		t.Name, t.Data = "web_search", `{"type":"web_search_20250305","name":"web_search","max_uses":3}`
	case spec.FormatOllama:
		t.Data = `{"type":"x_provider_tool"}`
	case spec.FormatGemini:
		t.Data = `{"googleSearch":{}}`
	case spec.FormatBedrock:
		t.Data = `{"cachePoint":{"type":"default"}}`
	}
	return t
}

func (g *hgen) toolChoice(tools []spec.Tool) spec.ToolChoice {
	tc := spec.ToolChoice{
		Mode:     spec.ToolChoiceMode(rapid.IntRange(0, int(spec.ChoiceTool)).Draw(g.t, "choice")),
		Parallel: spec.Parallel(rapid.IntRange(0, int(spec.ParallelDisabled)).Draw(g.t, "parallel")),
	}
	if tc.Mode == spec.ChoiceTool {
		if len(tools) == 0 {
			tc.Mode = spec.ChoiceRequired
		} else {
			tc.Name = rapid.SampledFrom(tools).Draw(g.t, "choiceTool").Name
		}
	}
	return tc
}

// injectFault changes h, a well-paired history with ids, to hold one
// fault of rule, and returns it; ok is false when h admits none.
func injectFault(t *rapid.T, h *spec.History, rule spec.RuleID) (HistoryFault, bool) {
	// turns: for each assistant message, its index, its calls' part
	// indexes, the indexes of its results and what follows them.
	type turn struct {
		at      int
		calls   []int
		results []int
		after   int // index of the first message after the results (len(Messages) at the end)
	}
	var turns []turn
	ms := h.Messages
	for i, m := range ms {
		if m.Role != spec.RoleAssistant {
			continue
		}
		tn := turn{at: i}
		for j, p := range m.Parts {
			if p.Kind == spec.PartCall {
				tn.calls = append(tn.calls, j)
			}
		}
		k := i + 1
		for ; k < len(ms) && ms[k].Role == spec.RoleTool; k++ {
			tn.results = append(tn.results, k)
		}
		tn.after = k
		turns = append(turns, tn)
	}
	pick := func(ok func(turn) bool) (turn, bool) {
		var cands []turn
		for _, tn := range turns {
			if ok(tn) {
				cands = append(cands, tn)
			}
		}
		if len(cands) == 0 {
			return turn{}, false
		}
		return rapid.SampledFrom(cands).Draw(t, "faultTurn"), true
	}
	insert := func(at int, m spec.Message) {
		h.Messages = append(h.Messages[:at:at], append([]spec.Message{m}, h.Messages[at:]...)...)
	}
	part := func(i, j int) string { return hPartPath(i, j) }
	switch rule {
	case spec.HistOrphan:
		tn, ok := pick(func(tn turn) bool { return len(tn.results) > 0 })
		if !ok {
			return HistoryFault{}, false
		}
		at := rapid.IntRange(tn.results[0], tn.after).Draw(t, "orphanAt")
		// Named, as a Gemini functionResponse must be, after no tool.
		insert(at, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{{Kind: spec.PartResult, ID: "orphan_" + strconv.Itoa(at), Name: "stray", Content: []spec.Part{{Kind: spec.PartText, Text: "stray"}}}}})
		return HistoryFault{spec.HistOrphan, part(at, 0)}, true
	case spec.HistDupResult:
		tn, ok := pick(func(tn turn) bool { return len(tn.results) > 0 })
		if !ok {
			return HistoryFault{}, false
		}
		src := rapid.SampledFrom(tn.results).Draw(t, "duplicateOf")
		at := rapid.IntRange(src+1, tn.after).Draw(t, "duplicateAt")
		insert(at, h.Messages[src])
		return HistoryFault{spec.HistDupResult, part(at, 0)}, true
	case spec.HistUnanswered:
		// A turn that is not the last and whose results are not all that
		// parts it from the next assistant turn, so that leaving one out
		// leaves the turns apart.
		tn, ok := pick(func(tn turn) bool {
			return len(tn.results) > 0 && tn.after < len(ms) && (len(tn.results) > 1 || ms[tn.after].Role != spec.RoleAssistant)
		})
		if !ok {
			return HistoryFault{}, false
		}
		drop := rapid.SampledFrom(tn.results).Draw(t, "unanswered")
		id := ms[drop].Parts[0].ID
		h.Messages = append(h.Messages[:drop:drop], h.Messages[drop+1:]...)
		for _, j := range tn.calls {
			if ms[tn.at].Parts[j].ID == id {
				return HistoryFault{spec.HistUnanswered, part(tn.at, j)}, true
			}
		}
		return HistoryFault{}, false
	case spec.HistMisplaced:
		tn, ok := pick(func(tn turn) bool {
			return len(tn.results) > 0 && tn.after < len(ms) && ms[tn.after].Role == spec.RoleUser
		})
		if !ok {
			return HistoryFault{}, false
		}
		src := rapid.SampledFrom(tn.results).Draw(t, "misplaced")
		m := h.Messages[src]
		h.Messages = append(h.Messages[:src:src], h.Messages[src+1:]...)
		at := tn.after // the user message, one earlier now; the result goes after it
		insert(at, m)
		return HistoryFault{spec.HistMisplaced, part(at, 0)}, true
	case spec.HistDupID:
		tn, ok := pick(func(tn turn) bool {
			n := 0
			for _, j := range tn.calls {
				if ms[tn.at].Parts[j].CallKind != spec.CallCustom {
					n++
				}
			}
			return n > 1
		})
		if !ok {
			return HistoryFault{}, false
		}
		var fn []int
		for _, j := range tn.calls {
			if ms[tn.at].Parts[j].CallKind != spec.CallCustom {
				fn = append(fn, j)
			}
		}
		first, second := fn[0], fn[1+rapid.IntRange(0, len(fn)-2).Draw(t, "dupCall")]
		asst := copyMessage(ms[tn.at])
		oldID, newID := asst.Parts[second].ID, asst.Parts[first].ID
		asst.Parts[second].ID = newID
		h.Messages[tn.at] = asst
		// The second call's result now names the shared id: it answers
		// the second call, the first with the id not yet answered, when
		// it comes after the first call's result.
		firstRes, secondRes := -1, -1
		for _, k := range tn.results {
			switch ms[k].Parts[0].ID {
			case newID:
				firstRes = k
			case oldID:
				secondRes = k
			}
		}
		if secondRes >= 0 {
			r := copyMessage(ms[secondRes])
			r.Parts[0].ID = newID
			h.Messages[secondRes] = r
			if firstRes > secondRes {
				h.Messages[firstRes], h.Messages[secondRes] = h.Messages[secondRes], h.Messages[firstRes]
			}
		}
		return HistoryFault{spec.HistDupID, part(tn.at, second)}, true
	}
	return HistoryFault{}, false
}

// copyMessage returns m with its own Parts.
func copyMessage(m spec.Message) spec.Message {
	m.Parts = append([]spec.Part(nil), m.Parts...)
	return m
}
