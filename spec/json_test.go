package spec

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// richOutcome has one of everything the schema holds: every item kind,
// signatures, a server call, a custom call, a call of a second message, a
// stop without reason, violations with and without a call, a payload, a
// tail, and HTML characters.
func richOutcome() Outcome {
	return Outcome{
		Format:   FormatAnthropic,
		Messages: 2,
		Items: []Item{
			{Kind: ItemThinking, Text: "Plan: <read> & answer", Signatures: []string{"sig-1"}, Call: NoCall},
			{Kind: ItemRedacted, Text: "opaque", Call: NoCall},
			{Kind: ItemSignature, Signatures: []string{"sig-2"}, Call: NoCall},
			{Kind: ItemText, Text: "Reading.", Call: NoCall},
			{Kind: ItemCall, Call: 0, ItemID: "fc_1"},
			{Kind: ItemCall, Call: 1},
			{Kind: ItemOther, Call: NoCall},
			{Kind: ItemCall, Message: 1, Choice: 2, Call: 2},
		},
		Calls: []Call{
			{Ordinal: 0, ID: "toolu_1", Name: "read_file", Args: `{"path":"/etc/hostname"}`, Status: StatusComplete, Kind: CallFunction, Signatures: []string{"s"}, Namespace: "fs", ItemID: "fc_1"},
			{Ordinal: 1, ID: "srv_1", Name: "web_search", Args: `{"q":"a<b"}`, Status: StatusInvalid, Kind: CallFunction, Server: true},
			{Ordinal: 2, Message: 1, Choice: 2, Name: "patch", Args: "*** Begin", Status: StatusIncomplete, Kind: CallCustom},
		},
		Stops: []Stop{
			{Reason: StopToolUse, Raw: "tool_use"},
			{Message: 1, Choice: 2, Reason: StopTruncated},
		},
		Violations: []Violation{
			{Rule: NameConflict, Class: ClassCall, Frame: 4, Offset: 310, Call: 1, Message: "name changes"},
			{Rule: FramePayload, Class: ClassTerminal, Frame: 9, Offset: 1024, Call: NoCall, Message: "not JSON", Payload: "{oops"},
		},
		Tail: `{"type":"content_block_delta","ind`,
	}
}

// richJSON is richOutcome as the command prints it (indented, HTML kept).
const richJSON = `{
  "format": "anthropic",
  "messages": 2,
  "calls": [
    {
      "id": "toolu_1",
      "name": "read_file",
      "arguments": "{\"path\":\"/etc/hostname\"}",
      "status": "complete",
      "kind": "function",
      "server": false,
      "message": 0,
      "choice": 0,
      "signatures": [
        "s"
      ],
      "namespace": "fs",
      "item_id": "fc_1"
    },
    {
      "id": "srv_1",
      "name": "web_search",
      "arguments": "{\"q\":\"a<b\"}",
      "status": "invalid",
      "kind": "function",
      "server": true,
      "message": 0,
      "choice": 0
    },
    {
      "id": "",
      "name": "patch",
      "arguments": "*** Begin",
      "status": "incomplete",
      "kind": "custom",
      "server": false,
      "message": 1,
      "choice": 2
    }
  ],
  "items": [
    {
      "kind": "thinking",
      "message": 0,
      "choice": 0,
      "text": "Plan: <read> & answer",
      "signatures": [
        "sig-1"
      ]
    },
    {
      "kind": "redacted",
      "message": 0,
      "choice": 0,
      "text": "opaque"
    },
    {
      "kind": "signature",
      "message": 0,
      "choice": 0,
      "signatures": [
        "sig-2"
      ]
    },
    {
      "kind": "text",
      "message": 0,
      "choice": 0,
      "text": "Reading."
    },
    {
      "kind": "call",
      "message": 0,
      "choice": 0,
      "call": 0,
      "item_id": "fc_1"
    },
    {
      "kind": "call",
      "message": 0,
      "choice": 0,
      "call": 1
    },
    {
      "kind": "other",
      "message": 0,
      "choice": 0
    },
    {
      "kind": "call",
      "message": 1,
      "choice": 2,
      "call": 2
    }
  ],
  "stop_reason": "truncated",
  "stops": [
    {
      "message": 0,
      "choice": 0,
      "reason": "tool_use",
      "raw": "tool_use"
    },
    {
      "message": 1,
      "choice": 2,
      "reason": "truncated",
      "raw": ""
    }
  ],
  "violations": [
    {
      "rule": "NAME-2",
      "class": "call",
      "frame": 4,
      "offset": 310,
      "call": 1,
      "message": "name changes"
    },
    {
      "rule": "FRAME-4",
      "class": "terminal",
      "frame": 9,
      "offset": 1024,
      "message": "not JSON",
      "payload": "{oops"
    }
  ],
  "tail": "{\"type\":\"content_block_delta\",\"ind"
}
`

