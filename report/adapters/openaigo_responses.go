package adapters

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// OpenAIGoResponses returns an adapter that runs openai-go's streaming
// Responses client (Client.Responses.NewStreaming, then stream.Next and
// stream.Current until Next is false, then stream.Err(), as the README's
// "Streaming responses" shows) and takes the output items as the SDK
// documents them for a stream: the completed items of the
// response.output_item.done events (ResponseReasoningItem's documentation:
// "When streaming, use the completed reasoning item ... from the
// response.output_item.done event"), in output_index order (those of
// events without one, as llama.cpp's server sends them, after, in the
// order they came); where the stream sent no such event, the output of the response its terminal event
// carries (response.completed, response.incomplete or response.failed),
// which is what the README's "Tool calling" reads (Response.Output). The
// calls are the items whose Type is "function_call" (AsFunctionCall:
// CallID, Name, Arguments), as the README shows, and the items of the
// other tools a user declares or the provider runs, each with its id and
// its input as the wire wrote it (custom_tool_call, computer_call,
// shell_call, local_shell_call, apply_patch_call, tool_search_call,
// mcp_call, mcp_approval_request, web_search_call, file_search_call,
// code_interpreter_call, image_generation_call), as the report's other
// Responses adapters take them.
//
// It fails the stream when stream.Err() reports an error (the SDK's stream
// ends on an event whose data has an "error" member), on an "error" event,
// and when the stream ends without a terminal event, as the SDK's README
// says of its accumulator ("A missing or invalid terminal response, an API
// error, or EOF never becomes a completed result"). A call is finished
// when its item's Status is "completed" (or not given); the SDK documents
// "in_progress" and "incomplete" beside it. The adapter claims the stop
// reason (the terminal response's status, or for an incomplete response
// its incomplete_details.reason, such as max_output_tokens), so a call
// handed with a cut generation is not presented as finished (SPEC.md,
// "Conformance levels"); the text (the output_text parts of the message
// items, as Response.OutputText joins them); and the thinking (each
// reasoning item's content text, or where it has none its summary text).
func OpenAIGoResponses() spectest.Adapter { return openaiGoResponses{} }

type openaiGoResponses struct{}

func (openaiGoResponses) Describe() spectest.Description {
	return spectest.Description{
		Name:       "openai-go-responses",
		Version:    OpenAIGoVersion,
		Formats:    []toolspec.Format{toolspec.FormatOpenAIResponses},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

func (openaiGoResponses) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	client := openai.NewClient(
		option.WithHTTPClient(httpClient(ServedBytes(s.Format, s.Data))),
		option.WithAPIKey("test"),
		option.WithBaseURL(baseURL),
		option.WithMaxRetries(0),
	)
	stream := client.Responses.NewStreaming(ctx, responses.ResponseNewParams{
		Model: "test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("conformance")},
	})
	defer stream.Close()
	var (
		final    *responses.Response
		done     = map[int64]responses.ResponseOutputItemUnion{} // output_item.done items by output_index
		unplaced []responses.ResponseOutputItemUnion             // those of events without an output_index
		terminal string
	)
	for stream.Next() {
		event := stream.Current()
		switch event.Type {
		case "error":
			return spectest.Result{}, errors.New("openai-go: error event: " + event.Message)
		case "response.output_item.done":
			if event.JSON.OutputIndex.Valid() {
				done[event.OutputIndex] = event.Item
			} else {
				unplaced = append(unplaced, event.Item)
			}
		case "response.completed", "response.incomplete", "response.failed":
			r := event.Response
			final, terminal = &r, event.Type
		}
	}
	if err := stream.Err(); err != nil {
		return spectest.Result{}, err
	}
	if final == nil {
		return spectest.Result{}, errors.New("openai-go: the stream ended without a terminal response event")
	}
	var output []responses.ResponseOutputItemUnion
	for _, i := range slices.Sorted(maps.Keys(done)) {
		output = append(output, done[i])
	}
	output = append(output, unplaced...)
	if len(output) == 0 {
		output = final.Output
	}
	raw := string(final.Status)
	if final.Status == responses.ResponseStatusIncomplete && final.IncompleteDetails.Reason != "" {
		raw = string(final.IncompleteDetails.Reason)
	}
	if raw == "" {
		raw = strings.TrimPrefix(terminal, "response.")
	}
	r := spectest.Result{StopReason: stopOf(toolspec.FormatOpenAIResponses, raw)}
	for _, item := range output {
		switch item.Type {
		case "message":
			for _, c := range item.Content {
				if c.Type == "output_text" {
					r.Text += c.Text
				}
			}
			continue
		case "reasoning":
			rs := item.AsReasoning()
			for _, c := range rs.Content {
				r.Thinking += c.Text
			}
			if len(rs.Content) == 0 {
				for _, c := range rs.Summary {
					r.Thinking += c.Text
				}
			}
			continue
		}
		if c, ok := responsesCall(item); ok {
			r.Calls = append(r.Calls, c)
		}
	}
	return r, nil
}

// responsesItem says where a Responses call item keeps its id and input:
// the member of its id, whether it is named, the member of its input and
// whether that input is text (else JSON, kept as the wire wrote it).
type responsesItem struct {
	id     string
	named  bool
	input  string
	isText bool
}

var responsesItems = map[string]responsesItem{
	"function_call":         {"call_id", true, "arguments", true},
	"custom_tool_call":      {"call_id", true, "input", true},
	"computer_call":         {"call_id", false, "action", false},
	"shell_call":            {"call_id", false, "action", false},
	"apply_patch_call":      {"call_id", false, "operation", false},
	"local_shell_call":      {"call_id", false, "action", false},
	"tool_search_call":      {"call_id", false, "arguments", false},
	"mcp_approval_request":  {"id", true, "arguments", true},
	"mcp_call":              {"id", true, "arguments", true},
	"web_search_call":       {"id", false, "action", false},
	"file_search_call":      {"id", false, "queries", false},
	"code_interpreter_call": {"id", false, "code", true},
	"image_generation_call": {"id", false, "", true},
}

// responsesCall returns the call of item, if its type is one of a call. A
// function call is read through the SDK's AsFunctionCall; the other kinds
// from the item's JSON as the SDK received it (RawJSON).
func responsesCall(item responses.ResponseOutputItemUnion) (spectest.Call, bool) {
	kind, ok := responsesItems[item.Type]
	if !ok {
		return spectest.Call{}, false
	}
	finished := item.Status == "" || item.Status == "completed"
	if item.Type == "function_call" {
		fc := item.AsFunctionCall()
		return spectest.Call{ID: fc.CallID, Name: fc.Name, Arguments: fc.Arguments, Finished: finished}, true
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal([]byte(item.RawJSON()), &m)
	str := func(k string) string {
		var v string
		_ = json.Unmarshal(m[k], &v)
		return v
	}
	c := spectest.Call{ID: str(kind.id), Finished: finished}
	if kind.named {
		c.Name = str("name")
	}
	input := kind.input
	if item.Type == "computer_call" && (len(m["action"]) == 0 || string(m["action"]) == "null") {
		input = "actions"
	}
	switch {
	case input == "":
	case kind.isText:
		c.Arguments = str(input)
	case len(m[input]) > 0 && string(m[input]) != "null":
		c.Arguments = string(m[input])
	}
	return c, true
}
