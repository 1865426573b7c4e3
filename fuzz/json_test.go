package fuzz

import (
	"flag"
	"strconv"
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"pgregory.net/rapid"
)

// TestOutcomeJSONCorpus: the outcome of every scenario and capture, the
// model's and impl's, comes back through JSON.
func TestOutcomeJSONCorpus(t *testing.T) {
	for _, in := range corpus(t) {
		roundTrip(t, in.name+" (model)", model.Reassemble(in.f, in.data, in.lim))
		roundTrip(t, in.name+" (impl)", impl.Reassemble(in.f, in.data, in.lim))
	}
}

// TestOutcomeJSONGen: the outcome of every generated stream (valid,
// mutated under small limits, or cut inside its last frame) comes back
// through JSON. The streams cost more to draw than their outcomes to
// check, so it runs a tenth of the package's rapid.checks (at least 100).
func TestOutcomeJSONGen(t *testing.T) {
	if fl := flag.Lookup("rapid.checks"); fl != nil {
		old := fl.Value.String()
		if n, err := strconv.Atoi(old); err == nil && fl.Value.Set(strconv.Itoa(max(n/10, min(n, 100)))) == nil {
			defer fl.Value.Set(old)
		}
	}
	rapid.Check(t, checkOutcomeJSONGen)
}
