package spec

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// This file holds the JSON form of an outcome: the schema the toolspec
// command prints (docs/command.md, "JSON output"). Each element type encodes
// itself, and the outcome is the list of its elements' encodings, so a call,
// item, stop or violation logged alone reads exactly as it does inside an
// outcome.
//
// Decoding reads that schema back and trusts nothing: a field the schema
// always has must be present (null counts as absent), an enumeration must
// carry one of its names, numbers must not be negative, and references
// between elements must hold. The first failure is the error, naming the
// field, e.g.
//
//	toolspec: outcome JSON: calls[1].status: unknown status "done"
//
// Object keys the schema does not have are ignored, as encoding/json ignores
// them, so that a later schema may add fields. On error the value decoded
// into is not changed.

// outcomeJSON is the schema of an [Outcome].
type outcomeJSON struct {
	Format     Format      `json:"format"`
	Messages   int         `json:"messages"`
	Calls      []Call      `json:"calls"`
	Items      []Item      `json:"items"`
	StopReason StopReason  `json:"stop_reason"`
	Stops      []Stop      `json:"stops"`
	Violations []Violation `json:"violations"`
	Tail       string      `json:"tail,omitempty"`
}

// callJSON is the schema of a [Call].
type callJSON struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Arguments  string   `json:"arguments"`
	Status     Status   `json:"status"`
	Kind       CallKind `json:"kind"`
	Server     bool     `json:"server"`
	Message    int      `json:"message"`
	Choice     int      `json:"choice"`
	Signatures []string `json:"signatures,omitempty"`
	Namespace  string   `json:"namespace,omitempty"`
	ItemID     string   `json:"item_id,omitempty"`
}

// itemJSON is the schema of an [Item].
type itemJSON struct {
	Kind       ItemKind `json:"kind"`
	Message    int      `json:"message"`
	Choice     int      `json:"choice"`
	Text       string   `json:"text,omitempty"`
	Call       *int     `json:"call,omitempty"`
	Signatures []string `json:"signatures,omitempty"`
	ItemID     string   `json:"item_id,omitempty"`
}

// stopJSON is the schema of a [Stop].
type stopJSON struct {
	Message int        `json:"message"`
	Choice  int        `json:"choice"`
	Reason  StopReason `json:"reason"`
	Raw     string     `json:"raw"`
}

// violationJSON is the schema of a [Violation].
type violationJSON struct {
	Rule    RuleID `json:"rule"`
	Class   Class  `json:"class"`
	Frame   int    `json:"frame"`
	Offset  int64  `json:"offset"`
	Call    *int   `json:"call,omitempty"`
	Message string `json:"message"`
	Payload string `json:"payload,omitempty"`
	Path    string `json:"path,omitempty"`
}

// MarshalJSON encodes o in the schema of the toolspec command's output
// (docs/command.md, "JSON output"): "format", "messages", "calls", "items",
// "stop_reason" (the reason of the last stop, [Outcome.StopReason]),
// "stops", "violations", and "tail" when o has one. A list is [] when
// empty, never null. Each element is encoded by its own type's MarshalJSON
// ([Call.MarshalJSON], [Item.MarshalJSON], [Stop.MarshalJSON],
// [Violation.MarshalJSON]). A call's Ordinal is not encoded: it is the
// call's position in "calls", as in every outcome a reassembler returns.
//
// JSON strings hold Unicode text: each byte of a string that is not UTF-8
// (the binary tail of a cut Bedrock event-stream, say) becomes U+FFFD, so
// such a string does not come back. HTML characters are the encoder's
// choice: json.Marshal escapes <, > and &; an Encoder with
// SetEscapeHTML(false), as the command uses, keeps them. MarshalJSON fails
// when o holds a value no constant names (see [Status.MarshalText]).
func (o Outcome) MarshalJSON() ([]byte, error) {
	return marshal(outcomeJSON{
		Format:     o.Format,
		Messages:   o.Messages,
		Calls:      nonNil(o.Calls),
		Items:      nonNil(o.Items),
		StopReason: o.StopReason(),
		Stops:      nonNil(o.Stops),
		Violations: nonNil(o.Violations),
		Tail:       o.Tail,
	})
}

