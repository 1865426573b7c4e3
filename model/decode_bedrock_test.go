package model

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// bedrockHeader is one string (type 7) event-stream header.
type bedrockHeader struct{ name, value string }

// bedrockMessage encodes one event-stream message: prelude (total length,
// headers length, prelude CRC), string headers, payload and message CRC,
// both CRCs CRC-32 IEEE.
func bedrockMessage(headers []bedrockHeader, payload string) []byte {
	var h []byte
	for _, x := range headers {
		h = append(h, byte(len(x.name)))
		h = append(h, x.name...)
		h = append(h, 7)
		h = binary.BigEndian.AppendUint16(h, uint16(len(x.value)))
		h = append(h, x.value...)
	}
	m := binary.BigEndian.AppendUint32(nil, uint32(16+len(h)+len(payload)))
	m = binary.BigEndian.AppendUint32(m, uint32(len(h)))
	m = binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
	m = append(m, h...)
	m = append(m, payload...)
	return binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
}

// bedrockEventMsg encodes an event message of type typ.
func bedrockEventMsg(typ, payload string) []byte {
	return bedrockMessage([]bedrockHeader{
		{":event-type", typ},
		{":content-type", "application/json"},
		{":message-type", "event"},
	}, payload)
}

// bedrockExceptionMsg encodes an exception message of type typ.
func bedrockExceptionMsg(typ, payload string) []byte {
	return bedrockMessage([]bedrockHeader{
		{":exception-type", typ},
		{":content-type", "application/json"},
		{":message-type", "exception"},
	}, payload)
}

// bedrockChunk wraps an Anthropic event payload as an
// InvokeModelWithResponseStream chunk payload.
func bedrockChunk(anthropic string) string {
	return `{"bytes":"` + base64.StdEncoding.EncodeToString([]byte(anthropic)) + `","p":"abcdefgh"}`
}

// bedrockSetPrelude overwrites the lengths of message m and recomputes its
// prelude CRC, so that only the lengths are wrong.
func bedrockSetPrelude(m []byte, total, hlen uint32) []byte {
	m = slices.Clone(m)
	binary.BigEndian.PutUint32(m[0:4], total)
	binary.BigEndian.PutUint32(m[4:8], hlen)
	binary.BigEndian.PutUint32(m[8:12], crc32.ChecksumIEEE(m[0:8]))
	return m
}

