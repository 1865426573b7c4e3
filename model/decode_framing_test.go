package model

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// This file tests the framers of decode.go (SSE, JSON lines, event-stream
// detection and limits) independently of the payload decoders: most tests
// swap the format's payload decoder for framingRecorder, which reports
// every frame exactly as the framer delivered it.

// framingRecorder is a payloadDecoder that turns every frame into one
// KindText event: Data is the payload, Name the SSE event type, Index the
// frame number the framer assigned.
type framingRecorder struct{}

func (framingRecorder) decodeFrame(fr frame) ([]spec.Event, *spec.Violation) {
	return []spec.Event{{Kind: spec.KindText, Index: fr.no, Data: string(fr.data), Name: fr.event}}, nil
}

// recognizes accepts every frame: the framing tests are not about FRAME-7.
func (framingRecorder) recognizes(frame) bool { return true }

// framingRecorded returns a decoder of format f whose payloads are recorded
// by framingRecorder.
func framingRecorded(f spec.Format, lim spec.Limits) *Decoder {
	d := NewDecoder(f, lim)
	d.pd = framingRecorder{}
	return d
}

// framingResult is everything a decoder produced for one input.
type framingResult struct {
	evs []spec.Event
	v   *spec.Violation
}

func (r framingResult) String() string {
	var b strings.Builder
	for _, ev := range r.evs {
		fmt.Fprintf(&b, "  %v off=%d\n", ev, ev.Offset)
	}
	if r.v != nil {
		fmt.Fprintf(&b, "  %v\n", *r.v)
	}
	return b.String()
}

// framingEqual compares two results: events exactly, violations by rule,
// class, frame and offset.
func framingEqual(a, b framingResult) bool {
	if !slices.Equal(a.evs, b.evs) || (a.v == nil) != (b.v == nil) {
		return false
	}
	return a.v == nil || (a.v.Rule == b.v.Rule && a.v.Class == b.v.Class && a.v.Frame == b.v.Frame && a.v.Offset == b.v.Offset)
}

// framingFeed writes chunks to d, then closes it, and collects the events.
// It also checks that a violation is sticky.
func framingFeed(t *testing.T, d *Decoder, chunks [][]byte) framingResult {
	t.Helper()
	var r framingResult
	for _, c := range chunks {
		evs, v := d.Write(c)
		r.evs = append(r.evs, evs...)
		if v != nil {
			r.v = v
			break
		}
	}
	if r.v == nil {
		evs, v := d.Close()
		r.evs = append(r.evs, evs...)
		r.v = v
	}
	if r.v != nil {
		if evs, v := d.Write([]byte("data: {}\n\n")); v != r.v || evs != nil {
			t.Errorf("write after violation: %v, %v; want the same violation", evs, v)
		}
		if evs, v := d.Close(); v != r.v || evs != nil {
			t.Errorf("close after violation: %v, %v; want the same violation", evs, v)
		}
	}
	return r
}

// framingWhole decodes in as one chunk through a recorded decoder.
func framingWhole(t *testing.T, f spec.Format, lim spec.Limits, in string) framingResult {
	t.Helper()
	return framingFeed(t, framingRecorded(f, lim), [][]byte{[]byte(in)})
}

// framingSplit cuts in at the given increasing offsets.
func framingSplit(in []byte, cuts ...int) [][]byte {
	var out [][]byte
	prev := 0
	for _, c := range cuts {
		out = append(out, in[prev:c])
		prev = c
	}
	return append(out, in[prev:])
}

// framingRandomSplit cuts in into random chunks, some of them empty.
func framingRandomSplit(rng *rand.Rand, in []byte) [][]byte {
	var out [][]byte
	longest := 1 + rng.IntN(8)
	if rng.IntN(4) == 0 {
		longest = 1 + rng.IntN(len(in)+1)
	}
	for len(in) > 0 {
		n := rng.IntN(longest + 1)
		if n > len(in) {
			n = len(in)
		}
		out = append(out, in[:n])
		in = in[n:]
	}
	return out
}

// framingText is the shape of a recorded frame: data, event type, frame
// number and offset.
func framingText(no int, off int64, event, data string) spec.Event {
	return spec.Event{Kind: spec.KindText, Frame: no, Offset: off, Index: no, Name: event, Data: data}
}

// framingEOF is the final event of an input of n bytes with frames frames.
func framingEOF(frames int, n int) spec.Event {
	return spec.Event{Kind: spec.KindEOF, Frame: frames, Offset: int64(n)}
}

// framingCheck decodes in whole and compares with want (EOF included).
func framingCheck(t *testing.T, f spec.Format, in string, want []spec.Event) {
	t.Helper()
	got := framingWhole(t, f, spec.Limits{}, in)
	if got.v != nil {
		t.Fatalf("input %q: violation %v", in, got.v)
	}
	if !slices.Equal(got.evs, want) {
		t.Errorf("input %q:\n got\n%s want\n%s", in, got, framingResult{evs: want})
	}
}