// UnmarshalJSON decodes an outcome in the schema [Outcome.MarshalJSON]
// writes, and checks it: "format" is one of [Formats]; every field but
// "tail" is present; each element decodes as its type's UnmarshalJSON
// decodes it; an item's "call" and a violation's "call" index "calls";
// items have a kind and violations a class; "stop_reason" is the last
// stop's reason. Calls get their position as Ordinal. Empty lists give nil
// slices. Keys the schema does not have are ignored (the command's output
// may gain fields). A failure, an unknown name included, is an error naming
// the field (e.g. "calls[1].status: unknown status \"done\""), and leaves
// o unchanged. JSON null leaves o unchanged, as encoding/json does for
// null.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	obj, err := readObject(data, "outcome", "")
	if err != nil {
		return err
	}
	var x Outcome
	var calls, items, stops, viols []json.RawMessage
	var reason StopReason
	if err := obj.decode(
		field{"format", &x.Format, false},
		field{"messages", &x.Messages, false},
		field{"calls", &calls, false},
		field{"items", &items, false},
		field{"stop_reason", &reason, false},
		field{"stops", &stops, false},
		field{"violations", &viols, false},
		field{"tail", &x.Tail, true},
	); err != nil {
		return err
	}
	if !x.Format.Valid() {
		return obj.fail("format", "unknown format "+strconv.Quote(string(x.Format)))
	}
	if x.Messages < 0 {
		return obj.fail("messages", "negative")
	}
	for i, raw := range calls {
		el, err := readObject(raw, "outcome", "calls["+strconv.Itoa(i)+"]")
		if err != nil {
			return err
		}
		c, err := decodeCall(el)
		if err != nil {
			return err
		}
		c.Ordinal = i
		x.Calls = append(x.Calls, c)
	}
	for i, raw := range items {
		el, err := readObject(raw, "outcome", "items["+strconv.Itoa(i)+"]")
		if err != nil {
			return err
		}
		it, err := decodeItem(el)
		if err != nil {
			return err
		}
		switch {
		case it.Kind == 0:
			return el.fail("kind", "missing")
		case it.Kind == ItemCall && it.Call >= len(x.Calls):
			return el.fail("call", "no call "+strconv.Itoa(it.Call)+" (there are "+strconv.Itoa(len(x.Calls))+")")
		}
		x.Items = append(x.Items, it)
	}
	for i, raw := range stops {
		el, err := readObject(raw, "outcome", "stops["+strconv.Itoa(i)+"]")
		if err != nil {
			return err
		}
		s, err := decodeStop(el)
		if err != nil {
			return err
		}
		x.Stops = append(x.Stops, s)
	}
	for i, raw := range viols {
		el, err := readObject(raw, "outcome", "violations["+strconv.Itoa(i)+"]")
		if err != nil {
			return err
		}
		v, err := decodeViolation(el)
		if err != nil {
			return err
		}
		switch {
		case v.Class == 0:
			return el.fail("class", "missing")
		case v.Call != NoCall && v.Call >= len(x.Calls):
			return el.fail("call", "no call "+strconv.Itoa(v.Call)+" (there are "+strconv.Itoa(len(x.Calls))+")")
		}
		x.Violations = append(x.Violations, v)
	}
	if last := x.StopReason(); reason != last {
		return obj.fail("stop_reason", strconv.Quote(stopName(reason))+", but the last stop's reason is "+strconv.Quote(stopName(last)))
	}
	*o = x
	return nil
}

// stopName is the name of r, a canonical reason.
func stopName(r StopReason) string {
	b, _ := r.MarshalText()
	return string(b)
}

// MarshalJSON encodes c as one element of an outcome's "calls": "id",
// "name", "arguments" (Args), "status", "kind" (its name: "function",
// "custom", or a Responses item type such as "computer_call"), "server",
// "message", "choice", "signatures" when c has any, "namespace" when
// it has one, and "item_id" when it has one. Ordinal is not encoded: in an outcome it is the call's
// position.
func (c Call) MarshalJSON() ([]byte, error) {
	return marshal(callJSON{
		ID: c.ID, Name: c.Name, Arguments: c.Args, Status: c.Status, Kind: c.Kind, Server: c.Server,
		Message: c.Message, Choice: c.Choice, Signatures: c.Signatures, Namespace: c.Namespace,
		ItemID: c.ItemID,
	})
}

// UnmarshalJSON decodes a call in the schema [Call.MarshalJSON] writes.
// Every field but "signatures", "namespace" and "item_id" must be present, "status" and "kind" must be
// names of their types, "message" and "choice" must not be negative.
// Ordinal is set to 0 ([Outcome.UnmarshalJSON] sets it to the call's
// position). On error c is not changed; null leaves it unchanged.
func (c *Call) UnmarshalJSON(data []byte) error {
	return decodeInto(data, "call", c, decodeCall)
}

