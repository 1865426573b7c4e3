package decodetest

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"strings"
)

// SSE is payload as one SSE event without an event name.
func SSE(payload string) string { return "data: " + payload + "\n\n" }

// SSEEvent is payload as one SSE event named event.
func SSEEvent(event, payload string) string {
	return "event: " + event + "\ndata: " + payload + "\n\n"
}

// JSONLines is the payloads as JSON lines, each ended by a line feed.
func JSONLines(payloads ...string) string { return strings.Join(payloads, "\n") + "\n" }

// Header is one string (type 7) header of a Bedrock event-stream message.
type Header struct{ Name, Value string }

// Message encodes one event-stream message: the prelude (total length,
// headers length, prelude CRC), the headers, the payload and the message
// CRC, both CRCs CRC-32 IEEE.
func Message(headers []Header, payload string) string {
	var h []byte
	for _, x := range headers {
		h = append(h, byte(len(x.Name)))
		h = append(h, x.Name...)
		h = append(h, 7)
		h = binary.BigEndian.AppendUint16(h, uint16(len(x.Value)))
		h = append(h, x.Value...)
	}
	m := binary.BigEndian.AppendUint32(nil, uint32(16+len(h)+len(payload)))
	m = binary.BigEndian.AppendUint32(m, uint32(len(h)))
	m = binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
	m = append(m, h...)
	m = append(m, payload...)
	return string(binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m)))
}

// EventMessage is an event-stream message of message type "event" and
// event type typ.
func EventMessage(typ, payload string) string {
	return Message([]Header{{":event-type", typ}, {":content-type", "application/json"}, {":message-type", "event"}}, payload)
}

// ExceptionMessage is an event-stream message of message type "exception"
// and exception type typ.
func ExceptionMessage(typ, payload string) string {
	return Message([]Header{{":exception-type", typ}, {":content-type", "application/json"}, {":message-type", "exception"}}, payload)
}

// SetPrelude returns message m with its two lengths overwritten and its
// prelude CRC recomputed, so that only the lengths are wrong.
func SetPrelude(m string, total, hlen uint32) string {
	b := []byte(m)
	binary.BigEndian.PutUint32(b[0:4], total)
	binary.BigEndian.PutUint32(b[4:8], hlen)
	binary.BigEndian.PutUint32(b[8:12], crc32.ChecksumIEEE(b[0:8]))
	return string(b)
}

// SetCRC returns message m with its message CRC recomputed, so that a
// change made to it is checked past the CRCs.
func SetCRC(m string) string {
	b := []byte(m)
	binary.BigEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return string(b)
}

// Flip returns m with bit 6 of byte i flipped.
func Flip(m string, i int) string {
	b := []byte(m)
	b[i] ^= 0x40
	return string(b)
}

// BedrockChunk wraps an event payload (an Anthropic event, or one Converse
// event of Amazon Nova) as the payload of an
// InvokeModelWithResponseStream chunk.
func BedrockChunk(event string) string {
	return `{"bytes":"` + base64.StdEncoding.EncodeToString([]byte(event)) + `","p":"abcdefgh"}`
}
