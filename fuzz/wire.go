package fuzz

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

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
func corpus(t fataler) []input {
	t.Helper()
	in, err := readCorpus()
	if err != nil {
		t.Fatalf("%v", err)
	}
	return slices.Clip(in)
}

// readCorpus reads the scenarios and captures once per process: a fuzz
// target that OSS-Fuzz builds runs its whole body, seeding included, on
// every input.
var readCorpus = sync.OnceValues(func() ([]input, error) {
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
		return nil, err
	}
	for _, f := range spec.Formats {
		files, _ := filepath.Glob(filepath.Join(capturesDir, string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			out = append(out, input{"capture " + string(f) + "/" + filepath.Base(p), f, spec.Limits{}, data})
		}
	}
	return out, nil
})

// decodeCases returns the input of every shared decoder case
// (internal/decodetest), for the fuzz targets' corpora.
func decodeCases() []input { return slices.Clip(decodeCaseInputs()) }

var decodeCaseInputs = sync.OnceValue(func() []input {
	var out []input
	for _, f := range spec.Formats {
		for _, c := range decodetest.Cases(f) {
			out = append(out, input{"decoder case " + string(f) + "/" + c.Name.Name + " (" + c.Name.Where.String() + ")", f, c.Limits, []byte(c.In)})
		}
	}
	return out
})

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
func compareWire(t fataler, in input, sizes []int) {
	t.Helper()
	want := model.Reassemble(in.f, in.data, in.lim)
	sameOutcome(t, in.name, want, impl.Reassemble(in.f, in.data, in.lim))
	sameOutcome(t, fmt.Sprintf("%s fed in chunks %v", in.name, sizes), want, reassembleChunked(in.f, in.lim, in.data, sizes))
}

// compareSplit checks impl, fed the input in two writes split at i,
// against the model.
func compareSplit(t fataler, in input, i int) {
	t.Helper()
	want := model.Reassemble(in.f, in.data, in.lim)
	a := impl.New(in.f, in.lim)
	if _, err := a.Write(in.data[:i]); err == nil {
		_, _ = a.Write(in.data[i:])
	}
	sameOutcome(t, fmt.Sprintf("%s fed in two writes split at byte %d", in.name, i), want, a.Close())
}

func formatIndex(f spec.Format) uint8 {
	for i, g := range spec.Formats {
		if g == f {
			return uint8(i)
		}
	}
	return 0
}
