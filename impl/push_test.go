package impl

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// This file holds PushPayload to the wire path: a stream's payloads,
// pushed one at a time with the event names the wire gave them, with the
// names an SDK hands out (a Bedrock event type for a JSON line's key, the
// "type" of an Anthropic or Responses payload), and without the names a
// payload repeats, give the outcome the wire bytes give (offsets, which
// count payload bytes, mapped frame by frame).

// recorder is a payloadDecoder that notes every frame the framer hands the
// decoder it wraps.
type recorder struct {
	inner  payloadDecoder
	frames []wireFrame
}

// wireFrame is one recorded frame.
type wireFrame struct {
	event, msgType, data string
	offset               int64
}

func (r *recorder) decodeFrame(b *batch, fr *frame) *spec.Violation {
	r.frames = append(r.frames, wireFrame{string(fr.event), string(fr.msgType), string(fr.data), fr.offset})
	return r.inner.decodeFrame(b, fr)
}

func (r *recorder) recognizes(b *batch, fr *frame) bool { return r.inner.recognizes(b, fr) }

// payload is one PushPayload call.
type payload struct{ event, data string }

// wireFrames reassembles data through the wire path and returns the
// outcome and the frames the framer made. ok is false when the framer
// itself refused the bytes (a frame PushPayload cannot express).
func wireFrames(f spec.Format, lim spec.Limits, data []byte) (out spec.Outcome, frames []wireFrame, ok bool) {
	a := New(f, lim)
	r := &recorder{inner: a.fr.pd}
	a.fr.pd = r
	_, _ = a.Write(data)
	out = a.Close()
	if a.dead != nil && a.dead.Frame > len(r.frames) {
		return out, r.frames, false
	}
	return out, r.frames, true
}

// pushAll pushes ps, stopping at the first error, and closes.
func pushAll(f spec.Format, lim spec.Limits, ps []payload) spec.Outcome {
	a := New(f, lim)
	for _, p := range ps {
		if a.PushPayload(p.event, []byte(p.data)) != nil {
			break
		}
	}
	return a.Close()
}

// atPushOffsets returns the wire outcome w with each violation's offset,
// the offset of its frame or of the end of the input, replaced by the
// offset PushPayload counts for the same frame or end.
func atPushOffsets(w spec.Outcome, frames []wireFrame, end int, ps []payload) spec.Outcome {
	w.Violations = append([]spec.Violation(nil), w.Violations...)
	pushOff := make([]int64, len(ps)+1)
	for i, p := range ps {
		pushOff[i+1] = pushOff[i] + int64(len(p.data))
	}
	for i := range w.Violations {
		v := &w.Violations[i]
		switch {
		case v.Frame >= 1 && v.Frame <= len(frames) && v.Offset == frames[v.Frame-1].offset:
			v.Offset = pushOff[v.Frame-1]
			if v.Payload != "" {
				// A terminal violation keeps the payload as pushed, which
				// a variant may have rewritten (a Bedrock line's wrapper).
				v.Payload = violationPayload(v.Rule, []byte(ps[v.Frame-1].data))
			}
		case v.Offset == int64(end):
			v.Offset = pushOff[len(ps)]
		}
	}
	return w
}

// member returns the raw value of the member key of the JSON object data,
// or nil.
func member(data, key string) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(data), &m) != nil {
		return nil
	}
	return m[key]
}

// pushVariants returns the ways an SDK may hand out the payloads of
// frames, each a list of PushPayload calls that must give the wire's
// outcome: the names as the wire gave them; with the names an SDK gives
// (a Bedrock JSON line {"<eventType>": payload} as its event type and
// payload, an Anthropic or Responses payload with its "type" as name); and
// without the names a payload repeats (its "type", an "error" member), or
// for Bedrock with the event type moved into a JSON line. A variant that
// changes no frame is left out. A Bedrock exception line is unwrapped too:
// PushPayload("throttlingException", payload) is a provider error (END-5)
// like the line and the event-stream's exception message.
func pushVariants(f spec.Format, frames []wireFrame) map[string][]payload {
	var asWire, named, unnamed []payload
	for _, fr := range frames {
		p := payload{fr.event, fr.data}
		asWire = append(asWire, p)
		n, u := p, p
		switch f {
		case spec.FormatBedrock:
			var m map[string]json.RawMessage
			if p.event == "" && json.Unmarshal([]byte(p.data), &m) == nil && len(m) == 1 {
				for k, v := range m {
					if t := strings.TrimLeft(string(v), " \t\r\n"); strings.HasPrefix(t, "{") {
						n = payload{k, string(v)}
					}
				}
			}
			if p.event != "" && strings.HasPrefix(strings.TrimLeft(p.data, " \t\r\n"), "{") {
				key, _ := json.Marshal(p.event)
				u = payload{"", "{" + string(key) + ":" + p.data + "}"}
			}
		case spec.FormatAnthropic, spec.FormatOpenAIResponses:
			typ := member(p.data, "type")
			var s string
			if p.event == "" && json.Unmarshal(typ, &s) == nil && s != "" {
				n.event = s
			}
			if p.event != "" && typ != nil && string(typ) != "null" && string(typ) != `""` {
				u.event = ""
			}
		case spec.FormatOpenAIChat:
			if e := member(p.data, "error"); p.event == "error" && e != nil && string(e) != "null" {
				u.event = ""
			}
		}
		named, unnamed = append(named, n), append(unnamed, u)
	}
	vs := map[string][]payload{"as on the wire": asWire}
	if fmt.Sprint(named) != fmt.Sprint(asWire) {
		vs["with the SDK's names"] = named
	}
	if fmt.Sprint(unnamed) != fmt.Sprint(asWire) {
		vs["without repeated names"] = unnamed
	}
	return vs
}

