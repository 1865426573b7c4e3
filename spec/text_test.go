package spec

import (
	"encoding"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// enum is what every integer enumeration of the package has.
type enum interface {
	~uint8
	String() string
	encoding.TextMarshaler
}

// checkEnum checks the text form of the enumeration T: value i is named
// names[i] both ways and in its String form (but for an empty name, which
// String spells with the type), the value past the table has no name, and
// names no value has are errors that leave the value as it was.
func checkEnum[T enum, P interface {
	*T
	encoding.TextUnmarshaler
}](t *testing.T, names []string) {
	t.Helper()
	for i, name := range names {
		v := T(i)
		got, err := v.MarshalText()
		if err != nil || string(got) != name {
			t.Errorf("%T(%d).MarshalText() = %q, %v; want %q", v, i, got, err, name)
		}
		if name != "" && v.String() != name {
			t.Errorf("%T(%d).String() = %q, MarshalText %q: one table, one name", v, i, v.String(), name)
		}
		back := T(len(names) - 1 - i)
		if err := P(&back).UnmarshalText([]byte(name)); err != nil || back != v {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", name, back, err, v)
		}
	}
	past := T(len(names))
	if got, err := past.MarshalText(); err == nil {
		t.Errorf("%T(%d).MarshalText() = %q; want an error, no constant has it", past, len(names), got)
	}
	unknown := []string{"nope", "0", "1", strings.ToUpper(names[1]), " " + names[1], names[1] + "\n"}
	if names[0] != "" {
		unknown = append(unknown, "")
	}
	for _, text := range unknown {
		v := T(1)
		err := P(&v).UnmarshalText([]byte(text))
		if err == nil || v != T(1) {
			t.Errorf("UnmarshalText(%q) = %v, %v; want an error and the value unchanged", text, v, err)
			continue
		}
		if want := "unknown"; !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), strconv.Quote(text)) {
			t.Errorf("UnmarshalText(%q): error %q should say %s and quote the name", text, err, want)
		}
	}
}

// TestEnumText pins the names of every enumeration: they are the JSON
// schema of docs/command.md (status, class, item kind, call kind) and the
// spelling of transcripts.
func TestEnumText(t *testing.T) {
	t.Run("Status", func(t *testing.T) {
		checkEnum[Status](t, []string{"open", "complete", "incomplete", "invalid"})
	})
	t.Run("Class", func(t *testing.T) {
		checkEnum[Class](t, []string{"", "terminal", "call", "loss"})
	})
	t.Run("ItemKind", func(t *testing.T) {
		checkEnum[ItemKind](t, []string{"", "text", "thinking", "redacted", "signature", "call", "other", "refusal"})
	})
	t.Run("CallKind", func(t *testing.T) {
		checkEnum[CallKind](t, []string{"unspecified", "function", "custom", "computer_call", "shell_call",
			"apply_patch_call", "local_shell_call", "tool_search_call", "mcp_approval_request", "mcp_call",
			"web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call"})
	})
	t.Run("OutputKind", func(t *testing.T) {
		checkEnum[OutputKind](t, []string{"", "call-start", "call-args", "call-end", "text", "thinking", "stop", "violation", "refusal"})
	})
	t.Run("Kind", func(t *testing.T) {
		checkEnum[Kind](t, []string{"invalid", "message-start", "message-end", "fragment", "whole-call", "block-start",
			"block-delta", "block-stop", "text", "thinking", "signature", "path-open", "path-arg", "path-close",
			"finish", "error", "eof"})
	})
	t.Run("BlockType", func(t *testing.T) {
		checkEnum[BlockType](t, []string{"none", "text", "thinking", "redacted", "call", "other"})
	})
	t.Run("DeltaType", func(t *testing.T) {
		checkEnum[DeltaType](t, []string{"none", "text", "args", "final-args", "thinking", "signature", "redacted",
			"other", "string", "json", "refusal"})
	})
	t.Run("Role", func(t *testing.T) {
		checkEnum[Role](t, []string{"", "user", "assistant", "tool", "system"})
	})
	t.Run("PartKind", func(t *testing.T) {
		checkEnum[PartKind](t, []string{"", "text", "thinking", "redacted", "call", "result", "image", "opaque"})
	})
	t.Run("ToolChoiceMode", func(t *testing.T) {
		checkEnum[ToolChoiceMode](t, []string{"unset", "auto", "none", "required", "tool"})
	})
	t.Run("Parallel", func(t *testing.T) {
		checkEnum[Parallel](t, []string{"unset", "allowed", "disabled"})
	})
}

