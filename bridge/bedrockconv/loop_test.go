package bedrockconv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

// The agent loop's one turn, written twice for the README's comparison:
// stream a response, collect the tool uses, run them, and append the
// assistant message and the tool results for the next request. The lines
// between the "loop:" comments are the ones counted.

// run is the tools: it records the calls it is given.
type run func(name string, args map[string]any) []types.ToolResultContentBlock

// turnSDK is the turn with the SDK alone, as its documentation shows:
// text and tool input joined from the deltas, a tool use started by
// contentBlockStart and ended by contentBlockStop, its input decoded.
func turnSDK(ctx context.Context, client *bedrockruntime.Client, messages []types.Message, tools run) ([]types.Message, error) {
	// loop: sdk begins
	resp, err := client.ConverseStream(ctx, &bedrockruntime.ConverseStreamInput{ModelId: aws.String("us.amazon.nova-micro-v1:0"), Messages: messages})
	if err != nil {
		return nil, err
	}
	stream := resp.GetStream()
	msg := types.Message{Role: types.ConversationRoleAssistant}
	var results []types.ContentBlock
	var text, input string
	var tool *types.ToolUseBlock
	for ev := range stream.Events() {
		switch e := ev.(type) {
		case *types.ConverseStreamOutputMemberContentBlockStart:
			if tu, ok := e.Value.Start.(*types.ContentBlockStartMemberToolUse); ok {
				tool, input = &types.ToolUseBlock{ToolUseId: tu.Value.ToolUseId, Name: tu.Value.Name}, ""
			}
		case *types.ConverseStreamOutputMemberContentBlockDelta:
			switch d := e.Value.Delta.(type) {
			case *types.ContentBlockDeltaMemberText:
				text += d.Value
			case *types.ContentBlockDeltaMemberToolUse:
				input += aws.ToString(d.Value.Input)
			}
		case *types.ConverseStreamOutputMemberContentBlockStop:
			if text != "" {
				msg.Content = append(msg.Content, &types.ContentBlockMemberText{Value: text})
				text = ""
			}
			if tool != nil {
				var args map[string]any
				if err := json.Unmarshal([]byte(input), &args); err != nil {
					return nil, err
				}
				tool.Input = document.NewLazyDocument(args)
				msg.Content = append(msg.Content, &types.ContentBlockMemberToolUse{Value: *tool})
				results = append(results, &types.ContentBlockMemberToolResult{Value: types.ToolResultBlock{
					ToolUseId: tool.ToolUseId, Content: tools(*tool.Name, args)}})
				tool = nil
			}
		}
	}
	if err := stream.Close(); err != nil {
		return nil, err
	}
	messages = append(messages, msg, types.Message{Role: types.ConversationRoleUser, Content: results})
	// loop: sdk ends
	return messages, nil
}

// turnBridge is the turn with the bridge: a tee per request, the outcome
// checked whole, the assistant message and the results built from it.
func turnBridge(ctx context.Context, client *bedrockruntime.Client, messages []types.Message, tools run) ([]types.Message, error) {
	// loop: bridge begins
	tee := NewTee(toolspec.Limits{})
	resp, err := client.ConverseStream(ctx, &bedrockruntime.ConverseStreamInput{ModelId: aws.String("us.amazon.nova-micro-v1:0"), Messages: messages}, tee.Option())
	if err != nil {
		return nil, err
	}
	stream := resp.GetStream()
	for range stream.Events() {
	}
	_ = stream.Close() // an exception is the outcome's END-5
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	msg, err := AssistantMessage(out, Options{})
	if err != nil {
		return nil, err
	}
	var results []Result
	for _, c := range out.Calls {
		args, _ := Args(c) // a complete call's arguments are an object
		results = append(results, Result{Call: c, Content: tools(c.Name, args)})
	}
	messages = append(messages, msg, ResultMessage(results...))
	// loop: bridge ends
	return messages, nil
}

// TestLoop: both turns, on the ConverseStream captures with tool uses
// that the SDK's own loop reads, run the same calls and send the same
// messages back.
func TestLoop(t *testing.T) {
	for _, name := range []string{"nova-micro-text-then-tool.eventstream"} {
		c := load(t, name)
		client := newClient(&capture.Transport{Body: c.Wire})
		record := func(calls *[]string) run {
			return func(name string, args map[string]any) []types.ToolResultContentBlock {
				b, _ := document.NewLazyDocument(args).MarshalSmithyDocument()
				*calls = append(*calls, name+" "+string(b))
				return []types.ToolResultContentBlock{&types.ToolResultContentBlockMemberText{Value: "21°C"}}
			}
		}
		user := []types.Message{{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "go"}}}}
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
		if s, b := string(requestJSON(t, sdk...)), string(requestJSON(t, bridge...)); s != b {
			t.Errorf("%s: messages\nsdk    %s\nbridge %s", name, s, b)
		}
	}
}

// TestLoopCut: on a stream cut inside the tool use's input delta, the
// SDK ends the events without an error, so its loop sends back the text
// alone and no result; the bridge's refuses the turn, the outcome
// truncated.
func TestLoopCut(t *testing.T) {
	c := load(t, "nova-micro-text-then-tool.eventstream")
	i := bytes.Index(c.Wire, []byte(`"toolUse":{"input"`))
	if i < 0 {
		t.Fatal("no tool input delta")
	}
	client := newClient(&capture.Transport{Body: c.Wire[:i]})
	var calls []string
	tools := func(name string, args map[string]any) []types.ToolResultContentBlock {
		calls = append(calls, name)
		return nil
	}
	user := []types.Message{{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "go"}}}}
	if ms, err := turnSDK(context.Background(), client, user, tools); err != nil || len(calls) != 0 || len(ms) != 3 {
		t.Errorf("the SDK's loop: %v, calls %q; want no error, no call run", err, calls)
	}
	if _, err := turnBridge(context.Background(), client, user, tools); !errors.Is(err, toolspec.ErrTruncated) {
		t.Errorf("the bridge's loop: %v; want ErrTruncated", err)
	}
}
