package spectest

import (
	"sync"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/rapidfuzz"
)

// This file holds the package's fuzz target alone: OSS-Fuzz's build
// (.clusterfuzzlite/build.sh) compiles a target's file without the
// package's other test files, turned into a non-test file with its testing
// package replaced by the engine's. The target's name is written in no
// other file of this directory.

// FuzzToolspec is spectest.Fuzz on toolspec itself: it must never fail.
// It is Fuzz written out from the parts Fuzz is made of (newFuzzTarget),
// because the engine's build hands the target its own *testing.F, which
// Fuzz, written against the standard one, cannot take; the generated
// streams go through rapidfuzz.Check, not rapid.MakeFuzz, for the same
// reason.
func FuzzToolspec(f *testing.F) {
	ft, err := toolspecTarget()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range ft.seeds {
		f.Add(s.raw, s.gen)
	}
	f.Fuzz(func(t *testing.T, raw, genInput []byte) {
		if len(raw) == 0 && ft.random {
			rapidfuzz.Check(t, genInput, ft.generated)
			return
		}
		if _, fail := ft.stream(raw); fail != "" {
			t.Fatalf("%s", fail)
		}
	})
}

// toolspecTarget is made once per process: the engine's build runs the
// target's whole body, seeding included, on every input.
var toolspecTarget = sync.OnceValues(func() (fuzzTarget, error) {
	return newFuzzTarget(toolspec.FormatOpenAIChat, Toolspec, nil)
})
