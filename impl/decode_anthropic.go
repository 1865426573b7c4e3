package impl

import "github.com/toolspec/toolspec/spec"

// anthropicDecoder decodes the payloads of one stream. (placeholder)
type anthropicDecoder struct{}

func (d *anthropicDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	return payloadErr(spec.FramePayload, "not implemented")
}
