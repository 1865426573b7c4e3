package fuzz

import (
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// input is one stream to compare on.
type input struct {
	name string
	f    spec.Format
	lim  spec.Limits
	data []byte
}

const capturesDir = "../../shared/captures"

// corpus returns every scenario input and every shared capture (when the
// captures are present beside the repository).
func corpus(t testing.TB) []input {
	t.Helper()
	var out []input
	err := filepath.WalkDir("../spectest/testdata/scenarios", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(path, data)
		if err != nil {
			return err
		}
		out = append(out, input{strings.TrimPrefix(path, "../spectest/testdata/scenarios/"), sc.Format, sc.Limits, sc.Input})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range spec.Formats {
		files, _ := filepath.Glob(filepath.Join(capturesDir, string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, input{"capture " + string(f) + "/" + filepath.Base(p), f, spec.Limits{}, data})
		}
	}
	return out
}

// decodeCases returns the input of every shared decoder case
// (internal/decodetest), for the fuzz targets' corpora.
func decodeCases() []input {
	var out []input
	for _, f := range spec.Formats {
		for _, c := range decodetest.Cases(f) {
			out = append(out, input{"decoder case " + string(f) + "/" + c.Name.Name + " (" + c.Name.Where.String() + ")", f, c.Limits, []byte(c.In)})
		}
	}
	return out
}

// reassembleChunked feeds data to an impl Assembler in the given chunk
// sizes (cycled).
func reassembleChunked(f spec.Format, lim spec.Limits, data []byte, sizes []int) spec.Outcome {
	a := impl.New(f, lim)
	for i := 0; len(data) > 0; i++ {
		n := min(len(data), max(1, sizes[i%len(sizes)]))
		if _, err := a.Write(data[:n]); err != nil {
			break
		}
		data = data[n:]
	}
	return a.Close()
}

// compareWire checks impl against the model on one input, whole and
// chunked.
func compareWire(t testing.TB, in input, sizes []int) {
	t.Helper()
	want := model.Reassemble(in.f, in.data, in.lim)
	sameOutcome(t, in.name, want, impl.Reassemble(in.f, in.data, in.lim))
	sameOutcome(t, fmt.Sprintf("%s fed in chunks %v", in.name, sizes), want, reassembleChunked(in.f, in.lim, in.data, sizes))
}

// compareSplit checks impl, fed the input in two writes split at i,
// against the model.
func compareSplit(t testing.TB, in input, i int) {
	t.Helper()
	want := model.Reassemble(in.f, in.data, in.lim)
	a := impl.New(in.f, in.lim)
	if _, err := a.Write(in.data[:i]); err == nil {
		_, _ = a.Write(in.data[i:])
	}
	sameOutcome(t, fmt.Sprintf("%s fed in two writes split at byte %d", in.name, i), want, a.Close())
}

// TestWireCorpus: on every scenario and capture, impl gives the model's
// outcome (every field), whole, byte by byte and in random chunks; and
// impl's decoders give the model's events.
func TestWireCorpus(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, in := range corpus(t) {
		t.Run(in.name, func(t *testing.T) {
			compareWire(t, in, []int{1})
			// Split once at every CR, and at every byte of short inputs:
			// line ends cut between reads are where framers break.
			for i := 1; i < len(in.data); i++ {
				if in.data[i-1] == '\r' || len(in.data) < 400 {
					compareSplit(t, in, i)
				}
			}
			for i := 0; i < 4; i++ {
				compareWire(t, in, []int{1 + rng.Intn(64), 1 + rng.Intn(7)})
			}
			mo, io := model.Reassemble(in.f, in.data, in.lim), impl.Reassemble(in.f, in.data, in.lim)
			if !reflect.DeepEqual(mo.Violations, io.Violations) || mo.Tail != io.Tail {
				t.Fatalf("impl's violations or tail differ from the model's (payloads included):\n--- model\n%#v %q\n--- impl\n%#v %q", mo.Violations, mo.Tail, io.Violations, io.Tail)
			}
			we, wv := model.Decode(in.f, in.data, in.lim)
			ge, gv := impl.Decode(in.f, in.data, in.lim)
			sameEvents(t, in.name, we, wv, ge, gv)
		})
	}
}

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

// FuzzWireSmallLimits is FuzzWire under small limits, so that every budget
// rule is reached.
func FuzzWireSmallLimits(f *testing.F) {
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

func formatIndex(f spec.Format) uint8 {
	for i, g := range spec.Formats {
		if g == f {
			return uint8(i)
		}
	}
	return 0
}
