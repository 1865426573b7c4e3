package impl

import "github.com/toolspec/toolspec/spec"

// responsesDecoder decodes the payloads of one stream. (placeholder)
type responsesDecoder struct{}

func (d *responsesDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	return payloadErr(spec.FramePayload, "not implemented")
}
