package openairesp

import (
	"bytes"
	"errors"

	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
)

// ErrNoRawJSON is returned by [Push] for an event that the SDK did not
// decode from the wire, whose RawJSON is empty.
var ErrNoRawJSON = errors.New("openairesp: the event has no raw JSON (it was not decoded from a stream)")

// Drain reads stream to its end, pushing every event into a (see [Push]),
// and returns what [Finish] returns for stream.Err(). It stops reading, and
// closes the stream, once a breaks a terminal rule.
//
// The SDK hands out decoded events only, so Drain's outcome is the one the
// raw bytes give in every case but these, which only a [Tee] gets right:
//
//   - The body was cut inside its last event, or its last event has no
//     blank line after it. openai-go drops such an event without an error.
//     From the raw bytes a cut event is the outcome's tail and a whole one
//     is read (FRAME-1); Drain's outcome has neither.
//   - The SDK failed on an event it could not decode (stream.Err() is a
//     JSON error, which Finish returns): from the raw bytes that payload is
//     a FRAME-4 violation; Drain's outcome reads as truncated there.
//   - The SDK stops at the first payload with an "error" member (the error
//     event), which Finish pushes back; the events after it (OpenAI sends
//     response.failed) are not read, where the raw bytes have them.
//
// Violations name the pushed payload's ordinal and count pushed payload
// bytes in their offsets (see [toolspec.Assembler.PushPayload]), not the
// wire's frames and bytes.
func Drain(stream *ssestream.Stream[responses.ResponseStreamEventUnion], a *toolspec.Assembler) (toolspec.Outcome, error) {
	for stream.Next() {
		if err := Push(a, stream.Current()); err != nil {
			if a.Err() != nil {
				_ = stream.Close()
				return a.Close(), nil
			}
			return a.Close(), err
		}
	}
	return Finish(a, stream.Err())
}

// Push feeds one event's payload, as the SDK decoded it from the wire
// (ev.RawJSON()), to a, named by its type as the API names its SSE
// events. It returns the assembler's error (a terminal violation), or
// [ErrNoRawJSON] for an event built in memory.
func Push(a *toolspec.Assembler, ev responses.ResponseStreamEventUnion) error {
	raw := ev.RawJSON()
	if raw == "" {
		return ErrNoRawJSON
	}
	return a.PushPayload(ev.Type, []byte(raw))
}

// Finish ends the stream that a was fed from: err is the SDK stream's
// Err() once its Next returned false. An error event that openai-go
// intercepted (a *ssestream.StreamError: a payload with an "error" member)
// is pushed with its SSE event name, so that toolspec reads it as the raw
// bytes would (a provider error is END-5, with the payload whole); Finish
// then returns nil with the outcome. Any other error (the request failed,
// the connection broke, a payload did not decode) is returned as it is,
// with the outcome of what was pushed, which then reads as truncated.
func Finish(a *toolspec.Assembler, err error) (toolspec.Outcome, error) {
	var se *ssestream.StreamError
	if errors.As(err, &se) {
		// The decoder ends every data line with a newline; the payload the
		// wire framing gives has none after its last line.
		data := bytes.TrimSuffix(se.Event.Data, []byte("\n"))
		_ = a.PushPayload(se.Event.Type, data)
		return a.Close(), nil
	}
	return a.Close(), err
}
