package impl

import "github.com/toolspec/toolspec/spec"

// openaiChatDecoder decodes the payloads of one stream. (placeholder)
type openaiChatDecoder struct{}

func (d *openaiChatDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	return payloadErr(spec.FramePayload, "not implemented")
}
