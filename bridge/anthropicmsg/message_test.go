package anthropicmsg

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
)

// ev renders one SSE event of a Messages stream.
func ev(typ, payload string) string {
	return "event: " + typ + "\ndata: " + payload + "\n\n"
}

const (
	start = `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"m","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}`
	stop  = `{"type":"message_stop"}`
)

func delta(reason string) string {
	return `{"type":"message_delta","delta":{"stop_reason":"` + reason + `","stop_sequence":null},"usage":{"output_tokens":9}}`
}

// built are streams that show what no capture shows, compared with the
// SDK like the captures.
var built = map[string]string{
	// max_tokens cut a call's input: toolspec's call is invalid, the SDK
	// makes its input {}.
	"built/max-tokens-in-call": ev("message_start", start) +
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Searching."}}`) +
		ev("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"search","input":{}}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"q\":\"wea"}}`) +
		ev("content_block_stop", `{"type":"content_block_stop","index":1}`) +
		ev("message_delta", delta("max_tokens")) + ev("message_stop", stop),
	// A text block with a citation: toolspec keeps the text only.
	"built/citations": ev("message_start", start) +
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"","citations":[]}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"Paris","document_index":0,"document_title":"Doc","start_char_index":0,"end_char_index":5}}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Paris is the capital."}}`) +
		ev("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		ev("message_delta", delta("end_turn")) + ev("message_stop", stop),
	// A thinking block whose signature came in two signature_delta events:
	// both sides join them.
	"built/two-signatures": ev("message_start", start) +
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Hm."}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2ln"}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"bW9yZQ=="}}`) +
		ev("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"text","text":"Yes."}}`) +
		ev("content_block_stop", `{"type":"content_block_stop","index":1}`) +
		ev("message_delta", delta("end_turn")) + ev("message_stop", stop),
}

// difference is one way the bridge's message param differs from the SDK's
// accumulation, and why.
type difference struct {
	line string // as jsondiff.Diff words it
	why  string
}

// sdkCase is what the comparison of one message of one stream expects.
type sdkCase struct {
	// refused is the error AssistantMessage must wrap with the zero
	// Options; opt are then the options compared with the SDK (Message
	// is set to the message's).
	refused error
	opt     Options
	diffs   []difference
}

const callerWhy = "caller (here direct) is not carried: toolspec does not keep it"

// sdkCases lists, per capture (or built stream) and message ("name#m"),
// what AssistantMessage of the tee's outcome gives beside the SDK's
// accumulation of the same message (Message.Accumulate from its
// message_start, then ToParam). A message not listed must be accepted with
// the zero Options and give the same JSON. The test fails when a listed
// difference disappears or an unlisted one appears.
var sdkCases = map[string]sdkCase{
	"claude-sonnet-4-text-2tools-padded.sse#0": {diffs: []difference{
		{"content[1].caller: only in the SDK", callerWhy},
		{"content[2].caller: only in the SDK", callerWhy},
	}},
	"claude-sonnet-4-thinking-tool.sse#0": {diffs: []difference{
		{"content[1].caller: only in the SDK", callerWhy},
	}},
	"mcp-tool-use.jsonl#0": {refused: ErrNotCarried, opt: Options{OmitNotCarried: true}, diffs: []difference{
		{"content[0] (mcp_tool_use): only in the SDK", "a server call: the outcome holds neither its block type nor its server_name"},
		{"content[1] (mcp_tool_result): only in the SDK", "a server tool result: the outcome holds its place, not its content"},
	}},
	// Message 0 of the spliced stream is cut by the next message_start:
	// the outcome is not whole, and the cut call is left out.
	"SYNTHETIC-spliced-message-start.jsonl#0": {refused: toolspec.ErrIncomplete, opt: Options{AllowPartial: true}, diffs: []difference{
		{"content[1] (tool_use): only in the SDK", "the SDK sends the cut call back, its input {\"value\":\"Spark made {}; the bridge leaves out the incomplete call"},
	}},
	"SYNTHETIC-spliced-message-start.jsonl#1": {refused: toolspec.ErrIncomplete, opt: Options{AllowPartial: true}},
	"built/max-tokens-in-call#0": {refused: toolspec.ErrLength, opt: Options{AllowPartial: true}, diffs: []difference{
		{"content[1] (tool_use): only in the SDK", "the SDK turns the cut input into {} and sends the call back; the bridge leaves out the invalid call"},
	}},
	"built/citations#0": {diffs: []difference{
		{"content[0].citations: only in the SDK", "citations are not carried: toolspec keeps no citations_delta"},
	}},
}

