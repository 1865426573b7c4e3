package main

import (
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
