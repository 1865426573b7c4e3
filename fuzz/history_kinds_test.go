package fuzz

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/impl"
	hist "github.com/toolspec/toolspec/impl/history"
	"github.com/toolspec/toolspec/internal/captures"
	refhist "github.com/toolspec/toolspec/model/history"
	"github.com/toolspec/toolspec/spec"
)

// TestHistoryItemKindCallIsALoss: a call part of a Responses item kind
// (NAME-5), which no history format carries, is a named loss at its path
// in every format, model and impl alike, and is not written as a function
// call.
func TestHistoryItemKindCallIsALoss(t *testing.T) {
	h := spec.History{Messages: []spec.Message{
		{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "click it"}}},
		{Role: spec.RoleAssistant, Parts: []spec.Part{
			{Kind: spec.PartCall, ID: "call_cu", Args: `{"type":"click","x":1,"y":2}`, CallKind: spec.CallComputer},
			{Kind: spec.PartCall, ID: "call_f", Name: "f", Args: `{}`, CallKind: spec.CallFunction},
		}},
	}}
	for _, f := range spec.Formats {
		md, ml := refhist.Encode(f, h)
		id, il := hist.Encode(f, h)
		if string(md) != string(id) || fmt.Sprint(ml) != fmt.Sprint(il) {
			t.Errorf("%s: model and impl differ:\n%s\n%v\n%s\n%v", f, md, ml, id, il)
		}
		for name, encode := range map[string]func(spec.Format, spec.History) ([]byte, []spec.Violation){
			"model": refhist.Encode, "impl": hist.Encode,
		} {
			doc, losses := encode(f, h)
			found := false
			for _, v := range losses {
				if v.Rule == spec.XlateIdentity && v.Class == spec.ClassLoss && v.Path == "messages[1].parts[0]" && strings.Contains(v.Message, "computer_call") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s %s: no XLATE-5 loss at messages[1].parts[0] naming computer_call: %v", name, f, losses)
			}
			if strings.Contains(string(doc), "call_cu") {
				t.Errorf("%s %s: the computer_call was written:\n%s", name, f, doc)
			}
			if !strings.Contains(string(doc), "call_f") {
				t.Errorf("%s %s: the function call was not written:\n%s", name, f, doc)
			}
		}
	}
}

// TestAssistantTurnRefusesWhatAPartCannotHold: AssistantTurn, model and
// impl, refuses a call of a Responses item kind (NAME-5) and a refusal
// item (END-8), naming each, and with DropUnfinished leaves each out with
// a change; the function calls beside them are kept, the one in a
// namespace with its namespace and item id (NAME-6, ID-12).
func TestAssistantTurnRefusesWhatAPartCannotHold(t *testing.T) {
	o := spec.Outcome{Format: spec.FormatOpenAIResponses, Messages: 1,
		Calls: []spec.Call{
			{Ordinal: 0, ID: "call_cu", Args: `{}`, Status: spec.StatusComplete, Kind: spec.CallComputer},
			{Ordinal: 1, ID: "call_n", Name: "get", Namespace: "crm", ItemID: "fc_n", Args: `{}`, Status: spec.StatusComplete, Kind: spec.CallFunction},
			{Ordinal: 2, ID: "call_f", Name: "f", Args: `{}`, Status: spec.StatusComplete, Kind: spec.CallFunction},
		},
		Items: []spec.Item{
			{Kind: spec.ItemRefusal, Text: "no", Call: spec.NoCall},
			{Kind: spec.ItemCall, Call: 0},
			{Kind: spec.ItemCall, Call: 1},
			{Kind: spec.ItemCall, Call: 2},
		},
		Stops: []spec.Stop{{Reason: spec.StopToolUse, Raw: "completed"}},
	}
	for name, run := range map[string]func(drop bool) (spec.Message, []string, error){
		"model": func(drop bool) (spec.Message, []string, error) {
			m, ch, err := refhist.AssistantTurn(o, 0, refhist.TurnOptions{DropUnfinished: drop})
			var paths []string
			for _, c := range ch {
				paths = append(paths, string(c.Rule)+" "+c.Path)
			}
			return m, paths, err
		},
		"impl": func(drop bool) (spec.Message, []string, error) {
			m, ch, err := hist.AssistantTurn(o, 0, hist.TurnOptions{DropUnfinished: drop})
			var paths []string
			for _, c := range ch {
				paths = append(paths, string(c.Rule)+" "+c.Path)
			}
			return m, paths, err
		},
	} {
		if _, _, err := run(false); err == nil || !strings.Contains(err.Error(), "refusal") {
			t.Errorf("%s: strict turn: error %v, want one naming the refusal item first", name, err)
		}
		m, changes, err := run(true)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := "XLATE-4 items[0]|XLATE-5 items[1]"
		if got := strings.Join(changes, "|"); got != want {
			t.Errorf("%s: changes %q, want %q", name, got, want)
		}
		if len(m.Parts) != 2 || m.Parts[0].ID != "call_n" || m.Parts[0].Namespace != "crm" || m.Parts[0].ItemID != "fc_n" || m.Parts[1].ID != "call_f" {
			t.Errorf("%s: parts %+v, want the two function calls, the first with its namespace and item id", name, m.Parts)
		}
	}
}

