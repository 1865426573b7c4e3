package thirdparty

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// The encoders of the local streams: each writes a localContent as one
// provider writes it, with the fields real streams carry.

// localEncoder writes local streams of one format.
type localEncoder struct {
	prefix string
	format spec.Format
	whole  bool // calls arrive whole: no delta size for them
	encode func(sh localShape, c localContent) []byte
}

var localEncoders = []localEncoder{
	{prefix: "responses", format: spec.FormatOpenAIResponses, encode: encodeResponses},
	{prefix: "gemini", format: spec.FormatGemini, whole: true, encode: encodeGemini},
	{prefix: "gemini-vertex", format: spec.FormatGemini, encode: encodeVertex},
	{prefix: "ollama", format: spec.FormatOllama, whole: true, encode: encodeOllama},
	{prefix: "bedrock", format: spec.FormatBedrock, encode: encodeBedrock},
}

// build returns the local stream of shape sh.
func (e localEncoder) build(sh localShape) stream {
	c := sh.content()
	return stream{name: sh.name(e.prefix, e.whole), format: e.format, raw: e.encode(sh, c), want: c.want}
}

// sse appends one SSE event named event ("" for none) with data.
func sse(b *bytes.Buffer, event, data string) {
	if event != "" {
		b.WriteString("event: " + event + "\n")
	}
	b.WriteString("data: " + data + "\n\n")
}

// encodeResponses writes an OpenAI Responses stream: response.created and
// in_progress; per call, output_item.added, the argument deltas,
// function_call_arguments.done and output_item.done; for text, a message
// item with its content part, output_text deltas and dones; then
// response.completed with the whole output, as OpenAI sends it.
func encodeResponses(sh localShape, c localContent) []byte {
	var b bytes.Buffer
	seq := 0
	ev := func(typ, body string) {
		sse(&b, typ, fmt.Sprintf(`{"type":%q,"sequence_number":%d,%s}`, typ, seq, body))
		seq++
	}
	const resp = `"id":"resp_0a1b2c3d4e5f","object":"response","created_at":1760000000,"model":"gpt-5-2025-08-07"`
	ev("response.created", `"response":{`+resp+`,"status":"in_progress","error":null,"output":[]}`)
	ev("response.in_progress", `"response":{`+resp+`,"status":"in_progress","error":null,"output":[]}`)
	var output []string
	if sh.calls == 0 {
		const id = "msg_0a1b2c3d4e5f"
		ev("response.output_item.added", `"output_index":0,"item":{"id":"`+id+`","type":"message","status":"in_progress","content":[],"role":"assistant"}`)
		ev("response.content_part.added", `"item_id":"`+id+`","output_index":0,"content_index":0,"part":{"type":"output_text","annotations":[],"text":""}`)
		for i, p := range pieces(c.text, sh.delta) {
			ev("response.output_text.delta", `"item_id":"`+id+`","output_index":0,"content_index":0,"delta":`+jsonString(p)+`,"logprobs":[],"obfuscation":"`+strings.Repeat("x", 4+i%11)+`"`)
		}
		ev("response.output_text.done", `"item_id":"`+id+`","output_index":0,"content_index":0,"text":`+jsonString(c.text)+`,"logprobs":[]`)
		part := `{"type":"output_text","annotations":[],"logprobs":[],"text":` + jsonString(c.text) + `}`
		ev("response.content_part.done", `"item_id":"`+id+`","output_index":0,"content_index":0,"part":`+part)
		item := `{"id":"` + id + `","type":"message","status":"completed","content":[` + part + `],"role":"assistant"}`
		ev("response.output_item.done", `"output_index":0,"item":`+item)
		output = append(output, item)
	}
	for i, call := range c.want.Calls {
		id := fmt.Sprintf("fc_0a1b2c3d4e5f%04d", i)
		item := func(status, args string) string {
			return fmt.Sprintf(`{"id":%q,"type":"function_call","status":%q,"arguments":%s,"call_id":%q,"name":%q}`, id, status, jsonString(args), call.ID, call.Name)
		}
		ev("response.output_item.added", fmt.Sprintf(`"output_index":%d,"item":%s`, i, item("in_progress", "")))
		for j, p := range pieces(call.Args, sh.delta) {
			ev("response.function_call_arguments.delta", fmt.Sprintf(`"item_id":%q,"output_index":%d,"delta":%s,"obfuscation":"%s"`, id, i, jsonString(p), strings.Repeat("x", 4+j%11)))
		}
		ev("response.function_call_arguments.done", fmt.Sprintf(`"item_id":%q,"output_index":%d,"arguments":%s`, id, i, jsonString(call.Args)))
		done := item("completed", call.Args)
		ev("response.output_item.done", fmt.Sprintf(`"output_index":%d,"item":%s`, i, done))
		output = append(output, done)
	}
	ev("response.completed", `"response":{`+resp+`,"status":"completed","error":null,"output":[`+strings.Join(output, ",")+`],"usage":{"input_tokens":81,"output_tokens":230,"total_tokens":311}}`)
	return b.Bytes()
}

