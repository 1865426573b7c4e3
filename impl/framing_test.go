package impl

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// framingPieces draws an input of the three framings, with frames and
// lines around the frame limit lim: SSE events of one or many data lines
// (CR, LF and CRLF line ends, comments, event names; the data of some is
// one JSON text, of others white space in many short lines), JSON lines,
// white space before the first frame, and Bedrock event-stream messages.
func framingPieces(rng *rand.Rand, f spec.Format, lim int) []byte {
	var b []byte
	xs := func() string { return strings.Repeat("x", rng.IntN(lim+2)) }
	eol := func() string { return []string{"\n", "\r", "\r\n"}[rng.IntN(3)] }
	b = append(b, strings.Repeat(" \n", rng.IntN(lim/4+2))...)
	switch {
	case f == spec.FormatBedrock && rng.IntN(2) == 0:
		for range rng.IntN(6) {
			payload := `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"` + xs() + `"}}}`
			if rng.IntN(4) == 0 {
				payload = xs()
			}
			start := len(b)
			b = binary.BigEndian.AppendUint32(b, uint32(16+len(payload)))
			b = binary.BigEndian.AppendUint32(b, 0)
			b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:start+8]))
			b = append(b, payload...)
			b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
		}
	case f == spec.FormatOllama || rng.IntN(3) == 0:
		for range rng.IntN(8) {
			switch rng.IntN(4) {
			case 0:
				b = append(b, "  \r\n"...)
			default:
				b = append(b, `{"message":{"content":"`+xs()+`"},"choices":[{"delta":{"content":"`+xs()+`"}}]}`+"\n"...)
			}
		}
	default:
		// A chunk whose data lines, joined by LF, are one JSON text.
		data := []string{`{"choices":[`, `{"index":0,`, `"delta":{"content":"` + xs() + `"}}`, `]}`}
		for range rng.IntN(8) {
			if rng.IntN(4) == 0 {
				b = append(b, ": "+xs()+eol()...)
			}
			if rng.IntN(4) == 0 {
				b = append(b, "event: "+xs()+eol()...)
			}
			for i := 0; i < len(data); {
				j := i + 1 + rng.IntN(len(data)-i)
				b = append(b, "data: "+strings.Join(data[i:j], "")+eol()...)
				i = j
			}
			if rng.IntN(3) == 0 {
				// Many short data lines, near the limit or past it.
				for n := rng.IntN(lim + lim/2); n > 0; {
					line := "data: " + strings.Repeat(" ", rng.IntN(60)) + eol()
					b = append(b, line...)
					n -= len(line)
				}
			}
			b = append(b, eol()...)
		}
	}
	return b
}

// TestFramerHoldsAtMostBound: whatever the input and however it is
// written, the framer's buffer and an SSE event's data never have room for
// more than the frame limit and one byte (bound), and the outcome is the
// one of the whole input written at once (BUD-5). Events of many lines
// over many writes included.
func TestFramerHoldsAtMostBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	n := 400
	if testing.Short() {
		n = 80
	}
	seen := map[spec.RuleID]int{}
	for _, f := range spec.Formats {
		for i := range n {
			// Small limits, and limits whose quarter is more than the
			// first allocation (minGrow), so that the buffers double.
			lim := spec.Limits{MaxFrameBytes: 16 + rng.IntN(120)}
			if i%2 == 1 {
				lim.MaxFrameBytes = 1000 + rng.IntN(3200)
			}
			in := framingPieces(rng, f, lim.MaxFrameBytes)
			want := Reassemble(f, in, lim).String()
			a := New(f, lim)
			bound := a.fr.bound()
			var sizes []int
			for rest := in; len(rest) > 0; {
				k := min(len(rest), 1+rng.IntN(3*lim.MaxFrameBytes))
				sizes = append(sizes, k)
				_, err := a.Write(rest[:k])
				rest = rest[k:]
				if c, d := cap(a.fr.buf), cap(a.fr.sseData); c > bound || d > bound {
					t.Fatalf("%s #%d (limit %d): after writes %v the buffer has room for %d bytes, the event data %d: more than %d\ninput %q",
						f, i, lim.MaxFrameBytes, sizes, c, d, bound, in)
				}
				if err != nil {
					break
				}
			}
			out := a.Close()
			if len(out.Violations) > 0 {
				seen[out.Violations[0].Rule]++
			} else {
				seen["none"]++
			}
			if got := out.String(); got != want {
				t.Fatalf("%s #%d (limit %d): written %v:\n%s\nwhole:\n%s\ninput %q", f, i, lim.MaxFrameBytes, sizes, got, want, in)
			}
		}
	}
	t.Logf("outcomes by first violation: %v", seen)
	if seen[spec.BudFrame] == 0 || seen["none"] == 0 {
		t.Errorf("the inputs never or always break BUD-5: %v", seen)
	}
}

