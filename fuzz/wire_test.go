package fuzz

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
)

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