// TestAssistantTurnKeepsResponsesItemIDs: the assistant turn of the
// recorded gpt-5 stream (a reasoning item, then two function calls),
// model's and impl's, written as a Responses request sends each item back
// with the id the stream gave it (ID-12): the reasoning item its rs_ id,
// which the request requires, and each call its fc_ id, which pairs it
// with the reasoning before it. Decoded again, the items keep them.
func TestAssistantTurnKeepsResponsesItemIDs(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "captures", "openai-responses", "openai-gpt-5-reasoning-2calls.sse")
	data, err := os.ReadFile(path)
	if err != nil {
		captures.Absent(t, path, err)
	}
	o := impl.Reassemble(spec.FormatOpenAIResponses, data, spec.Limits{})
	want := []string{
		`"type":"reasoning","id":"rs_0a7836d50cf181dd016a3c122e5e1881a1b60647835c2c9ab0"`,
		`"type":"function_call","id":"fc_0a7836d50cf181dd016a3c12307fa481a1a06adb8b03345a43","call_id":"call_inViAUr9eV0GDtyOywkCxp59"`,
		`"type":"function_call","id":"fc_0a7836d50cf181dd016a3c12307fc081a1affc9e4960f41492","call_id":"call_Op66UUnzuOoKmgGeFJQJFTUY"`,
	}
	for name, turn := range map[string]func() (spec.Message, error){
		"model": func() (spec.Message, error) {
			m, _, err := refhist.AssistantTurn(o, 0, refhist.TurnOptions{})
			return m, err
		},
		"impl": func() (spec.Message, error) { m, _, err := hist.AssistantTurn(o, 0, hist.TurnOptions{}); return m, err },
	} {
		m, err := turn()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		h := spec.History{Messages: []spec.Message{m}}
		doc, losses := hist.Encode(spec.FormatOpenAIResponses, h)
		if len(losses) > 0 {
			t.Errorf("%s: losses writing the turn as Responses: %v", name, losses)
		}
		for _, w := range want {
			if !strings.Contains(string(doc), w) {
				t.Errorf("%s: the turn's body lacks %s:\n%s", name, w, doc)
			}
		}
		back, vs := hist.Decode(spec.FormatOpenAIResponses, doc)
		if len(vs) > 0 || len(back.Messages) != 1 || !reflect.DeepEqual(back.Messages[0], m) {
			t.Errorf("%s: decoded back as %+v (%v), want %+v", name, back.Messages, vs, m)
		}
	}
}
