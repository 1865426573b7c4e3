package adapters

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/ollama/ollama/api"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
	"github.com/toolspec/toolspec/spectest"
)

// OllamaAPI returns an adapter that runs Ollama's Go client (package
// github.com/ollama/ollama/api, the one Ollama's own command line uses):
// api.NewClient with an HTTP client answered in memory (the stream's bytes
// as the /api/chat response), then Client.Chat with Stream true, and
// appends the Message.ToolCalls of every response, as Ollama's
// documentation of tool calling with streaming does ("gather every chunk
// of thinking, content, and tool_calls"; its example appends each chunk's
// tool_calls).
//
// It fails the stream when Chat returns an error. Otherwise every call is
// finished: the server sends each call whole (its arguments an object,
// which the adapter writes back as JSON with the client's
// ToolCallFunctionArguments.MarshalJSON), and the documentation's loop
// acts on the gathered calls once the stream has ended. It claims the
// stop reason (the done_reason of the response with done true), the text
// (Message.Content) and the thinking (Message.Thinking).
func OllamaAPI() spectest.Adapter { return ollamaAPI{} }

type ollamaAPI struct{}

func (ollamaAPI) Describe() spectest.Description {
	return spectest.Description{
		Name:       "github.com/ollama/ollama/api Client.Chat stream",
		Version:    OllamaVersion,
		Formats:    []toolspec.Format{toolspec.FormatOllama},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

// ollamaBase is the address the client is pointed at; the transport
// answers every request itself.
var ollamaBase = &url.URL{Scheme: "http", Host: "conformance.invalid:11434"}

func (ollamaAPI) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	client := api.NewClient(ollamaBase, httpClient(s.Data))
	stream := true
	req := &api.ChatRequest{
		Model:    "test",
		Messages: []api.Message{{Role: "user", Content: "conformance"}},
		Stream:   &stream,
	}
	r := spectest.Result{StopReason: toolspec.StopNone}
	var calls []api.ToolCall
	err := client.Chat(ctx, req, func(resp api.ChatResponse) error {
		r.Text += resp.Message.Content
		r.Thinking += resp.Message.Thinking
		calls = append(calls, resp.Message.ToolCalls...)
		if resp.Done {
			// done true ends a response; an empty done_reason is a normal
			// end in Ollama's table (SPEC.md END-4).
			r.StopReason = spec.CanonicalStop(toolspec.FormatOllama, resp.DoneReason)
		}
		return nil
	})
	if err != nil {
		return spectest.Result{}, err
	}
	for _, tc := range calls {
		args, err := json.Marshal(tc.Function.Arguments)
		if err != nil {
			return spectest.Result{}, err
		}
		r.Calls = append(r.Calls, spectest.Call{ID: tc.ID, Name: tc.Function.Name, Arguments: string(args), Finished: true})
	}
	return r, nil
}