func TestSSELineEnds(t *testing.T) {
	for _, nl := range []string{"\n", "\r", "\r\n"} {
		t.Run(fmt.Sprintf("%q", nl), func(t *testing.T) {
			e1 := "data: a" + nl + nl
			e2 := "event: x" + nl + "data: b" + nl + nl
			in := e1 + e2
			framingCheck(t, spec.FormatGemini, in, []spec.Event{
				framingText(1, 0, "", "a"),
				framingText(2, int64(len(e1)), "x", "b"),
				framingEOF(2, len(in)),
			})
		})
	}
	// Mixed line ends in one stream.
	in := "data: a\r\ndata: b\rdata: c\n\r\ndata: d\r\r"
	framingCheck(t, spec.FormatGemini, in, []spec.Event{
		framingText(1, 0, "", "a\nb\nc"),
		framingText(2, int64(strings.Index(in, "data: d")), "", "d"),
		framingEOF(2, len(in)),
	})
}

// TestSSECRLFSplit checks that a CR ending one chunk and an LF starting the
// next make one line end, not two.
func TestSSECRLFSplit(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   []spec.Event
	}{
		{
			name:   "CR|LF inside an event",
			chunks: []string{"data: a\r", "\ndata: b\r\n\r\n"},
			want:   []spec.Event{framingText(1, 0, "", "a\nb"), framingEOF(1, 20)},
		},
		{
			name:   "CR|LF on the blank line",
			chunks: []string{"data: a\r\n\r", "\ndata: b\r\n\r\n"},
			want:   []spec.Event{framingText(1, 0, "", "a"), framingText(2, 11, "", "b"), framingEOF(2, 22)},
		},
		{
			name:   "CR|empty write|LF",
			chunks: []string{"data: a\r", "", "", "\ndata: b\r\n\r\n"},
			want:   []spec.Event{framingText(1, 0, "", "a\nb"), framingEOF(1, 20)},
		},
		{
			name:   "CR|CR is a blank line",
			chunks: []string{"data: a\r", "\rdata: b\r\r"},
			want:   []spec.Event{framingText(1, 0, "", "a"), framingText(2, 9, "", "b"), framingEOF(2, 18)},
		},
		{
			name:   "CR|LF|LF",
			chunks: []string{"data: a\r", "\n", "\ndata: b\n\n"},
			want:   []spec.Event{framingText(1, 0, "", "a"), framingText(2, 10, "", "b"), framingEOF(2, 19)},
		},
		{
			name:   "CR at EOF",
			chunks: []string{"data: a\r"},
			want:   []spec.Event{framingText(1, 0, "", "a"), framingEOF(1, 8)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var chunks [][]byte
			for _, c := range tt.chunks {
				chunks = append(chunks, []byte(c))
			}
			got := framingFeed(t, framingRecorded(spec.FormatGemini, spec.Limits{}), chunks)
			if got.v != nil || !slices.Equal(got.evs, tt.want) {
				t.Errorf("got\n%s want\n%s", got, framingResult{evs: tt.want})
			}
		})
	}
}

func TestSSEFields(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		event string // of the single frame
		data  string
	}{
		{"data before event", "data: {}\nevent: message_start\n\n", "message_start", "{}"},
		{"multi-line data", "data: a\ndata: b\ndata: c\n\n", "", "a\nb\nc"},
		{"empty data line adds a newline", "data: a\ndata:\n\n", "", "a\n"},
		{"comments", ": hello\ndata: a\n: mid\ndata: b\n:\n\n", "", "a\nb"},
		{"no space", "data:x\n\n", "", "x"},
		{"one space stripped", "data: x\n\n", "", "x"},
		{"only one space stripped", "data:  x \n\n", "", " x "},
		{"tab kept", "data:\tx\n\n", "", "\tx"},
		{"event value space", "event:  e\ndata: x\n\n", " e", "x"},
		{"colon in value", "data: a: b\n\n", "", "a: b"},
		{"field without colon", "data\n\n", "", ""},
		{"field without colon joins", "data\ndata: b\n\n", "", "\nb"},
		{"event without colon", "event: x\nevent\ndata: y\n\n", "", "y"},
		{"last event type wins", "event: a\nevent: b\ndata: y\n\n", "b", "y"},
		{"id and retry ignored", "id: 7\nretry: 10\ndata: y\n\n", "", "y"},
		{"unknown field ignored", "foo: bar\ndata: y\n\n", "", "y"},
		{"field names are case-sensitive", "Data: no\nEVENT: no\ndata: y\n\n", "", "y"},
		{"space before colon is part of the name", "data : no\ndata: y\n\n", "", "y"},
		{"leading BOM", "\xEF\xBB\xBFdata: y\n\n", "", "y"},
		{"leading BOM then CRLF", "\xEF\xBB\xBF\r\ndata: y\r\n\r\n", "", "y"},
		{"unterminated last line", "data: y", "", "y"},
		{"unterminated last event", "data: y\n", "", "y"},
		{"leading blank lines", "\n\r\n\rdata: y\n\n", "", "y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := framingWhole(t, spec.FormatGemini, spec.Limits{}, tt.in)
			if got.v != nil || len(got.evs) != 2 || got.evs[0].Kind != spec.KindText || got.evs[1].Kind != spec.KindEOF {
				t.Fatalf("input %q: want one frame then EOF, got\n%s", tt.in, got)
			}
			if ev := got.evs[0]; ev.Data != tt.data || ev.Name != tt.event || ev.Frame != 1 {
				t.Errorf("input %q: frame %d event %q data %q, want event %q data %q", tt.in, ev.Frame, ev.Name, ev.Data, tt.event, tt.data)
			}
		})
	}
}

