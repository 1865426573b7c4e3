package gen

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// framing is how a stream's frames are laid out.
type framing uint8

const (
	framingSSE         framing = iota + 1 // text/event-stream
	framingLines                          // one JSON value per line
	framingEventStream                    // application/vnd.amazon.eventstream
)

// role is what a frame does, so that mutations can find frames to break.
type role uint8

const (
	roleOther      role = iota // padding, usage, pings, progress events
	roleMsgStart               // a message start
	roleMsgEnd                 // a message end ([DONE], message_stop, messageStop, ...)
	roleBlockStart             // a block start (key in frame.key)
	roleBlockDelta             // a block delta (key in frame.key)
	roleBlockStop              // a block stop (key in frame.key)
	roleContent                // content outside blocks (chat chunks, Ollama lines, Gemini chunks)
	roleFinish                 // a finish (message_delta, finish chunk, done line)
)

// frame is one wire frame before serialization.
type frame struct {
	event string // SSE event name, event-stream :event-type, Bedrock line key
	body  any    // *jObj, or jRaw for a payload written verbatim
	role  role
	key   int // block key for block roles
	msg   int // message ordinal

	// event-stream only
	msgType string      // :message-type ("" means "event")
	headers [][2]string // extra string headers
	// noEvent leaves the SSE event name out even when the format writes one
	noEvent bool
	// invoke wraps the payload in a Bedrock InvokeModelWithResponseStream
	// chunk {"bytes": base64, "p": pad} of event type chunk
	invoke bool
	pad    string
	// nova, with invoke, makes the chunk's bytes one Converse event
	// {"<event>": payload} (Amazon Nova), rather than the payload itself
	// (an Anthropic event); metrics adds the
	// amazon-bedrock-invocationMetrics Bedrock writes beside the last one
	nova, metrics bool
}

// wireEvent is the event name the frame is written with.
func (fr frame) wireEvent() string {
	if fr.invoke {
		return "chunk"
	}
	return fr.event
}

// stream is an encoded stream: its frames, how they are laid out, and
// after serialization its bytes.
type stream struct {
	format  spec.Format
	framing framing
	named   bool  // SSE events carry event: lines
	js      style // how payloads are written
	frames  []frame

	data  []byte
	spans [][2]int // byte range of each serialized frame (event-stream only)

	liberties []string // what serialization took (Response.Liberties)
}

// newStream draws the framing of a stream of format f among the ones
// allowed, and the JSON style of its payloads.
func newStream(t *rapid.T, f spec.Format, allowed ...framing) *stream {
	st := &stream{format: f, framing: rapid.SampledFrom(allowed).Draw(t, "framing")}
	st.js = style{esc: rapid.SampledFrom([]escStyle{escMinimal, escMinimal, escGo, escASCII}).Draw(t, "wireEsc")}
	st.js.space = rapid.IntRange(0, 3).Draw(t, "wireSpaced") == 0
	return st
}

func (st *stream) add(fr frame) { st.frames = append(st.frames, fr) }

// payload renders a frame's payload text.
func (st *stream) payload(fr frame, lines bool) string {
	var text string
	if r, ok := fr.body.(jRaw); ok {
		text = string(r)
	} else {
		s := st.js
		s.lines = lines
		text = s.text(fr.body)
	}
	if fr.invoke && fr.nova {
		text = "{" + quoteString(fr.event, st.js.esc) + ":" + text
		if fr.metrics {
			text += `,"amazon-bedrock-invocationMetrics":{"inputTokenCount":40,"outputTokenCount":12,"invocationLatency":884,"firstByteLatency":99}`
		}
		text += "}"
	}
	if fr.invoke {
		body := obj("bytes", b64(text))
		if fr.pad != "" {
			body.set("p", fr.pad)
		}
		return style{esc: st.js.esc, space: st.js.space}.text(body)
	}
	return text
}

