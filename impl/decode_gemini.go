package impl

import "github.com/toolspec/toolspec/spec"

// geminiDecoder decodes the payloads of one stream. (placeholder)
type geminiDecoder struct{}

func (d *geminiDecoder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	return payloadErr(spec.FramePayload, "not implemented")
}