// TestSSENoData checks that events without a data field dispatch nothing
// and that their event type does not leak into the next event.
func TestSSENoData(t *testing.T) {
	for _, in := range []string{
		"event: ping\n\n",
		": keep-alive\n\n",
		"id: 1\n\n",
		"retry: 1000\n\n",
		"event: a\nid: 2\n\n\n\n",
		"\n\n\n",
		"",
		"   ",
		"\xEF\xBB\xBF",
		"event: only",
	} {
		got := framingWhole(t, spec.FormatGemini, spec.Limits{}, in)
		if got.v != nil || len(got.evs) != 1 || got.evs[0] != framingEOF(0, len(in)) {
			t.Errorf("input %q: want only EOF, got\n%s", in, got)
		}
	}
	in := "event: ping\n\ndata: x\n\n"
	framingCheck(t, spec.FormatGemini, in, []spec.Event{framingText(1, 13, "", "x"), framingEOF(1, len(in))})
}

// TestSSEBOMOnlyAtStart checks that only a BOM at the very start of the
// stream is dropped.
func TestSSEBOMOnlyAtStart(t *testing.T) {
	// A second BOM is part of the field name "\uFEFFdata", which is unknown.
	in := "\xEF\xBB\xBFdata: a\n\n\xEF\xBB\xBFdata: b\n\n"
	framingCheck(t, spec.FormatGemini, in, []spec.Event{framingText(1, 3, "", "a"), framingEOF(1, len(in))})
	// Only one leading BOM is dropped.
	in = "\xEF\xBB\xBF\xEF\xBB\xBFdata: a\n\ndata: b\n\n"
	framingCheck(t, spec.FormatGemini, in, []spec.Event{framingText(1, int64(strings.Index(in, "data: b")), "", "b"), framingEOF(1, len(in))})
}

// TestSSEUnterminatedAtEOF checks that the last event is dispatched by
// Close, not by Write.
func TestSSEUnterminatedAtEOF(t *testing.T) {
	d := framingRecorded(spec.FormatGemini, spec.Limits{})
	evs, v := d.Write([]byte("data: a\n\ndata: b\ndata: c"))
	if v != nil || !slices.Equal(evs, []spec.Event{framingText(1, 0, "", "a")}) {
		t.Fatalf("write: %v %v", evs, v)
	}
	evs, v = d.Close()
	want := []spec.Event{framingText(2, 9, "", "b\nc"), framingEOF(2, 24)}
	if v != nil || !slices.Equal(evs, want) {
		t.Fatalf("close: %v %v, want %v", evs, v, want)
	}
	if evs, v := d.Close(); evs != nil || v != nil {
		t.Errorf("second close: %v %v", evs, v)
	}
	if _, v := d.Write([]byte("data: x\n\n")); v == nil || v.Rule != spec.EventInvalid {
		t.Errorf("write after close: %v, want %s", v, spec.EventInvalid)
	}
}

