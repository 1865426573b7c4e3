package openaichat

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
)

// chunk renders one SSE event of a chat stream with delta d for choice 0.
func chunk(d string) string {
	return `data: {"id":"c","choices":[{"index":0,"delta":` + d + `}]}` + "\n\n"
}

// finish renders the finish of choice i.
func finish(i, reason string) string {
	return `data: {"id":"c","choices":[{"index":` + i + `,"delta":{},"finish_reason":"` + reason + `"}]}` + "\n\n"
}

// built are streams that show what no capture shows, compared with the
// SDK like the captures.
var built = map[string]string{
	// LiteLLM's proxy, Fireworks, DeepSeek and Qwen repeat id, type and
	// name on every delta of a call.
	"built/repeated-name": chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":"}}]}`) +
		chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"\"x\"}"}}]}`) +
		finish("0", "tool_calls") + "data: [DONE]\n\n",
	// Text, a call, text (as avian's Kimi sends): the texts, joined, are
	// the content.
	"built/text-call-text": chunk(`{"role":"assistant","content":"Let me "}`) + chunk(`{"content":"look."}`) +
		chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{}"}}]}`) +
		chunk(`{"content":" Done."}`) + finish("0", "tool_calls") + "data: [DONE]\n\n",
	// A refusal: a refusal item, sent back as the refusal (END-8).
	"built/refusal": chunk(`{"role":"assistant","refusal":"I can't help with that."}`) + finish("0", "stop") + "data: [DONE]\n\n",
	// Gemini's OpenAI-compatible layer puts the thought signature in the
	// call's extra_content, and wants it back.
	"built/extra-content": chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":1}"},"extra_content":{"google":{"thought_signature":"c2ln"}}}]}`) +
		finish("0", "tool_calls") + "data: [DONE]\n\n",
	// A custom (freeform) tool call.
	"built/custom": chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"custom","custom":{"name":"shell","input":"ls -l"}}]}`) +
		chunk(`{"tool_calls":[{"index":0,"custom":{"input":" /tmp"}}]}`) +
		finish("0", "tool_calls") + "data: [DONE]\n\n",
}

// difference is one way the bridge's message param differs from the SDK's
// accumulation, on one capture, and why.
type difference struct {
	line string // as jsondiff.Diff words it
	why  string
}

// sdkDifferences lists, per capture (or built stream), every way the
// bridge's message (AssistantMessage of the tee's outcome, choice 0)
// differs from the SDK's (ChatCompletionAccumulator, then
// Choices[0].Message.ToParam()). A capture not listed must give the same
// JSON. The test fails when a listed difference disappears or an unlisted
// one appears.
var sdkDifferences = map[string][]difference{
	"mistral-large-2calls-one-chunk.sse": {
		{"tool_calls[0]: differs", "the SDK's ToParam drops a call whose deltas carry no type (Mistral sends none): null"},
		{"tool_calls[1]: differs", "the same, for the second call"},
	},
	"mistral-small-no-index.jsonl": {
		{"tool_calls[0]: differs", "the SDK's ToParam drops a call whose deltas carry no type (Mistral sends none): null"},
	},
	"built/repeated-name": {
		{"tool_calls[0].function.name: differs", "the SDK appends the name of every delta: searchsearch"},
	},
	"built/extra-content": {
		{"tool_calls[0].extra_content: only in the bridge", "the SDK drops extra_content; the bridge sends the call's signature back"},
	},
	"built/custom": {
		{"tool_calls[0].custom: only in the bridge", "the SDK's chunk deltas have no custom member: its call keeps its id and type, and loses its name and input"},
	},
}

// sdkRefused lists the captures whose outcome is not a whole success, and
// the reason AssistantMessage refuses them with.
var sdkRefused = map[string]error{
	groq: toolspec.ErrViolation, // END-5: Groq's tool_use_failed
}

