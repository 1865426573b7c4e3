package toolspec_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spectest"
)

// stream is one input the tests run: a scenario or a capture.
type stream struct {
	name   string
	format toolspec.Format
	lim    toolspec.Limits
	data   []byte
}

// streams returns every golden scenario (the corpus package spectest
// embeds) and every shared capture.
func streams(t *testing.T) []stream {
	t.Helper()
	var out []stream
	err := fs.WalkDir(spectest.Scenarios, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := fs.ReadFile(spectest.Scenarios, path)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(path, data)
		if err != nil {
			return err
		}
		out = append(out, stream{path, sc.Format, toolspec.Limits(sc.Limits), sc.Input})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 200 {
		t.Fatalf("only %d scenarios in spectest.Scenarios", len(out))
	}
	out = append(out, sharedCaptures(t)...)
	return out
}

// captureDir holds the shared real captures, when present.
const captureDir = "../shared/captures"

// sharedCaptures returns the shared captures, one directory per format;
// their absence stops the test (captures.Absent).
func sharedCaptures(t *testing.T) []stream {
	t.Helper()
	if _, err := os.Stat(captureDir); err != nil {
		captures.Absent(t, captureDir, err)
	}
	var out []stream
	for _, f := range toolspec.Formats() {
		files, _ := filepath.Glob(filepath.Join(captureDir, string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, stream{"capture " + filepath.Base(p), f, toolspec.Limits{}, data})
		}
	}
	return out
}

// record runs s through an assembler fed in chunks of size n with OnEvent,
// and returns the events and the outcome.
func record(s stream, n int) ([]toolspec.Event, toolspec.Outcome) {
	a := toolspec.New(s.format, s.lim)
	var evs []toolspec.Event
	a.OnEvent(func(ev toolspec.Event) { evs = append(evs, ev) })
	for data := s.data; len(data) > 0; {
		k := min(n, len(data))
		if _, err := a.Write(data[:k]); err != nil {
			break
		}
		data = data[k:]
	}
	return evs, a.Close()
}

// checkEvents fails t unless evs tell exactly what out holds: one
// call-start and one call-end per call, the call-end's Call equal to the
// outcome's, every stop and violation once and in order, and the text and
// thinking of every message and choice.
func checkEvents(t *testing.T, what string, evs []toolspec.Event, out toolspec.Outcome) {
	t.Helper()
	started := map[int]bool{}
	ended := map[int]toolspec.Call{}
	var stops []toolspec.Stop
	var viols []toolspec.Violation
	text := map[string]string{}
	for i, ev := range evs {
		switch ev.Kind {
		case toolspec.EventCallStart, toolspec.EventCallArgs, toolspec.EventCallEnd:
			if ev.Call == nil {
				t.Fatalf("%s: event %d (%s) has no call", what, i, ev.Kind)
			}
			n := ev.Call.Ordinal
			if n < 0 || n >= len(out.Calls) {
				t.Fatalf("%s: event %d names call #%d; the outcome has %d", what, i, n, len(out.Calls))
			}
			want := out.Calls[n]
			// The id and name are the call's as they stand: a later event
			// may bring them (ID-5), never change them.
			if ev.Call.ID != want.ID && ev.Call.ID != "" || ev.Call.Name != want.Name && ev.Call.Name != "" ||
				ev.Call.Message != want.Message || ev.Call.Choice != want.Choice || ev.Message != want.Message {
				t.Errorf("%s: event %d (%s) names call #%d as id %q name %q message %d choice %d; the outcome has %q %q %d %d",
					what, i, ev.Kind, n, ev.Call.ID, ev.Call.Name, ev.Call.Message, ev.Call.Choice, want.ID, want.Name, want.Message, want.Choice)
			}
			switch ev.Kind {
			case toolspec.EventCallStart:
				if started[n] {
					t.Errorf("%s: call #%d started twice", what, n)
				}
				started[n] = true
			case toolspec.EventCallArgs:
				if !started[n] {
					t.Errorf("%s: arguments of call #%d before its start", what, n)
				}
			case toolspec.EventCallEnd:
				if !started[n] {
					t.Errorf("%s: call #%d ended before its start", what, n)
				}
				if _, dup := ended[n]; dup {
					t.Errorf("%s: call #%d ended twice", what, n)
				}
				ended[n] = *ev.Call
			}
		case toolspec.EventText, toolspec.EventThinking, toolspec.EventRefusal:
			text[fmt.Sprint(ev.Kind, ev.Message, ev.Choice)] += ev.Text
		case toolspec.EventStop:
			stops = append(stops, *ev.Stop)
		case toolspec.EventViolation:
			viols = append(viols, *ev.Violation)
			if n := ev.Violation.Call; n != toolspec.NoCall && (ev.Call == nil || ev.Call.Ordinal != n) {
				t.Errorf("%s: violation event %d concerns call #%d but carries %v", what, i, n, ev.Call)
			} else if n != toolspec.NoCall && !started[n] {
				t.Errorf("%s: violation event %d concerns call #%d before its start", what, i, n)
			} else if c, ok := ended[n]; ok {
				// A violation about a call that ended changes its status.
				c.Status = ev.Call.Status
				ended[n] = c
			}
		default:
			t.Errorf("%s: event %d of unknown kind %d", what, i, ev.Kind)
		}
	}
	for _, c := range out.Calls {
		got, ok := ended[c.Ordinal]
		if !ok {
			t.Errorf("%s: call #%d (%q, %s) never ended in the events", what, c.Ordinal, c.Name, c.Status)
			continue
		}
		if !reflect.DeepEqual(normal(got), normal(c)) {
			t.Errorf("%s: call #%d ended as\n%+v\nthe outcome has\n%+v", what, c.Ordinal, got, c)
		}
	}
	if !reflect.DeepEqual(stops, out.Stops) && (len(stops) != 0 || len(out.Stops) != 0) {
		t.Errorf("%s: stops in the events %+v, in the outcome %+v", what, stops, out.Stops)
	}
	if !reflect.DeepEqual(viols, out.Violations) && (len(viols) != 0 || len(out.Violations) != 0) {
		t.Errorf("%s: violations in the events\n%+v\nin the outcome\n%+v", what, viols, out.Violations)
	}
	want := map[string]string{}
	for _, it := range out.Items {
		switch it.Kind {
		case toolspec.ItemText:
			want[fmt.Sprint(toolspec.EventText, it.Message, it.Choice)] += it.Text
		case toolspec.ItemThinking:
			want[fmt.Sprint(toolspec.EventThinking, it.Message, it.Choice)] += it.Text
		case toolspec.ItemRefusal:
			want[fmt.Sprint(toolspec.EventRefusal, it.Message, it.Choice)] += it.Text
		}
	}
	for k, w := range want {
		if text[k] != w {
			t.Errorf("%s: %s: events carry %q, the outcome %q", what, k, text[k], w)
		}
	}
	for k, g := range text {
		if _, ok := want[k]; !ok && g != "" {
			t.Errorf("%s: %s: events carry %q, the outcome nothing", what, k, g)
		}
	}
}

// normal makes empty signature lists compare equal.
func normal(c toolspec.Call) toolspec.Call {
	if len(c.Signatures) == 0 {
		c.Signatures = nil
	}
	return c
}

// TestEventsTellTheOutcome checks, on every scenario and capture fed whole
// and in 7-byte chunks, that the events say everything the outcome holds:
// a consumer acting on events alone loses nothing.
func TestEventsTellTheOutcome(t *testing.T) {
	for _, s := range streams(t) {
		for _, n := range []int{len(s.data) + 1, 7} {
			evs, out := record(s, n)
			checkEvents(t, fmt.Sprintf("%s (chunks of %d)", s.name, n), evs, out)
		}
	}
}

// TestEventsIterator checks that ranging over Events yields the events
// OnEvent gets, and then exactly the outcome's error.
func TestEventsIterator(t *testing.T) {
	for _, s := range streams(t) {
		want, wantOut := record(s, 32<<10)
		a := toolspec.New(s.format, s.lim)
		var got []toolspec.Event
		var last error
		for ev, err := range a.Events(context.Background(), bytes.NewReader(s.data)) {
			if last != nil {
				t.Fatalf("%s: an event after the error %v", s.name, last)
			}
			if err != nil {
				last = err
				continue
			}
			got = append(got, ev)
		}
		out := a.Close()
		if out.String() != wantOut.String() {
			t.Errorf("%s: the outcome after Events differs:\n%s\nwant\n%s", s.name, out, wantOut)
		}
		if !reflect.DeepEqual(got, want) && (len(got) != 0 || len(want) != 0) {
			t.Errorf("%s: Events yielded %d events, OnEvent got %d", s.name, len(got), len(want))
		}
		if we := out.Err(); (we == nil) != (last == nil) || (we != nil && we.Error() != last.Error()) {
			t.Errorf("%s: Events ended with %v; the outcome's error is %v", s.name, last, we)
		}
	}
}

// cancelAfter is a reader that cancels its context once n bytes were read.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	if c.n <= 0 {
		c.cancel()
	}
	p = p[:min(len(p), max(c.n, 1))]
	k, err := c.r.Read(p)
	c.n -= k
	return k, err
}

