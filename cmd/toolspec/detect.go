package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"

	"github.com/toolspec/toolspec/spec"
)

// Detect guesses the wire format of a stream from its bytes: a Bedrock
// event-stream prelude with a valid CRC, or else the shape of the first
// JSON payloads (SSE data lines or JSON lines) that tell the formats apart.
func Detect(data []byte) (spec.Format, error) {
	if len(data) >= 12 && !isText(data[0]) {
		if crc32.ChecksumIEEE(data[:8]) == binary.BigEndian.Uint32(data[8:12]) {
			return spec.FormatBedrock, nil
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 0; sc.Scan() && n < 1000; n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if rest, ok := bytes.CutPrefix(line, []byte("data:")); ok {
			line = bytes.TrimSpace(rest)
		}
		if string(line) == "[DONE]" {
			return spec.FormatOpenAIChat, nil
		}
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var o map[string]json.RawMessage
		if json.Unmarshal(line, &o) != nil {
			continue
		}
		if f, ok := classify(o); ok {
			return f, nil
		}
	}
	return "", errors.New("cannot tell the format of the stream")
}

func isText(c byte) bool {
	return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c < 0x7f) || c >= 0xc0
}

var bedrockEvents = map[string]bool{
	"messageStart": true, "contentBlockStart": true, "contentBlockDelta": true,
	"contentBlockStop": true, "messageStop": true, "metadata": true,
}

// classify tells the format of one payload, when it can.
func classify(o map[string]json.RawMessage) (spec.Format, bool) {
	var typ string
	_ = json.Unmarshal(o["type"], &typ)
	switch {
	case o["choices"] != nil:
		return spec.FormatOpenAIChat, true
	case o["candidates"] != nil:
		return spec.FormatGemini, true
	case o["done"] != nil && (o["message"] != nil || o["model"] != nil):
		return spec.FormatOllama, true
	case len(typ) > 9 && typ[:9] == "response.":
		return spec.FormatOpenAIResponses, true
	case typ == "error" && o["sequence_number"] != nil:
		return spec.FormatOpenAIResponses, true
	case typ == "message_start" || typ == "content_block_start" || typ == "content_block_delta" ||
		typ == "content_block_stop" || typ == "message_delta" || typ == "message_stop" || typ == "ping":
		return spec.FormatAnthropic, true
	}
	if len(o) == 1 {
		for k := range o {
			if bedrockEvents[k] {
				return spec.FormatBedrock, true
			}
		}
	}
	return "", false
}