// programmatic is the capture of programmatic tool calling: message 0 has
// a code_execution server call and a tool_use called from it, the next 13
// one tool_use each, called from code execution, and the last the code
// execution's result and text.
const programmatic = "programmatic-tool-calling-multi-message.jsonl"

func init() {
	sdkCases[programmatic+"#0"] = sdkCase{refused: ErrNotCarried, opt: Options{OmitNotCarried: true}, diffs: []difference{
		{"content[1] (server_tool_use): only in the SDK", "a server call: the outcome does not say server_tool_use or mcp_tool_use"},
		{"content[2].caller: only in the SDK", "caller (code_execution) is not carried: toolspec does not keep it"},
	}}
	for m := 1; m <= 13; m++ {
		sdkCases[programmatic+"#"+strconv.Itoa(m)] = sdkCase{diffs: []difference{
			{"content[0].caller: only in the SDK", "caller (code_execution) is not carried: toolspec does not keep it"},
		}}
	}
	sdkCases[programmatic+"#14"] = sdkCase{refused: ErrNotCarried, opt: Options{OmitNotCarried: true}, diffs: []difference{
		{"content[0] (code_execution_tool_result): only in the SDK", "a server tool result: the outcome holds its place, not its content"},
	}}
}

// sdkMessages accumulates wire with the SDK as its streaming example does,
// one message from each message_start, and returns each message's param
// as JSON (nil when it does not marshal), with the tee's outcome.
func sdkMessages(t *testing.T, wire []byte) ([][]byte, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	s := stream(&capture.Transport{Body: wire}, tee.Option())
	var msgs []anthropic.Message
	var msg anthropic.Message
	started := false
	for s.Next() {
		e := s.Current()
		if e.Type == "message_start" {
			if started {
				msgs = append(msgs, msg)
			}
			started = true
		}
		if err := msg.Accumulate(e); err != nil {
			t.Fatalf("Accumulate: %v", err)
		}
	}
	if started {
		msgs = append(msgs, msg)
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	var js [][]byte
	for _, m := range msgs {
		b, err := json.Marshal(m.ToParam())
		if err != nil {
			b = nil
		}
		js = append(js, b)
	}
	return js, out
}

// TestAssistantMessageSDK compares AssistantMessage with the SDK's own
// accumulation, message by message, on every capture and built stream.
func TestAssistantMessageSDK(t *testing.T) {
	streams := map[string][]byte{}
	for _, c := range captures(t) {
		streams[c.Name] = c.Wire
	}
	for name, s := range built {
		streams[name] = []byte(s)
	}
	seen := map[string]bool{}
	for name, wire := range streams {
		sdk, out := sdkMessages(t, wire)
		if len(sdk) != out.Messages {
			t.Errorf("%s: the SDK accumulated %d messages, toolspec %d", name, len(sdk), out.Messages)
			continue
		}
		for m := range sdk {
			key := name + "#" + strconv.Itoa(m)
			seen[key] = true
			c := sdkCases[key]
			if c.refused != nil {
				if _, err := AssistantMessage(out, Options{Message: m}); !errors.Is(err, c.refused) {
					t.Errorf("%s: AssistantMessage: %v, want an error wrapping %v", key, err, c.refused)
				}
			} else if c.opt != (Options{}) {
				t.Errorf("%s: a case that is not refused is compared with the zero Options", key)
			}
			opt := c.opt
			opt.Message = m
			p, err := AssistantMessage(out, opt)
			if err != nil {
				t.Errorf("%s: %v", key, err)
				continue
			}
			ours, err := json.Marshal(p)
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			if sdk[m] == nil {
				t.Errorf("%s: the SDK's param does not marshal", key)
				continue
			}
			compare(t, key, sdk[m], ours, c.diffs)
		}
	}
	for key := range sdkCases {
		if !seen[key] {
			t.Errorf("sdkCases lists %s, which no stream has", key)
		}
	}
}

// compare checks that the JSON of sdk and ours differ exactly by diffs.
func compare(t *testing.T, key string, sdk, ours []byte, diffs []difference) {
	t.Helper()
	got, err := jsondiff.Diff(sdk, ours)
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	var want []string
	for _, d := range diffs {
		want = append(want, d.line)
	}
	for _, line := range got {
		if !slices.Contains(want, line) {
			path, _, _ := strings.Cut(line, ":")
			path, _, _ = strings.Cut(path, " ")
			t.Errorf("%s: a new difference %q: the SDK has %s, the bridge %s", key, line, jsondiff.Value(sdk, path), jsondiff.Value(ours, path))
		}
	}
	for _, d := range diffs {
		if !slices.Contains(got, d.line) {
			t.Errorf("%s: the listed difference %q (%s) is gone", key, d.line, d.why)
		}
	}
}

// whole returns an outcome of one message that ended with end_turn,
// holding items and calls.
func whole(items []toolspec.Item, calls ...toolspec.Call) toolspec.Outcome {
	return toolspec.Outcome{Format: format, Messages: 1, Items: items, Calls: calls,
		Stops: []toolspec.Stop{{Reason: toolspec.StopEnd, Raw: "end_turn"}}}
}

// TestAssistantMessageNotCarried: each block the outcome does not hold
// whole is refused with ErrNotCarried, or left out with OmitNotCarried;
// the blocks it holds come back in order.
func TestAssistantMessageNotCarried(t *testing.T) {
	text := toolspec.Item{Kind: toolspec.ItemText, Text: "ok"}
	call := toolspec.Call{ID: "toolu_1", Name: "f", Args: `{"a":1}`, Status: toolspec.StatusComplete}
	for name, c := range map[string]struct {
		items []toolspec.Item
		calls []toolspec.Call
	}{
		"signed text":     {[]toolspec.Item{{Kind: toolspec.ItemText, Text: "x", Signatures: []string{"s"}}}, nil},
		"signed redacted": {[]toolspec.Item{{Kind: toolspec.ItemRedacted, Text: "d", Signatures: []string{"s"}}}, nil},
		"lone signature":  {[]toolspec.Item{{Kind: toolspec.ItemSignature, Signatures: []string{"s"}}}, nil},
		"other block":     {[]toolspec.Item{{Kind: toolspec.ItemOther}}, nil},
		"server call": {[]toolspec.Item{{Kind: toolspec.ItemCall, Call: 0}},
			[]toolspec.Call{{ID: "srvtoolu_1", Name: "web_search", Args: "{}", Status: toolspec.StatusComplete, Server: true}}},
		"signed call": {[]toolspec.Item{{Kind: toolspec.ItemCall, Call: 0}},
			[]toolspec.Call{{ID: "toolu_1", Name: "f", Args: "{}", Status: toolspec.StatusComplete, Signatures: []string{"s"}}}},
	} {
		calls := append(c.calls, call)
		items := append(append([]toolspec.Item{text}, c.items...), toolspec.Item{Kind: toolspec.ItemCall, Call: len(calls) - 1})
		out := whole(items, calls...)
		if out.Err() != nil {
			t.Fatalf("%s: %v", name, out.Err())
		}
		if _, err := AssistantMessage(out, Options{}); !errors.Is(err, ErrNotCarried) {
			t.Errorf("%s: %v, want ErrNotCarried", name, err)
		}
		p, err := AssistantMessage(out, Options{OmitNotCarried: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := json.Marshal(p)
		want := `{"content":[{"text":"ok","type":"text"},{"id":"toolu_1","input":{"a":1},"name":"f","type":"tool_use"}],"role":"assistant"}`
		if string(b) != want {
			t.Errorf("%s, omitted: %s, want %s", name, b, want)
		}
	}
}

// TestAssistantMessageErrors: another format, a message not in the
// outcome, a message with no block left, a call the item misnames.
func TestAssistantMessageErrors(t *testing.T) {
	other := whole([]toolspec.Item{{Kind: toolspec.ItemText, Text: "x"}})
	other.Format = toolspec.FormatOpenAIChat
	if _, err := AssistantMessage(other, Options{}); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("another format: %v", err)
	}
	out := whole([]toolspec.Item{{Kind: toolspec.ItemOther}})
	for _, opt := range []Options{{Message: 1}, {Message: -1}, {OmitNotCarried: true}} {
		if _, err := AssistantMessage(out, opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	bad := whole([]toolspec.Item{{Kind: toolspec.ItemCall, Call: 3}})
	if _, err := AssistantMessage(bad, Options{}); err == nil || errors.Is(err, ErrNotCarried) {
		t.Errorf("an item naming no call: %v", err)
	}
}
