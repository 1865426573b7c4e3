package history

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// The members a request carries beside its history, put before and after
// a document's own in the tests below: a model, settings, and a member no
// format knows, with white space and an escaped key.
const (
	settingsBefore = `"model": "m-1", "temperature": 0.2, "zz_unknown": {"a": [1, 2], "b": null}, `
	settingsAfter  = `, "stream" : true, "metadata":{"user_id":"u-7"}, "\u0078_escaped": 1`
)

// withSettings returns doc, a JSON object, with settingsBefore and
// settingsAfter added around its members.
func withSettings(doc []byte) []byte {
	d := bytes.TrimSpace(doc)
	inner := bytes.TrimSpace(d[1 : len(d)-1])
	if len(inner) == 0 {
		return []byte("{" + strings.TrimSuffix(settingsBefore, ", ") + settingsAfter + "}")
	}
	return []byte("{" + settingsBefore + string(inner) + settingsAfter + "}")
}

// fataler is what the checks below need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// requireSettingsKept fails unless out holds the members of settingsBefore
// and settingsAfter byte for byte, in their order, before and after the
// history's.
func requireSettingsKept(t fataler, out []byte) {
	t.Helper()
	ms, ok := objectMembers(out)
	if !ok {
		t.Fatalf("the body is not one JSON object: %s", out)
	}
	var keys []string
	for _, m := range ms {
		keys = append(keys, string(m.rawKey)+":"+string(m.value))
	}
	all := strings.Join(keys, ",")
	for _, want := range []string{
		`"model":"m-1","temperature":0.2,"zz_unknown":{"a": [1, 2], "b": null},`,
		`,"stream":true,"metadata":{"user_id":"u-7"},"\u0078_escaped":1`,
	} {
		if !strings.Contains(all, want) {
			t.Fatalf("the request's own members are not kept byte for byte in place\nwant %s\nin   %s", want, out)
		}
	}
	if !strings.HasPrefix(all, `"model":`) {
		t.Fatalf("the request's own members moved: %s", out)
	}
}

// requireDecodesTo fails unless out, a body of format f, decodes to the
// history Encode writes for h.
func requireDecodesTo(t fataler, f spec.Format, out []byte, h spec.History) {
	t.Helper()
	enc, _ := Encode(f, h)
	want, _ := Decode(f, enc)
	got, vs := Decode(f, out)
	if hasTerminal(vs) {
		t.Fatalf("the spliced body does not decode: %v\n%s", vs, out)
	}
	if got.String() != want.String() {
		t.Fatalf("the spliced body decodes to another history\n--- got\n%s--- want\n%s--- body\n%s", got, want, out)
	}
}

// TestSpliceKeepsTheRequest holds Splice to HIST-9 on every check
// scenario's document, with a request's own members added around its
// history: written back unchanged, every member is kept byte for byte;
// repaired, and with a user message appended, the request's own members
// are kept byte for byte in place, each array element the change did not
// touch too, and the body decodes to the history written.
func TestSpliceKeepsTheRequest(t *testing.T) {
	ran := 0
	for _, sc := range loadHistories(t) {
		if sc.Translation() {
			continue
		}
		f := sc.Format
		doc := withSettings(sc.Doc)
		h, vs := Decode(f, doc)
		if hasTerminal(vs) {
			continue
		}
		ran++
		t.Run(sc.Name, func(t *testing.T) {
			same, losses := Splice(f, doc, h)
			pm, _ := objectMembers(doc)
			sm, _ := objectMembers(same)
			if len(pm) != len(sm) {
				t.Fatalf("unchanged, the body has %d members, the request %d\n%s", len(sm), len(pm), same)
			}
			for i := range pm {
				if !bytes.Equal(pm[i].rawKey, sm[i].rawKey) || !bytes.Equal(pm[i].value, sm[i].value) {
					t.Fatalf("unchanged, member %d is not kept byte for byte: %s:%s, want %s:%s", i, sm[i].rawKey, sm[i].value, pm[i].rawKey, pm[i].value)
				}
			}
			if len(losses) > 0 {
				t.Fatalf("unchanged, the body loses %v", losses)
			}

			fixed, _ := Repair(f, h)
			out, _ := Splice(f, doc, fixed)
			requireSettingsKept(t, out)
			requireDecodesTo(t, f, out, fixed)

			next := h
			next.Messages = append(append([]spec.Message(nil), h.Messages...),
				spec.Message{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "and now?"}}})
			out, _ = Splice(f, doc, next)
			requireSettingsKept(t, out)
			requireDecodesTo(t, f, out, next)
			// Every element but the last of the history's array member is
			// kept byte for byte: appending touches the last one at most.
			key := map[spec.Format]string{spec.FormatGemini: "contents", spec.FormatOpenAIResponses: "input"}[f]
			if key == "" {
				key = "messages"
			}
			pv, _ := lookup(pm, key)
			om, _ := objectMembers(out)
			ov, _ := lookup(om, key)
			// Unless the format's normal form joins or splits the
			// elements (two user turns in a row become one), so that the
			// array is written whole.
			e0, _ := Encode(f, h)
			em, _ := objectMembers(e0)
			ev, _ := lookup(em, key)
			if len(elements(ev.value)) != len(elements(pv.value)) {
				return
			}
			for _, e := range elementsOf(pv.value, 1) {
				if !bytes.Contains(ov.value, e) {
					t.Fatalf("appending a message rewrote %s of %s\n%s", e, key, out)
				}
			}
		})
	}
	if ran < 20 {
		t.Fatalf("only %d scenarios spliced", ran)
	}
}

