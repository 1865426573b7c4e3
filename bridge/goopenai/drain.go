package goopenai

import (
	"errors"
	"io"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
)

// Drain reads stream to its end with RecvRaw, pushing every data payload
// into a, and returns what [Finish] returns for the error that ended it.
// It stops reading, and closes the stream, once a breaks a terminal rule.
// Read a stream with Drain or with Recv, not both.
//
// go-openai hands out data payloads only, so Drain's outcome is the one the
// raw bytes give in every case but these, which only a [Tee] gets right:
//
//   - The stream ended without data: [DONE]. go-openai ends the same way
//     (io.EOF) at [DONE] and at the end of the body, so Drain pushes no
//     [DONE]: a choice that never finished reads as truncated, which is too
//     strict for a stream that had [DONE] (END-1).
//   - The body was cut inside its last line, or its last line has no line
//     end. go-openai drops such a line; from the raw bytes a cut event is
//     the outcome's tail.
//   - An in-stream error ({"error":...} on a data line, with or without an
//     event: error line before it). go-openai keeps its payload to itself:
//     it returns the error's message (or, after an event: error line, which
//     it mixes into the payload it parses, nothing it can parse), so Drain's
//     outcome reads as truncated where the raw bytes' ends with END-5 and
//     the payload.
//
// Violations name the pushed payload's ordinal and count pushed payload
// bytes in their offsets (see [toolspec.Assembler.PushPayload]), not the
// wire's frames and bytes.
func Drain(stream *openai.ChatCompletionStream, a *toolspec.Assembler) (toolspec.Outcome, error) {
	for {
		raw, err := stream.RecvRaw()
		if err != nil {
			return Finish(a, err)
		}
		if len(raw) == 0 {
			continue // go-openai gives nothing for a line it took as an error's
		}
		if err := Push(a, raw); err != nil {
			_ = stream.Close()
			return a.Close(), nil
		}
	}
}

// Push feeds one data payload, as RecvRaw returned it, to a. It returns the
// assembler's error (a terminal violation).
func Push(a *toolspec.Assembler, raw []byte) error {
	return a.PushPayload("", raw)
}

// Finish ends the stream that a was fed from: err is the error RecvRaw (or
// Recv) returned. io.EOF, the end of the stream, gives the outcome and a
// nil error; any other error is returned as it is, with the outcome of what
// was pushed, which then reads as truncated.
func Finish(a *toolspec.Assembler, err error) (toolspec.Outcome, error) {
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return a.Close(), err
}
