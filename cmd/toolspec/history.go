package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/impl/history"
	"github.com/toolspec/toolspec/spec"
)

const historyUsage = `usage: toolspec history check --from F [--text] FILE|-
       toolspec history translate --from F --to G [--body] [--text] FILE|-
       toolspec history repair --from F [--body] [--text] FILE|-
       toolspec history turn [--format F] [--to G] [--message N] [--choice N]
                             [--drop-unfinished] [--request FILE] [--results FILE] [--body] [--text] STREAM|-

Conversation histories (SPEC.md section 11): FILE is a request body of
format F (openai-chat, openai-responses, anthropic, ollama, gemini, bedrock).
--from is required: a request of one user message is the same document in
OpenAI chat, Anthropic and Ollama, so the format cannot be told from it.

  check      the pairing of calls and results and the calls and tools
             (HIST rules): the violations, each at its JSON path in FILE,
             and the pending calls (those of the last assistant turn that
             wait for their results).
  translate  FILE in format G, with every element G cannot carry named
             (XLATE rules, class "loss") at its path in FILE. The model,
             streaming, output limit, sampling, reasoning and response
             schema settings go where G holds them (XLATE-7); one G has
             no place or range for, or requires and FILE lacks, is named,
             never made up. Signatures
             and redacted reasoning, bound to the provider that made
             them, are left out and named (XLATE-1); so are they when
             turn --to writes a stream's turn in another format.
  repair     FILE repaired in format F (a placeholder result, marked as an
             error, for each unanswered call; orphan and duplicate results
             dropped; misplaced results moved) with every change listed at
             its path in FILE. Every other member of FILE (the model,
             stream, settings, members no rule knows) and every message,
             block and tool the repair did not change are kept byte for
             byte (HIST-9). The violations are the losses of writing it
             (members no history holds inside an element rewritten or
             removed, at their paths in FILE; a placeholder's error flag in
             a format without one) and what repair cannot mend (HIST-2,
             HIST-6, HIST-7), at their paths in the repaired document.
  turn       the assistant turn of a recorded stream (reassembled by the
             production reassembler; --format is detected when absent) as a
             history document of the stream's format or of --to G: every
             call, thinking block and signature, redacted reasoning and
             text in order, for a caller to append the results to. The turn
             is that of message N (default: the stream's last) and choice N
             (default 0). An incomplete or invalid call, a call the provider
             ran, and a block whose content the outcome does not hold make it
             fail, naming the call, unless --drop-unfinished drops each with
             a listed change (its path "items[k]", the item in the
             stream's outcome). The losses of writing the turn in a format
             are at its canonical paths: messages[0].parts[j] is the turn's
             j-th part.
             With --request FILE, the request body (of format G, or of the
             stream's) that the stream answered: the next request instead,
             FILE with the turn of the stream's last message appended and
             then one result per element of --results FILE (a JSON array of
             {"id", "name", "content" (text), "is_error"}), every other
             member of FILE kept byte for byte (HIST-9). A result that
             answers no call of the turn is an orphan (HIST-1).

Output: JSON ("violations" in the schema of reassemble's, with "path";
check adds "pending", translate, repair and turn "document", repair and turn
"changes"), or with --text for a person. With --body, the document alone,
as written, on standard output, and the rest for a person on standard
error.
Exit status: 0 nothing to report; 1 a violation (a rule of the history, or
of the stream for turn; a turn that cannot be built); 2 usage or I/O error;
3 no violation, but check found pending calls (a provider rejects the
history until their results follow), translate or turn lost an element the
target cannot carry, or repair changed the history.

These commands run the production history code (package impl/history,
which the root package toolspec exposes), which the differential tests of
package fuzz hold equal to the reference (package model/history).
`

// historyCommands are the subcommands of toolspec history.
var historyCommands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"check":     runHistoryCheck,
	"translate": runHistoryTranslate,
	"repair":    runHistoryRepair,
	"turn":      runHistoryTurn,
}

// runHistory is toolspec history.
func runHistory(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprint(stdout, historyUsage)
		return 0
	}
	if len(args) == 0 || historyCommands[args[0]] == nil {
		fmt.Fprint(stderr, historyUsage)
		return 2
	}
	return historyCommands[args[0]](args[1:], stdin, stdout, stderr)
}

// historyFlags are the flags of the history subcommands.
type historyFlags struct {
	fl       *flag.FlagSet
	from, to string
	text     bool
	// The flags of turn.
	format          string
	message, choice int
	drop            bool
	request         string // the request body the stream answered
	results         string // the results of its calls, a JSON array
	// body prints the document alone on stdout, the rest on stderr.
	body bool
}

