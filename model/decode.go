package model

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// frame is one wire frame handed to a format's payload decoder.
type frame struct {
	no      int    // 1-based frame number
	offset  int64  // byte offset of the frame's first byte
	event   string // SSE event type, or event-stream :event-type ("" when none)
	msgType string // event-stream :message-type ("event", "exception"); "" otherwise
	excType string // event-stream :exception-type
	errCode string // event-stream :error-code
	errMsg  string // event-stream :error-message
	data    []byte // the payload
}

// payloadDecoder turns the payload of one frame into events. Frame and
// Offset of the returned events are filled in by the caller.
type payloadDecoder interface {
	decodeFrame(fr frame) ([]spec.Event, *spec.Violation)
	// recognizes reports whether a frame that decodeFrame accepted is
	// recognizably the format's (FRAME-7).
	recognizes(fr frame) bool
}

// newPayloadDecoder returns the payload decoder of format f.
func newPayloadDecoder(f spec.Format) payloadDecoder {
	switch f {
	case spec.FormatOpenAIChat:
		return &openaiChatDecoder{}
	case spec.FormatOpenAIResponses:
		return &responsesDecoder{}
	case spec.FormatAnthropic:
		return &anthropicDecoder{}
	case spec.FormatOllama:
		return &ollamaDecoder{}
	case spec.FormatGemini:
		return &geminiDecoder{}
	case spec.FormatBedrock:
		return &bedrockDecoder{}
	}
	return nil
}

// framing is how a decoder splits bytes into frames.
type framing uint8

const (
	framingUnknown     framing = iota // not yet detected
	framingSSE                        // text/event-stream
	framingLines                      // one JSON value per line
	framingEventStream                // application/vnd.amazon.eventstream
)

// Decoder is the reference wire decoder: it turns the bytes of one stream,
// written in chunks of any size, into events. It buffers only the frame in
// progress. The framing (SSE, JSON lines, Bedrock event-stream) is detected
// from the first non-space byte.
type Decoder struct {
	format spec.Format
	lim    spec.Limits
	pd     payloadDecoder

	framing  framing
	buf      []byte // bytes not yet consumed
	bufOff   int64  // offset of buf[0] in the input
	frames   int    // frames dispatched so far
	dead     *spec.Violation
	closed   bool
	keep     bool     // record every frame's payload (for Reassemble)
	payloads [][]byte // payloads[n-1] is frame n's, when keep
	known    bool     // a dispatched payload was recognized (FRAME-7)
	foreign  bool     // a frame was dispatched, or an SSE line is no protocol line (FRAME-7)
	cut      bool     // the stream was cut inside its last frame (END-3)
	tail     []byte   // the bytes of that frame

	// SSE state
	sseSkipLF   bool   // the previous chunk ended in CR: skip one LF
	sseData     []byte // data buffer of the event in progress
	sseHasData  bool
	sseEvent    string
	sseStart    int64 // offset of the event's first line, -1 when none
	sseFirstBOM bool  // a leading BOM was already considered
}

// NewDecoder returns a decoder for format f under limits lim. It panics if f
// is not one of spec.Formats.
func NewDecoder(f spec.Format, lim spec.Limits) *Decoder {
	pd := newPayloadDecoder(f)
	if pd == nil {
		panic("toolspec: unknown format " + string(f))
	}
	return &Decoder{format: f, lim: lim.Resolved(), pd: pd, sseStart: -1}
}

// Decode decodes a whole input. On a framing or payload violation it returns
// the events decoded before it and the violation; the EOF event is then
// absent.
func Decode(f spec.Format, data []byte, lim spec.Limits) ([]spec.Event, *spec.Violation) {
	d := NewDecoder(f, lim)
	evs, v := d.Write(data)
	if v != nil {
		return evs, v
	}
	rest, v := d.Close()
	return append(evs, rest...), v
}

// Write consumes p and returns the events of every frame p completes. After
// a violation every later call returns it again.
func (d *Decoder) Write(p []byte) ([]spec.Event, *spec.Violation) {
	if d.dead != nil {
		return nil, d.dead
	}
	if d.closed {
		return nil, d.fail(spec.EventInvalid, "write after close")
	}
	d.buf = append(d.buf, p...)
	return d.pump(false)
}

