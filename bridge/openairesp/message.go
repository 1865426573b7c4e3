package openairesp

import (
	"errors"
	"fmt"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
)

// ErrNotCarried is wrapped by the error [InputItems] returns when the
// outcome holds a call that the input item params cannot carry as toolspec
// holds it.
var ErrNotCarried = errors.New("openairesp: the outcome holds a call the input items cannot carry")

// Options choose what [InputItems] builds. The zero value builds the first
// response's calls, from a whole outcome only.
type Options struct {
	// Message is the ordinal of the response (0 for the first; a stream has
	// one).
	Message int
	// AllowPartial builds the items from an outcome that is not a whole
	// success ([toolspec.Outcome.Err] is not nil: truncated, incomplete, a
	// provider error, calls incomplete or invalid). Calls that are not
	// complete are left out, since arguments cut short are no call to send
	// back.
	AllowPartial bool
}

// InputItems turns a reassembled Responses outcome into the input items
// that send its calls back in the next request, in order: a function call
// as a function_call item (its call_id, name and arguments verbatim, its
// namespace, and the output item's id as the item's id), a custom tool call
// as a custom_tool_call item (call_id, name, input, id). Append them to the
// request's input with the results ([FunctionCallOutput]) after them.
//
// Calls the provider ran itself (web search, file search, code interpreter
// and the other server tools) are left out: the server keeps them. A
// client-side call of another item kind (computer_call, shell_call,
// apply_patch_call, local_shell_call) is refused with [ErrNotCarried]: the
// outcome holds its input as sent, not the action params the SDK's items
// want.
//
// It returns an error, and no items, when the outcome's Err is not nil
// (unless opt.AllowPartial: sending an incomplete call back is a bug), when
// the outcome is not of format openai-responses, or when the response is
// not in it. A response with no call gives no items and no error.
//
// Not carried: the response's text and reasoning items. A reasoning model's
// function_call item sent back with its id wants the reasoning item it
// came with, which toolspec does not keep whole (its encrypted content);
// send the next request with PreviousResponseID, or the response's own
// output items, or clear the items' ID.
func InputItems(out toolspec.Outcome, opt Options) ([]responses.ResponseInputItemUnionParam, error) {
	if out.Format != toolspec.FormatOpenAIResponses {
		return nil, fmt.Errorf("openairesp: the outcome is of format %q, not %q", out.Format, toolspec.FormatOpenAIResponses)
	}
	if err := out.Err(); err != nil && !opt.AllowPartial {
		return nil, fmt.Errorf("openairesp: the outcome is not a whole success: %w", err)
	}
	if opt.Message < 0 || opt.Message >= out.Messages {
		return nil, fmt.Errorf("openairesp: no response %d (the outcome has %d)", opt.Message, out.Messages)
	}
	var items []responses.ResponseInputItemUnionParam
	for _, c := range out.Calls {
		if c.Message != opt.Message || c.Server || c.Status != toolspec.StatusComplete {
			continue // an incomplete call only with AllowPartial: Err reports it
		}
		switch c.Kind {
		case toolspec.CallFunction:
			p := &responses.ResponseFunctionToolCallParam{CallID: c.ID, Name: c.Name, Arguments: c.Args}
			if c.ItemID != "" {
				p.ID = openai.String(c.ItemID)
			}
			if c.Namespace != "" {
				p.Namespace = openai.String(c.Namespace)
			}
			items = append(items, responses.ResponseInputItemUnionParam{OfFunctionCall: p})
		case toolspec.CallCustom:
			p := &responses.ResponseCustomToolCallParam{CallID: c.ID, Name: c.Name, Input: c.Args}
			if c.ItemID != "" {
				p.ID = openai.String(c.ItemID)
			}
			if c.Namespace != "" {
				p.Namespace = openai.String(c.Namespace)
			}
			items = append(items, responses.ResponseInputItemUnionParam{OfCustomToolCall: p})
		default:
			return nil, fmt.Errorf("%w: call #%d is a %s item, whose action toolspec keeps as sent", ErrNotCarried, c.Ordinal, c.Kind)
		}
	}
	return items, nil
}

// FunctionCallOutput returns the function_call_output input item that
// answers the call callID with output, the tool's result as text.
func FunctionCallOutput(callID, output string) responses.ResponseInputItemUnionParam {
	it := responses.ResponseInputItemParamOfFunctionCallOutput(output)
	it.OfFunctionCallOutput.CallID = openai.String(callID)
	return it
}

// CustomToolCallOutput returns the custom_tool_call_output input item that
// answers the custom tool call callID with output as text.
func CustomToolCallOutput(callID, output string) responses.ResponseInputItemUnionParam {
	return responses.ResponseInputItemParamOfCustomToolCallOutput(callID, output)
}
