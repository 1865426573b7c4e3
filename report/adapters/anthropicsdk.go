package adapters

import (
	"context"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// AnthropicSDK returns an adapter that runs anthropic-sdk-go's streaming
// Messages client (Client.Messages.NewStreaming) and folds every event
// with anthropic.Message.Accumulate, as the SDK's README shows.
//
// It fails the stream when Accumulate or stream.Err() reports an error.
// Otherwise every tool_use block (and server_tool_use or mcp_tool_use
// block) of the accumulated message is a finished call, its arguments the
// accumulated Input: the SDK has no per-block finished state, and its
// README uses the message once the stream has ended, with its StopReason
// ("max_tokens" when the limit cut the generation), which the adapter
// claims: a call handed with max_tokens is not presented as finished
// (SPEC.md, "Conformance levels"). It claims the text and the thinking
// (the text and thinking blocks, concatenated).
func AnthropicSDK() spectest.Adapter { return anthropicSDK{} }

type anthropicSDK struct{}

func (anthropicSDK) Describe() spectest.Description {
	return spectest.Description{
		Name:       "anthropic-sdk-go",
		Version:    AnthropicSDKVersion,
		Formats:    []toolspec.Format{toolspec.FormatAnthropic},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

func (anthropicSDK) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	client := anthropic.NewClient(
		option.WithHTTPClient(httpClient(ServedBytes(s.Format, s.Data))),
		option.WithAPIKey("test"),
		option.WithBaseURL(baseURL),
		option.WithMaxRetries(0),
	)
	stream := client.Messages.NewStreaming(ctx, anthropic.MessageNewParams{
		Model:     "claude-test",
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("conformance"))},
	})
	defer stream.Close()
	var msg anthropic.Message
	for stream.Next() {
		if err := msg.Accumulate(stream.Current()); err != nil {
			return spectest.Result{}, err
		}
	}
	if err := stream.Err(); err != nil {
		return spectest.Result{}, err
	}
	r := spectest.Result{StopReason: stopOf(toolspec.FormatAnthropic, string(msg.StopReason))}
	for _, b := range msg.Content {
		switch b.Type {
		case "tool_use", "server_tool_use", "mcp_tool_use":
			r.Calls = append(r.Calls, spectest.Call{ID: b.ID, Name: b.Name, Arguments: string(b.Input), Finished: true})
		case "text":
			r.Text += b.Text
		case "thinking":
			r.Thinking += b.Thinking
		}
	}
	return r, nil
}