// geminiChunk returns one Gemini chunk whose candidate 0 holds parts (a
// JSON array body) and, unless finish is "", its finishReason.
func geminiChunk(parts, finish string) string {
	f := ""
	if finish != "" {
		f = `,"finishReason":"` + finish + `"`
	}
	return `{"candidates":[{"content":{"parts":[` + parts + `],"role":"model"}` + f + `,"index":0}],"usageMetadata":{"promptTokenCount":54,"totalTokenCount":116},"modelVersion":"gemini-2.5-flash","responseId":"zwCzaYWfAbnoz7IPmc_m6Q4"}`
}

// encodeGemini writes a Gemini API stream (alt=sse): one chunk per call,
// each call whole (id, name, args), or one chunk per text delta, then a
// last chunk with an empty text and finishReason STOP.
func encodeGemini(sh localShape, c localContent) []byte {
	var b bytes.Buffer
	for _, p := range pieces(c.text, sh.delta) {
		sse(&b, "", geminiChunk(`{"text":`+jsonString(p)+`}`, ""))
	}
	for _, call := range c.want.Calls {
		sse(&b, "", geminiChunk(fmt.Sprintf(`{"functionCall":{"id":%q,"name":%q,"args":%s}}`, call.ID, call.Name, call.Args), ""))
	}
	sse(&b, "", geminiChunk(`{"text":""}`, "STOP"))
	return b.Bytes()
}

// encodeVertex writes a Vertex AI stream with streamed function call
// arguments: per call, a part with the name and willContinue, the
// partialArgs of $.path (whole) and $.content (in deltas of the decoded
// string, each with willContinue, then an empty one without), and the
// empty functionCall that closes the call; text as in encodeGemini.
func encodeVertex(sh localShape, c localContent) []byte {
	var b bytes.Buffer
	for _, p := range pieces(c.text, sh.delta) {
		sse(&b, "", geminiChunk(`{"text":`+jsonString(p)+`}`, ""))
	}
	partial := func(path, s string, more bool) {
		w := ""
		if more {
			w = `,"willContinue":true`
		}
		sse(&b, "", geminiChunk(`{"functionCall":{"partialArgs":[{"jsonPath":"`+path+`","stringValue":`+jsonString(s)+w+`}],"willContinue":true}}`, ""))
	}
	for i, call := range c.want.Calls {
		sse(&b, "", geminiChunk(`{"functionCall":{"id":"`+call.ID+`","name":"`+call.Name+`","willContinue":true}}`, ""))
		partial("$.path", c.paths[i], true)
		partial("$.path", "", false)
		for _, p := range pieces(c.contents[i], sh.delta) {
			partial("$.content", p, true)
		}
		partial("$.content", "", false)
		sse(&b, "", geminiChunk(`{"functionCall":{}}`, ""))
	}
	sse(&b, "", geminiChunk(`{"text":""}`, "STOP"))
	return b.Bytes()
}

