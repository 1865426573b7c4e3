package model

import (
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// The decoder cases shared with impl live in internal/decodetest; this
// file runs them through the reference decoders and seeds the fuzz targets
// with them.

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

// decodeFuzzSeeds adds the input of every shared case of format to f's
// corpus, and each of extra.
func decodeFuzzSeeds(f *testing.F, format spec.Format, extra ...[]byte) {
	for _, c := range decodetest.Cases(format) {
		f.Add([]byte(c.In))
	}
	for _, s := range extra {
		f.Add(s)
	}
}

// decodeFuzzBody decodes data, which must not panic and must end in EOF or
// a terminal frame violation, with only the fields each kind uses set.
func decodeFuzzBody(t *testing.T, format spec.Format, data []byte) {
	evs, v := Decode(format, data, spec.Limits{})
	for _, e := range evs {
		if err := decodetest.CheckFields(e); err != nil {
			t.Error(err)
		}
	}
	if v != nil {
		if v.Class != spec.ClassTerminal || v.Call != spec.NoCall || !strings.HasPrefix(string(v.Rule), "FRAME-") && v.Rule != spec.BudFrame {
			t.Fatalf("unexpected violation %v", v)
		}
		return
	}
	if len(evs) == 0 || evs[len(evs)-1].Kind != spec.KindEOF {
		t.Fatal("no EOF without a violation")
	}
}

func FuzzGeminiDecode(f *testing.F) {
	decodeFuzzSeeds(f, spec.FormatGemini)
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatGemini, data) })
}

func FuzzOllamaDecode(f *testing.F) {
	decodeFuzzSeeds(f, spec.FormatOllama)
	f.Fuzz(func(t *testing.T, data []byte) { decodeFuzzBody(t, spec.FormatOllama, data) })
}
