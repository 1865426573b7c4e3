package gen

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/spec"
)

// This file says, on the canonical form alone, what each history format
// can carry: [Expressible] is the generator's own account of the XLATE
// rules, written apart from the codecs of package model so that a test
// can hold the two against each other (an encoder's losses and what its
// decoder reads back must be exactly what Expressible says).

// A HistoryLoss is an element of a history that a format cannot carry: the
// XLATE rule under which it is named and its canonical path, with a field
// step for a field of a part, tool or tool choice that is left out while
// the element stays (".signature", ".id", ".item_id", ".namespace", ".name", ".is_error", ".args",
// ".schema", ".parallel"), as package model's encoders report it. A loss
// at a message that stays means the boundary before it: the format reads
// the message back as part of the one before.
type HistoryLoss struct {
	Rule spec.RuleID
	Path string
}

// Expressible returns h as format f reads it back after writing it: every
// element f cannot carry left out (or, for a field, cleared; a call's
// arguments that f cannot write, not an object or for Bedrock not JSON,
// become {}), and each one named. A result's tool name that f cannot carry
// is cleared, with no loss when the result has an id (all a format that
// pairs by id needs); Gemini, which requires a result's name, gives a
// result without one the name of the call its id names. A call or result
// without the id a format needs stays without one, and is no loss:
// checking the target names it (HIST-6). For a format without a projection
// here (OpenAI chat and Anthropic) h is returned as it is, with no losses.
func Expressible(f spec.Format, h spec.History) (spec.History, []HistoryLoss) {
	p := &hproj{f: f, in: h}
	switch f {
	case spec.FormatOpenAIResponses:
		p.responses()
	case spec.FormatOllama:
		p.ollama()
	case spec.FormatGemini:
		p.gemini()
	case spec.FormatBedrock:
		p.bedrock()
	default:
		return h, nil
	}
	return p.out, p.losses
}

// Canonical paths.
func hSystemPath(i int) string        { return "system[" + strconv.Itoa(i) + "]" }
func hMessagePath(i int) string       { return "messages[" + strconv.Itoa(i) + "]" }
func hPartPath(i, j int) string       { return hMessagePath(i) + ".parts[" + strconv.Itoa(j) + "]" }
func hContentPath(i, j, k int) string { return hPartPath(i, j) + ".content[" + strconv.Itoa(k) + "]" }
func hToolPath(i int) string          { return "tools[" + strconv.Itoa(i) + "]" }

const hToolChoicePath = "tool_choice"

// hproj is one projection in progress.
type hproj struct {
	f      spec.Format
	in     spec.History
	out    spec.History
	losses []HistoryLoss
	last   spec.Role // role of the last message kept
	began  bool      // a message other than a system message was kept
	// dropped holds the ids of the custom calls of the last assistant
	// turn, left out with their results.
	dropped map[string]bool
}

func (p *hproj) lose(rule spec.RuleID, path string) {
	p.losses = append(p.losses, HistoryLoss{rule, path})
}

// partRule is the rule under which a part of kind k is named.
func partRule(k spec.PartKind) spec.RuleID {
	switch k {
	case spec.PartThinking, spec.PartRedacted:
		return spec.XlateThinking
	case spec.PartCall:
		return spec.XlateIdentity
	}
	return spec.XlateOpaque
}

func (p *hproj) losePart(pt spec.Part, path string) { p.lose(partRule(pt.Kind), path) }

// own reports whether image or opaque part pt is JSON of the format.
func (p *hproj) own(pt spec.Part, path string) bool {
	if pt.Format == p.f && len(bytes.TrimSpace([]byte(pt.Data))) > 0 && json.Valid([]byte(pt.Data)) {
		return true
	}
	p.losePart(pt, path)
	return false
}

// noSig clears pt's signature, naming it.
func (p *hproj) noSig(pt spec.Part, path string) spec.Part {
	if pt.Signature != "" {
		p.lose(spec.XlateThinking, path+".signature")
		pt.Signature = ""
	}
	return pt
}

// noResponsesCall clears what call part pt holds that only a Responses
// request carries, its item id (ID-12) and namespace (NAME-6), naming
// each (XLATE-5).
func (p *hproj) noResponsesCall(pt spec.Part, path string) spec.Part {
	if pt.ItemID != "" {
		p.lose(spec.XlateIdentity, path+".item_id")
		pt.ItemID = ""
	}
	if pt.Namespace != "" {
		p.lose(spec.XlateIdentity, path+".namespace")
		pt.Namespace = ""
	}
	return pt
}

