package impl

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// framing is how the input is split into frames (FRAME-1..3).
type framing uint8

const (
	framingUnknown framing = iota
	framingSSE
	framingLines
	framingEventStream
)

// framer splits the input bytes into frames and hands each frame's events
// to sink. It buffers only the frame in progress: consumed bytes are
// dropped and the rest moved to the front of the buffer, so memory stays
// bounded by the largest frame and every byte is copied a bounded number
// of times. The buffer, and an SSE event's data, never grow past the frame
// limit and one byte (bound), and a frame over the limit is refused before
// more of it is kept (BUD-5).
type framer struct {
	format spec.Format
	max    int // MaxFrameBytes
	pd     payloadDecoder

	framing framing
	buf     []byte
	start   int   // first unconsumed byte of buf
	bufOff  int64 // input offset of buf[start]
	frames  int

	scanned int // bytes at the front of rest() already known to hold no line end; before the framing is known, its white space
	cr      int // index in buf of its first CR at or after an earlier search, or len(buf): see indexEOL
	skipLF  bool
	sseData []byte
	hasData bool
	// dataRef is the value of the event's one data line so far, left in
	// buf instead of copied to sseData while buf holds still (until pump
	// returns): most events have one data line and are dispatched in the
	// pump that read it.
	dataRef []byte
	inBuf   bool
	// evtRef is the event's name, left in buf the same way.
	evtRef   []byte
	evtInBuf bool
	sseEvt   []byte
	sseAt    int64 // offset of the event's first line, -1 when none
	bomDone  bool

	known   bool   // a dispatched payload was recognized (FRAME-7)
	foreign bool   // a frame was dispatched, or an SSE line is no protocol line (FRAME-7)
	cut     bool   // the stream was cut inside its last frame (END-3)
	tail    []byte // the bytes of that frame
	pushed  int64  // payload bytes pushed with PushPayload

	b  batch
	fr frame
}

func (f *framer) init(format spec.Format, max int, pd payloadDecoder) {
	*f = framer{format: format, max: max, pd: pd, sseAt: -1}
	if format == spec.FormatOpenAIResponses {
		f.b.limit = maxIndexedResponses
	}
}

// sink applies the events of one decoded frame; it returns a terminal
// violation to stop the stream.
type sink func(evs []event) *spec.Violation

// write consumes p. It returns the first terminal violation, from framing,
// decoding or the sink.
//
// While a frame is pending, the buffer takes only the bytes of p that
// complete it, and never more than the frame limit and one byte (bound):
// enough to prove the frame too long (BUD-5). A frame that p shows is too
// long is refused before its bytes are kept. The rest of p is framed where
// it lies, and only the tail of its last frame is kept. After a violation
// nothing is kept.
func (f *framer) write(p []byte, s sink) *spec.Violation {
	for f.start < len(f.buf) && len(p) > 0 {
		n, v := f.take(p)
		if v == nil {
			f.buf = append(f.grow(n, f.want()), p[:n]...)
			p = p[n:]
			v = f.pump(false, s)
			f.compact()
		}
		if v != nil {
			f.buf, f.start = nil, 0
			return v
		}
	}
	if len(p) == 0 {
		return nil
	}
	// Nothing pending: frame p where it lies and keep only its tail.
	own := f.buf[:0]
	f.buf, f.start = p, 0
	if v := f.pump(false, s); v != nil {
		f.buf, f.start = nil, 0
		return v
	}
	tail := f.buf[f.start:]
	f.buf, f.start = own, 0
	f.buf = append(f.grow(len(tail), 0), tail...)
	return nil
}

// bound is the most bytes the buffer holds while a frame is pending: a
// frame of the limit, and the byte after it that ends it or proves it too
// long (BUD-5).
func (f *framer) bound() int {
	return min(f.max, math.MaxInt-1) + 1
}

