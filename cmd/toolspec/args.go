package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// errUsage marks an error of the command line.
var errUsage = errors.New("usage")

// usageErr is an error of the command line, exit status 2.
func usageErr(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
}

// exitFor prints the error of a subcommand and returns its exit status: 2,
// for a usage or an I/O error.
func exitFor(err error, stderr io.Writer) int {
	msg := err.Error()
	if errors.Is(err, errUsage) {
		msg = strings.TrimPrefix(msg, "usage: ")
	}
	fmt.Fprintf(stderr, "toolspec: %s\n", msg)
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
