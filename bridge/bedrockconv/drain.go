package bedrockconv

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/eventstream"
	"github.com/toolspec/toolspec"
)

// Drain reads stream.Events() to the channel's end, pushing every event
// into a (see [Push]), and returns what [Finish] returns for stream.Err().
// It closes the stream before it returns, and stops reading once a breaks
// a terminal rule.
//
// The SDK hands out decoded events only, and Push writes each back as the
// JSON the API sent, so Drain's outcome is the one the raw bytes give in
// every case but these, which only a [Tee] gets right:
//
//   - The body was cut inside its last message, or a read of it failed
//     with io.ErrUnexpectedEOF: the SDK ends the stream there without an
//     error (smithy-go's event-stream codec reads io.ErrUnexpectedEOF as
//     io.EOF), so Drain returns none; from the raw bytes the cut message is
//     the outcome's tail. Both read as truncated when the cut comes before
//     messageStop, and as whole after it (in metadata).
//   - An event-stream message of type error (its code and text in
//     headers, not an exception) whose code does not end in "Exception":
//     Finish returns the SDK's error, where the raw bytes end with END-5.
//   - What the SDK's types do not hold is not pushed: members they have
//     no field for (the "p" padding, for one), and the content of citation,
//     image and toolResult deltas and starts, which toolspec keeps the
//     place of only: they are pushed without it.
//   - Violations name the pushed event's ordinal and count pushed bytes in
//     their offsets (see [toolspec.Assembler.PushPayload]), and their
//     payloads are the pushed JSON, not the wire's.
//
// The same holds for events: an OnEvent function registered on a sees the
// events of the pushed payloads; [Tee.OnEvent] sees every event of the raw
// bytes, as the SDK reads them.
func Drain(stream *bedrockruntime.ConverseStreamEventStream, a *toolspec.Assembler) (toolspec.Outcome, error) {
	defer stream.Close()
	for ev := range stream.Events() {
		if err := Push(a, ev); err != nil {
			if a.Err() != nil {
				return a.Close(), nil
			}
			return a.Close(), err
		}
	}
	return Finish(a, stream.Err())
}

// Push feeds one event to a, as its event type and the JSON the API sent
// for it: messageStart, contentBlockStart, contentBlockDelta,
// contentBlockStop, messageStop and metadata are written back from their
// types (without what toolspec does not read: metadata's usage and
// metrics, messageStop's additionalModelResponseFields); a
// types.UnknownUnionMember, whose Value is the event-stream message the
// SDK did not know (an InvokeModelWithResponseStream chunk, say), is
// decoded and its payload pushed under its event type. It returns the
// assembler's error (a terminal violation), or an error for an event it
// cannot write.
func Push(a *toolspec.Assembler, ev types.ConverseStreamOutput) error {
	name, payload, err := Payload(ev)
	if err != nil {
		return err
	}
	return a.PushPayload(name, payload)
}

// Payload returns the event type and the JSON payload of ev, as [Push]
// pushes them.
func Payload(ev types.ConverseStreamOutput) (string, []byte, error) {
	var v any
	switch e := ev.(type) {
	case *types.ConverseStreamOutputMemberMessageStart:
		return marshal("messageStart", map[string]any{"role": string(e.Value.Role)})
	case *types.ConverseStreamOutputMemberContentBlockStart:
		m := map[string]any{"start": start(e.Value.Start)}
		if e.Value.ContentBlockIndex != nil {
			m["contentBlockIndex"] = *e.Value.ContentBlockIndex
		}
		return marshal("contentBlockStart", m)
	case *types.ConverseStreamOutputMemberContentBlockDelta:
		m := map[string]any{"delta": delta(e.Value.Delta)}
		if e.Value.ContentBlockIndex != nil {
			m["contentBlockIndex"] = *e.Value.ContentBlockIndex
		}
		return marshal("contentBlockDelta", m)
	case *types.ConverseStreamOutputMemberContentBlockStop:
		m := map[string]any{}
		if e.Value.ContentBlockIndex != nil {
			m["contentBlockIndex"] = *e.Value.ContentBlockIndex
		}
		return marshal("contentBlockStop", m)
	case *types.ConverseStreamOutputMemberMessageStop:
		return marshal("messageStop", map[string]any{"stopReason": string(e.Value.StopReason)})
	case *types.ConverseStreamOutputMemberMetadata:
		return marshal("metadata", map[string]any{})
	case *types.UnknownUnionMember:
		msg, err := eventstream.NewDecoder().Decode(bytes.NewReader(e.Value), nil)
		if err != nil {
			return "", nil, fmt.Errorf("bedrockconv: the unknown event %q: %w", e.Tag, err)
		}
		return e.Tag, msg.Payload, nil
	case nil:
		return "", nil, errors.New("bedrockconv: a nil event")
	default:
		v = ev
	}
	return "", nil, fmt.Errorf("bedrockconv: an event of type %T", v)
}

