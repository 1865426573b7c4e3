package fuzz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/internal/rapidfuzz"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file holds every fuzz target of the package and what only they use,
// and needs nothing of the package's other test files: OSS-Fuzz's build
// (.clusterfuzzlite/build.sh) compiles a target's file alone, turned into
// a non-test file of the package with its testing package replaced, so
// the comparisons and properties the targets share live in the non-test
// files. The rapid properties run through rapidfuzz.Check, not
// rapid.MakeFuzz, whose function the engine cannot call. Each target's name
// is its own: no name begins another's.

// FuzzWire: on any bytes in any format, impl gives the model's outcome,
// whole and in chunks of a fuzzed size. The corpus is seeded from every
// scenario, capture and shared decoder case.
func FuzzWire(f *testing.F) {
	for _, in := range append(corpus(f), decodeCases()...) {
		f.Add(formatIndex(in.f), in.data, uint8(7))
	}
	f.Fuzz(func(t *testing.T, fi uint8, data []byte, chunk uint8) {
		in := input{"fuzz", spec.Formats[int(fi)%len(spec.Formats)], spec.Limits{}, data}
		compareWire(t, in, []int{int(chunk%64) + 1})
	})
}

// FuzzSmallLimits is FuzzWire under small limits, so that every budget
// rule is reached.
func FuzzSmallLimits(f *testing.F) {
	for _, in := range append(corpus(f), decodeCases()...) {
		f.Add(formatIndex(in.f), in.data, uint8(3), uint16(200))
	}
	f.Fuzz(func(t *testing.T, fi uint8, data []byte, chunk uint8, lim uint16) {
		l := int(lim) + 1
		in := input{"fuzz", spec.Formats[int(fi)%len(spec.Formats)], spec.Limits{
			MaxCalls: l%5 + 1, MaxArgBytes: l, MaxResponseBytes: 2 * l, MaxIDBytes: l%40 + 1, MaxNameBytes: l%40 + 1,
			MaxFrameBytes: 4 * l, MaxItems: l%9 + 1, MaxMessages: l%3 + 1, MaxChoices: l%3 + 1, NoParallel: l%2 == 0,
		}, data}
		compareWire(t, in, []int{int(chunk%64) + 1})
	})
}

// FuzzChunking: impl's outcome does not depend on how the bytes are split.
func FuzzChunking(f *testing.F) {
	for _, in := range append(corpus(f), decodeCases()...) {
		f.Add(formatIndex(in.f), in.data, []byte{1, 5, 2})
	}
	f.Fuzz(func(t *testing.T, fi uint8, data []byte, cuts []byte) {
		fm := spec.Formats[int(fi)%len(spec.Formats)]
		whole := impl.Reassemble(fm, data, spec.Limits{})
		sizes := []int{1}
		for _, c := range cuts {
			sizes = append(sizes, int(c)+1)
		}
		sameOutcomes(t, fmt.Sprintf("chunks %v change the outcome (first: whole, second: chunked)", sizes), whole, reassembleChunked(fm, spec.Limits{}, data, sizes))
	})
}

// FuzzNoPanic: arbitrary bytes in every format give an outcome, never a
// panic, and the bytes held stay within the limits.
func FuzzNoPanic(f *testing.F) {
	f.Add([]byte("data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0}]}}]}\n\n"))
	f.Add([]byte{0, 0, 0, 16, 0, 0, 0, 0})
	for _, in := range decodeCases() {
		f.Add(in.data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := spec.Limits{MaxArgBytes: 64, MaxResponseBytes: 256, MaxFrameBytes: 512}
		for _, fm := range spec.Formats {
			o := impl.Reassemble(fm, data, lim)
			for _, c := range o.Calls {
				// A rebuilt Vertex object adds quotes and braces to the
				// bytes charged; nothing else may exceed the limit.
				if len(c.Args) > 3*64 {
					t.Fatalf("%s: call holds %d bytes over a 64-byte limit", fm, len(c.Args))
				}
				if c.Status == spec.StatusOpen {
					t.Fatalf("%s: call %d is still open after Close", fm, c.Ordinal)
				}
			}
		}
	})
}

// FuzzGenValid is TestGenValidModel and TestGenValidImpl driven by the
// fuzzer, over every format.
func FuzzGenValid(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte) {
		rapidfuzz.Check(t, input, func(t *rapid.T) {
			fm := drawFormat(t)
			checkGenValidModel(t, fm)
			checkGenValidImpl(t, fm)
		})
	})
}

