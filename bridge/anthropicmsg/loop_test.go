package anthropicmsg

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

// The agent loop's one turn, written twice for the README's comparison:
// stream a response, collect the tool calls, run them, and append the
// assistant message and the tool results for the next request. The lines
// between the "loop:" comments are the ones counted.

// run is the tools: it records the calls it is given.
type run func(name string, input json.RawMessage) string

// turnSDK is the turn with the SDK alone, as its documentation shows:
// Message.Accumulate over the events, ToParam for the assistant message,
// the tool_use blocks of the accumulated message for the calls.
func turnSDK(ctx context.Context, client anthropic.Client, messages []anthropic.MessageParam, tools run) ([]anthropic.MessageParam, error) {
	// loop: sdk begins
	stream := client.Messages.NewStreaming(ctx, anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_6, MaxTokens: 1024, Messages: messages})
	message := anthropic.Message{}
	for stream.Next() {
		if err := message.Accumulate(stream.Current()); err != nil {
			return nil, err
		}
	}
	if err := stream.Err(); err != nil {
		return nil, err
	}
	var results []anthropic.ContentBlockParamUnion
	for _, block := range message.Content {
		if tu, ok := block.AsAny().(anthropic.ToolUseBlock); ok {
			results = append(results, anthropic.NewToolResultBlock(tu.ID, tools(tu.Name, tu.Input), false))
		}
	}
	messages = append(messages, message.ToParam(), anthropic.NewUserMessage(results...))
	// loop: sdk ends
	return messages, nil
}

// turnBridge is the turn with the bridge: a tee per request, the outcome
// checked whole, the assistant message built from it.
func turnBridge(ctx context.Context, client anthropic.Client, messages []anthropic.MessageParam, tools run) ([]anthropic.MessageParam, error) {
	// loop: bridge begins
	tee := NewTee(toolspec.Limits{})
	stream := client.Messages.NewStreaming(ctx, anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_6, MaxTokens: 1024, Messages: messages}, tee.Option())
	for stream.Next() {
	}
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	message, err := AssistantMessage(out, Options{})
	if err != nil {
		return nil, err
	}
	var results []anthropic.ContentBlockParamUnion
	for _, c := range out.Calls {
		results = append(results, anthropic.NewToolResultBlock(c.ID, tools(c.Name, json.RawMessage(c.Args)), false))
	}
	messages = append(messages, message, anthropic.NewUserMessage(results...))
	// loop: bridge ends
	return messages, nil
}

// TestLoop: both turns, on the captures of client tool calls, run the
// same calls and send the same tool results back.
func TestLoop(t *testing.T) {
	for _, name := range []string{"claude-sonnet-4-text-2tools-padded.sse", "claude-sonnet-4-thinking-tool.sse", "claude-3-7-ping-inside-block.sse", "claude-sonnet-4-5-tool-no-args.jsonl"} {
		c := load(t, name)
		client := anthropic.NewClient(
			option.WithHTTPClient(&http.Client{Transport: &capture.Transport{Body: c.Wire}}),
			option.WithAPIKey("test"),
			option.WithBaseURL("http://bridge.test/"),
			option.WithMaxRetries(0),
		)
		record := func(calls *[]string) run {
			return func(name string, input json.RawMessage) string {
				var v any
				_ = json.Unmarshal(input, &v)
				b, _ := json.Marshal(v)
				*calls = append(*calls, name+" "+string(b))
				return "done"
			}
		}
		user := []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("go"))}
		var sdkCalls, bridgeCalls []string
		sdk, err := turnSDK(context.Background(), client, user, record(&sdkCalls))
		if err != nil {
			t.Fatalf("%s: sdk: %v", name, err)
		}
		bridge, err := turnBridge(context.Background(), client, user, record(&bridgeCalls))
		if err != nil {
			t.Fatalf("%s: bridge: %v", name, err)
		}
		if len(sdkCalls) == 0 || !slices.Equal(sdkCalls, bridgeCalls) {
			t.Errorf("%s: calls\nsdk    %q\nbridge %q", name, sdkCalls, bridgeCalls)
		}
		last := func(ms []anthropic.MessageParam) string {
			b, _ := json.Marshal(ms[len(ms)-1])
			return string(b)
		}
		if len(sdk) != 3 || len(bridge) != 3 || last(sdk) != last(bridge) {
			t.Errorf("%s: tool results\nsdk    %s\nbridge %s", name, last(sdk), last(bridge))
		}
	}
}

// TestLoopCut: on a stream cut inside the second tool call's input (the
// body ends inside an event), the SDK drops the cut event without an
// error, and its loop runs that call with the input the SDK starts a
// tool_use with, {}, and sends it back; the bridge's refuses the turn,
// the outcome truncated.
func TestLoopCut(t *testing.T) {
	c := load(t, "claude-sonnet-4-text-2tools-padded.sse")
	i := bytes.LastIndex(c.Wire, []byte(`"input_json_delta"`))
	if i < 0 {
		t.Fatal("no input_json_delta")
	}
	client := anthropic.NewClient(
		option.WithHTTPClient(&http.Client{Transport: &capture.Transport{Body: c.Wire[:i]}}),
		option.WithAPIKey("test"), option.WithBaseURL("http://bridge.test/"), option.WithMaxRetries(0))
	var calls []string
	tools := func(name string, input json.RawMessage) string {
		calls = append(calls, name+" "+string(input))
		return "done"
	}
	user := []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("go"))}
	if _, err := turnSDK(context.Background(), client, user, tools); err != nil || len(calls) != 2 || calls[1] != "multiply {}" {
		t.Errorf("the SDK's loop: %v, calls %q; want no error and both calls run, the cut one with {}", err, calls)
	}
	calls = nil
	if _, err := turnBridge(context.Background(), client, user, tools); !errors.Is(err, toolspec.ErrTruncated) || len(calls) != 0 {
		t.Errorf("the bridge's loop: %v, calls %q; want ErrTruncated and no call run", err, calls)
	}
}
