package model

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// This file tests the OpenAI chat payload decoder and holds the helpers the
// OpenAI Responses decoder tests share (all prefixed oai to stay clear of
// other formats' test helpers).

// oaiCase is one table case: an input and either the expected event lines
// (e.String(), KindEOF left out) or the rule of the expected violation.
type oaiCase struct {
	name string
	in   string
	want []string    // expected lines when rule is ""
	rule spec.RuleID // expected violation rule, if any
}

// oaiLines formats evs one per line, leaving KindEOF out.
func oaiLines(evs []spec.Event) []string {
	out := []string{}
	for _, e := range evs {
		if e.Kind != spec.KindEOF {
			out = append(out, e.String())
		}
	}
	return out
}

// oaiCheckFields reports an error for every field e sets that its kind does
// not use (spec/event.go: "every other field is zero").
func oaiCheckFields(t *testing.T, e spec.Event) {
	t.Helper()
	z := e
	z.Frame, z.Offset = 0, 0
	switch e.Kind {
	case spec.KindMessageStart:
		z.ID = ""
	case spec.KindFragment:
		if !e.HasIndex && e.Index != 0 {
			t.Errorf("%s: fragment without index has Index %d", e, e.Index)
		}
		z.Choice, z.Index, z.HasIndex, z.Pos, z.ID, z.Name, z.Data, z.Sig, z.CallKind = 0, 0, false, 0, "", "", "", "", spec.CallUnspecified
	case spec.KindBlockStart:
		if e.Block == spec.BlockNone {
			t.Errorf("%s: block start without a block type", e)
		}
		z.Index, z.Block, z.ID, z.Name, z.Server, z.Data, z.Sig, z.Item, z.CallKind = 0, spec.BlockNone, "", "", false, "", "", "", spec.CallUnspecified
	case spec.KindBlockDelta:
		if e.Delta == spec.DeltaNone {
			t.Errorf("%s: block delta without a delta type", e)
		}
		z.Index, z.Delta, z.Data, z.HasData = 0, spec.DeltaNone, "", false
	case spec.KindBlockStop:
		z.Index, z.Data, z.HasData, z.Sig, z.ID, z.Name = 0, "", false, "", "", ""
	case spec.KindText, spec.KindThinking:
		if e.Data == "" {
			t.Errorf("%s: empty %s event", e, e.Kind)
		}
		z.Choice, z.Data, z.Sig = 0, "", ""
	case spec.KindSignature:
		z.Choice, z.Sig = 0, ""
	case spec.KindFinish:
		z.Choice, z.Data = 0, ""
	case spec.KindError:
		z.Data, z.Name = "", ""
	}
	if z != (spec.Event{Kind: e.Kind}) {
		t.Errorf("%s: sets fields its kind does not use: %+v", e, z)
	}
}

// oaiRun runs a table of cases through Decode.
func oaiRun(t *testing.T, f spec.Format, cases []oaiCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			evs, v := Decode(f, []byte(c.in), spec.Limits{})
			for _, e := range evs {
				oaiCheckFields(t, e)
			}
			if c.rule != "" {
				if v == nil {
					t.Fatalf("want a %s violation, got none; events:\n%s", c.rule, strings.Join(oaiLines(evs), "\n"))
				}
				if v.Rule != c.rule || v.Class != spec.ClassTerminal || v.Call != spec.NoCall {
					t.Fatalf("want a terminal %s violation, got %v", c.rule, v)
				}
				return
			}
			if v != nil {
				t.Fatalf("unexpected violation: %v", v)
			}
			if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
				t.Fatalf("decoding did not end with EOF: %v", evs)
			}
			if got := oaiLines(evs); !slices.Equal(got, c.want) {
				t.Errorf("events:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(c.want, "\n      "))
			}
		})
	}
}

// oaiChunk is one choice wrapped as a chat chunk payload line.
func oaiChunk(choice string) string {
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[` + choice + `]}` + "\n"
}

func TestOpenAIChatDone(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIChat, []oaiCase{
		{name: "sse", in: "data: [DONE]\n\n", want: []string{"#1 message-end"}},
		{name: "spaces", in: "data:   [DONE]  \n\n", want: []string{"#1 message-end"}},
		{name: "json line", in: "[DONE]\n", want: []string{"#1 message-end"}},
		{name: "after chunk", in: "data: " + oaiChunk(`{"index":0,"delta":{"content":"hi"}}`) + "\ndata: [DONE]\n\n",
			want: []string{`#1 text data="hi"`, "#2 message-end"}},
		{name: "not done", in: "data: [DONE]x\n\n", rule: spec.FramePayload},
	})
}

