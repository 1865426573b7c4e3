package anthropicmsg

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/toolspec/toolspec"
)

// ErrNotCarried is wrapped by the error [AssistantMessage] returns when the
// message holds a block that toolspec's outcome does not hold whole, so
// that the param would not be what the provider sent.
var ErrNotCarried = errors.New("anthropicmsg: the outcome does not hold a block whole")

// Options choose what [AssistantMessage] builds. The zero value builds the
// first message, from a whole outcome only, and fails on a block the
// outcome does not hold whole.
type Options struct {
	// Message is the ordinal of the message (0 for the first). A stream has
	// one, but for a message that a message_start restarts, or a stream of
	// several responses end to end.
	Message int
	// AllowPartial builds the message from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil: truncated, cut by
	// max_tokens, a provider error, calls incomplete or invalid). Calls that
	// are not complete are left out, since input cut short is no call to send
	// back (and no JSON the param could carry); every other block is kept
	// as it is.
	AllowPartial bool
	// OmitNotCarried leaves out the blocks that the outcome does not hold
	// whole (see [AssistantMessage]) instead of failing with
	// [ErrNotCarried].
	OmitNotCarried bool
}

// AssistantMessage turns a reassembled Messages outcome into the assistant
// message of the next request: its blocks in the order they arrived, text
// as text blocks, thinking as thinking blocks with their signature,
// redacted_thinking with its data, and client tool calls as tool_use
// blocks with their id, name and input (the raw JSON, verbatim).
//
// It returns an error, and no message, when the outcome's Err is not nil
// (unless opt.AllowPartial: sending an incomplete call back is a bug), when
// the outcome is not of format anthropic, when the message is not in it or
// has no block to send, and, unless opt.OmitNotCarried, with
// [ErrNotCarried] for a block that the outcome does not hold whole:
//
//   - a server tool call (server_tool_use, mcp_tool_use): the outcome does
//     not say which of the two it was, nor hold an MCP call's server_name
//     or the call's caller;
//   - a server tool result or any other block toolspec does not read
//     (web_search_tool_result, code_execution_tool_result,
//     mcp_tool_result, ...): the outcome keeps its place, not its content;
//   - a signature on a block whose param has no signature field (text,
//     redacted_thinking, tool_use), or one that arrived on its own.
//
// Not carried, and not detectable from the outcome, so never refused:
// tool_use's caller (direct, or a code_execution server tool for
// programmatic tool calling) and toolset_name, and text's citations
// (toolspec keeps neither citations_delta nor a block's citations). A
// thinking block whose signature arrived in several signature_delta
// events gets them joined, as the SDK joins them.
func AssistantMessage(out toolspec.Outcome, opt Options) (anthropic.MessageParam, error) {
	if out.Format != toolspec.FormatAnthropic {
		return anthropic.MessageParam{}, fmt.Errorf("anthropicmsg: the outcome is of format %q, not %q", out.Format, toolspec.FormatAnthropic)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return anthropic.MessageParam{}, fmt.Errorf("anthropicmsg: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return anthropic.MessageParam{}, fmt.Errorf("anthropicmsg: no message %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var blocks []anthropic.ContentBlockParamUnion
	for i, it := range out.Items {
		if it.Message != opt.Message {
			continue
		}
		b, why, err := block(out, it)
		if err != nil {
			return anthropic.MessageParam{}, err
		}
		if why != "" {
			if !opt.OmitNotCarried {
				return anthropic.MessageParam{}, fmt.Errorf("%w: item %d: %s", ErrNotCarried, i, why)
			}
			continue
		}
		if b != nil {
			blocks = append(blocks, *b)
		}
	}
	if len(blocks) == 0 {
		return anthropic.MessageParam{}, fmt.Errorf("anthropicmsg: message %d has no block to send back", opt.Message)
	}
	return anthropic.MessageParam{OfAssistant: &anthropic.AssistantMessageParam{Content: blocks}}, nil
}

// block builds the param of item it: a block, or nil for a call that is
// not complete (left out), or why the outcome does not hold it whole.
func block(out toolspec.Outcome, it toolspec.Item) (*anthropic.ContentBlockParamUnion, string, error) {
	switch it.Kind {
	case toolspec.ItemText:
		if len(it.Signatures) > 0 {
			return nil, "a text block with a signature, which a text block param has no field for", nil
		}
		return &anthropic.ContentBlockParamUnion{OfText: &anthropic.TextBlockParam{Text: it.Text}}, "", nil
	case toolspec.ItemThinking:
		return &anthropic.ContentBlockParamUnion{OfThinking: &anthropic.ThinkingBlockParam{
			Thinking:  it.Text,
			Signature: strings.Join(it.Signatures, ""),
		}}, "", nil
	case toolspec.ItemRedacted:
		if len(it.Signatures) > 0 {
			return nil, "a redacted_thinking block with a signature, which its param has no field for", nil
		}
		return &anthropic.ContentBlockParamUnion{OfRedactedThinking: &anthropic.RedactedThinkingBlockParam{Data: it.Text}}, "", nil
	case toolspec.ItemSignature:
		return nil, "a signature on its own, outside any block", nil
	case toolspec.ItemOther:
		return nil, "a block toolspec keeps the place of, not the content (a server tool result, or a block of another type)", nil
	case toolspec.ItemCall:
		if it.Call < 0 || it.Call >= len(out.Calls) {
			return nil, "", fmt.Errorf("anthropicmsg: item names call %d, which the outcome does not hold", it.Call)
		}
		c := out.Calls[it.Call]
		switch {
		case c.Server:
			return nil, fmt.Sprintf("server tool call #%d %q: the outcome does not say whether it was a server_tool_use or an mcp_tool_use block, nor hold its server_name or caller", c.Ordinal, c.Name), nil
		case len(c.Signatures) > 0:
			return nil, fmt.Sprintf("call #%d %q has a signature, which a tool_use param has no field for", c.Ordinal, c.Name), nil
		case c.Status != toolspec.StatusComplete:
			return nil, "", nil // only with AllowPartial: Err reports every other status
		}
		return &anthropic.ContentBlockParamUnion{OfToolUse: &anthropic.ToolUseBlockParam{
			ID:    c.ID,
			Name:  c.Name,
			Input: json.RawMessage(c.Args),
		}}, "", nil
	}
	return nil, fmt.Sprintf("an item of kind %s", it.Kind), nil
}
