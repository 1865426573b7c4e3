package model

import "github.com/toolspec/toolspec/spec"

// decodeChatHistory decodes an OpenAI Chat Completions request body.
func decodeChatHistory(doc []byte) (spec.History, PathMap, []spec.Violation) {
	return spec.History{}, PathMap{}, nil
}

// encodeChatHistory writes h as an OpenAI Chat Completions request body.
func encodeChatHistory(h spec.History) ([]byte, []spec.Violation) {
	return nil, nil
}
