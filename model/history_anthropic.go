package model

import "github.com/toolspec/toolspec/spec"

// decodeAnthropicHistory decodes an Anthropic Messages request body.
func decodeAnthropicHistory(doc []byte) (spec.History, PathMap, []spec.Violation) {
	return spec.History{}, PathMap{}, nil
}

// encodeAnthropicHistory writes h as an Anthropic Messages request body.
func encodeAnthropicHistory(h spec.History) ([]byte, []spec.Violation) {
	return nil, nil
}
