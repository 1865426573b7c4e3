package openaichat

import (
	"bytes"
	"errors"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/toolspec/toolspec"
)

// ErrNoRawJSON is returned by [Push] for a chunk that the SDK did not
// decode from the wire, whose RawJSON is empty.
var ErrNoRawJSON = errors.New("openaichat: the chunk has no raw JSON (it was not decoded from a stream)")

// Drain reads stream to its end, pushing every chunk into a (see [Push]),
// and returns what [Finish] returns for stream.Err(). It stops reading, and
// closes the stream, once a breaks a terminal rule.
//
// The SDK hands out decoded chunks only, so Drain's outcome is the one the
// raw bytes give in every case but these, which only a [Tee] gets right:
//
//   - The stream ended without data: [DONE]. openai-go ends the same way
//     (stream.Err() nil) at [DONE] and at the end of the body, so Drain
//     cannot tell them apart and pushes no [DONE]. A choice that finished
//     (finish_reason) is whole either way, since a [DONE] after it changes
//     nothing (END-7). A choice that never finished reads as truncated,
//     which is right for a body that ended without [DONE] and too strict for
//     one that had it (from the raw bytes its calls complete at [DONE],
//     END-1, with stop none).
//   - The body was cut inside its last event, or its last event has no
//     blank line after it. openai-go drops such an event without an error.
//     From the raw bytes a cut event is the outcome's tail and a whole one
//     is read (FRAME-1); Drain's outcome has neither.
//   - The SDK failed on an event it could not decode (stream.Err() is a
//     JSON error, which Finish returns): from the raw bytes that payload is
//     a FRAME-4 violation; Drain's outcome reads as truncated there.
//   - An event whose SSE name starts with "thread.": openai-go rewraps its
//     payload, and Drain pushes the rewrapped JSON.
//
// The same holds for events: an OnEvent function registered on a sees the
// events of the pushed payloads, so it misses those of what the SDK drops:
// the ends of the calls data: [DONE] completes (they end incomplete at
// Close instead) and the events of a last event without its blank line;
// [Tee.OnEvent] sees every event of the raw bytes, as the SDK reads them.
//
// Violations name the pushed payload's ordinal and count pushed payload
// bytes in their offsets (see [toolspec.Assembler.PushPayload]), not the
// wire's frames and bytes.
func Drain(stream *ssestream.Stream[openai.ChatCompletionChunk], a *toolspec.Assembler) (toolspec.Outcome, error) {
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

// Push feeds one chunk's payload, as the SDK decoded it from the wire
// (chunk.RawJSON()), to a. It returns the assembler's error (a terminal
// violation), or [ErrNoRawJSON] for a chunk built in memory.
func Push(a *toolspec.Assembler, chunk openai.ChatCompletionChunk) error {
	raw := chunk.RawJSON()
	if raw == "" {
		return ErrNoRawJSON
	}
	return a.PushPayload("", []byte(raw))
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
