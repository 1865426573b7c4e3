//go:build spectest_broken

package spectest

import (
	"testing"

	"github.com/toolspec/toolspec"
)

// FuzzNaiveChat is spectest.Fuzz on the naive chat accumulator: a fuzz
// target that must fail. It is built only with the spectest_broken tag;
// TestFuzzFindsBug runs it.
func FuzzNaiveChat(f *testing.F) {
	Fuzz(f, toolspec.FormatOpenAIChat, func() Adapter { return naiveChat{} })
}

// FuzzKnownBug is spectest.Fuzz on an adapter whose one failing scenario
// is expected: a fuzz target that must pass, fuzzing past the known
// failure. It is built only with the spectest_broken tag;
// TestFuzzPastExpected runs it.
func FuzzKnownBug(f *testing.F) {
	Fuzz(f, toolspec.FormatOpenAIChat, func() Adapter { return knownBug{} },
		Expect(knownBugCase, toolspec.OrdFirstSeen, "it drops the calls of that stream"))
}
