package impl

import (
	"bytes"
	"fmt"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file mirrors model/recognize.go: which payloads are recognized as a
// format's own (FRAME-7). Each method is called only on a frame its decoder
// accepted, and only until one frame of the stream was recognized, so it
// costs nothing on the steady path.

// isDone reports whether data is the [DONE] sentinel (FRAME-4).
func isDone(data []byte) bool { return string(jsonwire.TrimSpace(data)) == "[DONE]" }

// anyMember reports whether the valid object data has a non-null member of
// one of the names.
func anyMember(b *batch, data []byte, names ...string) bool {
	o := jsonwire.TrimSpace(data)
	for _, n := range names {
		if !isNull(b.lookup(o, n)) {
			return true
		}
	}
	return false
}

// eventType returns the payload's type, or the SSE event name without one.
func eventType(b *batch, fr *frame) []byte {
	typ, _, _ := asString(b, b.lookup(jsonwire.TrimSpace(fr.data), "type"), "type")
	if len(typ) == 0 {
		return fr.event
	}
	return typ
}

func (d *openaiChatDecoder) recognizes(b *batch, fr *frame) bool {
	return string(fr.event) == "error" || anyMember(b, fr.data, "choices", "error")
}

func (d *responsesDecoder) recognizes(b *batch, fr *frame) bool {
	typ := eventType(b, fr)
	return bytes.HasPrefix(typ, []byte("response.")) || string(typ) == "error"
}

func (d *anthropicDecoder) recognizes(b *batch, fr *frame) bool {
	switch string(eventType(b, fr)) {
	case "message_start", "content_block_start", "content_block_delta", "content_block_stop",
		"message_delta", "message_stop", "ping", "error":
		return true
	}
	return false
}

func (d *ollamaDecoder) recognizes(b *batch, fr *frame) bool {
	return anyMember(b, fr.data, "message", "done", "error")
}

func (d *geminiDecoder) recognizes(b *batch, fr *frame) bool {
	return anyMember(b, fr.data, "candidates", "promptFeedback", "usageMetadata", "error")
}

// bedrockKnown reports whether typ is an event type of ConverseStream or
// InvokeModelWithResponseStream, or an exception.
func bedrockKnown(typ []byte) bool {
	switch string(typ) {
	case "messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata", "chunk":
		return true
	}
	return bytes.HasSuffix(typ, []byte("Exception"))
}

func (d *bedrockDecoder) recognizes(b *batch, fr *frame) bool {
	switch string(fr.msgType) {
	case "error", "exception":
		return true
	case "event":
		return bedrockKnown(fr.event)
	case "":
		if len(fr.event) != 0 {
			return bedrockKnown(fr.event)
		}
		// A JSON line: its one member's key is the event type.
		var typ []byte
		b.eachMember(jsonwire.TrimSpace(fr.data), func(k, _ []byte) {
			if typ == nil {
				typ = b.str(k)
			}
		})
		return bedrockKnown(typ)
	}
	return false
}

// frameName names a frame of the framing, for FRAME-7's message.
func (f framing) frameName() string {
	switch f {
	case framingSSE:
		return "SSE event with data"
	case framingLines:
		return "JSON line"
	default:
		return "event-stream message"
	}
}

// notFormat is FRAME-7's violation for a stream of format f that ended
// after frames frames, at offset off, none of them recognized.
func notFormat(f spec.Format, fr framing, frames int, off int64) *spec.Violation {
	msg := fmt.Sprintf("none of its %d frames is recognized", frames)
	if frames == 0 {
		msg = "it holds no " + fr.frameName()
	}
	return &spec.Violation{Rule: spec.FrameNotFormat, Class: spec.ClassTerminal, Frame: frames, Offset: off, Call: spec.NoCall,
		Message: "the input is not of format " + string(f) + ": " + msg}
}
