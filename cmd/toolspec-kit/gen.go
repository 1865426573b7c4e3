package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

const genUsage = `usage: toolspec-kit gen --format F --seed S [-n N] [--adversarial] [--out DIR]

Writes N (default 10) generated streams of format F into DIR (default .), for
another language's test suite: NAME.stream, the raw bytes, and beside it
NAME.json, the reference model's outcome of it (the schema of toolspec
reassemble's output), NAME being F-S-I for the I-th stream. The streams are
valid ones (package gen's Valid), or with --adversarial valid ones broken in
the ways the field notes describe (gen's Mutated). Each line of the standard
output names a stream and what it is. The same seed gives the same files
(with the same version of toolspec): stream I is drawn from rapid's
generator seeded with the first 31 bits drawn from a PCG seeded with (S, I).
Exit status: 0 written, 2 a usage or I/O error.
`

// runGen is toolspec-kit gen.
func runGen(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("gen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() { fmt.Fprint(stderr, genUsage) }
	format := fl.String("format", "", "the wire format")
	seedFlag := fl.String("seed", "", "the seed (an unsigned integer)")
	n := fl.Int("n", 10, "how many streams")
	adversarial := fl.Bool("adversarial", false, "break the streams (gen.Mutated)")
	dir := fl.String("out", ".", "the directory to write into")
	pos, err := parseArgs(fl, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(pos) != 0 {
		fmt.Fprint(stderr, genUsage)
		return 2
	}
	f, err := toolspec.ParseFormat(*format)
	if err != nil {
		return exitFor(usageErr("--format: %v", err), stderr)
	}
	seed, err := strconv.ParseUint(*seedFlag, 10, 64)
	if err != nil {
		return exitFor(usageErr("--seed: want an unsigned integer, got %q", *seedFlag), stderr)
	}
	if *n < 0 {
		return exitFor(usageErr("-n must not be negative"), stderr)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return exitFor(err, stderr)
	}
	width := len(strconv.Itoa(max(*n-1, 0)))
	for i := 0; i < *n; i++ {
		s := genStream(f, seed, uint64(i), *adversarial)
		name := fmt.Sprintf("%s-%d-%0*d", f, seed, width, i)
		out, err := outcomeJSON(toolspec.Outcome(model.Reassemble(f, s.data, spec.Limits{})))
		if err != nil {
			return exitFor(err, stderr)
		}
		if err := os.WriteFile(filepath.Join(*dir, name+".stream"), s.data, 0o644); err != nil {
			return exitFor(err, stderr)
		}
		if err := os.WriteFile(filepath.Join(*dir, name+".json"), out, 0o644); err != nil {
			return exitFor(err, stderr)
		}
		fmt.Fprintf(stdout, "%s %s\n", name, s.how)
	}
	return 0
}

// generated is one generated stream and how it was made.
type generated struct {
	data []byte
	how  string
}

// genStream draws stream i of seed: a valid stream of format f, or a
// broken one when adversarial.
func genStream(f toolspec.Format, seed, i uint64, adversarial bool) generated {
	g := rapid.Custom(func(t *rapid.T) generated {
		if adversarial {
			data, muts := gen.Mutated(t, f)
			return generated{data, "mutated: " + strings.Join(muts, ", ")}
		}
		_, data := gen.Valid(t, f)
		return generated{data, "valid"}
	})
	// 31 bits, so that the seed is the same int on every platform.
	return g.Example(int(rand.New(rand.NewPCG(seed, i)).Uint64() >> 33))
}

// outcomeJSON encodes an outcome as toolspec reassemble prints it.
func outcomeJSON(o toolspec.Outcome) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(o); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
