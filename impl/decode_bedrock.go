package impl

import "github.com/toolspec/toolspec/spec"

// bedrockDecoder decodes the payloads of one stream. (placeholder)
type bedrockDecoder struct{}

func (d *bedrockDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	return payloadErr(spec.FramePayload, "not implemented")
}
