package decodetest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// This file holds the cases of FRAME-6's index, which Cases adds to every
// format's: an index is a JSON number written as an integer, with no
// fraction and no exponent, from -2147483648 to 2147483647. The same
// literals go through every index field of every format.

// indexField is one index field of one format: In holds the payload with X
// where the index goes, Want the event it decodes to with X where the index
// value goes, and Field names the field in the violation's message.
type indexField struct {
	format spec.Format
	name   string
	in     string
	want   string
	field  string
}

var indexFields = []indexField{
	{spec.FormatOpenAIChat, "tool_calls index", JSONLines(toolCalls(`{"index":X,"function":{"arguments":"x"}}`)),
		`#1 fragment index=X pos=0 data="x"`, "tool_calls[].index"},
	// The fast path's shape: it reads up to nine digits and leaves the
	// rest to the general path.
	{spec.FormatOpenAIChat, "tool_calls index, fast shape", JSONLines(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":X,"function":{"arguments":"x"}}]},"logprobs":null,"finish_reason":null}]}`),
		`#1 fragment index=X pos=0 data="x"`, "tool_calls[].index"},
	{spec.FormatOpenAIChat, "choice index", JSONLines(chunk(`{"index":X,"delta":{"content":"x"}}`)),
		`#1 text choice=X data="x"`, "choices[].index"},
	{spec.FormatOpenAIChat, "error code", JSONLines(`{"error":{"message":"m","code":X}}`),
		`#1 error name="X" data="m"`, "error.code"},
	{spec.FormatAnthropic, "index", JSONLines(`{"type":"content_block_delta","index":X,"delta":{"type":"text_delta","text":"x"}}`),
		`#1 block-delta index=X delta=text data="x"`, "content_block_delta.index"},
	{spec.FormatBedrock, "contentBlockIndex", JSONLines(`{"contentBlockStop":{"contentBlockIndex":X}}`),
		`#1 block-stop index=X`, "contentBlockStop.contentBlockIndex"},
	{spec.FormatOpenAIResponses, "output_index", JSONLines(`{"type":"response.output_text.delta","output_index":X,"delta":"x"}`),
		`#1 block-delta index=X delta=text data="x"`, "output_index"},
	{spec.FormatGemini, "candidate index", JSONLines(`{"candidates":[{"index":X,"content":{"parts":[{"text":"x"}]}}]}`),
		`#1 text choice=X data="x"`, "candidates[0].index"},
}

// indexLiterals are the literals every index field is read with, and the
// value each one stands for; bad says why a literal is FRAME-6 ("" when it
// is an index): written as other than an integer, or out of 32 bits.
var indexLiterals = []struct {
	lit   string
	value int
	bad   string
}{
	{"0", 0, ""},
	{"-0", 0, ""},
	{"2147483647", 2147483647, ""},
	{"-2147483648", -2147483648, ""},
	{"2147483648", 0, "range"},
	{"-2147483649", 0, "range"},
	{"4294967296", 0, "range"},
	{"9007199254740993", 0, "range"},
	{"99999999999999999999999", 0, "range"},
	{"1e3", 0, "notation"},
	{"1E0", 0, "notation"},
	{"1.0", 0, "notation"},
	{"-0.0", 0, "notation"},
	{"2.5", 0, "notation"},
	{"1e-400", 0, "notation"},
	{"0.99999999999999999999", 0, "notation"},
}

// indexCases returns the index cases of format f.
func indexCases(f spec.Format) []Case {
	var out []Case
	for _, x := range indexFields {
		if x.format != f {
			continue
		}
		for _, l := range indexLiterals {
			c := Case{Name: Name("index"), In: strings.ReplaceAll(x.in, "X", l.lit)}
			c.Name.Name = fmt.Sprintf("%s %s", x.name, l.lit)
			switch l.bad {
			case "":
				want := x.want
				if l.value == 0 {
					want = strings.ReplaceAll(want, "choice=X ", "") // an event's String leaves choice 0 out
				}
				c.Want = []string{strings.ReplaceAll(want, "X", strconv.Itoa(l.value))}
			case "range":
				c.Rule, c.Msg = spec.FrameFieldType, fmt.Sprintf("%s: want an integer of 32 bits, got %q", x.field, l.lit)
			default:
				c.Rule, c.Msg = spec.FrameFieldType, fmt.Sprintf("%s: want an integer, got %q", x.field, l.lit)
			}
			out = append(out, c)
		}
	}
	return out
}
