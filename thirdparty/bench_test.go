package thirdparty

import (
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
)

// BenchmarkCompare runs every workload (and the local stream of every
// format internal/workload has none of) through impl.Reassemble and
// through what the users of its format run, side by side, as
// sub-benchmarks named <workload>/<library>. Every library reads the same
// raw wire bytes, so MB/s (wire bytes per second) compare directly.
// TestCompareCorrect checks that each run measured is correct.
func BenchmarkCompare(b *testing.B) {
	for _, s := range workloadStreams() {
		benchStream(b, s)
	}
}

// BenchmarkCaptures does the same on every shared capture that is a whole
// success (TestCompareCaptures checks them): small real streams, named
// capture-<format>-<file>/<library>.
func BenchmarkCaptures(b *testing.B) {
	caps, err := captureStreams()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range caps {
		if !s.fails {
			benchStream(b, s)
		}
	}
}

// benchStream runs the sub-benchmark of s for each library of its format.
// Each library's fold is measured (decoding and accumulation as its users
// run them), never the conversion to the common result shape; impl runs
// as impl.Reassemble alone, the production entry point.
func benchStream(b *testing.B, s stream) {
	raw := s.raw
	b.Run(s.name, func(b *testing.B) {
		for _, lib := range libraries(s.format, raw) {
			b.Run(lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(raw)))
				b.ReportAllocs()
				if lib.name == "impl" {
					for b.Loop() {
						impl.Reassemble(s.format, raw, spec.Limits{})
					}
					return
				}
				for b.Loop() {
					if _, err := lib.fold(raw); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	})
}
