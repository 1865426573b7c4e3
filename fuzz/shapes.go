package fuzz

import (
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

func checkGenCut(t *rapid.T, f spec.Format) {
	data, tail := gen.Cut(t, f)
	o := model.Reassemble(f, data, spec.Limits{})
	if len(o.Violations) > 0 || o.Tail != tail {
		t.Fatalf("%s: a stream cut inside a frame: want no violation and the tail %q\n--- input\n%s\n--- model\n%s", f, tail, showInput(data), o)
	}
	compareImpl(t, f, spec.Limits{}, data, []string{"cut"})
}

func checkGenForeign(t *rapid.T, f spec.Format) {
	data, other := gen.Foreign(t, f)
	o := model.Reassemble(f, data, spec.Limits{})
	n := len(o.Violations)
	if n == 0 || o.Violations[n-1].Class != spec.ClassTerminal {
		t.Fatalf("%s read as %s: want a terminal violation\n--- input\n%s\n--- model\n%s", other, f, showInput(data), o)
	}
	compareImpl(t, f, spec.Limits{}, data, []string{"foreign " + other})
}
