package goopenai_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"testing"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/goopenai"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

// The common agent loop's step, twice: stream a response, collect its tool
// calls, run them, and append the assistant message and the tool results
// to the messages of the next request. loopSDK does it with go-openai
// alone: it has no accumulator for streamed tool calls, so the deltas are
// merged by their index, as its users do. loopBridge does it with the
// bridge. The lines between the loop comments are the step's.

// runTool stands for the program's tools.
func runTool(name, args string) string { return fmt.Sprintf(`{"tool":%q,"args":%s}`, name, args) }

func loopSDK(ctx context.Context, hc *http.Client, cfg openai.ClientConfig, req openai.ChatCompletionRequest) ([]openai.ChatCompletionMessage, error) {
	// loop: sdk begins
	cfg.HTTPClient = hc
	stream, err := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(ctx, req)
	if err != nil {
		return nil, err
	}
	defer stream.Close()
	msg := openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant}
	for {
		chunk, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(chunk.Choices) == 0 {
			continue
		}
		delta := chunk.Choices[0].Delta
		msg.Content += delta.Content
		for _, tc := range delta.ToolCalls {
			i := 0
			if tc.Index != nil {
				i = *tc.Index
			}
			if i >= len(msg.ToolCalls) {
				tc.Index = nil
				msg.ToolCalls = append(msg.ToolCalls, tc)
				continue
			}
			msg.ToolCalls[i].Function.Arguments += tc.Function.Arguments
		}
	}
	messages := append(req.Messages, msg)
	for _, tc := range msg.ToolCalls {
		messages = append(messages, openai.ChatCompletionMessage{
			Role:       openai.ChatMessageRoleTool,
			ToolCallID: tc.ID,
			Content:    runTool(tc.Function.Name, tc.Function.Arguments),
		})
	}
	// loop: sdk ends
	return messages, nil
}

func loopBridge(ctx context.Context, hc *http.Client, cfg openai.ClientConfig, req openai.ChatCompletionRequest) ([]openai.ChatCompletionMessage, error) {
	// loop: bridge begins
	tee := goopenai.NewTee(toolspec.Limits{})
	cfg.HTTPClient = tee.Client(hc)
	stream, err := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(ctx, req)
	if err != nil {
		return nil, err
	}
	defer stream.Close()
	for _, err := stream.Recv(); err == nil; _, err = stream.Recv() {
	}
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	msg, err := goopenai.AssistantMessage(out, goopenai.Options{})
	if err != nil {
		return nil, err
	}
	messages := append(req.Messages, msg)
	for _, c := range out.Calls {
		messages = append(messages, goopenai.ToolMessage(c.ID, runTool(c.Name, c.Args)))
	}
	// loop: bridge ends
	return messages, nil
}

// config returns the client config of the loops.
func config() openai.ClientConfig {
	cfg := openai.DefaultConfig("test")
	cfg.BaseURL = "http://loop.test/v1"
	return cfg
}

// served returns an HTTP client whose requests serve wire.
func served(wire []byte) *http.Client {
	return &http.Client{Transport: &capture.Transport{Body: wire}}
}

// calls lists the calls and results of messages, one a line.
func calls(messages []openai.ChatCompletionMessage) []string {
	var lines []string
	for _, m := range messages {
		for _, tc := range m.ToolCalls {
			lines = append(lines, "call "+tc.ID+" "+tc.Function.Name+" "+tc.Function.Arguments)
		}
		if m.Role == openai.ChatMessageRoleTool {
			lines = append(lines, "result "+m.ToolCallID+" "+m.Content)
		}
	}
	return lines
}

// loopDifferences lists the captures on which the two loops send different
// calls back, and why.
var loopDifferences = map[string]string{}

// TestLoops: on every capture with calls and no error, the two loops send
// the same calls and results back, but on the captures of
// loopDifferences; on the error capture both fail.
func TestLoops(t *testing.T) {
	compared := 0
	for _, c := range load(t) {
		sdk, sdkErr := loopSDK(context.Background(), served(c.Wire), config(), request)
		bridge, bridgeErr := loopBridge(context.Background(), served(c.Wire), config(), request)
		if (sdkErr == nil) != (bridgeErr == nil) {
			t.Errorf("%s: the SDK's loop: %v; the bridge's: %v", c.Name, sdkErr, bridgeErr)
			continue
		}
		if sdkErr != nil {
			continue
		}
		s, b := calls(sdk), calls(bridge)
		why, listed := loopDifferences[c.Name]
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
