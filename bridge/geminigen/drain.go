package geminigen

import (
	"bytes"
	"encoding/json"
	"errors"
	"iter"

	"github.com/toolspec/toolspec"
	"google.golang.org/genai"
)

// Drain ranges over stream (what Models.GenerateContentStream returns)
// to its end, pushing every response into a (see [Push]), and returns
// what [Finish] returns for the error the stream yielded, if any. It stops
// ranging, which closes the body, once a breaks a terminal rule.
//
// genai hands out decoded responses only, and Push marshals them back to
// JSON, so Drain's outcome is the one the raw bytes give in every case
// but these, which only a [Tee] gets right:
//
//   - The body was cut inside its last event: genai yields an error for
//     its JSON (Drain returns it); from the raw bytes the cut event is the
//     outcome's tail. Both read as truncated.
//   - An {"error": ...} payload as the first event: Finish cannot tell it
//     from an HTTP error status, which genai reports the same way (an
//     APIError before any response), and returns it as the error, where
//     the raw bytes end with END-5.
//   - A call's arguments are the same object in another order: genai
//     decodes functionCall.args into a map, which marshals with its members
//     sorted ({"b":3,"a":2} is pushed as {"a":2,"b":3}).
//   - What genai's types do not hold is not pushed: members they have no
//     field for, and, since Part.Text has omitempty, an empty text (a part
//     {"text": ""} is pushed as {}). A streamed argument's stringValue "",
//     which PartialArg drops the same way, is given back: a PartialArg
//     with no value at all is pushed with stringValue "", the one value
//     genai loses (the API sends one value member in each).
//   - Violations name the pushed response's ordinal and count pushed bytes
//     in their offsets (see [toolspec.Assembler.PushPayload]), and their
//     payloads are the marshalled responses, not the wire's.
//
// The same holds for events: an OnEvent function registered on a sees the
// events of the pushed responses; [Tee.OnEvent] sees every event of the
// raw bytes, as genai reads them.
func Drain(stream iter.Seq2[*genai.GenerateContentResponse, error], a *toolspec.Assembler) (toolspec.Outcome, error) {
	var serr error
	pushed := 0
	for resp, err := range stream {
		if err != nil {
			serr = err
			break
		}
		if err := Push(a, resp); err != nil {
			if a.Err() != nil {
				return a.Close(), nil
			}
			return a.Close(), err
		}
		pushed++
	}
	return Finish(a, pushed, serr)
}

// Push marshals one response genai decoded to JSON, as the API sends it
// (genai's types carry the API's member names), leaving out the
// SDKHTTPResponse genai adds, and feeds it to a. It returns the
// assembler's error (a terminal violation), or the marshalling error.
func Push(a *toolspec.Assembler, resp *genai.GenerateContentResponse) error {
	if resp == nil {
		return errors.New("geminigen: a nil response")
	}
	r := *resp
	r.SDKHTTPResponse = nil
	b, err := json.Marshal(&r)
	if err != nil {
		return err
	}
	if lostEmptyString(&r) {
		if b, err = restoreEmptyStrings(b); err != nil {
			return err
		}
	}
	return a.PushPayload("", b)
}

// lostEmptyString reports whether a streamed argument of r has no value:
// genai decoded it from a stringValue "", the only value its PartialArg
// drops (StringValue has omitempty; the API sends one value member).
func lostEmptyString(r *genai.GenerateContentResponse) bool {
	for _, c := range r.Candidates {
		if c == nil || c.Content == nil {
			continue
		}
		for _, p := range c.Content.Parts {
			if p == nil || p.FunctionCall == nil {
				continue
			}
			for _, pa := range p.FunctionCall.PartialArgs {
				if pa != nil && pa.StringValue == "" && pa.NumberValue == nil && pa.BoolValue == nil && pa.NULLValue == "" {
					return true
				}
			}
		}
	}
	return false
}

// restoreEmptyStrings gives every streamed argument without a value in the
// marshalled response b its stringValue "" back.
func restoreEmptyStrings(b []byte) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v map[string]any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	for _, c := range list(v["candidates"]) {
		content, _ := obj(c)["content"].(map[string]any)
		for _, p := range list(content["parts"]) {
			fc, _ := obj(p)["functionCall"].(map[string]any)
			for _, pa := range list(fc["partialArgs"]) {
				m := obj(pa)
				if m == nil {
					continue
				}
				_, s := m["stringValue"]
				_, n := m["numberValue"]
				_, bo := m["boolValue"]
				_, nu := m["nullValue"]
				if !s && !n && !bo && !nu {
					m["stringValue"] = ""
				}
			}
		}
	}
	return json.Marshal(v)
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// Finish ends the stream that a was fed from: pushed is how many
// responses were pushed into a, and err the error the stream yielded after
// them (nil when it ended without one). An error payload that genai read
// from the stream after at least one response ({"error": {...}},
// which genai yields as a genai.APIError) is pushed as the payload it was,
// so that toolspec reads it as the raw bytes would (a provider error is
// END-5); Finish then returns nil with the outcome. Any other error (an
// HTTP error status, an APIError before any response, a broken connection,
// an event that did not decode) is returned as it is, with the outcome of
// what was pushed, which then reads as truncated.
func Finish(a *toolspec.Assembler, pushed int, err error) (toolspec.Outcome, error) {
	var ae genai.APIError
	if err != nil && pushed > 0 && errors.As(err, &ae) {
		b, merr := json.Marshal(struct {
			Error genai.APIError `json:"error"`
		}{ae})
		if merr == nil {
			_ = a.PushPayload("", b)
			return a.Close(), nil
		}
	}
	return a.Close(), err
}
