package model

import "github.com/toolspec/toolspec/spec"

// openaiChatDecoder decodes the payloads of one stream. (placeholder)
type openaiChatDecoder struct{}

func (d *openaiChatDecoder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return nil, payloadErr(spec.FramePayload, "not implemented")
}
