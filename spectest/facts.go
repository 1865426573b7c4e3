package spectest

import (
	"bytes"
	"regexp"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
)

// facts are what the judge knows of a stream besides the model's outcome
// of it: whether it ended normally, and the shapes that lower the level
// of failing it closed (SPEC.md, "Conformance levels").
type facts struct {
	c      kase
	format toolspec.Format
	// normal: the model finds no violation and no cut, every call
	// complete, and every stop a normal end (there is at least one).
	normal bool
	// unterminated: an SSE stream whose last event has no blank line
	// after it (FRAME-1); short is the stream without that event, as a
	// WHATWG-strict reader reads it.
	unterminated bool
	short        []byte
	// fixture: the JSON-lines form of a format providers send as SSE or
	// event-stream (FRAME-2).
	fixture bool
	// endEvent is, once known, whether the stream's last message got its
	// end event (END-3 no-end-event); nil until asked.
	endEvent *bool
}

// factsOf returns the facts of case c's stream, whose model outcome is
// want.
func factsOf(c kase, want toolspec.Outcome) *facts {
	f := &facts{c: c, format: c.format}
	f.normal = want.Err() == nil && len(want.Stops) > 0 && len(want.Violations) == 0 && want.Tail == ""
	for _, s := range want.Stops {
		f.normal = f.normal && s.Reason.Normal()
	}
	switch framing(c.format, c.data) {
	case framingLines:
		f.fixture = c.format != toolspec.FormatOllama
	case framingSSE:
		f.short, f.unterminated = whatwgCut(c.data)
	}
	return f
}

// closed returns the row that failing the stream closed breaks (an error
// for it, or none of its calls presented as finished), and false when it
// breaks none: on a stream that did not end normally (any stop but a
// normal end, no stop, a cut, a violation) or whose last SSE event is
// unterminated (FRAME-1: a WHATWG-strict reader reads it as a stream
// without that event). Else it is END-3's read-whole (MUST), lowered for
// the JSON-lines form of an SSE format (FRAME-2 fixture-form, MAY), a
// stream whose last message lacks its end event (END-3 no-end-event,
// SHOULD) and an Anthropic or Responses stream that holds a [DONE]
// (FRAME-4 done-sentinel, SHOULD).
func (f *facts) closed() (clause, bool) {
	switch {
	case !f.normal || f.unterminated:
		return clause{}, false
	case f.fixture:
		return rowFixtureForm, true
	case !f.hasEndEvent():
		return rowNoEndEvent, true
	case (f.format == toolspec.FormatAnthropic || f.format == toolspec.FormatOpenAIResponses) && doneRE.Match(f.c.data):
		return rowDoneSentinel, true
	}
	return rowReadWhole, true
}

// doneRE finds the sentinel [DONE] as an SSE event's data or a line.
var doneRE = regexp.MustCompile(`(?m)^(data: ?)?\[DONE\]\r?$`)

// hasEndEvent reports whether the stream's last message got its end
// event after its content and finishes (an Anthropic message_stop, a chat
// [DONE], a Responses terminal event, a Bedrock messageStop, an Ollama
// done line); Gemini has none, and always passes.
func (f *facts) hasEndEvent() bool {
	if f.endEvent != nil {
		return *f.endEvent
	}
	ended := f.format == toolspec.FormatGemini
	if !ended {
		evs, _ := model.Decode(f.format, f.c.data, spec.Limits(f.c.limits))
		for _, e := range evs {
			switch e.Kind {
			case spec.KindMessageEnd:
				ended = true
			case spec.KindEOF, spec.KindFinish:
			default:
				ended = false
			}
		}
	}
	f.endEvent = &ended
	return ended
}

// finishes reports whether a finish of the stream (any one: a finish
// repeated, or a second one that differs, is read too) gives stop reason
// s, canonical or raw: a library that hands its user another finish than
// the model's first one hands a reason the stream carries.
func (f *facts) finishes(s toolspec.StopReason) bool {
	evs, _ := model.Decode(f.format, f.c.data, spec.Limits(f.c.limits))
	for _, e := range evs {
		if e.Kind == spec.KindFinish && (string(s) == string(e.Data) || spec.CanonicalStop(f.format, string(e.Data)) == s) {
			return true
		}
	}
	return false
}

// The framings of a stream, as FRAME-2 detects them.
const (
	framingSSE = iota
	framingLines
	framingEventStream
)

// framing is the framing of a stream of format: from its first byte that
// is not white space or a byte-order mark, as FRAME-2 says.
func framing(format toolspec.Format, data []byte) int {
	d := bytes.TrimLeft(data, " \t\r\n\xEF\xBB\xBF")
	switch {
	case len(d) > 0 && (d[0] == '{' || d[0] == '['), format == toolspec.FormatOllama:
		return framingLines
	case format == toolspec.FormatBedrock:
		return framingEventStream
	}
	return framingSSE
}

// whatwgCut reads data as text/event-stream by the WHATWG rules and, when
// its last event is unterminated (it has a data field and no blank line
// after it, so that the standard discards it and FRAME-1 dispatches it),
// returns the stream without that event (up to its first line) and true.
func whatwgCut(data []byte) ([]byte, bool) {
	i := 0
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		i = 3
	}
	start, hasData := -1, false // the pending event's first line, and whether it has data
	for i < len(data) {
		j := bytes.IndexAny(data[i:], "\r\n")
		n := j + 1
		if j < 0 {
			j, n = len(data)-i, len(data)-i
		} else if data[i+j] == '\r' && i+j+1 < len(data) && data[i+j+1] == '\n' {
			n++
		}
		line := data[i : i+j]
		if len(line) == 0 {
			start, hasData = -1, false // a blank line dispatches the event
		} else {
			if start < 0 {
				start = i
			}
			name := line
			if k := bytes.IndexByte(line, ':'); k >= 0 {
				name = line[:k]
			}
			hasData = hasData || string(name) == "data"
		}
		i += n
	}
	if !hasData {
		return nil, false
	}
	return data[:start], true
}
