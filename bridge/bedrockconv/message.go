package bedrockconv

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	smithydocument "github.com/aws/smithy-go/document"
	"github.com/toolspec/toolspec"
)

// ErrNotCarried is wrapped by the error [AssistantMessage] returns when
// the message holds a block that toolspec's outcome does not hold whole,
// or that the SDK's types cannot carry, so that the message would not be
// what the model sent.
var ErrNotCarried = errors.New("bedrockconv: the outcome does not hold a block whole")

// Options choose what [AssistantMessage] builds. The zero value builds the
// first message, from a whole outcome only, and fails on a block the
// outcome does not hold whole.
type Options struct {
	// Message is the ordinal of the message (0 for the first); a stream
	// has one, but for a recording of several responses end to end.
	Message int
	// AllowPartial builds the message from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil: truncated, cut by
	// max_tokens, a provider error, calls incomplete or invalid). Calls that
	// are not complete are left out, since input cut short is no call to
	// send back (and no JSON a document could carry); every other block is
	// kept as it is.
	AllowPartial bool
	// OmitNotCarried leaves out the blocks that the outcome does not hold
	// whole (see [AssistantMessage]) instead of failing with
	// [ErrNotCarried].
	OmitNotCarried bool
}

// AssistantMessage turns a reassembled ConverseStream outcome into the
// assistant message of the next request (types.Message, role assistant):
// its blocks in the order they arrived, text as ContentBlockMemberText,
// reasoning as ContentBlockMemberReasoningContent (reasoning text with its
// signature, or redacted content, decoded from the base64 the API sent),
// and tool calls as ContentBlockMemberToolUse with their toolUseId, name
// and input, a document.NewLazyDocument of the arguments decoded with
// their numbers kept as they arrived (smithy document.Number); the order
// of the input's members is not kept (a map's keys are written sorted).
//
// It returns an error, and no message, when the outcome's Err is not nil
// (unless opt.AllowPartial: sending an incomplete call back is a bug),
// when the outcome is not of format bedrock, when the message is not in it
// or has no block to send, and, unless opt.OmitNotCarried, with
// [ErrNotCarried] for a block that the outcome does not hold whole or a
// ContentBlock cannot carry:
//
//   - a server tool call (toolUse of type server_tool_use) and any block
//     toolspec keeps the place of, not the content (a toolResult, an
//     image, citations);
//   - a signature on a block that has no field for it (text, redacted
//     content, a tool use), or one that arrived on its own;
//   - redacted content that is not base64.
//
// A reasoning block whose signature arrived in several deltas gets them
// joined.
func AssistantMessage(out toolspec.Outcome, opt Options) (types.Message, error) {
	if out.Format != toolspec.FormatBedrock {
		return types.Message{}, fmt.Errorf("bedrockconv: the outcome is of format %q, not %q", out.Format, toolspec.FormatBedrock)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return types.Message{}, fmt.Errorf("bedrockconv: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return types.Message{}, fmt.Errorf("bedrockconv: no message %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var blocks []types.ContentBlock
	for i, it := range out.Items {
		if it.Message != opt.Message {
			continue
		}
		b, why, err := block(out, it)
		if err != nil {
			return types.Message{}, err
		}
		if why != "" {
			if !opt.OmitNotCarried {
				return types.Message{}, fmt.Errorf("%w: item %d: %s", ErrNotCarried, i, why)
			}
			continue
		}
		if b != nil {
			blocks = append(blocks, b)
		}
	}
	if len(blocks) == 0 {
		return types.Message{}, fmt.Errorf("bedrockconv: message %d has no block to send back", opt.Message)
	}
	return types.Message{Role: types.ConversationRoleAssistant, Content: blocks}, nil
}

// block builds the content block of item it: a block, or nil for a call
// that is not complete (left out), or why the outcome does not hold it
// whole.
func block(out toolspec.Outcome, it toolspec.Item) (types.ContentBlock, string, error) {
	switch it.Kind {
	case toolspec.ItemText:
		if len(it.Signatures) > 0 {
			return nil, "a text block with a signature, which a text block has no field for", nil
		}
		return &types.ContentBlockMemberText{Value: it.Text}, "", nil
	case toolspec.ItemThinking:
		rt := types.ReasoningTextBlock{Text: aws.String(it.Text)}
		if len(it.Signatures) > 0 {
			var sig string
			for _, s := range it.Signatures {
				sig += s
			}
			rt.Signature = aws.String(sig)
		}
		return &types.ContentBlockMemberReasoningContent{Value: &types.ReasoningContentBlockMemberReasoningText{Value: rt}}, "", nil
	case toolspec.ItemRedacted:
		if len(it.Signatures) > 0 {
			return nil, "redacted content with a signature, which it has no field for", nil
		}
		data, err := base64.StdEncoding.DecodeString(it.Text)
		if err != nil {
			return nil, "redacted content that is not base64, which the SDK's bytes need", nil
		}
		return &types.ContentBlockMemberReasoningContent{Value: &types.ReasoningContentBlockMemberRedactedContent{Value: data}}, "", nil
	case toolspec.ItemSignature:
		return nil, "a signature on its own, outside any block", nil
	case toolspec.ItemCall:
		if it.Call < 0 || it.Call >= len(out.Calls) {
			return nil, "", fmt.Errorf("bedrockconv: item names call %d, which the outcome does not hold", it.Call)
		}
		c := out.Calls[it.Call]
		switch {
		case c.Server:
			return nil, fmt.Sprintf("server tool call #%d %q: the outcome holds neither its result nor what the server needs back", c.Ordinal, c.Name), nil
		case len(c.Signatures) > 0:
			return nil, fmt.Sprintf("call #%d %q has a signature, which a tool use has no field for", c.Ordinal, c.Name), nil
		case c.Status != toolspec.StatusComplete:
			return nil, "", nil // only with AllowPartial: Err reports every other status
		}
		input, err := Input(c)
		if err != nil {
			return nil, "", err
		}
		return &types.ContentBlockMemberToolUse{Value: types.ToolUseBlock{
			ToolUseId: aws.String(c.ID),
			Name:      aws.String(c.Name),
			Input:     input,
		}}, "", nil
	}
	return nil, fmt.Sprintf("a block toolspec keeps the place of, not the content (an item of kind %s)", it.Kind), nil
}

// Input returns a call's arguments as the document a ToolUseBlock takes:
// document.NewLazyDocument of the decoded JSON object, its numbers as
// smithy document.Number (written back as they arrived). It fails when the
// arguments are not one JSON object, which they are for every complete
// call.
func Input(c toolspec.Call) (document.Interface, error) {
	args, err := Args(c)
	if err != nil {
		return nil, err
	}
	return document.NewLazyDocument(args), nil
}

// Args decodes a call's arguments into a map, its numbers as smithy
// document.Number, which the SDK's documents write back as they arrived
// (a json.Number would be written as a string).
func Args(c toolspec.Call) (map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader([]byte(c.Args)))
	d.UseNumber()
	var args map[string]any
	if err := d.Decode(&args); err != nil {
		return nil, fmt.Errorf("bedrockconv: call #%d %q: arguments: %w", c.Ordinal, c.Name, err)
	}
	if d.More() {
		return nil, fmt.Errorf("bedrockconv: call #%d %q: arguments: more than one JSON value", c.Ordinal, c.Name)
	}
	if args == nil {
		return nil, fmt.Errorf("bedrockconv: call #%d %q: arguments are not a JSON object", c.Ordinal, c.Name)
	}
	return numbers(args).(map[string]any), nil
}

// numbers replaces every json.Number in v by a smithy document.Number.
func numbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		return smithydocument.Number(v)
	case map[string]any:
		for k, e := range v {
			v[k] = numbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = numbers(e)
		}
	}
	return v
}

// Result is the result of one call, to send back with [ResultMessage].
type Result struct {
	Call    toolspec.Call                  // the call answered: its ID is the toolUseId
	Content []types.ToolResultContentBlock // the result: text, JSON, ...
	// Status is the result's status: types.ToolResultStatusError tells the
	// model the call failed; "" sends none.
	Status types.ToolResultStatus
}

// ResultMessage returns the user message (types.Message, role user) that
// answers the calls: one ContentBlockMemberToolResult per result, in
// order, with the call's id as its toolUseId.
func ResultMessage(results ...Result) types.Message {
	blocks := make([]types.ContentBlock, 0, len(results))
	for _, r := range results {
		blocks = append(blocks, &types.ContentBlockMemberToolResult{Value: types.ToolResultBlock{
			ToolUseId: aws.String(r.Call.ID),
			Content:   r.Content,
			Status:    r.Status,
		}})
	}
	return types.Message{Role: types.ConversationRoleUser, Content: blocks}
}