func TestOpenAIChatError(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIChat, []oaiCase{
		{name: "groq event", in: "event: error\ndata: {\"error\":{\"message\":\"Tool call validation failed\",\"type\":\"invalid_request_error\",\"code\":\"tool_use_failed\",\"status_code\":400}}\n\n",
			want: []string{`#1 error name="invalid_request_error" data="Tool call validation failed"`}},
		{name: "top-level error key", in: `{"error":{"message":"m","code":"server_error"}}` + "\n",
			want: []string{`#1 error name="server_error" data="m"`}},
		{name: "empty type falls back to code", in: `{"error":{"message":"m","type":"","code":"c"}}` + "\n",
			want: []string{`#1 error name="c" data="m"`}},
		{name: "numeric code", in: `{"error":{"message":"Provider returned error","code":502}}` + "\n",
			want: []string{`#1 error name="502" data="Provider returned error"`}},
		{name: "string error", in: `{"error":"overloaded"}` + "\n",
			want: []string{`#1 error data="overloaded"`}},
		{name: "nothing else from the frame", in: `{"error":{"message":"m"},"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}]}` + "\n",
			want: []string{`#1 error data="m"`}},
		{name: "error event without error member", in: "event: error\ndata: {\"message\":\"flat\",\"type\":\"t\"}\n\n",
			want: []string{`#1 error name="t" data="flat"`}},
		{name: "error event empty object", in: "event: error\ndata: {}\n\n",
			want: []string{`#1 error`}},
		{name: "null error is a chunk", in: `{"error":null,"choices":[{"index":0,"delta":{"content":"x"}}]}` + "\n",
			want: []string{`#1 text data="x"`}},
		{name: "error event not an object", in: "event: error\ndata: oops\n\n", rule: spec.FramePayload},
		{name: "error number", in: `{"error":5}` + "\n", rule: spec.FrameFieldType},
		{name: "error array", in: `{"error":["m"]}` + "\n", rule: spec.FrameFieldType},
		{name: "message number", in: `{"error":{"message":5}}` + "\n", rule: spec.FrameFieldType},
		{name: "type object", in: `{"error":{"message":"m","type":{}}}` + "\n", rule: spec.FrameFieldType},
		{name: "code fraction", in: `{"error":{"message":"m","code":1.5}}` + "\n", rule: spec.FrameFieldType},
	})
}

