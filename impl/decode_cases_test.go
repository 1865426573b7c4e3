package impl

import (
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// The decoder cases shared with the reference live in internal/decodetest;
// this file runs them through impl's decoders (framer and payload decoders
// together, fast paths included); the payload fuzz targets (fuzz_test.go)
// are seeded with them. The tests in decode_*_test.go are impl's own:
// allocations, borrowed bytes, reused buffers, payloads no framer hands
// over.

// TestDecodeCases runs every shared case of every format through Decode.
func TestDecodeCases(t *testing.T) {
	for _, f := range spec.Formats {
		t.Run(string(f), func(t *testing.T) { decodetest.Run(t, f, Decode) })
	}
}
