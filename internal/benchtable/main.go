// Command benchtable prints the one table of `make bench`: for every
// workload of package internal/workload, impl's throughput and
// allocations, its ratio to the floor, the shape ratios the performance
// targets are stated in, and impl's speed-up over every SDK measured on it.
//
// Usage:
//
//	go run ./internal/benchtable [-out DOC -bench RE -flags F -commit C] FILE...
//
// Without -out it prints the table. With -out (make bench gives
// docs/performance.md) it writes the table into DOC, in place of the text
// between DOC's two bench-table lines (docBegin and docEnd), preceded by a
// sentence that says which run it is: the make command (-bench and -flags
// are make bench's BENCH and BENCHFLAGS), the toolspec commit (-commit)
// and how many of the workloads the run measured; the table's legend says
// the date and the machine. The text around those lines is written by
// hand, and TestCommittedDoc holds the block between them to this form.
//
// Each FILE (standard input when there is none) holds the output of `go
// test -bench -benchmem`: impl's BenchmarkImplWire and BenchmarkFloor
// (package impl) and BenchmarkCompare/<workload>/<library> (the nested
// module thirdparty). Every library of BenchmarkCompare but impl becomes a
// column by itself, compared with the impl sub-benchmark of the same
// workload in the same run (so both ran in the same process, side by
// side); a workload without one is compared with BenchmarkImplWire. When a
// benchmark appears several times (-count), its fastest run counts.
//
// The columns:
//
//   - wire MiB: the size of the workload's wire bytes.
//   - impl MB/s, allocs/op: BenchmarkImplWire (impl.Reassemble of the wire
//     bytes).
//   - floor MB/s, ÷ floor: BenchmarkFloor (one scan for the frame
//     delimiters, one copy of the bulk bytes) and impl's time over it.
//   - per byte ÷ 1 MiB: impl's time per wire byte over that of the same
//     shape at 1 MiB (for a workload smaller than 1 MiB whose twin is
//     measured).
//   - inter ÷ seq: an interleaved workload's time over that of the same
//     calls one after another.
//   - vs <library>: the library's time over impl's: how many times faster
//     impl is.
//
// A value that misses its target is marked ✗: more than 20x the floor, a
// 1 KiB stream more than 1.5x per byte its 1 MiB twin, interleaved calls
// more than 1.3x sequential ones, less than 50x openai-go, 30x
// anthropic-sdk-go or 20x any other library.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/toolspec/toolspec/internal/workload"
)

func main() {
	out := flag.String("out", "", "write the table into this markdown file, between its bench-table lines, instead of printing it")
	var run runInfo
	flag.StringVar(&run.bench, "bench", ".", "the workloads' regular expression (make bench's BENCH), stated with the table")
	flag.StringVar(&run.flags, "flags", "", "go test's other flags (make bench's BENCHFLAGS), stated with the table")
	flag.StringVar(&run.commit, "commit", "", "the toolspec commit measured, stated with the table")
	flag.Parse()
	var ins []io.Reader
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtable:", err)
			os.Exit(2)
		}
		defer f.Close()
		ins = append(ins, f)
	}
	if len(ins) == 0 {
		ins = append(ins, os.Stdin)
	}
	rs, err := parse(ins...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(2)
	}
	if len(rs.wire) == 0 && len(rs.compare) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no BenchmarkImplWire or BenchmarkCompare results in the input")
		os.Exit(1)
	}
	if *out == "" {
		fmt.Print(render(rs, workload.All(), time.Now()))
		return
	}
	doc, err := os.ReadFile(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(2)
	}
	block := docBlock(rs, workload.All(), time.Now(), run)
	doc, err = splice(doc, block)
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchtable: %s: %v\n", *out, err)
		os.Exit(2)
	}
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(2)
	}
	fmt.Print(block)
	fmt.Fprintf(os.Stderr, "benchtable: wrote the table into %s\n", *out)
}

// The table of docs/performance.md sits between these two lines; make
// bench rewrites it (benchtable -out), and the text around it is written
// by hand.
const (
	docBegin = "<!-- bench-table: written by make bench; do not edit -->"
	docEnd   = "<!-- bench-table end -->"
)

// runInfo is what the file says of the run beside its table.
type runInfo struct {
	bench  string // BENCH: the regular expression of the workloads run
	flags  string // BENCHFLAGS
	commit string // the toolspec commit measured
}