func decodeCall(obj jsonObject) (Call, error) {
	var c Call
	err := obj.decode(
		field{"id", &c.ID, false},
		field{"name", &c.Name, false},
		field{"arguments", &c.Args, false},
		field{"status", &c.Status, false},
		field{"kind", &c.Kind, false},
		field{"server", &c.Server, false},
		field{"message", &c.Message, false},
		field{"choice", &c.Choice, false},
		field{"signatures", &c.Signatures, true},
		field{"namespace", &c.Namespace, true},
		field{"item_id", &c.ItemID, true},
	)
	if err == nil {
		err = firstError(obj.nonNegative("message", c.Message), obj.nonNegative("choice", c.Choice))
	}
	return c, err
}

// MarshalJSON encodes it as one element of an outcome's "items": "kind",
// "message", "choice", "text" when not empty, "call" (the call's Ordinal)
// for a call item only, "signatures" when it has any, and "item_id" when
// it has one.
func (it Item) MarshalJSON() ([]byte, error) {
	j := itemJSON{Kind: it.Kind, Message: it.Message, Choice: it.Choice, Text: it.Text, Signatures: it.Signatures, ItemID: it.ItemID}
	if it.Kind == ItemCall {
		n := it.Call
		j.Call = &n
	}
	return marshal(j)
}

// UnmarshalJSON decodes an item in the schema [Item.MarshalJSON] writes.
// "kind", "message" and "choice" must be present; a call item must have a
// "call", and no other item may; numbers must not be negative. The Call of
// an item that is no call is set to [NoCall], as the reassemblers set it.
// On error it is not changed; null leaves it unchanged.
func (it *Item) UnmarshalJSON(data []byte) error {
	return decodeInto(data, "item", it, decodeItem)
}

func decodeItem(obj jsonObject) (Item, error) {
	var it Item
	var call *int
	err := obj.decode(
		field{"kind", &it.Kind, false},
		field{"message", &it.Message, false},
		field{"choice", &it.Choice, false},
		field{"text", &it.Text, true},
		field{"call", &call, true},
		field{"signatures", &it.Signatures, true},
		field{"item_id", &it.ItemID, true},
	)
	if err != nil {
		return it, err
	}
	if err := firstError(obj.nonNegative("message", it.Message), obj.nonNegative("choice", it.Choice)); err != nil {
		return it, err
	}
	it.Call = NoCall
	switch {
	case it.Kind == ItemCall && call == nil:
		return it, obj.fail("call", "missing")
	case it.Kind == ItemCall:
		if err := obj.nonNegative("call", *call); err != nil {
			return it, err
		}
		it.Call = *call
	case call != nil:
		return it, obj.fail("call", "set on a "+strconv.Quote(it.Kind.String())+" item; only a call item has one")
	}
	return it, nil
}

// MarshalJSON encodes s as one element of an outcome's "stops":
// "message", "choice", "reason" ([StopReason.MarshalText]: "none" for
// [StopNone]) and "raw".
func (s Stop) MarshalJSON() ([]byte, error) {
	return marshal(stopJSON(s)) // a field added to Stop breaks this conversion: add it to the schema too
}

// UnmarshalJSON decodes a stop in the schema [Stop.MarshalJSON] writes.
// Every field must be present, "reason" must be a canonical reason or
// "none", numbers must not be negative. On error s is not changed; null
// leaves it unchanged.
func (s *Stop) UnmarshalJSON(data []byte) error {
	return decodeInto(data, "stop", s, decodeStop)
}

func decodeStop(obj jsonObject) (Stop, error) {
	var s Stop
	err := obj.decode(
		field{"message", &s.Message, false},
		field{"choice", &s.Choice, false},
		field{"reason", &s.Reason, false},
		field{"raw", &s.Raw, false},
	)
	if err == nil {
		err = firstError(obj.nonNegative("message", s.Message), obj.nonNegative("choice", s.Choice))
	}
	return s, err
}

// MarshalJSON encodes v as one element of an outcome's "violations":
// "rule", "class", "frame", "offset", "call" unless v.Call is [NoCall],
// "message", and "payload" and "path" when not empty.
func (v Violation) MarshalJSON() ([]byte, error) {
	j := violationJSON{Rule: v.Rule, Class: v.Class, Frame: v.Frame, Offset: v.Offset, Message: v.Message, Payload: v.Payload, Path: v.Path}
	if v.Call != NoCall {
		n := v.Call
		j.Call = &n
	}
	return marshal(j)
}

