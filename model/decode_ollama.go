package model

import "github.com/toolspec/toolspec/spec"

// ollamaDecoder decodes the payloads of one stream. (placeholder)
type ollamaDecoder struct{}

func (d *ollamaDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return nil, payloadErr(spec.FramePayload, "not implemented")
}
