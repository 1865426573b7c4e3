package model

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The helpers prefixed ab serve both decode_anthropic_test.go and
// decode_bedrock_test.go.

// abCapturesDir is the folder of real captures, relative to the model dir.
const abCapturesDir = "../../shared/captures"

// abLines decodes input whole and returns its events as String lines,
// without the final EOF event, and the violation.
func abLines(f spec.Format, input []byte, lim spec.Limits) ([]string, *spec.Violation) {
	evs, v := Decode(f, input, lim)
	var out []string
	for _, e := range evs {
		if e.Kind != spec.KindEOF {
			out = append(out, e.String())
		}
	}
	return out, v
}

// abCase is one mapping test: the input bytes and the exact events wanted.
type abCase struct {
	name string
	in   string
	want []string
}

func abRunCases(t *testing.T, f spec.Format, cases []abCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, v := abLines(f, []byte(c.in), spec.Limits{})
			if v != nil {
				t.Fatalf("unexpected violation: %v", v)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("events:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(c.want, "\n       "))
			}
		})
	}
}

// abBadCase is one input that must stop with a violation of rule.
type abBadCase struct {
	name string
	in   string
	rule spec.RuleID
}

func abRunBadCases(t *testing.T, f spec.Format, cases []abBadCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, v := abLines(f, []byte(c.in), spec.Limits{})
			if v == nil {
				t.Fatalf("no violation; events %q", got)
			}
			if v.Rule != c.rule || v.Class != spec.ClassTerminal {
				t.Errorf("violation %v (%s), want rule %s, terminal", v, v.Class, c.rule)
			}
		})
	}
}

// abCaptureFiles returns the capture files of one format folder, or skips
// the test when the folder is absent.
func abCaptureFiles(t *testing.T, folder string) []string {
	t.Helper()
	dir := filepath.Join(abCapturesDir, folder)
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		t.Skipf("captures folder %s is absent", dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range ents {
		if e.Type().IsRegular() {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	if len(files) == 0 {
		t.Skipf("captures folder %s is empty", dir)
	}
	return files
}

// abCalls lists the calls a decoded stream announces: "block <id>" for a
// BlockStart of a call block, "whole <id>" for a WholeCall, with " server"
// appended for server calls.
func abCalls(evs []spec.Event) []string {
	var calls []string
	for _, e := range evs {
		var s string
		switch {
		case e.Kind == spec.KindBlockStart && e.Block == spec.BlockCall:
			s = "block " + e.ID
		case e.Kind == spec.KindWholeCall:
			s = "whole " + e.ID
		default:
			continue
		}
		if e.Server {
			s += " server"
		}
		calls = append(calls, s)
	}
	return calls
}

// abCheckCaptures decodes every capture of folder with format f, checks
// that no violation occurs, that the stream ends in EOF, and that the calls
// seen are the ones listed in want (keyed by file name; every file must be
// listed).
func abCheckCaptures(t *testing.T, f spec.Format, folder string, want map[string][]string) {
	seen := map[string]bool{}
	for _, path := range abCaptureFiles(t, folder) {
		name := filepath.Base(path)
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(f, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
				t.Fatalf("stream does not end in EOF")
			}
			exp, ok := want[name]
			if !ok {
				t.Fatalf("capture not listed in the test; calls seen %q", abCalls(evs))
			}
			if got := abCalls(evs); !slices.Equal(got, exp) {
				t.Errorf("calls:\n  got  %q\n  want %q", got, exp)
			}
		})
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("listed capture %s not found", name)
		}
	}
}

