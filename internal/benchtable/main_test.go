package main

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec/internal/workload"
)

// The input of TestRender: impl's run and thirdparty's, as go test prints
// them, with a second, slower run of one benchmark (-count 2) and lines
// that are no results.
const (
	implOut = `goos: linux
goarch: amd64
pkg: github.com/toolspec/toolspec/impl
cpu: AMD EPYC
BenchmarkImplWire/anthropic-1call-1KiB-d8-2         	   10000	      2000 ns/op	 500.00 MB/s	    4096 B/op	      39 allocs/op
BenchmarkImplWire/anthropic-1call-1MiB-d8-2         	      10	   1000000 ns/op	 700.00 MB/s	 2000000 B/op	      63 allocs/op
BenchmarkImplWire/anthropic-8calls-4KiB-d16-2       	    1000	    100000 ns/op	 600.00 MB/s	   40000 B/op	     183 allocs/op
BenchmarkImplWire/anthropic-8inter-4KiB-d16-2       	    1000	    150000 ns/op	 400.00 MB/s	   40000 B/op	     1183 allocs/op
BenchmarkImplWire/anthropic-8inter-4KiB-d16-2       	    1000	    140000 ns/op	 420.00 MB/s	   40000 B/op	     1183 allocs/op
BenchmarkFloor/anthropic-1call-1KiB-d8-2            	  100000	       100 ns/op	10000.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkFloor/anthropic-8calls-4KiB-d16-2          	  100000	      4000 ns/op	15000.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkSmallWrites/32KiB-2                        	     100	  10000000 ns/op	   3.20 MB/s
--- FAIL: BenchmarkSomething
PASS
`
	thirdpartyOut = `goos: linux
goarch: amd64
pkg: github.com/toolspec/toolspec/thirdparty
cpu: AMD EPYC
BenchmarkCompare/anthropic-1call-1KiB-d8/impl-2             	   10000	      2500 ns/op	 400.00 MB/s	    4096 B/op	      39 allocs/op
BenchmarkCompare/anthropic-1call-1KiB-d8/anthropic-sdk-go-2 	     100	     50000 ns/op	  20.00 MB/s	   90000 B/op	    3313 allocs/op
BenchmarkCompare/anthropic-1call-1KiB-d8/other-sdk-2        	     100	    100000 ns/op	  10.00 MB/s	   90000 B/op	    3313 allocs/op
BenchmarkCompare/anthropic-8calls-4KiB-d16/anthropic-sdk-go-2 	      10	   4000000 ns/op	  15.00 MB/s	   90000 B/op	    3313 allocs/op
`
)

// cells returns the cells of the table row of workload name.
func cells(t *testing.T, table, name string) []string {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		c := strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
		if len(c) > 1 && c[0] == name {
			return c
		}
	}
	t.Fatalf("no row %s in\n%s", name, table)
	return nil
}

