package anthropicmsg

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/ssestream"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

const format = toolspec.FormatAnthropic

// stream starts a streaming request that tr serves, with opts.
func stream(tr http.RoundTripper, opts ...option.RequestOption) *ssestream.Stream[anthropic.MessageStreamEventUnion] {
	c := anthropic.NewClient(
		option.WithHTTPClient(&http.Client{Transport: tr}),
		option.WithAPIKey("test"),
		option.WithBaseURL("http://bridge.test/"),
		option.WithMaxRetries(0),
	)
	return c.Messages.NewStreaming(context.Background(), anthropic.MessageNewParams{Model: "test", MaxTokens: 1024}, opts...)
}

// viaTee streams through the SDK with a tee and returns the tee's outcome
// and the SDK stream's error.
func viaTee(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	s := stream(tr, tee.Option())
	for s.Next() {
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	return out, s.Err()
}

// teeEvents streams through the SDK with a tee whose event function
// records the events, closes the SDK stream, and returns the events and the
// tee's outcome. Every event must have come while the SDK read or closed
// the body: taking the outcome afterwards adds none.
func teeEvents(t *testing.T, tr *capture.Transport) (string, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	var e capture.Events
	tee.OnEvent(e.Add)
	s := stream(tr, tee.Option())
	for s.Next() {
	}
	_ = s.Close()
	events := e.String()
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	if after := e.String(); after != events {
		t.Errorf("events came after the SDK closed the stream:\n%s", after[len(events):])
	}
	return events, out
}

// drainEvents drains the SDK stream into an assembler whose event function
// records the events, and returns them.
func drainEvents(tr *capture.Transport) string {
	var e capture.Events
	a := toolspec.New(format, toolspec.Limits{})
	a.OnEvent(e.Add)
	_, _ = Drain(stream(tr), a)
	return e.String()
}

// viaDrain streams through the SDK and drains it into an assembler.
func viaDrain(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	return Drain(stream(tr), toolspec.New(format, toolspec.Limits{}))
}

// captures returns the Anthropic captures, JSON-lines ones rendered as SSE
// events named by their type, as the API sends them.
func captures(t *testing.T) []capture.Capture {
	return capture.Load(t, string(format), true)
}

// load returns the capture named name.
func load(t *testing.T, name string) capture.Capture {
	t.Helper()
	for _, c := range captures(t) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no capture %s", name)
	return capture.Capture{}
}

// TestTeeCaptures: on every capture, read whole and in reads of 1 and 7
// bytes, the tee's outcome is toolspec's from the wire bytes, violations'
// positions and payloads included, and its event function is called, while
// the SDK reads, with the events an assembler fed the wire bytes reports.
func TestTeeCaptures(t *testing.T) {
	for _, c := range captures(t) {
		wantEvents, want := capture.Reference(format, c.Wire)
		for _, chunk := range []int{0, 1, 7} {
			events, got := teeEvents(t, &capture.Transport{Body: c.Wire, Chunk: chunk})
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", c.Name, chunk, events, wantEvents)
			}
			if d := capture.Diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", c.Name, chunk, d)
			}
		}
	}
}

// TestTeeCuts: a capture cut between events or inside one, ending at EOF
// or with a failed read, gives through the tee what the cut bytes give:
// their outcome and their events.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for _, c := range captures(t) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range append(between, inside...) {
			wantEvents, want := capture.Reference(format, c.Wire[:cut])
			if want.Tail != "" {
				tails++
			}
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				events, got := teeEvents(t, &capture.Transport{Body: c.Wire[:cut], Chunk: 64, ReadErr: readErr})
				if events != wantEvents {
					t.Errorf("%s cut at %d (read error %v): events\n%s\nwant\n%s", c.Name, cut, readErr, events, wantEvents)
				}
				if d := capture.Diff(got, want); d != "" {
					t.Errorf("%s cut at %d (read error %v): %s", c.Name, cut, readErr, d)
				}
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside an event")
	}
}

// TestDrainCaptures: on every capture, Drain's outcome is toolspec's from
// the wire bytes but for the violations' positions, though the SDK drops
// the pings.
func TestDrainCaptures(t *testing.T) {
	for _, c := range captures(t) {
		want := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
		got, err := viaDrain(t, &capture.Transport{Body: c.Wire})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
		if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
}

// TestDrainCuts: cut between events, Drain gives what the cut bytes give;
// cut inside an event, the SDK drops it, so Drain's outcome is the raw
// bytes' without the tail.
func TestDrainCuts(t *testing.T) {
	for _, c := range captures(t) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range between {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			got, _ := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
		}
		for _, cut := range inside {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			if want.Tail == "" {
				continue
			}
			got, _ := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			want.Tail = ""
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
			if (got.Err() == nil) != (want.Err() == nil) {
				t.Errorf("%s cut at %d: Err() = %v, the raw bytes' %v", c.Name, cut, got.Err(), want.Err())
			}
		}
	}
}