// elementsOf returns the elements of the JSON array v but its last drop.
func elementsOf(v []byte, drop int) []json.RawMessage {
	var es []json.RawMessage
	if json.Unmarshal(v, &es) != nil {
		return nil
	}
	return es[:max(len(es)-drop, 0)]
}

// TestSpliceRandomHistories: a random history's body with members of a
// request's own drawn around it (gen.RequestMembers), spliced with the
// history repaired, replaced or with a message dropped, keeps every such
// member byte for byte, in its order, and decodes to the history written.
func TestSpliceRandomHistories(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(spec.Formats).Draw(t, "format")
		h := gen.History(t, f)
		enc, _ := Encode(f, h)
		ms := gen.RequestMembers(t, f)
		doc := gen.WithRequestMembers(enc, ms, rapid.IntRange(0, len(ms)).Draw(t, "before"))
		var next spec.History
		switch rapid.IntRange(0, 2).Draw(t, "change") {
		case 0:
			next, _ = Repair(f, h)
		case 1:
			next, _ = gen.AdversarialHistory(t, f)
		default:
			next = h
			if n := len(h.Messages); n > 0 {
				k := rapid.IntRange(0, n-1).Draw(t, "drop")
				next.Messages = append(append([]spec.Message(nil), h.Messages[:k]...), h.Messages[k+1:]...)
			}
		}
		out, _ := Splice(f, doc, next)
		requireMembersKept(t, out, ms)
		requireDecodesTo(t, f, out, next)
	})
}

// requireMembersKept fails unless out holds each member of ms ("key":
// value) with its key's and value's bytes, in the order of ms.
func requireMembersKept(t fataler, out []byte, ms []string) {
	t.Helper()
	om, ok := objectMembers(out)
	if !ok {
		t.Fatalf("the body is not one JSON object: %s", out)
	}
	at := 0
	for _, m := range ms {
		want, _ := objectMembers([]byte("{" + m + "}"))
		for at < len(om) && !(bytes.Equal(om[at].rawKey, want[0].rawKey) && bytes.Equal(om[at].value, want[0].value)) {
			at++
		}
		if at == len(om) {
			t.Fatalf("the request's member %s is not kept byte for byte, in order:\n%s", m, out)
		}
	}
}

// TestSpliceNamesWhatItRewrites: a member no History holds inside an
// element the change rewrote is a loss at its path; inside an element
// kept, it is none.
func TestSpliceNamesWhatItRewrites(t *testing.T) {
	doc := []byte(`{"model":"gpt-4o","messages":[
		{"role":"user","content":"Weather?","name":"bob"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"weather","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"c9","content":"orphan","name":"x"},
		{"role":"tool","tool_call_id":"c1","content":"9C"}]}`)
	f := spec.FormatOpenAIChat
	h, vs := Decode(f, doc)
	if len(vs) != 2 {
		t.Fatalf("the decoder names %v; want the two names", vs)
	}
	fixed, _ := Repair(f, h)
	out, losses := Splice(f, doc, fixed)
	if len(losses) != 1 || losses[0].Path != "messages[2].name" {
		t.Fatalf("repair dropped the orphan, its name with it, and kept the rest: want one loss at messages[2].name, got %v\n%s", losses, out)
	}
	if !bytes.Contains(out, []byte(`{"role":"user","content":"Weather?","name":"bob"}`)) || bytes.Contains(out, []byte("orphan")) {
		t.Fatalf("want the user message kept and the orphan gone: %s", out)
	}
	h.Messages[0].Parts[0].Text = "Weather in Oslo?"
	out, losses = Splice(f, doc, h)
	if len(losses) != 1 || losses[0].Path != "messages[0].name" || losses[0].Rule != spec.XlateOpaque {
		t.Fatalf("a rewritten user message loses its name: want one XLATE-4 at messages[0].name, got %v\n%s", losses, out)
	}
}