// stopReasonConstants returns the values of the StopReason constants
// declared in outcome.go.
func stopReasonConstants(t *testing.T) map[string]StopReason {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "outcome.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]StopReason{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "StopReason" {
				continue
			}
			for i, name := range vs.Names {
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					t.Fatalf("StopReason constant %s is not a string literal", name.Name)
				}
				v, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				out[name.Name] = StopReason(v)
			}
		}
	}
	return out
}

// TestStopReasonText: every StopReason constant, and only those, has a
// name: its value, but "none" for StopNone, both ways.
func TestStopReasonText(t *testing.T) {
	consts := stopReasonConstants(t)
	if len(consts) != len(stopReasons) {
		t.Errorf("outcome.go declares %d StopReason constants, stopReasons lists %d", len(consts), len(stopReasons))
	}
	for name, r := range consts {
		want := string(r)
		if r == StopNone {
			want = "none"
		}
		got, err := r.MarshalText()
		if err != nil || string(got) != want {
			t.Errorf("%s.MarshalText() = %q, %v; want %q", name, got, err, want)
		}
		back := StopReason("sentinel")
		if err := back.UnmarshalText([]byte(want)); err != nil || back != r {
			t.Errorf("UnmarshalText(%q) = %q, %v; want %s", want, back, err, name)
		}
	}
	for _, text := range []string{"", "None", "nope", "tool_calls", "end_turn", " end"} {
		r := StopEnd
		if err := r.UnmarshalText([]byte(text)); err == nil || r != StopEnd || !strings.Contains(err.Error(), strconv.Quote(text)) {
			t.Errorf("UnmarshalText(%q) = %q, %v; want an error quoting it and the value unchanged", text, r, err)
		}
	}
	for _, r := range []StopReason{"nope", "none", "tool_calls"} {
		if got, err := r.MarshalText(); err == nil {
			t.Errorf("StopReason(%q).MarshalText() = %q; want an error, it is not canonical", r, got)
		}
	}
}

// TestEnumsInJSON: encoding/json prints and reads enumerations by name,
// never by number.
func TestEnumsInJSON(t *testing.T) {
	type holder struct {
		S Status
		R StopReason
		K []ItemKind
	}
	b, err := json.Marshal(holder{StatusComplete, StopNone, []ItemKind{ItemText, ItemCall}})
	if want := `{"S":"complete","R":"none","K":["text","call"]}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	var h holder
	if err := json.Unmarshal([]byte(`{"S":"invalid","R":"tool_use","K":["thinking"]}`), &h); err != nil ||
		h.S != StatusInvalid || h.R != StopToolUse || len(h.K) != 1 || h.K[0] != ItemThinking {
		t.Errorf("json.Unmarshal = %+v, %v", h, err)
	}
	for _, doc := range []string{`{"S":1}`, `{"S":"done"}`, `{"R":""}`, `{"K":[2]}`} {
		if err := json.Unmarshal([]byte(doc), &h); err == nil {
			t.Errorf("json.Unmarshal(%s) succeeded; want an error", doc)
		}
	}
	// The zero kinds of a struct that does not use them still encode.
	if b, err := json.Marshal(Output{Kind: OutText, Data: "hi"}); err != nil || !strings.Contains(string(b), `"Kind":"text"`) {
		t.Errorf("json.Marshal(Output) = %s, %v", b, err)
	}
	if _, err := json.Marshal(holder{S: Status(9)}); err == nil {
		t.Error("json.Marshal of Status(9) succeeded; want an error, no constant has it")
	}
}