// TestSSEFrameNumbersAndOffsets checks the frame number and byte offset of
// every event against positions computed from the input.
func TestSSEFrameNumbersAndOffsets(t *testing.T) {
	events := []string{
		": comment first\r\ndata: one\r\n\r\n",
		"event: e\r\n\r\n", // no data: no frame
		"\r\n",
		"data: two\r\nevent: t\r\n\r\n",
		"data: three",
	}
	in := strings.Join(events, "")
	want := []spec.Event{
		framingText(1, 0, "", "one"),
		framingText(2, int64(strings.Index(in, "data: two")), "t", "two"),
		framingText(3, int64(strings.Index(in, "data: three")), "", "three"),
		framingEOF(3, len(in)),
	}
	framingCheck(t, spec.FormatGemini, in, want)

	// The real decoder stamps the same numbers.
	p := `{"candidates":[{"content":{"parts":[{"text":"%s"}]}}]}`
	in = "\xEF\xBB\xBF: hi\n\n" + "data: " + fmt.Sprintf(p, "a") + "\n\n" + "data: " + fmt.Sprintf(p, "b") + "\r\n\r\n"
	got, v := Decode(spec.FormatGemini, []byte(in), spec.Limits{})
	if v != nil {
		t.Fatal(v)
	}
	wantReal := []spec.Event{
		{Kind: spec.KindText, Frame: 1, Offset: int64(strings.Index(in, "data:")), Data: "a"},
		{Kind: spec.KindText, Frame: 2, Offset: int64(strings.LastIndex(in, "data:")), Data: "b"},
		framingEOF(2, len(in)),
	}
	if !slices.Equal(got, wantReal) {
		t.Errorf("got %v\nwant %v", got, wantReal)
	}
}

func TestLinesFraming(t *testing.T) {
	l1, l2, l3 := `{"a":1}`, `  {"b":2}`, `{"c":3}`
	in := "\r\n" + l1 + "\r\n\r\n \t\n" + l2 + "\n\n" + l3
	want := []spec.Event{
		framingText(1, 2, "", l1),
		framingText(2, int64(strings.Index(in, l2)), "", l2),
		framingText(3, int64(strings.Index(in, l3)), "", l3),
		framingEOF(3, len(in)),
	}
	framingCheck(t, spec.FormatOllama, in, want)
	// A JSON-lines stream of an SSE format is detected by its first byte.
	framingCheck(t, spec.FormatGemini, in, want)
	framingCheck(t, spec.FormatOpenAIChat, in, want)
	// A trailing newline does not make an extra frame.
	in += "\r\n"
	want[3] = framingEOF(3, len(in))
	framingCheck(t, spec.FormatOllama, in, want)
	// Ollama is always lines, whatever the first byte.
	framingCheck(t, spec.FormatOllama, "data: x\n", []spec.Event{framingText(1, 0, "", "data: x"), framingEOF(1, 8)})
}

// TestLinesPayloadViolation checks that a payload violation carries the
// frame number and offset of its line and stops the stream.
func TestLinesPayloadViolation(t *testing.T) {
	good := `{"message":{"content":"a"}}`
	in := good + "\n\n" + "not json\n" + good + "\n"
	got := framingFeed(t, NewDecoder(spec.FormatOllama, spec.Limits{}), [][]byte{[]byte(in)})
	if got.v == nil || got.v.Rule != spec.FramePayload || got.v.Frame != 2 || got.v.Offset != int64(len(good)+2) {
		t.Fatalf("got\n%s want FRAME-4 at frame 2 offset %d", got, len(good)+2)
	}
	if len(got.evs) != 1 || got.evs[0].Data != "a" {
		t.Errorf("events before the violation: %v", got.evs)
	}
}