// serialize lays the frames out as bytes in st.data.
func serialize(t *rapid.T, st *stream) {
	switch st.framing {
	case framingSSE:
		serializeSSE(t, st)
	case framingLines:
		serializeLines(t, st)
	default:
		serializeEventStream(t, st)
	}
}

func serializeSSE(t *rapid.T, st *stream) {
	var b strings.Builder
	eolStyle := rapid.SampledFrom([]string{"\n", "\n", "\r\n", "\r", "mixed"}).Draw(t, "sseEOL")
	space := rapid.IntRange(0, 4).Draw(t, "sseNoSpace") != 0
	dataFirst := rapid.IntRange(0, 4).Draw(t, "sseDataFirst") == 0
	extras := rapid.IntRange(0, 3).Draw(t, "sseExtras") == 0
	multi := rapid.IntRange(0, 5).Draw(t, "sseMultiLine") == 0
	prevCR := false
	eol := func() {
		e := eolStyle
		if e == "mixed" {
			e = rapid.SampledFrom([]string{"\n", "\r\n", "\r"}).Draw(t, "eol")
		}
		// A CR followed by an LF is one line end: after a bare CR, an LF
		// would swallow the next line end.
		if prevCR && e == "\n" {
			e = "\r\n"
		}
		prevCR = e == "\r"
		if prevCR {
			st.liberties = append(st.liberties, LibertyCR)
		}
		b.WriteString(e)
	}
	field := func(name, value string) {
		b.WriteString(name)
		b.WriteByte(':')
		if space || value == "" || value[0] == ' ' {
			b.WriteByte(' ')
		}
		b.WriteString(value)
		eol()
	}
	if rapid.IntRange(0, 9).Draw(t, "sseBOM") == 0 {
		b.WriteString("\xEF\xBB\xBF")
		st.liberties = append(st.liberties, LibertyBOM)
	}
	if extras && rapid.Bool().Draw(t, "sseLeadingComment") {
		b.WriteString(": stream opened")
		eol()
		eol()
	}
	for i, fr := range st.frames {
		text := st.payload(fr, multi && rapid.IntRange(0, 2).Draw(t, "sseSplitData") == 0)
		if strings.Contains(text, "\n") {
			st.liberties = append(st.liberties, LibertyMultiLineData)
		}
		ev := ""
		if st.named && !fr.noEvent {
			ev = fr.event
		}
		if fr.event == "error" && !fr.noEvent {
			ev = "error"
		}
		if extras && rapid.IntRange(0, 5).Draw(t, "sseComment") == 0 {
			b.WriteString(": ping")
			eol()
		}
		if ev != "" && !dataFirst {
			field("event", ev)
		}
		if extras && rapid.IntRange(0, 7).Draw(t, "sseID") == 0 {
			field("id", strconv.Itoa(i))
		}
		for _, line := range strings.Split(text, "\n") {
			field("data", line)
		}
		if ev != "" && dataFirst {
			field("event", ev)
		}
		if extras && rapid.IntRange(0, 9).Draw(t, "sseRetry") == 0 {
			field("retry", "3000")
		}
		if i == len(st.frames)-1 && rapid.IntRange(0, 5).Draw(t, "sseNoFinalBlank") == 0 {
			break // FRAME-1: the last event is dispatched at EOF
		}
		eol()
	}
	st.data = []byte(b.String())
}

func serializeLines(t *rapid.T, st *stream) {
	var b strings.Builder
	eol := rapid.SampledFrom([]string{"\n", "\n", "\r\n"}).Draw(t, "linesEOL")
	blanks := rapid.IntRange(0, 4).Draw(t, "linesBlanks") == 0
	if rapid.IntRange(0, 14).Draw(t, "linesBOM") == 0 {
		b.WriteString("\xEF\xBB\xBF")
		st.liberties = append(st.liberties, LibertyBOM)
	}
	for i, fr := range st.frames {
		if blanks && rapid.IntRange(0, 3).Draw(t, "blankLine") == 0 {
			b.WriteString(rapid.SampledFrom([]string{"", " ", "\t", "\r"}).Draw(t, "blank") + "\n")
		}
		text := st.payload(fr, false)
		if ev := fr.wireEvent(); st.format == spec.FormatBedrock && ev != "" {
			text = "{" + quoteString(ev, st.js.esc) + ":" + text + "}"
		}
		b.WriteString(text)
		if i == len(st.frames)-1 && rapid.IntRange(0, 4).Draw(t, "linesNoFinalEOL") == 0 {
			break // FRAME-2: a last line without LF is a line
		}
		b.WriteString(eol)
	}
	st.data = []byte(b.String())
}