// UnmarshalJSON decodes a violation in the schema [Violation.MarshalJSON]
// writes. "rule" must be one of [Rules], "class" a name of [Class];
// "rule", "class", "frame", "offset" and "message" must be present;
// numbers must not be negative. Without "call", Call is [NoCall]. On error
// v is not changed; null leaves it unchanged.
func (v *Violation) UnmarshalJSON(data []byte) error {
	return decodeInto(data, "violation", v, decodeViolation)
}

func decodeViolation(obj jsonObject) (Violation, error) {
	var v Violation
	var call *int
	err := obj.decode(
		field{"rule", &v.Rule, false},
		field{"class", &v.Class, false},
		field{"frame", &v.Frame, false},
		field{"offset", &v.Offset, false},
		field{"call", &call, true},
		field{"message", &v.Message, false},
		field{"payload", &v.Payload, true},
		field{"path", &v.Path, true},
	)
	if err != nil {
		return v, err
	}
	if _, ok := LookupRule(v.Rule); !ok {
		return v, obj.fail("rule", "unknown rule "+strconv.Quote(string(v.Rule)))
	}
	if v.Offset < 0 {
		return v, obj.fail("offset", "negative")
	}
	if err := obj.nonNegative("frame", v.Frame); err != nil {
		return v, err
	}
	v.Call = NoCall
	if call != nil {
		if err := obj.nonNegative("call", *call); err != nil {
			return v, err
		}
		v.Call = *call
	}
	return v, nil
}

// marshal encodes v without escaping HTML characters: the encoder that
// calls a MarshalJSON compacts what it returns, and escapes them then if it
// is asked to.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// nonNil returns s, or an empty slice for nil, which encodes as [].
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// isNull reports whether data is the JSON null.
func isNull(data []byte) bool {
	return string(bytes.TrimSpace(data)) == "null"
}

// decodeInto decodes the JSON object data into *p with dec; what names the
// type in errors. On error *p is not changed; null leaves it unchanged.
func decodeInto[T any](data []byte, what string, p *T, dec func(jsonObject) (T, error)) error {
	if isNull(data) {
		return nil
	}
	obj, err := readObject(data, what, "")
	if err != nil {
		return err
	}
	v, err := dec(obj)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// jsonObject is one JSON object being decoded: its fields, and where it
// is, for errors.
type jsonObject struct {
	what   string // the type decoded at the top: "outcome", "call", ...
	path   string // the object's place in it, e.g. "calls[1]"; "" at the top
	fields map[string]json.RawMessage
}

// readObject reads data as a JSON object.
func readObject(data []byte, what, path string) (jsonObject, error) {
	obj := jsonObject{what: what, path: path}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return obj, &jsonError{what, path, errors.New("not a JSON object")}
	}
	if err := json.Unmarshal(data, &obj.fields); err != nil {
		return obj, &jsonError{what, path, err}
	}
	return obj, nil
}

// field is one field to decode: its key, where it goes, and whether it
// may be absent.
type field struct {
	key      string
	dst      any
	optional bool
}

// decode decodes each field in turn; the first failure is the error.
func (o jsonObject) decode(fields ...field) error {
	for _, f := range fields {
		raw, ok := o.fields[f.key]
		if !ok || isNull(raw) {
			if f.optional {
				continue
			}
			return o.fail(f.key, "missing")
		}
		if err := json.Unmarshal(raw, f.dst); err != nil {
			return &jsonError{o.what, o.at(f.key), err}
		}
	}
	return nil
}

// nonNegative returns an error about the field key of o when n, its
// value, is negative.
func (o jsonObject) nonNegative(key string, n int) error {
	if n < 0 {
		return o.fail(key, "negative")
	}
	return nil
}

// firstError returns the first error of errs that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// fail returns the error msg about the field key of o.
func (o jsonObject) fail(key, msg string) error {
	return &jsonError{o.what, o.at(key), errors.New(msg)}
}

// at is the path of the field key of o.
func (o jsonObject) at(key string) string {
	if o.path == "" {
		return key
	}
	return o.path + "." + key
}

// jsonError is an error of UnmarshalJSON: what was decoded, the path of
// the field at fault, and what is wrong with it.
type jsonError struct {
	what, path string
	err        error
}

func (e *jsonError) Error() string {
	msg := strings.TrimPrefix(strings.TrimPrefix(e.err.Error(), "toolspec: "), "json: ")
	if e.path == "" {
		return "toolspec: " + e.what + " JSON: " + msg
	}
	return "toolspec: " + e.what + " JSON: " + e.path + ": " + msg
}

func (e *jsonError) Unwrap() error { return e.err }