// noReasoningID clears the reasoning item id of a thinking or redacted
// part, naming it.
func (p *hproj) noReasoningID(pt spec.Part, path string) spec.Part {
	if pt.ID != "" {
		p.lose(spec.XlateThinking, path+".id")
		pt.ID = ""
	}
	return pt
}

// objArgs makes call pt's arguments an object, naming the change.
func (p *hproj) objArgs(pt spec.Part, path string) spec.Part {
	if !isJSONObject(pt.Args) {
		p.lose(spec.XlateIdentity, path+".args")
		pt.Args = "{}"
	}
	return pt
}

func isJSONObject(s string) bool {
	b := bytes.TrimLeft([]byte(s), " \t\r\n")
	return len(b) > 0 && b[0] == '{' && json.Valid(b)
}

// callOf returns the call with id id of the assistant turn before
// message i of the input.
func (p *hproj) callOf(i int, id string) (spec.Part, bool) {
	if id == "" {
		return spec.Part{}, false
	}
	for j := i - 1; j >= 0; j-- {
		m := p.in.Messages[j]
		if m.Role == spec.RoleTool {
			continue
		}
		if m.Role == spec.RoleAssistant {
			for _, c := range m.Parts {
				if c.Kind == spec.PartCall && c.ID == id {
					return c, true
				}
			}
		}
		break
	}
	return spec.Part{}, false
}

// noResultName clears result pt's tool name for a format whose results
// pair by id alone: silently when the result has an id (which is all the
// format needs), else naming the result, which pairs by name alone.
func (p *hproj) noResultName(pt spec.Part, path string) spec.Part {
	if pt.ID == "" && pt.Name != "" {
		p.lose(spec.XlateIdentity, path)
	}
	pt.Name = ""
	return pt
}

// leading names system message i when nothing but system messages was
// kept before it.
func (p *hproj) leading(i int) {
	if !p.began {
		p.lose(spec.XlateSystem, hMessagePath(i))
	}
}

// emit keeps message m, input message i. merges says the format reads it
// as part of the message before when that one has its role; a system
// message before any other is read as part of the system prompt.
func (p *hproj) emit(i int, m spec.Message, merges bool) {
	n := len(p.out.Messages)
	switch {
	case merges && p.last == m.Role:
		p.lose(spec.XlateOpaque, hMessagePath(i))
		if m.Role == spec.RoleSystem && !p.began {
			p.out.System = append(p.out.System, m.Parts...)
		} else {
			p.out.Messages[n-1].Parts = append(p.out.Messages[n-1].Parts, m.Parts...)
		}
	case m.Role == spec.RoleSystem && !p.began:
		p.out.System = append(p.out.System, m.Parts...)
	default:
		p.out.Messages = append(p.out.Messages, m)
	}
	p.last = m.Role
	if m.Role != spec.RoleSystem {
		p.began = true
	}
}

// customCall reports whether part j of assistant message i is a custom
// call the format cannot carry, naming it and its id for its results.
func (p *hproj) customCall(pt spec.Part, path string) bool {
	if pt.Kind != spec.PartCall || pt.CallKind != spec.CallCustom {
		return false
	}
	p.lose(spec.XlateIdentity, path)
	p.dropped[pt.ID] = true
	return true
}

// results projects the results of tool message i with one, part by part,
// keeping those keep returns true for; a message without any is named.
func (p *hproj) results(i int, keep func(j int, pt spec.Part) (spec.Part, bool)) {
	kept := false
	for j, pt := range p.in.Messages[i].Parts {
		path := hPartPath(i, j)
		if pt.Kind != spec.PartResult {
			p.losePart(pt, path)
			continue
		}
		if pt.ID != "" && p.dropped[pt.ID] {
			p.lose(spec.XlateIdentity, path)
			continue
		}
		if r, ok := keep(j, pt); ok {
			p.emit(i, spec.Message{Role: spec.RoleTool, Parts: []spec.Part{r}}, false)
			kept = true
		}
	}
	if !kept {
		p.lose(spec.XlateOpaque, hMessagePath(i))
	}
}

