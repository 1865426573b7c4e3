package model

import (
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file says which payloads are recognized as a format's own (FRAME-7):
// a stream none of whose payloads is recognized is not of the format it was
// read as. Each function is called only on a frame its decoder accepted.

// isDone reports whether data is the [DONE] sentinel (FRAME-4).
func isDone(data []byte) bool { return string(refjson.TrimSpace(data)) == "[DONE]" }

// anyMember reports whether o has a non-null member of one of the names.
func anyMember(o refjson.Object, names ...string) bool {
	for _, n := range names {
		if !refjson.IsNull(o[n]) {
			return true
		}
	}
	return false
}

// eventType returns the payload's type, or the SSE event name without one.
func eventType(o refjson.Object, event string) string {
	typ, _, _ := asString(o["type"], "type")
	if typ == "" {
		return event
	}
	return typ
}

func (d *openaiChatDecoder) recognizes(fr frame) bool {
	o, _ := parseObject(fr.data)
	return fr.event == "error" || anyMember(o, "choices", "error")
}

func (d *responsesDecoder) recognizes(fr frame) bool {
	o, _ := parseObject(fr.data)
	typ := eventType(o, fr.event)
	return strings.HasPrefix(typ, "response.") || typ == "error"
}

// anthropicTypes are the event types of the Anthropic Messages stream.
var anthropicTypes = map[string]bool{
	"message_start": true, "content_block_start": true, "content_block_delta": true,
	"content_block_stop": true, "message_delta": true, "message_stop": true, "ping": true, "error": true,
}

func (d *anthropicDecoder) recognizes(fr frame) bool {
	o, _ := parseObject(fr.data)
	return anthropicTypes[eventType(o, fr.event)]
}

func (d *ollamaDecoder) recognizes(fr frame) bool {
	o, _ := parseObject(fr.data)
	return anyMember(o, "message", "done", "error")
}

func (d *geminiDecoder) recognizes(fr frame) bool {
	o, _ := parseObject(fr.data)
	return anyMember(o, "candidates", "promptFeedback", "usageMetadata", "error")
}

// bedrockEvents are the event types of ConverseStream and of
// InvokeModelWithResponseStream.
var bedrockEvents = map[string]bool{
	"messageStart": true, "contentBlockStart": true, "contentBlockDelta": true,
	"contentBlockStop": true, "messageStop": true, "metadata": true, "chunk": true,
}

func bedrockKnown(typ string) bool {
	return bedrockEvents[typ] || strings.HasSuffix(typ, "Exception")
}

func (d *bedrockDecoder) recognizes(fr frame) bool {
	switch fr.msgType {
	case "error", "exception":
		return true
	case "event":
		return bedrockKnown(fr.event)
	case "":
		if fr.event != "" {
			return bedrockKnown(fr.event)
		}
		line, _ := parseObject(fr.data)
		for typ := range line {
			return bedrockKnown(typ) // the line has one member
		}
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