// historyTo says which history subcommands have --to.
var historyTo = map[string]bool{"check": false, "translate": true, "repair": false, "turn": true}

// newHistoryFlags returns the flag set of history NAME; to says whether it
// has --to.
func newHistoryFlags(name string, to bool, stderr io.Writer) *historyFlags {
	hf := &historyFlags{fl: flag.NewFlagSet("history "+name, flag.ContinueOnError)}
	hf.fl.SetOutput(stderr)
	hf.fl.Usage = func() { fmt.Fprint(stderr, historyUsage) }
	if name != "turn" {
		hf.fl.StringVar(&hf.from, "from", "", "the format of the history document")
	}
	if to {
		hf.fl.StringVar(&hf.to, "to", "", "the format to write")
	}
	if name == "turn" {
		hf.fl.StringVar(&hf.format, "format", "", "wire format of the stream (detected when absent)")
		hf.fl.IntVar(&hf.message, "message", -1, "the message whose turn to build (default: the last)")
		hf.fl.IntVar(&hf.choice, "choice", 0, "the choice whose turn to build")
		hf.fl.BoolVar(&hf.drop, "drop-unfinished", false, "drop incomplete and invalid calls and what the turn cannot hold, each with a change")
		hf.fl.StringVar(&hf.request, "request", "", "the request body the stream answered: print the next request")
		hf.fl.StringVar(&hf.results, "results", "", "with --request, a JSON array of the calls' results")
	}
	if name != "check" {
		hf.fl.BoolVar(&hf.body, "body", false, "print the document alone on standard output, the rest on standard error")
	}
	hf.fl.BoolVar(&hf.text, "text", false, "print for a person instead of JSON")
	return hf
}

// parse parses args and reads the one input: it returns the document and
// the formats --from and --to name, or an exit status (2) other than -1.
func (hf *historyFlags) parse(args []string, stdin io.Reader, stderr io.Writer, needTo bool) ([]byte, spec.Format, spec.Format, int) {
	pos, err := parseArgs(hf.fl, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, "", "", 0
		}
		return nil, "", "", 2
	}
	if len(pos) != 1 {
		fmt.Fprint(stderr, historyUsage)
		return nil, "", "", 2
	}
	var from, to spec.Format
	if hf.fl.Lookup("from") != nil {
		if hf.from == "" {
			return nil, "", "", exitFor(usageErr("--from is required: name the history's format"), stderr)
		}
		if from, err = toolspec.ParseFormat(hf.from); err != nil {
			return nil, "", "", exitFor(usageErr("--from: %v", err), stderr)
		}
	}
	if needTo && hf.to == "" {
		return nil, "", "", exitFor(usageErr("--to is required"), stderr)
	}
	if hf.to != "" {
		if to, err = toolspec.ParseFormat(hf.to); err != nil {
			return nil, "", "", exitFor(usageErr("--to: %v", err), stderr)
		}
	}
	doc, err := readInput(pos[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		return nil, "", "", 2
	}
	return doc, from, to, -1
}

// readInput reads all of name, or of stdin for "-".
func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// pendingJSON is one pending call of history check's output.
type pendingJSON struct {
	Path string `json:"path"`
	ID   string `json:"id"`
	Name string `json:"name"`
}

// changeJSON is one change of history repair's and turn's output.
type changeJSON struct {
	Rule    spec.RuleID `json:"rule"`
	Path    string      `json:"path"`
	Message string      `json:"message"`
}

// historyJSON is the output of every history subcommand; each sets the
// fields it reports.
type historyJSON struct {
	Format       spec.Format      `json:"format,omitempty"`
	From         spec.Format      `json:"from,omitempty"`
	To           spec.Format      `json:"to,omitempty"`
	StreamFormat spec.Format      `json:"stream_format,omitempty"`
	Message      *int             `json:"message,omitempty"`
	Document     json.RawMessage  `json:"document,omitempty"`
	Error        string           `json:"error,omitempty"`
	Changes      []changeJSON     `json:"changes,omitempty"`
	Violations   []spec.Violation `json:"violations"`
	Pending      []pendingJSON    `json:"pending,omitempty"`
	next         bool             // turn --request: the document is the next request
}

// write prints j as JSON, or with text for a person; it returns 2 when
// stdout fails, else status.
func (j historyJSON) write(stdout, stderr io.Writer, text bool, status int) int {
	if j.Violations == nil {
		j.Violations = []spec.Violation{}
	}
	if text {
		writeHistoryText(stdout, j)
		return status
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		return 2
	}
	return status
}

