package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// adapterFlags are the flags that name an adapter program and what it
// claims, shared by check, replay and reduce.
type adapterFlags struct {
	cmd     string
	serve   bool
	claim   claimList
	name    string
	formats formatList
	timeout time.Duration
}

// defaultTimeout is the default of --timeout.
const defaultTimeout = 10 * time.Second

func (af *adapterFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&af.cmd, "adapter", "", "the adapter's command line, run with sh -c ({format} and {limits} are replaced)")
	fs.BoolVar(&af.serve, "serve", false, "speak the persistent form of the protocol (the adapter describes itself in the handshake)")
	fs.Var(&af.claim, "claim", "what the adapter claims (repeat it, or separate with commas): stop-reason, text, thinking, limits, custom, several-responses, all")
	fs.StringVar(&af.name, "name", "", "the adapter's name in the report")
	fs.Var(&af.formats, "format", "a format the adapter reads (repeat it, or separate with commas; default all)")
	fs.DurationVar(&af.timeout, "timeout", defaultTimeout, "how long the adapter may take to answer one stream")
}

// formatList is a repeatable --format flag.
type formatList []toolspec.Format

func (l *formatList) String() string {
	var s []string
	for _, f := range *l {
		s = append(s, string(f))
	}
	return strings.Join(s, ",")
}

func (l *formatList) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		f, err := toolspec.ParseFormat(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		*l = append(*l, f)
	}
	return nil
}

// claimList is a repeatable --claim flag: each value is a
// comma-separated list of claim names, checked when the adapter is opened.
type claimList []string

func (l *claimList) String() string { return strings.Join(*l, ",") }

func (l *claimList) Set(v string) error {
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			*l = append(*l, n)
		}
	}
	return nil
}

// errUsage marks an error of the command line.
var errUsage = errors.New("usage")

// usageErr is an error of the command line, exit status 2.
func usageErr(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
}

// adapter is an adapter program, started.
type adapter struct {
	new   func() spectest.Adapter
	d     spectest.Description
	close func() error
	opts  []spectest.Option // the kit's options the flags ask for
	runs  atomic.Int64      // streams sent
}

// open starts the adapter the flags name. A usage error wraps errUsage; a
// handshake that fails is a *spectest.ProtocolError.
func (af *adapterFlags) open(stderr io.Writer) (*adapter, error) {
	if af.cmd == "" {
		return nil, usageErr("--adapter is required")
	}
	if af.timeout <= 0 {
		return nil, usageErr("--timeout must be positive")
	}
	// The kit's own bound comes after the adapter's, which kills it.
	a := &adapter{opts: []spectest.Option{spectest.Timeout(af.timeout + 10*time.Second)}}
	popts := []spectest.ProgramOption{spectest.RequestTimeout(af.timeout)}
	if af.serve {
		if len(af.claim) > 0 || af.name != "" {
			return nil, usageErr("--claim and --name do not go with --serve: the adapter describes itself in the handshake")
		}
		p, err := spectest.Process(af.cmd, popts...)
		if err != nil {
			return nil, err
		}
		a.new, a.d, a.close = func() spectest.Adapter { return p }, p.Describe(), p.Close
		if len(af.formats) > 0 {
			a.opts = append(a.opts, spectest.Formats(af.formats...))
		}
	} else {
		d := spectest.Description{Name: af.name, Formats: af.formats}
		if d.Name == "" {
			d.Name = af.cmd
		}
		if err := d.SetClaims(af.claim...); err != nil {
			return nil, usageErr("--claim: %v", err)
		}
		c := spectest.Command(af.cmd, d, popts...)
		a.new, a.d, a.close = func() spectest.Adapter { return c }, d, func() error { return nil }
	}
	inner := a.new
	a.new = func() spectest.Adapter { return &counted{Adapter: inner(), n: &a.runs} }
	return a, nil
}

// replayFlags are the flags that name the same adapter, claims and
// timeout to toolspec-kit replay and reduce.
func (af *adapterFlags) replayFlags(d spectest.Description) string {
	s := "--adapter " + shellQuote(af.cmd)
	if af.serve {
		s += " --serve"
	} else if c := d.ClaimNames(); len(c) > 0 {
		s += " --claim " + strings.Join(c, ",")
	}
	if af.timeout != defaultTimeout {
		s += " --timeout " + af.timeout.String()
	}
	return s
}

// counted counts the streams sent to an adapter.
type counted struct {
	spectest.Adapter
	n *atomic.Int64
}

// Describe returns the inner adapter's description.
func (c *counted) Describe() spectest.Description {
	if d, ok := c.Adapter.(spectest.Describer); ok {
		return d.Describe()
	}
	return spectest.Description{}
}

// Reassemble counts s and passes it on.
func (c *counted) Reassemble(s spectest.Stream) (spectest.Result, error) {
	c.n.Add(1)
	return c.Adapter.Reassemble(s)
}

// shellQuote quotes s for sh, unless it needs no quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// exitFor is the exit status and message of an error of a subcommand:
// 2 for a usage error or a broken adapter.
func exitFor(err error, stderr io.Writer) int {
	var pe *spectest.ProtocolError
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "toolspec-kit: %v\n", strings.TrimPrefix(err.Error(), "usage: "))
	case errors.As(err, &pe):
		fmt.Fprintf(stderr, "toolspec-kit: the adapter is broken: %v\n", err)
	default:
		fmt.Fprintf(stderr, "toolspec-kit: %v\n", err)
	}
	return 2
}

// parseArgs parses the flags of fl among args, before and after the
// positional arguments, which it returns.
func parseArgs(fl *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		if fl.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fl.Arg(0))
		args = fl.Args()[1:]
	}
}