// checkPush requires every variant of pushing data's payloads to give the
// wire's outcome. It returns the number of variants compared.
func checkPush(t *testing.T, name string, f spec.Format, lim spec.Limits, data []byte) int {
	t.Helper()
	w, frames, ok := wireFrames(f, lim, data)
	if !ok || w.Tail != "" || len(frames) == 0 {
		// The framer refused the bytes, the stream was cut inside a frame
		// (FRAME-1..3), or it holds no frame at all (FRAME-7 on lines that
		// are no SSE): nothing PushPayload can express.
		return 0
	}
	for _, fr := range frames {
		if fr.msgType != "" && fr.msgType != "event" {
			return 0 // an event-stream error or exception: not a payload
		}
	}
	n := 0
	for what, ps := range pushVariants(f, frames) {
		if what == "without repeated names" && f == spec.FormatBedrock && lim.MaxFrameBytes != 0 {
			continue // the JSON lines are longer than the payloads
		}
		want := atPushOffsets(w, frames, len(data), ps)
		got := pushAll(f, lim, ps)
		if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
			t.Errorf("%s: its payloads pushed %s differ from the wire:\n--- pushed\n%q\n--- wire\n%s--- PushPayload\n%s", name, what, ps, want, got)
		}
		n++
	}
	return n
}

// eventStream encodes payloads as a Bedrock event-stream: one event
// message each, named by :event-type.
func eventStream(ps []payload) []byte {
	var out []byte
	for _, p := range ps {
		var h []byte
		for _, kv := range [][2]string{{":event-type", p.event}, {":content-type", "application/json"}, {":message-type", "event"}} {
			h = append(h, byte(len(kv[0])))
			h = append(h, kv[0]...)
			h = append(h, 7)
			h = binary.BigEndian.AppendUint16(h, uint16(len(kv[1])))
			h = append(h, kv[1]...)
		}
		start := len(out)
		out = binary.BigEndian.AppendUint32(out, uint32(12+len(h)+len(p.data)+4))
		out = binary.BigEndian.AppendUint32(out, uint32(len(h)))
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:start+8]))
		out = append(out, h...)
		out = append(out, p.data...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
	}
	return out
}

// sseNamed encodes payloads as SSE events with event: lines.
func sseNamed(ps []payload) []byte {
	var b strings.Builder
	for _, p := range ps {
		if p.event != "" {
			b.WriteString("event: " + p.event + "\n")
		}
		b.WriteString("data: " + p.data + "\n\n")
	}
	return []byte(b.String())
}

