package model

import "github.com/toolspec/toolspec/spec"

// geminiDecoder decodes the payloads of one stream. (placeholder)
type geminiDecoder struct{}

func (d *geminiDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return nil, payloadErr(spec.FramePayload, "not implemented")
}
