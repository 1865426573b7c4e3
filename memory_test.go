package toolspec

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"runtime"
	"testing"
)

// This file measures the heap a frame over MaxFrameBytes costs before it is
// refused (BUD-5), through every entry point and every framing.

// heapMeter bounds the peak of the heap a run allocates, without sampling:
// between two garbage collections the heap in use is at most what was live
// after the first plus what was allocated since. step, called between the
// run's feeding calls, takes that bound and collects when a MiB or more was
// allocated since the last collection, so that the bound stays close to
// the live heap; inside one call the bound counts every byte the call
// allocates, as if none were freed. The result does not depend on when the
// collector runs by itself: it only frees.
type heapMeter struct {
	base  uint64 // the live heap before the run
	live  uint64 // the live heap after the last collection
	total uint64 // TotalAlloc at the last collection
	peak  uint64 // the largest bound seen
}

func (m *heapMeter) start() {
	m.collect()
	m.base, m.peak = m.live, m.live
}

func (m *heapMeter) collect() {
	runtime.GC()
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	m.live, m.total = s.HeapAlloc, s.TotalAlloc
}

func (m *heapMeter) step() {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	since := s.TotalAlloc - m.total
	m.peak = max(m.peak, m.live+since)
	if since >= 1<<20 {
		m.collect()
	}
}

// used is the bound on the peak heap of the run, beyond what was live
// before it.
func (m *heapMeter) used() uint64 {
	m.step()
	return m.peak - m.base
}

// meteredReader steps its meter before every read: between two writes of
// ReadFrom or of the Events loop.
type meteredReader struct {
	r io.Reader
	m *heapMeter
}

func (r meteredReader) Read(p []byte) (int, error) {
	r.m.step()
	return r.r.Read(p)
}

// TestFrameOverLimitMemory reads a 48 MiB frame under a 32 MiB
// MaxFrameBytes, in every framing (one JSON line; one SSE data line; one
// SSE event of 1 KiB lines; a Bedrock event-stream message, whose length
// says 48 MiB), through every entry point (Reassemble of the whole buffer;
// Write of it whole, in 32 KiB, 1 MiB, 7 MiB+1 and 20 MiB chunks; ReadFrom;
// Events), and requires BUD-5 at the frame's first byte with a heap peak
// of at most 1.5 times the limit, plus 2 MiB of slack. The framer holds at
// most the limit and one byte of a frame, and grows its buffer (and an SSE
// event's data) by doubling up to a quarter of the limit, then to the
// limit at once: a growth holds a quarter and the whole (1.25 times), and
// all of a growth allocates about 1.5 times, which the bound counts whole
// when it happens inside one call (Reassemble of an event of many lines).
// A frame read where it lies (a single line of a buffer written whole)
// costs no copy at all: at most the slack.
func TestFrameOverLimitMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a 48 MiB frame per framing and reads it through every entry point (about 2 s): run without -short")
	}
	const limit = 32 << 20
	const size = 48 << 20
	const slack = 2 << 20
	lim := Limits{MaxFrameBytes: limit}
	type input struct {
		name   string
		format Format
		build  func() []byte
		inline bool // a single line: read in place, it needs no buffer
	}
	longString := func(prefix, suffix string) []byte {
		b := make([]byte, 0, size+len(prefix)+len(suffix))
		b = append(b, prefix...)
		b = append(b, bytes.Repeat([]byte("a"), size)...)
		return append(b, suffix...)
	}
	inputs := []input{
		{"json-line", FormatOpenAIChat, func() []byte { return longString(`{"x":"`, "\"}\n") }, true},
		{"sse-line", FormatOpenAIChat, func() []byte { return longString(`data: {"x":"`, "\"}\n\n") }, true},
		{"sse-event-of-1KiB-lines", FormatOpenAIChat, func() []byte {
			line := append(append([]byte("data: "), bytes.Repeat([]byte("a"), 1024-7)...), '\n')
			b := make([]byte, 0, size+1)
			for len(b) < size {
				b = append(b, line...)
			}
			return append(b, '\n')
		}, false},
		{"event-stream", FormatBedrock, func() []byte {
			b := make([]byte, 12, size)
			binary.BigEndian.PutUint32(b[0:], size)
			binary.BigEndian.PutUint32(b[8:], crc32.ChecksumIEEE(b[:8]))
			return b[:size] // a payload of zeros; its CRC is never reached
		}, true},
	}
	type entry struct {
		name   string
		whole  bool // the whole buffer in one call
		reader bool
		run    func(f Format, data []byte, m *heapMeter) error
	}
	writes := func(chunk int) func(Format, []byte, *heapMeter) error {
		return func(f Format, data []byte, m *heapMeter) error {
			a := New(f, lim)
			for len(data) > 0 {
				n := min(chunk, len(data))
				_, err := a.Write(data[:n])
				m.step()
				if err != nil {
					break
				}
				data = data[n:]
			}
			return a.Close().Err()
		}
	}
	entries := []entry{
		{"Reassemble", true, false, func(f Format, data []byte, _ *heapMeter) error { return Reassemble(f, data, lim).Err() }},
		{"Write-whole", true, false, writes(size + 1<<20)},
		{"Write-32KiB", false, false, writes(32 << 10)},
		{"Write-1MiB", false, false, writes(1 << 20)},
		{"Write-7MiB+1", false, false, writes(7<<20 + 1)},
		{"Write-20MiB", false, false, writes(20 << 20)},
		{"ReadFrom", false, true, func(f Format, data []byte, m *heapMeter) error {
			a := New(f, lim)
			if _, err := a.ReadFrom(meteredReader{bytes.NewReader(data), m}); err == nil {
				t.Errorf("ReadFrom: no error")
			}
			return a.Close().Err()
		}},
		{"Events", false, true, func(f Format, data []byte, m *heapMeter) error {
			var last error
			for _, err := range New(f, lim).Events(context.Background(), meteredReader{bytes.NewReader(data), m}) {
				if err != nil {
					last = err
				}
			}
			return last
		}},
	}
	for _, in := range inputs {
		data := in.build()
		for _, e := range entries {
			var m heapMeter
			m.start()
			err := e.run(in.format, data, &m)
			used := m.used()
			bound := uint64(limit + limit/2 + slack)
			if in.inline && e.whole {
				bound = slack
			}
			t.Logf("%s %s: peak heap at most %.1f MiB (%.2f times the limit; bound %.1f MiB)",
				in.name, e.name, float64(used)/(1<<20), float64(used)/limit, float64(bound)/(1<<20))
			var v *Violation
			if !errors.As(err, &v) || v.Rule != "BUD-5" || v.Frame != 1 || v.Offset != 0 {
				t.Errorf("%s %s: want BUD-5 at frame 1, offset 0; got %v", in.name, e.name, err)
			}
			if used > bound {
				t.Errorf("%s %s: the heap peaked at up to %d bytes (%.2f times the limit): more than %d",
					in.name, e.name, used, float64(used)/limit, bound)
			}
		}
		data = nil
		runtime.GC()
	}
}
