package goopenai_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/goopenai"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
)

// chunk renders one SSE event of a chat stream with delta d for choice 0.
func chunk(d string) string {
	return `data: {"id":"c","choices":[{"index":0,"delta":` + d + `}]}` + "\n\n"
}

// finish renders the finish of choice 0.
func finish(reason string) string {
	return `data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"` + reason + `"}]}` + "\n\ndata: [DONE]\n\n"
}

// built are streams that show what no capture shows, compared like the
// captures.
var built = map[string]string{
	// LiteLLM's proxy, Fireworks, DeepSeek and Qwen repeat id, type and
	// name on every delta of a call.
	"built/repeated-name": chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":"}}]}`) +
		chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"\"x\"}"}}]}`) + finish("tool_calls"),
	// Text, a call, text: the texts, joined, are the content.
	"built/text-call-text": chunk(`{"role":"assistant","content":"Let me "}`) + chunk(`{"content":"look."}`) +
		chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{}"}}]}`) +
		chunk(`{"content":" Done."}`) + finish("tool_calls"),
	// A refusal (END-8).
	"built/refusal": chunk(`{"role":"assistant","refusal":"I can't help with that."}`) + finish("stop"),
}

// sdkDifferences lists, per capture (or built stream), every way the
// bridge's message (AssistantMessage of the tee's outcome) differs from the
// one loopSDK builds by merging go-openai's deltas by index. A capture not
// listed must give the same JSON. The test fails when a listed difference
// disappears or an unlisted one appears.
var sdkDifferences = map[string][]string{
	// Mistral sends no type on its calls' deltas: the merge copies the
	// empty type into the request ("type":""); the bridge sends function.
	"mistral-large-2calls-one-chunk.sse": {"tool_calls[0].type: differs", "tool_calls[1].type: differs"},
	"mistral-small-no-index.jsonl":       {"tool_calls[0].type: differs"},
	// The merge keeps the content and the calls, as the loops need; a
	// refusal (delta.refusal) is lost unless it is merged too.
	"built/refusal": {"refusal: only in the bridge"},
}

// sdkRefused lists the captures whose outcome is not a whole success.
var sdkRefused = map[string]error{
	"groq-gpt-oss-120b-tool-use-failed-error.sse": toolspec.ErrViolation,
}

// TestAssistantMessageSDK compares AssistantMessage with the message of the
// merge by index on every capture and built stream.
func TestAssistantMessageSDK(t *testing.T) {
	streams := map[string][]byte{}
	for _, c := range load(t) {
		streams[c.Name] = c.Wire
	}
	for name, s := range built {
		streams[name] = []byte(s)
	}
	for name := range sdkDifferences {
		if streams[name] == nil {
			t.Errorf("sdkDifferences lists %s, which is no capture or built stream", name)
		}
	}
	for name, wire := range streams {
		sdkMsgs, sdkErr := loopSDK(context.Background(), served(wire), config(), request)
		out := toolspec.Reassemble(format, wire, toolspec.Limits{})
		m, err := goopenai.AssistantMessage(out, goopenai.Options{})
		if want, ok := sdkRefused[name]; ok {
			if !errors.Is(err, want) {
				t.Errorf("%s: AssistantMessage: %v, want an error wrapping %v", name, err, want)
			}
			continue
		}
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

// outcome reassembles a built stream.
func outcome(s string) toolspec.Outcome {
	return toolspec.Reassemble(format, []byte(s), toolspec.Limits{})
}

// TestAssistantMessageOptions: refusal of a cut stream and AllowPartial,
// reasoning on request, the choice chosen, signatures and custom calls
// not carried, another format.
func TestAssistantMessageOptions(t *testing.T) {
	cut := chunk(`{"role":"assistant","reasoning_content":"Thinking.","content":"Looking."}`) +
		chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"a","arguments":"{\"q\":"}}]}`)
	if _, err := goopenai.AssistantMessage(outcome(cut), goopenai.Options{}); !errors.Is(err, toolspec.ErrTruncated) {
		t.Errorf("cut: %v, want ErrTruncated", err)
	}
	m, err := goopenai.AssistantMessage(outcome(cut), goopenai.Options{AllowPartial: true, Reasoning: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(m)
	if want := `{"role":"assistant","content":"Looking.","reasoning_content":"Thinking."}`; string(b) != want {
		t.Errorf("AllowPartial: %s, want %s", b, want)
	}
	if _, err := goopenai.AssistantMessage(outcome(cut), goopenai.Options{AllowPartial: true, Choice: 1}); err == nil {
		t.Error("choice 1: no error")
	}
	if _, err := goopenai.AssistantMessage(outcome(cut), goopenai.Options{AllowPartial: true, Message: 1}); err == nil {
		t.Error("message 1: no error")
	}

	sig := chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{}"},"extra_content":{"google":{"thought_signature":"c2ln"}}}]}`) + finish("tool_calls")
	if _, err := goopenai.AssistantMessage(outcome(sig), goopenai.Options{}); !errors.Is(err, goopenai.ErrNotCarried) {
		t.Errorf("signature: %v, want ErrNotCarried", err)
	}
	m, err = goopenai.AssistantMessage(outcome(sig), goopenai.Options{DropSignatures: true})
	if err != nil || len(m.ToolCalls) != 1 {
		t.Errorf("DropSignatures: %+v, %v", m, err)
	}
	custom := chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"custom","custom":{"name":"shell","input":"ls"}}]}`) + finish("tool_calls")
	if _, err := goopenai.AssistantMessage(outcome(custom), goopenai.Options{}); !errors.Is(err, goopenai.ErrNotCarried) {
		t.Errorf("custom: %v, want ErrNotCarried", err)
	}
	other := toolspec.Reassemble(toolspec.FormatOllama, []byte(`{"message":{"role":"assistant","content":"hi"},"done":true}`+"\n"), toolspec.Limits{})
	if _, err := goopenai.AssistantMessage(other, goopenai.Options{}); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("ollama outcome: %v", err)
	}
	b, _ = json.Marshal(goopenai.ToolMessage("call_1", "18C"))
	if want := `{"role":"tool","content":"18C","tool_call_id":"call_1"}`; string(b) != want {
		t.Errorf("ToolMessage: %s, want %s", b, want)
	}
	_ = openai.ChatMessageRoleTool
}
