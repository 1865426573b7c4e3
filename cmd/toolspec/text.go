package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"
	"unicode/utf8"

	"github.com/toolspec/toolspec/spec"
)

// shortRunes is how many runes of a text, a thinking or a tail --text
// prints on its line.
const shortRunes = 80

// writeText prints o for a person: a headline; the items in order, one line
// each (text and thinking shortened to one line, opaque content by its size
// only, calls by ordinal and name); the calls as a table; the stops; the
// tail, when there is one; the violations.
func writeText(w io.Writer, o spec.Outcome) {
	fmt.Fprintf(w, "format %s, %d message(s), stop %s\n", o.Format, o.Messages, stopName(o.StopReason()))
	for _, it := range o.Items {
		fmt.Fprintf(w, "message %d choice %d: %s\n", it.Message, it.Choice, itemLine(o, it))
	}
	if len(o.Calls) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "#\tMSG\tCHOICE\tSTATUS\tID\tNAME\tARGUMENTS")
		for _, c := range o.Calls {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%s\t%s\n", c.Ordinal, c.Message, c.Choice, c.Status, cell(c.ID), callName(c), cell(oneLine(c.Args, shortRunes)))
		}
		tw.Flush()
	} else {
		fmt.Fprintln(w, "no calls")
	}
	for _, s := range o.Stops {
		fmt.Fprintf(w, "stop: message %d choice %d: %s (raw %q)\n", s.Message, s.Choice, stopName(s.Reason), s.Raw)
	}
	if o.Tail != "" {
		fmt.Fprintf(w, "tail (%d bytes): %s\n", len(o.Tail), cell(oneLine(o.Tail, shortRunes)))
	}
	if len(o.Violations) == 0 {
		fmt.Fprintln(w, "no violations")
	}
	for _, v := range o.Violations {
		fmt.Fprintf(w, "%s (%s)\n", cell(v.Error()), v.Class)
	}
}

// itemLine describes it in one line: its kind, then what it holds. Text
// and thinking are quoted, shortened to shortRunes runes with their length
// in bytes when they are longer; redacted reasoning and signatures, which
// are opaque, by their size; a call by its ordinal, name and status (the
// call table has the rest).
func itemLine(o spec.Outcome, it spec.Item) string {
	var about []string
	sigs := func() {
		switch n := len(it.Signatures); n {
		case 0:
		case 1:
			about = append(about, "1 signature")
		default:
			about = append(about, strconv.Itoa(n)+" signatures")
		}
	}
	var content string
	switch it.Kind {
	case spec.ItemText, spec.ItemThinking, spec.ItemRefusal:
		short := oneLine(it.Text, shortRunes)
		if short != strings.Join(strings.Fields(it.Text), " ") {
			about = append(about, strconv.Itoa(len(it.Text))+" bytes")
		}
		sigs()
		content = ": " + strconv.Quote(short)
	case spec.ItemRedacted:
		about = append(about, strconv.Itoa(len(it.Text))+" bytes")
		sigs()
	case spec.ItemSignature:
		n := 0
		for _, s := range it.Signatures {
			n += len(s)
		}
		about = append(about, strconv.Itoa(n)+" bytes")
	case spec.ItemCall:
		if it.Call < 0 || it.Call >= len(o.Calls) {
			return "call #" + strconv.Itoa(it.Call) + " (not in the outcome)"
		}
		c := o.Calls[it.Call]
		name := cell(c.Name)
		if name == "" {
			name = "(no name)"
		}
		if c.Namespace != "" {
			name = cell(c.Namespace) + "." + name
		}
		about = append(about, c.Status.String())
		if c.Server {
			about = append(about, "server")
		}
		if c.Kind > spec.CallFunction {
			about = append(about, c.Kind.String()) // custom, computer_call, ...
		}
		return "call #" + strconv.Itoa(c.Ordinal) + " " + name + " (" + strings.Join(about, ", ") + ")"
	default:
		sigs()
	}
	line := it.Kind.String()
	if len(about) > 0 {
		line += " (" + strings.Join(about, ", ") + ")"
	}
	return line + content
}

// callName is c's name for a person: escaped as a cell, after its
// namespace, "(no name)" when it has none, marked when the provider runs
// it or it is of another kind than a function call (custom, computer_call,
// ...).
func callName(c spec.Call) string {
	name := cell(c.Name)
	if name == "" {
		name = "(no name)"
	}
	if c.Namespace != "" {
		name = cell(c.Namespace) + "." + name
	}
	if c.Server {
		name += " (server)"
	}
	if c.Kind > spec.CallFunction {
		name += " (" + c.Kind.String() + ")"
	}
	return name
}

// stopName is the name of r, as the JSON output spells it ("none" for
// spec.StopNone).
func stopName(r spec.StopReason) string {
	if b, err := r.MarshalText(); err == nil {
		return string(b)
	}
	return string(r)
}

// oneLine shortens s to one line of at most n runes: runs of white space
// become one space, and a longer s is cut to n-1 runes and "…".
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := 0; k < n-1; k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i] + "…"
}

// cell makes s safe to print as a table cell or on a line of its own: white
// space becomes a space, and what a terminal would not show as itself (a
// control or format character, a byte that is not UTF-8) is escaped as in
// a Go string, e.g. \x1b.
func cell(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case unicode.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}