// encodeLikeTheCommand encodes v as cmd/toolspec does.
func encodeLikeTheCommand(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestOutcomeJSON: an outcome encodes to the schema byte for byte, by
// value and by pointer, and decodes back to itself, every field.
func TestOutcomeJSON(t *testing.T) {
	o := richOutcome()
	if got := encodeLikeTheCommand(t, o); got != richJSON {
		t.Errorf("encoded:\n%s\nwant:\n%s", got, richJSON)
	}
	if got := encodeLikeTheCommand(t, &o); got != richJSON {
		t.Errorf("encoded through a pointer:\n%s\nwant:\n%s", got, richJSON)
	}
	var back Outcome
	if err := json.Unmarshal([]byte(richJSON), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, o) {
		t.Errorf("decoded:\n%#v\nwant:\n%#v", back, o)
	}
	if back.String() != o.String() {
		t.Errorf("decoded transcript:\n%s\nwant:\n%s", back, o)
	}
}

// TestOutcomeJSONHTML: json.Marshal escapes HTML characters as it does in
// every string; an encoder told not to keeps them, also inside elements.
func TestOutcomeJSONHTML(t *testing.T) {
	b, err := json.Marshal(richOutcome())
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); strings.ContainsAny(s, "<>&") || !strings.Contains(s, `Plan: \u003cread\u003e \u0026 answer`) || !strings.Contains(s, `a\u003cb`) {
		t.Errorf("json.Marshal keeps HTML characters: %s", b)
	}
	if s := encodeLikeTheCommand(t, richOutcome()); !strings.Contains(s, "Plan: <read> & answer") || !strings.Contains(s, `a<b`) {
		t.Errorf("SetEscapeHTML(false) escapes HTML characters: %s", s)
	}
}

// TestOutcomeJSONEmpty: empty lists are [], never null, "tail" is
// omitted, and they decode to nil.
func TestOutcomeJSONEmpty(t *testing.T) {
	b, err := json.Marshal(Outcome{Format: FormatOllama})
	want := `{"format":"ollama","messages":0,"calls":[],"items":[],"stop_reason":"none","stops":[],"violations":[]}`
	if err != nil || string(b) != want {
		t.Fatalf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	var o Outcome
	if err := json.Unmarshal(b, &o); err != nil || !reflect.DeepEqual(o, Outcome{Format: FormatOllama}) {
		t.Errorf("decoded %#v, %v", o, err)
	}
}

// TestElementsJSON: each element logged alone is the object it is inside
// the outcome, and decodes back to itself.
func TestElementsJSON(t *testing.T) {
	o := richOutcome()
	var parts map[string]json.RawMessage
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		t.Fatal(err)
	}
	check := func(list string, elems []any, decode func(i int, b []byte) (any, error)) {
		var inside []json.RawMessage
		if err := json.Unmarshal(parts[list], &inside); err != nil || len(inside) != len(elems) {
			t.Fatalf("%s: %d elements, %v; want %d", list, len(inside), err, len(elems))
		}
		for i, e := range elems {
			alone, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(alone, inside[i]) {
				t.Errorf("%s[%d] alone is\n%s\ninside the outcome\n%s", list, i, alone, inside[i])
			}
			back, err := decode(i, alone)
			if err != nil || !reflect.DeepEqual(back, e) {
				t.Errorf("%s[%d] decoded to %#v, %v; want %#v", list, i, back, err, e)
			}
		}
	}
	var calls, items, stops, viols []any
	for _, c := range o.Calls {
		c.Ordinal = 0 // not encoded: a call alone decodes with Ordinal 0
		calls = append(calls, c)
	}
	for _, it := range o.Items {
		items = append(items, it)
	}
	for _, s := range o.Stops {
		stops = append(stops, s)
	}
	for _, v := range o.Violations {
		viols = append(viols, v)
	}
	check("calls", calls, func(_ int, b []byte) (any, error) { var c Call; err := json.Unmarshal(b, &c); return c, err })
	check("items", items, func(_ int, b []byte) (any, error) { var x Item; err := json.Unmarshal(b, &x); return x, err })
	check("stops", stops, func(_ int, b []byte) (any, error) { var s Stop; err := json.Unmarshal(b, &s); return s, err })
	check("violations", viols, func(_ int, b []byte) (any, error) { var v Violation; err := json.Unmarshal(b, &v); return v, err })

	// A *Violation, the error a reassembler returns, logs as the same object.
	v := o.Violations[0]
	var err2 error = &v
	a, _ := json.Marshal(err2)
	if want, _ := json.Marshal(v); !bytes.Equal(a, want) {
		t.Errorf("json.Marshal(*Violation) = %s; want %s", a, want)
	}
}