// Close ends the input: it flushes the frame in progress and returns its
// events followed by a KindEOF event.
func (d *Decoder) Close() ([]spec.Event, *spec.Violation) {
	if d.dead != nil {
		return nil, d.dead
	}
	if d.closed {
		return nil, nil
	}
	evs, v := d.pump(true)
	d.closed = true
	if v != nil {
		return evs, v
	}
	end := d.bufOff + int64(len(d.buf))
	if d.foreign && !d.known {
		d.dead = notFormat(d.format, d.framing, d.frames, end)
		return evs, d.dead
	}
	return append(evs, spec.Event{Kind: spec.KindEOF, Frame: d.frames, Offset: end, HasData: d.cut, Data: string(d.tail)}), nil
}

// violationPayload is what a terminal violation of rule keeps of the
// payload of the frame that broke it: its first spec.MaxViolationPayload
// bytes, or all of it for a provider error (END-5).
func violationPayload(rule spec.RuleID, p []byte) string {
	if rule != spec.EndProviderErr && len(p) > spec.MaxViolationPayload {
		p = p[:spec.MaxViolationPayload]
	}
	return string(p)
}

// cutAt records that the stream was cut inside its last frame, whose bytes
// are tail (FRAME-1, FRAME-2, FRAME-3).
func (d *Decoder) cutAt(tail []byte) {
	d.cut = true
	d.tail = append([]byte(nil), tail...)
}

// fail records a terminal violation of the frame in progress, located at its
// first byte.
func (d *Decoder) fail(rule spec.RuleID, format string, args ...any) *spec.Violation {
	off := d.bufOff
	if d.framing == framingSSE && d.sseStart >= 0 {
		off = d.sseStart
	}
	d.dead = &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Frame: d.frames + 1, Offset: off, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
	return d.dead
}

// consume drops n bytes from the front of buf.
func (d *Decoder) consume(n int) {
	d.buf = d.buf[n:]
	d.bufOff += int64(n)
}