// abCheckChunking checks, for every capture of folder, that decoding it
// whole gives the same events as writing it to a Decoder one byte at a time,
// and in random-sized pieces, then closing it.
func abCheckChunking(t *testing.T, f spec.Format, folder string) {
	for _, path := range abCaptureFiles(t, folder) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			whole, v := Decode(f, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			oneByte := slices.Repeat([]int{1}, len(data))
			if got := abDecodeChunks(t, f, data, oneByte); !slices.Equal(got, whole) {
				t.Errorf("1-byte writes differ from whole decode:\n%s", abDiff(got, whole))
			}
			rng := rand.New(rand.NewPCG(uint64(len(data)), 7))
			for round := 0; round < 20; round++ {
				var sizes []int
				for n := 0; n < len(data); {
					k := 1 + rng.IntN(64)
					if round%2 == 1 {
						k = 1 + rng.IntN(len(data))
					}
					sizes = append(sizes, k)
					n += k
				}
				if got := abDecodeChunks(t, f, data, sizes); !slices.Equal(got, whole) {
					t.Fatalf("round %d, write sizes %v differ from whole decode:\n%s", round, sizes, abDiff(got, whole))
				}
			}
		})
	}
}

// abDecodeChunks writes data to a new Decoder in pieces of the given sizes
// (the last is cut to fit), then closes it.
func abDecodeChunks(t *testing.T, f spec.Format, data []byte, sizes []int) []spec.Event {
	t.Helper()
	d := NewDecoder(f, spec.Limits{})
	var out []spec.Event
	for _, k := range sizes {
		k = min(k, len(data))
		evs, v := d.Write(data[:k])
		if v != nil {
			t.Fatalf("violation: %v", v)
		}
		out = append(out, evs...)
		data = data[k:]
	}
	evs, v := d.Close()
	if v != nil {
		t.Fatalf("violation at close: %v", v)
	}
	return append(out, evs...)
}

// abDiff describes the first difference of two event lists.
func abDiff(got, want []spec.Event) string {
	for i := range max(len(got), len(want)) {
		var g, w spec.Event
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return fmt.Sprintf("event %d:\n  got  %+v\n  want %+v", i, g, w)
		}
	}
	return "(no difference)"
}

func TestAnthropicMessageStart(t *testing.T) {
	abRunCases(t, spec.FormatAnthropic, []abCase{
		{"empty content", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"stop_reason":null,"usage":{"input_tokens":3}}}`,
			[]string{`#1 message-start id="msg_1"`}},
		{"no message", `{"type":"message_start"}`,
			[]string{`#1 message-start`}},
		{"empty id is absent", `{"type":"message_start","message":{"id":"","content":null}}`,
			[]string{`#1 message-start`}},
		{"whole tool_use and stop reason", `{"type":"message_start","message":{"id":"msg_2","content":[{"type":"tool_use","id":"toolu_1","name":"roll","input":{ "a" : [1, 2] },"caller":{"type":"code_execution_20250825"}}],"stop_reason":"tool_use"}}`,
			[]string{`#1 message-start id="msg_2"`, `#1 whole-call id="toolu_1" name="roll" data="{\"a\":[1,2]}"`, `#1 finish data="tool_use"`}},
		{"whole calls without input", `{"type":"message_start","message":{"content":[{"type":"tool_use","id":"a","name":"f"},{"type":"tool_use","id":"b","name":"g","input":null},{"type":"tool_use","id":"c","name":"h","input":{ }}]}}`,
			[]string{`#1 message-start`, `#1 whole-call id="a" name="f"`, `#1 whole-call id="b" name="g"`, `#1 whole-call id="c" name="h"`}},
		{"server and mcp calls", `{"type":"message_start","message":{"content":[{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"q":"x"}},{"type":"mcp_tool_use","id":"mcptoolu_1","name":"echo","input":{},"server_name":"echo"}]}}`,
			[]string{`#1 message-start`, `#1 whole-call id="srvtoolu_1" name="web_search" server data="{\"q\":\"x\"}"`, `#1 whole-call id="mcptoolu_1" name="echo" server`}},
		{"empty id and name stay absent", `{"type":"message_start","message":{"content":[{"type":"tool_use","id":"","name":""}]}}`,
			[]string{`#1 message-start`, `#1 whole-call`}},
		{"text, thinking and others", `{"type":"message_start","message":{"content":[{"type":"text","text":"hi"},{"type":"text","text":""},{"type":"thinking","thinking":"hmm","signature":"sig1"},{"type":"thinking","thinking":"","signature":"sig2"},{"type":"thinking","thinking":""},{"type":"redacted_thinking","data":"xx"},{"type":"web_search_tool_result","content":[]},{"type":"future"},null]}}`,
			[]string{`#1 message-start`, `#1 block-start index=0 block=text data="hi"`, `#1 block-stop index=0`, `#1 block-start index=1 block=text`, `#1 block-stop index=1`, `#1 block-start index=2 block=thinking data="hmm" sig="sig1"`, `#1 block-stop index=2`, `#1 block-start index=3 block=thinking sig="sig2"`, `#1 block-stop index=3`, `#1 block-start index=4 block=thinking`, `#1 block-stop index=4`, `#1 block-start index=5 block=redacted data="xx"`, `#1 block-stop index=5`}},
		{"empty stop reason", `{"type":"message_start","message":{"content":[],"stop_reason":""}}`,
			[]string{`#1 message-start`}},
	})
}

