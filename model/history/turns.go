package history

import "github.com/toolspec/toolspec/spec"

// This file holds the skeleton the encoders of the formats that write a
// History as alternating user and assistant turns share (Bedrock's
// messages, Gemini's contents), and the loss bookkeeping of the formats of
// function calls and function tools (Bedrock, Gemini, Ollama; Responses
// for the tools kept verbatim).

// turnOut is one turn an encoder builds: its wire role and its parts. user
// says the last parts added are a user message's (a next user message
// needs a turn of its own), closed that no more parts may join it (an
// assistant turn, or an empty user message).
type turnOut struct {
	role         string
	parts        jsonArray
	user, closed bool
}

// turnFormat is what turns needs of a format.
type turnFormat struct {
	name      string // in loss messages: "Bedrock"
	assistant string // the wire role of an assistant turn
	system    string // the loss message of a system message after the first message
	// part returns the JSON of part pt at canonical path p of a user
	// message, or of an assistant message when assistant is set, or
	// false when the format cannot carry it there (its loss named).
	part func(pt spec.Part, p string, assistant bool) (jsonValue, bool)
	// results returns the results of tool message i, leaving out those
	// of the calls in dropped (their loss named with the call's).
	results func(h spec.History, i int, dropped map[string]bool) jsonArray
}

// turns returns the turns of h's messages in format f: a user message is a
// turn of its own after another user message, and joins the results
// before it; the results of a tool message join the user turn before them
// unless it is closed; an assistant message is one closed turn without its
// custom calls (dropCustom), whose results are left out with them. A system
// message is lost (XLATE-2), and so is a message of unknown role.
func (e *encoder) turns(h spec.History, f turnFormat) []*turnOut {
	var turns []*turnOut
	lastUser := func() *turnOut {
		if n := len(turns); n > 0 && turns[n-1].role == "user" {
			return turns[n-1]
		}
		return nil
	}
	var dropped map[string]bool
	for i, m := range h.Messages {
		switch m.Role {
		case spec.RoleUser:
			parts := jsonArray{}
			for j, pt := range m.Parts {
				if v, ok := f.part(pt, partPath(i, j), false); ok {
					parts = append(parts, v)
				}
			}
			e.wrote(i, m.Role, false)
			u := lastUser()
			switch {
			case len(parts) == 0:
				turns = append(turns, &turnOut{role: "user", parts: parts, closed: true})
			case u != nil && !u.closed && !u.user:
				u.parts = append(u.parts, parts...)
				u.user = true
			default:
				turns = append(turns, &turnOut{role: "user", parts: parts, user: true})
			}
		case spec.RoleTool:
			parts := f.results(h, i, dropped)
			if len(parts) == 0 {
				continue
			}
			e.wrote(i, m.Role, false)
			if u := lastUser(); u != nil && !u.closed {
				u.parts = append(u.parts, parts...)
				u.user = false
			} else {
				turns = append(turns, &turnOut{role: "user", parts: parts})
			}
		case spec.RoleAssistant:
			e.wrote(i, m.Role, true)
			dropped = nil
			parts := jsonArray{}
			for j, pt := range m.Parts {
				p := partPath(i, j)
				if e.dropCustom(&dropped, pt, p, f.name) {
					continue
				}
				if v, ok := f.part(pt, p, true); ok {
					parts = append(parts, v)
				}
			}
			turns = append(turns, &turnOut{role: f.assistant, parts: parts, closed: true})
		case spec.RoleSystem:
			e.lose(spec.XlateSystem, messagePath(i), "%s", f.system)
		default:
			e.badRole(i, m.Role)
		}
	}
	return turns
}

// dropCustom names a custom call pt, or a call of a Responses item kind
// (NAME-5), at canonical path p, that a format of function calls only
// (what: "Bedrock") cannot carry, and records its id in *dropped, so that
// its result is left out with it. It reports whether pt is such a call.
func (e *encoder) dropCustom(dropped *map[string]bool, pt spec.Part, p, what string) bool {
	if pt.Kind != spec.PartCall || pt.CallKind != spec.CallCustom && !pt.CallKind.IsItem() {
		return false
	}
	if pt.CallKind.IsItem() {
		e.lose(spec.XlateIdentity, p, "call %q of kind %s: %s has function calls only", pt.Name, pt.CallKind, what)
	} else {
		e.lose(spec.XlateIdentity, p, "custom call %q: %s has function calls only", pt.Name, what)
	}
	if *dropped == nil {
		*dropped = map[string]bool{}
	}
	(*dropped)[pt.ID] = true
	return true
}

// verbatimTool sorts tool i, t, kept verbatim (t.Data): it reports keep
// when t is a JSON object of the encoder's format, to be written as it is,
// and names its loss otherwise (what: "Gemini"). ok is false when t is a
// tool of its own, not kept verbatim.
func (e *encoder) verbatimTool(i int, t spec.Tool, what string) (keep, ok bool) {
	if t.Data == "" {
		return false, false
	}
	if t.Format == e.f && isJSONObject(t.Data) {
		return true, true
	}
	e.lose(spec.XlateTools, toolPath(i), "tool of format %q kept verbatim: %s cannot write it", t.Format, what)
	return false, true
}

// parallel names the loss of h's parallel-call setting in a format that
// has none (what: "Gemini").
func (e *encoder) parallel(h spec.History, what string) {
	if h.ToolChoice.Parallel != spec.ParallelUnset {
		e.lose(spec.XlateToolChoice, toolChoicePath+".parallel", "parallel-call setting: %s has none", what)
	}
}
