package ollamaapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ollama/ollama/api"
	"github.com/toolspec/toolspec"
)

// ErrNotCarried is wrapped by the error [AssistantMessage] returns when the
// outcome holds a call that api.Message cannot carry (arguments that are
// not a JSON object).
var ErrNotCarried = errors.New("ollamaapi: the outcome holds a call api.Message cannot carry")

// Options choose what [AssistantMessage] builds. The zero value builds the
// first message, from a whole outcome only.
type Options struct {
	// Message is the ordinal of the message (0 for the first; a chat stream
	// has one).
	Message int
	// AllowPartial builds the message from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil: truncated, an error line,
	// a call invalid). Calls that are not complete are left out; the text is
	// kept as it is.
	AllowPartial bool
}

// AssistantMessage turns a reassembled Ollama outcome into the api.Message
// the next request sends back, as Ollama's tool-calling docs ask of a
// stream ("gather every chunk of thinking, content, and tool_calls, then
// return those fields together with any tool results"): role assistant,
// the thinking and the content (their items, joined), and the complete
// calls in order as ToolCalls, each with its id, its index (its position in
// the message, as Ollama's server numbers them) and its name, and its
// arguments decoded into the client's ordered arguments, as the client
// decodes them. Append it to the request's messages, then one
// [ToolMessage] per call.
//
// It returns an error, and no message, when the outcome's Err is not nil
// (unless opt.AllowPartial), when the outcome is not of format ollama, when
// the message is not in it, when it has neither text nor a complete call,
// and ([ErrNotCarried]) for a call whose arguments are not a JSON object.
func AssistantMessage(out toolspec.Outcome, opt Options) (api.Message, error) {
	m := api.Message{Role: "assistant"}
	if out.Format != toolspec.FormatOllama {
		return m, fmt.Errorf("ollamaapi: the outcome is of format %q, not %q", out.Format, toolspec.FormatOllama)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return m, fmt.Errorf("ollamaapi: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return m, fmt.Errorf("ollamaapi: no message %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var content, thinking strings.Builder
	for _, it := range out.Items {
		if it.Message != opt.Message {
			continue
		}
		switch it.Kind {
		case toolspec.ItemText:
			content.WriteString(it.Text)
		case toolspec.ItemThinking:
			thinking.WriteString(it.Text)
		case toolspec.ItemCall:
			if it.Call < 0 || it.Call >= len(out.Calls) {
				return m, fmt.Errorf("ollamaapi: item names call %d, which the outcome does not hold", it.Call)
			}
			c := out.Calls[it.Call]
			if c.Status != toolspec.StatusComplete {
				continue // only with AllowPartial: Err reports every other status
			}
			args := api.NewToolCallFunctionArguments()
			if err := json.Unmarshal([]byte(c.Args), &args); err != nil {
				return m, fmt.Errorf("%w: call #%d %q: arguments %s: %v", ErrNotCarried, c.Ordinal, c.Name, c.Args, err)
			}
			m.ToolCalls = append(m.ToolCalls, api.ToolCall{
				ID:       c.ID,
				Function: api.ToolCallFunction{Index: len(m.ToolCalls), Name: c.Name, Arguments: args},
			})
		}
	}
	m.Content, m.Thinking = content.String(), thinking.String()
	if m.Content == "" && m.Thinking == "" && len(m.ToolCalls) == 0 {
		return m, fmt.Errorf("ollamaapi: message %d has neither text nor a complete call to send back", opt.Message)
	}
	return m, nil
}

// ToolMessage returns the tool message that answers call c with content,
// the tool's result: role tool, the call's name as tool_name (as Ollama's
// docs send it) and its id, when it has one, as tool_call_id.
func ToolMessage(c toolspec.Call, content string) api.Message {
	return api.Message{Role: "tool", Content: content, ToolName: c.Name, ToolCallID: c.ID}
}
