package history

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// hmsg builds a message for the checker's tests.
func hmsg(role spec.Role, parts ...spec.Part) spec.Message {
	return spec.Message{Role: role, Parts: parts}
}

func hcall(id, name string) spec.Part {
	return spec.Part{Kind: spec.PartCall, ID: id, Name: name, Args: "{}", CallKind: spec.CallFunction}
}

func hresult(id, name string) spec.Part { return spec.Part{Kind: spec.PartResult, ID: id, Name: name} }

func htext(s string) spec.Part { return spec.Part{Kind: spec.PartText, Text: s} }

// TestCheckHistoryPairing pins the pairing of results with calls in the
// cases no scenario of a format with a codec shows: pairing by name and by
// order where ids are optional (Ollama, Gemini), and the checker's verdict
// for each.
func TestCheckHistoryPairing(t *testing.T) {
	user := hmsg(spec.RoleUser, htext("go"))
	for _, c := range []struct {
		name string
		f    spec.Format
		msgs []spec.Message
		want string // one "RULE path" per violation, then "pending path"
	}{
		{"by name", spec.FormatOllama, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("", "add"), hcall("", "read")),
			hmsg(spec.RoleTool, hresult("", "read")), hmsg(spec.RoleTool, hresult("", "add")), user}, ""},
		{"by name and order, two of one name", spec.FormatGemini, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("", "add"), hcall("", "add")),
			hmsg(spec.RoleTool, hresult("", "add")), hmsg(spec.RoleTool, hresult("", "add")), user}, ""},
		{"by name, a third result is a duplicate", spec.FormatGemini, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("", "add"), hcall("", "add")),
			hmsg(spec.RoleTool, hresult("", "add")), hmsg(spec.RoleTool, hresult("", "add")), hmsg(spec.RoleTool, hresult("", "add"))},
			"HIST-5 messages[4].parts[0]"},
		{"by name, no call of the name", spec.FormatOllama, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("", "add")), hmsg(spec.RoleTool, hresult("", "read")), user},
			"HIST-3 messages[1].parts[0]\nHIST-1 messages[2].parts[0]"},
		{"by order, neither id nor name", spec.FormatOllama, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("", "add"), hcall("", "read")),
			hmsg(spec.RoleTool, hresult("", "")), hmsg(spec.RoleTool, hresult("", "")), hmsg(spec.RoleTool, hresult("", ""))},
			"HIST-1 messages[4].parts[0]"},
		{"an id, where ids are optional, pairs by id", spec.FormatOllama, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("c1", "add")), hmsg(spec.RoleTool, hresult("c2", "add"))},
			"HIST-1 messages[2].parts[0]\npending messages[1].parts[0]"},
		{"without an id where ids are required: no pairing by name", spec.FormatAnthropic, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("c1", "add")), hmsg(spec.RoleTool, hresult("", "add"))},
			"HIST-1 messages[2].parts[0]\npending messages[1].parts[0]"},
		{"a system message after the turn", spec.FormatOpenAIChat, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("c1", "add")), hmsg(spec.RoleSystem, htext("note")), hmsg(spec.RoleTool, hresult("c1", ""))},
			"HIST-4 messages[3].parts[0]"},
		{"an empty user message after the turn", spec.FormatOpenAIChat, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("c1", "add")), hmsg(spec.RoleUser)},
			"HIST-3 messages[1].parts[0]"},
		{"a result inside a user message, first", spec.FormatAnthropic, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("c1", "add")), hmsg(spec.RoleUser, hresult("c1", ""), htext("ok"))}, ""},
		{"a result inside a user message, after text", spec.FormatAnthropic, []spec.Message{user,
			hmsg(spec.RoleAssistant, hcall("c1", "add")), hmsg(spec.RoleUser, htext("ok"), hresult("c1", ""))},
			"HIST-4 messages[2].parts[1]"},
		{"a result inside an assistant message", spec.FormatAnthropic, []spec.Message{user,
			hmsg(spec.RoleAssistant, hresult("c1", ""))}, "HIST-1 messages[1].parts[0]"},
		{"an unknown format", spec.Format("nope"), []spec.Message{user}, "HIST-8 $"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := Check(c.f, spec.History{Messages: c.msgs})
			var got []string
			for _, v := range rep.Violations {
				got = append(got, string(v.Rule)+" "+v.Path)
			}
			for _, p := range rep.Pending {
				got = append(got, "pending "+p.Path)
			}
			if g := strings.Join(got, "\n"); g != c.want {
				t.Errorf("got\n%s\nwant\n%s\n%s", g, c.want, rep)
			}
		})
	}
}

// TestRepairByName: where results pair by name, a placeholder names the
// call's tool, so that it pairs; where they pair by id it gives the id.
func TestRepairByName(t *testing.T) {
	for _, f := range []spec.Format{spec.FormatOllama, spec.FormatGemini, spec.FormatAnthropic} {
		h := spec.History{Messages: []spec.Message{
			hmsg(spec.RoleAssistant, hcall("c1", "add"), hcall("", "read")),
			hmsg(spec.RoleUser, htext("next")),
		}}
		fixed, changes := Repair(f, h)
		rules, _ := spec.LookupFormatRules(f)
		want := 2
		if rules.HistoryIDs {
			want = 1 // the call without an id cannot be answered
		}
		if len(changes) != want {
			t.Fatalf("%s: %d changes, want %d: %v", f, len(changes), want, changes)
		}
		r := fixed.Messages[1].Parts[0]
		if r.Kind != spec.PartResult || r.ID != "c1" || !r.IsError || (r.Name == "add") == rules.HistoryIDs {
			t.Errorf("%s: placeholder %+v", f, r)
		}
		if bad := pairingViolations(f, fixed); len(bad) > 0 {
			t.Errorf("%s: repaired history breaks %v", f, bad)
		}
	}
}

// TestPathMapLookup: the recorded path, else the longest recorded
// enclosing one, else the canonical path itself.
func TestPathMapLookup(t *testing.T) {
	pm := PathMap{"messages[2]": "messages[1].content[0]", "messages[2].parts[0]": "messages[1].content[0]", "tools[0]": "tools[0]"}
	for in, want := range map[string]string{
		"messages[2].parts[0]":            "messages[1].content[0]",
		"messages[2].parts[0].content[3]": "messages[1].content[0]",
		"messages[2].parts[9]":            "messages[1].content[0]",
		"messages[3]":                     "messages[3]",
		"tool_choice":                     "tool_choice",
	} {
		if got := pm.Lookup(in); got != want {
			t.Errorf("Lookup(%q) = %q, want %q", in, got, want)
		}
	}
	vs := []spec.Violation{{Rule: spec.HistOrphan, Path: "messages[2].parts[0]"}, {Rule: spec.EndSignal}}
	got := pm.Locate(vs)
	if got[0].Path != "messages[1].content[0]" || got[1].Path != "" || vs[0].Path != "messages[2].parts[0]" {
		t.Errorf("Locate = %v (input now %v)", got, vs)
	}
	if got := PathMap(nil).Lookup("messages[0]"); got != "messages[0]" {
		t.Errorf("a nil PathMap looks up %q", got)
	}
}
