package adapters

import (
	"context"

	"github.com/tmc/langchaingo/llms"
	lcopenai "github.com/tmc/langchaingo/llms/openai"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// Langchaingo returns an adapter that runs langchaingo's OpenAI client
// (llms/openai) with a streaming func, GenerateContent with
// llms.WithStreamingFunc, and takes the tool calls of the ContentResponse
// it returns once the stream has ended.
//
// It fails the stream when GenerateContent returns an error. Otherwise
// every tool call of the response's first choice (the client keeps only
// one) is finished: the response is what GenerateContent returns after the
// stream, with the choice's StopReason (the provider's finish_reason),
// which the adapter claims: a call handed with "length" is not presented
// as finished (SPEC.md, "Conformance levels"). It claims the text
// (Content) and the thinking (ReasoningContent).
func Langchaingo() spectest.Adapter { return langchaingo{} }

type langchaingo struct{}

func (langchaingo) Describe() spectest.Description {
	return spectest.Description{
		Name:       "langchaingo",
		Version:    LangchaingoVersion,
		Formats:    []toolspec.Format{toolspec.FormatOpenAIChat},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

func (langchaingo) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	llm, err := lcopenai.New(
		lcopenai.WithToken("test"),
		lcopenai.WithModel("test"),
		lcopenai.WithBaseURL(baseURL),
		lcopenai.WithHTTPClient(httpClient(ServedBytes(s.Format, s.Data))),
	)
	if err != nil {
		return spectest.Result{}, err
	}
	resp, err := llm.GenerateContent(ctx,
		[]llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "conformance")},
		llms.WithStreamingFunc(func(context.Context, []byte) error { return nil }),
	)
	if err != nil {
		return spectest.Result{}, err
	}
	r := spectest.Result{StopReason: toolspec.StopNone}
	for i, ch := range resp.Choices {
		if st := stopOf(toolspec.FormatOpenAIChat, ch.StopReason); i == 0 || r.StopReason.Normal() {
			r.StopReason = st
		}
		r.Text += ch.Content
		r.Thinking += ch.ReasoningContent
		for _, tc := range ch.ToolCalls {
			c := spectest.Call{ID: tc.ID, Finished: true}
			if tc.FunctionCall != nil {
				c.Name, c.Arguments = tc.FunctionCall.Name, tc.FunctionCall.Arguments
			}
			r.Calls = append(r.Calls, c)
		}
	}
	return r, nil
}