// TestOutcomeJSONMarshalFails: a value no constant names is an error,
// never a guess.
func TestOutcomeJSONMarshalFails(t *testing.T) {
	for name, mutate := range map[string]func(*Outcome){
		"status":      func(o *Outcome) { o.Calls[0].Status = 9 },
		"call kind":   func(o *Outcome) { o.Calls[2].Kind = CallKind(NumCallKinds) },
		"item kind":   func(o *Outcome) { o.Items[0].Kind = 42 },
		"class":       func(o *Outcome) { o.Violations[1].Class = 4 },
		"stop reason": func(o *Outcome) { o.Stops[0].Reason = "tool_calls" },
	} {
		o := richOutcome()
		mutate(&o)
		if b, err := json.Marshal(o); err == nil {
			t.Errorf("%s: json.Marshal succeeded: %s", name, b)
		}
	}
}

// TestOutcomeJSONErrors: a document that is not an outcome's JSON is an
// error naming the field at fault, and the outcome decoded into is left
// as it was.
func TestOutcomeJSONErrors(t *testing.T) {
	type doc = map[string]any
	list := func(d doc, key string, i int) doc { return d[key].([]any)[i].(doc) }
	for _, c := range []struct {
		name   string
		mutate func(doc)
		want   string
	}{
		{"unknown format", func(d doc) { d["format"] = "openai" }, `outcome JSON: format: unknown format "openai"`},
		{"no format", func(d doc) { delete(d, "format") }, `outcome JSON: format: missing`},
		{"null format", func(d doc) { d["format"] = nil }, `outcome JSON: format: missing`},
		{"negative messages", func(d doc) { d["messages"] = -1 }, `messages: negative`},
		{"fractional messages", func(d doc) { d["messages"] = 1.5 }, `messages: cannot unmarshal number 1.5`},
		{"no calls", func(d doc) { delete(d, "calls") }, `calls: missing`},
		{"calls not a list", func(d doc) { d["calls"] = doc{} }, `calls: cannot unmarshal object`},
		{"call not an object", func(d doc) { d["calls"].([]any)[1] = 7 }, `calls[1]: not a JSON object`},
		{"null call", func(d doc) { d["calls"].([]any)[1] = nil }, `calls[1]: not a JSON object`},
		{"unknown status", func(d doc) { list(d, "calls", 1)["status"] = "done" }, `calls[1].status: unknown status "done"`},
		{"numeric status", func(d doc) { list(d, "calls", 1)["status"] = 1 }, `calls[1].status: cannot unmarshal number`},
		{"no status", func(d doc) { delete(list(d, "calls", 1), "status") }, `calls[1].status: missing`},
		{"unknown call kind", func(d doc) { list(d, "calls", 2)["kind"] = "freeform" }, `calls[2].kind: unknown call kind "freeform"`},
		{"id not a string", func(d doc) { list(d, "calls", 0)["id"] = 5 }, `calls[0].id: cannot unmarshal number`},
		{"no arguments", func(d doc) { delete(list(d, "calls", 0), "arguments") }, `calls[0].arguments: missing`},
		{"negative call message", func(d doc) { list(d, "calls", 0)["message"] = -1 }, `calls[0].message: negative`},
		{"unknown item kind", func(d doc) { list(d, "items", 3)["kind"] = "image" }, `items[3].kind: unknown item kind "image"`},
		{"empty item kind", func(d doc) { list(d, "items", 3)["kind"] = "" }, `items[3].kind: missing`},
		{"call out of range", func(d doc) { list(d, "items", 4)["call"] = 3 }, `items[4].call: no call 3 (there are 3)`},
		{"negative item call", func(d doc) { list(d, "items", 4)["call"] = -1 }, `items[4].call: negative`},
		{"call item without call", func(d doc) { delete(list(d, "items", 4), "call") }, `items[4].call: missing`},
		{"text item with a call", func(d doc) { list(d, "items", 3)["call"] = 0 }, `items[3].call: set on a "text" item`},
		{"negative choice", func(d doc) { list(d, "items", 0)["choice"] = -2 }, `items[0].choice: negative`},
		{"signatures not strings", func(d doc) { list(d, "items", 0)["signatures"] = []any{1} }, `items[0].signatures: cannot unmarshal number`},
		{"unknown stop reason", func(d doc) { list(d, "stops", 0)["reason"] = "tool_calls" }, `stops[0].reason: unknown stop reason "tool_calls"`},
		{"empty stop reason", func(d doc) { list(d, "stops", 0)["reason"] = "" }, `stops[0].reason: unknown stop reason ""`},
		{"no raw", func(d doc) { delete(list(d, "stops", 0), "raw") }, `stops[0].raw: missing`},
		{"stop_reason not the last", func(d doc) { d["stop_reason"] = "tool_use" }, `stop_reason: "tool_use", but the last stop's reason is "truncated"`},
		{"unknown stop_reason", func(d doc) { d["stop_reason"] = "done" }, `stop_reason: unknown stop reason "done"`},
		{"unknown class", func(d doc) { list(d, "violations", 0)["class"] = "fatal" }, `violations[0].class: unknown class "fatal"`},
		{"empty class", func(d doc) { list(d, "violations", 0)["class"] = "" }, `violations[0].class: missing`},
		{"unknown rule", func(d doc) { list(d, "violations", 1)["rule"] = "FRAME-99" }, `violations[1].rule: unknown rule "FRAME-99"`},
		{"violation call out of range", func(d doc) { list(d, "violations", 0)["call"] = 3 }, `violations[0].call: no call 3`},
		{"violation call -1", func(d doc) { list(d, "violations", 0)["call"] = -1 }, `violations[0].call: negative`},
		{"negative offset", func(d doc) { list(d, "violations", 0)["offset"] = -5 }, `violations[0].offset: negative`},
		{"no message", func(d doc) { delete(list(d, "violations", 0), "message") }, `violations[0].message: missing`},
		{"tail not a string", func(d doc) { d["tail"] = []any{} }, `tail: cannot unmarshal array`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d doc
			if err := json.Unmarshal([]byte(richJSON), &d); err != nil {
				t.Fatal(err)
			}
			c.mutate(d)
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			o := Outcome{Format: FormatGemini, Messages: 7}
			err = json.Unmarshal(b, &o)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "toolspec: outcome JSON: ") {
				t.Errorf("error %v; want one containing %q", err, c.want)
			}
			if !reflect.DeepEqual(o, Outcome{Format: FormatGemini, Messages: 7}) {
				t.Errorf("the outcome changed on error: %#v", o)
			}
		})
	}
	for _, text := range []string{``, `[]`, `"x"`, `7`, `{`, `{"format":"ollama"`, `{"format":"ollama"}}`} {
		var o Outcome
		if err := json.Unmarshal([]byte(text), &o); err == nil {
			t.Errorf("json.Unmarshal(%q) succeeded", text)
		}
		if err := o.UnmarshalJSON([]byte(text)); err == nil {
			t.Errorf("UnmarshalJSON(%q) succeeded", text)
		}
	}
	// null is no outcome and changes nothing, as encoding/json has it.
	o := richOutcome()
	if err := json.Unmarshal([]byte("null"), &o); err != nil || !reflect.DeepEqual(o, richOutcome()) {
		t.Errorf("null: %v, outcome %#v", err, o)
	}
}

