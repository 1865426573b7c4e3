package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: toolspec reassemble [--format F] [--max-calls N] [--max-arg-bytes N]
                          [--max-response-bytes N] [--max-id-bytes N] [--max-name-bytes N]
                          [--max-frame-bytes N] [--max-items N] [--max-messages N]
                          [--max-choices N] [--no-parallel] [--text] FILE|-

Formats: openai-chat, openai-responses, anthropic, ollama, gemini, bedrock.
Limits (SPEC.md section 6; 0 means the default): --max-calls (BUD-1, 128),
--max-arg-bytes (BUD-2, 2 MiB), --max-response-bytes (BUD-3, 32 MiB),
--max-id-bytes and --max-name-bytes (BUD-4, 256 each), --max-frame-bytes
(BUD-5, 32 MiB), --max-items, --max-messages, --max-choices (BUD-6, 4096, 1024,
128), --no-parallel (BUD-7).
Output: the outcome as JSON (the schema is in docs/command.md); with --text,
for a person: the items in order (text and thinking on one line, cut to 80
runes with their length in bytes), the calls as a table, the stops, the tail
of a stream cut inside its last frame, and the violations.
Exit status: 0 a whole success, 1 any violation, 2 usage or I/O error,
3 no violation but not whole (truncated, cut by the token limit, stopped for
a reason not known to end a generation normally, calls incomplete, a
malformed call reported).

The other command (toolspec history -h):
  toolspec history check|translate|repair|turn ...
                                           check, translate or repair a conversation history,
                                           or print a stream's assistant turn as one

The conformance kit (check, gen, replay, reduce) is the command toolspec-kit
(from a checkout: go run ./cmd/toolspec-kit check --adapter 'CMD ARGS' ...).
`

// kitCommands are the subcommands of toolspec-kit, the conformance kit's
// command. They link the kit (the reference model, the scenario corpus,
// rapid and txtar), which reassemble and history do without: this command
// builds from the standard library and toolspec's production packages
// alone.
var kitCommands = []string{"check", "gen", "replay", "reduce"}

// kitMoved is what toolspec says of a subcommand of toolspec-kit.
const kitMoved = `toolspec: %[1]s is a subcommand of toolspec-kit, the conformance kit's command:
  toolspec-kit %[1]s ...   (from a checkout: go run ./cmd/toolspec-kit %[1]s ...)
`

// limitFlags are the flags that set the fields of spec.Limits, one per
// field, named as the limits: keys of the golden scenarios are.
var limitFlags = []struct {
	name, help string
	field      func(*spec.Limits) *int
}{
	{"max-calls", "most calls per message (BUD-1; default 128)", func(l *spec.Limits) *int { return &l.MaxCalls }},
	{"max-arg-bytes", "most argument bytes per call (BUD-2; default 2 MiB)", func(l *spec.Limits) *int { return &l.MaxArgBytes }},
	{"max-response-bytes", "most payload bytes per message (BUD-3; default 32 MiB)", func(l *spec.Limits) *int { return &l.MaxResponseBytes }},
	{"max-id-bytes", "longest call id in bytes (BUD-4; default 256)", func(l *spec.Limits) *int { return &l.MaxIDBytes }},
	{"max-name-bytes", "longest call name in bytes (BUD-4; default 256)", func(l *spec.Limits) *int { return &l.MaxNameBytes }},
	{"max-frame-bytes", "largest wire frame in bytes (BUD-5; default 32 MiB)", func(l *spec.Limits) *int { return &l.MaxFrameBytes }},
	{"max-items", "most items per message (BUD-6; default 4096)", func(l *spec.Limits) *int { return &l.MaxItems }},
	{"max-messages", "most messages per stream (BUD-6; default 1024)", func(l *spec.Limits) *int { return &l.MaxMessages }},
	{"max-choices", "choice numbers are below this (BUD-6; default 128)", func(l *spec.Limits) *int { return &l.MaxChoices }},
}

// options are the parsed flags of reassemble.
type options struct {
	format string
	lim    spec.Limits
	text   bool
}

// newFlags returns the flag set of reassemble, writing into o.
func newFlags(o *options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("reassemble", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	fs.StringVar(&o.format, "format", "", "wire format (detected when absent)")
	for _, lf := range limitFlags {
		fs.IntVar(lf.field(&o.lim), lf.name, 0, lf.help)
	}
	fs.BoolVar(&o.lim.NoParallel, "no-parallel", false, "parallel tool calls are disabled (BUD-7)")
	fs.BoolVar(&o.text, "text", false, "print the items, calls, stops and violations for a person instead of JSON")
	return fs
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "history" {
		return runHistory(args[1:], stdin, stdout, stderr)
	}
	if len(args) > 0 && slices.Contains(kitCommands, args[0]) {
		fmt.Fprintf(stderr, kitMoved, args[0])
		return 2
	}
	if len(args) == 0 || args[0] != "reassemble" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprint(stderr, usage)
		return 2
	}
	var opt options
	fs := newFlags(&opt, stderr)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	for _, lf := range limitFlags {
		if *lf.field(&opt.lim) < 0 {
			fmt.Fprintf(stderr, "toolspec: --%s must not be negative\n", lf.name)
			return 2
		}
	}
	in, closeIn, err := openInput(fs.Arg(0), stdin)
	if err != nil {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		return 2
	}
	defer closeIn()
	// The stream is read once, as it arrives; only its start is held for
	// format detection.
	br := bufio.NewReaderSize(in, detectBytes)
	f := spec.Format(opt.format)
	head, err := br.Peek(detectBytes)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		return 2
	}
	if f == "" {
		if f, err = toolspec.Detect(head); err != nil {
			fmt.Fprintf(stderr, "%v; name it with --format\n", err)
			return 2
		}
	} else if !f.Valid() {
		fmt.Fprintf(stderr, "toolspec: unknown format %q\n", opt.format)
		return 2
	}
	a := impl.New(f, opt.lim)
	if _, err := a.ReadFrom(br); err != nil {
		if _, isViolation := err.(*spec.Violation); !isViolation {
			fmt.Fprintf(stderr, "toolspec: %v\n", err)
			return 2
		}
	}
	out := a.Close()
	if n := len(out.Violations); n > 0 && out.Violations[n-1].Rule == spec.FrameNotFormat {
		// FRAME-7: say what the input looks like, when the detector knows.
		if g, err := toolspec.Detect(head); err == nil && g != f {
			out.Violations[n-1].Message += fmt.Sprintf(" (it looks like %s: try --format %s)", g, g)
		}
	}
	if opt.text {
		writeText(stdout, out)
	} else {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "toolspec: %v\n", err)
			return 2
		}
	}
	return exitStatus(out)
}

// exitStatus is the command's exit status for an outcome: 0 for a whole
// success, 1 when the stream broke any rule, 3 when it did not but is not
// whole (truncated, cut by its token limit, stopped for a reason not known
// to end a generation normally, calls incomplete, or a malformed call
// reported).
func exitStatus(out spec.Outcome) int {
	err := out.Err()
	switch {
	case err == nil:
		return 0
	case errors.Is(err, spec.ErrViolation):
		return 1
	}
	return 3
}

// detectBytes is how much of the stream format detection looks at.
const detectBytes = toolspec.DetectBytes

func openInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