// take returns how many of p's bytes the pending frame takes now: up to
// and including a line end when p holds one (a JSON line's end; an SSE
// event's last line end in p), else all of p, and never more than bound
// allows; or the BUD-5 violation when p shows the frame is too long
// without its end in sight (the one the pump would report once it held
// the bytes).
func (f *framer) take(p []byte) (int, *spec.Violation) {
	pending := len(f.buf) - f.start
	k := len(p)
	if room := f.bound() - pending; room > 0 {
		k = min(k, room)
	}
	switch {
	case f.framing == framingLines:
		if i := bytes.IndexByte(p[:k], '\n'); i >= 0 {
			return i + 1, nil
		}
		if pending+len(p) > f.max {
			return 0, f.fail(spec.BudFrame, "line longer than %d bytes", f.max)
		}
	case f.framing == framingSSE && f.bomDone:
		// Up to the last line end: an event's lines are read together,
		// so that an event that ends here is dispatched from buf, its
		// data never copied aside.
		if i := bytes.LastIndexAny(p[:k], "\r\n"); i >= 0 {
			return i + 1, nil
		}
		if f.sseSize(pending+len(p)) > int64(f.max) {
			return 0, f.fail(spec.BudFrame, "event longer than %d bytes", f.max)
		}
	case f.framing == framingEventStream:
		const prelude = 12
		if pending < prelude {
			return min(len(p), prelude-pending), nil
		}
		// The pump checked the prelude: the message's length is known
		// and within the limit.
		return min(len(p), int(binary.BigEndian.Uint32(f.rest()))-pending), nil
	}
	return k, nil
}

// want is the length of the pending frame when it is known (an
// event-stream message's, from its prelude), else 0.
func (f *framer) want() int {
	if r := f.rest(); f.framing == framingEventStream && len(r) >= 12 {
		return int(binary.BigEndian.Uint32(r))
	}
	return 0
}

// grow returns buf, without its consumed bytes, with room for n more: of
// exactly want bytes when the frame's length is known, else doubling up to
// a quarter of bound and then bound at once. So the growth of a frame that
// reaches the limit allocates about 1.5 times the limit in all, and holds
// at most 1.25 times at once: a quarter and the whole (BUD-5).
func (f *framer) grow(n, want int) []byte {
	f.compact()
	return growFrame(f.buf, n, want, f.bound())
}

// growFrame returns b with room for n more bytes: its capacity becomes
// want when that is enough, else it doubles, and once it would pass a
// quarter of bound it becomes bound (or what n needs, if more).
func growFrame(b []byte, n, want, bound int) []byte {
	need := len(b) + n
	if need <= cap(b) {
		return b
	}
	c := want
	if c < need {
		c = max(2*cap(b), need, minGrow)
		if c > bound/4 {
			c = max(bound, need)
		}
	}
	nb := make([]byte, len(b), c)
	copy(nb, b)
	return nb
}

// close flushes the frame in progress; a stream with input but no payload
// of the format is FRAME-7.
func (f *framer) close(s sink) *spec.Violation {
	v := f.pump(true, s)
	f.compact()
	if v == nil && f.foreign && !f.known {
		v = notFormat(f.format, f.framing, f.frames, f.end())
	}
	return v
}

// end is the offset of the end of the input (of the payloads, when they
// were pushed).
func (f *framer) end() int64 {
	if f.pushed > 0 {
		return f.pushed
	}
	return f.bufOff + int64(len(f.rest()))
}

// eof is the end-of-stream event after close, with the cut tail if any.
func (f *framer) eof() event {
	return event{kind: spec.KindEOF, frame: f.frames, offset: f.end(), hasData: f.cut, data: f.tail}
}

// cutAt records that the stream was cut inside its last frame, whose bytes
// are tail (FRAME-1, FRAME-2, FRAME-3).
func (f *framer) cutAt(tail []byte) {
	f.cut = true
	f.tail = append(f.tail[:0], tail...)
}

// isCut reports whether the payload of an unterminated last frame is a
// proper prefix of a JSON text: scanning it meets no syntax error before
// its end, but the value is not finished (white space alone included).
func isCut(p []byte) bool {
	t := p[jsonwire.SkipSpace(p, 0):] // trailing space may be a syntax error ("-" then " ")
	if len(t) == 0 {
		return true
	}
	end, ok := jsonwire.ScanValue(t, 0, 0)
	return !ok && end >= len(t) // the scan ran out of input, not into a syntax error
}

// compact moves the unconsumed bytes to the front of buf.
func (f *framer) compact() {
	if f.start == 0 {
		return
	}
	n := copy(f.buf, f.buf[f.start:])
	f.buf, f.start = f.buf[:n], 0
}

func (f *framer) rest() []byte { return f.buf[f.start:] }

func (f *framer) consume(n int) {
	f.start += n
	f.bufOff += int64(n)
	f.scanned = max(0, f.scanned-n)
}