// namedStreams are streams whose payloads do not repeat their event names,
// so that a payload pushed without its name means something else.
var namedStreams = []struct {
	name string
	f    spec.Format
	data []byte
}{
	{"bedrock converse", spec.FormatBedrock, eventStream([]payload{
		{"messageStart", `{"role":"assistant"}`},
		{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Let me look."}}`},
		{"contentBlockStop", `{"contentBlockIndex":0}`},
		{"contentBlockStart", `{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_1","name":"get_weather"}}}`},
		{"contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":"}}}`},
		{"contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"\"Oslo\"}"}}}`},
		{"contentBlockStop", `{"contentBlockIndex":1}`},
		{"messageStop", `{"stopReason":"tool_use"}`},
		{"metadata", `{"usage":{"inputTokens":10,"outputTokens":20}}`},
	})},
	{"bedrock reasoning", spec.FormatBedrock, eventStream([]payload{
		{"messageStart", `{"role":"assistant"}`},
		{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"hm"}}}`},
		{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":"sig"}}}`},
		{"contentBlockStop", `{"contentBlockIndex":0}`},
		{"messageStop", `{"stopReason":"end_turn"}`},
	})},
	{"bedrock invoke", spec.FormatBedrock, eventStream([]payload{
		{"chunk", `{"bytes":"` + b64(`{"type":"message_start","message":{"id":"m","content":[]}}`) + `"}`},
		{"chunk", `{"bytes":"` + b64(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`) + `"}`},
		{"chunk", `{"bytes":"` + b64(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}`) + `"}`},
		{"chunk", `{"bytes":"` + b64(`{"type":"content_block_stop","index":0}`) + `"}`},
		{"chunk", `{"bytes":"` + b64(`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`) + `"}`},
		{"chunk", `{"bytes":"` + b64(`{"type":"message_stop"}`) + `"}`},
	})},
	{"bedrock lines", spec.FormatBedrock, []byte(
		`{"messageStart":{"role":"assistant"}}` + "\n" +
			`{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"toolUseId":"a","name":"f"}}}}` + "\n" +
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":"{}"}}}}` + "\n" +
			`{"contentBlockStop":{"contentBlockIndex":0}}` + "\n" +
			`{"messageStop":{"stopReason":"tool_use"}}` + "\n")},
	{"responses without type", spec.FormatOpenAIResponses, sseNamed([]payload{
		{"response.created", `{"response":{"id":"resp_1","status":"in_progress"}}`},
		{"response.output_item.added", `{"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"f","arguments":""}}`},
		{"response.function_call_arguments.delta", `{"output_index":0,"delta":"{\"a\":"}`},
		{"response.function_call_arguments.delta", `{"output_index":0,"delta":"1}"}`},
		{"response.output_text.delta", `{"output_index":1,"delta":"hi"}`},
		{"response.output_item.done", `{"output_index":0,"item":{"type":"function_call","arguments":"{\"a\":1}"}}`},
		{"response.completed", `{"response":{"status":"completed"}}`},
	})},
	{"responses error", spec.FormatOpenAIResponses, sseNamed([]payload{
		{"response.created", `{"type":"response.created","response":{"id":"resp_1"}}`},
		{"error", `{"code":"rate_limit_exceeded","message":"slow down","param":null}`},
	})},
	{"anthropic without type", spec.FormatAnthropic, sseNamed([]payload{
		{"message_start", `{"message":{"id":"m","content":[]}}`},
		{"content_block_start", `{"index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`},
		{"content_block_delta", `{"index":0,"delta":{"type":"input_json_delta","partial_json":"{\"x\":1}"}}`},
		{"content_block_stop", `{"index":0}`},
		{"message_delta", `{"delta":{"stop_reason":"tool_use"}}`},
		{"message_stop", `{}`},
	})},
	{"anthropic error", spec.FormatAnthropic, sseNamed([]payload{
		{"message_start", `{"type":"message_start","message":{"id":"m","content":[]}}`},
		{"error", `{"error":{"type":"overloaded_error","message":"Overloaded"}}`},
	})},
	{"chat error event", spec.FormatOpenAIChat, sseNamed([]payload{
		{"", `{"choices":[{"index":0,"delta":{"content":"a"}}]}`},
		{"error", `{"message":"rate limited","type":"rate_limit","code":"429"}`},
	})},
	{"chat error event with member", spec.FormatOpenAIChat, sseNamed([]payload{
		{"", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{"}}]}}]}`},
		{"error", `{"error":{"message":"Tool call validation failed","type":"invalid_request_error","code":"tool_use_failed"}}`},
	})},
}

func b64(s string) string {
	b, _ := json.Marshal([]byte(s))
	return strings.Trim(string(b), `"`)
}

// TestPushPayloadNamed: on streams whose payloads do not repeat their
// event names (Bedrock event types, Responses and Anthropic payloads
// without "type", a chat error event), PushPayload with the names, and
// with them moved where a payload can carry them, gives the wire's
// outcome, and that outcome is not the one the payloads give without their
// names: the name is read.
func TestPushPayloadNamed(t *testing.T) {
	for _, s := range namedStreams {
		w, frames, ok := wireFrames(s.f, spec.Limits{}, s.data)
		if !ok {
			t.Fatalf("%s: the framer refused the stream:\n%s", s.name, w)
		}
		if checkPush(t, s.name, s.f, spec.Limits{}, s.data) == 0 {
			t.Fatalf("%s: nothing pushed", s.name)
		}
		var bare []payload
		named := false
		for _, fr := range frames {
			bare = append(bare, payload{"", fr.data})
			named = named || fr.event != ""
		}
		if named {
			if got := pushAll(s.f, spec.Limits{}, bare); fmt.Sprintf("%#v", got.Calls) == fmt.Sprintf("%#v", w.Calls) &&
				fmt.Sprintf("%#v", got.Violations) == fmt.Sprintf("%#v", w.Violations) {
				t.Errorf("%s: the payloads pushed without their names give the wire's calls and violations; the stream does not test the names:\n%s", s.name, got)
			}
		}
	}
}

// TestPushPayloadCorpus: every scenario and shared capture, pushed payload
// by payload in every variant of pushVariants, gives the wire's outcome.
func TestPushPayloadCorpus(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../spectest/testdata/scenarios", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(path, data)
		if err != nil {
			return err
		}
		n += checkPush(t, path, sc.Format, sc.Limits, sc.Input)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range spec.Formats {
		files, _ := filepath.Glob(filepath.Join("../../shared/captures", string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			n += checkPush(t, p, f, spec.Limits{}, data)
		}
	}
	if n < 200 {
		t.Fatalf("only %d pushes compared", n)
	}
}
