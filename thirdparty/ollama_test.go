package thirdparty

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/ollama/ollama/api"

	"github.com/toolspec/toolspec/internal/workload"
)

// Ollama's Go client (package api) reads an /api/chat stream line by line
// and calls the function given to Client.Chat with each decoded
// ChatResponse, but merges nothing. So the comparison drives Client.Chat
// over an in-memory client (ollamaClient) and folds the responses with
// ollamaAcc.

// ollamaClient returns the one Ollama client of the package, whose HTTP
// client answers from the request's context (memClient), so nothing is
// dialed.
var ollamaClient = sync.OnceValue(func() *api.Client {
	return api.NewClient(&url.URL{Scheme: "http", Host: "ollama.invalid:11434"}, memClient("application/x-ndjson"))
})

// ollamaStream is the value of the request's stream field.
var ollamaStream = true

// ollamaRequest is the request: what is asked does not change what the
// transport answers.
var ollamaRequest = &api.ChatRequest{
	Model:    "qwen3:14b",
	Messages: []api.Message{{Role: "user", Content: "stream"}},
	Stream:   &ollamaStream,
}

// runOllama streams raw through Client.Chat and folds the responses with
// ollamaAcc.
func runOllama(raw []byte) (folded, error) {
	acc := &ollamaAcc{}
	if err := ollamaClient().Chat(withBody(context.Background(), raw), ollamaRequest, acc.add); err != nil {
		return nil, err
	}
	if !acc.done {
		return nil, fmt.Errorf("ollama: the stream ended without a done response")
	}
	return acc, nil
}

var ollamaSDK = library{name: "ollama", fold: runOllama, decodedArgs: true, ours: true}

// ollamaAcc is the minimal correct accumulation of an /api/chat stream,
// as Ollama's documentation does it: every element of message.tool_calls
// is one whole call, appended (never merged by function.index, which may
// be absent or repeat); message.content appends to the text and
// message.thinking to the thinking; the response with done: true is the
// last, and a stream without one is an error.
type ollamaAcc struct {
	calls          []api.ToolCall
	text, thinking strings.Builder
	done           bool
}

// add folds one response; it is the ChatResponseFunc given to Chat.
func (a *ollamaAcc) add(r api.ChatResponse) error {
	if a.done {
		return fmt.Errorf("ollama: a response after done")
	}
	a.text.WriteString(r.Message.Content)
	a.thinking.WriteString(r.Message.Thinking)
	a.calls = append(a.calls, r.Message.ToolCalls...)
	a.done = r.Done
	return nil
}

// result returns what the stream holds, each call's arguments encoded
// with encoding/json.
func (a *ollamaAcc) result() (result, error) {
	var r result
	for _, c := range a.calls {
		args, err := json.Marshal(c.Function.Arguments)
		if err != nil {
			return r, fmt.Errorf("ollama: call %q: %w", c.Function.Name, err)
		}
		r.calls = append(r.calls, workload.Call{ID: c.ID, Name: c.Function.Name, Args: string(args)})
	}
	r.text, r.thinking = a.text.String(), a.thinking.String()
	return r, nil
}