// TestRender checks the table of a known input: every column, the ratios,
// the fastest of repeated runs, the libraries as columns in first-seen
// order, the marks of missed targets and the legend.
func TestRender(t *testing.T) {
	rs, err := parse(strings.NewReader(implOut), strings.NewReader(thirdpartyOut))
	if err != nil {
		t.Fatal(err)
	}
	if rs.procs != 2 || rs.cpu != "AMD EPYC" || len(rs.libs) != 2 || rs.libs[0] != "anthropic-sdk-go" || rs.libs[1] != "other-sdk" {
		t.Fatalf("parsed procs %d, cpu %q, libraries %q", rs.procs, rs.cpu, rs.libs)
	}
	table := render(rs, workload.All(), time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	head := cells(t, table, "workload")
	if want := []string{"workload", "wire MiB", "impl MB/s", "allocs/op", "floor MB/s", "÷ floor", "per byte ÷ 1 MiB", "inter ÷ seq", "vs anthropic-sdk-go", "vs other-sdk"}; strings.Join(head, "|") != strings.Join(want, "|") {
		t.Fatalf("head %q, want %q", head, want)
	}
	small := workload.ByName("anthropic-1call-1KiB-d8")
	big := workload.ByName("anthropic-1call-1MiB-d8")
	perByte := (2000 / float64(len(small.Raw()))) / (1e6 / float64(len(big.Raw())))
	c := cells(t, table, small.Name)
	for i, want := range map[int]string{
		2: "500.0", 3: "39", 4: "10000", 5: "20.00x", // at the target: no mark
		6: ratioCell(perByte, perByte > 1.5),
		7: "",
		8: "20.0x ✗", // against Compare's impl (2500 ns), not ImplWire's
		9: "40.0x",   // other libraries: 20x
	} {
		if c[i] != want {
			t.Errorf("%s column %q: %q, want %q", small.Name, head[i], c[i], want)
		}
	}
	c = cells(t, table, "anthropic-8inter-4KiB-d16")
	if c[7] != "1.40x ✗" || c[2] != "420.0" {
		t.Errorf("interleaved row %q: want the faster run (420.0 MB/s) and 140000/100000 = 1.40x ✗", c)
	}
	c = cells(t, table, "anthropic-8calls-4KiB-d16")
	if c[5] != "25.00x ✗" || c[8] != "40.0x" || c[9] != "" {
		t.Errorf("8calls row %q: want 25.00x ✗ the floor, 40.0x anthropic-sdk-go (against ImplWire), none for other-sdk", c)
	}
	if strings.Contains(table, "| anthropic-1call-16KiB-d16 |") {
		t.Error("a workload without results has a row")
	}
	for _, want := range []string{"Measured 2026-01-02 on AMD EPYC (linux/amd64, GOMAXPROCS 2", "values miss their target"} {
		if !strings.Contains(table, want) {
			t.Errorf("the legend has no %q:\n%s", want, table)
		}
	}
}

// ratioCell is the cell of ratio r, marked when it misses its target.
func ratioCell(r float64, miss bool) string {
	out := formatRatio(r) + "x"
	if miss {
		out += " ✗"
	}
	return out
}

// TestParseRejects checks that a malformed number is an error, not a
// silent zero.
func TestParseRejects(t *testing.T) {
	if _, err := parse(strings.NewReader("BenchmarkImplWire/x-2 10 abc ns/op\n")); err == nil {
		t.Error("a malformed ns/op parsed")
	}
}

// TestThousands checks the grouping of digits.
func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 5718813: "5,718,813", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// checkDoc reports whether doc holds, between its bench-table lines, a
// block in the form docBlock writes: the sentence that says which run it
// is, the table with the generator's columns and a row per workload
// measured (each a workload of ws, once), and the legend, whose count of
// missed targets is the table's.
func checkDoc(doc []byte, ws []*workload.Workload) error {
	i, j, err := blockBounds(doc)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(string(doc[i:j]), "\n"), "\n")
	if len(lines) < 6 {
		return fmt.Errorf("the block has %d lines: want the run's sentence, a table and the legend", len(lines))
	}
	m := docHead.FindStringSubmatch(lines[0])
	if m == nil {
		return fmt.Errorf("the block's first line is not the run's sentence: %q", lines[0])
	}
	want, _ := strconv.Atoi(m[3] + m[4]) // one of the two is empty
	if lines[1] != "" {
		return fmt.Errorf("no blank line after the run's sentence")
	}
	k := 2
	var table []string
	for ; k < len(lines) && strings.HasPrefix(lines[k], "|"); k++ {
		table = append(table, lines[k])
	}
	if len(table) < 2 {
		return fmt.Errorf("no table after the run's sentence")
	}
	split := func(line string) []string {
		return strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
	}
	head := split(table[0])
	fixed := []string{"workload", "wire MiB", "impl MB/s", "allocs/op", "floor MB/s", "÷ floor", "per byte ÷ 1 MiB", "inter ÷ seq"}
	if len(head) < len(fixed) || strings.Join(head[:len(fixed)], "|") != strings.Join(fixed, "|") {
		return fmt.Errorf("the table's columns are %q, want %q and a column per library", head, fixed)
	}
	for _, h := range head[len(fixed):] {
		if !strings.HasPrefix(h, "vs ") {
			return fmt.Errorf("column %q is not a library's (vs LIB)", h)
		}
	}
	sep := split(table[1])
	if len(sep) != len(head) || sep[0] != "---" || strings.Count(table[1], "---:") != len(head)-1 {
		return fmt.Errorf("the table's separator row %q is not the generator's", table[1])
	}
	seen := map[string]bool{}
	for _, row := range table[2:] {
		c := split(row)
		if len(c) != len(head) {
			return fmt.Errorf("row %q has %d cells, want %d", row, len(c), len(head))
		}
		if !slices.ContainsFunc(ws, func(w *workload.Workload) bool { return w.Name == c[0] }) {
			return fmt.Errorf("row %q names no workload", row)
		}
		if seen[c[0]] {
			return fmt.Errorf("workload %s has two rows", c[0])
		}
		seen[c[0]] = true
	}
	if len(seen) != want {
		return fmt.Errorf("the run's sentence says %d workloads, the table has %d rows", want, len(seen))
	}
	if k+2 != len(lines) || lines[k] != "" {
		return fmt.Errorf("want a blank line and the legend after the table, and nothing else")
	}
	lm := docLegend.FindStringSubmatch(lines[k+1])
	if lm == nil {
		return fmt.Errorf("the legend is not the generator's: %q", lines[k+1])
	}
	if misses := strings.Count(strings.Join(table, "\n"), "✗"); strconv.Itoa(misses) != lm[1] {
		return fmt.Errorf("the legend counts %s missed targets, the table marks %d", lm[1], misses)
	}
	return nil
}