func marshal(name string, v any) (string, []byte, error) {
	b, err := json.Marshal(v)
	return name, b, err
}

// start writes a block start's union back.
func start(s types.ContentBlockStart) map[string]any {
	switch s := s.(type) {
	case *types.ContentBlockStartMemberToolUse:
		tu := map[string]any{}
		if s.Value.ToolUseId != nil {
			tu["toolUseId"] = *s.Value.ToolUseId
		}
		if s.Value.Name != nil {
			tu["name"] = *s.Value.Name
		}
		if s.Value.Type != "" {
			tu["type"] = string(s.Value.Type)
		}
		return map[string]any{"toolUse": tu}
	case *types.ContentBlockStartMemberToolResult:
		return map[string]any{"toolResult": map[string]any{}}
	case *types.ContentBlockStartMemberImage:
		return map[string]any{"image": map[string]any{}}
	case *types.UnknownUnionMember:
		return map[string]any{s.Tag: map[string]any{}}
	}
	return map[string]any{}
}

// delta writes a block delta's union back.
func delta(d types.ContentBlockDelta) map[string]any {
	switch d := d.(type) {
	case *types.ContentBlockDeltaMemberText:
		return map[string]any{"text": d.Value}
	case *types.ContentBlockDeltaMemberToolUse:
		input := ""
		if d.Value.Input != nil {
			input = *d.Value.Input
		}
		return map[string]any{"toolUse": map[string]any{"input": input}}
	case *types.ContentBlockDeltaMemberReasoningContent:
		switch r := d.Value.(type) {
		case *types.ReasoningContentBlockDeltaMemberText:
			return map[string]any{"reasoningContent": map[string]any{"text": r.Value}}
		case *types.ReasoningContentBlockDeltaMemberSignature:
			return map[string]any{"reasoningContent": map[string]any{"signature": r.Value}}
		case *types.ReasoningContentBlockDeltaMemberRedactedContent:
			return map[string]any{"reasoningContent": map[string]any{"redactedContent": base64.StdEncoding.EncodeToString(r.Value)}}
		}
		return map[string]any{"reasoningContent": map[string]any{}}
	case *types.ContentBlockDeltaMemberCitation:
		return map[string]any{"citation": map[string]any{}}
	case *types.ContentBlockDeltaMemberToolResult:
		return map[string]any{"toolResult": []any{}}
	case *types.ContentBlockDeltaMemberImage:
		return map[string]any{"image": map[string]any{}}
	}
	return map[string]any{}
}

// Finish ends the stream that a was fed from: err is stream.Err() once
// the events channel is closed. An exception the SDK read from the stream
// (a smithy.APIError whose code ends in "Exception":
// *types.ModelStreamErrorException, *types.ThrottlingException,
// *types.ValidationException, ..., or a smithy.GenericAPIError for one it
// does not model) is pushed as the exception event it was, under the
// wire's name (the code with its first letter lower-cased:
// modelStreamErrorException) with its message, so that toolspec reads it
// as the raw bytes would (a provider error is END-5); Finish then returns
// nil with the outcome. Any other error (a broken connection, a message
// that did not decode) is returned as it is, with the outcome of what was
// pushed, which then reads as truncated. An HTTP error status is no
// stream's: client.ConverseStream returns it, and there is no stream to
// drain.
func Finish(a *toolspec.Assembler, err error) (toolspec.Outcome, error) {
	var ae smithy.APIError
	if err != nil && errors.As(err, &ae) && strings.HasSuffix(ae.ErrorCode(), "Exception") {
		m := exceptionPayload{Message: ae.ErrorMessage()}
		var mse *types.ModelStreamErrorException
		if errors.As(err, &mse) {
			m.OriginalStatusCode, m.OriginalMessage = mse.OriginalStatusCode, mse.OriginalMessage
		}
		if b, merr := json.Marshal(m); merr == nil {
			_ = a.PushPayload(wireName(ae.ErrorCode()), b)
			return a.Close(), nil
		}
	}
	return a.Close(), err
}

// exceptionPayload is an exception's payload, in the order of the API's
// members.
type exceptionPayload struct {
	Message            string  `json:"message"`
	OriginalStatusCode *int32  `json:"originalStatusCode,omitempty"`
	OriginalMessage    *string `json:"originalMessage,omitempty"`
}

// wireName is the union member's name of an exception code.
func wireName(code string) string {
	r, n := utf8.DecodeRuneInString(code)
	return string(unicode.ToLower(r)) + code[n:]
}