// tools projects the tools: a provider's own tool (spec.Tool.Data) kept
// by its format only, custom ones only when custom says the format has
// them; schemas that are not objects are named.
func (p *hproj) tools(custom bool) {
	for i, t := range p.in.Tools {
		if t.Data != "" {
			if t.Format != p.f || !isJSONObject(t.Data) {
				p.lose(spec.XlateTools, hToolPath(i))
				continue
			}
		} else if t.Kind == spec.CallCustom {
			if !custom {
				p.lose(spec.XlateTools, hToolPath(i))
				continue
			}
			if t.Schema != "" {
				p.lose(spec.XlateTools, hToolPath(i)+".schema")
				t.Schema = ""
			}
		} else {
			if t.Schema != "" && !isJSONObject(t.Schema) {
				p.lose(spec.XlateTools, hToolPath(i)+".schema")
				t.Schema = ""
			}
			t.Strict = p.strict(t, i)
			if t.Schema == "" && p.f == spec.FormatBedrock {
				// Bedrock requires a schema: a tool without one is
				// written as a function of no parameters (XLATE-6).
				t.Schema = `{"type":"object","properties":{}}`
			}
		}
		p.out.Tools = append(p.out.Tools, t)
	}
}

// strict projects function tool t's strict setting (XLATE-6): Responses
// reads a tool without one as strict; Ollama, Gemini and Bedrock hold no
// tool to its schema, so that a strict one is named.
func (p *hproj) strict(t spec.Tool, i int) spec.Strictness {
	if p.f == spec.FormatOpenAIResponses {
		if t.Strict == spec.StrictUnset {
			return spec.StrictOn
		}
		return t.Strict
	}
	if t.Strict == spec.StrictOn {
		p.lose(spec.XlateTools, hToolPath(i)+".strict")
	}
	return spec.StrictOff
}

// toolChoice projects the tool choice: modes says which modes the format
// has, parallel whether it has the parallel setting.
func (p *hproj) toolChoice(modes func(spec.ToolChoiceMode) bool, parallel bool) {
	tc := p.in.ToolChoice
	if tc.Mode != spec.ChoiceUnset && !modes(tc.Mode) {
		p.lose(spec.XlateToolChoice, hToolChoicePath)
		tc.Mode, tc.Name = spec.ChoiceUnset, ""
	}
	if tc.Parallel > spec.ParallelDisabled || tc.Parallel != spec.ParallelUnset && !parallel {
		p.lose(spec.XlateToolChoice, hToolChoicePath+".parallel")
		tc.Parallel = spec.ParallelUnset
	}
	p.out.ToolChoice = tc
}

func knownMode(m spec.ToolChoiceMode) bool { return m <= spec.ChoiceTool }

// parts projects the parts of message i with keep.
func (p *hproj) parts(i int, keep func(j int, pt spec.Part) (spec.Part, bool)) []spec.Part {
	var out []spec.Part
	for j, pt := range p.in.Messages[i].Parts {
		if r, ok := keep(j, pt); ok {
			out = append(out, r)
		}
	}
	return out
}

func (p *hproj) responses() {
	content := func(pt spec.Part, path string) (spec.Part, bool) {
		switch pt.Kind {
		case spec.PartText:
			return p.noSig(pt, path), true
		case spec.PartImage, spec.PartOpaque:
			return pt, p.own(pt, path)
		}
		p.losePart(pt, path)
		return pt, false
	}
	for j, pt := range p.in.System {
		if j == 0 && pt.Kind == spec.PartText {
			p.out.System = append(p.out.System, p.noSig(pt, hSystemPath(j)))
		} else if r, ok := content(pt, hSystemPath(j)); ok {
			p.out.System = append(p.out.System, r)
		}
	}
	for i, m := range p.in.Messages {
		switch m.Role {
		case spec.RoleUser, spec.RoleSystem:
			if m.Role == spec.RoleSystem {
				p.leading(i)
			}
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) { return content(pt, hPartPath(i, j)) })
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, false)
		case spec.RoleAssistant:
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				switch pt.Kind {
				case spec.PartThinking, spec.PartRedacted:
					if pt.ID == "" { // a reasoning item requires its id (ID-12)
						p.losePart(pt, path)
						return pt, false
					}
					return p.noSig(pt, path), true
				case spec.PartText:
					return p.noSig(pt, path), true
				case spec.PartCall:
					pt = p.noSig(pt, path)
					return pt, true
				case spec.PartOpaque:
					return pt, p.own(pt, path)
				}
				p.losePart(pt, path)
				return pt, false
			})
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, true)
		case spec.RoleTool:
			p.results(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				pt = p.noResultName(pt, path)
				if pt.IsError {
					p.lose(spec.XlateOpaque, path+".is_error")
					pt.IsError = false
				}
				var c []spec.Part
				for k, cp := range pt.Content {
					if r, ok := content(cp, hContentPath(i, j, k)); ok {
						c = append(c, r)
					}
				}
				pt.Content = c
				return pt, true
			})
		default:
			p.lose(spec.XlateOpaque, hMessagePath(i))
		}
	}
	p.tools(true)
	p.toolChoice(knownMode, true)
}