// TestFramingMaxFrameBytes checks BUD-5 for each framing: a frame at the
// limit passes, one byte more is a terminal violation at that frame, with
// no panic and whatever the chunking.
func TestFramingMaxFrameBytes(t *testing.T) {
	const limit = 32
	lim := spec.Limits{MaxFrameBytes: limit}
	x := func(n int) string { return strings.Repeat("x", n) }
	tests := []struct {
		name   string
		format spec.Format
		in     string
		frames int   // frames dispatched before the violation (-1: none)
		off    int64 // offset of the violation
	}{
		{"lines at limit", spec.FormatOllama, "{" + x(limit-1) + "\n{}\n", -1, 0},
		{"lines over limit", spec.FormatOllama, "{}\n{" + x(limit) + "\n{}\n", 1, 3},
		{"lines over limit unterminated", spec.FormatOllama, "{}\n\n{" + x(limit), 1, 4},
		{"lines far over limit", spec.FormatOllama, "{" + x(10*limit), 0, 0},
		{"sse line at limit", spec.FormatGemini, "data: " + x(limit-6) + "\n\n", -1, 0},
		{"sse line over limit", spec.FormatGemini, "data: a\n\ndata: " + x(limit) + "\n\n", 1, 9},
		{"sse line over limit unterminated", spec.FormatGemini, "data: a\n\ndata: " + x(limit), 1, 9},
		{"sse comment over limit", spec.FormatGemini, ":" + x(limit) + "\n", 0, 0},
		{"sse event over limit", spec.FormatAnthropic, "data: " + x(limit/2) + "\r\ndata: " + x(limit/2) + "\r\n\r\n", 0, -1},
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.in)
			whole := framingFeed(t, framingRecorded(tt.format, lim), [][]byte{in})
			if tt.frames < 0 {
				if whole.v != nil {
					t.Fatalf("violation at the limit: %v", whole.v)
				}
			} else {
				if whole.v == nil || whole.v.Rule != spec.BudFrame || whole.v.Class != spec.ClassTerminal {
					t.Fatalf("got\n%s want a %s violation", whole, spec.BudFrame)
				}
				if whole.v.Frame != tt.frames+1 || len(whole.evs) != tt.frames {
					t.Errorf("violation %v after %d events, want frame %d after %d", whole.v, len(whole.evs), tt.frames+1, tt.frames)
				}
				if tt.off >= 0 && whole.v.Offset != tt.off {
					t.Errorf("violation offset %d, want %d", whole.v.Offset, tt.off)
				}
			}
			for i := 0; i < 50; i++ {
				chunks := framingRandomSplit(rng, in)
				if got := framingFeed(t, framingRecorded(tt.format, lim), chunks); !framingEqual(got, whole) {
					t.Fatalf("chunks %q:\n got\n%s want\n%s", chunks, got, whole)
				}
			}
		})
	}

	// A long line arriving a byte at a time fails as soon as it is one byte
	// too long, before its end is seen.
	for _, f := range []spec.Format{spec.FormatOllama, spec.FormatGemini} {
		d := framingRecorded(f, lim)
		prefix := "{"
		if f == spec.FormatGemini {
			prefix = "data: "
		}
		if _, v := d.Write([]byte(prefix)); v != nil {
			t.Fatal(v)
		}
		var v *spec.Violation
		n := 0
		for ; v == nil && n < 10*limit; n++ {
			_, v = d.Write([]byte("x"))
		}
		if v == nil || v.Rule != spec.BudFrame || len(prefix)+n != limit+1 {
			t.Errorf("%s: violation %v after %d bytes, want %s after %d", f, v, len(prefix)+n, spec.BudFrame, limit+1)
		}
	}
}

// TestFramingSSEBudFrameOffsetIsEventStart: when an SSE event goes over
// MaxFrameBytes on a later line, the violation names the event's frame
// number but the offset of that later line, not the offset of the frame
// (spec.Violation.Offset: "byte offset of the frame in the input"; payload
// violations use the event's first line). decode.go's fail uses d.bufOff
// instead of d.sseStart.
func TestFramingSSEBudFrameOffsetIsEventStart(t *testing.T) {
	in := "data: a\n\n" + "data: " + strings.Repeat("y", 20) + "\ndata: " + strings.Repeat("z", 20) + "\n\n"
	got := framingWhole(t, spec.FormatGemini, spec.Limits{MaxFrameBytes: 32}, in)
	if got.v == nil || got.v.Rule != spec.BudFrame || got.v.Frame != 2 {
		t.Fatalf("got\n%s want %s at frame 2", got, spec.BudFrame)
	}
	if got.v.Offset != 9 {
		t.Errorf("violation offset %d, want 9 (the start of frame 2)", got.v.Offset)
	}
}

// TestFramingDetectionWaitsForSplitBOM: framing detection looks past a leading
// BOM to choose between SSE and JSON lines, but it does not wait for a BOM
// cut by a chunk boundary: the first byte 0xEF alone selects SSE. So the
// same bytes decode differently depending on chunking (a JSON-lines stream
// after a BOM is lines when written whole, SSE when the BOM is split).
func TestFramingDetectionWaitsForSplitBOM(t *testing.T) {
	in := []byte("\xEF\xBB\xBF" + `{"a":1}` + "\n")
	whole := framingFeed(t, framingRecorded(spec.FormatGemini, spec.Limits{}), [][]byte{in})
	for cut := 1; cut < 3; cut++ {
		got := framingFeed(t, framingRecorded(spec.FormatGemini, spec.Limits{}), framingSplit(in, cut))
		if !framingEqual(got, whole) {
			t.Errorf("cut at %d:\n got\n%s whole\n%s", cut, got, whole)
		}
	}
}

// TestFramingLinesDropBOM: detection skips a leading BOM and picks JSON
// lines because of the '{' after it, but pumpLines does not drop the BOM,
// so the first line is "\uFEFF{...}" and the payload decoder rejects it
// (FRAME-4). SSE drops the same BOM.
func TestFramingLinesDropBOM(t *testing.T) {
	line := `{"message":{"content":"a"},"done":false}`
	evs, v := Decode(spec.FormatOllama, []byte("\xEF\xBB\xBF"+line+"\n"), spec.Limits{})
	if v != nil {
		t.Fatalf("BOM before JSON lines: %v", v)
	}
	if len(evs) != 2 || evs[0].Kind != spec.KindText || evs[0].Data != "a" {
		t.Errorf("events %v", evs)
	}
}

