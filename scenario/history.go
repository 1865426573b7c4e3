package scenario

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"golang.org/x/tools/txtar"
)

// History is one golden scenario of a conversation history (SPEC.md
// section 11), a txtar archive under spectest/testdata/histories. Its
// comment holds a description and the lines
//
//	rules: HIST-1         the rule IDs the scenario pins (required)
//	patterns: 36          field-notes pattern numbers it shows (optional)
//	format: anthropic     a check scenario: the history's format
//
// or, for a translation scenario, instead of format:
//
//	from: anthropic       the source format
//	to: openai-chat       the target format
//
// The file "history.json" holds the request body in the format (the
// source format); "want" holds the expected result: for a check scenario,
// the canonical transcript ([spec.History.String]), the checker's report
// and the changes Repair makes; for a translation, the translated document
// and the losses. The reference model's scenario test says the exact form.
type History struct {
	Name        string // file name, for messages
	Description string
	Rules       []spec.RuleID
	Patterns    []int
	Format      spec.Format // a check scenario's format; empty for a translation
	From, To    spec.Format // a translation's formats; empty for a check
	Doc         []byte      // the history.json file
	Want        string
}

// Translation reports whether h is a translation scenario.
func (h *History) Translation() bool { return h.From != "" }

// ParseHistory parses a history scenario archive.
func ParseHistory(name string, data []byte) (*History, error) {
	a := txtar.Parse(data)
	h := &History{Name: name}
	var desc []string
	for _, line := range strings.Split(string(a.Comment), "\n") {
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		switch {
		case ok && key == "rules":
			for _, f := range strings.Fields(val) {
				h.Rules = append(h.Rules, spec.RuleID(f))
			}
		case ok && key == "patterns":
			for _, f := range strings.Fields(val) {
				n, err := strconv.Atoi(f)
				if err != nil {
					return nil, fmt.Errorf("%s: bad pattern number %q", name, f)
				}
				h.Patterns = append(h.Patterns, n)
			}
		case ok && key == "format":
			h.Format = spec.Format(val)
		case ok && key == "from":
			h.From = spec.Format(val)
		case ok && key == "to":
			h.To = spec.Format(val)
		default:
			desc = append(desc, line)
		}
	}
	h.Description = strings.TrimSpace(strings.Join(desc, "\n"))
	switch {
	case h.Format != "" && (h.From != "" || h.To != ""):
		return nil, fmt.Errorf("%s: format: and from:/to: together", name)
	case h.Format != "":
		if !h.Format.Valid() {
			return nil, fmt.Errorf("%s: unknown format %q", name, h.Format)
		}
	case h.From == "" && h.To == "":
		return nil, fmt.Errorf("%s: no format: (or from: and to:) line", name)
	case !h.From.Valid() || !h.To.Valid():
		return nil, fmt.Errorf("%s: unknown or missing from: %q or to: %q", name, h.From, h.To)
	}
	if len(h.Rules) == 0 {
		return nil, fmt.Errorf("%s: no rules: line", name)
	}
	seen := map[string]bool{}
	for _, f := range a.Files {
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: file %q twice", name, f.Name)
		}
		seen[f.Name] = true
		switch f.Name {
		case "history.json":
			h.Doc = f.Data
		case "want":
			h.Want = string(f.Data)
		default:
			return nil, fmt.Errorf("%s: unknown file %q", name, f.Name)
		}
	}
	if !seen["history.json"] {
		return nil, fmt.Errorf("%s: no history.json file", name)
	}
	return h, nil
}

// Marshal renders h as a txtar archive; ParseHistory(h.Marshal()) gives h
// back.
func (h *History) Marshal() []byte {
	var c bytes.Buffer
	if h.Description != "" {
		c.WriteString(h.Description + "\n")
	}
	rules := make([]string, len(h.Rules))
	for i, r := range h.Rules {
		rules[i] = string(r)
	}
	c.WriteString("rules: " + strings.Join(rules, " ") + "\n")
	if len(h.Patterns) > 0 {
		ps := make([]string, len(h.Patterns))
		for i, p := range h.Patterns {
			ps[i] = strconv.Itoa(p)
		}
		c.WriteString("patterns: " + strings.Join(ps, " ") + "\n")
	}
	if h.Translation() {
		c.WriteString("from: " + string(h.From) + "\nto: " + string(h.To) + "\n")
	} else {
		c.WriteString("format: " + string(h.Format) + "\n")
	}
	a := &txtar.Archive{Comment: c.Bytes(), Files: []txtar.File{
		{Name: "history.json", Data: h.Doc},
		{Name: "want", Data: []byte(h.Want)},
	}}
	return txtar.Format(a)
}
