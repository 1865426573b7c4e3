package model

import "github.com/toolspec/toolspec/spec"

// bedrockDecoder decodes the payloads of one stream. (placeholder)
type bedrockDecoder struct{}

func (d *bedrockDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return nil, payloadErr(spec.FramePayload, "not implemented")
}
