package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// geminiFrame runs one payload through a fresh geminiDecoder.
func geminiFrame(payload string) ([]spec.Event, *spec.Violation) {
	return (&geminiDecoder{}).decodeFrame(frame{no: 1, data: []byte(payload)})
}

// geminiParts wraps parts (a JSON array body) in one candidate.
func geminiParts(parts string) string {
	return `{"candidates":[{"content":{"role":"model","parts":[` + parts + `]}}]}`
}

func TestGeminiDecodeFrame(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		want    []spec.Event
	}{
		{
			name:    "text",
			payload: geminiParts(`{"text":"Hello"}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "Hello"}},
		},
		{
			name:    "thought text",
			payload: geminiParts(`{"text":"**Plan**","thought":true}`),
			want:    []spec.Event{{Kind: spec.KindThinking, Data: "**Plan**"}},
		},
		{
			name:    "thought false is text",
			payload: geminiParts(`{"text":"a","thought":false}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
		{
			name:    "text with signature",
			payload: geminiParts(`{"text":"done.","thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindText, Data: "done.", Sig: "c2ln"}},
		},
		{
			name:    "empty text skipped",
			payload: `{"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}]}`,
			want:    []spec.Event{{Kind: spec.KindFinish, Data: "STOP"}},
		},
		{
			name:    "empty text kept for its signature",
			payload: geminiParts(`{"text":"","thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindText, Sig: "c2ln"}},
		},
		{
			name:    "empty thought kept for its signature",
			payload: geminiParts(`{"text":"","thought":true,"thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindThinking, Sig: "c2ln"}},
		},
		{
			name:    "signature alone",
			payload: geminiParts(`{"thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindSignature, Sig: "c2ln"}},
		},
		{
			name:    "empty signature alone",
			payload: geminiParts(`{"thoughtSignature":""}`),
			want:    nil,
		},
		{
			name:    "signature on another kind of part",
			payload: geminiParts(`{"executableCode":{"language":"PYTHON","code":"1"},"thoughtSignature":"c2ln"}`),
			want:    []spec.Event{{Kind: spec.KindSignature, Sig: "c2ln"}},
		},
		{
			name: "ignored parts",
			payload: geminiParts(`{"executableCode":{"language":"PYTHON","code":"print(1)"}},` +
				`{"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"1"}},` +
				`{"functionResponse":{"name":"f","response":{}}},` +
				`{"inlineData":{"mimeType":"image/png","data":"AAAA"}},` +
				`{"future":1},{},null`),
			want: nil,
		},
		{
			name:    "whole call with signature",
			payload: geminiParts(`{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"San Francisco"}`, Sig: "CiQB"}},
		},
		{
			name:    "whole call with id, args compacted in wire order",
			payload: geminiParts(`{"functionCall": {"name": "add","args": {"b": 3,"a": 2},"id": "8hd01vsf"}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, ID: "8hd01vsf", Name: "add", Data: `{"b":3,"a":2}`}},
		},
		{
			name:    "whole call without args",
			payload: geminiParts(`{"functionCall":{"name":"read_theme"},"thoughtSignature":"AY89"}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "read_theme", Sig: "AY89"}},
		},
		{
			name:    "whole call with empty args and null id",
			payload: geminiParts(`{"functionCall":{"name":"f","args":{},"id":null}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: "{}"}},
		},
		{
			name:    "whole call willContinue false",
			payload: geminiParts(`{"functionCall":{"name":"f","args":{"a":1},"willContinue":false}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f", Data: `{"a":1}`}},
		},
		{
			name:    "nameless call with args is a whole call, not a close",
			payload: geminiParts(`{"functionCall":{"args":{"a":1}}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Data: `{"a":1}`}},
		},
		{
			name: "parallel calls in one chunk",
			payload: `{"candidates": [{"content": {"parts": [{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"},` +
				`{"functionCall": {"name": "weather","args": {"city": "Santa Cruz"}}}],"role": "model"},"finishReason": "STOP","index": 0,"finishMessage": "Model generated function call(s)."}]}`,
			want: []spec.Event{
				{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"San Francisco"}`, Sig: "CiQB"},
				{Kind: spec.KindWholeCall, Name: "weather", Data: `{"city":"Santa Cruz"}`},
				{Kind: spec.KindFinish, Data: "STOP"},
			},
		},
		{
			name:    "path open",
			payload: geminiParts(`{"functionCall":{"name":"getWeather","willContinue":true},"thoughtSignature":"CiMB"}`),
			want:    []spec.Event{{Kind: spec.KindPathOpen, Name: "getWeather", Sig: "CiMB"}},
		},
		{
			name:    "path open with id",
			payload: geminiParts(`{"functionCall":{"id":"c1","name":"f","willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathOpen, ID: "c1", Name: "f"}},
		},
		{
			name:    "path string arg continuing",
			payload: geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":"Bos","willContinue":true}],"willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.location", Delta: spec.DeltaString, Data: "Bos", More: true}},
		},
		{
			name:    "path string arg last piece",
			payload: geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":""}],"willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.location", Delta: spec.DeltaString}},
		},
		{
			name: "path literals",
			payload: geminiParts(`{"functionCall":{"partialArgs":[` +
				`{"jsonPath":"$.operations[0].price","numberValue":0.5},` +
				`{"jsonPath":"$.n","numberValue":-1e3},` +
				`{"jsonPath":"$.b","boolValue":true},` +
				`{"jsonPath":"$.c","boolValue":false},` +
				`{"jsonPath":"$.d","nullValue":null},` +
				`{"jsonPath":"$.e","nullValue":"NULL_VALUE"}]}}`),
			want: []spec.Event{
				{Kind: spec.KindPathArg, Path: "$.operations[0].price", Delta: spec.DeltaJSON, Data: "0.5"},
				{Kind: spec.KindPathArg, Path: "$.n", Delta: spec.DeltaJSON, Data: "-1e3"},
				{Kind: spec.KindPathArg, Path: "$.b", Delta: spec.DeltaJSON, Data: "true"},
				{Kind: spec.KindPathArg, Path: "$.c", Delta: spec.DeltaJSON, Data: "false"},
				{Kind: spec.KindPathArg, Path: "$.d", Delta: spec.DeltaJSON, Data: "null"},
				{Kind: spec.KindPathArg, Path: "$.e", Delta: spec.DeltaJSON, Data: "null"},
			},
		},
		{
			name:    "partial args with a name open the call first",
			payload: geminiParts(`{"functionCall":{"id":"i","name":"f","partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":true}],"willContinue":true},"thoughtSignature":"s"}`),
			want: []spec.Event{
				{Kind: spec.KindPathOpen, ID: "i", Name: "f", Sig: "s"},
				{Kind: spec.KindPathArg, Path: "$.a", Delta: spec.DeltaString, Data: "x", More: true},
			},
		},
		{
			name:    "empty partialArgs is a keep-alive",
			payload: geminiParts(`{"functionCall":{"partialArgs":[],"willContinue":true}}`),
			want:    nil,
		},
		{
			// FRAME-6: a null element is absent, so [null] is [].
			name:    "null partialArgs element is absent: a keep-alive",
			payload: geminiParts(`{"functionCall":{"partialArgs":[null],"willContinue":true}}`),
			want:    nil,
		},
		{
			name:    "null partialArgs element is absent: a close",
			payload: geminiParts(`{"functionCall":{"partialArgs":[null]}}`),
			want:    []spec.Event{{Kind: spec.KindPathClose}},
		},
		{
			name:    "null partialArgs element is absent: a whole call",
			payload: geminiParts(`{"functionCall":{"name":"f","partialArgs":[null]}}`),
			want:    []spec.Event{{Kind: spec.KindWholeCall, Name: "f"}},
		},
		{
			name:    "null partialArgs elements skipped among others",
			payload: geminiParts(`{"functionCall":{"partialArgs":[null,{"jsonPath":"$.a","stringValue":"x"},null],"willContinue":true}}`),
			want:    []spec.Event{{Kind: spec.KindPathArg, Path: "$.a", Delta: spec.DeltaString, Data: "x"}},
		},
		{
			name:    "keep-alive",
			payload: geminiParts(`{"functionCall":{"willContinue":true}}`),
			want:    nil,
		},
		{
			name:    "close",
			payload: geminiParts(`{"functionCall":{}}`),
			want:    []spec.Event{{Kind: spec.KindPathClose}},
		},
		{
			name:    "close with empty name and willContinue false",
			payload: geminiParts(`{"functionCall":{"name":"","willContinue":false}}`),
			want:    []spec.Event{{Kind: spec.KindPathClose}},
		},
		{
			name:    "close then finish (Vertex last chunk)",
			payload: `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}`,
			want:    []spec.Event{{Kind: spec.KindPathClose}, {Kind: spec.KindFinish, Data: "STOP"}},
		},
		{
			name: "choices from index or position",
			payload: `{"candidates":[` +
				`{"content":{"parts":[{"text":"a"}]},"index":2},` +
				`{"content":{"parts":[{"text":"b"}]},"finishReason":"MAX_TOKENS"},` +
				`null,` +
				`{"finishReason":"SAFETY","index":0}]}`,
			want: []spec.Event{
				{Kind: spec.KindText, Choice: 2, Data: "a"},
				{Kind: spec.KindText, Choice: 1, Data: "b"},
				{Kind: spec.KindFinish, Choice: 1, Data: "MAX_TOKENS"},
				{Kind: spec.KindFinish, Data: "SAFETY"},
			},
		},
		{
			name:    "empty finishReason skipped",
			payload: `{"candidates":[{"content":{"parts":[]},"finishReason":""}]}`,
			want:    nil,
		},
		{
			name:    "no candidates (usage only, prompt feedback)",
			payload: `{"usageMetadata":{"promptTokenCount":1},"promptFeedback":{"blockReason":"SAFETY"},"modelVersion":"m"}`,
			want:    nil,
		},
		{
			name:    "candidate without content",
			payload: `{"candidates":[{"index":0}]}`,
			want:    nil,
		},
		{
			name:    "error",
			payload: `{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`,
			want:    []spec.Event{{Kind: spec.KindError, Data: "Resource has been exhausted", Name: "RESOURCE_EXHAUSTED"}},
		},
		{
			name:    "error wins over candidates",
			payload: `{"error":{"message":"m"},"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`,
			want:    []spec.Event{{Kind: spec.KindError, Data: "m"}},
		},
		{
			name:    "null error ignored",
			payload: `{"error":null,"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
		{
			name:    "unknown fields ignored",
			payload: `{"candidates":[{"content":{"parts":[{"text":"a","videoMetadata":{},"partMetadata":{"x":1}}],"role":"model"},"safetyRatings":[],"citationMetadata":{},"avgLogprobs":-0.1}],"createTime":"t","responseId":"r"}`,
			want:    []spec.Event{{Kind: spec.KindText, Data: "a"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, v := geminiFrame(tt.payload)
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("events:\n got %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestGeminiDecodeFrameErrors(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		rule    spec.RuleID
	}{
		{"not json", `[DONE]`, spec.FramePayload},
		{"array stream body", `[{"candidates":[]}]`, spec.FramePayload},
		{"empty", ``, spec.FramePayload},
		{"truncated", `{"candidates":[`, spec.FramePayload},
		{"candidates object", `{"candidates":{}}`, spec.FrameFieldType},
		{"candidate string", `{"candidates":["x"]}`, spec.FrameFieldType},
		{"index string", `{"candidates":[{"index":"0"}]}`, spec.FrameFieldType},
		{"index fraction", `{"candidates":[{"index":0.5}]}`, spec.FrameFieldType},
		{"content array", `{"candidates":[{"content":[]}]}`, spec.FrameFieldType},
		{"parts object", `{"candidates":[{"content":{"parts":{}}}]}`, spec.FrameFieldType},
		{"part string", geminiParts(`"hi"`), spec.FrameFieldType},
		{"text number", geminiParts(`{"text":1}`), spec.FrameFieldType},
		{"thought string", geminiParts(`{"text":"a","thought":"true"}`), spec.FrameFieldType},
		{"signature object", geminiParts(`{"thoughtSignature":{}}`), spec.FrameFieldType},
		{"functionCall string", geminiParts(`{"functionCall":"f"}`), spec.FrameFieldType},
		{"name number", geminiParts(`{"functionCall":{"name":1}}`), spec.FrameFieldType},
		{"id number", geminiParts(`{"functionCall":{"name":"f","id":1}}`), spec.FrameFieldType},
		{"args string", geminiParts(`{"functionCall":{"name":"f","args":"{}"}}`), spec.FrameFieldType},
		{"args array", geminiParts(`{"functionCall":{"name":"f","args":[]}}`), spec.FrameFieldType},
		{"willContinue string", geminiParts(`{"functionCall":{"name":"f","willContinue":"yes"}}`), spec.FrameFieldType},
		{"partialArgs object", geminiParts(`{"functionCall":{"partialArgs":{}}}`), spec.FrameFieldType},
		{"partialArg number", geminiParts(`{"functionCall":{"partialArgs":[1]}}`), spec.FrameFieldType},
		{"partialArg without value", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","willContinue":true}]}}`), spec.FrameFieldType},
		{"partialArg null stringValue only", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":null}]}}`), spec.FrameFieldType},
		{"jsonPath number", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":1,"stringValue":"a"}]}}`), spec.FrameFieldType},
		{"stringValue number", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":1}]}}`), spec.FrameFieldType},
		{"numberValue string", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":"1"}]}}`), spec.FrameFieldType},
		{"numberValue object", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":{}}]}}`), spec.FrameFieldType},
		{"boolValue string", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","boolValue":"true"}]}}`), spec.FrameFieldType},
		{"partial willContinue number", geminiParts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":1}]}}`), spec.FrameFieldType},
		{"finishReason number", `{"candidates":[{"finishReason":1}]}`, spec.FrameFieldType},
		{"responseId number", `{"responseId":1,"candidates":[]}`, spec.FrameFieldType},
		{"error string", `{"error":"boom"}`, spec.FrameFieldType},
		{"error message number", `{"error":{"message":1}}`, spec.FrameFieldType},
		{"error status number", `{"error":{"message":"m","status":500}}`, spec.FrameFieldType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, v := geminiFrame(tt.payload)
			if v == nil {
				t.Fatalf("no violation; events %v", got)
			}
			if v.Rule != tt.rule || v.Class != spec.ClassTerminal || v.Call != spec.NoCall {
				t.Errorf("violation %v, want rule %s terminal no-call", v, tt.rule)
			}
			if got != nil {
				t.Errorf("events with a violation: %v", got)
			}
		})
	}
}

// TestGeminiResponseIDs: a non-empty responseId other than the current
// message's starts a message before the chunk's content (ORD-4); the first
// id seen names the current message, and an absent or empty id belongs to
// it.
func TestGeminiResponseIDs(t *testing.T) {
	d := &geminiDecoder{}
	text := func(id, s string) string {
		p := `{"candidates":[{"content":{"parts":[{"text":"` + s + `"}]}}]`
		if id != "-" {
			p += `,"responseId":"` + id + `"`
		}
		return p + "}"
	}
	start := func(id string) spec.Event { return spec.Event{Kind: spec.KindMessageStart, ID: id} }
	txt := func(s string) spec.Event { return spec.Event{Kind: spec.KindText, Data: s} }
	for i, c := range []struct {
		payload string
		want    []spec.Event
	}{
		{text("-", "a"), []spec.Event{txt("a")}},
		{text("r1", "b"), []spec.Event{txt("b")}}, // the first id names the current message
		{text("-", "c"), []spec.Event{txt("c")}},
		{text("", "d"), []spec.Event{txt("d")}},
		{text("r1", "e"), []spec.Event{txt("e")}},
		{text("r2", "f"), []spec.Event{start("r2"), txt("f")}},
		{`{"usageMetadata":{},"responseId":"r1"}`, []spec.Event{start("r1")}}, // a known id after another is new
		{text("r1", "g"), []spec.Event{txt("g")}},
	} {
		got, v := d.decodeFrame(frame{no: i + 1, data: []byte(c.payload)})
		if v != nil {
			t.Fatalf("frame %d: violation %v", i+1, v)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("frame %d: events %v, want %v", i+1, got, c.want)
		}
	}
}

// TestGeminiDecodeStream checks a whole SSE stream with CRLF line ends:
// frame numbers, offsets, and no message end.
func TestGeminiDecodeStream(t *testing.T) {
	p1 := geminiParts(`{"functionCall":{"name":"f","args":{"a":1}},"thoughtSignature":"s"}`)
	p2 := `{"candidates":[{"content":{"parts":[{"text":""}]},"finishReason":"STOP","index":0}]}`
	in := "data: " + p1 + "\r\n\r\n" + "data: " + p2 + "\r\n\r\n"
	got, v := Decode(spec.FormatGemini, []byte(in), spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	o2 := int64(len("data: " + p1 + "\r\n\r\n"))
	want := []spec.Event{
		{Kind: spec.KindWholeCall, Frame: 1, Offset: 0, Name: "f", Data: `{"a":1}`, Sig: "s"},
		{Kind: spec.KindFinish, Frame: 2, Offset: o2, Data: "STOP"},
		{Kind: spec.KindEOF, Frame: 2, Offset: int64(len(in))},
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %v\nwant %v", got, want)
	}

	// The same payloads as JSON lines (the Vertex / vercel chunk format).
	lines := p1 + "\n" + p2
	got, v = Decode(spec.FormatGemini, []byte(lines), spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	want[1].Offset = int64(len(p1) + 1)
	want[2].Offset = int64(len(lines))
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %v\nwant %v", got, want)
	}
}

// geminiCaptureDir returns the Gemini captures directory, or skips.
func geminiCaptureDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", "gemini")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("captures not available: %v", err)
	}
	return dir
}

// geminiSummary renders the call-related events of evs compactly: one
// string per event, signatures shown only as present ("sig").
func geminiSummary(evs []spec.Event) []string {
	var out []string
	for _, ev := range evs {
		var b strings.Builder
		b.WriteString(ev.Kind.String())
		switch ev.Kind {
		case spec.KindWholeCall, spec.KindPathOpen:
			if ev.ID != "" {
				b.WriteString(" id=" + ev.ID)
			}
			b.WriteString(" " + ev.Name)
			if ev.Data != "" {
				b.WriteString(" " + ev.Data)
			}
		case spec.KindPathArg:
			b.WriteString(" " + ev.Path + " " + ev.Delta.String() + " " + ev.Data)
			if ev.More {
				b.WriteString(" more")
			}
		case spec.KindFinish:
			b.WriteString(" " + ev.Data)
		case spec.KindPathClose, spec.KindSignature:
		default:
			continue
		}
		if ev.Sig != "" {
			b.WriteString(" sig")
		}
		out = append(out, b.String())
	}
	return out
}

// TestGeminiCaptures decodes every real Gemini capture without a violation
// and checks the calls against captures/README.md.
func TestGeminiCaptures(t *testing.T) {
	dir := geminiCaptureDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		t.Skipf("no Gemini captures in %s", dir)
	}
	known := map[string][]string{
		"gemini-2.5-flash-2calls-one-chunk-nocr.sse": {
			`whole-call weather {"city":"San Francisco"} sig`,
			`whole-call weather {"city":"Santa Cruz"}`,
			`finish STOP`,
		},
		"gemini-2.5-flash-thought-then-call.sse": {
			`whole-call weather {"location":"Florence, Italy"} sig`,
			`finish STOP`,
		},
		"gemini-2.5-pro-2calls-separate-chunks.sse": {
			`whole-call add {"b":3,"a":2} sig`,
			`whole-call multiply {"a":2,"b":3}`,
			`finish STOP`,
		},
		"gemini-3-pro-2calls-with-ids.sse": {
			`whole-call id=8hd01vsf add {"a":2,"b":3} sig`,
			`whole-call id=k0srpqrc multiply {"b":3,"a":2}`,
			`finish STOP`,
		},
		"vertex-partial-args-2calls.jsonl": {
			`path-open getWeather sig`,
			`path-arg $.location string Boston more`,
			`path-arg $.location string `,
			`path-close`,
			`path-open getWeather`,
			`path-arg $.location string San Francisco more`,
			`path-arg $.location string `,
			`path-close`,
			`finish STOP`,
		},
		"vertex-partial-args-array-missing-terminal.jsonl": {
			`path-open writeItems sig`,
			`path-arg $.operations[0].action string add more`,
			`path-arg $.operations[0].action string `,
			`path-arg $.operations[0].description string Fresh red apple more`,
			`path-arg $.operations[0].description string `,
			`path-arg $.operations[0].itemid string apple_001 more`,
			`path-arg $.operations[0].itemid string `,
			`path-arg $.operations[0].price json 0.5`,
			`path-arg $.operations[1].action string add more`,
			`path-arg $.operations[1].action string `,
			`path-arg $.operations[1].description string Ripe yellow banana more`,
			`path-arg $.operations[1].description string `,
			`path-arg $.operations[1].itemid string banana_001 more`,
			`path-arg $.operations[1].itemid string `,
			`path-arg $.operations[1].price json 0.3`,
			`finish STOP`, // no path-close: the terminal {} is missing
		},
		"vertex-partial-args-noargs-and-3calls.jsonl": {
			`whole-call read_theme sig`,
			`path-open read_screen`,
			`path-arg $.id string A more`,
			`path-arg $.id string `,
			`path-close`,
			`path-open read_screen`,
			`path-arg $.id string B more`,
			`path-arg $.id string `,
			`path-close`,
			`path-open read_screen`,
			`path-arg $.id string C more`,
			`path-arg $.id string `,
			`path-close`,
			`finish STOP`,
		},
	}
	thoughts := map[string]string{
		"gemini-2.5-flash-thought-then-call.sse":      "**Determining the Weather Inquiry**",
		"vertex-partial-args-noargs-and-3calls.jsonl": "**Processing User Requests**",
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(spec.FormatGemini, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if n := len(evs); n == 0 || evs[n-1].Kind != spec.KindEOF {
				t.Fatalf("last event is not EOF: %v", evs)
			}
			var thinking strings.Builder
			for _, ev := range evs {
				switch ev.Kind {
				case spec.KindMessageEnd, spec.KindMessageStart, spec.KindError:
					t.Errorf("unexpected event %v", ev)
				case spec.KindThinking:
					thinking.WriteString(ev.Data)
				case spec.KindText:
					if ev.Data == "" && ev.Sig == "" {
						t.Errorf("empty text event without signature: %v", ev)
					}
				}
				if ev.Choice != 0 {
					t.Errorf("choice %d in a single-candidate stream: %v", ev.Choice, ev)
				}
			}
			want, ok := known[name]
			if !ok {
				t.Logf("%s: not described in the test; decoded %d events", name, len(evs))
				return
			}
			if got := geminiSummary(evs); !slices.Equal(got, want) {
				t.Errorf("calls:\n got %q\nwant %q", got, want)
			}
			if !strings.HasPrefix(thinking.String(), thoughts[name]) || (thoughts[name] == "" && thinking.Len() > 0) {
				t.Errorf("thinking %q, want prefix %q", thinking.String(), thoughts[name])
			}
		})
	}
}

// TestGeminiTypeConfusion feeds capture payloads with members of random
// types to the decoder: no panic, only FRAME-4 / FRAME-6 violations.
func TestGeminiTypeConfusion(t *testing.T) {
	framingTypeConfusion(t, spec.FormatGemini, func() payloadDecoder { return &geminiDecoder{} })
}
