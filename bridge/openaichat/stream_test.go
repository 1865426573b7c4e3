package openaichat

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

const format = toolspec.FormatOpenAIChat

// client returns an SDK client whose requests tr serves.
func client(tr http.RoundTripper) openai.Client {
	return openai.NewClient(
		option.WithHTTPClient(&http.Client{Transport: tr}),
		option.WithAPIKey("test"),
		option.WithBaseURL("http://bridge.test/v1/"),
		option.WithMaxRetries(0),
	)
}

// stream starts a streaming request that tr serves, with opts.
func stream(tr http.RoundTripper, opts ...option.RequestOption) *ssestream.Stream[openai.ChatCompletionChunk] {
	c := client(tr)
	return c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{Model: "test"}, opts...)
}

// viaTee streams wire through the SDK with a tee, in reads of at most chunk
// bytes, and returns the tee's outcome and the SDK stream's error.
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

// viaDrain streams wire through the SDK and drains it into an assembler.
func viaDrain(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	return Drain(stream(tr), toolspec.New(format, toolspec.Limits{}))
}

// TestTeeCaptures: on every capture, read whole and in reads of 1 and 7
// bytes, the tee's outcome is toolspec's from the wire bytes, violations'
// positions and payloads included, and its event function is called, while
// the SDK reads, with the events an assembler fed the wire bytes reports.
func TestTeeCaptures(t *testing.T) {
	for _, c := range capture.Load(t, string(format), false) {
		wantEvents, want := capture.Reference(format, c.Wire)
		for _, chunk := range []int{0, 1, 7} {
			events, got := teeEvents(t, &capture.Transport{Body: c.Wire, Chunk: chunk})
			if d := capture.Diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", c.Name, chunk, d)
			}
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", c.Name, chunk, events, wantEvents)
			}
		}
	}
}

// TestTeeCuts: a capture cut between events or inside one, ending at EOF
// or with a failed read, gives through the tee what the cut bytes give:
// truncated, with the cut event as the tail, and the cut bytes' events.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for _, c := range capture.Load(t, string(format), false) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range append(between, inside...) {
			wantEvents, want := capture.Reference(format, c.Wire[:cut])
			if want.Tail != "" {
				tails++
			}
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				tr := &capture.Transport{Body: c.Wire[:cut], Chunk: 64, ReadErr: readErr}
				events, _ := teeEvents(t, tr)
				if events != wantEvents {
					t.Errorf("%s cut at %d (read error %v): events\n%s\nwant\n%s", c.Name, cut, readErr, events, wantEvents)
				}
				got, sdkErr := viaTee(t, &capture.Transport{Body: c.Wire[:cut], Chunk: 64, ReadErr: readErr})
				if d := capture.Diff(got, want); d != "" {
					t.Errorf("%s cut at %d (read error %v): %s", c.Name, cut, readErr, d)
				}
				if readErr != nil && !errors.Is(sdkErr, readErr) {
					t.Errorf("%s cut at %d: the SDK's error is %v, want %v", c.Name, cut, sdkErr, readErr)
				}
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside an event")
	}
}

// groq is the capture whose stream ends with a provider error event.
const groq = "groq-gpt-oss-120b-tool-use-failed-error.sse"

// load returns the capture named name.
func load(t *testing.T, name string) capture.Capture {
	t.Helper()
	for _, c := range capture.Load(t, string(format), false) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no capture %s", name)
	return capture.Capture{}
}

// endFive returns the END-5 violation of out, or fails.
func endFive(t *testing.T, out toolspec.Outcome) toolspec.Violation {
	t.Helper()
	for _, v := range out.Violations {
		if v.Rule == toolspec.EndProviderErr {
			return v
		}
	}
	t.Fatalf("no END-5 violation in\n%s", out)
	return toolspec.Violation{}
}

