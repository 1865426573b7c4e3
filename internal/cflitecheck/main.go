// Command cflitecheck checks the ClusterFuzzLite (OSS-Fuzz) build script
// .clusterfuzzlite/build.sh against the module's native Go fuzz targets,
// without Docker, the OSS-Fuzz builder image or ClusterFuzzLite itself, and
// writes the targets' seed corpora in the engine's input encoding.
//
// build.sh names every native fuzz target of the module (a function
// FuzzX(f *testing.F) that go test -list '^Fuzz' lists) on one line,
//
//	build_target DIR FuzzX
//
// where DIR is the package directory relative to the module root ("." or
// "./impl"). Every target must build: a line "# not-built DIR FuzzX: why",
// which earlier versions of build.sh used for a target the engine could
// not build, fails the check.
//
// Run from the module root (make cflite-check does), cflitecheck fails when
// a line names a package or function that is not a fuzz target, when a
// fuzz target of the module is on no line, when a package with targets does
// not build its tests, when a testdata/fuzz/<Name> corpus belongs to no
// target or does not decode into the target's arguments, and when a
// target is one the engine's build would skip, fail on, or build into a
// fuzzer that panics on every input. What the engine's build needs is
// checked as compile_native_go_fuzzer and go-118-fuzz-build (the tool behind
// it) do it, at the version build.sh pins; see [inspect] and
// [compileAsEngine]. make cflite-build runs the real build and the fuzzers
// (.clusterfuzzlite/local-build.sh), which this check models.
//
// With -seeds DIR it writes, for each build_target with a corpus, the file
// DIR/<fuzzer>_seed_corpus.zip that OSS-Fuzz and ClusterFuzzLite pick up
// from $OUT, each "go test fuzz v1" file converted to the bytes the engine's
// harness decodes back into the same arguments (see [encodeEngineInput]).
// build.sh runs it so in the builder image.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	script := flag.String("script", ".clusterfuzzlite/build.sh", "the build script, relative to the module root")
	seeds := flag.String("seeds", "", "write <fuzzer>_seed_corpus.zip files for the built targets into this directory, and do nothing else")
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: cflitecheck [-script FILE] [-seeds DIR]")
		os.Exit(2)
	}
	text, err := os.ReadFile(*script)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cflitecheck:", err)
		os.Exit(1)
	}
	lines, err := parseBuildScript(string(text))
	if err != nil {
		fmt.Fprintf(os.Stderr, "cflitecheck: %s: %v\n", *script, err)
		os.Exit(1)
	}
	if *seeds != "" {
		n, err := writeSeedCorpora(".", lines, *seeds)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cflitecheck:", err)
			os.Exit(1)
		}
		fmt.Printf("cflitecheck: wrote %d seed corpora to %s\n", n, *seeds)
		return
	}
	f, err := gather(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "cflitecheck:", err)
		os.Exit(1)
	}
	report, errs := verify(f, lines)
	fmt.Print(report)
	for _, e := range errs {
		fmt.Fprintf(os.Stderr, "cflitecheck: %s: %v\n", *script, e)
	}
	if len(errs) > 0 {
		os.Exit(1)
	}
}
