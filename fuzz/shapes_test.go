package fuzz

import (
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestGenCut: a valid stream cut inside one of its frames (gen.Cut) ends as
// truncated with the cut bytes as the outcome's tail and no violation
// (FRAME-1, FRAME-2, FRAME-3, END-3); impl gives the model's transcript.
func TestGenCut(t *testing.T) { perFormat(t, checkGenCut) }

func checkGenCut(t *rapid.T, f spec.Format) {
	data, tail := gen.Cut(t, f)
	o := model.Reassemble(f, data, spec.Limits{})
	if len(o.Violations) > 0 || o.Tail != tail {
		t.Fatalf("%s: a stream cut inside a frame: want no violation and the tail %q\n--- input\n%s\n--- model\n%s", f, tail, showInput(data), o)
	}
	compareImpl(t, f, spec.Limits{}, data, []string{"cut"})
}

// TestGenForeign: input that is not of the format read (another format's
// valid stream, an HTML page, a gateway's error body) ends with a terminal
// violation, never as an empty success (FRAME-7); impl gives the model's
// transcript.
func TestGenForeign(t *testing.T) { perFormat(t, checkGenForeign) }

func checkGenForeign(t *rapid.T, f spec.Format) {
	data, other := gen.Foreign(t, f)
	o := model.Reassemble(f, data, spec.Limits{})
	n := len(o.Violations)
	if n == 0 || o.Violations[n-1].Class != spec.ClassTerminal {
		t.Fatalf("%s read as %s: want a terminal violation\n--- input\n%s\n--- model\n%s", other, f, showInput(data), o)
	}
	compareImpl(t, f, spec.Limits{}, data, []string{"foreign " + other})
}

// FuzzGenShapes is TestGenCut and TestGenForeign driven by the fuzzer.
func FuzzGenShapes(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		fm := drawFormat(t)
		checkGenCut(t, fm)
		checkGenForeign(t, fm)
	}))
}
