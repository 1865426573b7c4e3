package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spectest"
)

const reduceUsage = `usage: toolspec-kit reduce --adapter 'CMD ARGS' [--serve] [--claim LIST] [--format F]
                          [--rule R] [--max-runs N] [--out FILE] [--timeout D] FILE

Shrinks a stream on which an adapter program fails, for a bug report: FILE is
a scenario (.txtar) or the raw bytes of a stream (the format from --format, or
detected). The stream is cut into frames by its framing (SSE events at blank
lines, JSON lines at line ends, Bedrock event-stream messages by their
length); delta debugging drops frames, then bytes within the frames left (of
text framings, in frames of at most 2 KiB), keeping every candidate on which
the adapter still fails the same rule: --rule R, by default the rule of the
first failure (a protocol failure stays a protocol failure). At most
--max-runs adapter runs (default 500). The result is written as a scenario,
with the model's transcript as its want, to --out (default the standard
output); what was dropped is said on standard error.
Exit status: 0 written, 2 a usage error, a stream on which the adapter does
not fail (the rule), or an adapter that fails its handshake.
`

// runReduce is toolspec-kit reduce.
func runReduce(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("reduce", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() { fmt.Fprint(stderr, reduceUsage) }
	var af adapterFlags
	af.register(fl)
	ruleFlag := fl.String("rule", "", "the rule the stream must keep failing")
	maxRuns := fl.Int("max-runs", 500, "the most adapter runs")
	outFile := fl.String("out", "", "where the scenario is written (default: standard output)")
	pos, err := parseArgs(fl, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprint(stderr, reduceUsage)
		return 2
	}
	sc, err := loadStream(pos[0], af.formats)
	if err != nil {
		return exitFor(err, stderr)
	}
	a, err := af.open(stderr)
	if err != nil {
		return exitFor(err, stderr)
	}
	defer func() {
		if err := a.close(); err != nil {
			fmt.Fprintf(stderr, "toolspec-kit: %v\n", err)
		}
	}()
	judge := func(data []byte) spectest.CaseResult {
		c := *sc
		c.Input = data
		return spectest.CheckScenario(a.new, &c, a.opts...)
	}
	first := judge(sc.Input)
	if first.Skipped != "" {
		return exitFor(usageErr("the adapter is not judged on %s: %s", pos[0], first.Skipped), stderr)
	}
	if len(first.Failures) == 0 {
		return exitFor(usageErr("the adapter passes %s: nothing to reduce", pos[0]), stderr)
	}
	target := first.Failures[0]
	if *ruleFlag != "" {
		found := false
		for _, f := range first.Failures {
			if f.Protocol == nil && string(f.Rule) == *ruleFlag {
				target, found = f, true
				break
			}
		}
		if !found {
			return exitFor(usageErr("the adapter does not fail %s on %s: its failures are\n%s", *ruleFlag, pos[0], failureLines(first)), stderr)
		}
	}
	runs := 1
	still := func(data []byte) bool {
		if runs >= *maxRuns {
			return false
		}
		runs++
		return sameFailure(judge(data), target)
	}
	frames := splitFrames(sc.Format, sc.Input)
	before := len(frames)
	frames = ddmin(frames, func(fr [][]byte) bool { return still(bytes.Join(fr, nil)) })
	if !isEventStream(sc.Input) {
		for i := range frames {
			if len(frames[i]) > 2048 {
				continue
			}
			frames[i] = ddmin(frames[i], func(b []byte) bool {
				cand := append(append(append([][]byte{}, frames[:i]...), b), frames[i+1:]...)
				return still(bytes.Join(cand, nil))
			})
		}
	}
	data := bytes.Join(frames, nil)
	final := judge(data)
	if !sameFailure(final, target) { // an adapter that does not fail the same way twice
		data, final = sc.Input, first
	}
	out := spectest.Scenario("reduced from "+pos[0], sc.Format, toolspec.Limits(sc.Limits), data, final.Failures)
	if *outFile == "" {
		_, err = stdout.Write(out)
	} else {
		err = os.WriteFile(*outFile, out, 0o644)
	}
	if err != nil {
		return exitFor(err, stderr)
	}
	what := string(target.Rule)
	if target.Protocol != nil {
		what = "a protocol failure"
	}
	fmt.Fprintf(stderr, "toolspec-kit reduce: %d frames (%d bytes) to %d frames (%d bytes) in %d adapter runs, still failing %s\n",
		before, len(sc.Input), len(splitFrames(sc.Format, data)), len(data), runs, what)
	return 0
}

// sameFailure reports whether c fails as target did: a failure of the
// same rule, or a protocol failure for a protocol failure.
func sameFailure(c spectest.CaseResult, target spectest.Failure) bool {
	for _, f := range c.Failures {
		if (target.Protocol != nil) == (f.Protocol != nil) && (target.Protocol != nil || f.Rule == target.Rule) {
			return true
		}
	}
	return false
}

// failureLines lists c's failures, one a line.
func failureLines(c spectest.CaseResult) string {
	var b strings.Builder
	for _, f := range c.Failures {
		fmt.Fprintf(&b, "    %s: got %s\n", ruleOf(f), f.Got)
	}
	return b.String()
}

// loadStream reads a scenario, or a raw stream of the one format given
// (or the detected one) under the default limits.
func loadStream(name string, formats []toolspec.Format) (*scenario.Scenario, error) {
	if strings.HasSuffix(name, ".txtar") {
		return loadScenario(name)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	sc := &scenario.Scenario{Name: "reduced", Input: data, Rules: []toolspec.RuleID{toolspec.FramePayload}}
	switch len(formats) {
	case 0:
		if sc.Format, err = toolspec.Detect(data[:min(len(data), toolspec.DetectBytes)]); err != nil {
			return nil, usageErr("%v; name it with --format", err)
		}
	case 1:
		sc.Format = formats[0]
	default:
		return nil, usageErr("a raw stream has one format; got --format %v", formats)
	}
	return sc, nil
}

// ddmin is delta debugging (Zeller's ddmin, complements only): it drops
// ever smaller runs of items as long as fails holds for what is left, and
// returns what is left. fails is never asked about items itself.
func ddmin[T any](items []T, fails func([]T) bool) []T {
	n := 2
	for len(items) >= 1 {
		n = min(n, len(items))
		chunk := (len(items) + n - 1) / n
		reduced := false
		for start := 0; start < len(items); start += chunk {
			end := min(start+chunk, len(items))
			cand := append(append([]T{}, items[:start]...), items[end:]...)
			if fails(cand) {
				items, reduced = cand, true
				n = max(n-1, 2)
				break
			}
		}
		if !reduced {
			if n >= len(items) {
				break
			}
			n = min(n*2, len(items))
		}
	}
	return items
}

// splitFrames cuts a stream of format f into frames whose concatenation
// is data: Bedrock event-stream messages, SSE events (each with the blank
// line that ends it), or lines.
func splitFrames(f toolspec.Format, data []byte) [][]byte {
	var out [][]byte
	switch {
	case f == toolspec.FormatBedrock && isEventStream(data):
		for len(data) >= 16 {
			n := int(binary.BigEndian.Uint32(data))
			if n < 16 || n > len(data) {
				break
			}
			out = append(out, data[:n])
			data = data[n:]
		}
	case looksSSE(data):
		start := 0
		for i := 0; i < len(data); {
			end := bytes.IndexByte(data[i:], '\n')
			if end < 0 {
				break
			}
			line := bytes.TrimRight(data[i:i+end], "\r")
			i += end + 1
			if len(line) == 0 && i > start+1 {
				out = append(out, data[start:i])
				start = i
			}
		}
		data = data[start:]
	default:
		for {
			end := bytes.IndexByte(data, '\n')
			if end < 0 {
				break
			}
			out = append(out, data[:end+1])
			data = data[end+1:]
		}
	}
	if len(data) > 0 {
		out = append(out, data)
	}
	return out
}

// looksSSE reports whether data has a line that starts with an SSE field
// the formats use.
func looksSSE(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("data:")) || bytes.HasPrefix(line, []byte("event:")) {
			return true
		}
	}
	return false
}

// isEventStream reports whether data starts with the prelude of an AWS
// event-stream message: total length, headers length within it.
func isEventStream(data []byte) bool {
	if len(data) < 16 {
		return false
	}
	total, headers := binary.BigEndian.Uint32(data), binary.BigEndian.Uint32(data[4:])
	return total >= 16 && int(total) <= len(data) && uint64(headers)+16 <= uint64(total)
}
