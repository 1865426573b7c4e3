package openaichat_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/openaichat"
)

// The common agent loop's step, twice: stream a response, collect its tool
// calls, run them, and append the assistant message and the tool results
// to the messages of the next request. loopSDK does it with openai-go
// alone, with its ChatCompletionAccumulator (AddChunk checked, as its
// contracts ask) and ToParam; loopBridge does it with the bridge. The
// lines between the loop comments are the step's.

// runTool stands for the program's tools.
func runTool(name, args string) string { return fmt.Sprintf(`{"tool":%q,"args":%s}`, name, args) }

func loopSDK(ctx context.Context, client openai.Client, params openai.ChatCompletionNewParams) ([]openai.ChatCompletionMessageParamUnion, error) {
	// loop: sdk begins
	stream := client.Chat.Completions.NewStreaming(ctx, params)
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		if !acc.AddChunk(stream.Current()) {
			_ = stream.Close()
			return nil, errors.New("a chunk could not be accumulated")
		}
	}
	if err := stream.Err(); err != nil {
		return nil, err
	}
	if len(acc.Choices) == 0 {
		return nil, errors.New("no choice")
	}
	msg := acc.Choices[0].Message
	messages := append(params.Messages, msg.ToParam())
	for _, tc := range msg.ToolCalls {
		messages = append(messages, openai.ToolMessage(runTool(tc.Function.Name, tc.Function.Arguments), tc.ID))
	}
	// loop: sdk ends
	return messages, nil
}

func loopBridge(ctx context.Context, client openai.Client, params openai.ChatCompletionNewParams) ([]openai.ChatCompletionMessageParamUnion, error) {
	// loop: bridge begins
	tee := openaichat.NewTee(toolspec.Limits{})
	stream := client.Chat.Completions.NewStreaming(ctx, params, tee.Option())
	for stream.Next() {
	}
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	msg, err := openaichat.AssistantMessage(out, openaichat.Options{})
	if err != nil {
		return nil, err
	}
	messages := append(params.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &msg})
	for _, c := range out.Calls {
		messages = append(messages, openai.ToolMessage(runTool(c.Name, c.Args), c.ID))
	}
	// loop: bridge ends
	return messages, nil
}

// sent lists the calls and results of messages, one a line, read from
// their JSON (ToParam keeps the message's raw JSON, not its fields).
func sent(t *testing.T, messages []openai.ChatCompletionMessageParamUnion) []string {
	t.Helper()
	b, err := json.Marshal(messages)
	if err != nil {
		t.Fatal(err)
	}
	var ms []struct {
		Role      string
		Content   any
		ToolCalls []struct {
			ID       string
			Function struct{ Name, Arguments string }
		} `json:"tool_calls"`
		ToolCallID string `json:"tool_call_id"`
	}
	if err := json.Unmarshal(b, &ms); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, m := range ms {
		for _, tc := range m.ToolCalls {
			lines = append(lines, "call "+tc.ID+" "+tc.Function.Name+" "+tc.Function.Arguments)
		}
		if m.Role == "tool" {
			lines = append(lines, fmt.Sprint("result ", m.ToolCallID, " ", m.Content))
		}
	}
	return lines
}

// loopDifferences lists the captures on which the two loops send
// different calls back, and why.
var loopDifferences = map[string]string{
	"mistral-large-2calls-one-chunk.sse": "the SDK's ToParam sends a call whose deltas carry no type (Mistral sends none) as null, and the results of the calls it lost",
	"mistral-small-no-index.jsonl":       "the SDK's ToParam sends a call whose deltas carry no type (Mistral sends none) as null, and the result of the call it lost",
}

// TestLoops: on every capture, the two loops send the same calls and
// results back, but on the captures of loopDifferences; on the error
// capture both fail.
func TestLoops(t *testing.T) {
	params := openai.ChatCompletionNewParams{Model: "test", Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather?")}}
	compared := 0
	for _, c := range capture.Load(t, string(toolspec.FormatOpenAIChat), false) {
		client := func() openai.Client {
			return openai.NewClient(option.WithHTTPClient(&http.Client{Transport: &capture.Transport{Body: c.Wire}}),
				option.WithAPIKey("test"), option.WithBaseURL("http://loop.test/v1/"), option.WithMaxRetries(0))
		}
		sdk, sdkErr := loopSDK(context.Background(), client(), params)
		bridge, bridgeErr := loopBridge(context.Background(), client(), params)
		if (sdkErr == nil) != (bridgeErr == nil) {
			t.Errorf("%s: the SDK's loop: %v; the bridge's: %v", c.Name, sdkErr, bridgeErr)
			continue
		}
		if sdkErr != nil {
			continue
		}
		s, b := sent(t, sdk), sent(t, bridge)
		why, listed := loopDifferences[c.Name]
		if listed {
			t.Logf("%s: %s:\nthe SDK's loop sends %q\nthe bridge's %q", c.Name, why, s, b)
		}
		switch {
		case listed && reflect.DeepEqual(s, b):
			t.Errorf("%s: the listed difference (%s) is gone", c.Name, why)
		case !listed && (!reflect.DeepEqual(s, b) || len(s) == 0):
			t.Errorf("%s: the SDK's loop sends\n%q\nthe bridge's\n%q", c.Name, s, b)
		}
		compared++
	}
	if compared == 0 {
		t.Error("no capture compared")
	}
}