// TestProviderError: openai-go turns Groq's event: error into stream.Err();
// through the tee and through Drain the outcome still ends with END-5,
// whose payload is the error event's, whole.
func TestProviderError(t *testing.T) {
	c := load(t, groq)
	i := strings.LastIndex(string(c.Wire), "data: {\"error\"")
	payload := strings.TrimRight(string(c.Wire[i+len("data: "):]), "\n")
	want := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})

	got, sdkErr := viaTee(t, &capture.Transport{Body: c.Wire})
	var se *ssestream.StreamError
	if !errors.As(sdkErr, &se) {
		t.Fatalf("the SDK's error is %v, want a *ssestream.StreamError", sdkErr)
	}
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	if v := endFive(t, got); v.Payload != payload {
		t.Errorf("tee: END-5 payload %q, want %q", v.Payload, payload)
	}

	got, err := viaDrain(t, &capture.Transport{Body: c.Wire})
	if err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
		t.Errorf("Drain: %s", d)
	}
	if v := endFive(t, got); v.Payload != payload {
		t.Errorf("Drain: END-5 payload %q, want %q", v.Payload, payload)
	}
	if !errors.Is(got.Err(), toolspec.ErrViolation) {
		t.Errorf("Drain: Err() = %v, want ErrViolation", got.Err())
	}
}

// cutCall is a stream with a call whose arguments an OpenAI-compatible
// error object (no SSE event name) cuts short.
const cutCall = `data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"q\":"}}]}}]}

data: {"error":{"message":"upstream timed out","type":"server_error","code":"timeout"}}

`

// TestProviderErrorObject: an error object on a plain data: line is
// intercepted by the SDK too; both bridges end with END-5 and the cut call
// incomplete.
func TestProviderErrorObject(t *testing.T) {
	want := toolspec.Reassemble(format, []byte(cutCall), toolspec.Limits{})
	if want.Calls[0].Status != toolspec.StatusIncomplete {
		t.Fatalf("toolspec: call is %s, want incomplete", want.Calls[0].Status)
	}
	got, _ := viaTee(t, &capture.Transport{Body: []byte(cutCall)})
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	got, err := viaDrain(t, &capture.Transport{Body: []byte(cutCall)})
	if err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
		t.Errorf("Drain: %s", d)
	}
	endFive(t, got)
}