var (
	// docHead is the run's sentence; its groups are BENCH, BENCHFLAGS,
	// then the count of all the workloads, or the count measured and the
	// count of all.
	docHead = regexp.MustCompile("^One run of `make bench( BENCH=[^ `]+)?( BENCHFLAGS=[^`]+)?` at toolspec commit `[^`]+`: " +
		"(?:all ([0-9]+) workloads\\.|([0-9]+) of the ([0-9]+) workloads, those whose names match `[^`]+` \\(make bench without BENCH measures them all\\)\\.)$")
	// docLegend is render's legend; its group is the count of missed targets.
	docLegend = regexp.MustCompile(`^Measured [0-9]{4}-[0-9]{2}-[0-9]{2} on .+ \([^/]+/[^,]+, GOMAXPROCS [0-9]+, [^)]+\)\. impl MB/s: .* ([0-9]+) values miss their target \(✗\)\.$`)
)

// TestDocBlock: the block docBlock writes, spliced into a file, is in the
// form checkDoc wants and says which run it is; the file's text around it
// stays as it was.
func TestDocBlock(t *testing.T) {
	rs, err := parse(strings.NewReader(implOut), strings.NewReader(thirdpartyOut))
	if err != nil {
		t.Fatal(err)
	}
	ws := workload.All()
	block := docBlock(rs, ws, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), runInfo{bench: "anthropic", flags: "-benchtime=100ms -count=3", commit: "0123abcd"})
	head := "One run of `make bench BENCH=anthropic BENCHFLAGS='-benchtime=100ms -count=3'` at toolspec commit `0123abcd`: 4 of the "
	if !strings.HasPrefix(block, head) {
		t.Errorf("the block begins\n%s\nwant\n%s", block[:min(len(block), 200)], head)
	}
	doc := []byte("# Performance\n\nBefore.\n\n" + docBegin + "\nold table\n" + docEnd + "\n\nAfter.\n")
	got, err := splice(doc, block)
	if err != nil {
		t.Fatal(err)
	}
	if want := "# Performance\n\nBefore.\n\n" + docBegin + "\n" + block + docEnd + "\n\nAfter.\n"; string(got) != want {
		t.Errorf("spliced:\n%s\nwant:\n%s", got, want)
	}
	if err := checkDoc(got, ws); err != nil {
		t.Errorf("checkDoc of docBlock's output: %v\n%s", err, got)
	}
	again, err := splice(got, block)
	if err != nil || string(again) != string(got) {
		t.Errorf("a second splice changed the file (%v)", err)
	}
	all := docBlock(&results{wire: map[string]result{ws[0].Name: {ns: 1, mbps: 1, allocs: 1}}, floor: map[string]result{}, compare: map[string]map[string]result{}, procs: 1},
		ws[:1], time.Now(), runInfo{bench: "."})
	if !strings.HasPrefix(all, "One run of `make bench` at toolspec commit `unknown`: all 1 workloads.") {
		t.Errorf("the block of a run of every workload begins %q", all[:min(len(all), 120)])
	}
}

