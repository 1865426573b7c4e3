//go:build invariants

package impl

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// mustBreak runs f, which must panic with the invariants build's message
// naming shortcut.
func mustBreak(t *testing.T, shortcut string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		msg, _ := r.(string)
		if !strings.HasPrefix(msg, "invariants: "+shortcut+" differs") {
			t.Fatalf("panic %v, want the invariants check of %s", r, shortcut)
		}
	}()
	f()
}

// TestInvariantsSpoilOutputs checks that the bytes an OnOutput callback
// borrows are junk once it returns.
func TestInvariantsSpoilOutputs(t *testing.T) {
	raw := []byte("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hello\"}}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" world\"}}]}\n\ndata: [DONE]\n\n")
	a := New(spec.FormatOpenAIChat, spec.Limits{})
	var kept [][]byte
	var copied []string
	a.OnOutput(func(o *Output) {
		if o.Kind == spec.OutText {
			kept = append(kept, o.Data)
			copied = append(copied, string(o.Data))
		}
	})
	if _, err := a.Write(raw); err != nil {
		t.Fatal(err)
	}
	a.Close()
	if strings.Join(copied, "") != "hello world" {
		t.Fatalf("the callback saw %q, want hello and world", copied)
	}
	for i, k := range kept {
		if string(k) == copied[i] {
			t.Errorf("output %d: the kept Data still reads %q after the callback", i, k)
		}
	}
}

// TestInvariantsCatchStaleEntry checks that a wrong entry of the index is
// caught where a lookup skips over it.
func TestInvariantsCatchStaleEntry(t *testing.T) {
	var x jsonIndex
	doc := []byte(`{"a":"xy","b":[1,2],"c":3}`)
	if !x.index(doc) {
		t.Fatal("not valid")
	}
	x.ends[5]-- // the end of "xy", one byte short
	mustBreak(t, "the index's entry", func() { x.lookup(doc, "c") })
}

// TestInvariantsCatchStaleMemo checks that a lookup memo that no longer
// holds is caught where lookupN uses it.
func TestInvariantsCatchStaleMemo(t *testing.T) {
	ks := newKeySet("a", "c")
	caught := false
	// One use in ten of the memo is bypassed: a few tries make a use sure.
	for try := 0; try < 40 && !caught; try++ {
		var x jsonIndex
		doc := []byte(`{"a":"xy","b":[1,2],"c":3}`)
		x.index(doc)
		x.lookupN(doc, ks, make([][]byte, 2))
		x.lkTok[1] = 1 // "c" at the token of key "a"
		next := []byte(`{"a":"xyz","b":[1,2],"c":3}`)
		x.index(next)
		if x.lkGen != x.gen {
			continue // the document was scanned, not replayed: no memo
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					msg, _ := r.(string)
					if !strings.HasPrefix(msg, "invariants: lookupN's memo differs") {
						t.Fatalf("panic %v, want the check of lookupN's memo", r)
					}
					caught = true
				}
			}()
			x.lookupN(next, ks, make([][]byte, 2))
		}()
	}
	if !caught {
		t.Fatal("a stale lookup memo was never caught")
	}
}
