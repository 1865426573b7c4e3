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
