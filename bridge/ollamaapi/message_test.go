package ollamaapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
	"github.com/toolspec/toolspec/bridge/ollamaapi"
)

// sdkDifferences lists, per capture, every way the bridge's message
// (AssistantMessage of the outcome) differs from the one loopSDK builds as
// Ollama's docs do. A capture not listed must give the same JSON.
var sdkDifferences = map[string][]string{}

// sdkRefused lists the captures whose outcome is not a whole success, and
// the reason AssistantMessage refuses them with.
var sdkRefused = map[string]error{
	"SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson": toolspec.ErrTruncated,
}

// TestAssistantMessageSDK compares AssistantMessage with the message of
// the docs' accumulation on every capture.
func TestAssistantMessageSDK(t *testing.T) {
	ws := wires(t)
	for name := range sdkDifferences {
		if ws[name] == nil {
			t.Errorf("sdkDifferences lists %s, which is no capture", name)
		}
	}
	for name, wire := range ws {
		out := toolspec.Reassemble(format, wire, toolspec.Limits{})
		m, err := ollamaapi.AssistantMessage(out, ollamaapi.Options{})
		if want, ok := sdkRefused[name]; ok {
			if !errors.Is(err, want) {
				t.Errorf("%s: AssistantMessage: %v, want an error wrapping %v", name, err, want)
			}
			continue
		}
		sdkMsgs, sdkErr := loopSDK(context.Background(), base, served(wire), request)
		if err != nil || sdkErr != nil {
			t.Errorf("%s: bridge %v, SDK %v", name, err, sdkErr)
			continue
		}
		sdk, _ := json.Marshal(sdkMsgs[len(request.Messages)])
		ours, _ := json.Marshal(m)
		got, err := jsondiff.Diff(sdk, ours)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := sdkDifferences[name]
		for _, line := range got {
			if !slices.Contains(want, line) {
				path, _, _ := strings.Cut(line, ":")
				t.Errorf("%s: a new difference %q: the SDK has %s, the bridge %s", name, line, jsondiff.Value(sdk, path), jsondiff.Value(ours, path))
			}
		}
		for _, line := range want {
			if !slices.Contains(got, line) {
				t.Errorf("%s: the listed difference %q is gone", name, line)
			}
		}
	}
}

// TestAssistantMessageOptions: AllowPartial on a truncated stream, the
// index by position, arguments that are not an object, another format,
// ToolMessage.
func TestAssistantMessageOptions(t *testing.T) {
	seed := toolspec.Reassemble(format, wires(t)["SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson"], toolspec.Limits{})
	m, err := ollamaapi.AssistantMessage(seed, ollamaapi.Options{AllowPartial: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(m)
	want := `{"role":"assistant","content":"","tool_calls":[{"id":"PpZ8JqRmm","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/hostname"}}},{"id":"DDe4wZqkx","function":{"index":1,"name":"read_file","arguments":{"path":"/etc/os-release"}}}]}`
	if string(b) != want {
		t.Errorf("AllowPartial: %s, want %s", b, want)
	}
	if _, err := ollamaapi.AssistantMessage(seed, ollamaapi.Options{AllowPartial: true, Message: 1}); err == nil {
		t.Error("message 1: no error")
	}
	seed.Calls[0].Args = `["not","an","object"]`
	if _, err := ollamaapi.AssistantMessage(seed, ollamaapi.Options{AllowPartial: true}); !errors.Is(err, ollamaapi.ErrNotCarried) {
		t.Errorf("array arguments: %v, want ErrNotCarried", err)
	}
	other := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte("data: [DONE]\n\n"), toolspec.Limits{})
	if _, err := ollamaapi.AssistantMessage(other, ollamaapi.Options{}); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("openai-chat outcome: %v", err)
	}
	b, _ = json.Marshal(ollamaapi.ToolMessage(toolspec.Call{ID: "call_1", Name: "weather"}, "18C"))
	if want := `{"role":"tool","content":"18C","tool_name":"weather","tool_call_id":"call_1"}`; string(b) != want {
		t.Errorf("ToolMessage: %s, want %s", b, want)
	}
}
