package openairesp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/openairesp"
)

// The common agent loop's step, twice: stream a response, collect its
// function calls, run them, and append the calls and their results to the
// input of the next request. loopSDK does it with openai-go alone, as its
// README's tool-calling and streaming examples show; loopBridge with the
// bridge. The lines between the loop comments are the step's.

// runTool stands for the program's tools.
func runTool(name, args string) string { return fmt.Sprintf(`{"tool":%q,"args":%s}`, name, args) }

func loopSDK(ctx context.Context, client openai.Client, params responses.ResponseNewParams) ([]responses.ResponseInputItemUnionParam, error) {
	// loop: sdk begins
	stream := client.Responses.NewStreaming(ctx, params)
	var calls []responses.ResponseFunctionToolCall
	for stream.Next() {
		ev := stream.Current()
		if ev.Type == "response.output_item.done" && ev.Item.Type == "function_call" {
			calls = append(calls, ev.Item.AsFunctionCall())
		}
	}
	if err := stream.Err(); err != nil {
		return nil, err
	}
	input := params.Input.OfInputItemList
	for _, c := range calls {
		p := c.ToParam()
		input = append(input, responses.ResponseInputItemUnionParam{OfFunctionCall: &p})
	}
	for _, c := range calls {
		result := responses.ResponseInputItemParamOfFunctionCallOutput(runTool(c.Name, c.Arguments))
		result.OfFunctionCallOutput.CallID = openai.String(c.CallID)
		input = append(input, result)
	}
	// loop: sdk ends
	return input, nil
}

func loopBridge(ctx context.Context, client openai.Client, params responses.ResponseNewParams) ([]responses.ResponseInputItemUnionParam, error) {
	// loop: bridge begins
	tee := openairesp.NewTee(toolspec.Limits{})
	stream := client.Responses.NewStreaming(ctx, params, tee.Option())
	for stream.Next() {
	}
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	calls, err := openairesp.InputItems(out, openairesp.Options{})
	if err != nil {
		return nil, err
	}
	input := append(params.Input.OfInputItemList, calls...)
	for _, c := range out.Calls {
		input = append(input, openairesp.FunctionCallOutput(c.ID, runTool(c.Name, c.Args)))
	}
	// loop: bridge ends
	return input, nil
}

// sent lists the calls and results an input holds, one a line, read
// from its JSON (the SDK's ToParam keeps the item's raw JSON, not fields).
func sent(t *testing.T, input []responses.ResponseInputItemUnionParam) []string {
	t.Helper()
	b, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	var items []struct {
		Type, Name, Arguments, Output string
		CallID                        string `json:"call_id"`
	}
	if err := json.Unmarshal(b, &items); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, it := range items {
		switch it.Type {
		case "function_call":
			lines = append(lines, "call "+it.CallID+" "+it.Name+" "+it.Arguments)
		case "function_call_output":
			lines = append(lines, "result "+it.CallID+" "+it.Output)
		}
	}
	return lines
}

// TestLoops: on every capture with calls and no error, the two loops send
// the same calls and results back; on the error captures both fail.
func TestLoops(t *testing.T) {
	params := responses.ResponseNewParams{Model: "test", Input: responses.ResponseNewParamsInputUnion{
		OfInputItemList: []responses.ResponseInputItemUnionParam{responses.ResponseInputItemParamOfMessage("Weather?", responses.EasyInputMessageRoleUser)},
	}}
	compared := 0
	for _, c := range capture.Load(t, string(toolspec.FormatOpenAIResponses), true) {
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
		if !reflect.DeepEqual(s, b) || len(s) == 0 || strings.HasPrefix(s[0], "call  ") {
			t.Errorf("%s: the SDK's loop sends\n%q\nthe bridge's\n%q", c.Name, s, b)
		}
		compared++
	}
	if compared == 0 {
		t.Error("no capture compared")
	}
}
