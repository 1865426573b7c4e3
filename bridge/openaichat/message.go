package openaichat

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/toolspec/toolspec"
)

// ErrNotCarried is wrapped by the error [AssistantMessage] returns when the
// outcome holds something that the message param cannot carry as toolspec
// holds it.
var ErrNotCarried = errors.New("openaichat: the outcome holds what the message param cannot carry")

// Options choose what [AssistantMessage] builds. The zero value builds the
// first message's first choice, from a whole outcome only.
type Options struct {
	// Message is the ordinal of the message (0 for the first; a chat stream
	// has one).
	Message int
	// Choice is the choice's index within the message (n > 1 requests have
	// several).
	Choice int
	// AllowPartial builds the message from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil: truncated, cut by the
	// token limit, a provider error, calls incomplete or invalid). Calls
	// that are not complete are left out, since arguments cut short are no
	// call to send back; the text is kept as it is.
	AllowPartial bool
}

// AssistantMessage turns a reassembled Chat Completions outcome into the
// assistant message of the next request: the choice's text (its text
// items, joined) as the content, its refusal items, joined, as the
// refusal, and its calls in order as tool_calls, a
// function call with its id, name and arguments verbatim, a custom call
// with its id, name and input. A call's signature (the extra_content an
// OpenAI-compatible server such as Gemini's attaches to a call, which it
// asks to get back) is sent back as the call's extra_content.
//
// It returns an error, and no message, when the outcome's Err is not nil
// (unless opt.AllowPartial: sending an incomplete call back is a bug), when
// the outcome is not of format openai-chat, when the message or choice is
// not in it, when the choice has neither text nor a call to send, and
// ([ErrNotCarried]) when a call has more than one signature.
//
// Not carried, because the SDK's param has no field for them: reasoning
// (reasoning_content, reasoning, reasoning_details text) and the
// signatures that arrive on their own (reasoning_details entries of type
// reasoning.encrypted), which OpenRouter and Vercel's gateway accept back as
// reasoning_details. Not carried because toolspec does not keep them:
// audio, logprobs and annotations.
func AssistantMessage(out toolspec.Outcome, opt Options) (openai.ChatCompletionAssistantMessageParam, error) {
	var p openai.ChatCompletionAssistantMessageParam
	if out.Format != toolspec.FormatOpenAIChat {
		return p, fmt.Errorf("openaichat: the outcome is of format %q, not %q", out.Format, toolspec.FormatOpenAIChat)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return p, fmt.Errorf("openaichat: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return p, fmt.Errorf("openaichat: no message %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var text, refusal strings.Builder
	found := false
	for _, it := range out.Items {
		if it.Message != opt.Message || it.Choice != opt.Choice {
			continue
		}
		found = true
		switch it.Kind {
		case toolspec.ItemText:
			text.WriteString(it.Text)
		case toolspec.ItemRefusal:
			refusal.WriteString(it.Text)
		case toolspec.ItemCall:
			if it.Call < 0 || it.Call >= len(out.Calls) {
				return p, fmt.Errorf("openaichat: item names call %d, which the outcome does not hold", it.Call)
			}
			c := out.Calls[it.Call]
			if c.Status != toolspec.StatusComplete {
				continue // only with AllowPartial: Err reports every other status
			}
			u, err := toolCall(c)
			if err != nil {
				return p, err
			}
			p.ToolCalls = append(p.ToolCalls, u)
		}
	}
	for _, s := range out.Stops {
		found = found || (s.Message == opt.Message && s.Choice == opt.Choice)
	}
	if !found {
		return p, fmt.Errorf("openaichat: message %d has no choice %d", opt.Message, opt.Choice)
	}
	if text.Len() > 0 {
		p.Content.OfString = openai.String(text.String())
	}
	if refusal.Len() > 0 {
		p.Refusal = openai.String(refusal.String())
	}
	if text.Len() == 0 && refusal.Len() == 0 && len(p.ToolCalls) == 0 {
		return p, fmt.Errorf("openaichat: message %d choice %d has neither text, a refusal nor a complete call to send back", opt.Message, opt.Choice)
	}
	return p, nil
}

// toolCall builds the tool_calls entry of the complete call c.
func toolCall(c toolspec.Call) (openai.ChatCompletionMessageToolCallUnionParam, error) {
	var u openai.ChatCompletionMessageToolCallUnionParam
	if len(c.Signatures) > 1 {
		return u, fmt.Errorf("%w: call #%d %q has %d signatures (extra_content sent more than once), and a call carries one", ErrNotCarried, c.Ordinal, c.Name, len(c.Signatures))
	}
	var extra map[string]any
	if len(c.Signatures) == 1 {
		if !json.Valid([]byte(c.Signatures[0])) {
			return u, fmt.Errorf("%w: call #%d %q has a signature that is not JSON", ErrNotCarried, c.Ordinal, c.Name)
		}
		extra = map[string]any{"extra_content": json.RawMessage(c.Signatures[0])}
	}
	switch c.Kind {
	case toolspec.CallCustom:
		p := &openai.ChatCompletionMessageCustomToolCallParam{
			ID:     c.ID,
			Custom: openai.ChatCompletionMessageCustomToolCallCustomParam{Name: c.Name, Input: c.Args},
		}
		if extra != nil {
			p.SetExtraFields(extra)
		}
		u.OfCustom = p
	default:
		p := &openai.ChatCompletionMessageFunctionToolCallParam{
			ID:       c.ID,
			Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: c.Args},
		}
		if extra != nil {
			p.SetExtraFields(extra)
		}
		u.OfFunction = p
	}
	return u, nil
}