// TestEventsCancel checks that cancelling the context ends the stream as
// truncated, with the open call incomplete and reported, and that the last
// error wraps both the context's error and the outcome's.
func TestEventsCancel(t *testing.T) {
	data := []byte(chatTwoCalls)
	cut := strings.Index(chatTwoCalls, `"id":"call_2"`) // inside the second call
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	var ends []string
	var last error
	for ev, err := range a.Events(ctx, &cancelAfter{r: bytes.NewReader(data), n: cut, cancel: cancel}) {
		if err != nil {
			last = err
			break
		}
		if ev.Kind == toolspec.EventCallEnd {
			ends = append(ends, ev.Call.Name+" "+ev.Call.Status.String())
		}
	}
	if want := []string{"get_weather incomplete"}; !reflect.DeepEqual(ends, want) {
		t.Errorf("call ends %q, want %q", ends, want)
	}
	for _, target := range []error{context.Canceled, toolspec.ErrTruncated, toolspec.ErrIncomplete} {
		if !errors.Is(last, target) {
			t.Errorf("the last error %v does not wrap %v", last, target)
		}
	}
	var v *toolspec.Violation
	if errors.As(last, &v) {
		t.Errorf("a cancelled stream reports a violation: %v", v)
	}
	if out := a.Close(); out.StopReason() != toolspec.StopTruncated || len(out.Violations) != 0 {
		t.Errorf("outcome after cancel:\n%s", out)
	}
}