// docBlock returns the text between docBegin and docEnd for the results
// rs of the workloads ws: which run it is, then render's table and legend.
func docBlock(rs *results, ws []*workload.Workload, now time.Time, run runInfo) string {
	cmd := "make bench"
	if run.bench != "" && run.bench != "." {
		cmd += " BENCH=" + shellQuote(run.bench)
	}
	if run.flags != "" {
		cmd += " BENCHFLAGS=" + shellQuote(run.flags)
	}
	commit := run.commit
	if commit == "" {
		commit = "unknown"
	}
	n := len(measured(rs, ws))
	var which string
	if n == len(ws) {
		which = fmt.Sprintf("all %d workloads.", n)
	} else {
		which = fmt.Sprintf("%d of the %d workloads, those whose names match `%s` (make bench without BENCH measures them all).", n, len(ws), run.bench)
	}
	return fmt.Sprintf("One run of `%s` at toolspec commit `%s`: %s\n\n%s", cmd, commit, which, render(rs, ws, now))
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.=/") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// splice returns doc with the text between its docBegin and docEnd lines
// replaced by block.
func splice(doc []byte, block string) ([]byte, error) {
	i, j, err := blockBounds(doc)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(doc[:i])
	b.WriteString(block)
	b.Write(doc[j:])
	return b.Bytes(), nil
}

// blockBounds returns the offsets of the text between doc's docBegin and
// docEnd lines, each of which must be there once, in that order.
func blockBounds(doc []byte) (int, int, error) {
	begin, end := []byte(docBegin+"\n"), []byte("\n"+docEnd)
	if bytes.Count(doc, begin) != 1 || bytes.Count(doc, end) != 1 {
		return 0, 0, fmt.Errorf("want one line %q and one line %q", docBegin, docEnd)
	}
	i, j := bytes.Index(doc, begin)+len(begin), bytes.Index(doc, end)+1
	if j < i {
		return 0, 0, fmt.Errorf("%q comes after %q", docBegin, docEnd)
	}
	return i, j, nil
}

// measured returns the workloads of ws that rs holds a result of, in the
// order of ws: the table's rows.
func measured(rs *results, ws []*workload.Workload) []*workload.Workload {
	var m []*workload.Workload
	for _, w := range ws {
		if _, ok := rs.wire[w.Name]; ok || rs.compare[w.Name] != nil {
			m = append(m, w)
		}
	}
	return m
}

// result is one benchmark's measurement.
type result struct {
	ns     float64 // ns/op
	mbps   float64 // MB/s, 0 when not reported
	allocs float64 // allocs/op, -1 when not reported
}

// results are the measurements read, by workload name.
type results struct {
	wire    map[string]result            // BenchmarkImplWire
	floor   map[string]result            // BenchmarkFloor
	compare map[string]map[string]result // BenchmarkCompare, by workload, then library
	libs    []string                     // the libraries of BenchmarkCompare but impl, first seen first
	cpu     string                       // go test's "cpu:" line
	goos    string
	goarch  string
	procs   int // GOMAXPROCS, from the names' suffix (1 when none)
}

// procsSuffix is the -N that go test appends to a benchmark's name when
// GOMAXPROCS is N > 1. No workload or library name ends in a dash and
// digits (internal/workload's TestWorkloads holds them to it).
var procsSuffix = regexp.MustCompile(`-([0-9]+)$`)

// parse reads `go test -bench -benchmem` output.
func parse(ins ...io.Reader) (*results, error) {
	rs := &results{wire: map[string]result{}, floor: map[string]result{}, compare: map[string]map[string]result{}, procs: 1}
	for _, in := range ins {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			for _, h := range []struct {
				prefix string
				to     *string
			}{{"cpu: ", &rs.cpu}, {"goos: ", &rs.goos}, {"goarch: ", &rs.goarch}} {
				if v, ok := strings.CutPrefix(line, h.prefix); ok {
					*h.to = strings.TrimSpace(v)
				}
			}
			if !strings.HasPrefix(line, "Benchmark") {
				continue
			}
			f := strings.Fields(line)
			if len(f) < 4 || f[3] != "ns/op" {
				continue // a benchmark's name alone, or a failure
			}
			name := f[0]
			if m := procsSuffix.FindStringSubmatch(name); m != nil {
				name = strings.TrimSuffix(name, m[0])
				rs.procs, _ = strconv.Atoi(m[1])
			}
			r := result{allocs: -1}
			for i := 2; i+1 < len(f); i += 2 {
				v, err := strconv.ParseFloat(f[i], 64)
				if err != nil {
					return nil, fmt.Errorf("%q: %v", line, err)
				}
				switch f[i+1] {
				case "ns/op":
					r.ns = v
				case "MB/s":
					r.mbps = v
				case "allocs/op":
					r.allocs = v
				}
			}
			parts := strings.Split(strings.TrimPrefix(name, "Benchmark"), "/")
			switch {
			case parts[0] == "ImplWire" && len(parts) == 2:
				keep(rs.wire, parts[1], r)
			case parts[0] == "Floor" && len(parts) == 2:
				keep(rs.floor, parts[1], r)
			case parts[0] == "Compare" && len(parts) == 3:
				w, lib := parts[1], parts[2]
				if rs.compare[w] == nil {
					rs.compare[w] = map[string]result{}
				}
				keep(rs.compare[w], lib, r)
				if lib != "impl" && !slices.Contains(rs.libs, lib) {
					rs.libs = append(rs.libs, lib)
				}
			}
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return rs, nil
}

// keep records r under k unless a faster run is recorded.
func keep(m map[string]result, k string, r result) {
	if old, ok := m[k]; !ok || r.ns < old.ns {
		m[k] = r
	}
}

// Targets.
const (
	maxFloorRatio   = 20  // impl's time over the floor's
	maxSmallPerByte = 1.5 // a 1 KiB stream's time per byte over its 1 MiB twin's
	maxInterleaved  = 1.3 // interleaved calls' time over sequential ones'
)

// minSpeedup is the least speed-up over lib the targets ask for.
func minSpeedup(lib string) float64 {
	switch {
	case strings.HasPrefix(lib, "openai-go"):
		return 50
	case strings.HasPrefix(lib, "anthropic-sdk-go"):
		return 30
	}
	return 20
}

// render returns the table of rs for the workloads ws (in their order),
// with its legend.
func render(rs *results, ws []*workload.Workload, now time.Time) string {
	var b strings.Builder
	head := []string{"workload", "wire MiB", "impl MB/s", "allocs/op", "floor MB/s", "÷ floor", "per byte ÷ 1 MiB", "inter ÷ seq"}
	for _, lib := range rs.libs {
		head = append(head, "vs "+lib)
	}
	row := func(cells []string) { b.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	row(head)
	sep := make([]string, len(head))
	for i := range sep {
		sep[i] = "---:"
	}
	sep[0] = "---"
	row(sep)
	misses := 0
	mark := func(s string, miss bool) string {
		if miss {
			misses++
			return s + " ✗"
		}
		return s
	}
	ratio := func(x float64) string { return formatRatio(x) + "x" }
	for _, w := range measured(rs, ws) {
		wire, hasWire := rs.wire[w.Name]
		cmp := rs.compare[w.Name]
		cells := make([]string, len(head))
		cells[0] = w.Name
		cells[1] = strconv.FormatFloat(float64(len(w.Raw()))/(1<<20), 'f', 2, 64)
		for i := 2; i < len(cells); i++ {
			cells[i] = ""
		}
		if hasWire {
			cells[2] = strconv.FormatFloat(wire.mbps, 'f', 1, 64)
			if wire.allocs >= 0 {
				cells[3] = thousands(int64(wire.allocs))
			}
			if fl, ok := rs.floor[w.Name]; ok {
				cells[4] = strconv.FormatFloat(fl.mbps, 'f', 0, 64)
				r := wire.ns / fl.ns
				cells[5] = mark(ratio(r), r > maxFloorRatio)
			}
			if w.Size < workload.MiB {
				big := w.WithSize(workload.MiB).Name
				if bw, ok := rs.wire[big]; ok && workload.ByName(big) != nil {
					r := (wire.ns / float64(len(w.Raw()))) / (bw.ns / float64(len(workload.ByName(big).Raw())))
					cells[6] = mark(ratio(r), w.Size == workload.KiB && r > maxSmallPerByte)
				}
			}
			if w.Interleave {
				if sw, ok := rs.wire[w.Sequential().Name]; ok {
					r := wire.ns / sw.ns
					cells[7] = mark(ratio(r), r > maxInterleaved)
				}
			}
		}
		implNS := wire.ns
		if r, ok := cmp["impl"]; ok {
			implNS = r.ns
		}
		for i, lib := range rs.libs {
			r, ok := cmp[lib]
			if !ok || implNS == 0 {
				continue
			}
			s := r.ns / implNS
			cells[8+i] = mark(strconv.FormatFloat(s, 'f', 1, 64)+"x", s < minSpeedup(lib))
		}
		row(cells)
	}
	fmt.Fprintf(&b, "\nMeasured %s on %s (%s/%s, GOMAXPROCS %d, %s). impl MB/s: wire bytes per second of impl.Reassemble; floor: one scan of the wire bytes for the frame delimiters and one copy of the bulk bytes (workload.Floor); ÷ floor: impl's time over the floor's (target ≤ %dx); per byte ÷ 1 MiB: impl's time per wire byte over its 1 MiB twin's (target ≤ %.1fx for 1 KiB streams); inter ÷ seq: interleaved calls' time over the same calls one after another (target ≤ %.1fx); vs LIB: LIB's time over impl's in the same run of thirdparty (targets: 50x openai-go, 30x anthropic-sdk-go, 20x others). %d values miss their target (✗).\n",
		now.UTC().Format("2006-01-02"), orUnknown(rs.cpu), orUnknown(rs.goos), orUnknown(rs.goarch), rs.procs, runtime.Version(),
		maxFloorRatio, maxSmallPerByte, maxInterleaved, misses)
	return b.String()
}

// formatRatio formats a ratio with two decimals.
func formatRatio(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// thousands formats n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
