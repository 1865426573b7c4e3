package fuzz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// The properties of this file drive the reassemblers with wire bytes from
// package gen: valid streams, whose meaning gen knows (gen.Response), and
// mutated streams, whose meaning only the model knows. gen_test.go runs them
// under rapid.Check, fuzz_test.go under the fuzzer.

// drawFormat draws a format, each as often as the others.
func drawFormat(t *rapid.T) spec.Format {
	v := rapid.IntRange(0, 1<<30).Draw(t, "formatPick")
	return spec.Formats[int((uint64(v)*0x9E3779B97F4A7C15>>33)%uint64(len(spec.Formats)))]
}

func checkGenValidModel(t *rapid.T, f spec.Format) {
	r, data := gen.Valid(t, f)
	o := model.Reassemble(f, data, spec.Limits{})
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: %s\n--- input\n%s\n--- model\n%s", f, fmt.Sprintf(format, args...), showInput(data), o)
	}
	if len(o.Violations) > 0 {
		fail("a valid stream gave violations")
	}
	if o.Messages != len(r.Messages) {
		fail("messages: got %d, want %d", o.Messages, len(r.Messages))
	}
	want := r.ExpectedCalls()
	if len(o.Calls) != len(want) {
		fail("calls: got %d, want %d:\n%s", len(o.Calls), len(want), showCalls(want))
	}
	for i, w := range want {
		g := o.Calls[i]
		if g.Message != w.Message || g.Choice != w.Choice || g.ID != w.ID || g.Name != w.Name || g.Args != w.Args ||
			g.Status != w.Status || g.Kind != w.Kind || g.Server != w.Server || fmt.Sprint(g.Signatures) != fmt.Sprint(w.Signatures) ||
			g.Namespace != w.Namespace || g.ItemID != w.ItemID {
			fail("call %d: got %s, want %s", i, showCall(g), showCall(w))
		}
	}
	wantStops := r.ExpectedStops()
	if fmt.Sprint(o.Stops) != fmt.Sprint(wantStops) {
		fail("stops: got %v, want %v", o.Stops, wantStops)
	}
	if got, w := o.StopReason(), r.ExpectedStopReason(); got != w {
		fail("stop reason: got %q, want %q", got, w)
	}
	kinds := map[spec.ItemKind]gen.ItemKind{spec.ItemText: gen.ItemText, spec.ItemThinking: gen.ItemThinking, spec.ItemRedacted: gen.ItemRedacted, spec.ItemRefusal: gen.ItemRefusal}
	for m, msg := range r.Messages {
		for _, ch := range msg.Choices {
			for sk, gk := range kinds {
				var b strings.Builder
				for _, it := range o.Items {
					if it.Message == m && it.Choice == ch.Index && it.Kind == sk {
						b.WriteString(it.Text)
					}
				}
				if got, w := b.String(), r.ExpectedText(m, ch.Index, gk); got != w {
					fail("message %d choice %d %s: got %q, want %q", m, ch.Index, gk, got, w)
				}
			}
		}
	}
}

func checkGenValidImpl(t *rapid.T, f spec.Format) {
	_, data := gen.Valid(t, f)
	compareImpl(t, f, spec.Limits{}, data, nil)
}

func checkGenMutatedImpl(t *rapid.T, f spec.Format) {
	data, muts := gen.Mutated(t, f)
	compareImpl(t, f, genLimits(t), data, muts)
}

// genLimits draws default limits, or limits of which some are small, so
// that every budget is reached without one of them always ending the
// stream first.
func genLimits(t *rapid.T) spec.Limits {
	if rapid.Bool().Draw(t, "defaultLimits") {
		return spec.Limits{}
	}
	small := func(label string, lo, hi int) int {
		if rapid.IntRange(0, 2).Draw(t, label+"Set") > 0 {
			return 0 // the default
		}
		return rapid.IntRange(lo, hi).Draw(t, label)
	}
	return spec.Limits{
		MaxCalls:         small("maxCalls", 1, 6),
		MaxArgBytes:      small("maxArgBytes", 1, 200),
		MaxResponseBytes: small("maxResponseBytes", 1, 600),
		MaxIDBytes:       small("maxIDBytes", 1, 40),
		MaxNameBytes:     small("maxNameBytes", 1, 40),
		MaxFrameBytes:    small("maxFrameBytes", 16, 4000),
		MaxItems:         small("maxItems", 1, 10),
		MaxMessages:      small("maxMessages", 1, 3),
		MaxChoices:       small("maxChoices", 1, 3),
		NoParallel:       rapid.IntRange(0, 4).Draw(t, "noParallel") == 0,
	}
}

// compareImpl checks impl against the model on data, whole and in the
// chunks gen.Chunks draws; whole, what impl reports as it happens too
// (unless data is too large for the model's Step).
func compareImpl(t *rapid.T, f spec.Format, lim spec.Limits, data []byte, muts []string) {
	what := fmt.Sprintf("%s (mutations %v, limits %+v), input\n%s\n", f, muts, lim, showInput(data))
	var want spec.Outcome
	if len(data) <= maxOutputsInput {
		var wantOuts []spec.Output
		want, wantOuts = modelRun(f, lim, data)
		got, gotOuts := implRun(f, lim, data, nil)
		sameOutcome(t, what, want, got)
		sameOutputs(t, what, wantOuts, withoutFinishStop(want, wantOuts, gotOuts))
	} else {
		want = model.Reassemble(f, data, lim)
		sameOutcome(t, what, want, impl.Reassemble(f, data, lim))
	}
	chunks := coalesce(gen.Chunks(t, data), len(data)/64)
	a := impl.New(f, lim)
	for _, c := range chunks {
		if _, err := a.Write(c); err != nil {
			break
		}
	}
	sizes := make([]int, len(chunks))
	for i, c := range chunks {
		sizes[i] = len(c)
	}
	sameOutcome(t, fmt.Sprintf("%s (mutations %v, limits %+v) fed in chunks %v, input\n%s\n", f, muts, lim, sizes, showInput(data)), want, a.Close())
}

// coalesce merges neighbouring chunks until each holds at least n bytes
// (the last may hold fewer). Both framers rescan a partial frame on every
// write, so a large input (a huge-args mutation) fed byte by byte would
// take minutes; at most about 64 writes of such an input keep the property
// fast while every chunk boundary of a small input is kept.
func coalesce(chunks [][]byte, n int) [][]byte {
	if n < 256 {
		return chunks
	}
	var out [][]byte
	var cur []byte
	for _, c := range chunks {
		cur = append(cur, c...)
		if len(cur) >= n {
			out = append(out, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// showInput prints a stream for a failure message: text as it is, binary
// (the Bedrock event-stream) quoted.
func showInput(data []byte) string {
	const max = 8000
	s := string(data)
	if len(s) > max {
		s = s[:max] + "..."
	}
	if len(data) > 0 && data[0] < 0x09 {
		return strconv.Quote(s)
	}
	return s
}

func showCall(c spec.Call) string {
	return fmt.Sprintf("{msg %d choice %d id %q name %q namespace %q item %q args %q %s %s server=%v sigs=%q}", c.Message, c.Choice, c.ID, c.Name, c.Namespace, c.ItemID, c.Args, c.Status, c.Kind, c.Server, c.Signatures)
}

func showCalls(cs []spec.Call) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(showCall(c) + "\n")
	}
	return b.String()
}