// TestElementJSONErrors: an element decoded alone names its type and the
// field at fault.
func TestElementJSONErrors(t *testing.T) {
	for _, c := range []struct {
		doc  string
		into any
		want string
	}{
		{`{"id":"a","name":"f","arguments":"{}","status":"done","kind":"function","server":false,"message":0,"choice":0}`, new(Call), `toolspec: call JSON: status: unknown status "done"`},
		{`{"kind":"call","message":0,"choice":0}`, new(Item), `toolspec: item JSON: call: missing`},
		{`{"message":0,"choice":0,"reason":"stop","raw":"stop"}`, new(Stop), `toolspec: stop JSON: reason: unknown stop reason "stop"`},
		{`{"rule":"ID-7","class":"fatal","frame":1,"offset":0,"message":"m"}`, new(Violation), `toolspec: violation JSON: class: unknown class "fatal"`},
		{`{"rule":"ID-7","frame":1,"offset":0,"message":"m"}`, new(Violation), `toolspec: violation JSON: class: missing`},
		{`["rule"]`, new(Violation), `toolspec: violation JSON: not a JSON object`},
	} {
		if err := json.Unmarshal([]byte(c.doc), c.into); err == nil || err.Error() != c.want {
			t.Errorf("%T from %s: error %v; want %q", c.into, c.doc, err, c.want)
		}
	}
}