func TestBedrockLines(t *testing.T) {
	abRunCases(t, spec.FormatBedrock, []abCase{
		{"messageStart", `{"messageStart":{"role":"assistant","p":"abcde"}}`,
			[]string{`#1 message-start`}},
		{"tool start", `{"contentBlockStart":{"contentBlockIndex":1,"p":"abc","start":{"toolUse":{"name":"get_temperature","toolUseId":"tooluse_lAG"}}}}`,
			[]string{`#1 block-start index=1 block=call id="tooluse_lAG" name="get_temperature"`}},
		{"server tool start", `{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"name":"nova_grounding","toolUseId":"t1","type":"server_tool_use"}}}}`,
			[]string{`#1 block-start index=0 block=call id="t1" name="nova_grounding" server`}},
		{"tool start, empty id and name", `{"contentBlockStart":{"contentBlockIndex":0,"start":{"toolUse":{"name":"","toolUseId":""}}}}`,
			[]string{`#1 block-start index=0 block=call`}},
		{"toolResult start", `{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolResult":{"toolUseId":"t1","status":"success"}}}}`,
			[]string{`#1 block-start index=1 block=other`}},
		{"empty start", `{"contentBlockStart":{"contentBlockIndex":2,"start":{}}}`,
			[]string{`#1 block-start index=2 block=other`}},
		{"text delta", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"2 + 2"},"p":"abcdef"}}`,
			[]string{`#1 block-delta index=0 delta=text data="2 + 2"`}},
		{"empty text delta", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":""}}}`,
			[]string{`#1 block-delta index=0 delta=text`}},
		{"toolUse delta", `{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":"}}}}`,
			[]string{`#1 block-delta index=1 delta=args data="{\"city\":"`}},
		{"empty toolUse delta", `{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":""}}}}`,
			[]string{`#1 block-delta index=1 delta=args`}},
		{"toolUse delta without input", `{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{}}}}`,
			[]string{`#1 block-delta index=1 delta=args`}},
		{"reasoning text", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"Let me count"}}}}`,
			[]string{`#1 block-delta index=0 delta=thinking data="Let me count"`}},
		{"empty reasoning text", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":""}}}}`,
			[]string{`#1 block-delta index=0 delta=thinking`}},
		{"reasoning signature", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":"Ep0CCkgI"}}}}`,
			[]string{`#1 block-delta index=0 delta=signature data="Ep0CCkgI"`}},
		{"redacted reasoning", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"redactedContent":"RXRrRUNr"}}}}`,
			[]string{`#1 block-delta index=0 delta=redacted data="RXRrRUNr"`}},
		{"unknown reasoning member", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"future":"x"}}}}`,
			nil},
		{"citation delta", `{"contentBlockDelta":{"contentBlockIndex":2,"delta":{"citation":{"title":"x"}}}}`,
			[]string{`#1 block-delta index=2 delta=other`}},
		{"toolResult delta", `{"contentBlockDelta":{"contentBlockIndex":2,"delta":{"toolResult":[{"text":"x"}]}}}`,
			[]string{`#1 block-delta index=2 delta=other`}},
		{"image delta", `{"contentBlockDelta":{"contentBlockIndex":2,"delta":{"image":{"format":"png"}}}}`,
			[]string{`#1 block-delta index=2 delta=other`}},
		{"empty delta", `{"contentBlockDelta":{"contentBlockIndex":2,"delta":{}}}`,
			nil},
		{"contentBlockStop", `{"contentBlockStop":{"contentBlockIndex":1,"p":"abcdefghijklmnop"}}`,
			[]string{`#1 block-stop index=1`}},
		{"messageStop", `{"messageStop":{"additionalModelResponseFields":{"delta":{"stop_sequence":null}},"stopReason":"end_turn"}}`,
			[]string{`#1 finish data="end_turn"`, `#1 message-end`}},
		{"messageStop without reason", `{"messageStop":{}}`,
			[]string{`#1 message-end`}},
		{"metadata", `{"metadata":{"usage":{"inputTokens":500,"outputTokens":100,"totalTokens":600},"metrics":{"latencyMs":1}}}`,
			nil},
		{"unknown event", "{\"metadata\":{}}\n" + `{"futureEvent":{"contentBlockIndex":"x"}}`,
			nil},
		{"null payload", `{"messageStart":null}`,
			[]string{`#1 message-start`}},
		{"exception", `{"throttlingException":{"message":"Too many requests"}}`,
			[]string{`#1 error name="throttlingException" data="Too many requests"`}},
		{"exception with Message", `{"modelStreamErrorException":{"Message":"boom","originalStatusCode":500}}`,
			[]string{`#1 error name="modelStreamErrorException" data="boom"`}},
		{"chunk", `{"chunk":` + bedrockChunk(`{"type":"content_block_stop","index":0}`) + `}`,
			[]string{`#1 block-stop index=0`}},
		{"several lines", "{\"messageStart\":{\"role\":\"assistant\"}}\n{\"metadata\":{}}\r\n{\"messageStop\":{\"stopReason\":\"tool_use\"}}",
			[]string{`#1 message-start`, `#3 finish data="tool_use"`, `#3 message-end`}},
	})
}

