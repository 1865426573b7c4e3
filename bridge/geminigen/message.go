package geminigen

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolspec/toolspec"
	"google.golang.org/genai"
)

// ErrNotCarried is wrapped by the error [ModelContent] returns when the
// message holds a part that toolspec's outcome does not hold whole, or
// that a genai.Part cannot carry, so that the content would not be what
// the model sent.
var ErrNotCarried = errors.New("geminigen: the outcome does not hold a part whole")

// Options choose what [ModelContent] builds. The zero value builds the
// first candidate of the first message, from a whole outcome only, and
// fails on a part the outcome does not hold whole.
type Options struct {
	// Message is the ordinal of the message (0 for the first); a stream
	// has one, but for a recording of several responses end to end.
	Message int
	// Candidate is the candidate's index (0 for the first, the only one
	// unless candidateCount asked for more).
	Candidate int
	// AllowPartial builds the content from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil: truncated, cut by
	// MAX_TOKENS, a provider error, calls incomplete or invalid). Calls that
	// are not complete are left out, since arguments cut short are no call
	// to send back; every other part is kept as it is.
	AllowPartial bool
	// OmitNotCarried leaves out the parts that the outcome does not hold
	// whole (see [ModelContent]) instead of failing with [ErrNotCarried].
	OmitNotCarried bool
}

