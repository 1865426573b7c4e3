package impl

import (
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spec"
)

// The benchmarks run every workload of package internal/workload; `make
// bench` runs BenchmarkImplWire and BenchmarkFloor with the SDK comparison
// of the nested module thirdparty and prints one table of them
// (internal/benchtable). TestWorkloadsReassemble checks that each run they
// measure is correct.

// BenchmarkImplWire reassembles each workload from its raw wire bytes.
// Throughput is wire bytes per second.
func BenchmarkImplWire(b *testing.B) {
	for _, w := range workload.All() {
		b.Run(w.Name, func(b *testing.B) {
			raw := w.Raw()
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				Reassemble(w.Format, raw, spec.Limits{})
			}
		})
	}
}

// BenchmarkFloor runs each workload's Floor: one scan of the wire bytes
// for the frame delimiters and one copy of the bulk bytes, the least any
// reassembler must do. Throughput is wire bytes per second, so its MB/s
// compare directly with BenchmarkImplWire's.
func BenchmarkFloor(b *testing.B) {
	for _, w := range workload.All() {
		b.Run(w.Name, func(b *testing.B) {
			raw := w.Raw()
			dst := make([]byte, 0, w.BulkBytes())
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for range b.N {
				var k int
				k, dst = w.Floor(dst[:0])
				n += k
			}
			if n < b.N {
				b.Fatalf("Floor counted %d delimiters in %d runs", n, b.N)
			}
		})
	}
}

// BenchmarkImplPayload reassembles each workload from its decoded
// payloads, one PushPayload per SSE event. Throughput is payload bytes per
// second.
func BenchmarkImplPayload(b *testing.B) {
	for _, w := range workload.All() {
		b.Run(w.Name, func(b *testing.B) {
			ps := w.Payloads()
			b.SetBytes(int64(w.PayloadBytes()))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				a := New(w.Format, spec.Limits{})
				for _, p := range ps {
					_ = a.PushPayload(p.Event, p.Data)
				}
				a.Close()
			}
		})
	}
}

// BenchmarkSmallWrites feeds one long Ollama line one byte per Write: the
// cost per byte must not grow with the line (no rescans of the pending
// frame). Compare the ns/op per byte of the sizes in one run.
func BenchmarkSmallWrites(b *testing.B) {
	for _, n := range []int{32 << 10, 512 << 10} {
		line := []byte(`{"message":{"content":"` + strings.Repeat("x", n) + `"},"done":false}` + "\n")
		b.Run(strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			for i := 0; i < b.N; i++ {
				a := New(spec.FormatOllama, spec.Limits{})
				for j := range line {
					_, _ = a.Write(line[j : j+1])
				}
				a.Close()
			}
		})
	}
}