// framingInputs are the inputs of the chunking-invariance tests, for a
// recorded decoder of the given format.
var framingInputs = []struct {
	format spec.Format
	in     string
}{
	{spec.FormatGemini, "data: a\n\ndata: b\n\n"},
	{spec.FormatGemini, "data: a\r\n\r\ndata: b\r\n\r\n"},
	{spec.FormatGemini, "data: a\r\rdata: b\r\r"},
	{spec.FormatGemini, "\xEF\xBB\xBFdata: a\r\n\r\n: c\r\nevent: e\r\ndata: b\r\ndata:  c\r\n\r\n"},
	{spec.FormatGemini, "\r\n\r\n: hi\n\ndata\nevent\ndata:x\revent: y\r\n\ndata: last"},
	{spec.FormatAnthropic, "event: message_start\ndata: {}\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n"},
	{spec.FormatOpenAIChat, "data: {}\n\ndata: [DONE]\n\n"},
	{spec.FormatOpenAIResponses, "data: {}\nevent: response.created\n\n"},
	{spec.FormatOllama, "{\"a\":1}\n{\"b\":2}\r\n\r\n  \n{\"c\":3}"},
	{spec.FormatGemini, "\n\n{\"a\":1}\r\n{\"b\":2}\n"},
	{spec.FormatBedrock, "{\"messageStart\":{}}\n{\"messageStop\":{}}\n"},
}

// TestFramingChunkingInvariance: decoding an input whole gives exactly the
// events of decoding it cut at any one point, or at random points.
func TestFramingChunkingInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range framingInputs {
		in := []byte(tc.in)
		whole := framingFeed(t, framingRecorded(tc.format, spec.Limits{}), [][]byte{in})
		if whole.v != nil {
			t.Fatalf("%q: %v", tc.in, whole.v)
		}
		for cut := 0; cut <= len(in); cut++ {
			got := framingFeed(t, framingRecorded(tc.format, spec.Limits{}), framingSplit(in, cut))
			if !framingEqual(got, whole) {
				t.Fatalf("%q cut at %d:\n got\n%s want\n%s", tc.in, cut, got, whole)
			}
		}
		for cut1 := 0; cut1 <= len(in); cut1++ {
			for cut2 := cut1; cut2 <= len(in); cut2++ {
				got := framingFeed(t, framingRecorded(tc.format, spec.Limits{}), framingSplit(in, cut1, cut2))
				if !framingEqual(got, whole) {
					t.Fatalf("%q cut at %d and %d:\n got\n%s want\n%s", tc.in, cut1, cut2, got, whole)
				}
			}
		}
		for i := 0; i < 200; i++ {
			chunks := framingRandomSplit(rng, in)
			if got := framingFeed(t, framingRecorded(tc.format, spec.Limits{}), chunks); !framingEqual(got, whole) {
				t.Fatalf("%q chunks %q:\n got\n%s want\n%s", tc.in, chunks, got, whole)
			}
		}
	}
}

// framingCaptures returns the capture files of the given formats, keyed by
// format; it skips when there are none.
func framingCaptures(t *testing.T, formats ...spec.Format) map[spec.Format][]string {
	t.Helper()
	out := map[spec.Format][]string{}
	n := 0
	for _, f := range formats {
		files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "captures", string(f), "*"))
		out[f] = files
		n += len(files)
	}
	if n == 0 {
		captures.Absent(t, "../../shared/captures", errors.New("no capture of these formats"))
	}
	return out
}

// TestFramingChunkingInvarianceCaptures runs the real Ollama and Gemini
// decoders over the real captures cut at every point near a line end, at
// sampled other points, and at random points.
func TestFramingChunkingInvarianceCaptures(t *testing.T) {
	caps := framingCaptures(t, spec.FormatOllama, spec.FormatGemini)
	rng := rand.New(rand.NewPCG(3, 4))
	for f, files := range caps {
		for _, path := range files {
			in, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path)
			whole := framingFeed(t, NewDecoder(f, spec.Limits{}), [][]byte{in})
			if whole.v != nil {
				t.Fatalf("%s: %v", name, whole.v)
			}
			for cut := 0; cut <= len(in); cut++ {
				// Every cut near a line end, and a sample of the others.
				near := bytes.ContainsAny(in[max(cut-3, 0):min(cut+3, len(in))], "\r\n")
				if !near && cut%61 != 0 {
					continue
				}
				got := framingFeed(t, NewDecoder(f, spec.Limits{}), framingSplit(in, cut))
				if !framingEqual(got, whole) {
					t.Fatalf("%s cut at %d:\n got\n%s want\n%s", name, cut, got, whole)
				}
			}
			for i := 0; i < 20; i++ {
				chunks := framingRandomSplit(rng, in)
				if got := framingFeed(t, NewDecoder(f, spec.Limits{}), chunks); !framingEqual(got, whole) {
					t.Fatalf("%s random chunks (%d):\n got\n%s want\n%s", name, len(chunks), got, whole)
				}
			}
		}
	}
}