// TestCheckDoc: checkDoc fails a file without its lines or whose block is
// not the generator's form.
func TestCheckDoc(t *testing.T) {
	rs, err := parse(strings.NewReader(implOut), strings.NewReader(thirdpartyOut))
	if err != nil {
		t.Fatal(err)
	}
	ws := workload.All()
	block := docBlock(rs, ws, time.Now(), runInfo{bench: "anthropic", commit: "0123abcd"})
	good := docBegin + "\n" + block + docEnd + "\n"
	if err := checkDoc([]byte(good), ws); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for _, c := range []struct{ name, doc, want string }{
		{"no begin line", block + docEnd + "\n", "want one line"},
		{"no end line", docBegin + "\n" + block, "want one line"},
		{"two blocks", good + good, "want one line"},
		{"ends before it begins", "x\n" + docEnd + "\n" + docBegin + "\n", "comes after"},
		{"empty", docBegin + "\n" + docEnd + "\n", "lines"},
		{"no run sentence", strings.Replace(good, "One run of", "A run of", 1), "not the run's sentence"},
		{"a row of no workload", strings.Replace(good, "| anthropic-8calls-4KiB-d16 |", "| anthropic-9calls-4KiB-d16 |", 1), "names no workload"},
		{"a row dropped", dropLine(good, "| anthropic-8calls-4KiB-d16 |"), "says 4 workloads, the table has 3"},
		{"a line after the table", strings.Replace(good, "\n\nMeasured ", "\n\nNote.\n\nMeasured ", 1), "blank line and the legend"},
		{"a count that differs", strings.Replace(good, ": 4 of the", ": 5 of the", 1), "says 5 workloads"},
		{"a mark added", strings.Replace(good, "| 40.0x |", "| 40.0x ✗ |", 1), "the table marks"},
		{"a column renamed", strings.Replace(good, "| inter ÷ seq |", "| interleaved |", 1), "columns"},
		{"no legend", good[:strings.Index(good, "\nMeasured ")] + "\n" + docEnd + "\n", "blank line and the legend"},
	} {
		err := checkDoc([]byte(c.doc), ws)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: checkDoc says %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// TestCommittedDoc: docs/performance.md holds the block make bench writes,
// in the generator's form (TestCheckDoc says what that checks).
func TestCommittedDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/performance.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := checkDoc(doc, workload.All()); err != nil {
		t.Errorf("docs/performance.md: %v (make bench writes its table)", err)
	}
}

// dropLine returns s without its line that begins with prefix.
func dropLine(s, prefix string) string {
	i := strings.Index(s, "\n"+prefix)
	if i < 0 {
		return s
	}
	j := strings.Index(s[i+1:], "\n")
	return s[:i] + s[i+1+j:]
}