func quoteString(s string, esc escStyle) string {
	var b strings.Builder
	writeString(&b, s, esc)
	return b.String()
}

func serializeEventStream(t *rapid.T, st *stream) {
	var out []byte
	st.spans = st.spans[:0]
	for _, fr := range st.frames {
		mt := fr.msgType
		if mt == "" {
			mt = "event"
		}
		hs := [][2]string{{":event-type", fr.wireEvent()}, {":content-type", "application/json"}, {":message-type", mt}}
		if mt != "event" {
			hs = hs[:0]
			hs = append(hs, [2]string{":message-type", mt})
			if fr.event != "" && mt == "exception" {
				hs = append(hs, [2]string{":exception-type", fr.event})
			}
			hs = append(hs, [2]string{":content-type", "application/json"})
		}
		hs = append(hs, fr.headers...)
		perm := rapid.Permutation(hs).Draw(t, "headerOrder")
		var h []byte
		for _, kv := range perm {
			h = appendStringHeader(h, kv[0], kv[1])
		}
		if rapid.IntRange(0, 9).Draw(t, "extraHeader") == 0 {
			h = appendOtherHeader(h, rapid.IntRange(0, 9).Draw(t, "extraHeaderType"))
		}
		start := len(out)
		out = appendMessage(out, h, []byte(st.payload(fr, false)))
		st.spans = append(st.spans, [2]int{start, len(out)})
	}
	st.data = out
}

// appendMessage appends one event-stream message (FRAME-3): total length,
// headers length, prelude CRC, headers, payload, message CRC.
func appendMessage(out, headers, payload []byte) []byte {
	total := 12 + len(headers) + len(payload) + 4
	start := len(out)
	out = binary.BigEndian.AppendUint32(out, uint32(total))
	out = binary.BigEndian.AppendUint32(out, uint32(len(headers)))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:start+8]))
	out = append(out, headers...)
	out = append(out, payload...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// appendStringHeader appends a header of value type 7 (string).
func appendStringHeader(h []byte, name, value string) []byte {
	h = append(h, byte(len(name)))
	h = append(h, name...)
	h = append(h, 7)
	h = binary.BigEndian.AppendUint16(h, uint16(len(value)))
	return append(h, value...)
}

// appendOtherHeader appends an unknown header of value type typ (0-9),
// which decoders skip.
func appendOtherHeader(h []byte, typ int) []byte {
	name := "x-gen-" + strconv.Itoa(typ)
	h = append(h, byte(len(name)))
	h = append(h, name...)
	h = append(h, byte(typ))
	switch typ {
	case 0, 1:
	case 2:
		h = append(h, 7)
	case 3:
		h = append(h, 0, 7)
	case 4:
		h = append(h, 0, 0, 0, 7)
	case 5, 8:
		h = append(h, 0, 0, 1, 0x90, 0, 0, 0, 7)
	case 9:
		h = append(h, []byte("0123456789abcdef")...)
	case 6, 7:
		h = binary.BigEndian.AppendUint16(h, 3)
		h = append(h, "abc"...)
	}
	return h
}

// b64 encodes s in standard base64 (Bedrock chunk bytes).
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// padding draws a padding value (Bedrock "p", OpenAI "obfuscation").
func padding(t *rapid.T) string {
	return rapid.StringMatching(`[a-zA-Z0-9]{0,20}`).Draw(t, "padding")
}
