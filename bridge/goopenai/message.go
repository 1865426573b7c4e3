package goopenai

import (
	"errors"
	"fmt"
	"strings"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
)

// ErrNotCarried is wrapped by the error [AssistantMessage] returns when the
// outcome holds something that go-openai's message cannot carry.
var ErrNotCarried = errors.New("goopenai: the outcome holds what go-openai's message cannot carry")

// Options choose what [AssistantMessage] builds. The zero value builds the
// first message's first choice, from a whole outcome only.
type Options struct {
	// Message is the ordinal of the message (0 for the first; a chat stream
	// has one).
	Message int
	// Choice is the choice's index within the message.
	Choice int
	// AllowPartial builds the message from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil). Calls that are not
	// complete are left out; the text is kept as it is.
	AllowPartial bool
	// Reasoning carries the choice's reasoning text (its thinking items,
	// joined) as the message's reasoning_content, which DeepSeek's thinking
	// mode wants back within a turn of tool calls.
	Reasoning bool
	// DropSignatures leaves out a call's signature (the extra_content
	// Gemini's OpenAI-compatible endpoint attaches to a call and wants
	// back), which go-openai's ToolCall has no field for; without it such a
	// call is refused with [ErrNotCarried].
	DropSignatures bool
}

// AssistantMessage turns a reassembled Chat Completions outcome into
// go-openai's assistant message for the next request: the choice's text
// (its text items, joined) as Content, its refusal items, joined, as
// Refusal, and its complete function calls in order as ToolCalls (id,
// type function, name and arguments verbatim). Append it to the request's
// messages, then one [ToolMessage] per call.
//
// It returns an error, and no message, when the outcome's Err is not nil
// (unless opt.AllowPartial), when the outcome is not of format
// openai-chat, when the message or choice is not in it, when the choice has
// neither text, a refusal nor a complete call, and ([ErrNotCarried]) for a
// custom call (go-openai's ToolCall has no custom member) and for a call
// with a signature (unless opt.DropSignatures).
func AssistantMessage(out toolspec.Outcome, opt Options) (openai.ChatCompletionMessage, error) {
	m := openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant}
	if out.Format != toolspec.FormatOpenAIChat {
		return m, fmt.Errorf("goopenai: the outcome is of format %q, not %q", out.Format, toolspec.FormatOpenAIChat)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return m, fmt.Errorf("goopenai: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return m, fmt.Errorf("goopenai: no message %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var text, refusal, reasoning strings.Builder
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
		case toolspec.ItemThinking:
			reasoning.WriteString(it.Text)
		case toolspec.ItemCall:
			if it.Call < 0 || it.Call >= len(out.Calls) {
				return m, fmt.Errorf("goopenai: item names call %d, which the outcome does not hold", it.Call)
			}
			c := out.Calls[it.Call]
			if c.Status != toolspec.StatusComplete {
				continue // only with AllowPartial: Err reports every other status
			}
			if c.Kind != toolspec.CallFunction {
				return m, fmt.Errorf("%w: call #%d %q is a %s call", ErrNotCarried, c.Ordinal, c.Name, c.Kind)
			}
			if len(c.Signatures) > 0 && !opt.DropSignatures {
				return m, fmt.Errorf("%w: call #%d %q has a signature (extra_content)", ErrNotCarried, c.Ordinal, c.Name)
			}
			m.ToolCalls = append(m.ToolCalls, openai.ToolCall{
				ID:       c.ID,
				Type:     openai.ToolTypeFunction,
				Function: openai.FunctionCall{Name: c.Name, Arguments: c.Args},
			})
		}
	}
	for _, s := range out.Stops {
		found = found || (s.Message == opt.Message && s.Choice == opt.Choice)
	}
	if !found {
		return m, fmt.Errorf("goopenai: message %d has no choice %d", opt.Message, opt.Choice)
	}
	m.Content, m.Refusal = text.String(), refusal.String()
	if opt.Reasoning {
		m.ReasoningContent = reasoning.String()
	}
	if m.Content == "" && m.Refusal == "" && len(m.ToolCalls) == 0 {
		return m, fmt.Errorf("goopenai: message %d choice %d has neither text, a refusal nor a complete call to send back", opt.Message, opt.Choice)
	}
	return m, nil
}

// ToolMessage returns the tool message that answers the call callID with
// content, the tool's result.
func ToolMessage(callID, content string) openai.ChatCompletionMessage {
	return openai.ChatCompletionMessage{Role: openai.ChatMessageRoleTool, ToolCallID: callID, Content: content}
}