func TestAnthropicBlockStart(t *testing.T) {
	abRunCases(t, spec.FormatAnthropic, []abCase{
		{"text", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			[]string{`#1 block-start index=0 block=text`}},
		{"text with inline text", `{"type":"content_block_start","index":2,"content_block":{"type":"text","text":"Hi","citations":[]}}`,
			[]string{`#1 block-start index=2 block=text data="Hi"`}},
		{"thinking", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`,
			[]string{`#1 block-start index=0 block=thinking`}},
		{"thinking with content", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"a","signature":"s"}}`,
			[]string{`#1 block-start index=0 block=thinking data="a" sig="s"`}},
		{"redacted thinking", `{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"EqkECkYI"}}`,
			[]string{`#1 block-start index=1 block=redacted data="EqkECkYI"`}},
		{"tool_use, input {}", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{},"caller":{"type":"direct"}}     }`,
			[]string{`#1 block-start index=1 block=call id="toolu_1" name="add"`}},
		{"tool_use, inline input", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"add","input":{"a": 1, "b": [true, null]}}}`,
			[]string{`#1 block-start index=1 block=call id="toolu_1" name="add" data="{\"a\":1,\"b\":[true,null]}"`}},
		{"tool_use, no input, empty id", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"","name":"f"}}`,
			[]string{`#1 block-start index=1 block=call name="f"`}},
		{"server_tool_use", `{"type":"content_block_start","index":1,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"code_execution","input":{}}}`,
			[]string{`#1 block-start index=1 block=call id="srvtoolu_1" name="code_execution" server`}},
		{"mcp_tool_use", `{"type":"content_block_start","index":0,"content_block":{"type":"mcp_tool_use","id":"mcptoolu_1","name":"echo","input":{},"server_name":"echo"}}`,
			[]string{`#1 block-start index=0 block=call id="mcptoolu_1" name="echo" server`}},
		{"web_search_tool_result", `{"type":"content_block_start","index":2,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}}`,
			[]string{`#1 block-start index=2 block=other`}},
		{"mcp_tool_result", `{"type":"content_block_start","index":1,"content_block":{"type":"mcp_tool_result","tool_use_id":"mcptoolu_1","is_error":false,"content":[{"type":"text","text":"x"}]}}`,
			[]string{`#1 block-start index=1 block=other`}},
		{"code_execution_tool_result", `{"type":"content_block_start","index":0,"content_block":{"type":"code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{}}}`,
			[]string{`#1 block-start index=0 block=other`}},
		{"compaction", `{"type":"content_block_start","index":0,"content_block":{"type":"compaction","content":"..."}}`,
			[]string{`#1 block-start index=0 block=other`}},
		{"container_upload", `{"type":"content_block_start","index":0,"content_block":{"type":"container_upload","file_id":"f"}}`,
			[]string{`#1 block-start index=0 block=other`}},
		{"unknown type", `{"type":"content_block_start","index":4,"content_block":{"type":"hologram","id":"x","name":"y"}}`,
			[]string{`#1 block-start index=4 block=other`}},
		{"no type", `{"type":"content_block_start","index":4,"content_block":{}}`,
			[]string{`#1 block-start index=4 block=other`}},
	})
}

