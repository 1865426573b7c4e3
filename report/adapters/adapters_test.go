package adapters

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/spectest"
)

// capturesDir is the shared captures folder as this package sees it.
const capturesDir = "../../../shared/captures"

// load returns the bytes of capture name (format/file); its absence stops
// t (captures.Absent).
func load(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(capturesDir, name))
	if err != nil {
		captures.Absent(t, filepath.Join(capturesDir, name), err)
	}
	return data
}

// all are the adapters under test, each with the plain captures on which
// a correct reassembler returns toolspec's calls.
var all = []struct {
	name  string
	new   func() spectest.Adapter
	plain []string
}{
	{"openai-go", OpenAIGo, openAIChatPlain},
	{"anthropic-sdk-go", AnthropicSDK, anthropicPlain},
	{"eino", Eino, openAIChatPlain},
	{"langchaingo", Langchaingo, []string{
		// langchaingo opens a call only on a fragment that carries a type,
		// so only the captures whose first fragments carry one.
		"openai-chat/openai-gpt-4o-2calls.sse",
		"openai-chat/openai-gpt-4o-2calls-noargs.sse",
		"openai-chat/openrouter-gemini-2calls.sse",
	}},
	{"go-openai", GoOpenAI, openAIChatPlain},
	{"openai-go-responses", OpenAIGoResponses, []string{
		"openai-responses/openai-gpt-4o-2calls.sse",
		"openai-responses/openai-gpt-5-reasoning-2calls.sse",
		"openai-responses/azure-tool-call-obfuscation.jsonl",
		"openai-responses/deepseek-responses-reasoning-tool.sse",
		"openai-responses/lmstudio-tool-call-no-deltas.jsonl",
		"openai-responses/bedrock-mantle-data-before-event-1.sse",
	}},
	{"ollama-anthropic", readBack, []string{
		// The capture is one frame of a turn: its done line is added.
		"ollama/SEED-ollama-cloud-mistral-large-4-2calls-same-index.ndjson" + withDone,
		"ollama/gpt-oss-thinking-then-content.ndjson",
		"ollama/qwen3-14b-answer-only-in-done-chunk.ndjson",
	}},
}

var (
	openAIChatPlain = []string{
		"openai-chat/openai-gpt-4o-2calls.sse",
		"openai-chat/openai-gpt-4o-2calls-noargs.sse",
		"openai-chat/openrouter-anthropic-2calls.sse",
		"openai-chat/openrouter-gemini-2calls.sse",
		"openai-chat/mistral-large-2calls-one-chunk.sse",
	}
	anthropicPlain = []string{
		"anthropic/claude-sonnet-4-text-2tools-padded.sse",
		"anthropic/claude-sonnet-4-thinking-tool.sse",
		"anthropic/claude-3-7-ping-inside-block.sse",
		"anthropic/claude-sonnet-4-5-tool-no-args.jsonl",
	}
)

// withDone, after a plain capture's name, appends a done line to it.
const withDone = "+done"

// readBack is the Ollama translator as an adapter for these tests: its
// output read back by toolspec as Anthropic, each complete call finished,
// its violations an error.
func readBack() spectest.Adapter { return translated{} }

type translated struct{}

func (translated) Describe() spectest.Description {
	return spectest.Description{Formats: []toolspec.Format{toolspec.FormatOllama}, StopReason: true, Text: true, Thinking: true}
}

func (translated) Reassemble(s spectest.Stream) (spectest.Result, error) {
	out, err := OllamaAnthropic().Translate(s)
	if err != nil {
		return spectest.Result{}, err
	}
	o := toolspec.Reassemble(toolspec.FormatAnthropic, out, toolspec.Limits{})
	return spectest.FromOutcome(o), o.Err()
}