// emit prints j as hf asks: with --body the document alone on stdout and
// the rest for a person on stderr, else as write does.
func (j historyJSON) emit(stdout, stderr io.Writer, hf *historyFlags, status int) int {
	if !hf.body {
		return j.write(stdout, stderr, hf.text, status)
	}
	if j.Document != nil {
		if _, err := stdout.Write(j.Document); err != nil {
			fmt.Fprintf(stderr, "toolspec: %v\n", err)
			return 2
		}
	}
	j.Document = nil
	writeHistoryText(stderr, j)
	return status
}

// writeHistoryText prints j for a person: a headline, the document, the
// changes, the violations and the pending calls, one line each.
func writeHistoryText(w io.Writer, j historyJSON) {
	switch {
	case j.StreamFormat != "" && j.next:
		fmt.Fprintf(w, "the next request, after message %d of the %s stream, as %s\n", *j.Message, j.StreamFormat, j.Format)
	case j.StreamFormat != "":
		fmt.Fprintf(w, "assistant turn of message %d of the %s stream, as %s\n", *j.Message, j.StreamFormat, j.Format)
	case j.From != "":
		fmt.Fprintf(w, "%s history translated to %s\n", j.From, j.To)
	default:
		fmt.Fprintf(w, "%s history\n", j.Format)
	}
	if j.Error != "" {
		fmt.Fprintf(w, "error: %s\n", cell(j.Error))
	}
	if j.Document != nil {
		fmt.Fprintf(w, "document: %s\n", j.Document)
	}
	for _, c := range j.Changes {
		fmt.Fprintf(w, "change: %s: %s: %s\n", c.Rule, cell(c.Path), cell(c.Message))
	}
	if len(j.Violations) == 0 {
		fmt.Fprintln(w, "no violations")
	}
	for _, v := range j.Violations {
		fmt.Fprintf(w, "%s (%s)\n", cell(v.Error()), v.Class)
	}
	for _, p := range j.Pending {
		fmt.Fprintf(w, "pending: %s: call id %s name %s\n", cell(p.Path), strconv.Quote(p.ID), strconv.Quote(p.Name))
	}
}

// historyStatus is the exit status for violations vs: 1 when one is not a
// loss, else 3 when there is one or more is true, else 0.
func historyStatus(vs []spec.Violation, more bool) int {
	for _, v := range vs {
		if v.Class != spec.ClassLoss {
			return 1
		}
	}
	if len(vs) > 0 || more {
		return 3
	}
	return 0
}

// runHistoryCheck is toolspec history check.
func runHistoryCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	hf := newHistoryFlags("check", historyTo["check"], stderr)
	doc, from, _, status := hf.parse(args, stdin, stderr, false)
	if status >= 0 {
		return status
	}
	_, rep := history.CheckDocument(from, doc)
	j := historyJSON{Format: from, Violations: rep.Violations}
	for _, p := range rep.Pending {
		j.Pending = append(j.Pending, pendingJSON{Path: p.Path, ID: p.ID, Name: p.Name})
	}
	return j.write(stdout, stderr, hf.text, historyStatus(rep.Violations, len(rep.Pending) > 0))
}

// runHistoryTranslate is toolspec history translate.
func runHistoryTranslate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	hf := newHistoryFlags("translate", historyTo["translate"], stderr)
	doc, from, to, status := hf.parse(args, stdin, stderr, true)
	if status >= 0 {
		return status
	}
	out, vs := history.Translate(from, to, doc)
	j := historyJSON{From: from, To: to, Document: out, Violations: vs}
	return j.emit(stdout, stderr, hf, historyStatus(vs, false))
}

// runHistoryRepair is toolspec history repair: the request body repaired
// in its format, every other member kept (toolspec.RepairRequest).
func runHistoryRepair(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	hf := newHistoryFlags("repair", historyTo["repair"], stderr)
	doc, from, _, status := hf.parse(args, stdin, stderr, false)
	if status >= 0 {
		return status
	}
	out, changes, vs := toolspec.RepairRequest(from, doc)
	j := historyJSON{Format: from, Document: out, Violations: vs}
	for _, c := range changes {
		j.Changes = append(j.Changes, changeJSON{Rule: c.Rule, Path: c.Path, Message: c.Message})
	}
	return j.emit(stdout, stderr, hf, historyStatus(j.Violations, len(changes) > 0))
}

