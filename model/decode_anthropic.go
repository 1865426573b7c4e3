package model

import "github.com/toolspec/toolspec/spec"

// anthropicDecoder decodes the payloads of one stream. (placeholder)
type anthropicDecoder struct{}

func (d *anthropicDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return nil, payloadErr(spec.FramePayload, "not implemented")
}
