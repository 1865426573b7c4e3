package spec

import (
	"strconv"
	"strings"
)

var roleNames = [...]string{"", "user", "assistant", "tool", "system"}

func (r Role) String() string {
	if int(r) < len(roleNames) && r != 0 {
		return roleNames[r]
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

var partKindNames = [...]string{"", "text", "thinking", "redacted", "call", "result", "image", "opaque"}

func (k PartKind) String() string {
	if int(k) < len(partKindNames) && k != 0 {
		return partKindNames[k]
	}
	return "part(" + strconv.Itoa(int(k)) + ")"
}

var choiceModeNames = [...]string{"unset", "auto", "none", "required", "tool"}

func (m ToolChoiceMode) String() string {
	if int(m) < len(choiceModeNames) {
		return choiceModeNames[m]
	}
	return "mode(" + strconv.Itoa(int(m)) + ")"
}

var strictNames = [...]string{"unset", "on", "off"}

func (s Strictness) String() string {
	if int(s) < len(strictNames) {
		return strictNames[s]
	}
	return "strict(" + strconv.Itoa(int(s)) + ")"
}

var parallelNames = [...]string{"unset", "allowed", "disabled"}

func (p Parallel) String() string {
	if int(p) < len(parallelNames) {
		return parallelNames[p]
	}
	return "parallel(" + strconv.Itoa(int(p)) + ")"
}

// String renders h as its canonical transcript, one line per element in
// order, each line starting with what it is:
//
//	system text "Be brief."
//	msg 0 user text "Weather in Paris?"
//	msg 1 assistant thinking "The user wants..." sig="EqQB..."
//	msg 1 assistant call id="toolu_1" name="weather" args="{\"city\":\"Paris\"}"
//	msg 2 tool result id="toolu_1" error
//	msg 2 tool content 0 text "timeout"
//	tool name="weather" description="Current weather" schema="{\"type\":\"object\"}"
//	tool_choice mode=tool name="weather" parallel=disabled
//
// A part is its kind, then its Text quoted when it has one, then each
// other field that is not zero, in the fixed order sig, data, format, id,
// name, args, item, namespace, kind (custom or function), error (strings
// quoted); a result's Content follows it, one line per part, "content K"
// added to the line's prefix. A tool is its name, then description,
// schema, kind, data, format and strict when not zero. The
// tool-choice line is printed when the choice is not the zero
// [ToolChoice]. Every string is quoted with strconv.Quote, so that each
// line is one line and two histories are equal exactly when their
// transcripts are.
func (h History) String() string {
	var b strings.Builder
	for _, p := range h.System {
		writePart(&b, "system ", p)
	}
	for i, m := range h.Messages {
		for _, p := range m.Parts {
			writePart(&b, "msg "+strconv.Itoa(i)+" "+m.Role.String()+" ", p)
		}
		if len(m.Parts) == 0 {
			b.WriteString("msg " + strconv.Itoa(i) + " " + m.Role.String() + " empty\n")
		}
	}
	for _, t := range h.Tools {
		b.WriteString("tool name=" + strconv.Quote(t.Name))
		if t.Description != "" {
			b.WriteString(" description=" + strconv.Quote(t.Description))
		}
		if t.Schema != "" {
			b.WriteString(" schema=" + strconv.Quote(t.Schema))
		}
		if t.Kind != CallUnspecified {
			b.WriteString(" kind=" + t.Kind.String())
		}
		if t.Data != "" {
			b.WriteString(" data=" + strconv.Quote(t.Data))
		}
		if t.Format != "" {
			b.WriteString(" format=" + strconv.Quote(string(t.Format)))
		}
		if t.Strict != StrictUnset {
			b.WriteString(" strict=" + t.Strict.String())
		}
		b.WriteByte('\n')
	}
	if c := h.ToolChoice; c != (ToolChoice{}) {
		b.WriteString("tool_choice mode=" + c.Mode.String())
		if c.Name != "" {
			b.WriteString(" name=" + strconv.Quote(c.Name))
		}
		b.WriteString(" parallel=" + c.Parallel.String() + "\n")
	}
	return b.String()
}

// writePart writes the line of p, with prefix, then the lines of its
// content.
func writePart(b *strings.Builder, prefix string, p Part) {
	b.WriteString(prefix + p.Kind.String())
	if p.Text != "" {
		b.WriteString(" " + strconv.Quote(p.Text))
	}
	field := func(name, v string) {
		if v != "" {
			b.WriteString(" " + name + "=" + strconv.Quote(v))
		}
	}
	field("sig", p.Signature)
	field("data", p.Data)
	field("format", string(p.Format))
	field("id", p.ID)
	field("name", p.Name)
	field("args", p.Args)
	field("item", p.ItemID)
	field("namespace", p.Namespace)
	if p.CallKind != CallUnspecified {
		b.WriteString(" kind=" + p.CallKind.String())
	}
	if p.IsError {
		b.WriteString(" error")
	}
	b.WriteByte('\n')
	for k, c := range p.Content {
		writePart(b, prefix+"content "+strconv.Itoa(k)+" ", c)
	}
}