// runHistoryTurn is toolspec history turn.
func runHistoryTurn(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	hf := newHistoryFlags("turn", historyTo["turn"], stderr)
	format, message, choice, drop := &hf.format, &hf.message, &hf.choice, &hf.drop
	data, _, to, status := hf.parse(args, stdin, stderr, false)
	if status >= 0 {
		return status
	}
	if *choice < 0 {
		return exitFor(usageErr("--choice must not be negative"), stderr)
	}
	f := spec.Format(*format)
	if f == "" {
		var err error
		head := data
		if len(head) > detectBytes {
			head = head[:detectBytes]
		}
		if f, err = toolspec.Detect(head); err != nil {
			fmt.Fprintf(stderr, "%v; name it with --format\n", err)
			return 2
		}
	} else if !f.Valid() {
		return exitFor(usageErr("unknown format %q", *format), stderr)
	}
	if to == "" {
		to = f
	}
	a := impl.New(f, spec.Limits{})
	if _, err := a.ReadFrom(bufio.NewReader(bytes.NewReader(data))); err != nil {
		if _, isViolation := err.(*spec.Violation); !isViolation {
			fmt.Fprintf(stderr, "toolspec: %v\n", err)
			return 2
		}
	}
	o := a.Close()
	msg := *message
	if msg < 0 {
		msg = o.Messages - 1
	}
	j := historyJSON{Format: to, StreamFormat: f, Message: &msg, Violations: o.Violations}
	if hf.request != "" {
		return nextRequest(hf, j, o, stdout, stderr)
	}
	if hf.results != "" {
		return exitFor(usageErr("--results needs --request, the request the stream answered"), stderr)
	}
	turn, changes, err := history.AssistantTurn(o, msg, history.TurnOptions{Choice: *choice, DropUnfinished: *drop})
	if err != nil {
		j.Error = err.Error()
		return j.emit(stdout, stderr, hf, 1)
	}
	for _, c := range changes {
		j.Changes = append(j.Changes, changeJSON{Rule: c.Rule, Path: c.Path, Message: c.Message})
	}
	h := spec.History{Messages: []spec.Message{turn}}
	if to != f {
		// The turn's signatures and redacted reasoning are bound to
		// the provider that streamed it (XLATE-1).
		var unbound []spec.Violation
		var at func(string) string
		h, unbound, at = history.Unbind(h)
		j.Violations = append(j.Violations, unbound...)
		out, losses := history.Encode(to, h)
		for k := range losses {
			losses[k].Path = at(losses[k].Path)
		}
		j.Document = out
		j.Violations = append(j.Violations, losses...)
		return j.emit(stdout, stderr, hf, historyStatus(j.Violations, len(changes) > 0))
	}
	out, losses := history.Encode(to, h)
	j.Document = out
	j.Violations = append(j.Violations, losses...)
	return j.emit(stdout, stderr, hf, historyStatus(j.Violations, len(changes) > 0))
}

// resultJSON is one element of history turn's --results.
type resultJSON struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
	IsError bool   `json:"is_error"`
}

// nextRequest is history turn --request: the next request after o's last
// message (toolspec.NextRequest), in j's format.
func nextRequest(hf *historyFlags, j historyJSON, o spec.Outcome, stdout, stderr io.Writer) int {
	if hf.message >= 0 {
		return exitFor(usageErr("--message cannot be used with --request: the next request follows the stream's last message"), stderr)
	}
	prev, err := os.ReadFile(hf.request)
	if err != nil {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		return 2
	}
	var results []toolspec.Part
	if hf.results != "" {
		data, err := os.ReadFile(hf.results)
		if err != nil {
			fmt.Fprintf(stderr, "toolspec: %v\n", err)
			return 2
		}
		var rs []resultJSON
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rs); err != nil {
			return exitFor(usageErr("--results: want a JSON array of {\"id\", \"name\", \"content\", \"is_error\"}: %v", err), stderr)
		}
		for _, r := range rs {
			results = append(results, toolspec.Part{Kind: toolspec.PartResult, ID: r.ID, Name: r.Name, IsError: r.IsError,
				Content: []toolspec.Part{{Kind: toolspec.PartText, Text: r.Content}}})
		}
	}
	j.next = true
	body, vs, err := toolspec.NextRequest(j.Format, prev, toolspec.Outcome(o), results,
		toolspec.TurnOptions{Choice: hf.choice, DropUnfinished: hf.drop})
	j.Violations = append(j.Violations, vs...)
	if err != nil {
		j.Error = err.Error()
		return j.emit(stdout, stderr, hf, 1)
	}
	j.Document = body
	return j.emit(stdout, stderr, hf, historyStatus(j.Violations, false))
}
