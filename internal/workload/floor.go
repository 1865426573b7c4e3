package workload

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// Floor does the least work any reassembler of w must do, the physical
// limit the benchmarks hold the production reassembler against: one scan
// of the wire bytes for the frame delimiters and one copy of the bulk
// bytes. It counts the line ends of SSE and NDJSON (every frame ends at
// one; bytes.Count runs at memory speed), or walks the event-stream's
// length preludes and checks both CRCs of each message (a reader cannot
// trust a frame before), and appends the bulk bytes (the argument, text
// and thinking fragments as they lie on the wire, still escaped; whole
// argument objects as they are) to dst. It returns the delimiters counted
// (-1 if an event-stream message is corrupt, which no workload's is) and
// dst.
//
// It neither decodes JSON nor tells one call from another, so no correct
// reassembler can be as fast; the ratio of a reassembler's time to it is
// what remains to be won.
func (w *Workload) Floor(dst []byte) (int, []byte) {
	w.build()
	n := 0
	if w.framing == FramingEventStream {
		n = walkEventStream(w.raw)
	} else {
		n = bytes.Count(w.raw, newline)
	}
	raw := w.raw
	for _, s := range w.spans {
		dst = append(dst, raw[s.start:s.end]...)
	}
	return n, dst
}

var newline = []byte{'\n'}

// walkEventStream returns the number of messages in raw, or -1 when a
// length or a CRC is wrong.
func walkEventStream(raw []byte) int {
	n := 0
	for len(raw) > 0 {
		if len(raw) < 16 {
			return -1
		}
		total := int(binary.BigEndian.Uint32(raw))
		if total < 16 || total > len(raw) ||
			crc32.ChecksumIEEE(raw[:8]) != binary.BigEndian.Uint32(raw[8:]) ||
			crc32.ChecksumIEEE(raw[:total-4]) != binary.BigEndian.Uint32(raw[total-4:]) {
			return -1
		}
		raw = raw[total:]
		n++
	}
	return n
}