// TestFrameRefusedBeforeKept: a frame over the limit whose end is not in
// the write that shows it too long is refused before its bytes are kept,
// and after the violation the framer keeps nothing, also when the whole
// frame came in one write.
func TestFrameRefusedBeforeKept(t *testing.T) {
	const limit = 64
	lim := spec.Limits{MaxFrameBytes: limit}
	for _, tc := range []struct {
		name   string
		f      spec.Format
		first  string
		second string
	}{
		{"JSON line", spec.FormatOllama, `{"message":{"content":"`, strings.Repeat("x", limit)},
		{"SSE line", spec.FormatOpenAIChat, `data: {"choices":[`, strings.Repeat("x", limit)},
		{"SSE event of many lines", spec.FormatOpenAIChat, "data: a\ndata: b\ndata: c\ndata: ", strings.Repeat("x", limit-20)},
	} {
		a := New(tc.f, lim)
		if _, err := a.Write([]byte(tc.first)); err != nil {
			t.Fatalf("%s: first write: %v", tc.name, err)
		}
		_, err := a.Write([]byte(tc.second))
		v, _ := err.(*spec.Violation)
		if v == nil || v.Rule != spec.BudFrame || v.Offset != 0 {
			t.Errorf("%s: second write: %v, want BUD-5 at offset 0", tc.name, err)
		}
		if a.fr.buf != nil {
			t.Errorf("%s: the framer keeps %d bytes (room for %d) after the violation", tc.name, len(a.fr.buf), cap(a.fr.buf))
		}
		whole := Reassemble(tc.f, []byte(tc.first+tc.second), lim)
		if out := a.Close(); out.String() != whole.String() {
			t.Errorf("%s: written in two:\n%s\nwhole:\n%s", tc.name, out, whole)
		}
		// Written at once, the frame is refused where it lies: nothing
		// of the write is kept.
		a = New(tc.f, lim)
		if _, err := a.Write([]byte(tc.first + tc.second)); err == nil || a.fr.buf != nil {
			t.Errorf("%s: one write: %v, and the framer keeps %d bytes (room for %d)", tc.name, err, len(a.fr.buf), cap(a.fr.buf))
		}
	}
	// An event-stream message's buffer, once it must grow past its first
	// allocation, grows once, to the length its prelude says.
	msg := binary.BigEndian.AppendUint32(nil, 16+1000)
	msg = binary.BigEndian.AppendUint32(msg, 0)
	msg = binary.BigEndian.AppendUint32(msg, crc32.ChecksumIEEE(msg))
	msg = append(msg, bytes.Repeat([]byte("x"), 1000)...)
	msg = binary.BigEndian.AppendUint32(msg, crc32.ChecksumIEEE(msg))
	a := New(spec.FormatBedrock, spec.Limits{MaxFrameBytes: 4096})
	for i := range msg[:len(msg)-1] {
		if _, err := a.Write(msg[i : i+1]); err != nil {
			t.Fatal(err)
		}
		if c := cap(a.fr.buf); (i < minGrow && c != minGrow) || (i >= minGrow && c != len(msg)) {
			t.Fatalf("after %d bytes of a message of %d, the buffer has room for %d", i+1, len(msg), c)
		}
	}
}
