package gen

import (
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// TestItemKindsAsSpec: every generated item kind has the number and the
// name of spec's kind of the same meaning, so that a value of one reads
// as the other.
func TestItemKindsAsSpec(t *testing.T) {
	pairs := map[ItemKind]spec.ItemKind{
		ItemText: spec.ItemText, ItemThinking: spec.ItemThinking, ItemRedacted: spec.ItemRedacted,
		ItemSignature: spec.ItemSignature, ItemCall: spec.ItemCall, ItemOther: spec.ItemOther, ItemRefusal: spec.ItemRefusal,
	}
	if len(pairs) != len(itemKindNames)-1 {
		t.Fatalf("%d kinds paired, gen has %d", len(pairs), len(itemKindNames)-1)
	}
	for g, s := range pairs {
		if uint8(g) != uint8(s) || g.String() != s.String() {
			t.Errorf("gen %d %q, spec %d %q", g, g, s, s)
		}
	}
}