func (p *hproj) ollama() {
	// part keeps what an Ollama message of a role can hold.
	part := func(pt spec.Part, path string, assistant bool) (spec.Part, bool) {
		switch {
		case pt.Kind == spec.PartText && pt.Text != "":
			return p.noSig(pt, path), true
		case pt.Kind == spec.PartImage:
			return pt, p.own(pt, path)
		case pt.Kind == spec.PartThinking && assistant && pt.Text != "":
			return p.noReasoningID(p.noSig(pt, path), path), true
		case pt.Kind == spec.PartCall && assistant:
			return p.objArgs(p.noResponsesCall(p.noSig(pt, path), path), path), true
		}
		p.losePart(pt, path)
		return pt, false
	}
	for j, pt := range p.in.System {
		if r, ok := part(pt, hSystemPath(j), false); ok {
			p.out.System = append(p.out.System, r)
		}
	}
	for i, m := range p.in.Messages {
		switch m.Role {
		case spec.RoleUser, spec.RoleSystem, spec.RoleAssistant:
			if m.Role == spec.RoleSystem {
				p.leading(i)
			}
			assistant := m.Role == spec.RoleAssistant
			if assistant {
				p.dropped = map[string]bool{}
			}
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				if assistant && p.customCall(pt, path) {
					return pt, false
				}
				return part(pt, path, assistant)
			})
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, true)
		case spec.RoleTool:
			p.results(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				if pt.IsError {
					p.lose(spec.XlateOpaque, path+".is_error")
					pt.IsError = false
				}
				var c []spec.Part
				for k, cp := range pt.Content {
					kp := hContentPath(i, j, k)
					switch {
					case cp.Kind == spec.PartText && len(c) == 0 && cp.Text != "":
						c = append(c, p.noSig(cp, kp))
					case cp.Kind == spec.PartImage:
						if p.own(cp, kp) {
							c = append(c, cp)
						}
					default:
						p.losePart(cp, kp)
					}
				}
				pt.Content = c
				return pt, true
			})
		default:
			p.lose(spec.XlateOpaque, hMessagePath(i))
		}
	}
	p.tools(false)
	p.toolChoice(func(spec.ToolChoiceMode) bool { return false }, false)
}

func (p *hproj) gemini() {
	part := func(pt spec.Part, path string, model bool) (spec.Part, bool) {
		switch {
		case pt.Kind == spec.PartText:
			return pt, true
		case pt.Kind == spec.PartThinking:
			return p.noReasoningID(pt, path), true
		case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
			return pt, p.own(pt, path)
		case pt.Kind == spec.PartCall && model:
			return p.objArgs(p.noResponsesCall(pt, path), path), true
		}
		p.losePart(pt, path)
		return pt, false
	}
	for j, pt := range p.in.System {
		if r, ok := part(pt, hSystemPath(j), false); ok {
			p.out.System = append(p.out.System, r)
		}
	}
	for i, m := range p.in.Messages {
		switch m.Role {
		case spec.RoleUser:
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) { return part(pt, hPartPath(i, j), false) })
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, false)
		case spec.RoleAssistant:
			p.dropped = map[string]bool{}
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				if p.customCall(pt, path) {
					return pt, false
				}
				return part(pt, path, true)
			})
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, true)
		case spec.RoleTool:
			p.results(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				if pt.Name == "" {
					if c, ok := p.callOf(i, pt.ID); ok {
						pt.Name = c.Name
					}
				}
				if pt.Name == "" {
					// A functionResponse needs the function's name.
					p.lose(spec.XlateIdentity, path)
					return pt, false
				}
				var c []spec.Part
				text := false
				for k, cp := range pt.Content {
					kp := hContentPath(i, j, k)
					switch {
					case cp.Kind == spec.PartText && len(c) == 0:
						c = append(c, p.noSig(cp, kp))
						text = true
					case cp.Kind == spec.PartImage || cp.Kind == spec.PartOpaque:
						if p.own(cp, kp) {
							c = append(c, cp)
						}
					default:
						p.losePart(cp, kp)
					}
				}
				if pt.IsError && !text {
					p.lose(spec.XlateOpaque, path+".is_error")
					pt.IsError = false
				}
				pt.Content = c
				return pt, true
			})
		case spec.RoleSystem:
			p.lose(spec.XlateSystem, hMessagePath(i))
		default:
			p.lose(spec.XlateOpaque, hMessagePath(i))
		}
	}
	p.tools(false)
	p.toolChoice(knownMode, false)
}

