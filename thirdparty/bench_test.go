package thirdparty

import (
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spec"
)

// BenchmarkCompare runs every workload through impl.Reassemble and through
// the SDK of its format, side by side. Every library reads the same raw
// wire bytes, so MB/s (wire bytes per second) compare directly.
// TestCompareCorrect checks that each run measured is correct. Only the
// workloads of formats with an SDK (see libraries) run here; impl alone
// runs on every workload in package impl's benchmarks.
func BenchmarkCompare(b *testing.B) {
	for _, w := range workload.All() {
		if !hasSDK(w) {
			continue
		}
		raw := w.Raw()
		b.Run(w.Name, func(b *testing.B) {
			b.Run("impl", func(b *testing.B) {
				b.SetBytes(int64(len(raw)))
				b.ReportAllocs()
				for b.Loop() {
					impl.Reassemble(w.Format, raw, spec.Limits{})
				}
			})
			switch w.Format {
			case spec.FormatOpenAIChat:
				b.Run("openai-go", func(b *testing.B) {
					b.SetBytes(int64(len(raw)))
					b.ReportAllocs()
					for b.Loop() {
						if _, err := runOpenAI(raw); err != nil {
							b.Fatal(err)
						}
					}
				})
			case spec.FormatAnthropic:
				b.Run("anthropic-sdk-go", func(b *testing.B) {
					b.SetBytes(int64(len(raw)))
					b.ReportAllocs()
					for b.Loop() {
						if _, err := runAnthropic(raw); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
