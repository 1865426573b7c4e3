package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolspec/toolspec/internal/captures"
)

// event is one line of go test -json (cmd/test2json's TestEvent).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	code, err := summarize(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// summarize prints the summary of the events of r to w and returns the
// exit status: 1 if anything failed or nothing was reported.
func summarize(r io.Reader, w io.Writer) (int, error) {
	out := map[string]*strings.Builder{} // a test's output so far, by package and test
	var failed, packages, skipped int
	seen := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			// Not an event: go test's own messages (a build error of a
			// package, a go.mod problem) pass through.
			fmt.Fprintf(w, "%s\n", line)
			continue
		}
		key := e.Package + "\x00" + e.Test
		switch e.Action {
		case "build-output":
			fmt.Fprint(w, e.Output)
		case "build-fail":
			failed++
		case "output":
			if e.Test == "" {
				// A package's own lines: its ok/FAIL line and what a
				// failing test binary printed outside any test.
				if !strings.HasPrefix(e.Output, "PASS") && !strings.HasPrefix(e.Output, "=== ") && e.Output != "testing: warning: no tests to run\n" {
					fmt.Fprint(w, e.Output)
				}
				continue
			}
			b := out[key]
			if b == nil {
				b = &strings.Builder{}
				out[key] = b
			}
			b.WriteString(e.Output)
		case "fail":
			if e.Test != "" {
				if b := out[key]; b != nil {
					fmt.Fprint(w, b.String())
				}
			}
			failed++
		case "skip":
			if e.Test != "" && out[key] != nil && strings.Contains(out[key].String(), captures.Marker) {
				skipped++
			}
		}
		if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
			if e.Test == "" && !seen[e.Package] {
				seen[e.Package] = true
				packages++
			}
			delete(out, key)
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	if skipped > 0 {
		fmt.Fprintf(w, "\n*** %d tests SKIPPED: the shared captures are absent (%s=required makes them fail, as in CI) ***\n\n", skipped, captures.Env)
	}
	if packages == 0 {
		fmt.Fprintln(w, "testsum: go test reported no package")
		return 1, nil
	}
	if failed > 0 {
		return 1, nil
	}
	return 0, nil
}