// TestPlainCaptures: on captures that every conforming reassembler reads
// the same way, each adapter returns toolspec's calls (id, name, arguments
// as JSON, all finished, in order), its text and thinking where it claims
// them, and no error, so that the adapter is known to drive its library
// and read its result, apart from what the kit then finds.
func TestPlainCaptures(t *testing.T) {
	for _, a := range all {
		for _, name := range a.plain {
			t.Run(a.name+"/"+name, func(t *testing.T) {
				name, done := strings.CutSuffix(name, withDone)
				data := load(t, name)
				if done {
					data = append(bytes.Clone(data), `{"model":"m","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}`+"\n"...)
				}
				f, err := toolspec.ParseFormat(filepath.Dir(name))
				if err != nil {
					t.Fatal(err)
				}
				out := toolspec.Reassemble(f, data, toolspec.Limits{})
				want := spectest.FromOutcome(out)
				ad := a.new()
				got, err := ad.Reassemble(spectest.Stream{Format: f, Data: data})
				if err != nil {
					t.Fatalf("error %v", err)
				}
				if len(want.Calls) == 0 && f != toolspec.FormatOllama {
					t.Fatalf("the capture has no call")
				}
				if len(got.Calls) != len(want.Calls) {
					t.Fatalf("%d calls %+v, want %d %+v", len(got.Calls), got.Calls, len(want.Calls), want.Calls)
				}
				for i, c := range got.Calls {
					w := want.Calls[i]
					if c.ID != w.ID || c.Name != w.Name || !c.Finished || !sameJSON(c.Arguments, w.Arguments) {
						t.Errorf("call %d: %+v, want %+v", i, c, w)
					}
				}
				d := ad.(spectest.Describer).Describe()
				if d.Text && got.Text != want.Text {
					t.Errorf("text %q, want %q", got.Text, want.Text)
				}
				if d.Thinking && got.Thinking != want.Thinking {
					t.Errorf("thinking %q, want %q", got.Thinking, want.Thinking)
				}
				// A Responses stream's raw stop is the response's status,
				// "completed" (end); toolspec's END-4 refines it by the calls
				// to tool_use, which a library that passes the status on does
				// not, and the kit allows (toolspec's vocabulary).
				refined := f == toolspec.FormatOpenAIResponses && got.StopReason == toolspec.StopEnd && want.StopReason == toolspec.StopToolUse
				if d.StopReason && got.StopReason != want.StopReason && !refined {
					t.Errorf("stop reason %q, want %q", got.StopReason, want.StopReason)
				}
			})
		}
	}
}