// overloaded is the error event Anthropic documents for an overloaded API
// mid-stream (no capture of one exists).
const overloaded = `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`

// errorStream returns the thinking-and-tool capture cut inside its tool
// call's arguments, between events, followed by an overloaded error event.
func errorStream(t *testing.T) []byte {
	t.Helper()
	c := load(t, "claude-sonnet-4-thinking-tool.sse")
	i := bytes.Index(c.Wire, []byte(`"type":"input_json_delta"`))
	if i < 0 {
		t.Fatal("no input_json_delta in the capture")
	}
	end := i + bytes.Index(c.Wire[i:], []byte("\n\n")) + 2
	return append(append([]byte(nil), c.Wire[:end]...), "event: error\ndata: "+overloaded+"\n\n"...)
}

// TestProviderError: anthropic-sdk-go turns event: error into
// stream.Err(); through the tee and through Drain the outcome still ends
// with END-5, whose payload is the event's, and the cut call is
// incomplete.
func TestProviderError(t *testing.T) {
	wire := errorStream(t)
	want := toolspec.Reassemble(format, wire, toolspec.Limits{})
	if len(want.Calls) != 1 || want.Calls[0].Status != toolspec.StatusIncomplete {
		t.Fatalf("toolspec:\n%s", want)
	}
	check := func(how string, got toolspec.Outcome) {
		t.Helper()
		var v *toolspec.Violation
		for i := range got.Violations {
			if got.Violations[i].Rule == toolspec.EndProviderErr {
				v = &got.Violations[i]
			}
		}
		if v == nil || v.Payload != overloaded || !strings.Contains(v.Message, "overloaded_error") {
			t.Errorf("%s: END-5 %v, want one with the payload %s", how, v, overloaded)
		}
	}

	got, sdkErr := viaTee(t, &capture.Transport{Body: wire})
	var ae *anthropic.Error
	if !errors.As(sdkErr, &ae) || ae.StatusCode != 200 {
		t.Fatalf("the SDK's error is %v, want a *anthropic.Error of a 200 response", sdkErr)
	}
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	check("tee", got)

	got, err := viaDrain(t, &capture.Transport{Body: wire})
	if err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
		t.Errorf("Drain: %s", d)
	}
	check("Drain", got)

	// A stream decoded from a bare response (no request): the SDK words the
	// error with the payload in its text.
	res := &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: io.NopCloser(bytes.NewReader(wire))}
	bare := ssestream.NewStream[anthropic.MessageStreamEventUnion](ssestream.NewDecoder(res), nil)
	got, err = Drain(bare, toolspec.New(format, toolspec.Limits{}))
	if err != nil || errors.As(bare.Err(), &ae) {
		t.Fatalf("Drain of a bare stream: %v (the SDK's error: %v)", err, bare.Err())
	}
	if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
		t.Errorf("Drain of a bare stream: %s", d)
	}
	check("Drain of a bare stream", got)
}

// TestHTTPError: an error status is the SDK's error, not the stream's:
// the tee has no response, and Drain returns the error.
func TestHTTPError(t *testing.T) {
	tr := &capture.Transport{Status: 529, Body: []byte(overloaded)}
	tee := NewTee(toolspec.Limits{})
	s := stream(tr, tee.Option())
	for s.Next() {
	}
	var ae *anthropic.Error
	if !errors.As(s.Err(), &ae) || ae.StatusCode != 529 {
		t.Fatalf("the SDK's error is %v, want a 529 *anthropic.Error", s.Err())
	}
	if _, err := tee.Outcome(); !errors.Is(err, ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
	out, err := viaDrain(t, tr)
	if !errors.As(err, &ae) || ae.StatusCode != 529 {
		t.Errorf("Drain: %v, want the 529 error", err)
	}
	if len(out.Violations) != 0 || out.Err() == nil {
		t.Errorf("Drain: a failed request's outcome:\n%s", out)
	}
}

// TestDrainUnnamedEvents pins what the SDK drops that toolspec reads:
// events without an SSE event name (data: lines alone) and a data: [DONE]
// that ends a message in place of message_delta and message_stop. The tee reads them as the raw bytes do.
func TestDrainUnnamedEvents(t *testing.T) {
	c := load(t, "claude-sonnet-4-5-tool-no-args.jsonl")
	unnamed := capture.SSE(c.Raw, false)
	want := toolspec.Reassemble(format, unnamed, toolspec.Limits{})
	if want.Err() != nil || len(want.Calls) != 1 {
		t.Fatalf("toolspec:\n%s", want)
	}
	got, _ := viaTee(t, &capture.Transport{Body: unnamed})
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	got, _ = viaDrain(t, &capture.Transport{Body: unnamed})
	if len(got.Calls) != 0 || !errors.Is(got.Err(), toolspec.ErrTruncated) {
		t.Errorf("Drain of unnamed events:\n%s\nwant no call and truncated (the SDK drops them all)", got)
	}

	// The proxy's [DONE] stands for message_delta and message_stop.
	i := bytes.LastIndex(c.Wire, []byte("event: message_delta\n"))
	if i < 0 {
		t.Fatal("no message_delta")
	}
	done := append(append([]byte(nil), c.Wire[:i]...), "data: [DONE]\n\n"...)
	want = toolspec.Reassemble(format, done, toolspec.Limits{})
	if want.Err() != nil {
		t.Fatalf("toolspec with [DONE]:\n%s", want)
	}
	got, _ = viaTee(t, &capture.Transport{Body: done})
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee, [DONE]: %s", d)
	}
	got, _ = viaDrain(t, &capture.Transport{Body: done})
	if !errors.Is(got.Err(), toolspec.ErrTruncated) {
		t.Errorf("Drain, [DONE]: Err() = %v, want ErrTruncated", got.Err())
	}
}