func (p *hproj) bedrock() {
	block := func(pt spec.Part, path string, assistant bool) (spec.Part, bool) {
		switch {
		case pt.Kind == spec.PartText:
			return p.noSig(pt, path), true
		case pt.Kind == spec.PartImage || pt.Kind == spec.PartOpaque:
			return pt, p.own(pt, path)
		case pt.Kind == spec.PartThinking && assistant:
			return p.noReasoningID(pt, path), true
		case pt.Kind == spec.PartRedacted && assistant:
			return p.noReasoningID(pt, path), true
		case pt.Kind == spec.PartCall && assistant:
			pt = p.noResponsesCall(p.noSig(pt, path), path)
			// A toolUse input is any JSON document.
			if !json.Valid([]byte(pt.Args)) {
				p.lose(spec.XlateIdentity, path+".args")
				pt.Args = "{}"
			}
			return pt, true
		}
		p.losePart(pt, path)
		return pt, false
	}
	for j, pt := range p.in.System {
		if pt.Kind == spec.PartImage {
			// A system block is text, guardContent or cachePoint.
			p.losePart(pt, hSystemPath(j))
			continue
		}
		if r, ok := block(pt, hSystemPath(j), false); ok {
			p.out.System = append(p.out.System, r)
		}
	}
	for i, m := range p.in.Messages {
		switch m.Role {
		case spec.RoleUser:
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) { return block(pt, hPartPath(i, j), false) })
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, false)
		case spec.RoleAssistant:
			p.dropped = map[string]bool{}
			parts := p.parts(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				if p.customCall(pt, path) {
					return pt, false
				}
				return block(pt, path, true)
			})
			p.emit(i, spec.Message{Role: m.Role, Parts: parts}, true)
		case spec.RoleTool:
			p.results(i, func(j int, pt spec.Part) (spec.Part, bool) {
				path := hPartPath(i, j)
				pt = p.noResultName(pt, path)
				var c []spec.Part
				for k, cp := range pt.Content {
					kp := hContentPath(i, j, k)
					switch cp.Kind {
					case spec.PartText:
						c = append(c, p.noSig(cp, kp))
					case spec.PartImage, spec.PartOpaque:
						if p.own(cp, kp) {
							c = append(c, cp)
						}
					default:
						p.losePart(cp, kp)
					}
				}
				pt.Content = c
				return pt, true
			})
		case spec.RoleSystem:
			p.lose(spec.XlateSystem, hMessagePath(i))
		default:
			p.lose(spec.XlateOpaque, hMessagePath(i))
		}
	}
	p.tools(false)
	// A tool choice needs a tool: Bedrock's toolConfig requires its tools.
	p.toolChoice(func(m spec.ToolChoiceMode) bool {
		return m != spec.ChoiceNone && knownMode(m) && len(p.out.Tools) > 0
	}, false)
}

// Unbind returns h as a translation to another format writes it before
// its encoding: every signature cleared and every redacted reasoning part
// of the system prompt and the messages left out, each named (XLATE-1),
// since they are bound to the provider that made them. Paths are those of
// h.
func Unbind(h spec.History) (spec.History, []HistoryLoss) {
	var losses []HistoryLoss
	unsign := func(pt spec.Part, path string) spec.Part {
		if pt.Signature != "" {
			losses = append(losses, HistoryLoss{spec.XlateThinking, path + ".signature"})
			pt.Signature = ""
		}
		return pt
	}
	parts := func(ps []spec.Part, path func(j int) string) []spec.Part {
		var out []spec.Part
		for j, pt := range ps {
			if pt.Kind == spec.PartRedacted {
				losses = append(losses, HistoryLoss{spec.XlateThinking, path(j)})
				continue
			}
			pt = unsign(pt, path(j))
			if len(pt.Content) > 0 {
				c := make([]spec.Part, len(pt.Content))
				for k, cp := range pt.Content {
					c[k] = unsign(cp, path(j)+".content["+strconv.Itoa(k)+"]")
				}
				pt.Content = c
			}
			out = append(out, pt)
		}
		return out
	}
	out := spec.History{Tools: h.Tools, ToolChoice: h.ToolChoice}
	out.System = parts(h.System, hSystemPath)
	for i, m := range h.Messages {
		ps := parts(m.Parts, func(j int) string { return hPartPath(i, j) })
		if ps == nil {
			ps = []spec.Part{}
		}
		out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: ps})
	}
	return out, losses
}