// framingEventStreamMessage builds one valid Bedrock event-stream message.
func framingEventStreamMessage(headers, payload []byte) []byte {
	total := esOverhead + len(headers) + len(payload)
	m := make([]byte, 0, total)
	m = binary.BigEndian.AppendUint32(m, uint32(total))
	m = binary.BigEndian.AppendUint32(m, uint32(len(headers)))
	m = binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m[:8]))
	m = append(m, headers...)
	m = append(m, payload...)
	return binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
}

// framingRandomInput returns random bytes, biased toward the characters
// that matter to the framers and the JSON decoders.
func framingRandomInput(rng *rand.Rand) []byte {
	const alphabet = "data: event{}[]\"\r\n\n:,0123456789.-truefalsenull\\ \xEF\xBB\xBF"
	n := rng.IntN(400)
	b := make([]byte, n)
	for i := range b {
		if rng.IntN(4) == 0 {
			b[i] = byte(rng.UintN(256))
		} else {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
	}
	switch rng.IntN(5) {
	case 0:
		b = append([]byte("data: "), b...)
	case 1:
		b = append([]byte("{"), b...)
	case 2:
		// A valid event-stream message with random headers and payload.
		h := make([]byte, rng.IntN(40))
		for i := range h {
			h[i] = byte(rng.UintN(256))
		}
		if rng.IntN(2) == 0 {
			h = append([]byte("\x0d:message-type\x07\x00\x05event\x0b:event-type\x07\x00\x0cmessageStart"), h...)
		}
		b = append(framingEventStreamMessage(h, b), b...)
	}
	return b
}

// framingMutate returns a copy of in with a few random byte edits.
func framingMutate(rng *rand.Rand, in []byte) []byte {
	b := slices.Clone(in)
	for k := rng.IntN(4); k >= 0 && len(b) > 0; k-- {
		i := rng.IntN(len(b))
		switch rng.IntN(3) {
		case 0:
			b[i] = byte(rng.UintN(256))
		case 1:
			b = append(b[:i], b[i+1:]...)
		default:
			b = slices.Insert(b, i, "{}[]\":,\n\r"[rng.IntN(9)])
		}
	}
	return b
}

// framingNoPanic decodes in with format f, whole and in random chunks,
// failing the test on a panic.
func framingNoPanic(t *testing.T, rng *rand.Rand, f spec.Format, lim spec.Limits, in []byte) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s panicked on %q: %v", f, in, r)
		}
	}()
	Decode(f, in, lim)
	d := NewDecoder(f, lim)
	for _, c := range framingRandomSplit(rng, in) {
		if _, v := d.Write(c); v != nil {
			return
		}
	}
	d.Close()
}

// TestFramingNoPanicRandomBytes feeds random and mutated inputs to every
// format's Decoder.
func TestFramingNoPanicRandomBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := 1000
	if testing.Short() {
		n = 100
	}
	limits := []spec.Limits{{}, {MaxFrameBytes: 16}}
	for _, f := range spec.Formats {
		for i := 0; i < n; i++ {
			framingNoPanic(t, rng, f, limits[i%2], framingRandomInput(rng))
		}
	}
	// Mutated real captures of every format, through every decoder.
	var all [][]byte
	for _, files := range framingCapturesQuiet(spec.Formats) {
		for _, path := range files {
			if b, err := os.ReadFile(path); err == nil {
				all = append(all, b)
			}
		}
	}
	for _, in := range all {
		for i := 0; i < 2; i++ {
			m := framingMutate(rng, in)
			for _, f := range spec.Formats {
				framingNoPanic(t, rng, f, limits[i%2], m)
			}
		}
	}
}

// framingCapturesQuiet is framingCaptures without skipping.
func framingCapturesQuiet(formats []spec.Format) map[spec.Format][]string {
	out := map[spec.Format][]string{}
	for _, f := range formats {
		out[f], _ = filepath.Glob(filepath.Join("..", "..", "shared", "captures", string(f), "*"))
	}
	return out
}