func TestOpenAIChatChoices(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIChat, []oaiCase{
		{name: "choices absent", in: `{"choices":[]}` + "\n" + `{"id":"x","usage":{"total_tokens":3}}` + "\n", want: []string{}},
		{name: "choices null", in: `{"choices":[]}` + "\n" + `{"choices":null}` + "\n", want: []string{}},
		{name: "no chunk has choices", in: `{"id":"x","usage":{"total_tokens":3}}` + "\n" + `{"choices":null}` + "\n", rule: spec.FrameNotFormat},
		{name: "choices empty", in: `{"choices":[],"prompt_filter_results":[{"prompt_index":0}],"id":""}` + "\n", want: []string{}},
		{name: "null choice", in: `{"choices":[null]}` + "\n", want: []string{}},
		{name: "null delta", in: oaiChunk(`{"index":0,"delta":null,"finish_reason":"stop"}`), want: []string{`#1 finish data="stop"`}},
		{name: "index absent uses position", in: oaiChunk(`{"delta":{"content":"a"}},{"delta":{"content":"b"}}`),
			want: []string{`#1 text data="a"`, `#1 text choice=1 data="b"`}},
		{name: "explicit index", in: oaiChunk(`{"index":3,"delta":{"content":"a"},"finish_reason":"length"},{"index":0,"delta":{"content":"b"}}`),
			want: []string{`#1 text choice=3 data="a"`, `#1 finish choice=3 data="length"`, `#1 text data="b"`}},
		{name: "null index uses position", in: oaiChunk(`{"index":0,"delta":{}},{"index":null,"delta":{"content":"b"}}`),
			want: []string{`#1 text choice=1 data="b"`}},
		{name: "unknown fields ignored", in: `{"p":"abcdefg","obfuscation":"xx","usage":null,"choices":[{"index":0,"logprobs":null,"content_filter_results":{},"native_finish_reason":"STOP","delta":{"role":"assistant","channel":"analysis","index":0,"provider_metadata":{"a":1},"content":"t"}}]}` + "\n",
			want: []string{`#1 text data="t"`}},
		{name: "choices object", in: `{"choices":{}}` + "\n", rule: spec.FrameFieldType},
		{name: "choices string", in: `{"choices":"x"}` + "\n", rule: spec.FrameFieldType},
		{name: "choice not object", in: `{"choices":[1]}` + "\n", rule: spec.FrameFieldType},
		{name: "choice index string", in: oaiChunk(`{"index":"0","delta":{}}`), rule: spec.FrameFieldType},
		{name: "choice index fraction", in: oaiChunk(`{"index":0.5,"delta":{}}`), rule: spec.FrameFieldType},
		{name: "delta string", in: oaiChunk(`{"index":0,"delta":"x"}`), rule: spec.FrameFieldType},
		{name: "finish_reason number", in: oaiChunk(`{"index":0,"delta":{},"finish_reason":1}`), rule: spec.FrameFieldType},
		{name: "not an object", in: "data: [1,2]\n\n", rule: spec.FramePayload},
		{name: "not json", in: "data: {\"choices\":\n\n", rule: spec.FramePayload},
		{name: "plain text", in: "data: hello\n\n", rule: spec.FramePayload},
	})
}

