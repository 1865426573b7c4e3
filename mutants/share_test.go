package main

import "testing"

// TestParseShare: -share takes k/n with 0 <= k < n and nothing else.
func TestParseShare(t *testing.T) {
	for _, c := range []struct {
		in   string
		k, n int
		ok   bool
	}{
		{"", 0, 1, true}, {"0/3", 0, 3, true}, {"2/3", 2, 3, true},
		{"3/3", 0, 0, false}, {"-1/3", 0, 0, false}, {"1/0", 0, 0, false}, {"1/3x", 0, 0, false}, {"1", 0, 0, false},
	} {
		k, n, err := parseShare(c.in)
		if (err == nil) != c.ok || (c.ok && (k != c.k || n != c.n)) {
			t.Errorf("parseShare(%q) = %d, %d, %v", c.in, k, n, err)
		}
	}
}
