package anthropicmsg

import (
	"errors"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/ssestream"
	"github.com/toolspec/toolspec"
)

// ErrNoRawJSON is returned by [Push] for an event that the SDK did not
// decode from the wire, whose RawJSON is empty.
var ErrNoRawJSON = errors.New("anthropicmsg: the event has no raw JSON (it was not decoded from a stream)")

// Drain reads stream to its end, pushing every event into a (see [Push]),
// and returns what [Finish] returns for stream.Err(). It stops reading, and
// closes the stream, once a breaks a terminal rule.
//
// The SDK hands out decoded events only, so Drain's outcome is the one the
// raw bytes give in every case but these, which only a [Tee] gets right:
//
//   - The body was cut inside its last event, or its last event has no
//     blank line after it. anthropic-sdk-go drops such an event without an
//     error. From the raw bytes a cut event is the outcome's tail and a
//     whole one is read (FRAME-1); Drain's outcome has neither. A body that
//     ends between events, before message_stop, reads as truncated either
//     way.
//   - Events without an SSE event name (data: lines alone, as some proxies
//     send) are dropped by the SDK, whatever their payload's type; toolspec
//     reads them by their type. So is data: [DONE], which ends an open
//     message from the raw bytes (FRAME-4): a stream that a proxy ends with
//     it before message_delta reads as truncated through Drain.
//   - The SDK failed on an event it could not decode (stream.Err() is a
//     JSON error, which Finish returns): from the raw bytes that payload is
//     a FRAME-4 violation; Drain's outcome reads as truncated there.
//
// The same holds for events: an OnEvent function registered on a sees the
// events of the pushed payloads, so it misses those of what the SDK drops
// (a last event without its blank line, events without an SSE event name,
// data: [DONE]); [Tee.OnEvent] sees every event of the raw bytes, as the
// SDK reads them.
//
// Pings are dropped by the SDK too, which changes nothing but numbering:
// violations name the pushed payload's ordinal and count pushed payload
// bytes in their offsets (see [toolspec.Assembler.PushPayload]), not the
// wire's frames and bytes.
func Drain(stream *ssestream.Stream[anthropic.MessageStreamEventUnion], a *toolspec.Assembler) (toolspec.Outcome, error) {
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
// (ev.RawJSON()), to a, with its type as the SSE event name. It returns the
// assembler's error (a terminal violation), or [ErrNoRawJSON] for an event
// built in memory.
func Push(a *toolspec.Assembler, ev anthropic.MessageStreamEventUnion) error {
	raw := ev.RawJSON()
	if raw == "" {
		return ErrNoRawJSON
	}
	return a.PushPayload(ev.Type, []byte(raw))
}

// streamErrPrefix is how anthropic-sdk-go words an error event it read
// from a response it has no request for (a stream built with
// ssestream.NewDecoder over a bare *http.Response).
const streamErrPrefix = "received error while streaming: "

// Finish ends the stream that a was fed from: err is the SDK stream's
// Err() once its Next returned false. An event: error that the SDK
// intercepted is pushed as the error event it was, so that toolspec reads
// it as the raw bytes would (a provider error is END-5, with the payload
// whole); Finish then returns nil with the outcome. The SDK reports such an
// event as a *anthropic.Error with the response's 2xx status and the
// event's payload as its RawJSON, or, for a stream decoded from a response
// without its request, as an error worded "received error while streaming:
// <payload>". Any other error (an HTTP error status, a broken connection, a
// payload that did not decode) is returned as it is, with the outcome of
// what was pushed, which then reads as truncated.
func Finish(a *toolspec.Assembler, err error) (toolspec.Outcome, error) {
	if payload, ok := errorEvent(err); ok {
		_ = a.PushPayload("error", []byte(payload))
		return a.Close(), nil
	}
	return a.Close(), err
}

// errorEvent returns the payload of the in-stream error event that err
// reports, if it reports one.
func errorEvent(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	var ae *anthropic.Error
	if errors.As(err, &ae) {
		// An HTTP error status is no in-stream event: the SDK read the
		// body of a 4xx or 5xx response into the error.
		if ae.StatusCode < 200 || ae.StatusCode > 299 || ae.RawJSON() == "" {
			return "", false
		}
		return ae.RawJSON(), true
	}
	if msg := err.Error(); strings.HasPrefix(msg, streamErrPrefix) {
		return msg[len(streamErrPrefix):], true
	}
	return "", false
}