func TestOpenAIChatDeltaText(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIChat, []oaiCase{
		{name: "order within a delta", in: oaiChunk(`{"index":0,"finish_reason":"tool_calls","delta":{` +
			`"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{"}}],` +
			`"refusal":"r","content":"c",` +
			`"reasoning_details":[` +
			`{"type":"reasoning.text","text":"T","format":"x","index":0},` +
			`{"type":"reasoning.summary","summary":"S"},` +
			`{"type": "reasoning.encrypted", "data": "QUJD", "id": "tool_1", "index": 0}],` +
			`"reasoning":"R2","reasoning_content":"R1"}}`),
			want: []string{
				`#1 thinking data="R1"`,
				`#1 thinking data="R2"`,
				`#1 signature sig="{\"type\":\"reasoning.encrypted\",\"data\":\"QUJD\",\"id\":\"tool_1\",\"index\":0}"`,
				`#1 text data="c"`,
				`#1 text data="r"`,
				`#1 fragment index=0 pos=0 id="call_1" name="f" data="{"`,
				`#1 finish data="tool_calls"`,
			}},
		{name: "reasoning_details text without plain reasoning", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","text":"T","signature":"sg"},{"type":"reasoning.summary","summary":"S"}]}}`),
			want: []string{`#1 thinking data="T"`, `#1 signature sig="{\"type\":\"reasoning.text\",\"text\":\"T\",\"signature\":\"sg\"}"`, `#1 thinking data="S"`}},
		{name: "empty and null strings skipped", in: oaiChunk(`{"index":0,"finish_reason":"","delta":{"content":"","refusal":null,"reasoning_content":"","reasoning":null,"reasoning_details":[{"type":"reasoning.text","text":""},{"type":"reasoning.summary"},null]}}`),
			want: []string{}},
		{name: "deepseek final chunk", in: oaiChunk(`{"index":0,"delta":{"content":"","reasoning_content":null},"logprobs":null,"finish_reason":"tool_calls"}`),
			want: []string{`#1 finish data="tool_calls"`}},
		{name: "unknown reasoning_details type is a signature", in: oaiChunk(`{"index":1,"delta":{"reasoning_details":[{"data":"x"},{"type":"reasoning.other","x":[1, 2]}]}}`),
			want: []string{`#1 signature choice=1 sig="{\"data\":\"x\"}"`, `#1 signature choice=1 sig="{\"type\":\"reasoning.other\",\"x\":[1,2]}"`}},
		{name: "content number", in: oaiChunk(`{"index":0,"delta":{"content":5}}`), rule: spec.FrameFieldType},
		{name: "refusal bool", in: oaiChunk(`{"index":0,"delta":{"refusal":true}}`), rule: spec.FrameFieldType},
		{name: "reasoning_content object", in: oaiChunk(`{"index":0,"delta":{"reasoning_content":{}}}`), rule: spec.FrameFieldType},
		{name: "reasoning array", in: oaiChunk(`{"index":0,"delta":{"reasoning":["x"]}}`), rule: spec.FrameFieldType},
		{name: "reasoning_details object", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":{}}}`), rule: spec.FrameFieldType},
		{name: "reasoning_details entry string", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":["x"]}}`), rule: spec.FrameFieldType},
		{name: "reasoning_details type number", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":1}]}}`), rule: spec.FrameFieldType},
		{name: "reasoning text number", in: oaiChunk(`{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","text":1}]}}`), rule: spec.FrameFieldType},
	})
}

func TestOpenAIChatToolCalls(t *testing.T) {
	oaiRun(t, spec.FormatOpenAIChat, []oaiCase{
		{name: "openai opener and continuation", in: oaiChunk(`{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"add","arguments":""}}]}}`) +
			oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":1}"}}]}}`),
			want: []string{`#1 fragment index=0 pos=0 id="call_a" name="add"`, `#2 fragment index=0 pos=0 data="{\"a\":1}"`}},
		{name: "two calls one chunk", in: oaiChunk(`{"index":0,"finish_reason":"tool_calls","delta":{"tool_calls":[{"id":"yBvJuId6u","function":{"name":"f","arguments":"{}"},"index":0},{"id":"Z8x","function":{"name":"g","arguments":"{\"x\":1}"},"index":1}]}}`),
			want: []string{`#1 fragment index=0 pos=0 id="yBvJuId6u" name="f" data="{}"`, `#1 fragment index=1 pos=1 id="Z8x" name="g" data="{\"x\":1}"`, `#1 finish data="tool_calls"`}},
		{name: "no index", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"id":"gSIMJiOkT","function":{"name":"f","arguments":"{}"}},{"function":{"arguments":"x"}}]}}`),
			want: []string{`#1 fragment pos=0 id="gSIMJiOkT" name="f" data="{}"`, `#1 fragment pos=1 data="x"`}},
		{name: "null and negative index", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":null,"id":"a"},{"index":-1,"id":"b"},{"index":7,"id":"c"}]}}`),
			want: []string{`#1 fragment pos=0 id="a"`, `#1 fragment index=-1 pos=1 id="b"`, `#1 fragment index=7 pos=2 id="c"`}},
		{name: "empty id and name are absent", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"","arguments":""}}]}}`),
			want: []string{`#1 fragment index=0 pos=0`}},
		{name: "empty entries still yield fragments", in: oaiChunk(`{"index":2,"delta":{"tool_calls":[{},null,{"function":null},{"function":{}}]}}`),
			want: []string{`#1 fragment choice=2 pos=0`, `#1 fragment choice=2 pos=1`, `#1 fragment choice=2 pos=2`, `#1 fragment choice=2 pos=3`}},
		{name: "object arguments", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":{ "path" : "/etc/hostname", "n": [1, 2] }}}]}}`),
			want: []string{`#1 fragment index=0 pos=0 id="c1" name="f" data="{\"path\":\"/etc/hostname\",\"n\":[1,2]}"`}},
		{name: "extra_content", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":""},"extra_content":{"google": {"thought_signature": "c2ln"}}}]}}`),
			want: []string{`#1 fragment index=0 pos=0 id="c1" name="f" sig="{\"google\":{\"thought_signature\":\"c2ln\"}}"`}},
		{name: "null extra_content", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"extra_content":null}]}}`),
			want: []string{`#1 fragment index=0 pos=0`}},
		{name: "empty tool_calls", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[]}}`) + oaiChunk(`{"index":0,"delta":{"tool_calls":null}}`),
			want: []string{}},
		{name: "tool_calls object", in: oaiChunk(`{"index":0,"delta":{"tool_calls":{}}}`), rule: spec.FrameFieldType},
		{name: "entry string", in: oaiChunk(`{"index":0,"delta":{"tool_calls":["x"]}}`), rule: spec.FrameFieldType},
		{name: "index string", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":"0"}]}}`), rule: spec.FrameFieldType},
		{name: "index fraction", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":1.5}]}}`), rule: spec.FrameFieldType},
		{name: "index huge", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":1e12}]}}`), rule: spec.FrameFieldType},
		{name: "id number", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":7}]}}`), rule: spec.FrameFieldType},
		{name: "function string", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":"f"}]}}`), rule: spec.FrameFieldType},
		{name: "name number", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":1}}]}}`), rule: spec.FrameFieldType},
		{name: "arguments array", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":[1]}}]}}`), rule: spec.FrameFieldType},
		{name: "arguments number", in: oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":12}}]}}`), rule: spec.FrameFieldType},
	})
}

// TestOpenAIChatViolationStops checks that the events of the frames before a
// bad frame are kept, the violation names the bad frame, and the decoder
// stays dead.
func TestOpenAIChatViolationStops(t *testing.T) {
	first := oaiChunk(`{"index":0,"delta":{"content":"a"}}`)
	in := first + oaiChunk(`{"index":"0","delta":{}}`) + oaiChunk(`{"index":0,"delta":{"content":"b"}}`)
	evs, v := Decode(spec.FormatOpenAIChat, []byte(in), spec.Limits{})
	if v == nil || v.Rule != spec.FrameFieldType || v.Frame != 2 || v.Offset != int64(len(first)) {
		t.Fatalf("violation = %v, want FRAME-6 at frame 2 offset %d", v, len(first))
	}
	if got := oaiLines(evs); !slices.Equal(got, []string{`#1 text data="a"`}) {
		t.Errorf("events before the violation = %q", got)
	}
	d := NewDecoder(spec.FormatOpenAIChat, spec.Limits{})
	if _, v := d.Write([]byte(in)); v == nil {
		t.Fatal("Write: no violation")
	}
	if _, v2 := d.Close(); v2 == nil || v2.Rule != spec.FrameFieldType {
		t.Errorf("Close after violation = %v", v2)
	}
}

// oaiCaptureDir returns the captures folder of format f, skipping the test
// when it is absent.
func oaiCaptureDir(t *testing.T, f spec.Format) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", string(f))
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("captures folder %s not available: %v", dir, err)
	}
	return dir
}

// oaiCaptureFiles returns the capture files of dir, sorted by name.
func oaiCaptureFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		t.Skipf("no captures in %s", dir)
	}
	return out
}

