package model

import (
	"reflect"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// The decoder cases shared with impl live in internal/decodetest; this
// file runs them through the reference decoders; the fuzz targets
// (fuzz_test.go) are seeded with them.

// TestDecodeCases runs every shared case of every format through Decode.
func TestDecodeCases(t *testing.T) {
	for _, f := range spec.Formats {
		t.Run(string(f), func(t *testing.T) { decodetest.Run(t, f, Decode) })
	}
}

// TestDecodeCasesBytewise checks that writing each shared case's input to
// a Decoder one byte at a time, then closing it, gives exactly what Decode
// gives for the whole input: the same events and the same violation.
func TestDecodeCasesBytewise(t *testing.T) {
	for _, f := range spec.Formats {
		for _, c := range decodetest.Cases(f) {
			whole, wv := Decode(f, []byte(c.In), c.Limits)
			d := NewDecoder(f, c.Limits)
			var got []spec.Event
			var gv *spec.Violation
			for i := 0; i < len(c.In) && gv == nil; i++ {
				var evs []spec.Event
				evs, gv = d.Write([]byte{c.In[i]})
				got = append(got, evs...)
			}
			if gv == nil {
				var evs []spec.Event
				evs, gv = d.Close()
				got = append(got, evs...)
			}
			if !reflect.DeepEqual(gv, wv) || !reflect.DeepEqual(got, whole) {
				t.Errorf("%s: %s: byte by byte:\n  %v\n  %v\nwhole:\n  %v\n  %v", c.Name.Where, c.Name.Name, got, gv, whole, wv)
			}
		}
	}
}