// TestDrainCaptures: on every capture, Drain's outcome is toolspec's from
// the wire bytes but for the violations' positions, which count pushed
// payloads.
func TestDrainCaptures(t *testing.T) {
	for _, c := range capture.Load(t, string(format), false) {
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

// TestDrainCuts: a capture cut between events gives through Drain what
// the cut bytes give; cut inside an event, the SDK drops the event, so
// Drain's outcome is the raw bytes' without the tail (and still truncated
// wherever the raw bytes' is).
func TestDrainCuts(t *testing.T) {
	for _, c := range capture.Load(t, string(format), false) {
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
				continue // the cut left a whole event: see TestDrainLastEvent
			}
			got, _ := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			if got.Tail != "" {
				t.Errorf("%s cut at %d: Drain's outcome has a tail", c.Name, cut)
			}
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

// openCall is a call's first chunk and its arguments, without a finish.
const openCall = `data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":""}}]}}]}

data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"q\":\"x\"}"}}]}}]}

`

// TestDoneAmbiguity pins what Drain cannot know: a stream whose choice
// never finished completes its call at data: [DONE] from the raw bytes,
// and is truncated without it; openai-go ends both the same way, so Drain
// gives both the truncated outcome, and only the tee tells them apart.
func TestDoneAmbiguity(t *testing.T) {
	withDone := []byte(openCall + "data: [DONE]\n\n")
	atEOF := []byte(openCall)
	wantDone := toolspec.Reassemble(format, withDone, toolspec.Limits{})
	wantEOF := toolspec.Reassemble(format, atEOF, toolspec.Limits{})
	if wantDone.Calls[0].Status != toolspec.StatusComplete || wantDone.Err() != nil {
		t.Fatalf("toolspec with [DONE]:\n%s", wantDone)
	}
	if wantEOF.Calls[0].Status != toolspec.StatusIncomplete || !errors.Is(wantEOF.Err(), toolspec.ErrTruncated) {
		t.Fatalf("toolspec at EOF:\n%s", wantEOF)
	}
	for _, c := range []struct {
		name string
		wire []byte
		want toolspec.Outcome
	}{{"[DONE]", withDone, wantDone}, {"EOF", atEOF, wantEOF}} {
		got, _ := viaTee(t, &capture.Transport{Body: c.wire})
		if d := capture.Diff(got, c.want); d != "" {
			t.Errorf("tee, %s: %s", c.name, d)
		}
		got, err := viaDrain(t, &capture.Transport{Body: c.wire})
		if err != nil {
			t.Fatal(err)
		}
		if d := capture.Diff(got, wantEOF); d != "" {
			t.Errorf("Drain, %s: %s", c.name, d)
		}
	}
}

// TestDrainLastEvent pins the other thing the SDK drops: a last event with
// no blank line after it, which toolspec reads (FRAME-1). Its finish is
// lost to Drain, whose outcome is truncated; the tee has it.
func TestDrainLastEvent(t *testing.T) {
	wire := []byte(openCall + `data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n")
	want := toolspec.Reassemble(format, wire, toolspec.Limits{})
	if want.Err() != nil {
		t.Fatalf("toolspec:\n%s", want)
	}
	got, _ := viaTee(t, &capture.Transport{Body: wire})
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	got, _ = viaDrain(t, &capture.Transport{Body: wire})
	if !errors.Is(got.Err(), toolspec.ErrTruncated) {
		t.Errorf("Drain: Err() = %v, want ErrTruncated (the SDK dropped the finish)", got.Err())
	}
}

// TestTeeEarlyClose: a caller that stops after the first chunk and closes
// the stream gets the outcome of the bytes the SDK had read, which reads as
// truncated; reading on after Outcome leaves the outcome as it was.
func TestTeeEarlyClose(t *testing.T) {
	c := load(t, "openai-gpt-4o-2calls.sse")
	tr := &capture.Transport{Body: c.Wire, Chunk: 300}
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

	// Outcome taken mid-stream ends the stream there; the SDK reads on.
	tr = &capture.Transport{Body: c.Wire, Chunk: 300}
	tee = NewTee(toolspec.Limits{})
	s = stream(tr, tee.Option())
	s.Next()
	mid, _ := tee.Outcome()
	n := 1
	for s.Next() {
		n++
	}
	if s.Err() != nil || n < 10 {
		t.Fatalf("the SDK read %d chunks after Outcome, error %v", n, s.Err())
	}
	again, _ := tee.Outcome()
	if d := capture.Diff(again, mid); d != "" {
		t.Errorf("Outcome changed after the SDK read on: %s", d)
	}
}

// TestTeeConcurrentClose: the stream closed from another goroutine while a
// read waits ends the outcome at the bytes read, without a data race (run
// with -race) or a panic.
func TestTeeConcurrentClose(t *testing.T) {
	pr, pw := io.Pipe()
	tee := NewTee(toolspec.Limits{})
	tr := roundTrip(func(req *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: pr, Request: req}, nil
	})
	s := stream(tr, tee.Option())
	first := openCall[:strings.Index(openCall, "\n\n")+2]
	go func() { _, _ = pw.Write([]byte(first)) }()
	if !s.Next() {
		t.Fatal(s.Err())
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = s.Close()
	}()
	for s.Next() { // waits on the pipe until Close ends it
	}
	wg.Wait()
	got, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	want := toolspec.Reassemble(format, []byte(first), toolspec.Limits{})
	if d := capture.Diff(got, want); d != "" {
		t.Error(d)
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestTeeResponses: a response with an error status passes the tee
// untouched (the SDK reads it into its error, and retries); a 2xx the SDK
// retries after is replaced by the next; a request that never succeeded
// has no outcome.
func TestTeeResponses(t *testing.T) {
	whole := []byte(openCall + `data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n\ndata: [DONE]\n\n")
	tr := &capture.Transport{Body: whole, Responses: []capture.Response{
		{Status: 500, Header: http.Header{"Retry-After-Ms": {"1"}}, Body: []byte(`{"error":{"message":"boom","type":"server_error"}}`)},
		{Status: 200, Header: http.Header{"X-Should-Retry": {"true"}, "Retry-After-Ms": {"1"}}, Body: []byte(openCall)},
	}}
	tee := NewTee(toolspec.Limits{})
	c := client(tr)
	s := c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{Model: "test"}, tee.Option(), option.WithMaxRetries(2), option.WithRequestTimeout(0))
	for s.Next() {
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	if tr.Requests != 3 || tee.Responses() != 2 {
		t.Fatalf("%d requests, %d successful responses through the tee; want 3 and 2", tr.Requests, tee.Responses())
	}
	got, _ := tee.Outcome()
	want := toolspec.Reassemble(format, whole, toolspec.Limits{})
	if d := capture.Diff(got, want); d != "" {
		t.Error(d)
	}

	tr = &capture.Transport{Status: 400, Body: []byte(`{"error":{"message":"bad","type":"invalid_request_error"}}`)}
	tee = NewTee(toolspec.Limits{})
	s = stream(tr, tee.Option())
	for s.Next() {
	}
	var apiErr *openai.Error
	if !errors.As(s.Err(), &apiErr) || apiErr.StatusCode != 400 {
		t.Fatalf("the SDK's error is %v, want a 400 *openai.Error", s.Err())
	}
	if _, err := tee.Outcome(); !errors.Is(err, ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
	// Drain returns the SDK's error for a failed request.
	out, err := viaDrain(t, tr)
	if !errors.As(err, &apiErr) {
		t.Errorf("Drain: %v, want the *openai.Error", err)
	}
	if out.Err() == nil {
		t.Error("Drain: a failed request's outcome is a whole success")
	}
}

// TestPushNoRawJSON: a chunk built in memory has no wire payload.
func TestPushNoRawJSON(t *testing.T) {
	a := toolspec.New(format, toolspec.Limits{})
	if err := Push(a, openai.ChatCompletionChunk{ID: "x"}); !errors.Is(err, ErrNoRawJSON) {
		t.Errorf("Push: %v, want ErrNoRawJSON", err)
	}
}

// TestDrainStopsAtViolation: Drain stops reading at a terminal violation
// and closes the stream.
func TestDrainStopsAtViolation(t *testing.T) {
	wire := []byte(openCall + `data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":"zero"}]}}]}` + "\n\n" + openCall)
	tr := &capture.Transport{Body: wire, Chunk: 50}
	out, err := viaDrain(t, tr)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(out.Err(), toolspec.ErrViolation) {
		t.Fatalf("Err() = %v, want a violation", out.Err())
	}
	if !tr.Bodies[0].Closed || tr.Bodies[0].Served == len(wire) {
		t.Errorf("Drain read %d of %d bytes and closed the body: %v", tr.Bodies[0].Served, len(wire), tr.Bodies[0].Closed)
	}
}

// TestDrainThreadEvent pins the rewrapping Drain's doc names: openai-go
// wraps the payload of an event named thread.* as {"event":..,"data":..},
// and Drain pushes that, which toolspec does not read as a chunk; the tee
// reads the chunk the wire carries.
func TestDrainThreadEvent(t *testing.T) {
	whole := openCall + finish("0", "tool_calls") + "data: [DONE]\n\n"
	wire := []byte("event: thread.message\n" + whole)
	want := toolspec.Reassemble(format, wire, toolspec.Limits{})
	if want.Err() != nil || len(want.Calls) != 1 {
		t.Fatalf("toolspec:\n%s", want)
	}
	got, _ := viaTee(t, &capture.Transport{Body: wire})
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	a := toolspec.New(format, toolspec.Limits{})
	s := stream(&capture.Transport{Body: wire})
	if !s.Next() {
		t.Fatal(s.Err())
	}
	if raw := s.Current().RawJSON(); !strings.HasPrefix(raw, `{"data":`) && !strings.HasPrefix(raw, `{"event":`) {
		t.Fatalf("the SDK no longer rewraps thread.* events: %s", raw)
	}
	_ = Push(a, s.Current())
	for s.Next() {
		_ = Push(a, s.Current())
	}
	got, _ = Finish(a, s.Err())
	if capture.Diff(capture.Positionless(got), capture.Positionless(want)) == "" {
		t.Error("Drain read the rewrapped event as the wire's chunk")
	}
}

// TestTeeEventsAtTheEnd: the tee's event function sees the end of the
// stream where an event function on Drain's assembler does not: the call
// data: [DONE] completes (Drain's ends incomplete, the SDK having dropped
// [DONE]), a last event without its blank line (its finish completes the
// call; the SDK drops it), and a last event the body was cut inside (the
// call ends incomplete, the stop is truncated, the event is the tail).
func TestTeeEventsAtTheEnd(t *testing.T) {
	finished := `data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`
	for _, c := range []struct {
		name, wire string
		tee, drain toolspec.Status
		tail       bool
	}{
		{"[DONE]", openCall + "data: [DONE]\n\n", toolspec.StatusComplete, toolspec.StatusIncomplete, false},
		{"no blank line", openCall + finished + "\n", toolspec.StatusComplete, toolspec.StatusIncomplete, false},
		{"cut inside", openCall + finished[:40], toolspec.StatusIncomplete, toolspec.StatusIncomplete, true},
	} {
		wantEvents, want := capture.Reference(format, []byte(c.wire))
		events, got := teeEvents(t, &capture.Transport{Body: []byte(c.wire), Chunk: 5})
		if events != wantEvents {
			t.Errorf("%s: events\n%s\nwant\n%s", c.name, events, wantEvents)
		}
		if d := capture.Diff(got, want); d != "" {
			t.Errorf("%s: %s", c.name, d)
		}
		if (got.Tail != "") != c.tail {
			t.Errorf("%s: tail %q", c.name, got.Tail)
		}
		if end := "call-end 0 " + c.tee.String(); !strings.Contains(events, end) {
			t.Errorf("%s: the tee's events lack %q:\n%s", c.name, end, events)
		}
		var drained capture.Events
		a := toolspec.New(format, toolspec.Limits{})
		a.OnEvent(drained.Add)
		_, _ = Drain(stream(&capture.Transport{Body: []byte(c.wire), Chunk: 5}), a)
		if end := "call-end 0 " + c.drain.String(); !strings.Contains(drained.String(), end) {
			t.Errorf("%s: Drain's events lack %q:\n%s", c.name, end, drained.String())
		}
	}
}

// TestTeeEventBeforeTheEnd: a call's end reaches the tee's event function
// as soon as the SDK reads the chunk that ends it, while the server has not
// sent the rest: the tool can start while the SDK reads on.
func TestTeeEventBeforeTheEnd(t *testing.T) {
	pr, pw := io.Pipe()
	tee := NewTee(toolspec.Limits{})
	ended := make(chan toolspec.Call, 1)
	tee.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd {
			ended <- *ev.Call
		}
	})
	tr := roundTrip(func(req *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: pr, Request: req}, nil
	})
	s := stream(tr, tee.Option())
	done := make(chan int)
	go func() {
		n := 0
		for s.Next() {
			n++
		}
		done <- n
	}()
	_, _ = io.WriteString(pw, openCall+finish("0", "tool_calls"))
	if c := <-ended; c.Status != toolspec.StatusComplete || c.Name != "search" {
		t.Errorf("call end %+v", c)
	}
	_, _ = io.WriteString(pw, "data: [DONE]\n\n")
	_ = pw.Close()
	if n := <-done; n != 3 || s.Err() != nil {
		t.Errorf("the SDK read %d chunks, error %v", n, s.Err())
	}
	if out, _ := tee.Outcome(); out.Err() != nil {
		t.Errorf("outcome: %v", out.Err())
	}
}
