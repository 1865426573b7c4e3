package bedrockconv

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
)

// recorder records the body of the request it is sent, and answers it
// with an error status.
type recorder struct{ body []byte }

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.body, _ = io.ReadAll(req.Body)
	return &http.Response{StatusCode: 400, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"message":"recorded"}`)), Request: req}, nil
}

// requestJSON returns the "messages" member of the Converse request body
// the SDK writes for msgs: the messages as the API receives them.
func requestJSON(t *testing.T, msgs ...types.Message) []byte {
	t.Helper()
	rec := &recorder{}
	_, err := newClient(rec).Converse(context.Background(), &bedrockruntime.ConverseInput{ModelId: aws.String("m"), Messages: msgs})
	if rec.body == nil {
		t.Fatalf("the SDK sent no request: %v", err)
	}
	var body struct {
		Messages json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(rec.body, &body); err != nil {
		t.Fatal(err)
	}
	return body.Messages
}

// sdkMessage reads wire with the SDK and builds the assistant message as
// the SDK's documentation leads one to: the blocks by contentBlockIndex,
// text and reasoning text joined, the signature and redacted content kept,
// a tool use's input joined and decoded into a document. It returns the
// message and the tee's outcome.
func sdkMessage(t *testing.T, wire []byte) (types.Message, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	s := stream(t, &capture.Transport{Body: wire}, tee.Option())
	type acc struct {
		text, reasoning, signature, input string
		redacted                          []byte
		tool                              *types.ToolUseBlockStart
		kind                              string
	}
	blocks := map[int32]*acc{}
	get := func(i *int32) *acc {
		if blocks[*i] == nil {
			blocks[*i] = &acc{}
		}
		return blocks[*i]
	}
	for ev := range s.Events() {
		switch e := ev.(type) {
		case *types.ConverseStreamOutputMemberContentBlockStart:
			if tu, ok := e.Value.Start.(*types.ContentBlockStartMemberToolUse); ok {
				b := get(e.Value.ContentBlockIndex)
				b.tool, b.kind = &tu.Value, "tool"
			}
		case *types.ConverseStreamOutputMemberContentBlockDelta:
			b := get(e.Value.ContentBlockIndex)
			switch d := e.Value.Delta.(type) {
			case *types.ContentBlockDeltaMemberText:
				b.text += d.Value
				if b.kind == "" {
					b.kind = "text"
				}
			case *types.ContentBlockDeltaMemberToolUse:
				b.input += aws.ToString(d.Value.Input)
			case *types.ContentBlockDeltaMemberReasoningContent:
				switch r := d.Value.(type) {
				case *types.ReasoningContentBlockDeltaMemberText:
					b.reasoning += r.Value
					b.kind = "reasoning"
				case *types.ReasoningContentBlockDeltaMemberSignature:
					b.signature += r.Value
					b.kind = "reasoning"
				case *types.ReasoningContentBlockDeltaMemberRedactedContent:
					b.redacted = append(b.redacted, r.Value...)
					b.kind = "redacted"
				}
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var keys []int32
	for k := range blocks {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	msg := types.Message{Role: types.ConversationRoleAssistant}
	for _, k := range keys {
		b := blocks[k]
		switch b.kind {
		case "text":
			msg.Content = append(msg.Content, &types.ContentBlockMemberText{Value: b.text})
		case "reasoning":
			rt := types.ReasoningTextBlock{Text: aws.String(b.reasoning)}
			if b.signature != "" {
				rt.Signature = aws.String(b.signature)
			}
			msg.Content = append(msg.Content, &types.ContentBlockMemberReasoningContent{Value: &types.ReasoningContentBlockMemberReasoningText{Value: rt}})
		case "redacted":
			msg.Content = append(msg.Content, &types.ContentBlockMemberReasoningContent{Value: &types.ReasoningContentBlockMemberRedactedContent{Value: b.redacted}})
		case "tool":
			var input any
			if err := json.Unmarshal([]byte(b.input), &input); err != nil {
				t.Fatalf("tool input %q: %v", b.input, err)
			}
			msg.Content = append(msg.Content, &types.ContentBlockMemberToolUse{Value: types.ToolUseBlock{
				ToolUseId: b.tool.ToolUseId, Name: b.tool.Name, Input: document.NewLazyDocument(input)}})
		}
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	return msg, out
}

// sdkDiffs lists, per capture, how AssistantMessage of the tee's outcome
// differs from the SDK's accumulation, both written by the SDK as a
// Converse request. A capture not listed must give the same JSON.
var sdkDiffs = map[string][]string{
	// InvokeModelWithResponseStream bytes read by ConverseStream: the SDK
	// hands out chunk events it does not know, toolspec reads the
	// Anthropic events they carry.
	"invoke-claude-opus-4-6-tool.eventstream": {"[0].content[0] (object): only in the bridge"},
}

// TestAssistantMessageSDK compares AssistantMessage with the SDK's
// accumulation on every capture, as the request bodies the SDK writes.
func TestAssistantMessageSDK(t *testing.T) {
	for _, c := range captures(t) {
		sdk, out := sdkMessage(t, c.Wire)
		msg, err := AssistantMessage(out, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		want := sdkDiffs[c.Name]
		ours := requestJSON(t, msg)
		if len(sdk.Content) == 0 {
			if len(want) == 0 {
				t.Errorf("%s: the SDK's accumulation is empty", c.Name)
			}
			var v []map[string]any
			_ = json.Unmarshal(ours, &v)
			if len(v) != 1 || len(v[0]["content"].([]any)) == 0 {
				t.Errorf("%s: the bridge's message %s", c.Name, ours)
			}
			continue
		}
		theirs := requestJSON(t, sdk)
		got, err := jsondiff.Diff(theirs, ours)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range got {
			if !slices.Contains(want, line) {
				path, _, _ := strings.Cut(line, ":")
				path, _, _ = strings.Cut(path, " ")
				t.Errorf("%s: a new difference %q: the SDK has %s, the bridge %s", c.Name, line, jsondiff.Value(theirs, path), jsondiff.Value(ours, path))
			}
		}
		for _, line := range want {
			if !slices.Contains(got, line) {
				t.Errorf("%s: the listed difference %q is gone", c.Name, line)
			}
		}
	}
}

// TestRequestJSON: the bridge's message, written by the SDK, is the
// Converse API's JSON, numbers in the input kept as they arrived.
func TestRequestJSON(t *testing.T) {
	out := toolspec.Outcome{Format: format, Messages: 1,
		Items: []toolspec.Item{{Kind: toolspec.ItemText, Text: "Let me check.", Call: -1}, {Kind: toolspec.ItemCall, Call: 0}},
		Calls: []toolspec.Call{{ID: "tooluse_1", Name: "get_temperature", Args: `{"city":"Paris","n":12345678901234567890,"f":1.50}`, Status: toolspec.StatusComplete}},
		Stops: []toolspec.Stop{{Reason: toolspec.StopToolUse, Raw: "tool_use"}}}
	msg, err := AssistantMessage(out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	results := ResultMessage(Result{Call: out.Calls[0], Content: []types.ToolResultContentBlock{&types.ToolResultContentBlockMemberText{Value: "21°C"}}})
	got := string(requestJSON(t, msg, results))
	want := `[{"content":[{"text":"Let me check."},{"toolUse":{"input":{"city":"Paris","f":1.50,"n":12345678901234567890},"name":"get_temperature","toolUseId":"tooluse_1"}}],"role":"assistant"},{"content":[{"toolResult":{"content":[{"text":"21°C"}],"toolUseId":"tooluse_1"}}],"role":"user"}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestAssistantMessageErrors: what AssistantMessage refuses.
func TestAssistantMessageErrors(t *testing.T) {
	c := load(t, "nova-micro-text-then-tool.eventstream")
	whole := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
	cut := toolspec.Reassemble(format, c.Wire[:len(c.Wire)-400], toolspec.Limits{})
	if _, err := AssistantMessage(cut, Options{}); err == nil || cut.Err() == nil {
		t.Errorf("a cut outcome: %v", err)
	}
	if _, err := AssistantMessage(toolspec.Outcome{Format: toolspec.FormatGemini, Messages: 1}, Options{}); err == nil {
		t.Error("a Gemini outcome was accepted")
	}
	if _, err := AssistantMessage(whole, Options{Message: 1}); err == nil {
		t.Error("message 1 of 1 was accepted")
	}
	server := whole
	server.Calls = slices.Clone(whole.Calls)
	server.Calls[0].Server = true
	if _, err := AssistantMessage(server, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("a server call: %v", err)
	}
	if m, err := AssistantMessage(server, Options{OmitNotCarried: true}); err != nil || len(m.Content) != 1 {
		t.Errorf("OmitNotCarried: %v %v", err, m.Content)
	}
	other := whole
	other.Items = append([]toolspec.Item{{Kind: toolspec.ItemOther, Call: -1}, {Kind: toolspec.ItemSignature, Call: -1}}, whole.Items...)
	if _, err := AssistantMessage(other, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("an other block: %v", err)
	}
	if m, err := AssistantMessage(other, Options{OmitNotCarried: true}); err != nil || len(m.Content) != 2 {
		t.Errorf("OmitNotCarried: %v %v", err, m.Content)
	}
	red := toolspec.Outcome{Format: format, Messages: 1, Items: []toolspec.Item{{Kind: toolspec.ItemRedacted, Text: "not base64!", Call: -1}},
		Stops: []toolspec.Stop{{Reason: toolspec.StopEnd, Raw: "end_turn"}}}
	if _, err := AssistantMessage(red, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("redacted content that is not base64: %v", err)
	}
	for _, bad := range []string{`[1]`, `{"a":1} {}`, `{"a":`, `null`} {
		if _, err := Args(toolspec.Call{Args: bad}); err == nil {
			t.Errorf("Args(%s): no error", bad)
		}
	}
}
