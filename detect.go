package toolspec

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/toolspec/toolspec/spec"
)

// DetectBytes is how much of a stream's start Detect needs at most: give
// it this much, or the whole stream if it is shorter.
const DetectBytes = 1 << 20

// Detect tells the wire format of a stream from its first bytes (see
// [DetectBytes]): a Bedrock event-stream prelude with a valid CRC, or else
// the first JSON payload (an SSE data line or a JSON line) whose shape
// tells the formats apart: "choices" is OpenAI Chat, "candidates" Gemini,
// "done" with "message" or "model" Ollama, a "response." type OpenAI
// Responses, a message_start or content_block_* type Anthropic, and a
// single messageStart or contentBlock* key Bedrock's JSON lines. Input
// with no such payload in its first 1000 lines (an empty body, an HTML
// error page, random bytes) is an error that quotes its start.
//
// It is the detector the command uses. Reading an HTTP body, peek at its
// start with a bufio.Reader of DetectBytes and hand the same reader on.
func Detect(prefix []byte) (Format, error) {
	data := prefix
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
	if len(bytes.TrimSpace(data)) == 0 {
		return "", errors.New("toolspec: cannot tell the format of an empty stream")
	}
	start := data[:min(len(data), 40)]
	return "", fmt.Errorf("toolspec: cannot tell the format of the stream: no payload of any format in its start, %q", start)
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
