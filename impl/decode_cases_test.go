package impl

import (
	"bytes"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// The decoder cases shared with the reference live in internal/decodetest;
// this file runs them through impl's decoders (framer and payload decoders
// together, fast paths included) and seeds the payload fuzz targets with
// them. The tests in decode_*_test.go are impl's own: allocations, borrowed
// bytes, reused buffers, payloads no framer hands over.

// TestDecodeCases runs every shared case of every format through Decode.
func TestDecodeCases(t *testing.T) {
	for _, f := range spec.Formats {
		t.Run(string(f), func(t *testing.T) { decodetest.Run(t, f, Decode) })
	}
}

// payloadRecorder is a payloadDecoder that keeps a copy of every payload
// and decodes nothing.
type payloadRecorder struct{ payloads [][]byte }

func (r *payloadRecorder) decodeFrame(_ *batch, fr *frame) *spec.Violation {
	r.payloads = append(r.payloads, bytes.Clone(fr.data))
	return nil
}

func (r *payloadRecorder) recognizes(*batch, *frame) bool { return true }

// casePayloads returns the payloads of the frames of every shared case of
// format f, as impl's framer splits them.
func casePayloads(f spec.Format) [][]byte {
	var out [][]byte
	for _, c := range decodetest.Cases(f) {
		var rec payloadRecorder
		var fr framer
		fr.init(f, c.Limits.Resolved().MaxFrameBytes, &rec)
		sink := func([]event) *spec.Violation { return nil }
		if fr.write([]byte(c.In), sink) == nil {
			fr.close(sink)
		}
		out = append(out, rec.payloads...)
	}
	return out
}

// casePayloadSeeds adds the payloads of the shared cases of format to the
// corpus of a payload fuzz target.
func casePayloadSeeds(f *testing.F, format spec.Format) {
	ps := casePayloads(format)
	if len(ps) == 0 {
		f.Fatalf("no payloads in the shared cases of %s", format)
	}
	for _, p := range ps {
		f.Add(p)
	}
}