func TestAnthropicBlockDelta(t *testing.T) {
	abRunCases(t, spec.FormatAnthropic, []abCase{
		{"text_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"I'll"}      }`,
			[]string{`#1 block-delta index=0 delta=text data="I'll"`}},
		{"empty text_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":""}}`,
			[]string{`#1 block-delta index=0 delta=text`}},
		{"input_json_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a\": 2"}}`,
			[]string{`#1 block-delta index=1 delta=args data="{\"a\": 2"`}},
		{"empty input_json_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}`,
			[]string{`#1 block-delta index=1 delta=args`}},
		{"input_json_delta without partial_json", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta"}}`,
			[]string{`#1 block-delta index=1 delta=args`}},
		{"thinking_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"The user"}}`,
			[]string{`#1 block-delta index=0 delta=thinking data="The user"`}},
		{"empty thinking_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":""}}`,
			[]string{`#1 block-delta index=0 delta=thinking`}},
		{"signature_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCgIYAhIM"}}`,
			[]string{`#1 block-delta index=0 delta=signature data="EqQBCgIYAhIM"`}},
		{"empty signature_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":""}}`,
			[]string{`#1 block-delta index=0 delta=signature`}},
		{"citations_delta", `{"type":"content_block_delta","index":3,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"x"}}}`,
			[]string{`#1 block-delta index=3 delta=other`}},
		{"unknown delta", `{"type":"content_block_delta","index":3,"delta":{"type":"telepathy_delta","text":5}}`,
			[]string{`#1 block-delta index=3 delta=other`}},
	})
}

func TestAnthropicOtherEvents(t *testing.T) {
	abRunCases(t, spec.FormatAnthropic, []abCase{
		{"content_block_stop", `{"type":"content_block_stop","index":3            }`,
			[]string{`#1 block-stop index=3`}},
		{"message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":65}}`,
			[]string{`#1 finish data="tool_use"`}},
		{"message_delta without reason", `{"type":"message_delta","delta":{"stop_reason":null},"usage":{"output_tokens":65}}`,
			nil},
		{"message_delta with empty reason", `{"type":"message_delta","delta":{"stop_reason":""}}`,
			nil},
		{"message_delta without delta", `{"type":"message_delta","usage":{"output_tokens":65}}`,
			nil},
		{"message_stop", `{"type":"message_stop","amazon-bedrock-invocationMetrics":{"inputTokenCount":5}}`,
			[]string{`#1 message-end`}},
		{"ping", `{"type": "ping"}`,
			nil},
		{"error", `{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}`,
			[]string{`#1 error name="overloaded_error" data="Overloaded"`}},
		{"error without details", `{"type":"error"}`,
			[]string{`#1 error`}},
		{"unknown event", "{\"type\":\"ping\"}\n" + `{"type":"future_event","index":"not checked","delta":7}`,
			nil},
		{"several lines", "{\"type\":\"content_block_stop\",\"index\":0}\n\n{\"type\":\"ping\"}\n{\"type\":\"message_stop\"}",
			[]string{`#1 block-stop index=0`, `#3 message-end`}},
		{"SSE", "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"content\":[]}}\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
			[]string{`#1 message-start id="m"`, `#3 message-end`}},
		{"SSE event name when type is absent", "event: content_block_stop\ndata: {\"index\":2}\n\nevent: message_stop\ndata: {}\n\n",
			[]string{`#1 block-stop index=2`, `#2 message-end`}},
		{"SSE event name when type is empty", "event: message_stop\ndata: {\"type\":\"\"}\n\n",
			[]string{`#1 message-end`}},
		{"payload type wins over SSE event name", "event: ping\ndata: {\"type\":\"message_stop\"}\n\n",
			[]string{`#1 message-end`}},
	})
}

