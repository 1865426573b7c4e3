package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: toolspec-kit COMMAND ...

The conformance kit (package spectest) from the command line
(toolspec-kit COMMAND -h for each):
  toolspec-kit check --adapter 'CMD ARGS' ...  run the kit on an adapter program
  toolspec-kit gen --format F --seed S ...     write generated streams and their outcomes
  toolspec-kit replay [--adapter CMD] FILE     replay a scenario (through model and impl, or an adapter)
  toolspec-kit reduce --adapter CMD FILE       shrink a stream on which an adapter fails

toolspec reassemble and toolspec history are the command toolspec
(from a checkout: go run ./cmd/toolspec), which does without the kit.
`

// commands are the subcommands.
var commands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"check":  runCheck,
	"gen":    runGen,
	"replay": runReplay,
	"reduce": runReduce,
}

// run is the whole command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && commands[args[0]] != nil {
		return commands[args[0]](args[1:], stdout, stderr)
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if len(args) > 0 && (args[0] == "reassemble" || args[0] == "history") {
		fmt.Fprintf(stderr, "toolspec-kit: %[1]s is a subcommand of toolspec: toolspec %[1]s ...   (from a checkout: go run ./cmd/toolspec %[1]s ...)\n", args[0])
		return 2
	}
	fmt.Fprint(stderr, usage)
	return 2
}