// oaiCaptureTest decodes every capture of f and checks it against want:
// the number of distinct call ids the README reports for it. Files whose
// names start with "openai-error-", or are listed in errFiles, are genuine
// provider errors and must yield a KindError event. callIDs extracts the
// call ids of one event.
func oaiCaptureTest(t *testing.T, f spec.Format, want map[string]int, errFiles []string, callID func(spec.Event) string) {
	dir := oaiCaptureDir(t, f)
	seen := map[string]bool{}
	for _, name := range oaiCaptureFiles(t, dir) {
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(f, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
				t.Fatal("decoding did not end with EOF")
			}
			ids := map[string]bool{}
			errs := 0
			for _, e := range evs {
				oaiCheckFields(t, e)
				if id := callID(e); id != "" {
					ids[id] = true
				}
				if e.Kind == spec.KindError {
					errs++
					if e.Data == "" || e.Name == "" {
						t.Errorf("error event without message or name: %s", e)
					}
				}
			}
			isErr := strings.HasPrefix(name, "openai-error-") || slices.Contains(errFiles, name)
			if isErr && errs == 0 {
				t.Errorf("provider-error capture gave no error event")
			}
			if !isErr && errs > 0 {
				t.Errorf("capture gave %d error events", errs)
			}
			n, ok := want[name]
			if !ok {
				t.Fatalf("capture not in the test's table: add its call-id count from the README (it has %d)", len(ids))
			}
			if len(ids) != n {
				t.Errorf("distinct call ids = %d %v, README says %d", len(ids), ids, n)
			}
		})
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("capture %s listed in the test's table is missing from %s", name, dir)
		}
	}
}