// TestJSONCoversEveryField fails when a type of the outcome gains a field
// the JSON schema does not place: each exported field is a key of the
// schema (found in richOutcome's JSON, which has every key), or is listed
// with the reason it is not encoded.
func TestJSONCoversEveryField(t *testing.T) {
	b, err := json.Marshal(richOutcome())
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	keysOf := func(list string) map[string]bool {
		keys := map[string]bool{}
		for _, el := range doc[list].([]any) {
			for k := range el.(map[string]any) {
				keys[k] = true
			}
		}
		return keys
	}
	top := map[string]bool{}
	for k := range doc {
		top[k] = true
	}
	for _, c := range []struct {
		v      any
		keys   map[string]bool
		fields string // the exported fields, in order, each as field=key or field=(why-not)
	}{
		{Outcome{}, top, "Format=format Messages=messages Items=items Calls=calls Stops=stops Violations=violations Tail=tail"},
		{Call{}, keysOf("calls"), "Ordinal=(its-position-in-calls) Message=message Choice=choice ID=id Name=name Args=arguments Status=status Kind=kind Server=server Signatures=signatures Namespace=namespace ItemID=item_id"},
		{Item{}, keysOf("items"), "Kind=kind Message=message Choice=choice Text=text Signatures=signatures Call=call ItemID=item_id"},
		{Stop{}, keysOf("stops"), "Message=message Choice=choice Reason=reason Raw=raw"},
		{Violation{}, keysOf("violations"), "Rule=rule Class=class Frame=frame Offset=offset Call=call Message=message Payload=payload Path=(histories-only)"},
	} {
		typ := reflect.TypeOf(c.v)
		var got []string
		for i := 0; i < typ.NumField(); i++ {
			if f := typ.Field(i); f.IsExported() {
				got = append(got, f.Name)
			}
		}
		var want []string
		for _, fk := range strings.Fields(c.fields) {
			name, key, _ := strings.Cut(fk, "=")
			want = append(want, name)
			if !strings.HasPrefix(key, "(") && !c.keys[key] {
				t.Errorf("%s.%s: the JSON has no key %q", typ, name, key)
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s has the fields %v; the JSON schema places %v: give a new field a key (json.go) and list it here", typ, got, want)
		}
	}
}

// TestViolationPath pins how a history violation's Path is written: in its
// error text instead of the frame, and as "path" in the JSON, which reads it
// back.
func TestViolationPath(t *testing.T) {
	v := Violation{Rule: "FRAME-4", Class: ClassLoss, Call: NoCall, Message: "cannot carry it", Path: "messages[3].content[1]"}
	if got, want := v.Error(), "toolspec: FRAME-4: messages[3].content[1]: cannot carry it"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"path":"messages[3].content[1]"`) || !strings.Contains(string(b), `"class":"loss"`) {
		t.Errorf("JSON %s lacks the path or the class", b)
	}
	var back Violation
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back != v {
		t.Errorf("round trip: got %+v, want %+v", back, v)
	}
	if got, want := v.String(), `violation FRAME-4 loss path="messages[3].content[1]" "cannot carry it"`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	v.Path = ""
	if got := v.String(); strings.Contains(got, "path") {
		t.Errorf("a stream violation's line has a path: %s", got)
	}
	if b, _ := json.Marshal(v); strings.Contains(string(b), "path") {
		t.Errorf("a stream violation's JSON has a path: %s", b)
	}
}
