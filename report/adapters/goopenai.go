package adapters

import (
	"context"
	"errors"
	"io"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// GoOpenAI returns an adapter that runs go-openai's streaming chat client
// (Client.CreateChatCompletionStream, then Recv until io.EOF, as the
// package's example ExampleClient_CreateChatCompletionStream shows) and
// folds the deltas' tool calls itself: go-openai has no accumulator, and
// neither its README nor its examples show how to assemble streamed tool
// calls; its ToolCall type says only that Index "is not nil only in chat
// completion chunk object". The fold is therefore the one OpenAI's
// function-calling guide gives ("Streaming", Chat Completions,
// https://platform.openai.com/docs/guides/function-calling?api-mode=chat#streaming):
// the first delta at an index opens the call with its id, name and
// arguments, and every later delta at that index appends its arguments.
// (The guide's snippet appends the first delta's arguments too, after
// storing that delta, so they would count twice; OpenAI's first fragment
// is empty, and the adapter does not repeat that slip.) The guide reads
// chunk.choices[0] of a one-choice request; the adapter folds each choice
// apart (its calls keyed by the choice's index and the call's index), the
// choices in the order the stream first sent each. A delta whose Index is
// nil (go-openai's *int, the field left out) is keyed as the guide's
// dictionary keys it, by the missing index itself: every such delta of a
// choice goes to one call.
//
// It fails the stream when CreateChatCompletionStream or Recv returns an
// error other than io.EOF. Otherwise every call is finished once Recv
// returned io.EOF, which the example takes as "Stream finished"; the
// adapter claims the stop reason (the chunks' FinishReason: the first
// choice's whose reason is no normal end, else the last choice's), so a
// call handed with "length" is not presented as finished (SPEC.md,
// "Conformance levels"), and the text (each choice's Content, then its
// Refusal, which toolspec counts as text).
func GoOpenAI() spectest.Adapter { return goOpenAI{} }

type goOpenAI struct{}

func (goOpenAI) Describe() spectest.Description {
	return spectest.Description{
		Name:       "go-openai",
		Version:    GoOpenAIVersion,
		Formats:    []toolspec.Format{toolspec.FormatOpenAIChat},
		StopReason: true,
		Text:       true,
	}
}

// goOpenAIKey is where the guide's fold keeps a call: its choice and its
// index, or no index.
type goOpenAIKey struct {
	choice, index int
	noIndex       bool
}

type goOpenAIChoice struct {
	calls  []goOpenAIKey // in the order each was opened
	text   string
	reason openai.FinishReason
}

func (goOpenAI) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	config := openai.DefaultConfig("test")
	config.BaseURL = baseURL
	config.HTTPClient = httpClient(ServedBytes(s.Format, s.Data))
	client := openai.NewClientWithConfig(config)
	stream, err := client.CreateChatCompletionStream(ctx, openai.ChatCompletionRequest{
		Model:    "test",
		Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: "conformance"}},
		Stream:   true,
	})
	if err != nil {
		return spectest.Result{}, err
	}
	defer stream.Close()
	calls := map[goOpenAIKey]*openai.ToolCall{}
	choices := map[int]*goOpenAIChoice{}
	var order []int // choice indexes, in the order the stream first sent each
	for {
		response, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return spectest.Result{}, err
		}
		for _, ch := range response.Choices {
			c := choices[ch.Index]
			if c == nil {
				c = &goOpenAIChoice{}
				choices[ch.Index] = c
				order = append(order, ch.Index)
			}
			for _, tc := range ch.Delta.ToolCalls {
				k := goOpenAIKey{choice: ch.Index, noIndex: tc.Index == nil}
				if tc.Index != nil {
					k.index = *tc.Index
				}
				if held := calls[k]; held != nil {
					held.Function.Arguments += tc.Function.Arguments
					continue
				}
				calls[k] = &tc // a copy: tc is this iteration's (Go 1.22)
				c.calls = append(c.calls, k)
			}
			c.text += ch.Delta.Content + ch.Delta.Refusal
			if ch.FinishReason != "" {
				c.reason = ch.FinishReason
			}
		}
	}
	r := spectest.Result{StopReason: toolspec.StopNone}
	for i, idx := range order {
		c := choices[idx]
		if st := stopOf(toolspec.FormatOpenAIChat, string(c.reason)); i == 0 || r.StopReason.Normal() {
			r.StopReason = st
		}
		for _, k := range c.calls {
			tc := calls[k]
			r.Calls = append(r.Calls, spectest.Call{ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments, Finished: true})
		}
		r.Text += c.text
	}
	return r, nil
}