// TestOpenAIChatCaptures decodes every real OpenAI chat capture.
func TestOpenAIChatCaptures(t *testing.T) {
	// Distinct call ids per capture, from shared/captures/README.md.
	want := map[string]int{
		"azure-gpt-5-mini-tool-prompt-filter.sse":       1,
		"deepseek-reasoner-reasoning-tool.jsonl":        1,
		"groq-gpt-oss-120b-reasoning-tool.sse":          1,
		"groq-gpt-oss-120b-tool-use-failed-error.sse":   0,
		"llama-cpp-gpt-oss-reasoning-tool.sse":          1,
		"mistral-api-glm-empty-name-continuation.jsonl": 1,
		"mistral-large-2calls-one-chunk.sse":            2,
		"mistral-small-no-index.jsonl":                  1,
		"openai-gpt-4o-2calls-noargs.sse":               2,
		"openai-gpt-4o-2calls.sse":                      2,
		"openrouter-anthropic-2calls.sse":               2,
		"openrouter-gemini-2calls.sse":                  2,
		"qwen3-max-empty-id-continuations.jsonl":        1,
		"vercel-gateway-gemini-3-reasoning-tool.sse":    1,
	}
	oaiCaptureTest(t, spec.FormatOpenAIChat, want, []string{"groq-gpt-oss-120b-tool-use-failed-error.sse"}, func(e spec.Event) string {
		if e.Kind == spec.KindFragment {
			return e.ID
		}
		return ""
	})
}

// oaiChunkingTest checks, for every capture of f, that decoding it whole
// equals decoding it through one Decoder in 1-byte Writes and in Writes of
// random sizes, then Close.
func oaiChunkingTest(t *testing.T, f spec.Format) {
	dir := oaiCaptureDir(t, f)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range oaiCaptureFiles(t, dir) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			whole, wv := Decode(f, data, spec.Limits{})
			for _, mode := range []string{"1-byte", "random", "random", "random"} {
				d := NewDecoder(f, spec.Limits{})
				var got []spec.Event
				var gv *spec.Violation
				for rest := data; len(rest) > 0 && gv == nil; {
					n := 1
					if mode == "random" {
						n = 1 + rng.IntN(200)
					}
					n = min(n, len(rest))
					var evs []spec.Event
					evs, gv = d.Write(rest[:n])
					got = append(got, evs...)
					rest = rest[n:]
				}
				if gv == nil {
					var evs []spec.Event
					evs, gv = d.Close()
					got = append(got, evs...)
				}
				if !reflect.DeepEqual(gv, wv) {
					t.Fatalf("%s: violation %v, whole input gave %v", mode, gv, wv)
				}
				if !reflect.DeepEqual(got, whole) {
					t.Fatalf("%s: %d events differ from the %d of the whole input", mode, len(got), len(whole))
				}
			}
		})
	}
}

func TestOpenAIChatChunking(t *testing.T) { oaiChunkingTest(t, spec.FormatOpenAIChat) }

// oaiFuzzSeeds adds every capture of f and each of extra to the corpus.
func oaiFuzzSeeds(f *testing.F, format spec.Format, extra []string) {
	for _, s := range extra {
		f.Add([]byte(s))
	}
	dir := filepath.Join("..", "..", "shared", "captures", string(format))
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
			f.Add(data)
		}
	}
}

// oaiFuzzBody decodes data, which must not panic and must end in EOF or a
// terminal frame violation, with only the fields each kind uses set.
func oaiFuzzBody(t *testing.T, format spec.Format, data []byte) {
	evs, v := Decode(format, data, spec.Limits{})
	for _, e := range evs {
		oaiCheckFields(t, e)
	}
	if v != nil {
		if v.Class != spec.ClassTerminal || !strings.HasPrefix(string(v.Rule), "FRAME-") && v.Rule != spec.BudFrame {
			t.Fatalf("unexpected violation %v", v)
		}
		return
	}
	if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
		t.Fatal("no EOF without a violation")
	}
}

func FuzzOpenAIChatDecode(f *testing.F) {
	oaiFuzzSeeds(f, spec.FormatOpenAIChat, []string{
		"data: [DONE]\n\n",
		oaiChunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":{"x":1}}}]},"finish_reason":"stop"}`),
		oaiChunk(`{"delta":{"reasoning_details":[{"type":"reasoning.text","text":"t"},{"type":"reasoning.encrypted"}]}}`),
		"event: error\ndata: {\"error\":{\"message\":\"m\",\"code\":1}}\n\n",
	})
	f.Fuzz(func(t *testing.T, data []byte) { oaiFuzzBody(t, spec.FormatOpenAIChat, data) })
}