func TestBedrockViolations(t *testing.T) {
	const (
		payload = spec.FramePayload
		ftype   = spec.FrameFieldType
	)
	abRunBadCases(t, spec.FormatBedrock, []abBadCase{
		{"array line", `[{"messageStart":{}}]`, payload},
		{"invalid JSON", `{"messageStart":` + "\n", payload},
		{"only unknown events", `{"futureEvent":{}}`, spec.FrameNotFormat},
		{"no member", `{}`, ftype},
		{"two members", `{"messageStart":{},"p":"abc"}`, ftype},
		{"payload not an object", `{"contentBlockDelta":"x"}`, ftype},
		{"exception payload not an object", `{"validationException":[1]}`, ftype},
		{"exception message not a string", `{"validationException":{"message":5}}`, ftype},
		{"start without index", `{"contentBlockStart":{"start":{"toolUse":{"toolUseId":"t","name":"f"}}}}`, spec.FramePayload},
		{"start string index", `{"contentBlockStart":{"contentBlockIndex":"1","start":{}}}`, ftype},
		{"start without start", `{"contentBlockStart":{"contentBlockIndex":1}}`, spec.FramePayload},
		{"start not an object", `{"contentBlockStart":{"contentBlockIndex":1,"start":"x"}}`, ftype},
		{"toolUse not an object", `{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":"x"}}}`, ftype},
		{"toolUseId not a string", `{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":1,"name":"f"}}}}`, ftype},
		{"name not a string", `{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t","name":{}}}}}`, ftype},
		{"tool type not a string", `{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t","name":"f","type":1}}}}`, ftype},
		{"delta without index", `{"contentBlockDelta":{"delta":{"text":"x"}}}`, spec.FramePayload},
		{"delta fractional index", `{"contentBlockDelta":{"contentBlockIndex":0.5,"delta":{"text":"x"}}}`, ftype},
		{"delta without delta", `{"contentBlockDelta":{"contentBlockIndex":0}}`, spec.FramePayload},
		{"delta not an object", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":[]}}`, ftype},
		{"text not a string", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":5}}}`, ftype},
		{"delta toolUse not an object", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":"x"}}}`, ftype},
		{"input not a string", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{"input":{"a":1}}}}}`, ftype},
		{"reasoningContent not an object", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":"x"}}}`, ftype},
		{"reasoning text not a string", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":1}}}}`, ftype},
		{"signature not a string", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":true}}}}`, ftype},
		{"redactedContent not a string", `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"redactedContent":[]}}}}`, ftype},
		{"stop without index", `{"contentBlockStop":{"p":"abc"}}`, spec.FramePayload},
		{"stopReason not a string", `{"messageStop":{"stopReason":1}}`, ftype},
		{"chunk without bytes", `{"chunk":{"p":"abc"}}`, spec.FramePayload},
		{"chunk bytes not a string", `{"chunk":{"bytes":5}}`, ftype},
		{"chunk bad base64", `{"chunk":{"bytes":"not base64!"}}`, payload},
		{"chunk bytes not JSON", `{"chunk":{"bytes":"` + base64.StdEncoding.EncodeToString([]byte("hello")) + `"}}`, payload},
		{"chunk anthropic field type", `{"chunk":` + bedrockChunk(`{"type":"content_block_stop"}`) + `}`, spec.FramePayload},
	})
}

func TestBedrockEventStream(t *testing.T) {
	var in []byte
	for _, m := range [][]byte{
		bedrockEventMsg("messageStart", `{"p":"abcdefghijklmnopqrs","role":"assistant"}`),
		bedrockEventMsg("contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Hi"},"p":"abc"}`),
		bedrockEventMsg("contentBlockStop", `{"contentBlockIndex":0,"p":"abcdefg"}`),
		bedrockEventMsg("contentBlockStart", `{"contentBlockIndex":1,"p":"abcd","start":{"toolUse":{"name":"get_temperature","toolUseId":"tooluse_1"}}}`),
		bedrockEventMsg("contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Paris\"}"}},"p":"ab"}`),
		bedrockEventMsg("contentBlockStop", `{"contentBlockIndex":1}`),
		bedrockEventMsg("messageStop", `{"p":"abc","stopReason":"tool_use"}`),
		bedrockEventMsg("metadata", `{"metrics":{"latencyMs":422},"usage":{"inputTokens":471,"outputTokens":91,"totalTokens":562}}`),
		bedrockEventMsg("futureEvent", `{"x":1}`),
		bedrockMessage([]bedrockHeader{{":event-type", "messageStart"}, {":message-type", "future"}}, `{}`),
		bedrockMessage([]bedrockHeader{{":event-type", "messageStart"}}, `{}`),
		bedrockExceptionMsg("modelStreamErrorException", `{"message":"Model stream error","originalStatusCode":500}`),
		bedrockMessage([]bedrockHeader{{":event-type", "throttlingException"}, {":message-type", "exception"}}, `{"Message":"slow down"}`),
	} {
		in = append(in, m...)
	}
	want := []string{
		`#1 message-start`,
		`#2 block-delta index=0 delta=text data="Hi"`,
		`#3 block-stop index=0`,
		`#4 block-start index=1 block=call id="tooluse_1" name="get_temperature"`,
		`#5 block-delta index=1 delta=args data="{\"city\":\"Paris\"}"`,
		`#6 block-stop index=1`,
		`#7 finish data="tool_use"`,
		`#7 message-end`,
		`#11 message-start`,
		`#12 error name="modelStreamErrorException" data="Model stream error"`,
		`#13 error name="throttlingException" data="slow down"`,
	}
	got, v := abLines(spec.FormatBedrock, in, spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(want, "\n       "))
	}
	// Offsets: every event carries the offset of its message.
	evs, _ := Decode(spec.FormatBedrock, in, spec.Limits{})
	first := len(bedrockEventMsg("messageStart", `{"p":"abcdefghijklmnopqrs","role":"assistant"}`))
	if evs[1].Offset != int64(first) {
		t.Errorf("offset of frame 2: %d, want %d", evs[1].Offset, first)
	}
}

