package toolspec_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// loopLines counts the lines of code of file between the comment lines
// "// loop: WHO begins" and "// loop: WHO ends" (loopCode): blank lines
// and lines holding only a comment are not counted.
func loopLines(file, who string) (int, error) {
	code, err := loopCode(file, who)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, line := range strings.Split(code, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "//") {
			n++
		}
	}
	return n, nil
}

// TestReadmeBridgeLoops: the README's table of the bridges' loops has a
// row for every package of the nested module bridge, linking its
// loop_test.go, whose counts are that file's: the lines of the common
// agent loop written with the SDK alone and with the bridge, both of
// which the package's tests run on a capture.
func TestReadmeBridgeLoops(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rowRE := regexp.MustCompile("(?m)^\\| ([^|]+) \\| \\[`bridge/([a-z]+)`\\]\\(bridge/([a-z]+)/loop_test\\.go\\) \\| ([0-9]+) \\| ([0-9]+) \\|$")
	rows := map[string][]string{}
	for _, m := range rowRE.FindAllStringSubmatch(string(readme), -1) {
		if m[2] != m[3] {
			t.Errorf("README row %q links bridge/%s's loop under the name bridge/%s", m[0], m[3], m[2])
		}
		rows[m[2]] = m
	}
	dirs, err := filepath.Glob("bridge/*/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no bridge package")
	}
	for _, d := range dirs {
		pkg := filepath.Base(filepath.Dir(d))
		if pkg == "internal" {
			continue
		}
		row, ok := rows[pkg]
		if !ok {
			t.Errorf("README.md has no row | client | [`bridge/%s`](bridge/%s/loop_test.go) | SDK lines | bridge lines |", pkg, pkg)
			continue
		}
		delete(rows, pkg)
		file := filepath.Join("bridge", pkg, "loop_test.go")
		for i, who := range []string{"sdk", "bridge"} {
			n, err := loopLines(file, who)
			if err != nil {
				t.Error(err)
				continue
			}
			if got, _ := strconv.Atoi(row[4+i]); got != n {
				t.Errorf("README.md says bridge/%s's loop with the %s takes %d lines; %s has %d", pkg, who, got, file, n)
			}
		}
	}
	for pkg := range rows {
		t.Errorf("README.md has a loop row for bridge/%s, which is not a bridge package", pkg)
	}

	// The two loops the README shows are openaichat's, as written.
	m := regexp.MustCompile("(?s)```go\n// The client alone\\.\n(.*?)\n// With the bridge\\.\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md shows no ```go block of the two loops (// The client alone. ... // With the bridge.)")
	}
	for i, who := range []string{"sdk", "bridge"} {
		want, err := loopCode("bridge/openaichat/loop_test.go", who)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(m[1+i])); got != want {
			t.Errorf("README.md's loop with the %s is not bridge/openaichat/loop_test.go's:\n%s\nwant\n%s", who, got, want)
		}
	}
}

// loopCode returns the lines of file between the comment lines
// "// loop: WHO begins" and "// loop: WHO ends", one tab of indentation
// removed; each marker must stand once, the end after the beginning.
func loopCode(file, who string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	begin, end := "// loop: "+who+" begins", "// loop: "+who+" ends"
	lines := strings.Split(string(data), "\n")
	var from, to []int
	for i, line := range lines {
		switch strings.TrimSpace(line) {
		case begin:
			from = append(from, i)
		case end:
			to = append(to, i)
		}
	}
	if len(from) != 1 || len(to) != 1 || to[0] < from[0] {
		return "", fmt.Errorf("%s: want one %q, then one %q", file, begin, end)
	}
	var code []string
	for _, line := range lines[from[0]+1 : to[0]] {
		code = append(code, strings.TrimPrefix(line, "\t"))
	}
	return strings.Join(code, "\n"), nil
}