// TestTeeEarlyClose: a caller that stops after the first event and closes
// the stream gets the outcome of the bytes the SDK had read.
func TestTeeEarlyClose(t *testing.T) {
	c := load(t, "claude-sonnet-4-text-2tools-padded.sse")
	tr := &capture.Transport{Body: c.Wire, Chunk: 500}
	tee := NewTee(toolspec.Limits{})
	s := stream(tr, tee.Option())
	if !s.Next() {
		t.Fatal(s.Err())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	body := tr.Bodies[0]
	if !body.Closed || body.Served >= len(c.Wire) {
		t.Fatalf("the body was closed %v after %d of %d bytes", body.Closed, body.Served, len(c.Wire))
	}
	want := toolspec.Reassemble(format, c.Wire[:body.Served], toolspec.Limits{})
	if d := capture.Diff(got, want); d != "" {
		t.Error(d)
	}
	if !errors.Is(got.Err(), toolspec.ErrTruncated) {
		t.Errorf("Err() = %v, want ErrTruncated", got.Err())
	}
}

// TestPushNoRawJSON: an event built in memory has no wire payload.
func TestPushNoRawJSON(t *testing.T) {
	a := toolspec.New(format, toolspec.Limits{})
	if err := Push(a, anthropic.MessageStreamEventUnion{Type: "ping"}); !errors.Is(err, ErrNoRawJSON) {
		t.Errorf("Push: %v, want ErrNoRawJSON", err)
	}
}

// TestTeeEventsAtTheEnd: the tee's event function sees the end of the
// stream as the raw bytes have it, where an event function on Drain's
// assembler sees what the SDK hands out: a proxy's data: [DONE] in place of
// message_delta and message_stop (the message ends there, stop none), a
// last event without its blank line (message_delta, whose stop the SDK
// drops), and a last event the body was cut inside (its bytes are the tail,
// and the stop is truncated).
func TestTeeEventsAtTheEnd(t *testing.T) {
	c := load(t, "claude-sonnet-4-5-tool-no-args.jsonl")
	i := bytes.LastIndex(c.Wire, []byte("event: message_delta\n"))
	j := bytes.LastIndex(c.Wire, []byte("event: message_stop\n"))
	if i < 0 || j < i {
		t.Fatal("no message_delta, or no message_stop after it")
	}
	for _, w := range []struct {
		name, stop string // stop: the last event
		wire       []byte
		tail       bool
	}{
		{"[DONE]", "stop msg 0 choice 0 ", append(append([]byte(nil), c.Wire[:i]...), "data: [DONE]\n\n"...), false},
		{"no blank line", "stop msg 0 choice 0 tool_use", c.Wire[:j-1], false},
		{"cut inside", "stop msg 0 choice 0 truncated", c.Wire[:i+40], true},
	} {
		wantEvents, want := capture.Reference(format, w.wire)
		events, got := teeEvents(t, &capture.Transport{Body: w.wire, Chunk: 5})
		if events != wantEvents {
			t.Errorf("%s: events\n%s\nwant\n%s", w.name, events, wantEvents)
		}
		if d := capture.Diff(got, want); d != "" {
			t.Errorf("%s: %s", w.name, d)
		}
		if (got.Tail != "") != w.tail {
			t.Errorf("%s: tail %q", w.name, got.Tail)
		}
		if !strings.HasSuffix(events, "\n"+w.stop) {
			t.Errorf("%s: the tee's events do not end with %q:\n%s", w.name, w.stop, events)
		}
		if !w.tail && drainEvents(&capture.Transport{Body: w.wire, Chunk: 5}) == wantEvents {
			t.Errorf("%s: Drain's events are the raw bytes': the SDK no longer drops the end", w.name)
		}
	}
}
