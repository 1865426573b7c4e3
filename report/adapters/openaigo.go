package adapters

import (
	"context"
	"errors"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// OpenAIGo returns an adapter that runs openai-go's streaming chat client
// (Client.Chat.Completions.NewStreaming) and folds every chunk with
// openai.ChatCompletionAccumulator, as the SDK's example
// examples/chat-completion-accumulating shows (the README showed it too
// until January 2026, when its examples moved to the Responses API).
//
// It fails the stream when stream.Err() reports an error or when AddChunk
// returns false (the SDK's only sign that it could not accumulate a chunk;
// the example panics then). Otherwise every tool call of the accumulated
// completion, choice by choice, is finished: the README said that after the
// stream the accumulator "can be used like a ChatCompletion", and the
// per-call event JustFinishedToolCall is documented as unreliable with
// parallel tool calls, so a user acts on the calls once the stream has
// ended without an error, with the choice's finish_reason, which the
// accumulated completion hands over as the API reference documents it
// ("length" when the generation hit the token limit): the adapter claims
// that stop reason (the first choice's whose reason is no normal end, else
// the last choice's), so a call handed with "length" is not presented as
// finished (SPEC.md, "Conformance levels"). It claims the text too: each
// choice's content, then its refusal (which toolspec counts as text and the
// SDK keeps in its own field). A choice's legacy function call
// (Message.FunctionCall, deprecated) is a call too, where the choice has no
// tool calls. The choices come in the order the stream first sent each: the
// accumulator keeps every choice at its index, as a whole ChatCompletion
// does, and so gives no order between two choices' calls; the calls of one
// choice keep the accumulator's order.
func OpenAIGo() spectest.Adapter { return openaiGo{} }

type openaiGo struct{}

func (openaiGo) Describe() spectest.Description {
	return spectest.Description{
		Name:       "openai-go",
		Version:    OpenAIGoVersion,
		Formats:    []toolspec.Format{toolspec.FormatOpenAIChat},
		StopReason: true,
		Text:       true,
	}
}

func (openaiGo) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	client := openai.NewClient(
		option.WithHTTPClient(httpClient(ServedBytes(s.Format, s.Data))),
		option.WithAPIKey("test"),
		option.WithBaseURL(baseURL),
		option.WithMaxRetries(0),
	)
	stream := client.Chat.Completions.NewStreaming(ctx, openai.ChatCompletionNewParams{
		Model:    "test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("conformance")},
	})
	defer stream.Close()
	var acc openai.ChatCompletionAccumulator
	var order []int // choice indexes, in the order the stream first sent each
	seen := map[int64]bool{}
	for stream.Next() {
		chunk := stream.Current()
		if !acc.AddChunk(chunk) {
			return spectest.Result{}, errors.New("openai-go: AddChunk could not accumulate a chunk")
		}
		for _, ch := range chunk.Choices {
			if !seen[ch.Index] {
				seen[ch.Index] = true
				order = append(order, int(ch.Index))
			}
		}
	}
	if err := stream.Err(); err != nil {
		return spectest.Result{}, err
	}
	r := spectest.Result{StopReason: toolspec.StopNone}
	for i, c := range order {
		ch := acc.Choices[c] // AddChunk accepted the chunk, so c is in range
		if st := stopOf(toolspec.FormatOpenAIChat, ch.FinishReason); i == 0 || r.StopReason.Normal() {
			r.StopReason = st
		}
		for _, tc := range ch.Message.ToolCalls {
			r.Calls = append(r.Calls, spectest.Call{ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments, Finished: true})
		}
		//lint:ignore SA1019 the legacy function call is what some servers still stream; the adapter reads it where the SDK keeps it
		if fc := ch.Message.FunctionCall; len(ch.Message.ToolCalls) == 0 && fc.Name+fc.Arguments != "" {
			// The legacy function call, where the message has no tool calls.
			r.Calls = append(r.Calls, spectest.Call{Name: fc.Name, Arguments: fc.Arguments, Finished: true})
		}
		// toolspec counts a refusal as assistant text; the SDK keeps it apart.
		r.Text += ch.Message.Content + ch.Message.Refusal
	}
	return r, nil
}
