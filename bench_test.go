package toolspec_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/workload"
)

// BenchmarkEvents measures what events cost on every workload: "outcome"
// writes the wire bytes and closes; "callback" adds an OnEvent that does
// nothing; "iterator" ranges over Events. Compare the three in one run.
func BenchmarkEvents(b *testing.B) {
	for _, w := range workload.All() {
		raw := w.Raw()
		run := func(name string, f func()) {
			b.Run(w.Name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(raw)))
				b.ReportAllocs()
				for range b.N {
					f()
				}
			})
		}
		run("outcome", func() {
			a := toolspec.New(w.Format, toolspec.Limits{})
			_, _ = a.Write(raw)
			a.Close()
		})
		run("callback", func() {
			a := toolspec.New(w.Format, toolspec.Limits{})
			n := 0
			a.OnEvent(func(toolspec.Event) { n++ })
			_, _ = a.Write(raw)
			a.Close()
		})
		run("iterator", func() {
			a := toolspec.New(w.Format, toolspec.Limits{})
			for range a.Events(context.Background(), bytes.NewReader(raw)) {
			}
			a.Close()
		})
	}
}