func sameJSON(a, b string) bool {
	if a == "" {
		a = "{}"
	}
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

// chat renders OpenAI chat chunks' choices as SSE, with [DONE].
func chat(choices ...string) []byte {
	var b bytes.Buffer
	for _, c := range choices {
		b.WriteString(`data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[` + c + "]}\n\n")
	}
	b.WriteString("data: [DONE]\n\n")
	return b.Bytes()
}

// TestKnownBehaviour: on the streams the field notes observed each library
// on, the adapter returns what the field notes say the library does: the
// adapter reports the library's result, not its own.
func TestKnownBehaviour(t *testing.T) {
	resent := chat(
		`{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"read_file","arguments":""}}]}}`,
		`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"read_file","arguments":"{\"p\":"}}]}}`,
		`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"read_file","arguments":"1}"}}]}}`,
		`{"index":0,"delta":{},"finish_reason":"tool_calls"}`,
	)
	sameIndex := chat(
		`{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{\"x\":1}"}}]}}`,
		`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"f","arguments":"{\"x\":2}"}}]}}`,
		`{"index":0,"delta":{},"finish_reason":"tool_calls"}`,
	)
	interleaved := chat(
		`{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"f","arguments":"{\"x\":"}}]}}`,
		`{"index":0,"delta":{"tool_calls":[{"index":1,"id":"b","type":"function","function":{"name":"g","arguments":"{\"y\":"}}]}}`,
		`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"1}"}}]}}`,
		`{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"2}"}}]}}`,
		`{"index":0,"delta":{},"finish_reason":"tool_calls"}`,
	)
	cut := []byte("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\",\"content\":[],\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"write\",\"input\":{}}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"a\\\":\"}}\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"max_tokens\"},\"usage\":{\"output_tokens\":1}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	emptyIDs := []byte(`{"model":"m","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"x":1}}},{"function":{"name":"g","arguments":{"y":2}}}]},"done":false}
{"model":"m","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
`)
	sharedID := bytes.Replace(emptyIDs, []byte(`{"function"`), []byte(`{"id":"dup","function"`), -1)
	// A Responses call whose response.completed lists no output: the call
	// is the output_item.done's; without the terminal event, none.
	respDone := []byte("event: response.created\ndata: {\"type\":\"response.created\",\"sequence_number\":0,\"response\":{\"id\":\"resp_1\",\"object\":\"response\",\"status\":\"in_progress\",\"output\":[]}}\n\n" +
		"event: response.output_item.done\ndata: {\"type\":\"response.output_item.done\",\"sequence_number\":1,\"output_index\":0,\"item\":{\"id\":\"fc_1\",\"type\":\"function_call\",\"status\":\"completed\",\"arguments\":\"{\\\"x\\\":1}\",\"call_id\":\"call_1\",\"name\":\"f\"}}\n\n")
	respCompleted := append(bytes.Clone(respDone), "event: response.completed\ndata: {\"type\":\"response.completed\",\"sequence_number\":2,\"response\":{\"id\":\"resp_1\",\"object\":\"response\",\"status\":\"completed\",\"output\":[]}}\n\n"...)
	tests := []struct {
		name    string
		adapter spectest.Adapter
		format  toolspec.Format
		data    []byte
		calls   string // the calls as "id name args;", or the error's pattern after "error "
	}{
		// P01: the name is appended on every fragment.
		{"openai-go resent name", OpenAIGo(), toolspec.FormatOpenAIChat, resent, `call_a read_fileread_fileread_file {"p":1};`},
		// P04: two calls at index 0 merge.
		{"openai-go same index", OpenAIGo(), toolspec.FormatOpenAIChat, sameIndex, `call_2 ff {"x":1}{"x":2};`},
		// E01: a new id at an index in use fails the concatenation.
		{"eino same index", Eino(), toolspec.FormatOpenAIChat, sameIndex, `error different tool id`},
		// E03: a repeated name is fine.
		{"eino resent name", Eino(), toolspec.FormatOpenAIChat, resent, `call_a read_file {"p":1};`},
		// L01: fragments without a type go to the last call.
		{"langchaingo interleaved", Langchaingo(), toolspec.FormatOpenAIChat, interleaved, `a f {"x":;b g {"y":1}2};`},
		// go-openai, folded as OpenAI's guide shows: a new id at an index in
		// use continues the call held there, whose id and name stay.
		{"go-openai same index", GoOpenAI(), toolspec.FormatOpenAIChat, sameIndex, `call_1 f {"x":1}{"x":2};`},
		// The name is taken from the delta that opens the call only.
		{"go-openai resent name", GoOpenAI(), toolspec.FormatOpenAIChat, resent, `call_a read_file {"p":1};`},
		// Interleaved calls keep apart by index.
		{"go-openai interleaved", GoOpenAI(), toolspec.FormatOpenAIChat, interleaved, `a f {"x":1};b g {"y":2};`},
		// openai-go's Responses stream: the items of output_item.done.
		{"openai-go-responses done items", OpenAIGoResponses(), toolspec.FormatOpenAIResponses, respCompleted, `call_1 f {"x":1};`},
		// No terminal event: no response, the stream fails.
		{"openai-go-responses no terminal", OpenAIGoResponses(), toolspec.FormatOpenAIResponses, respDone, `error without a terminal`},
		// A06 at v2.16.0: a cut input becomes {} at the block's stop.
		{"anthropic cut input", AnthropicSDK(), toolspec.FormatAnthropic, cut, `toolu_1 write {};`},
		// O01: calls without an id collide in the converter, but Ollama's
		// server gives each call an id before the middleware sees it, as
		// the translator does, so both come through.
		{"ollama empty ids", readBack(), toolspec.FormatOllama, emptyIDs, `call_00000001 f {"x":1};call_00000002 g {"y":2};`},
		// O01 with ids: calls that share one (a cloud model's, passed
		// through) collide; only the first is emitted.
		{"ollama shared id", readBack(), toolspec.FormatOllama, sharedID, `dup f {"x":1};`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.adapter.Reassemble(spectest.Stream{Format: tc.format, Data: tc.data})
			if pat, ok := strings.CutPrefix(tc.calls, "error "); ok {
				if err == nil || !regexp.MustCompile(pat).MatchString(err.Error()) {
					t.Fatalf("error %v, want one matching %q (calls %+v)", err, pat, r.Calls)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			var got strings.Builder
			for _, c := range r.Calls {
				if !c.Finished {
					t.Errorf("call %+v not finished", c)
				}
				got.WriteString(c.ID + " " + c.Name + " " + c.Arguments + ";")
			}
			if got.String() != tc.calls {
				t.Errorf("calls %q, want %q", got.String(), tc.calls)
			}
		})
	}
}

// TestServedBytes: SSE is served as is; JSON lines become one SSE event
// per non-blank line, named by the payload's type in the Anthropic
// format, CR and blank lines dropped.
func TestServedBytes(t *testing.T) {
	sse := []byte("data: {\"a\":1}\n\n")
	if got := ServedBytes(toolspec.FormatOpenAIChat, sse); !bytes.Equal(got, sse) {
		t.Errorf("SSE served as %q", got)
	}
	lines := []byte("{\"type\":\"ping\"}\r\n\n  \n{\"x\":1}")
	if got, want := string(ServedBytes(toolspec.FormatAnthropic, lines)), "event: ping\ndata: {\"type\":\"ping\"}\n\ndata: {\"x\":1}\n\n"; got != want {
		t.Errorf("anthropic lines served as %q, want %q", got, want)
	}
	if got, want := string(ServedBytes(toolspec.FormatOpenAIChat, lines)), "data: {\"type\":\"ping\"}\n\ndata: {\"x\":1}\n\n"; got != want {
		t.Errorf("chat lines served as %q, want %q", got, want)
	}
}

// TestVersions: the versions the descriptions give are the ones go.mod
// requires.
func TestVersions(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for path, v := range map[string]string{
		"github.com/openai/openai-go/v3":                        OpenAIGoVersion,
		"github.com/anthropics/anthropic-sdk-go/v2":             AnthropicSDKVersion,
		"github.com/cloudwego/eino":                             EinoVersion,
		"github.com/cloudwego/eino-ext/components/model/openai": EinoExtOpenAIVersion,
		"github.com/cloudwego/eino-ext/libs/acl/openai":         EinoACLOpenAIVersion,
		"github.com/tmc/langchaingo":                            LangchaingoVersion,
		"github.com/ollama/ollama":                              OllamaVersion,
		"github.com/sashabaranov/go-openai":                     GoOpenAIVersion,
		"google.golang.org/genai":                               GenAIVersion,
		"github.com/aws/aws-sdk-go-v2/service/bedrockruntime":   BedrockRuntimeVersion,
		"github.com/aws/smithy-go":                              SmithyGoVersion,
	} {
		re := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(path) + `\s+(\S+)`)
		m := re.FindSubmatch(mod)
		if m == nil {
			t.Errorf("go.mod does not require %s", path)
			continue
		}
		if string(m[1]) != v {
			t.Errorf("%s: go.mod requires %s, the adapter says %s", path, m[1], v)
		}
	}
}
