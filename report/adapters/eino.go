package adapters

import (
	"context"
	"errors"
	"io"

	einoopenai "github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/schema"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// Eino returns an adapter that runs eino-ext's OpenAI chat model component
// (components/model/openai, ChatModel.Stream) and concatenates the message
// chunks it yields with eino's schema.ConcatMessages, which is how eino's
// own graphs and agents turn a model's stream into one message. The
// component decodes each chunk into a schema.Message itself (through its
// libs/acl/openai client), so the adapter decodes nothing.
//
// It fails the stream when the component, the stream's Recv or
// ConcatMessages reports an error. Otherwise every tool call of the
// concatenated message is finished: eino hands the message over only once
// the stream has ended, with its ResponseMeta.FinishReason (the provider's
// finish_reason), which the adapter claims: a call handed with "length" is
// not presented as finished (SPEC.md, "Conformance levels"). It claims the
// text (Content) and the thinking (ReasoningContent).
func Eino() spectest.Adapter { return eino{} }

type eino struct{}

func (eino) Describe() spectest.Description {
	return spectest.Description{
		Name: "eino",
		Version: "eino " + EinoVersion + ", eino-ext/components/model/openai " + EinoExtOpenAIVersion +
			", eino-ext/libs/acl/openai " + EinoACLOpenAIVersion,
		Formats:    []toolspec.Format{toolspec.FormatOpenAIChat},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

func (eino) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cm, err := einoopenai.NewChatModel(ctx, &einoopenai.ChatModelConfig{
		APIKey:     "test",
		Model:      "test",
		BaseURL:    baseURL,
		HTTPClient: httpClient(ServedBytes(s.Format, s.Data)),
	})
	if err != nil {
		return spectest.Result{}, err
	}
	sr, err := cm.Stream(ctx, []*schema.Message{schema.UserMessage("conformance")})
	if err != nil {
		return spectest.Result{}, err
	}
	defer sr.Close()
	var chunks []*schema.Message
	for {
		m, err := sr.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return spectest.Result{}, err
		}
		chunks = append(chunks, m)
	}
	msg, err := schema.ConcatMessages(chunks)
	if err != nil {
		return spectest.Result{}, err
	}
	r := spectest.Result{Text: msg.Content, Thinking: msg.ReasoningContent, StopReason: toolspec.StopNone}
	if msg.ResponseMeta != nil {
		r.StopReason = stopOf(toolspec.FormatOpenAIChat, msg.ResponseMeta.FinishReason)
	}
	for _, tc := range msg.ToolCalls {
		r.Calls = append(r.Calls, spectest.Call{ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments, Finished: true})
	}
	return r, nil
}