// FuzzGenMutated is TestGenMutatedImpl driven by the fuzzer, over every
// format.
func FuzzGenMutated(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte) {
		rapidfuzz.Check(t, input, func(t *rapid.T) {
			checkGenMutatedImpl(t, drawFormat(t))
		})
	})
}

// FuzzGenShapes is TestGenCut and TestGenForeign driven by the fuzzer.
func FuzzGenShapes(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte) {
		rapidfuzz.Check(t, input, func(t *rapid.T) {
			fm := drawFormat(t)
			checkGenCut(t, fm)
			checkGenForeign(t, fm)
		})
	})
}

// FuzzEvents is TestEventsModelEqualsImpl driven by the fuzzer.
func FuzzEvents(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte) { rapidfuzz.Check(t, input, checkEvents) })
}

// FuzzGenOutcomeJSON is TestOutcomeJSONGen driven by the fuzzer.
func FuzzGenOutcomeJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte) { rapidfuzz.Check(t, input, checkOutcomeJSONGen) })
}

// FuzzOutcomeJSON: any bytes either fail to decode as an outcome, leaving
// the outcome decoded into as it was, or decode to one that encodes, and
// decodes again to the same outcome and the same bytes. JSON null decodes
// and leaves the outcome as it was (as encoding/json does for null), so the
// bytes are decoded into a valid outcome, not the zero one, whose JSON
// ("format": "") does not decode. Seeded with the JSON of every scenario's
// and capture's outcome.
func FuzzOutcomeJSON(f *testing.F) {
	seeds, err := outcomeJSONSeeds()
	if err != nil {
		f.Fatal(err)
	}
	for _, b := range seeds {
		f.Add(b)
	}
	prior := spec.Outcome{Format: spec.FormatAnthropic, Messages: 1, Tail: "prior"}
	f.Fuzz(func(t *testing.T, data []byte) {
		o := prior
		if err := json.Unmarshal(data, &o); err != nil {
			if d := diffValues("Outcome", prior, o); d != "" {
				t.Fatalf("a decoding that failed (%v) changed the outcome: %s", err, d)
			}
			return
		}
		b, err := encodeOutcome(o)
		if err != nil {
			t.Fatalf("an outcome that decoded does not encode: %v\n%s", err, o)
		}
		var again spec.Outcome
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatalf("the JSON of a decoded outcome does not decode: %v\n%s", err, b)
		}
		if d := diffValues("Outcome", o, again); d != "" {
			t.Fatalf("decoded, encoded and decoded again, the outcome changed: %s\n%s", d, b)
		}
		if b2, _ := encodeOutcome(again); !bytes.Equal(b, b2) {
			t.Fatalf("encoding is not stable:\n%s\n%s", b, b2)
		}
	})
}

// outcomeJSONSeeds is the JSON of impl's outcome of every scenario and
// capture, made once per process (an OSS-Fuzz build runs FuzzOutcomeJSON's
// whole body on every input).
var outcomeJSONSeeds = sync.OnceValues(func() ([][]byte, error) {
	in, err := readCorpus()
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, c := range in {
		b, err := encodeOutcome(impl.Reassemble(c.f, c.data, c.lim))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.name, err)
		}
		out = append(out, b)
	}
	return out, nil
})

// FuzzHistoryModelImpl: on any bytes as a history document of any format
// impl has a codec for, impl decodes, checks, repairs, encodes and
// translates as the model does; and the fuzzer's bytes drive the draws of
// the generated-history differential (TestHistoryModelImpl). Seeded with
// every history scenario's document.
func FuzzHistoryModelImpl(f *testing.F) {
	for _, sc := range histories(f) {
		fm := sc.Format
		if sc.Translation() {
			fm = sc.From
		}
		f.Add(formatIndex(fm), sc.Doc, []byte(nil))
	}
	f.Fuzz(func(t *testing.T, fi uint8, doc []byte, draws []byte) {
		fm := spec.Formats[int(fi)%len(spec.Formats)]
		compareHistoryDoc(t, fm, doc)
		if len(draws) > 0 {
			rapidfuzz.Check(t, draws, historyProp)
		}
	})
}