func (f *framer) fail(rule spec.RuleID, format string, args ...any) *spec.Violation {
	off := f.bufOff
	if f.framing == framingSSE && f.sseAt >= 0 {
		off = f.sseAt
	}
	return &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Frame: f.frames + 1, Offset: off, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
}

var bom = []byte("\xEF\xBB\xBF")

func (f *framer) pump(eof bool, s sink) *spec.Violation {
	f.cr = -1 // buf may have changed since the last pump
	if f.framing == framingUnknown {
		// The white space (and byte-order mark) before the first other
		// byte is searched once: scanned holds its length so far.
		r := f.rest()
		i := f.scanned
		if i == 0 {
			if !eof && len(r) < len(bom) && bytes.HasPrefix(bom, r) {
				return nil
			}
			if bytes.HasPrefix(r, bom) {
				i = len(bom)
			}
		}
		hasBOM := bytes.HasPrefix(r, bom)
		for i < len(r) && jsonwire.IsSpace(r[i]) {
			i++
		}
		if i > f.max {
			return f.fail(spec.BudFrame, "white space before the first frame longer than %d bytes", f.max)
		}
		if i == len(r) {
			f.scanned = i
			return nil
		}
		f.scanned = 0
		switch c := r[i]; {
		case c == '{' || c == '[':
			f.framing = framingLines
			if hasBOM {
				f.consume(len(bom))
			}
		case f.format == spec.FormatBedrock:
			f.framing = framingEventStream
		case f.format == spec.FormatOllama:
			f.framing = framingLines
		default:
			f.framing = framingSSE
		}
	}
	switch f.framing {
	case framingSSE:
		v := f.pumpSSE(eof, s)
		if f.inBuf {
			// buf moves before the next pump: copy the data now.
			f.sseData = append(growFrame(f.sseData[:0], len(f.dataRef), 0, f.bound()), f.dataRef...)
			f.dataRef, f.inBuf = nil, false
		}
		if f.evtInBuf {
			f.sseEvt = append(f.sseEvt[:0], f.evtRef...)
			f.evtRef, f.evtInBuf = nil, false
		}
		return v
	case framingLines:
		return f.pumpLines(eof, s)
	default:
		return f.pumpEventStream(eof, s)
	}
}

