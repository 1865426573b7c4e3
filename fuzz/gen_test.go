package fuzz

import (
	"flag"
	"strconv"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestGenValidModel: on every valid generated stream the reference model
// reports no violation, exactly the calls the generator put in it (ids,
// names, arguments, complete, in first-seen order), the generator's stops
// (raw and canonical), messages, and text.
func TestGenValidModel(t *testing.T) { perFormat(t, checkGenValidModel) }

// TestGenValidImpl: on every valid generated stream impl gives the model's
// outcome (every field), whole and fed in arbitrary chunks.
func TestGenValidImpl(t *testing.T) { perFormat(t, checkGenValidImpl) }

// TestGenMutatedImpl: on every mutated generated stream impl gives the
// model's outcome, whole and fed in arbitrary chunks, under default or
// small limits.
func TestGenMutatedImpl(t *testing.T) { perFormat(t, checkGenMutatedImpl) }

// perFormat runs prop as one subtest per format. Each subtest gets a
// sixth of the package's rapid.checks (at least 100, or all of them when
// fewer are asked for), so that a property over the six formats costs what
// one property of the package costs.
func perFormat(t *testing.T, prop func(*rapid.T, spec.Format)) {
	fl := flag.Lookup("rapid.checks")
	if fl != nil {
		old := fl.Value.String()
		if n, err := strconv.Atoi(old); err == nil {
			share := max(n/len(spec.Formats), min(n, 100))
			if err := fl.Value.Set(strconv.Itoa(share)); err == nil {
				defer fl.Value.Set(old)
			}
		}
	}
	for _, f := range spec.Formats {
		t.Run(string(f), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) { prop(t, f) })
		})
	}
}

// TestGenChunks: gen.Chunks only re-chunks: the chunks put back together
// are the input.
func TestGenChunks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		_, data := gen.Valid(t, drawFormat(t))
		var joined []byte
		for _, c := range gen.Chunks(t, data) {
			joined = append(joined, c...)
		}
		if string(joined) != string(data) {
			t.Fatalf("chunks do not add up to the input")
		}
	})
}