// encodeOllama writes an Ollama /api/chat stream: one line per call, each
// whole (id, index, name, arguments as an object), or one line per text
// delta, then the done line with its metrics.
func encodeOllama(sh localShape, c localContent) []byte {
	var b bytes.Buffer
	const head = `{"model":"qwen3:14b","created_at":"2025-06-09T17:58:55.337823Z","message":{"role":"assistant","content":`
	for _, p := range pieces(c.text, sh.delta) {
		b.WriteString(head + jsonString(p) + `},"done":false}` + "\n")
	}
	for i, call := range c.want.Calls {
		fmt.Fprintf(&b, `%s"","tool_calls":[{"id":%q,"function":{"index":%d,"name":%q,"arguments":%s}}]},"done":false}`+"\n", head, call.ID, i, call.Name, call.Args)
	}
	b.WriteString(head + `""},"done_reason":"stop","done":true,"total_duration":23595672042,"load_duration":24478458,"prompt_eval_count":218,"prompt_eval_duration":339942708,"eval_count":306,"eval_duration":23230435042}` + "\n")
	return b.Bytes()
}

// encodeBedrock writes a Bedrock ConverseStream as binary event-stream
// messages: messageStart; per call, contentBlockStart with the toolUse,
// the input deltas and contentBlockStop; or the text deltas of block 0
// (text blocks have no start) and its stop; then messageStop and
// metadata. Every payload carries the "p" padding field of varying length
// that Bedrock adds.
func encodeBedrock(sh localShape, c localContent) []byte {
	var b bytes.Buffer
	n := 0
	ev := func(typ, body string) {
		pad := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0"[:1+n%40]
		n++
		sep := ","
		if body == "" {
			sep = ""
		}
		b.Write(eventStreamMessage(typ, []byte(`{`+body+sep+`"p":"`+pad+`"}`)))
	}
	ev("messageStart", `"role":"assistant"`)
	stop := "end_turn"
	if sh.calls == 0 {
		for _, p := range pieces(c.text, sh.delta) {
			ev("contentBlockDelta", `"contentBlockIndex":0,"delta":{"text":`+jsonString(p)+`}`)
		}
		ev("contentBlockStop", `"contentBlockIndex":0`)
	}
	for i, call := range c.want.Calls {
		stop = "tool_use"
		ev("contentBlockStart", fmt.Sprintf(`"contentBlockIndex":%d,"start":{"toolUse":{"toolUseId":%q,"name":%q}}`, i, call.ID, call.Name))
		for _, p := range pieces(call.Args, sh.delta) {
			ev("contentBlockDelta", fmt.Sprintf(`"contentBlockIndex":%d,"delta":{"toolUse":{"input":%s}}`, i, jsonString(p)))
		}
		ev("contentBlockStop", fmt.Sprintf(`"contentBlockIndex":%d`, i))
	}
	ev("messageStop", `"stopReason":"`+stop+`"`)
	ev("metadata", `"usage":{"inputTokens":419,"outputTokens":84,"totalTokens":503},"metrics":{"latencyMs":1912}`)
	return b.Bytes()
}

// eventStreamMessage encodes one AWS event-stream message of event type
// typ: the prelude (total length, headers length, prelude CRC), the
// :event-type, :content-type and :message-type string headers, the
// payload and the message CRC, both CRC-32 (IEEE).
func eventStreamMessage(typ string, payload []byte) []byte {
	var h []byte
	for _, kv := range [][2]string{{":event-type", typ}, {":content-type", "application/json"}, {":message-type", "event"}} {
		h = append(h, byte(len(kv[0])))
		h = append(h, kv[0]...)
		h = append(h, 7)
		h = binary.BigEndian.AppendUint16(h, uint16(len(kv[1])))
		h = append(h, kv[1]...)
	}
	m := binary.BigEndian.AppendUint32(nil, uint32(12+len(h)+len(payload)+4))
	m = binary.BigEndian.AppendUint32(m, uint32(len(h)))
	m = binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
	m = append(m, h...)
	m = append(m, payload...)
	return binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
}
