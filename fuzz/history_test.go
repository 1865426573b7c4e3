package fuzz

import (
	"testing"

	"pgregory.net/rapid"
)

// TestHistoryModelImpl: on generated histories, well paired, with one
// pairing fault or broken at random, impl's checker, Repair and codecs
// give model's results.
func TestHistoryModelImpl(t *testing.T) {
	rapid.Check(t, historyProp)
}
