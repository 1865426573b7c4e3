package openairesp

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
)

// sdkDifferences lists, per capture, every way the bridge's input items
// (InputItems of the tee's outcome) differ from the SDK's (the item of each
// response.output_item.done event of a function or custom tool call,
// AsFunctionCall().ToParam()). A capture not listed must give the same
// JSON. The test fails when a listed difference disappears or an unlisted
// one appears.
var sdkDifferences = map[string][]string{
	// Every call item: the SDK's ToParam copies the item's status; the
	// bridge leaves it out, the API setting it ("Populated when items are
	// returned via API", the param's doc).
	"azure-tool-call-obfuscation.jsonl":      {"[0].status: only in the SDK"},
	"bedrock-mantle-data-before-event-1.sse": {"[0].status: only in the SDK"},
	"deepseek-responses-reasoning-tool.sse":  {"[0].status: only in the SDK"},
	"lmstudio-tool-call-no-deltas.jsonl":     {"[0].status: only in the SDK"},
	"openai-gpt-4o-2calls.sse":               {"[0].status: only in the SDK", "[1].status: only in the SDK"},
	"openai-gpt-5-reasoning-2calls.sse":      {"[0].status: only in the SDK", "[1].status: only in the SDK"},
}

// sdkRefused lists the captures whose outcome is not a whole success, and
// the reason InputItems refuses them with.
var sdkRefused = map[string]error{
	"openai-error-insufficient-quota.jsonl": toolspec.ErrViolation,
	"openai-error-rate-limited.sse":         toolspec.ErrViolation,
}

// sdkItems reads wire with the SDK, collecting the call items of the
// response.output_item.done events as input item params, and returns
// them as JSON with the tee's outcome of the same stream.
func sdkItems(t *testing.T, wire []byte) ([]byte, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	s := stream(&capture.Transport{Body: wire}, tee.Option())
	items := []responses.ResponseInputItemUnionParam{}
	for s.Next() {
		ev := s.Current()
		if ev.Type != "response.output_item.done" {
			continue
		}
		switch ev.Item.Type {
		case "function_call":
			p := ev.Item.AsFunctionCall().ToParam()
			items = append(items, responses.ResponseInputItemUnionParam{OfFunctionCall: &p})
		case "custom_tool_call":
			p := ev.Item.AsCustomToolCall().ToParam()
			items = append(items, responses.ResponseInputItemUnionParam{OfCustomToolCall: &p})
		}
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(items)
	if err != nil {
		t.Fatal(err)
	}
	return b, out
}

// TestInputItemsSDK compares InputItems with the SDK's own items on every
// capture: equal JSON, but for the differences of sdkDifferences.
func TestInputItemsSDK(t *testing.T) {
	caps := load(t)
	names := map[string]bool{}
	for _, c := range caps {
		names[c.Name] = true
	}
	for name := range sdkDifferences {
		if !names[name] {
			t.Errorf("sdkDifferences lists %s, which is no capture", name)
		}
	}
	for _, c := range caps {
		sdk, out := sdkItems(t, c.Wire)
		items, err := InputItems(out, Options{})
		if want, ok := sdkRefused[c.Name]; ok {
			if !errors.Is(err, want) {
				t.Errorf("%s: InputItems: %v, want an error wrapping %v", c.Name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		if len(items) == 0 {
			t.Errorf("%s: no items", c.Name)
		}
		ours, err := json.Marshal(items)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jsondiff.Diff(sdk, ours)
		if err != nil {
			t.Fatal(err)
		}
		want := sdkDifferences[c.Name]
		for _, line := range got {
			if !slices.Contains(want, line) {
				path, _, _ := strings.Cut(line, ":")
				t.Errorf("%s: a new difference %q: the SDK has %s, the bridge %s", c.Name, line, jsondiff.Value(sdk, path), jsondiff.Value(ours, path))
			}
		}
		for _, line := range want {
			if !slices.Contains(got, line) {
				t.Errorf("%s: the listed difference %q is gone", c.Name, line)
			}
		}
	}
}

// TestInputItemsErrors: another format, a response not in the outcome, a
// cut stream (refused, and with AllowPartial its incomplete call left
// out), a custom call, and a client-side item call not carried.
func TestInputItemsErrors(t *testing.T) {
	var c capture.Capture
	for _, x := range load(t) {
		if x.Name == "openai-gpt-4o-2calls.sse" {
			c = x
		}
	}
	out := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
	if _, err := InputItems(out, Options{Message: 1}); err == nil {
		t.Error("response 1: no error")
	}
	other := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte("data: [DONE]\n\n"), toolspec.Limits{})
	if _, err := InputItems(other, Options{}); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("another format: %v", err)
	}
	i := strings.Index(string(c.Wire), "response.function_call_arguments.done")
	cut := toolspec.Reassemble(format, c.Wire[:i], toolspec.Limits{})
	if _, err := InputItems(cut, Options{}); !errors.Is(err, toolspec.ErrTruncated) {
		t.Errorf("cut: %v, want ErrTruncated", err)
	}
	items, err := InputItems(cut, Options{AllowPartial: true})
	if err != nil || len(items) != 0 {
		t.Errorf("cut, AllowPartial: %d items, %v; want none", len(items), err)
	}

	custom := `data: {"type":"response.created","response":{"id":"r","output":[]}}

data: {"type":"response.output_item.added","output_index":0,"item":{"type":"custom_tool_call","id":"ctc_1","call_id":"call_1","name":"shell","input":""}}

data: {"type":"response.custom_tool_call_input.delta","output_index":0,"item_id":"ctc_1","delta":"ls"}

data: {"type":"response.custom_tool_call_input.done","output_index":0,"item_id":"ctc_1","input":"ls"}

data: {"type":"response.output_item.done","output_index":0,"item":{"type":"custom_tool_call","id":"ctc_1","call_id":"call_1","name":"shell","input":"ls"}}

data: {"type":"response.completed","response":{"id":"r","status":"completed","output":[]}}

`
	o := toolspec.Reassemble(format, []byte(custom), toolspec.Limits{})
	items, err = InputItems(o, Options{})
	if err != nil {
		t.Fatalf("custom: %v\n%s", err, o)
	}
	b, _ := json.Marshal(items)
	if want := `[{"call_id":"call_1","input":"ls","name":"shell","id":"ctc_1","type":"custom_tool_call"}]`; string(b) != want {
		t.Errorf("custom: %s, want %s", b, want)
	}
	o.Calls[0].Kind = toolspec.CallComputer
	if _, err := InputItems(o, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("computer call: %v, want ErrNotCarried", err)
	}
}

// TestOutputs: the result items carry the call id and the output text.
func TestOutputs(t *testing.T) {
	b, _ := json.Marshal([]responses.ResponseInputItemUnionParam{FunctionCallOutput("call_1", "18C"), CustomToolCallOutput("call_2", "ok")})
	want := `[{"output":"18C","call_id":"call_1","type":"function_call_output"},{"call_id":"call_2","output":"ok","type":"custom_tool_call_output"}]`
	if string(b) != want {
		t.Errorf("%s, want %s", b, want)
	}
}
