package adapters

import (
	"encoding/json"
	"fmt"

	"github.com/ollama/ollama/anthropic"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// OllamaAnthropicHistory returns a history translator, Anthropic to Ollama,
// that runs the request side of Ollama's Anthropic compatibility layer:
// the Messages request is unmarshalled into an anthropic.MessagesRequest
// (with a model name when it has none, as a client sends), converted by
// anthropic.FromMessagesRequest into an api.ChatRequest, which is
// marshalled as the body of an Ollama /api/chat request. It fails when the
// document does not unmarshal, when the converter returns an error, and for
// any pair of formats but anthropic → ollama.
func OllamaAnthropicHistory() spectest.HistoryTranslator { return ollamaAnthropicHistory{} }

type ollamaAnthropicHistory struct{}

func (ollamaAnthropicHistory) Describe() spectest.Description {
	return spectest.Description{Name: "ollama anthropic (requests)", Version: OllamaVersion}
}

func (ollamaAnthropicHistory) TranslateHistory(from, to toolspec.Format, doc []byte) ([]byte, error) {
	if from != toolspec.FormatAnthropic || to != toolspec.FormatOllama {
		return nil, fmt.Errorf("ollama's Anthropic layer converts anthropic to ollama only, not %s to %s", from, to)
	}
	var req anthropic.MessagesRequest
	if err := json.Unmarshal(doc, &req); err != nil {
		return nil, err
	}
	if req.Model == "" {
		req.Model = "test"
	}
	if req.MaxTokens == 0 {
		req.MaxTokens = 1024
	}
	chat, err := anthropic.FromMessagesRequest(req)
	if err != nil {
		return nil, err
	}
	return json.Marshal(chat)
}