func TestBedrockEventStreamChunks(t *testing.T) {
	var in []byte
	for _, p := range []string{
		`{"type":"message_start","message":{"id":"msg_bdrk_1","content":[],"stop_reason":null}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_bdrk_1","name":"weather","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":1}"}}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`,
		`{"type":"message_stop","amazon-bedrock-invocationMetrics":{"inputTokenCount":1}}`,
	} {
		in = append(in, bedrockEventMsg("chunk", bedrockChunk(p))...)
	}
	want := []string{
		`#1 message-start id="msg_bdrk_1"`,
		`#2 block-start index=0 block=call id="toolu_bdrk_1" name="weather"`,
		`#3 block-delta index=0 delta=args`,
		`#4 block-delta index=0 delta=args data="{\"a\":1}"`,
		`#5 block-stop index=0`,
		`#6 finish data="tool_use"`,
		`#7 message-end`,
	}
	got, v := abLines(spec.FormatBedrock, in, spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n  got  %s\n  want %s", strings.Join(got, "\n       "), strings.Join(want, "\n       "))
	}

	bad := bedrockEventMsg("chunk", `{"bytes":"%%%"}`)
	if _, v := Decode(spec.FormatBedrock, bad, spec.Limits{}); v == nil || v.Rule != spec.FramePayload {
		t.Errorf("bad base64: violation %v, want %s", v, spec.FramePayload)
	}
}

func TestBedrockEventStreamViolations(t *testing.T) {
	good := bedrockEventMsg("contentBlockStop", `{"contentBlockIndex":0}`)
	hlen := binary.BigEndian.Uint32(good[4:8])
	flip := func(m []byte, i int) []byte {
		m = slices.Clone(m)
		m[i] ^= 0x40
		return m
	}
	cases := []struct {
		name  string
		in    []byte
		lim   spec.Limits
		rule  spec.RuleID
		frame int
	}{
		{"prelude CRC", flip(good, 9), spec.Limits{}, spec.FrameEventStrm, 1},
		{"length changed under prelude CRC", flip(good, 3), spec.Limits{}, spec.FrameEventStrm, 1},
		{"message CRC", flip(good, len(good)-1), spec.Limits{}, spec.FrameEventStrm, 1},
		{"payload byte", flip(good, len(good)-6), spec.Limits{}, spec.FrameEventStrm, 1},
		{"header byte", flip(good, 14), spec.Limits{}, spec.FrameEventStrm, 1},
		{"total below overhead", bedrockSetPrelude(good, 15, 0), spec.Limits{}, spec.FrameEventStrm, 1},
		{"headers overrun total", bedrockSetPrelude(good, uint32(len(good)), uint32(len(good))-15), spec.Limits{}, spec.FrameEventStrm, 1},
		{"headers length too long", bedrockSetPrelude(good, uint32(len(good)), hlen+1), spec.Limits{}, spec.FrameEventStrm, 1},
		{"huge total", bedrockSetPrelude(good, 0xFFFFFFFF, hlen), spec.Limits{}, spec.BudFrame, 1},
		{"larger than MaxFrameBytes", good, spec.Limits{MaxFrameBytes: len(good) - 1}, spec.BudFrame, 1},
		{"second message corrupt", append(slices.Clone(good), flip(good, len(good)-1)...), spec.Limits{}, spec.FrameEventStrm, 2},
		{"payload not JSON", bedrockEventMsg("messageStart", `role=assistant`), spec.Limits{}, spec.FramePayload, 1},
		{"empty payload", bedrockEventMsg("messageStart", ``), spec.Limits{}, spec.FramePayload, 1},
		{"payload field type", bedrockEventMsg("contentBlockStop", `{"contentBlockIndex":"0"}`), spec.Limits{}, spec.FrameFieldType, 1},
		{"exception payload not JSON", bedrockExceptionMsg("internalServerException", `oops`), spec.Limits{}, spec.FramePayload, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			evs, v := Decode(spec.FormatBedrock, c.in, c.lim)
			if v == nil {
				t.Fatalf("no violation; events %v", evs)
			}
			if v.Rule != c.rule || v.Frame != c.frame {
				t.Errorf("violation %v, want rule %s at frame %d", v, c.rule, c.frame)
			}
			if c.frame == 2 && (len(evs) != 1 || evs[0].Kind != spec.KindBlockStop) {
				t.Errorf("events before the violation: %v", evs)
			}
			// The same input written one byte at a time fails the same way.
			d := NewDecoder(spec.FormatBedrock, c.lim)
			var v2 *spec.Violation
			for i := 0; i < len(c.in) && v2 == nil; i++ {
				_, v2 = d.Write(c.in[i : i+1])
			}
			if v2 == nil {
				_, v2 = d.Close()
			}
			if v2 == nil || v2.Rule != c.rule {
				t.Errorf("byte-wise: violation %v, want rule %s", v2, c.rule)
			}
		})
	}
}

