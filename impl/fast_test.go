package impl

import (
	"testing"
)

func TestAnthropicFastDelta(t *testing.T) {
	fast := 0
	for _, s := range fastDeltaSeeds {
		var b batch
		if anthropicFastDelta(&b, []byte(s)) {
			fast++
		}
		checkFastDelta(t, []byte(s))
	}
	// The seeds exercise both paths.
	if fast != 7 {
		t.Errorf("%d seeds took the fast path, want 7", fast)
	}
}

func TestChatFastChoices(t *testing.T) {
	fast := 0
	for _, s := range fastChoicesSeeds {
		var b batch
		o, v := b.parseObject([]byte(s))
		if v == nil {
			vals := [2][]byte{}
			b.lookupN(o, chatTopKeys, vals[:])
			if len(vals[1]) > 0 && vals[1][0] == '[' && chatFastChoices(&b, vals[1], nil) {
				fast++
			}
		}
		checkFastChoices(t, []byte(s))
	}
	if fast != 6 {
		t.Errorf("%d seeds took the fast path, want 6", fast)
	}
}
