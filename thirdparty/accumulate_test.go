package thirdparty

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/ollama/ollama/api"
	"github.com/openai/openai-go/v3/responses"
	"google.golang.org/genai"

	"github.com/toolspec/toolspec/spec"
)

// The accumulations written here (responsesAcc, geminiAcc, bedrockAcc,
// ollamaAcc) are checked on whole streams by TestCompareCorrect and
// TestCompareCaptures; these tests check that they fail, and never panic,
// on streams that are not whole.

// TestCutStreamsFail cuts every small local stream in the middle: every
// library must report an error, since no stream cut there has its
// terminal signal.
func TestCutStreamsFail(t *testing.T) {
	for _, s := range localStreams() {
		if len(s.raw) > 64<<10 {
			continue
		}
		cut := s.raw[:len(s.raw)/2]
		for _, lib := range libraries(s.format, cut) {
			t.Run(s.name+"/"+lib.name, func(t *testing.T) {
				if _, err := lib.run(cut); err == nil {
					t.Errorf("no error on the first %d of %d bytes", len(cut), len(s.raw))
				}
			})
		}
	}
}

// FuzzLibraries runs every library of every format on any input: each
// may fail, none may panic. It is seeded with the small local streams.
func FuzzLibraries(f *testing.F) {
	for _, s := range localStreams() {
		if len(s.raw) <= 64<<10 {
			f.Add(string(s.format), s.raw)
		}
	}
	f.Fuzz(func(t *testing.T, format string, raw []byte) {
		fm := spec.Format(format)
		if !fm.Valid() {
			return
		}
		for _, lib := range libraries(fm, raw) {
			_, _ = lib.run(raw)
		}
	})
}

func TestParseJSONPath(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{`$.a`, `["a"]`},
		{`$.a.b`, `["a","b"]`},
		{`$['a.b']`, `["a.b"]`},
		{`$["a"][2]`, `["a",2]`},
		{`$.operations[0].action`, `["operations",0,"action"]`},
		{`$.a[1][0]`, `["a",1,0]`},
		{``, `error`},
		{`a`, `error`},
		{`$`, `error`},
		{`$[0]`, `error`},
		{`$.`, `error`},
		{`$..a`, `error`},
		{`$.a[`, `error`},
		{`$.a[x]`, `error`},
		{`$.a[-1]`, `error`},
		{`$.a[99999999999]`, `error`},
		{`$['a`, `error`},
		{`$['a'x`, `error`},
		{`$a`, `error`},
	} {
		steps, err := parseJSONPath(c.path)
		got := "error"
		if err == nil {
			var v []any
			for _, st := range steps {
				if st.member {
					v = append(v, st.name)
				} else {
					v = append(v, st.index)
				}
			}
			b, _ := json.Marshal(v)
			got = string(b)
		}
		if got != c.want {
			t.Errorf("parseJSONPath(%q) = %s (%v), want %s", c.path, got, err, c.want)
		}
	}
}

func TestSetPartialArg(t *testing.T) {
	num, yes := 0.5, true
	obj := map[string]any{}
	for _, pa := range []*genai.PartialArg{
		{JsonPath: "$.s", StringValue: "Bos"},
		{JsonPath: "$.s", StringValue: "ton"},
		{JsonPath: "$.ops[1].price", NumberValue: &num},
		{JsonPath: "$.ops[0].ok", BoolValue: &yes},
		{JsonPath: "$.ops[1].name", StringValue: "b"},
		{JsonPath: "$.m['k'][0]", NULLValue: "NULL_VALUE"},
		nil,
	} {
		if err := setPartialArg(obj, pa); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := json.Marshal(builtStrings(obj))
	const want = `{"m":{"k":[null]},"ops":[{"ok":true},{"name":"b","price":0.5}],"s":"Boston"}`
	if string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for _, pa := range []*genai.PartialArg{
		{JsonPath: "$.s[0]", StringValue: "x"},  // an index into a string
		{JsonPath: "$.ops.a", StringValue: "x"}, // a member of an array
		{JsonPath: "$.ops[0][1]", StringValue: "x"},
		{JsonPath: "s", StringValue: "x"},
	} {
		if err := setPartialArg(obj, pa); err == nil {
			t.Errorf("%s: no error", pa.JsonPath)
		}
	}
}

// geminiChunkOf returns a Gemini chunk of candidate 0 with parts.
func geminiChunkOf(parts ...*genai.Part) *genai.GenerateContentResponse {
	return &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{Content: &genai.Content{Parts: parts}}}}
}

