package main

import (
	"strings"
	"testing"
)

// events is a go test -json stream: a passing package, and a package with
// a failing test, a test skipped for absent captures and another skip.
const events = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestOK"}
{"Action":"output","Package":"p","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"pass","Package":"p","Test":"TestOK"}
{"Action":"output","Package":"p","Output":"ok  \tp\t0.1s\n"}
{"Action":"pass","Package":"p"}
{"Action":"output","Package":"q","Test":"TestBad","Output":"    q_test.go:3: boom\n"}
{"Action":"fail","Package":"q","Test":"TestBad"}
{"Action":"output","Package":"q","Test":"TestCaptures","Output":"    q_test.go:9: toolspec: needs the shared captures: x: absent\n"}
{"Action":"skip","Package":"q","Test":"TestCaptures"}
{"Action":"output","Package":"q","Test":"TestShort","Output":"    q_test.go:12: short mode\n"}
{"Action":"skip","Package":"q","Test":"TestShort"}
{"Action":"output","Package":"q","Output":"FAIL\tq\t0.2s\n"}
{"Action":"fail","Package":"q"}
`

func TestSummarize(t *testing.T) {
	for _, c := range []struct {
		name, in string
		code     int
		has      []string
		hasNot   []string
	}{
		{"a failure and a captures skip", events, 1,
			[]string{"ok  \tp\t0.1s", "q_test.go:3: boom", "FAIL\tq", "*** 1 tests SKIPPED: the shared captures are absent"},
			[]string{"=== RUN", "short mode"}},
		{"all passing", strings.Join(strings.Split(events, "\n")[:6], "\n"), 0, []string{"ok  \tp"}, []string{"SKIPPED"}},
		{"nothing reported", "go: cannot find main module\n", 1, []string{"cannot find main module", "no package"}, nil},
		{"a build failure", `{"ImportPath":"r [r.test]","Action":"build-output","Output":"r.go:2: undefined: x\n"}
{"ImportPath":"r [r.test]","Action":"build-fail"}
{"Action":"output","Package":"r","Output":"FAIL\tr [build failed]\n"}
{"Action":"fail","Package":"r"}
`, 1, []string{"undefined: x", "[build failed]"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			code, err := summarize(strings.NewReader(c.in), &b)
			if err != nil {
				t.Fatal(err)
			}
			if code != c.code {
				t.Errorf("exit status %d, want %d", code, c.code)
			}
			for _, s := range c.has {
				if !strings.Contains(b.String(), s) {
					t.Errorf("the summary lacks %q:\n%s", s, b.String())
				}
			}
			for _, s := range c.hasNot {
				if strings.Contains(b.String(), s) {
					t.Errorf("the summary has %q:\n%s", s, b.String())
				}
			}
		})
	}
}