// chatTwoCalls is an OpenAI chat stream with two calls.
const chatTwoCalls = `data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}

data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":\"Paris\"}"}}]}}]}

data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"get_time","arguments":"{\"tz\":"}}]}}]}

data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\"CET\"}"}}]}}]}

data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

// TestCallbackReentry checks that the API called from inside a callback
// neither panics nor corrupts the stream: Snapshot shows the calls (also
// during Close), feeding returns ErrReentrant.
func TestCallbackReentry(t *testing.T) {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	var snapCalls []int
	var feedErrs []error
	a.OnEvent(func(ev toolspec.Event) {
		if ev.Kind != toolspec.EventCallEnd {
			return
		}
		snapCalls = append(snapCalls, len(a.Snapshot().Calls))
		_, err := a.Write([]byte("data: [DONE]\n\n"))
		feedErrs = append(feedErrs, err, a.PushPayload("", []byte(`{}`)))
		if got := a.Close(); len(got.Calls) == 0 {
			t.Errorf("Close inside the callback shows no calls")
		}
	})
	// Cut before the finish: both calls end inside Close, as incomplete.
	data := chatTwoCalls[:strings.Index(chatTwoCalls, `"finish_reason"`)]
	if _, err := a.Write([]byte(data)); err != nil {
		t.Fatal(err)
	}
	out := a.Close()
	if !reflect.DeepEqual(snapCalls, []int{2, 2}) {
		t.Errorf("Snapshot inside the call-end callbacks showed %v calls, want [2 2]", snapCalls)
	}
	for _, err := range feedErrs {
		if !errors.Is(err, toolspec.ErrReentrant) {
			t.Errorf("feeding from the callback returned %v, want ErrReentrant", err)
		}
	}
	if len(out.Calls) != 2 || out.Calls[0].Status != toolspec.StatusIncomplete || out.StopReason() != toolspec.StopTruncated {
		t.Errorf("outcome:\n%s", out)
	}
}

// TestEventsBreak checks that breaking out of the loop inside a frame
// whose other events are queued stops the yields (a yield after the break
// panics) and leaves the assembler open: Close then ends the stream.
func TestEventsBreak(t *testing.T) {
	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	seen := 0
	for ev, err := range a.Events(context.Background(), strings.NewReader(chatTwoCalls)) {
		if err != nil {
			t.Fatal(err)
		}
		seen++
		if ev.Kind == toolspec.EventCallStart && ev.Call.Ordinal == 1 {
			break // its arguments, in the same frame, are queued
		}
	}
	out := a.Close()
	if seen != 3 || len(out.Calls) != 2 || out.Err() != nil {
		t.Errorf("saw %d events; outcome after the break:\n%s", seen, out)
	}
}

// TestEventStringByHand: an Event built without the field its kind needs
// prints its kind rather than panicking.
func TestEventStringByHand(t *testing.T) {
	for _, k := range []toolspec.EventKind{toolspec.EventCallStart, toolspec.EventCallArgs, toolspec.EventCallEnd, toolspec.EventStop, toolspec.EventViolation} {
		if got := (toolspec.Event{Kind: k}).String(); got != k.String() {
			t.Errorf("Event{Kind: %s}.String() = %q", k, got)
		}
	}
}