// dispatch decodes one frame and hands its events to s.
func (f *framer) dispatch(s sink) *spec.Violation {
	f.frames++
	f.fr.no = f.frames
	f.b.reset()
	if v := f.pd.decodeFrame(&f.b, &f.fr); v != nil {
		v.Frame, v.Offset = f.fr.no, f.fr.offset
		v.Payload = violationPayload(v.Rule, f.fr.data)
		return v
	}
	if !f.known && !isDone(f.fr.data) { // FRAME-7: the sentinel carries nothing of any format
		f.foreign = true
		f.known = f.pd.recognizes(&f.b, &f.fr)
	}
	for i := range f.b.evs {
		f.b.evs[i].frame, f.b.evs[i].offset = f.fr.no, f.fr.offset
	}
	v := s(f.b.evs)
	if v != nil {
		v.Payload = violationPayload(v.Rule, f.fr.data)
	}
	return v
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

// pumpLines dispatches every non-blank line (FRAME-2).
func (f *framer) pumpLines(eof bool, s sink) *spec.Violation {
	for {
		r := f.rest()
		// Search only the bytes not searched before: a long line written
		// in small chunks costs linear time, not quadratic.
		i := bytes.IndexByte(r[f.scanned:], '\n')
		if i >= 0 {
			i += f.scanned
		}
		if i < 0 {
			f.scanned = len(r)
			if len(r) > f.max {
				return f.fail(spec.BudFrame, "line longer than %d bytes", f.max)
			}
			if !eof || len(r) == 0 {
				return nil
			}
			if line := bytes.TrimRight(r, "\r"); len(jsonwire.TrimSpace(line)) > 0 && isCut(line) {
				f.cutAt(line) // FRAME-2: the last line was cut
				f.consume(len(r))
				return nil
			}
			i = len(r)
		}
		if i > f.max {
			return f.fail(spec.BudFrame, "line longer than %d bytes", f.max)
		}
		line := bytes.TrimRight(r[:i], "\r")
		off := f.bufOff
		n := i
		if i < len(r) {
			n++
		}
		f.consume(n)
		if len(jsonwire.TrimSpace(line)) == 0 {
			continue
		}
		f.fr = frame{offset: off, data: line}
		if v := f.dispatch(s); v != nil {
			return v
		}
	}
}

// sseSize is the size of the event in progress through a line of n bytes
// starting at the current position (BUD-5).
func (f *framer) sseSize(n int) int64 {
	start := f.bufOff
	if f.sseAt >= 0 {
		start = f.sseAt
	}
	return f.bufOff + int64(n) - start
}

// pumpSSE interprets the input as text/event-stream (FRAME-1).
func (f *framer) pumpSSE(eof bool, s sink) *spec.Violation {
	if !f.bomDone {
		r := f.rest()
		if len(r) < 3 && !eof && bytes.HasPrefix(bom, r) {
			return nil
		}
		f.bomDone = true
		if bytes.HasPrefix(r, bom) {
			f.consume(3)
		}
	}
	for {
		r := f.rest()
		if f.skipLF && len(r) > 0 {
			f.skipLF = false
			if r[0] == '\n' {
				f.consume(1)
				r = f.rest()
			}
		}
		var i int
		if f.scanned == 0 && len(r) > 0 && r[0] == '\n' {
			i = 0 // a blank line, the end of an event: no search
		} else if i = f.indexEOL(f.start + f.scanned); i >= 0 {
			i += f.scanned
		}
		if i < 0 {
			f.scanned = len(r)
			if len(r) > 0 && f.sseSize(len(r)) > int64(f.max) {
				return f.fail(spec.BudFrame, "event longer than %d bytes", f.max)
			}
			if !eof {
				return nil
			}
			if len(r) > 0 {
				f.sseLine(r)
				f.consume(len(r))
			}
			// FRAME-1: an unterminated last event is dispatched, unless
			// the stream was cut inside its payload.
			if data := f.pendingData(); f.hasData && isCut(data) {
				f.cutAt(data)
				f.sseAt, f.hasData, f.dataRef, f.inBuf, f.evtRef, f.evtInBuf = -1, false, nil, false, nil, false
				f.sseEvt, f.sseData = f.sseEvt[:0], f.sseData[:0]
				return nil
			}
			return f.sseDispatch(s)
		}
		line := r[:i]
		n := i + 1
		if r[i] == '\r' {
			if i+1 < len(r) {
				if r[i+1] == '\n' {
					n++
				}
			} else {
				f.skipLF = true
			}
		}
		if len(line) == 0 {
			f.consume(n)
			if v := f.sseDispatch(s); v != nil {
				return v
			}
			continue
		}
		if f.sseSize(len(line)) > int64(f.max) {
			return f.fail(spec.BudFrame, "event longer than %d bytes", f.max)
		}
		f.sseLine(line)
		f.consume(n)
	}
}

// indexEOL returns the index, counted from buf[from], of the first CR or LF
// at or after it, or -1. Most streams hold no CR at all: the position of
// the next CR is searched once and kept (until buf changes, at the next
// pump), so a line costs one search for its LF, not two.
func (f *framer) indexEOL(from int) int {
	n := bytes.IndexByte(f.buf[from:], '\n')
	if f.cr < from {
		if c := bytes.IndexByte(f.buf[from:], '\r'); c >= 0 {
			f.cr = from + c
		} else {
			f.cr = len(f.buf)
		}
	}
	if c := f.cr - from; c < len(f.buf)-from && (n < 0 || c < n) {
		return c
	}
	return n
}

// sseLine processes one non-empty line. Field values are copied: the line
// lives in the input buffer, which moves.
func (f *framer) sseLine(line []byte) {
	if f.sseAt < 0 {
		f.sseAt = f.bufOff
	}
	if line[0] == ':' {
		return
	}
	if len(line) >= 6 && string(line[:6]) == "event:" {
		value := line[6:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
		f.evtRef, f.evtInBuf = value, true
		return
	}
	if len(line) >= 5 && string(line[:5]) == "data:" {
		// The common line, without a search for its colon.
		value := line[5:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
		f.sseAppendData(value)
		return
	}
	name := line
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name = line[:i]
	}
	// The "event:" and "data:" lines took the paths above: an event or
	// data field here is a line without a colon, whose value is empty.
	switch string(name) {
	case "event":
		f.evtRef, f.evtInBuf = nil, true
	case "data":
		f.sseAppendData(nil)
	case "id", "retry":
	default:
		f.foreign = true // FRAME-7: not an SSE line (an HTML page, a JSON body)
	}
}

// pendingData is the data of the event in progress.
func (f *framer) pendingData() []byte {
	if f.inBuf {
		return f.dataRef
	}
	return f.sseData
}

// sseAppendData adds the value of a data line to the event's data.
func (f *framer) sseAppendData(value []byte) {
	if !f.hasData {
		f.dataRef, f.inBuf, f.hasData = value, true, true
		return
	}
	if f.inBuf {
		f.sseData = append(growFrame(f.sseData[:0], len(f.dataRef), 0, f.bound()), f.dataRef...)
		f.dataRef, f.inBuf = nil, false
	}
	// The data of an event of many lines doubles, as the buffer does
	// (BUD-5 bounds it with the event).
	f.sseData = append(growFrame(f.sseData, 1+len(value), 0, f.bound()), '\n')
	f.sseData = append(f.sseData, value...)
}

func (f *framer) sseDispatch(s sink) *spec.Violation {
	at, has := f.sseAt, f.hasData
	f.sseAt, f.hasData = -1, false
	evt, data := f.sseEvt, f.sseData
	if f.inBuf {
		data = f.dataRef
		f.dataRef, f.inBuf = nil, false
	}
	if f.evtInBuf {
		evt = f.evtRef
		f.evtRef, f.evtInBuf = nil, false
	}
	f.sseEvt, f.sseData = f.sseEvt[:0], f.sseData[:0]
	if !has {
		return nil
	}
	if at < 0 {
		at = f.bufOff
	}
	f.fr = frame{offset: at, event: evt, data: data}
	return f.dispatch(s)
}

// pumpEventStream splits the input into Bedrock event-stream messages
// (FRAME-3).
func (f *framer) pumpEventStream(eof bool, s sink) *spec.Violation {
	const prelude, overhead = 12, 16
	for {
		r := f.rest()
		if len(r) < prelude {
			if eof && len(r) > 0 {
				f.cutAt(r) // FRAME-3: cut inside the prelude
				f.consume(len(r))
			}
			return nil
		}
		total := binary.BigEndian.Uint32(r[0:4])
		hlen := binary.BigEndian.Uint32(r[4:8])
		if crc := crc32.ChecksumIEEE(r[0:8]); crc != binary.BigEndian.Uint32(r[8:12]) {
			return f.fail(spec.FrameEventStrm, "prelude CRC mismatch: computed %08x, message says %08x", crc, binary.BigEndian.Uint32(r[8:12]))
		}
		if total < overhead || uint64(hlen) > uint64(total)-overhead {
			return f.fail(spec.FrameEventStrm, "inconsistent lengths: total %d, headers %d", total, hlen)
		}
		if uint64(total) > uint64(f.max) {
			return f.fail(spec.BudFrame, "message of %d bytes exceeds %d", total, f.max)
		}
		if uint64(len(r)) < uint64(total) {
			if eof {
				f.cutAt(r) // FRAME-3: cut inside the message
				f.consume(len(r))
			}
			return nil
		}
		msg := r[:total]
		if crc := crc32.ChecksumIEEE(msg[:total-4]); crc != binary.BigEndian.Uint32(msg[total-4:]) {
			return f.fail(spec.FrameEventStrm, "message CRC mismatch: computed %08x, message says %08x", crc, binary.BigEndian.Uint32(msg[total-4:]))
		}
		f.fr = frame{offset: f.bufOff}
		if err := parseHeaders(msg[prelude:prelude+hlen], &f.fr); err != "" {
			return f.fail(spec.FrameEventStrm, "bad headers: %s", err)
		}
		f.fr.data = msg[prelude+hlen : total-4]
		f.consume(int(total))
		if v := f.dispatch(s); v != nil {
			return v
		}
	}
}

// parseHeaders reads event-stream headers into fr (borrowing their bytes);
// it returns a description of the first problem, or "".
func parseHeaders(h []byte, fr *frame) string {
	for len(h) > 0 {
		nl := int(h[0])
		if nl == 0 || 1+nl+1 > len(h) {
			return "header name overruns headers"
		}
		name := h[1 : 1+nl]
		typ := h[1+nl]
		h = h[2+nl:]
		var size int
		switch typ {
		case 0, 1:
			size = 0
		case 2:
			size = 1
		case 3:
			size = 2
		case 4:
			size = 4
		case 5, 8:
			size = 8
		case 9:
			size = 16
		case 6, 7:
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
			v := h[2:size]
			switch string(name) {
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
