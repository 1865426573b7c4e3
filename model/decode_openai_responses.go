package model

import "github.com/toolspec/toolspec/spec"

// responsesDecoder decodes the payloads of one stream. (placeholder)
type responsesDecoder struct{}

func (d *responsesDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return nil, payloadErr(spec.FramePayload, "not implemented")
}