func (d *Decoder) pump(eof bool) ([]spec.Event, *spec.Violation) {
	if d.framing == framingUnknown {
		i := 0
		for i < len(d.buf) && isSpace(d.buf[i]) {
			i++
		}
		// A UTF-8 byte-order mark may precede the text; wait for all of
		// it, and drop it before JSON lines (SSE drops its own).
		bom := []byte("\xEF\xBB\xBF")
		if i == 0 && !eof && len(d.buf) < len(bom) && bytes.HasPrefix(bom, d.buf) {
			return nil, nil
		}
		hasBOM := i == 0 && bytes.HasPrefix(d.buf, bom)
		if hasBOM {
			i += len(bom)
			for i < len(d.buf) && isSpace(d.buf[i]) {
				i++
			}
		}
		if i > d.lim.MaxFrameBytes {
			return nil, d.fail(spec.BudFrame, "white space before the first frame longer than %d bytes", d.lim.MaxFrameBytes)
		}
		if i == len(d.buf) {
			return nil, nil
		}
		switch c := d.buf[i]; {
		case c == '{' || c == '[':
			d.framing = framingLines
			if hasBOM {
				d.consume(len(bom))
			}
		case d.format == spec.FormatBedrock:
			d.framing = framingEventStream
		case d.format == spec.FormatOllama:
			d.framing = framingLines
		default:
			d.framing = framingSSE
		}
	}
	switch d.framing {
	case framingSSE:
		return d.pumpSSE(eof)
	case framingLines:
		return d.pumpLines(eof)
	default:
		return d.pumpEventStream(eof)
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// dispatch hands one frame to the payload decoder and stamps its events.
func (d *Decoder) dispatch(fr frame) ([]spec.Event, *spec.Violation) {
	d.frames++
	fr.no = d.frames
	if d.keep {
		d.payloads = append(d.payloads, fr.data)
	}
	evs, v := d.pd.decodeFrame(fr)
	if v != nil {
		v.Frame, v.Offset = fr.no, fr.offset
		v.Payload = violationPayload(v.Rule, fr.data)
		d.dead = v
		return nil, v
	}
	if !isDone(fr.data) { // FRAME-7: the sentinel carries nothing of any format
		d.foreign = true
		if !d.known {
			d.known = d.pd.recognizes(fr)
		}
	}
	for i := range evs {
		evs[i].Frame, evs[i].Offset = fr.no, fr.offset
	}
	return evs, nil
}

// pumpLines splits buf into lines (LF, with an optional CR before it) and
// dispatches every non-blank line as a frame (FRAME-2).
func (d *Decoder) pumpLines(eof bool) ([]spec.Event, *spec.Violation) {
	var out []spec.Event
	for {
		i := bytes.IndexByte(d.buf, '\n')
		if i < 0 {
			if len(d.buf) > d.lim.MaxFrameBytes {
				return out, d.fail(spec.BudFrame, "line longer than %d bytes", d.lim.MaxFrameBytes)
			}
			if !eof || len(d.buf) == 0 {
				return out, nil
			}
			if line := bytes.TrimRight(d.buf, "\r"); len(refjson.TrimSpace(line)) > 0 && refjson.IsCut(line) {
				d.cutAt(line) // FRAME-2: the last line was cut
				d.consume(len(d.buf))
				return out, nil
			}
			i = len(d.buf)
		}
		if i > d.lim.MaxFrameBytes {
			return out, d.fail(spec.BudFrame, "line longer than %d bytes", d.lim.MaxFrameBytes)
		}
		line := bytes.TrimRight(d.buf[:i], "\r")
		off := d.bufOff
		n := i
		if i < len(d.buf) {
			n++
		}
		if len(refjson.TrimSpace(line)) > 0 {
			data := append([]byte(nil), line...)
			d.consume(n)
			evs, v := d.dispatch(frame{offset: off, data: data})
			out = append(out, evs...)
			if v != nil {
				return out, v
			}
		} else {
			d.consume(n)
		}
	}
}

// pumpSSE interprets buf as text/event-stream (FRAME-1).
func (d *Decoder) pumpSSE(eof bool) ([]spec.Event, *spec.Violation) {
	var out []spec.Event
	if !d.sseFirstBOM {
		if len(d.buf) < 3 && !eof && bytes.HasPrefix([]byte("\xEF\xBB\xBF"), d.buf) {
			return nil, nil
		}
		d.sseFirstBOM = true
		if bytes.HasPrefix(d.buf, []byte("\xEF\xBB\xBF")) {
			d.consume(3)
		}
	}
	for {
		if d.sseSkipLF && len(d.buf) > 0 {
			d.sseSkipLF = false
			if d.buf[0] == '\n' {
				d.consume(1)
			}
		}
		i := bytes.IndexAny(d.buf, "\r\n")
		if i < 0 {
			if len(d.buf) > 0 && d.sseSize(len(d.buf)) > int64(d.lim.MaxFrameBytes) {
				return out, d.fail(spec.BudFrame, "event longer than %d bytes", d.lim.MaxFrameBytes)
			}
			if !eof {
				return out, nil
			}
			if len(d.buf) > 0 {
				d.sseLine(d.buf)
				d.consume(len(d.buf))
			}
			// FRAME-1: an unterminated last event is dispatched, unless
			// the stream was cut inside its payload.
			if d.sseHasData && refjson.IsCut(d.sseData) {
				d.cutAt(d.sseData)
				d.sseStart, d.sseEvent, d.sseData, d.sseHasData = -1, "", nil, false
				return out, nil
			}
			evs, v := d.sseDispatch()
			return append(out, evs...), v
		}
		line := d.buf[:i]
		n := i + 1
		if d.buf[i] == '\r' {
			if i+1 < len(d.buf) {
				if d.buf[i+1] == '\n' {
					n++
				}
			} else {
				d.sseSkipLF = true
			}
		}
		if len(line) == 0 {
			d.consume(n)
			evs, v := d.sseDispatch()
			out = append(out, evs...)
			if v != nil {
				return out, v
			}
			continue
		}
		if d.sseSize(len(line)) > int64(d.lim.MaxFrameBytes) {
			return out, d.fail(spec.BudFrame, "event longer than %d bytes", d.lim.MaxFrameBytes)
		}
		d.sseLine(line)
		d.consume(n)
	}
}

// sseSize is the size of the event in progress if its current line, of n
// bytes from the start of buf, is part of it: the bytes from the first byte
// of its first line to the last byte of that line (BUD-5).
func (d *Decoder) sseSize(n int) int64 {
	start := d.bufOff
	if d.sseStart >= 0 {
		start = d.sseStart
	}
	return d.bufOff + int64(n) - start
}

// sseLine processes one non-empty line of an event.
func (d *Decoder) sseLine(line []byte) {
	if d.sseStart < 0 {
		d.sseStart = d.bufOff
	}
	if line[0] == ':' {
		return
	}
	name, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "event":
		d.sseEvent = string(value)
	case "data":
		if d.sseHasData {
			d.sseData = append(d.sseData, '\n')
		}
		d.sseData = append(d.sseData, value...)
		d.sseHasData = true
	case "id", "retry":
	default:
		d.foreign = true // FRAME-7: not an SSE line (an HTML page, a JSON body)
	}
}

// sseDispatch ends the event in progress.
func (d *Decoder) sseDispatch() ([]spec.Event, *spec.Violation) {
	start, event, data, has := d.sseStart, d.sseEvent, d.sseData, d.sseHasData
	d.sseStart, d.sseEvent, d.sseData, d.sseHasData = -1, "", nil, false
	if !has {
		return nil, nil
	}
	if start < 0 {
		start = d.bufOff
	}
	return d.dispatch(frame{offset: start, event: event, data: data})
}

// Event-stream framing constants (FRAME-3).
const (
	esPrelude  = 12 // total length, headers length, prelude CRC
	esOverhead = 16 // prelude plus message CRC
)

// pumpEventStream splits buf into Bedrock event-stream messages (FRAME-3).
func (d *Decoder) pumpEventStream(eof bool) ([]spec.Event, *spec.Violation) {
	var out []spec.Event
	for {
		if len(d.buf) < esPrelude {
			if eof && len(d.buf) > 0 {
				d.cutAt(d.buf) // FRAME-3: cut inside the prelude
				d.consume(len(d.buf))
			}
			return out, nil
		}
		total := binary.BigEndian.Uint32(d.buf[0:4])
		hlen := binary.BigEndian.Uint32(d.buf[4:8])
		if crc := crc32.ChecksumIEEE(d.buf[0:8]); crc != binary.BigEndian.Uint32(d.buf[8:12]) {
			return out, d.fail(spec.FrameEventStrm, "prelude CRC mismatch: computed %08x, message says %08x", crc, binary.BigEndian.Uint32(d.buf[8:12]))
		}
		if total < esOverhead || uint64(hlen) > uint64(total)-esOverhead {
			return out, d.fail(spec.FrameEventStrm, "inconsistent lengths: total %d, headers %d", total, hlen)
		}
		if uint64(total) > uint64(d.lim.MaxFrameBytes) {
			return out, d.fail(spec.BudFrame, "message of %d bytes exceeds %d", total, d.lim.MaxFrameBytes)
		}
		if uint64(len(d.buf)) < uint64(total) {
			if eof {
				d.cutAt(d.buf) // FRAME-3: cut inside the message
				d.consume(len(d.buf))
			}
			return out, nil
		}
		msg := d.buf[:total]
		if crc := crc32.ChecksumIEEE(msg[:total-4]); crc != binary.BigEndian.Uint32(msg[total-4:]) {
			return out, d.fail(spec.FrameEventStrm, "message CRC mismatch: computed %08x, message says %08x", crc, binary.BigEndian.Uint32(msg[total-4:]))
		}
		fr := frame{offset: d.bufOff}
		if err := parseHeaders(msg[esPrelude:esPrelude+hlen], &fr); err != "" {
			return out, d.fail(spec.FrameEventStrm, "bad headers: %s", err)
		}
		fr.data = append([]byte(nil), msg[esPrelude+hlen:total-4]...)
		d.consume(int(total))
		evs, v := d.dispatch(fr)
		out = append(out, evs...)
		if v != nil {
			return out, v
		}
	}
}

// parseHeaders reads event-stream headers into fr; it returns a description
// of the first problem, or "".
func parseHeaders(h []byte, fr *frame) string {
	for len(h) > 0 {
		nl := int(h[0])
		if nl == 0 || 1+nl+1 > len(h) {
			return "header name overruns headers"
		}
		name := string(h[1 : 1+nl])
		typ := h[1+nl]
		h = h[2+nl:]
		var size int
		switch typ {
		case 0, 1: // bool true, false
			size = 0
		case 2: // byte
			size = 1
		case 3: // short
			size = 2
		case 4: // int
			size = 4
		case 5, 8: // long, timestamp
			size = 8
		case 9: // uuid
			size = 16
		case 6, 7: // bytes, string: 2-byte length
			if len(h) < 2 {
				return "header value length overruns headers"
			}
			size = 2 + int(binary.BigEndian.Uint16(h))
		default:
			return fmt.Sprintf("unknown header value type %d", typ)
		}
		if size > len(h) {
			return "header value overruns headers"
		}
		if typ == 7 {
			v := string(h[2:size])
			switch name {
			case ":event-type":
				fr.event = v
			case ":message-type":
				fr.msgType = v
			case ":exception-type":
				fr.excType = v
			case ":error-code":
				fr.errCode = v
			case ":error-message":
				fr.errMsg = v
			}
		}
		h = h[size:]
	}
	return ""
}
