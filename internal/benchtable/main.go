// Command benchtable prints the one table of `make bench`: for every
// workload of package internal/workload, impl's throughput and
// allocations, its ratio to the floor, the shape ratios the performance
// targets are stated in, and impl's speed-up over every SDK measured on it.
//
// Usage:
//
//	go run ./internal/benchtable FILE...
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
	var ins []io.Reader
	for _, name := range os.Args[1:] {
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
	fmt.Print(render(rs, workload.All(), time.Now()))
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
	for _, w := range ws {
		wire, hasWire := rs.wire[w.Name]
		cmp := rs.compare[w.Name]
		if !hasWire && cmp == nil {
			continue
		}
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
