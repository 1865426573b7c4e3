package conformance

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// Options set how the kit runs for the report.
type Options struct {
	Random int    // random streams of each format per library (spectest.RandomStreams)
	Seed   uint64 // their first seed, fixed so that a run can be repeated
	// Seeds is how many seeds the random streams are drawn with: Seed,
	// Seed+1, ... Each format's streams stop at the first failing one
	// (which is then shrunk), so more seeds find more failures.
	Seeds      int
	ShrinkTime time.Duration // the time to shrink a failing random stream
	// Captures is the folder of the shared provider captures that the
	// throughput is measured on, besides the workload streams; "" or a
	// missing folder measures on the workloads only.
	Captures string
	Timing   bool // measure throughput
}

// DefaultOptions are make report's: modest counts, so that the whole run
// takes a few minutes on a small machine.
var DefaultOptions = Options{Random: 100, Seed: 20260101, Seeds: 4, ShrinkTime: 3 * time.Second, Captures: "../../shared/captures", Timing: true}

// kit returns the kit's options for the random streams of seed: the
// first failing stream of each format only (RandomFailures(1)), which the
// report links to its one scenario file per case and seed.
func (o Options) kit(seed uint64) []spectest.Option {
	return []spectest.Option{spectest.RandomStreams(o.Random), spectest.Seed(seed), spectest.ShrinkTime(o.ShrinkTime), spectest.RandomFailures(1)}
}

// Case is one case of a library's run: a scenario, or the random streams
// of one format drawn with one seed.
type Case struct {
	spectest.CaseResult
	Seed uint64 // a random case's seed; 0 for a scenario
}

// Random reports whether c is a random case.
func (c Case) Random() bool { return strings.HasPrefix(c.Name, "random/") }

// Title is the case's name in the report.
func (c Case) Title() string {
	if c.Random() {
		return fmt.Sprintf("%s, seed %d", c.Name, c.Seed)
	}
	return c.Name
}

// Result is what the run found for one library.
type Result struct {
	Library Library
	Cases   []Case
	Err     error         // the kit could not run at all
	Elapsed time.Duration // the kit's run
	Timings []Timing
}

// Run runs the kit on every library of libs, one after the other, and
// measures their throughput when o.Timing is set.
func Run(libs []Library, o Options, progress func(string)) []Result {
	var out []Result
	for _, lib := range libs {
		start := time.Now()
		r := Result{Library: lib}
		for i := 0; i < max(o.Seeds, 1) && r.Err == nil; i++ {
			seed := o.Seed + uint64(i)
			opts := o.kit(seed)
			if i > 0 {
				opts = append(opts, spectest.RandomOnly())
			}
			rep, err := lib.Check(opts...)
			if err != nil {
				r.Err = err
				break
			}
			for _, c := range rep.Cases {
				x := Case{CaseResult: c}
				if x.Random() {
					if i > 0 && c.Skipped != "" {
						continue // not applicable: said once
					}
					x.Seed = seed
				}
				r.Cases = append(r.Cases, x)
			}
		}
		r.Elapsed = time.Since(start)
		if progress != nil {
			progress(fmt.Sprintf("%s: kit %v", lib.Name, r.Elapsed.Round(time.Millisecond)))
		}
		if o.Timing && !lib.External {
			r.Timings = Throughput(lib, o.Captures)
		}
		out = append(out, r)
	}
	return out
}

// Reproduce reruns one case of the report on lib: a scenario of the
// corpus (area/name) or the random streams of one format
// (random/<format>), which the same options draw again with o.Seed, and
// returns what it gave.
func Reproduce(lib Library, name string, o Options) (spectest.CaseResult, error) {
	opts := o.kit(o.Seed)
	if f, ok := strings.CutPrefix(name, "random/"); ok {
		f, _, _ = strings.Cut(f, "→") // a translator's random/FROM→TO
		fm, err := toolspec.ParseFormat(f)
		if err != nil {
			return spectest.CaseResult{}, err
		}
		opts = append(opts, spectest.RandomOnly(), spectest.Formats(fm))
	} else {
		if !isScenario(name) {
			return spectest.CaseResult{}, fmt.Errorf("no case %q: want area/name of a scenario or random/<format>", name)
		}
		opts = append(opts, spectest.RandomStreams(0), spectest.Only("^"+regexp.QuoteMeta(name)+"$"))
	}
	rep, err := lib.Check(opts...)
	if err != nil {
		return spectest.CaseResult{}, err
	}
	for _, c := range rep.Cases {
		if c.Name == name {
			return c, nil
		}
	}
	return spectest.CaseResult{}, fmt.Errorf("%s: the run has no case %q", lib.Name, name)
}

func isScenario(name string) bool {
	_, err := fs.Stat(spectest.Scenarios, name+".txtar")
	return err == nil
}

// Corpus returns the number of scenarios of the corpus.
func Corpus() int {
	n := 0
	_ = fs.WalkDir(spectest.Scenarios, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".txtar") {
			n++
		}
		return nil
	})
	return n
}

// Select returns the libraries of libs named in only (all when only is
// empty), or an error naming one that is not there.
func Select(libs []Library, only []string) ([]Library, error) {
	if len(only) == 0 {
		return libs, nil
	}
	var out []Library
	for _, name := range only {
		i := slices.IndexFunc(libs, func(l Library) bool { return l.Name == name })
		if i < 0 {
			var names []string
			for _, l := range libs {
				names = append(names, l.Name)
			}
			return nil, fmt.Errorf("no library %q (have %s)", name, strings.Join(names, ", "))
		}
		out = append(out, libs[i])
	}
	return out, nil
}
