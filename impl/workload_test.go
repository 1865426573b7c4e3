package impl

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/invariants"
	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spec"
)

// pushPayloads reassembles w from its decoded payloads.
func pushPayloads(w *workload.Workload) spec.Outcome {
	a := New(w.Format, spec.Limits{})
	for _, p := range w.Payloads() {
		if a.PushPayload(p.Event, p.Data) != nil {
			break
		}
	}
	return a.Close()
}

// writeInPieces reassembles w from its wire bytes in writes of n bytes.
func writeInPieces(w *workload.Workload, n int) spec.Outcome {
	a := New(w.Format, spec.Limits{})
	raw := w.Raw()
	for len(raw) > 0 {
		k := min(len(raw), n)
		if _, err := a.Write(raw[:k]); err != nil {
			break
		}
		raw = raw[k:]
	}
	return a.Close()
}

// TestWorkloadsReassemble checks that impl reassembles every benchmark
// workload, of every format, exactly into its Want: from the wire bytes
// (whole and in 4 KiB writes) and from the decoded payloads, so the
// benchmarks measure correct runs.
func TestWorkloadsReassemble(t *testing.T) {
	formats := map[spec.Format]bool{}
	for _, w := range workload.All() {
		formats[w.Format] = true
		if testing.Short() && w.Size > 256*workload.KiB {
			continue
		}
		t.Run(w.Name, func(t *testing.T) {
			if err := w.Check(Reassemble(w.Format, w.Raw(), spec.Limits{})); err != nil {
				t.Errorf("Reassemble:\n%v", err)
			}
			if err := w.Check(writeInPieces(w, 4<<10)); err != nil {
				t.Errorf("Write in 4 KiB pieces:\n%v", err)
			}
			if err := w.Check(pushPayloads(w)); err != nil {
				t.Errorf("PushPayload:\n%v", err)
			}
		})
	}
	for _, f := range spec.Formats {
		if !formats[f] {
			t.Errorf("no workload of format %s", f)
		}
	}
}

// Allocation bounds. Growing one buffer geometrically from 1/16 of its
// size takes a handful of reallocations, and from 16 KiB to 1 MiB about 20
// (append grows large slices by 1.25x), so a workload may allocate at most
// extraAllocsPerCall more per call (and per text or thinking block) than
// its twin with 1/16 of its bulk, which has 1/16 of its frames: one
// allocation per frame overshoots this by thousands on the large
// workloads. Each call may cost at most allocsPerCall allocations.
const (
	extraAllocsPerCall = 32
	allocsPerCall      = 48
)

// allocs returns the allocations of one Reassemble and of one run of
// PushPayload of w's payloads.
func allocs(w *workload.Workload) (reassemble, push float64) {
	raw := w.Raw()
	reassemble = testing.AllocsPerRun(1, func() { Reassemble(w.Format, raw, spec.Limits{}) })
	push = testing.AllocsPerRun(1, func() { pushPayloads(w) })
	return reassemble, push
}

// allocsKnownFailures are the workloads on which impl is known to allocate
// beyond the bounds, with what does it. TestAllocsScaleWithCalls logs
// their numbers instead of failing, and fails when one of them is within
// the bounds again, so that the list only ever shrinks.
var allocsKnownFailures = map[string]string{
	// None at present.
}