// sdkMessage accumulates wire with the SDK as its streaming example does
// and returns the first choice's message param as JSON, with the tee's
// outcome of the same stream.
func sdkMessage(t *testing.T, wire []byte) ([]byte, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	s := stream(&capture.Transport{Body: wire}, tee.Option())
	var acc openai.ChatCompletionAccumulator
	for s.Next() {
		acc.AddChunk(s.Current())
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	if len(acc.Choices) == 0 {
		return nil, out
	}
	sdk, err := json.Marshal(acc.Choices[0].Message.ToParam())
	if err != nil {
		t.Fatal(err)
	}
	return sdk, out
}

// TestAssistantMessageSDK compares AssistantMessage with the SDK's own
// accumulation on every capture and built stream: equal JSON, but for the
// differences of sdkDifferences.
func TestAssistantMessageSDK(t *testing.T) {
	streams := map[string][]byte{}
	for _, c := range capture.Load(t, string(format), false) {
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
		sdk, out := sdkMessage(t, wire)
		p, err := AssistantMessage(out, Options{})
		if want, ok := sdkRefused[name]; ok {
			if !errors.Is(err, want) {
				t.Errorf("%s: AssistantMessage: %v, want an error wrapping %v", name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ours, err := json.Marshal(openai.ChatCompletionMessageParamUnion{OfAssistant: &p})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := jsondiff.Diff(sdk, ours)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want []string
		for _, d := range sdkDifferences[name] {
			want = append(want, d.line)
		}
		for _, line := range got {
			if !slices.Contains(want, line) {
				path, _, _ := strings.Cut(line, ":")
				t.Errorf("%s: a new difference %q: the SDK has %s, the bridge %s", name, line, jsondiff.Value(sdk, path), jsondiff.Value(ours, path))
			}
		}
		for _, d := range sdkDifferences[name] {
			if !slices.Contains(got, d.line) {
				t.Errorf("%s: the listed difference %q (%s) is gone", name, d.line, d.why)
			}
		}
	}
}

// outcome reassembles a built stream.
func outcome(s string) toolspec.Outcome {
	return toolspec.Reassemble(format, []byte(s), toolspec.Limits{})
}

func marshal(t *testing.T, p openai.ChatCompletionAssistantMessageParam) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAssistantMessageRefuses: an outcome that is not a whole success is
// refused with its own error (errors.Is finds the reason); AllowPartial
// keeps the text and leaves out the calls that are not complete.
func TestAssistantMessageRefuses(t *testing.T) {
	cut := chunk(`{"role":"assistant","content":"Looking."}`) + chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"a","arguments":"{}"}}]}`) +
		chunk(`{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"b","arguments":"{\"q\":"}}]}`)
	out := outcome(cut)
	if _, err := AssistantMessage(out, Options{}); !errors.Is(err, toolspec.ErrTruncated) || !errors.Is(err, toolspec.ErrIncomplete) {
		t.Fatalf("AssistantMessage of a cut stream: %v, want ErrTruncated and ErrIncomplete", err)
	}
	p, err := AssistantMessage(out, Options{AllowPartial: true})
	if err != nil {
		t.Fatal(err)
	}
	// The first call is incomplete too: no finish closed it.
	want := `{"content":"Looking.","role":"assistant"}`
	if got := marshal(t, p); got != want {
		t.Errorf("AllowPartial: %s, want %s", got, want)
	}

	// Length: the call before the cut is complete... only its finish says so.
	length := chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"a","arguments":"{\"q\":"}}]}`) + finish("0", "length") + "data: [DONE]\n\n"
	if _, err := AssistantMessage(outcome(length), Options{}); !errors.Is(err, toolspec.ErrLength) {
		t.Errorf("AssistantMessage of a length stop: %v, want ErrLength", err)
	}
	if _, err := AssistantMessage(outcome(length), Options{AllowPartial: true}); err == nil || !strings.Contains(err.Error(), "neither text, a refusal nor a complete call") {
		t.Errorf("AllowPartial of a lone incomplete call: %v, want the no-content error", err)
	}
}

// TestAssistantMessageChoices: the choice and message chosen, and the
// errors for those not in the outcome, another format, and a call with two
// signatures.
func TestAssistantMessageChoices(t *testing.T) {
	two := `data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","content":"zero"}},{"index":1,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_9","type":"function","function":{"name":"f","arguments":"{\"n\":1}"}}]}}]}` + "\n\n" +
		finish("0", "stop") + finish("1", "tool_calls") + "data: [DONE]\n\n"
	out := outcome(two)
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{}, `{"content":"zero","role":"assistant"}`},
		{Options{Choice: 1}, `{"tool_calls":[{"id":"call_9","function":{"arguments":"{\"n\":1}","name":"f"},"type":"function"}],"role":"assistant"}`},
	} {
		p, err := AssistantMessage(out, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshal(t, p); got != c.want {
			t.Errorf("%+v: %s, want %s", c.opt, got, c.want)
		}
	}
	for _, opt := range []Options{{Choice: 2}, {Message: 1}, {Message: -1}} {
		if _, err := AssistantMessage(out, opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	other := toolspec.Reassemble(toolspec.FormatAnthropic, []byte(`{"type":"message_start","message":{"id":"m","content":[]}}`+"\n"+`{"type":"message_stop"}`+"\n"), toolspec.Limits{})
	if _, err := AssistantMessage(other, Options{}); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("an anthropic outcome: %v, want a format error", err)
	}

	twice := chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"},"extra_content":{"a":1}}]}`) +
		chunk(`{"tool_calls":[{"index":0,"extra_content":{"b":2}}]}`) + finish("0", "tool_calls") + "data: [DONE]\n\n"
	o := outcome(twice)
	if len(o.Calls) != 1 || len(o.Calls[0].Signatures) != 2 {
		t.Fatalf("toolspec:\n%s", o)
	}
	if _, err := AssistantMessage(o, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("two signatures: %v, want ErrNotCarried", err)
	}
}

// TestAssistantMessageCustom: a custom call comes back as a custom tool
// call, its input whole, and a signature as extra_content.
func TestAssistantMessageCustom(t *testing.T) {
	p, err := AssistantMessage(outcome(built["built/custom"]), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tool_calls":[{"id":"call_1","custom":{"input":"ls -l /tmp","name":"shell"},"type":"custom"}],"role":"assistant"}`
	if got := marshal(t, p); got != want {
		t.Errorf("custom: %s, want %s", got, want)
	}
	p, err = AssistantMessage(outcome(built["built/extra-content"]), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want = `{"tool_calls":[{"id":"call_1","function":{"arguments":"{\"q\":1}","name":"search"},"type":"function","extra_content":{"google":{"thought_signature":"c2ln"}}}],"role":"assistant"}`
	if got := marshal(t, p); got != want {
		t.Errorf("extra_content: %s, want %s", got, want)
	}
}