// TestBedrockEventStreamCut pins FRAME-3's cut: a stream that ends inside
// a message (its prelude, headers or payload) is truncated, not a violation,
// and the partial message is the EOF event's tail, whole and byte by byte.
func TestBedrockEventStreamCut(t *testing.T) {
	good := bedrockEventMsg("contentBlockStop", `{"contentBlockIndex":0}`)
	cases := []struct {
		name string
		in   []byte
		tail []byte
	}{
		{"cut in the prelude", good[:7], good[:7]},
		{"cut in the headers", good[:20], good[:20]},
		{"cut before the message CRC", good[:len(good)-1], good[:len(good)-1]},
		{"second message cut", append(slices.Clone(good), good[:30]...), good[:30]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, bytewise := range []bool{false, true} {
				var evs []spec.Event
				var v *spec.Violation
				if bytewise {
					d := NewDecoder(spec.FormatBedrock, spec.Limits{})
					for i := 0; i < len(c.in) && v == nil; i++ {
						var e []spec.Event
						e, v = d.Write(c.in[i : i+1])
						evs = append(evs, e...)
					}
					if v == nil {
						var e []spec.Event
						e, v = d.Close()
						evs = append(evs, e...)
					}
				} else {
					evs, v = Decode(spec.FormatBedrock, c.in, spec.Limits{})
				}
				if v != nil {
					t.Fatalf("bytewise=%v: violation %v, want a cut", bytewise, v)
				}
				eof := evs[len(evs)-1]
				if eof.Kind != spec.KindEOF || !eof.HasData || eof.Data != string(c.tail) {
					t.Errorf("bytewise=%v: last event %v, want EOF with the tail %q", bytewise, eof, c.tail)
				}
			}
		})
	}
}

// TestBedrockCaptures decodes the real Bedrock captures and checks the
// calls they announce against shared/captures/README.md.
func TestBedrockCaptures(t *testing.T) {
	abCheckCaptures(t, spec.FormatBedrock, "bedrock", map[string][]string{
		"SYNTHETIC-text-then-2tools-decoded.jsonl":         {"block weather-tool-1", "block weather-tool-2"},
		"claude-3-7-sonnet-redacted-reasoning.eventstream": nil,
		"claude-reasoning-decoded.jsonl":                   nil,
		"claude-sonnet-4-reasoning-signature.eventstream":  nil,
		"invoke-claude-opus-4-6-tool.eventstream":          {"block toolu_bdrk_01J3qB12vH7tghDJ74pNzgp8"},
		"nova-micro-text-then-tool.eventstream":            {"block tooluse_lAG_zP8QRHmSYOwZzzaCqA"},
	})
}

func TestBedrockChunking(t *testing.T) {
	abCheckChunking(t, spec.FormatBedrock, "bedrock")
}

// TestBedrockMutationsNeverPanic feeds truncated and corrupted captures
// through the decoder; any outcome but a panic is fine.
func TestBedrockMutationsNeverPanic(t *testing.T) {
	abMutate(t, spec.FormatBedrock, "bedrock")
}

func FuzzBedrockDecode(f *testing.F) {
	f.Add(bedrockEventMsg("contentBlockStart", `{"contentBlockIndex":1,"start":{"toolUse":{"name":"f","toolUseId":"t"}}}`))
	f.Add(bedrockEventMsg("chunk", bedrockChunk(`{"type":"message_stop"}`)))
	f.Add(bedrockExceptionMsg("throttlingException", `{"message":"x"}`))
	f.Add([]byte(`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"x"}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		Decode(spec.FormatBedrock, data, spec.Limits{})
	})
}
