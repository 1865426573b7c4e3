package ollamaapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"testing"

	"github.com/ollama/ollama/api"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/ollamaapi"
)

// The common agent loop's step, twice: stream a response, collect its tool
// calls, run them, and append the assistant message and the tool results
// to the messages of the next request. loopSDK does it with Ollama's client
// alone, as its tool-calling docs do for a stream ("gather every chunk of
// thinking, content, and tool_calls"); loopBridge does it with the bridge.
// The lines between the loop comments are the step's.

// runTool stands for the program's tools.
func runTool(name, args string) string {
	return fmt.Sprintf(`{"tool":%q,"args":%s}`, name, args)
}

func loopSDK(ctx context.Context, base *url.URL, hc *http.Client, req *api.ChatRequest) ([]api.Message, error) {
	// loop: sdk begins
	client := api.NewClient(base, hc)
	msg := api.Message{Role: "assistant"}
	err := client.Chat(ctx, req, func(r api.ChatResponse) error {
		msg.Thinking += r.Message.Thinking
		msg.Content += r.Message.Content
		msg.ToolCalls = append(msg.ToolCalls, r.Message.ToolCalls...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	messages := append(req.Messages, msg)
	for _, tc := range msg.ToolCalls {
		messages = append(messages, api.Message{
			Role:       "tool",
			ToolName:   tc.Function.Name,
			ToolCallID: tc.ID,
			Content:    runTool(tc.Function.Name, tc.Function.Arguments.String()),
		})
	}
	// loop: sdk ends
	return messages, nil
}

func loopBridge(ctx context.Context, base *url.URL, hc *http.Client, req *api.ChatRequest) ([]api.Message, error) {
	// loop: bridge begins
	tee := ollamaapi.NewTee(toolspec.Limits{})
	client := api.NewClient(base, tee.Client(hc))
	if err := client.Chat(ctx, req, func(api.ChatResponse) error { return nil }); err != nil {
		return nil, err
	}
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	msg, err := ollamaapi.AssistantMessage(out, ollamaapi.Options{})
	if err != nil {
		return nil, err
	}
	messages := append(req.Messages, msg)
	for _, c := range out.Calls {
		messages = append(messages, ollamaapi.ToolMessage(c, runTool(c.Name, c.Args)))
	}
	// loop: bridge ends
	return messages, nil
}

// served returns an HTTP client whose requests serve wire.
func served(wire []byte) *http.Client {
	return &http.Client{Transport: &capture.Transport{Body: wire}}
}

// calls lists the calls and results of messages, one a line, the
// arguments as the client's type encodes them.
func calls(messages []api.Message) []string {
	var lines []string
	for _, m := range messages {
		for _, tc := range m.ToolCalls {
			lines = append(lines, "call "+tc.ID+" "+tc.Function.Name+" "+tc.Function.Arguments.String())
		}
		if m.Role == "tool" {
			lines = append(lines, "result "+m.ToolCallID+" "+m.ToolName+" "+m.Content)
		}
	}
	return lines
}

// loopDifferences lists the captures on which the two loops differ, and
// how.
var loopDifferences = map[string]string{
	// The capture has no done line: the bridge refuses an outcome cut short
	// (truncated), where the client's loop sends the calls back as if the
	// stream were whole.
	"SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson": "the bridge refuses the truncated stream",
}

// TestLoops: on every capture, the two loops send the same calls and
// results back (the capture without calls sends none), but on the
// captures of loopDifferences.
func TestLoops(t *testing.T) {
	sentCalls := 0
	for name, wire := range wires(t) {
		sdk, sdkErr := loopSDK(context.Background(), base, served(wire), request)
		bridge, bridgeErr := loopBridge(context.Background(), base, served(wire), request)
		if _, listed := loopDifferences[name]; listed {
			if sdkErr != nil || bridgeErr == nil {
				t.Errorf("%s: the listed difference is gone: the SDK's loop %v, the bridge's %v", name, sdkErr, bridgeErr)
			}
			continue
		}
		if sdkErr != nil || bridgeErr != nil {
			t.Errorf("%s: the SDK's loop: %v; the bridge's: %v", name, sdkErr, bridgeErr)
			continue
		}
		s, b := calls(sdk), calls(bridge)
		if !reflect.DeepEqual(s, b) {
			t.Errorf("%s: the SDK's loop sends\n%q\nthe bridge's\n%q", name, s, b)
		}
		sentCalls += len(s)
	}
	if sentCalls == 0 {
		t.Error("no capture sent calls back")
	}
}