// TestAllocsScaleWithCalls checks, on every workload of every format, that
// allocations grow with calls and blocks, never with frames: a workload
// allocates at most extraAllocsPerCall more per call than its twin with
// 1/16 of its bulk in as many calls (and 1/16 of its frames), whether
// reassembled from the wire bytes or pushed as decoded payloads; and N
// calls cost at most allocsPerCall allocations each more than one call.
func TestAllocsScaleWithCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("reassembles every workload, 1 MiB ones included, several times")
	}
	if invariants.Enabled {
		t.Skip("the invariants build's checks allocate: only the normal build counts")
	}
	formats := map[spec.Format]bool{}
	one := map[string]float64{} // allocations of one call, by the name of its workload
	for _, w := range workload.All() {
		if w.Size/16 < 256 {
			continue
		}
		formats[w.Format] = true
		t.Run(w.Name, func(t *testing.T) {
			var problems []string
			small := w.WithSize(w.Size / 16)
			nb, pb := allocs(w)
			ns, ps := allocs(small)
			t.Logf("allocs/op: %s %.0f (push %.0f), %s %.0f (push %.0f)", w.Name, nb, pb, small.Name, ns, ps)
			extra := float64(extraAllocsPerCall * max(1, w.Calls+btoi(w.Kind != workload.KindArgs)))
			if nb > ns+extra {
				problems = append(problems, fmt.Sprintf("Reassemble: %s %.0f allocations, %s %.0f: more than %.0f apart", w.Name, nb, small.Name, ns, extra))
			}
			if pb > ps+extra {
				problems = append(problems, fmt.Sprintf("PushPayload: %s %.0f allocations, %s %.0f: more than %.0f apart", w.Name, pb, small.Name, ps, extra))
			}
			if w.Kind == workload.KindArgs && w.Calls > 1 {
				single := w.WithCalls(1)
				base, ok := one[single.Name]
				if !ok {
					base, _ = allocs(single)
					one[single.Name] = base
				}
				if limit := base + float64(allocsPerCall*(w.Calls-1)); nb > limit {
					problems = append(problems, fmt.Sprintf("%s: %.0f allocations for %d calls, one call %.0f: more than %d per call", w.Name, nb, w.Calls, base, allocsPerCall))
				}
			}
			why, known := allocsKnownFailures[w.Name]
			switch {
			case known && problems == nil:
				t.Errorf("%s is in allocsKnownFailures (%s) but within the bounds now: remove it", w.Name, why)
			case known:
				t.Logf("known failure (%s):\n%s", why, strings.Join(problems, "\n"))
			default:
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
	for name := range allocsKnownFailures {
		if w := workload.ByName(name); w == nil || w.Size/16 < 256 {
			t.Errorf("allocsKnownFailures lists %s, which is no workload this test checks", name)
		}
	}
	for _, f := range spec.Formats {
		if !formats[f] {
			t.Errorf("no workload of format %s", f)
		}
	}
}

// TestBytesScaleWithBulk checks, on every workload whose bulk (arguments,
// text or thinking) is at least 1 MiB, that Reassemble allocates at most
// maxBytesPerBulkByte bytes per bulk byte, plus maxBytesPerStream: the
// bulk is kept once in the machine (grown by doubling, so up to twice its
// size in all) and once in the outcome's strings; the decoded strings of a
// frame that repeats it whole (Responses' done events) take one more. A
// buffer grown by append's own 1.25x steps alone allocates about five
// times its final size. Read 32 KiB at a time (ReadFrom), a frame longer
// than that is held whole in the framer's buffer, which doubles up to
// twice the largest frame (about the bulk, on the streams whose frames
// repeat it whole): maxFramerBytesPerBulkByte more.
func TestBytesScaleWithBulk(t *testing.T) {
	if testing.Short() {
		t.Skip("reassembles every 1 MiB workload")
	}
	if invariants.Enabled {
		t.Skip("the invariants build's checks allocate: only the normal build counts")
	}
	const maxBytesPerBulkByte, maxFramerBytesPerBulkByte, maxBytesPerStream = 4.5, 4, 64 << 10
	n := 0
	for _, w := range workload.All() {
		bulk := w.Size * max(1, w.Calls)
		if bulk < 1<<20 {
			continue
		}
		n++
		t.Run(w.Name, func(t *testing.T) {
			raw := w.Raw()
			for _, how := range []string{"Reassemble", "ReadFrom"} {
				perByte := maxBytesPerBulkByte
				if how == "ReadFrom" {
					perByte += maxFramerBytesPerBulkByte
				}
				limit := uint64(perByte*float64(bulk)) + maxBytesPerStream
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				var o spec.Outcome
				if how == "Reassemble" {
					o = Reassemble(w.Format, raw, spec.Limits{})
				} else {
					// 32 KiB at a time: a frame larger than that
					// grows the framer's buffer.
					a := New(w.Format, spec.Limits{})
					if _, err := a.ReadFrom(struct{ io.Reader }{bytes.NewReader(raw)}); err != nil {
						t.Fatalf("ReadFrom: %v", err)
					}
					o = a.Close()
				}
				runtime.ReadMemStats(&after)
				if err := o.Err(); err != nil {
					t.Fatalf("%s: the workload does not reassemble: %v", how, err)
				}
				got := after.TotalAlloc - before.TotalAlloc
				t.Logf("%s: %d bytes allocated for %d bulk bytes (%.2f per byte)", how, got, bulk, float64(got)/float64(bulk))
				if got > limit {
					t.Errorf("%s: %d bytes allocated for %d bulk bytes: more than %d", how, got, bulk, limit)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no workload has 1 MiB of bulk")
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
