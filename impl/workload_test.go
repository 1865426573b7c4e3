package impl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spec"
)

// checkWorkload compares an outcome with what a correct reassembly of w
// yields: every call complete with its id, name and arguments, the text and
// thinking whole, the stop reason, and no violation.
func checkWorkload(w *workload.Workload, o spec.Outcome) error {
	want := w.Want()
	var errs []string
	for _, v := range o.Violations {
		errs = append(errs, "violation: "+v.String())
	}
	if len(o.Calls) != len(want.Calls) {
		errs = append(errs, fmt.Sprintf("%d calls, want %d", len(o.Calls), len(want.Calls)))
	}
	for i := 0; i < len(o.Calls) && i < len(want.Calls); i++ {
		c, wc := o.Calls[i], want.Calls[i]
		if c.Status != spec.StatusComplete || c.ID != wc.ID || c.Name != wc.Name || c.Args != wc.Args {
			errs = append(errs, fmt.Sprintf("call %d: %s id=%q name=%q %d argument bytes (equal: %v); want complete id=%q name=%q %d bytes",
				i, c.Status, c.ID, c.Name, len(c.Args), c.Args == wc.Args, wc.ID, wc.Name, len(wc.Args)))
		}
	}
	var text, thinking strings.Builder
	for _, it := range o.Items {
		switch it.Kind {
		case spec.ItemText:
			text.WriteString(it.Text)
		case spec.ItemThinking:
			thinking.WriteString(it.Text)
		}
	}
	if text.String() != want.Text {
		errs = append(errs, fmt.Sprintf("text: %d bytes, want %d (equal: false)", text.Len(), len(want.Text)))
	}
	if thinking.String() != want.Thinking {
		errs = append(errs, fmt.Sprintf("thinking: %d bytes, want %d (equal: false)", thinking.Len(), len(want.Thinking)))
	}
	if o.Messages != 1 || o.StopReason() != want.Stop {
		errs = append(errs, fmt.Sprintf("%d messages, stop %q; want 1, %q", o.Messages, o.StopReason(), want.Stop))
	}
	if errs == nil {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(errs, "\n"))
}

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

// TestWorkloadsReassemble checks that impl reassembles every benchmark
// workload correctly, from the wire bytes (whole and in 4 KiB writes) and
// from the decoded payloads, so the benchmarks measure correct runs.
func TestWorkloadsReassemble(t *testing.T) {
	for _, w := range workload.All() {
		if testing.Short() && w.Size > 256*workload.KiB {
			continue
		}
		t.Run(w.Name, func(t *testing.T) {
			if err := checkWorkload(w, Reassemble(w.Format, w.Raw(), spec.Limits{})); err != nil {
				t.Errorf("Reassemble:\n%v", err)
			}
			a := New(w.Format, spec.Limits{})
			raw := w.Raw()
			for len(raw) > 0 {
				n := min(len(raw), 4<<10)
				if _, err := a.Write(raw[:n]); err != nil {
					break
				}
				raw = raw[n:]
			}
			if err := checkWorkload(w, a.Close()); err != nil {
				t.Errorf("Write in 4 KiB pieces:\n%v", err)
			}
			if err := checkWorkload(w, pushPayloads(w)); err != nil {
				t.Errorf("PushPayload:\n%v", err)
			}
		})
	}
}

// maxExtraAllocs is how many more allocations reassembling a 1 MiB
// workload may make than its 16 KiB variant. Growing a buffer geometrically
// from 16 KiB to 1 MiB takes about 20 reallocations (append grows large
// slices by 1.25x); the 1 MiB stream has 64 times as many frames, so any
// per-frame allocation overshoots this by thousands.
const maxExtraAllocs = 32

// TestAllocsScaleWithCalls checks that allocations grow with calls and
// blocks, not with frames: Reassemble of each 1 MiB workload allocates
// fewer than 100 times, and at most maxExtraAllocs more than its 16 KiB
// variant.
func TestAllocsScaleWithCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("reassembles 1 MiB workloads several times")
	}
	for _, big := range workload.All() {
		if big.Size != workload.MiB {
			continue
		}
		small := workload.ByName(strings.Replace(big.Name, "1MiB", "16KiB", 1))
		if small == nil {
			t.Fatalf("%s has no 16 KiB variant", big.Name)
		}
		t.Run(big.Name, func(t *testing.T) {
			allocs := func(w *workload.Workload) float64 {
				raw := w.Raw()
				return testing.AllocsPerRun(3, func() { Reassemble(w.Format, raw, spec.Limits{}) })
			}
			nb, ns := allocs(big), allocs(small)
			t.Logf("Reassemble allocs/op: %s %.0f, %s %.0f", big.Name, nb, small.Name, ns)
			pb := testing.AllocsPerRun(1, func() { pushPayloads(big) })
			t.Logf("PushPayload allocs/op: %s %.0f", big.Name, pb)
			if pb >= 100 {
				t.Errorf("%s: %.0f allocations when pushing decoded payloads, want < 100", big.Name, pb)
			}
			if nb >= 100 {
				t.Errorf("%s: %.0f allocations per Reassemble, want < 100", big.Name, nb)
			}
			if nb > ns+maxExtraAllocs {
				t.Errorf("%s: %.0f allocations per Reassemble, %s %.0f: more than %d apart", big.Name, nb, small.Name, ns, maxExtraAllocs)
			}
		})
	}
}