// ModelContent turns a reassembled streamGenerateContent outcome into the
// model's content for the next request (role "model"), its parts in the
// order they arrived: text as text parts, thoughts as parts with Thought
// set, each with its thought signature; a signature that arrived on a part
// of its own (an empty text part) as a part with the signature alone; and
// function calls as FunctionCall parts with their id (Gemini 3 sends one),
// name and arguments, and the thoughtSignature that came with the call,
// which Gemini 3 requires back. Text that arrived over several chunks is
// one part. Vertex AI's streamed arguments (partialArgs) arrive joined.
//
// A call's arguments are decoded into FunctionCall.Args, a map, with
// numbers kept as json.Number, so that they are sent back as they
// arrived; the order of their members is not kept (encoding/json writes a
// map's keys sorted). A thought signature is decoded from base64 into
// Part.ThoughtSignature, which genai encodes back.
//
// It returns an error, and no content, when the outcome's Err is not nil
// (unless opt.AllowPartial: sending an incomplete call back is a bug),
// when the outcome is not of format gemini, when the message or candidate
// is not in it or has no part to send, and, unless opt.OmitNotCarried,
// with [ErrNotCarried] for a part the outcome does not hold whole or a
// Part cannot carry:
//
//   - a part toolspec keeps the place of, not the content (executableCode,
//     codeExecutionResult, inlineData, fileData, ...);
//   - a part with more than one thought signature, or one that is not
//     base64 (Part.ThoughtSignature is bytes).
//
// Empty text without a signature (the {"text": ""} Gemini sends with its
// finishReason) is no part and is left out.
func ModelContent(out toolspec.Outcome, opt Options) (*genai.Content, error) {
	if out.Format != toolspec.FormatGemini {
		return nil, fmt.Errorf("geminigen: the outcome is of format %q, not %q", out.Format, toolspec.FormatGemini)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return nil, fmt.Errorf("geminigen: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return nil, fmt.Errorf("geminigen: no message %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var parts []*genai.Part
	for i, it := range out.Items {
		if it.Message != opt.Message || it.Choice != opt.Candidate {
			continue
		}
		p, why, err := part(out, it)
		if err != nil {
			return nil, err
		}
		if why != "" {
			if !opt.OmitNotCarried {
				return nil, fmt.Errorf("%w: item %d: %s", ErrNotCarried, i, why)
			}
			continue
		}
		if p != nil {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("geminigen: message %d, candidate %d has no part to send back", opt.Message, opt.Candidate)
	}
	return &genai.Content{Role: genai.RoleModel, Parts: parts}, nil
}

// part builds the part of item it: a part, or nil for a call that is not
// complete or empty text (left out), or why the outcome does not hold it
// whole.
func part(out toolspec.Outcome, it toolspec.Item) (*genai.Part, string, error) {
	switch it.Kind {
	case toolspec.ItemText, toolspec.ItemThinking, toolspec.ItemSignature:
		sig, why := signature(it.Signatures)
		if why != "" {
			return nil, fmt.Sprintf("a %s part: %s", it.Kind, why), nil
		}
		if it.Text == "" && sig == nil {
			return nil, "", nil
		}
		return &genai.Part{Text: it.Text, Thought: it.Kind == toolspec.ItemThinking, ThoughtSignature: sig}, "", nil
	case toolspec.ItemCall:
		if it.Call < 0 || it.Call >= len(out.Calls) {
			return nil, "", fmt.Errorf("geminigen: item names call %d, which the outcome does not hold", it.Call)
		}
		c := out.Calls[it.Call]
		if c.Status != toolspec.StatusComplete {
			return nil, "", nil // only with AllowPartial: Err reports every other status
		}
		sig, why := signature(c.Signatures)
		if why != "" {
			return nil, fmt.Sprintf("call #%d %q: %s", c.Ordinal, c.Name, why), nil
		}
		args, err := Args(c)
		if err != nil {
			return nil, "", err
		}
		return &genai.Part{FunctionCall: &genai.FunctionCall{ID: c.ID, Name: c.Name, Args: args}, ThoughtSignature: sig}, "", nil
	}
	return nil, fmt.Sprintf("a part toolspec keeps the place of, not the content (an item of kind %s)", it.Kind), nil
}

// signature decodes a part's thought signature, or says why it cannot.
func signature(sigs []string) ([]byte, string) {
	switch len(sigs) {
	case 0:
		return nil, ""
	case 1:
		b, err := base64.StdEncoding.DecodeString(sigs[0])
		if err != nil {
			return nil, "its thought signature is not base64, which Part.ThoughtSignature (bytes) needs"
		}
		return b, ""
	}
	return nil, fmt.Sprintf("%d thought signatures, where a part has one", len(sigs))
}

// Args decodes a call's arguments into the map FunctionCall.Args and
// FunctionResponse take, numbers kept as json.Number (written back as
// they arrived). It fails when the arguments are not one JSON object,
// which they are for every complete call.
func Args(c toolspec.Call) (map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader([]byte(c.Args)))
	d.UseNumber()
	var args map[string]any
	if err := d.Decode(&args); err != nil {
		return nil, fmt.Errorf("geminigen: call #%d %q: arguments: %w", c.Ordinal, c.Name, err)
	}
	if d.More() {
		return nil, fmt.Errorf("geminigen: call #%d %q: arguments: more than one JSON value", c.Ordinal, c.Name)
	}
	if args == nil {
		return nil, fmt.Errorf("geminigen: call #%d %q: arguments are not a JSON object", c.Ordinal, c.Name)
	}
	return args, nil
}

// Result is the result of one call, to send back with [ResultContent].
type Result struct {
	Call toolspec.Call // the call answered: its ID and Name are sent back
	// Response is the function's response, a JSON object: Gemini reads its
	// "output" member as the output and "error" as an error, or the whole
	// object as the output when it has neither.
	Response map[string]any
}

// ResultContent returns the user content (role "user") that answers the
// calls: one FunctionResponse part per result, in order, with the call's
// id (empty when Gemini sent none, before Gemini 3, when it matches
// responses to calls by name and order) and name.
func ResultContent(results ...Result) *genai.Content {
	parts := make([]*genai.Part, 0, len(results))
	for _, r := range results {
		parts = append(parts, &genai.Part{FunctionResponse: &genai.FunctionResponse{
			ID:       r.Call.ID,
			Name:     r.Call.Name,
			Response: r.Response,
		}})
	}
	return &genai.Content{Role: genai.RoleUser, Parts: parts}
}
