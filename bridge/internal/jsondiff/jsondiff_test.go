package jsondiff

import (
	"slices"
	"testing"
)

func TestDiff(t *testing.T) {
	for _, c := range []struct {
		sdk, bridge string
		want        []string
	}{
		{`{"a":1,"b":[1,2]}`, `{"b":[1,2],"a":1}`, nil},
		{`{"a":1}`, `{"a":1.0}`, []string{"a: differs"}},
		{`{"a":{"x":1,"y":2}}`, `{"a":{"x":1,"z":2}}`, []string{"a.y: only in the SDK", "a.z: only in the bridge"}},
		{`{"c":[null,{"type":"t"}]}`, `{"c":[{"type":"t","k":1},{"type":"t"}]}`, []string{"c[0]: differs"}},
		{`{"c":[{"type":"m"},{"type":"r"},{"type":"text","text":"x"}]}`, `{"c":[{"type":"text","text":"y"}]}`,
			[]string{"c[0] (m): only in the SDK", "c[1] (r): only in the SDK", "c[2].text: differs"}},
		{`{"c":[{"type":"text"}]}`, `{"c":[{"type":"text"},{"type":"tool_use"}]}`, []string{"c[1] (tool_use): only in the bridge"}},
		{`[1]`, `{"a":1}`, []string{": differs"}},
	} {
		got, err := Diff([]byte(c.sdk), []byte(c.bridge))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Diff(%s, %s) = %q, want %q", c.sdk, c.bridge, got, c.want)
		}
	}
	if _, err := Diff([]byte(`{`), []byte(`{}`)); err == nil {
		t.Error("Diff of invalid JSON: no error")
	}
	if v := Value([]byte(`{"c":[{"n":"x"}]}`), "c[0].n"); v != `"x"` {
		t.Errorf("Value = %s", v)
	}
}