// FuzzFramingChunking checks, for any input, that no format's Decoder
// panics and that the recorded frames of the SSE and lines framers do not
// depend on where the input is cut.
func FuzzFramingChunking(f *testing.F) {
	for _, tc := range framingInputs {
		f.Add([]byte(tc.in), uint16(3))
	}
	f.Add(framingEventStreamMessage(nil, []byte("{}")), uint16(5))
	for _, format := range spec.Formats {
		for _, c := range decodetest.Cases(format) {
			f.Add([]byte(c.In), uint16(len(c.In)/2))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint16) {
		c := 0
		if len(in) > 0 {
			c = int(cut) % (len(in) + 1)
		}
		for _, format := range spec.Formats {
			Decode(format, in, spec.Limits{MaxFrameBytes: 64})
		}
		// A cut inside a BOM before the first non-space byte hits a known
		// bug (TestFramingDetectionWaitsForSplitBOM); leave it to that test.
		first := len(in) - len(bytes.TrimLeft(in, " \t\r\n"))
		if first < len(in) && in[first] == 0xEF && c < first+3 {
			return
		}
		for _, format := range []spec.Format{spec.FormatGemini, spec.FormatOllama} {
			lim := spec.Limits{MaxFrameBytes: 64}
			whole := framingFeed(t, framingRecorded(format, lim), [][]byte{in})
			got := framingFeed(t, framingRecorded(format, lim), framingSplit(in, c))
			if !framingEqual(got, whole) {
				t.Fatalf("%s %q cut at %d:\n got\n%s want\n%s", format, in, c, got, whole)
			}
		}
	})
}

// framingPayloads returns the payloads of a capture: the data of each SSE
// event, or each non-blank line.
func framingPayloads(t *testing.T, f spec.Format, in []byte) [][]byte {
	t.Helper()
	d := NewDecoder(f, spec.Limits{})
	d.pd = framingRecorder{}
	evs, v := d.Write(in)
	if v == nil {
		var rest []spec.Event
		rest, v = d.Close()
		evs = append(evs, rest...)
	}
	if v != nil {
		t.Fatalf("framing: %v", v)
	}
	var out [][]byte
	for _, ev := range evs {
		if ev.Kind == spec.KindText {
			out = append(out, []byte(ev.Data))
		}
	}
	return out
}

// framingKeys are member names of the Ollama and Gemini payloads, added at
// random by framingConfuse.
var framingKeys = []string{
	"error", "message", "status", "content", "thinking", "tool_calls", "id", "function", "name", "arguments", "done", "done_reason",
	"candidates", "index", "parts", "text", "thought", "thoughtSignature", "functionCall", "args", "partialArgs", "jsonPath",
	"stringValue", "numberValue", "boolValue", "nullValue", "willContinue", "finishReason",
}

// framingValue returns a random JSON value of a random type.
func framingValue(rng *rand.Rand) any {
	switch rng.IntN(10) {
	case 0:
		return nil
	case 1:
		return rng.IntN(2) == 0
	case 2:
		return []any{0.5, -3, 1e300, 7}[rng.IntN(4)]
	case 3:
		return ""
	case 4:
		return "s"
	case 5:
		return []any{}
	case 6:
		return []any{nil, map[string]any{}}
	case 7:
		return map[string]any{}
	case 8:
		return map[string]any{framingKeys[rng.IntN(len(framingKeys))]: framingValue(rng)}
	}
	return []any{map[string]any{framingKeys[rng.IntN(len(framingKeys))]: "x"}}
}

// framingConfuse returns v with some members and elements replaced by
// values of random types and some known members added.
func framingConfuse(rng *rand.Rand, v any) any {
	if rng.IntN(12) == 0 {
		return framingValue(rng)
	}
	switch x := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, e := range x {
			m[k] = framingConfuse(rng, e)
		}
		if rng.IntN(4) == 0 {
			m[framingKeys[rng.IntN(len(framingKeys))]] = framingValue(rng)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = framingConfuse(rng, e)
		}
		return a
	}
	return v
}

// framingTypeConfusion runs mutated versions of the payloads of the
// format's captures through pd: no panic, and a violation is a terminal
// FRAME-4 or FRAME-6 with no events.
func framingTypeConfusion(t *testing.T, f spec.Format, pd func() payloadDecoder) {
	caps := framingCaptures(t, f)
	rng := rand.New(rand.NewPCG(11, 12))
	n := 0
	for _, path := range caps[f] {
		in, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range framingPayloads(t, f, in) {
			var v any
			if err := json.Unmarshal(p, &v); err != nil {
				t.Fatalf("%s: %v", filepath.Base(path), err)
			}
			for i := 0; i < 30; i++ {
				b, err := json.Marshal(framingConfuse(rng, v))
				if err != nil {
					t.Fatal(err)
				}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panic on %s: %v", b, r)
						}
					}()
					evs, viol := pd().decodeFrame(frame{no: 1, data: b})
					if viol != nil {
						n++
						if (viol.Rule != spec.FramePayload && viol.Rule != spec.FrameFieldType) || viol.Class != spec.ClassTerminal || evs != nil {
							t.Fatalf("on %s: violation %v with events %v", b, viol, evs)
						}
					}
				}()
			}
		}
	}
	if n == 0 {
		t.Errorf("no mutation was rejected: the mutator is not doing its job")
	}
}