func TestGeminiAccRejects(t *testing.T) {
	yes := true
	open := &genai.Part{FunctionCall: &genai.FunctionCall{Name: "f", WillContinue: &yes}}
	for name, chunks := range map[string][]*genai.GenerateContentResponse{
		"nil chunk":          {nil},
		"two candidates":     {{Candidates: []*genai.Candidate{{}, {Index: 1}}}},
		"candidate 1":        {{Candidates: []*genai.Candidate{{Index: 1}}}},
		"nil candidate":      {{Candidates: []*genai.Candidate{nil}}},
		"call without name":  {geminiChunkOf(&genai.Part{FunctionCall: &genai.FunctionCall{}})},
		"call inside call":   {geminiChunkOf(open, open)},
		"text inside call":   {geminiChunkOf(open, &genai.Part{Text: "x"})},
		"bad path":           {geminiChunkOf(open, &genai.Part{FunctionCall: &genai.FunctionCall{PartialArgs: []*genai.PartialArg{{JsonPath: "x"}}}})},
		"chunk after finish": {{Candidates: []*genai.Candidate{{FinishReason: genai.FinishReasonStop}}}, geminiChunkOf()},
	} {
		var a geminiAcc
		var err error
		for _, c := range chunks {
			if err = a.add(c); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// responsesEvent decodes one Responses event as openai-go does.
func responsesEvent(t *testing.T, s string) responses.ResponseStreamEventUnion {
	t.Helper()
	var ev responses.ResponseStreamEventUnion
	if err := json.Unmarshal([]byte(s), &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestResponsesAccRejects(t *testing.T) {
	const added = `{"type":"response.output_item.added","output_index":0,"item":{"id":"fc_1","type":"function_call","call_id":"c","name":"f","arguments":""}}`
	for name, evs := range map[string][]string{
		"delta without item":   {`{"type":"response.function_call_arguments.delta","output_index":0,"delta":"{"}`},
		"done without item":    {`{"type":"response.function_call_arguments.done","output_index":3,"arguments":"{}"}`},
		"delta for a message":  {`{"type":"response.output_item.added","output_index":0,"item":{"id":"m","type":"message"}}`, `{"type":"response.function_call_arguments.delta","output_index":0,"delta":"{"}`},
		"index opened twice":   {added, added},
		"message done as call": {`{"type":"response.output_item.added","output_index":0,"item":{"id":"m","type":"message"}}`, `{"type":"response.output_item.done","output_index":0,"item":{"id":"m","type":"function_call"}}`},
		"failed":               {`{"type":"response.failed","response":{"status":"failed"}}`},
		"incomplete":           {`{"type":"response.incomplete","response":{"status":"incomplete"}}`},
		"flat error":           {`{"type":"error","code":"server_error","message":"boom"}`},
	} {
		var a responsesAcc
		var err error
		for _, s := range evs {
			if err = a.add(responsesEvent(t, s)); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestBedrockAccRejects(t *testing.T) {
	start := &types.ConverseStreamOutputMemberContentBlockStart{Value: types.ContentBlockStartEvent{
		ContentBlockIndex: aws.Int32(1),
		Start:             &types.ContentBlockStartMemberToolUse{Value: types.ToolUseBlockStart{ToolUseId: aws.String("t"), Name: aws.String("f")}},
	}}
	delta := &types.ConverseStreamOutputMemberContentBlockDelta{Value: types.ContentBlockDeltaEvent{
		ContentBlockIndex: aws.Int32(2),
		Delta:             &types.ContentBlockDeltaMemberToolUse{Value: types.ToolUseBlockDelta{Input: aws.String("{")}},
	}}
	for name, evs := range map[string][]types.ConverseStreamOutput{
		"started twice":          {start, start},
		"delta of no tool block": {start, delta},
	} {
		var a bedrockAcc
		var err error
		for _, ev := range evs {
			if err = a.add(ev); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestOllamaAccRejectsAfterDone(t *testing.T) {
	var a ollamaAcc
	if err := a.add(api.ChatResponse{Done: true}); err != nil {
		t.Fatal(err)
	}
	if err := a.add(api.ChatResponse{Message: api.Message{Content: "x"}}); err == nil {
		t.Error("no error on a response after done")
	}
}

func TestMemTransportWithoutBody(t *testing.T) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, "http://x.invalid/", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := memClient("text/event-stream").Do(req); !errors.Is(err, errNoBody) {
		t.Errorf("got %v, want %v", err, errNoBody)
	}
}

func TestIsBedrockInvoke(t *testing.T) {
	caps, err := captureStreams()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range caps {
		if s.format != spec.FormatBedrock {
			continue
		}
		want := strings.Contains(s.name, "-invoke-")
		if got := isBedrockInvoke(s.raw); got != want {
			t.Errorf("%s: isBedrockInvoke = %v, want %v", s.name, got, want)
		}
		n++
	}
	if n == 0 {
		t.Error("no Bedrock captures")
	}
	for _, raw := range []string{"", "\x00\x00\x00\x10\xff\xff\xff\xff\x00\x00\x00\x00", string(eventStreamMessage("chunk", nil)[:14])} {
		if isBedrockInvoke([]byte(raw)) {
			t.Errorf("isBedrockInvoke(%q) = true", raw)
		}
	}
	if !isBedrockInvoke(eventStreamMessage("chunk", []byte(`{}`))) {
		t.Error("a chunk message is not seen as Invoke")
	}
}
