package impl

import "github.com/toolspec/toolspec/spec"

// ollamaDecoder decodes the payloads of one stream. (placeholder)
type ollamaDecoder struct{}

func (d *ollamaDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	return payloadErr(spec.FramePayload, "not implemented")
}