func TestAnthropicViolations(t *testing.T) {
	const (
		payload = spec.FramePayload
		ftype   = spec.FrameFieldType
	)
	abRunBadCases(t, spec.FormatAnthropic, []abBadCase{
		{"array payload", `[{"type":"ping"}]`, payload},
		{"number payload", "data: 42\n\n", payload},
		{"string payload", "event: ping\ndata: \"ping\"\n\n", payload},
		{"invalid JSON", `{"type":"message_stop"` + "\n", payload},
		{"invalid JSON at EOF", `{"type":"message_stop"}}`, payload},
		{"only foreign payloads", `{"choices":[]}`, spec.FrameNotFormat},
		{"only an unknown event", `{"type":"future_event"}`, spec.FrameNotFormat},
		{"type not a string", `{"type":1}`, ftype},
		{"message not an object", `{"type":"message_start","message":"m"}`, ftype},
		{"message id not a string", `{"type":"message_start","message":{"id":7}}`, ftype},
		{"content not an array", `{"type":"message_start","message":{"content":{}}}`, ftype},
		{"content element not an object", `{"type":"message_start","message":{"content":[5]}}`, ftype},
		{"content element type not a string", `{"type":"message_start","message":{"content":[{"type":true}]}}`, ftype},
		{"whole call id not a string", `{"type":"message_start","message":{"content":[{"type":"tool_use","id":1,"name":"f"}]}}`, ftype},
		{"whole call name not a string", `{"type":"message_start","message":{"content":[{"type":"server_tool_use","id":"x","name":[]}]}}`, ftype},
		{"content text not a string", `{"type":"message_start","message":{"content":[{"type":"text","text":1}]}}`, ftype},
		{"content thinking not a string", `{"type":"message_start","message":{"content":[{"type":"thinking","thinking":{}}]}}`, ftype},
		{"content signature not a string", `{"type":"message_start","message":{"content":[{"type":"thinking","thinking":"a","signature":1}]}}`, ftype},
		{"stop_reason not a string", `{"type":"message_start","message":{"stop_reason":3}}`, ftype},
		{"block start without index", `{"type":"content_block_start","content_block":{"type":"text","text":""}}`, spec.FramePayload},
		{"block start null index", `{"type":"content_block_start","index":null,"content_block":{"type":"text","text":""}}`, spec.FramePayload},
		{"block start string index", `{"type":"content_block_start","index":"0","content_block":{"type":"text","text":""}}`, ftype},
		{"block start fractional index", `{"type":"content_block_start","index":1.5,"content_block":{"type":"text","text":""}}`, ftype},
		{"block start huge index", `{"type":"content_block_start","index":1e12,"content_block":{"type":"text","text":""}}`, ftype},
		{"block start without content_block", `{"type":"content_block_start","index":0}`, spec.FramePayload},
		{"content_block not an object", `{"type":"content_block_start","index":0,"content_block":[]}`, ftype},
		{"content_block type not a string", `{"type":"content_block_start","index":0,"content_block":{"type":5}}`, ftype},
		{"block text not a string", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":5}}`, ftype},
		{"block thinking not a string", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":5}}`, ftype},
		{"block signature not a string", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":5}}`, ftype},
		{"redacted data not a string", `{"type":"content_block_start","index":0,"content_block":{"type":"redacted_thinking","data":{}}}`, ftype},
		{"tool id not a string", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":5,"name":"f"}}`, ftype},
		{"tool name not a string", `{"type":"content_block_start","index":0,"content_block":{"type":"mcp_tool_use","id":"x","name":false}}`, ftype},
		{"delta without index", `{"type":"content_block_delta","delta":{"type":"text_delta","text":"x"}}`, spec.FramePayload},
		{"delta without delta", `{"type":"content_block_delta","index":0}`, spec.FramePayload},
		{"delta not an object", `{"type":"content_block_delta","index":0,"delta":"x"}`, ftype},
		{"delta type not a string", `{"type":"content_block_delta","index":0,"delta":{"type":1}}`, ftype},
		{"text not a string", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":5}}`, ftype},
		{"partial_json not a string", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":{}}}`, ftype},
		{"thinking not a string", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":[]}}`, ftype},
		{"signature not a string", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":1}}`, ftype},
		{"stop without index", `{"type":"content_block_stop"}`, spec.FramePayload},
		{"stop string index", `{"type":"content_block_stop","index":"1"}`, ftype},
		{"message_delta delta not an object", `{"type":"message_delta","delta":"x"}`, ftype},
		{"message_delta reason not a string", `{"type":"message_delta","delta":{"stop_reason":1}}`, ftype},
		{"error not an object", `{"type":"error","error":"boom"}`, ftype},
		{"error message not a string", `{"type":"error","error":{"message":1}}`, ftype},
		{"error type not a string", `{"type":"error","error":{"type":1,"message":"x"}}`, ftype},
	})
}

// TestAnthropicViolationPlace checks that a violation names the frame it
// broke in and that the events of earlier frames are kept.
func TestAnthropicViolationPlace(t *testing.T) {
	in := "{\"type\":\"content_block_stop\",\"index\":0}\n{\"type\":\"content_block_stop\"}\n{\"type\":\"message_stop\"}\n"
	evs, v := Decode(spec.FormatAnthropic, []byte(in), spec.Limits{})
	if v == nil || v.Rule != spec.FramePayload {
		t.Fatalf("violation %v, want %s", v, spec.FramePayload)
	}
	if v.Frame != 2 || v.Offset != int64(strings.IndexByte(in, '\n')+1) {
		t.Errorf("violation at frame %d offset %d, want frame 2 offset %d", v.Frame, v.Offset, strings.IndexByte(in, '\n')+1)
	}
	if len(evs) != 1 || evs[0].String() != "#1 block-stop index=0" {
		t.Errorf("events before the violation: %v", evs)
	}
}

// TestAnthropicCaptures decodes the real Anthropic captures and checks the
// calls they announce against shared/captures/README.md.
func TestAnthropicCaptures(t *testing.T) {
	programmatic := []string{
		// Message 1: text, server_tool_use(code_execution), tool_use(rollDie).
		"block srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK server",
		"block toolu_019jKkXz4jAdwHweHBw92CVY",
		// Messages 2-14: a complete tool_use inside message_start.
		"whole toolu_015dGLMbwBKv1ZRQr6KdJzeH",
		"whole toolu_01YYqBNq5mk1wMtv3PAqY44m",
		"whole toolu_018WxjDkQG8h7i63poySGT2x",
		"whole toolu_014ch4D3vbx928ddwxMvMvF1",
		"whole toolu_01QtZ46GWS93Z5ZaSifgGNnq",
		"whole toolu_012Zvp8FdgvjVGkmbHSU4EZk",
		"whole toolu_01CMz8Jhv6EfnzHQzEMdpHut",
		"whole toolu_01PfH6ADzq8Yct5jeRY9QkS2",
		"whole toolu_013DE3qaKvBMheZXUhwkvpdF",
		"whole toolu_01MTRMy9BEvFHWR7hpCWc4nJ",
		"whole toolu_01CXqv27ozPihE5nj6eA3Joc",
		"whole toolu_01K6ST6orjmPHHwM8rwLj1n9",
		"whole toolu_01QcWWQcQ1pd7nx9xohX4zAr",
		// Message 15: a code_execution_tool_result and text, no call.
	}
	abCheckCaptures(t, spec.FormatAnthropic, "anthropic", map[string][]string{
		"SYNTHETIC-spliced-message-start.jsonl":         {"block toolu_first", "block toolu_second"},
		"claude-3-7-ping-inside-block.sse":              {"block toolu_017QoD96fYwGzCWvLfaPADWg"},
		"claude-sonnet-4-5-redacted-thinking.sse":       nil,
		"claude-sonnet-4-5-tool-no-args.jsonl":          {"block toolu_01QE1WLsSVp5hy5Q3GmGTmjP"},
		"claude-sonnet-4-text-2tools-padded.sse":        {"block toolu_01UYxUYC2zRPY8wiutnF48eP", "block toolu_01VaRx1jpWCvPhi7L4kywAcd"},
		"claude-sonnet-4-thinking-tool.sse":             {"block toolu_01Js4AMfx5qpTLhwTusnvT68"},
		"mcp-tool-use.jsonl":                            {"block mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT server"},
		"programmatic-tool-calling-multi-message.jsonl": programmatic,
	})
}

// TestAnthropicCaptureDetails spot-checks the quirks the captures README
// describes.
func TestAnthropicCaptureDetails(t *testing.T) {
	if _, err := os.Stat(abCapturesDir); err != nil {
		t.Skipf("no captures at %s: %v", abCapturesDir, err)
	}
	read := func(name string) []spec.Event {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(abCapturesDir, "anthropic", name))
		if os.IsNotExist(err) {
			t.Skipf("capture %s is absent", name)
		}
		if err != nil {
			t.Fatal(err)
		}
		evs, v := Decode(spec.FormatAnthropic, data, spec.Limits{})
		if v != nil {
			t.Fatalf("%s: %v", name, v)
		}
		return evs
	}
	count := func(evs []spec.Event, keep func(spec.Event) bool) int {
		n := 0
		for _, e := range evs {
			if keep(e) {
				n++
			}
		}
		return n
	}
	t.Run("no-args tool sends one empty fragment", func(t *testing.T) {
		evs := read("claude-sonnet-4-5-tool-no-args.jsonl")
		args := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaArgs })
		empty := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaArgs && e.Data == "" })
		if args != 1 || empty != 1 {
			t.Errorf("args deltas %d (empty %d), want 1 empty", args, empty)
		}
	})
	t.Run("redacted thinking has data at start", func(t *testing.T) {
		evs := read("claude-sonnet-4-5-redacted-thinking.sse")
		n := count(evs, func(e spec.Event) bool {
			return e.Kind == spec.KindBlockStart && e.Block == spec.BlockRedacted && e.Data != ""
		})
		if n != 2 {
			t.Errorf("redacted block starts with data: %d, want 2", n)
		}
	})
	t.Run("thinking then one signature", func(t *testing.T) {
		evs := read("claude-sonnet-4-thinking-tool.sse")
		// 22 thinking_delta events on the wire; the last is empty and is
		// reported too (PAIR-5 does not depend on length).
		th := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaThinking })
		sig := count(evs, func(e spec.Event) bool { return e.Delta == spec.DeltaSignature })
		if th != 22 || sig != 1 {
			t.Errorf("thinking deltas %d, signature deltas %d; want 22 and 1", th, sig)
		}
	})
	t.Run("programmatic messages", func(t *testing.T) {
		evs := read("programmatic-tool-calling-multi-message.jsonl")
		starts := count(evs, func(e spec.Event) bool { return e.Kind == spec.KindMessageStart })
		ends := count(evs, func(e spec.Event) bool { return e.Kind == spec.KindMessageEnd })
		if starts != 15 || ends != 15 {
			t.Errorf("message starts %d, ends %d; want 15 each", starts, ends)
		}
	})
}

func TestAnthropicChunking(t *testing.T) {
	abCheckChunking(t, spec.FormatAnthropic, "anthropic")
}

// TestAnthropicMutationsNeverPanic feeds truncated and corrupted captures
// through the decoder; any outcome but a panic is fine.
func TestAnthropicMutationsNeverPanic(t *testing.T) {
	abMutate(t, spec.FormatAnthropic, "anthropic")
}

// abMutate decodes random prefixes of every capture of folder, and copies
// with random bytes overwritten; it only checks that decoding returns.
func abMutate(t *testing.T, f spec.Format, folder string) {
	rng := rand.New(rand.NewPCG(1, 2))
	junk := []byte("{}[]\":,0 \n\x00\xff")
	for _, path := range abCaptureFiles(t, folder) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			Decode(f, data[:rng.IntN(len(data))], spec.Limits{})
		}
		for range 200 {
			c := slices.Clone(data)
			for range 1 + rng.IntN(4) {
				c[rng.IntN(len(c))] = junk[rng.IntN(len(junk))]
			}
			Decode(f, c, spec.Limits{})
		}
	}
}

func FuzzAnthropicDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"message_start","message":{"id":"m","content":[{"type":"tool_use","id":"t","name":"f","input":{"a":1}}],"stop_reason":"tool_use"}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\""}}`,
		"event: message_stop\ndata: {}\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Decode(spec.FormatAnthropic, data, spec.Limits{})
	})
}
