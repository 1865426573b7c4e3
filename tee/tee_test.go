package tee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/captures"
)

// capturesDir is the shared captures folder, the repository's sibling.
const capturesDir = "../../shared/captures"

// capture is one shared capture: its format (its folder) and its bytes.
type capture struct {
	name   string
	format toolspec.Format
	wire   []byte
}

// loadCaptures returns every shared capture of every format; absent
// captures stop t through captures.Absent (a failure under
// TOOLSPEC_CAPTURES=required, as CI sets it).
func loadCaptures(t *testing.T) []capture {
	t.Helper()
	var caps []capture
	for _, f := range toolspec.Formats() {
		dir := filepath.Join(capturesDir, string(f))
		for _, e := range captures.ReadDir(t, dir) {
			if e.IsDir() || strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			wire, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			caps = append(caps, capture{name: string(f) + "/" + e.Name(), format: f, wire: wire})
		}
	}
	if len(caps) < 30 {
		captures.Absent(t, capturesDir, fmt.Errorf("only %d captures", len(caps)))
	}
	return caps
}

// served is a response body that hands out data in reads of at most chunk
// bytes (all that fits when chunk is 0), then readErr (io.EOF when nil),
// and records how much it served and whether it was closed.
type served struct {
	mu      sync.Mutex
	data    []byte
	chunk   int
	readErr error
	n       int
	closed  bool
}

func (s *served) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return 0, errors.New("read on a closed body")
	}
	if s.n == len(s.data) {
		if s.readErr != nil {
			return 0, s.readErr
		}
		return 0, io.EOF
	}
	if s.chunk > 0 && len(p) > s.chunk {
		p = p[:s.chunk]
	}
	k := copy(p, s.data[s.n:])
	s.n += k
	return k, nil
}

func (s *served) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return nil
}

// transport answers every request with the next of its responses (the
// last one again once they run out).
type transport struct {
	responses []*http.Response
	requests  int
}

func (tr *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	i := min(tr.requests, len(tr.responses)-1)
	tr.requests++
	res := tr.responses[i]
	res.Request = req
	return res, nil
}

// ok is a 200 response whose body is b.
func ok(b io.ReadCloser) *http.Response {
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: b}
}

// get makes one request through a client whose transport is the tee's
// round tripper over tr.
func get(t *testing.T, te *Tee, tr http.RoundTripper) *http.Response {
	t.Helper()
	client := &http.Client{Transport: te.RoundTripper(tr)}
	res, err := client.Get("http://tee.test/stream")
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// recorder collects the events of a tee or an assembler.
type recorder struct {
	mu     sync.Mutex
	events []string
}

func (r *recorder) add(ev toolspec.Event) {
	r.mu.Lock()
	r.events = append(r.events, ev.String())
	r.mu.Unlock()
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.events, "\n")
}

// reference returns what an assembler fed wire in one write reports: its
// events and its outcome.
func reference(f toolspec.Format, wire []byte) (string, toolspec.Outcome) {
	var r recorder
	a := toolspec.New(f, toolspec.Limits{})
	a.OnEvent(r.add)
	_, _ = a.Write(wire)
	out := a.Close()
	return r.String(), out
}

// diff describes how got differs from want: "" when their transcripts,
// tails and violations (payloads and positions included) are equal.
func diff(got, want toolspec.Outcome) string {
	if g, w := got.String(), want.String(); g != w {
		return "got:\n" + g + "want:\n" + w
	}
	for i := range want.Violations {
		if got.Violations[i] != want.Violations[i] {
			return fmt.Sprintf("violation %d: got %+v, want %+v", i, got.Violations[i], want.Violations[i])
		}
	}
	return ""
}

// viaTee serves body through a tee with an event recorder, reads the
// response with read (which closes the body), and returns the events and
// the outcome.
func viaTee(t *testing.T, f toolspec.Format, body io.ReadCloser, read func(io.ReadCloser)) (string, toolspec.Outcome, *Tee) {
	t.Helper()
	te := New(f, toolspec.Limits{})
	var r recorder
	te.OnEvent(r.add)
	res := get(t, te, &transport{responses: []*http.Response{ok(body)}})
	read(res.Body)
	// Every event came while the client read or closed the body: the
	// stream has ended, and Outcome adds none.
	events := r.String()
	out, err := te.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	if after := r.String(); after != events {
		t.Errorf("events came after the client closed the body:\n%s", after[len(events):])
	}
	return events, out, te
}

// readAll reads the body to its end and closes it, as a client does.
func readAll(rc io.ReadCloser) {
	_, _ = io.Copy(io.Discard, rc)
	_ = rc.Close()
}

// TestCaptures: on every shared capture of every format, read whole, in
// reads of one byte and of seven, the tee's outcome is toolspec.Reassemble's
// of the wire bytes, violations' positions and payloads included, and its
// event function is called with the events an assembler fed the same
// bytes reports, in the same order.
func TestCaptures(t *testing.T) {
	for _, c := range loadCaptures(t) {
		wantEvents, want := reference(c.format, c.wire)
		if wantEvents == "" {
			t.Fatalf("%s: no events", c.name)
		}
		for _, chunk := range []int{0, 1, 7} {
			events, got, te := viaTee(t, c.format, &served{data: c.wire, chunk: chunk}, readAll)
			if d := diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", c.name, chunk, d)
			}
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", c.name, chunk, events, wantEvents)
			}
			if te.ClosedEarly() {
				t.Errorf("%s, reads of %d: read to its end, ClosedEarly", c.name, chunk)
			}
		}
	}
}

// cuts returns n points spread over (0, size).
func cuts(size, n int) []int {
	var pts []int
	for i := 1; i <= n; i++ {
		if p := i * size / (n + 1); p > 0 && (len(pts) == 0 || p != pts[len(pts)-1]) {
			pts = append(pts, p)
		}
	}
	return pts
}

// TestCapturesCut: a shared capture cut short, the body ending at the cut
// or failing there, or the client closing it after the cut's bytes, gives
// through the tee the outcome and the events the cut bytes give: the calls
// it leaves open end as incomplete, and a cut last event is the tail.
func TestCapturesCut(t *testing.T) {
	tails := 0
	for _, c := range loadCaptures(t) {
		for _, cut := range cuts(len(c.wire), 16) {
			wantEvents, want := reference(c.format, c.wire[:cut])
			if want.Tail != "" {
				tails++
			}
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				events, got, te := viaTee(t, c.format, &served{data: c.wire[:cut], chunk: 5, readErr: readErr}, readAll)
				if d := diff(got, want); d != "" {
					t.Errorf("%s cut at %d (read error %v): %s", c.name, cut, readErr, d)
				}
				if events != wantEvents {
					t.Errorf("%s cut at %d (read error %v): events\n%s\nwant\n%s", c.name, cut, readErr, events, wantEvents)
				}
				if te.ClosedEarly() != (readErr != nil) {
					t.Errorf("%s cut at %d (read error %v): ClosedEarly %v", c.name, cut, readErr, te.ClosedEarly())
				}
			}
			// The client stops reading after cut bytes and closes the body.
			body := &served{data: c.wire, chunk: 1}
			events, got, te := viaTee(t, c.format, body, func(rc io.ReadCloser) {
				_, _ = io.CopyN(io.Discard, rc, int64(cut))
				_ = rc.Close()
			})
			if body.n != cut || !body.closed {
				t.Fatalf("%s: the client read %d bytes, closed %v", c.name, body.n, body.closed)
			}
			if d := diff(got, want); d != "" {
				t.Errorf("%s closed after %d bytes: %s", c.name, cut, d)
			}
			if events != wantEvents {
				t.Errorf("%s closed after %d bytes: events\n%s\nwant\n%s", c.name, cut, events, wantEvents)
			}
			if !te.ClosedEarly() {
				t.Errorf("%s closed after %d bytes: not ClosedEarly", c.name, cut)
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside a frame")
	}
}

// openCall is a Chat Completions call whose choice has not finished.
const openCall = `data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":""}}]}}]}

data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"q\":\"x\"}"}}]}}]}

`

// TestEventsAtTheEnd: the event function sees what an SDK's decoded chunks
// lose: the call data: [DONE] completes, a last event without its blank
// line (read at the end of the body), and a last event the body was cut
// inside (the call ends incomplete, the stop is truncated, the event is the
// tail). Each event comes while the client reads, before it closes the body.
func TestEventsAtTheEnd(t *testing.T) {
	for _, c := range []struct {
		name, wire string
		status     toolspec.Status
		stop       toolspec.StopReason
		tail       string
	}{
		{"[DONE]", openCall + "data: [DONE]\n\n", toolspec.StatusComplete, toolspec.StopNone, ""},
		{"no blank line", openCall + `data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n", toolspec.StatusComplete, toolspec.StopToolUse, ""},
		{"cut inside", openCall + `data: {"id":"c","choices":[{"index":0,"delta":{},"fin`, toolspec.StatusIncomplete, toolspec.StopTruncated, `{"id":"c","choices":[{"index":0,"delta":{},"fin`},
	} {
		te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
		var ends []toolspec.Call
		var stops []toolspec.Stop
		body := &served{data: []byte(c.wire), chunk: 3}
		reading := true
		te.OnEvent(func(ev toolspec.Event) {
			if !reading {
				t.Errorf("%s: event %s after the client stopped reading", c.name, ev)
			}
			switch ev.Kind {
			case toolspec.EventCallEnd:
				ends = append(ends, *ev.Call)
			case toolspec.EventStop:
				stops = append(stops, *ev.Stop)
			}
		})
		res := get(t, te, &transport{responses: []*http.Response{ok(body)}})
		if _, err := io.ReadAll(res.Body); err != nil {
			t.Fatal(err)
		}
		reading = false
		_ = res.Body.Close()
		if len(ends) != 1 || ends[0].Status != c.status || ends[0].Args != `{"q":"x"}` {
			t.Errorf("%s: call ends %+v, want one %s", c.name, ends, c.status)
		}
		if len(stops) != 1 || stops[0].Reason != c.stop {
			t.Errorf("%s: stops %+v, want %s", c.name, stops, c.stop)
		}
		out, _ := te.Outcome()
		if out.Tail != c.tail {
			t.Errorf("%s: tail %q, want %q", c.name, out.Tail, c.tail)
		}
		if d := diff(out, toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(c.wire), toolspec.Limits{})); d != "" {
			t.Errorf("%s: %s", c.name, d)
		}
	}
}

// TestEventBeforeTheEnd: a call's end reaches the event function as soon
// as the bytes that end it are read, while the rest of the body has not
// been sent: a tool can start while the client reads on.
func TestEventBeforeTheEnd(t *testing.T) {
	first := openCall + `data: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n\n"
	pr, pw := io.Pipe()
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	ended := make(chan toolspec.Call, 1)
	te.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallEnd {
			ended <- *ev.Call
		}
	})
	res := get(t, te, &transport{responses: []*http.Response{ok(pr)}})
	done := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, res.Body)
		done <- err
	}()
	if _, err := io.WriteString(pw, first); err != nil {
		t.Fatal(err)
	}
	c := <-ended // the body is still open: the writer has not closed it
	if c.Status != toolspec.StatusComplete || c.Name != "search" {
		t.Errorf("call end %+v", c)
	}
	_, _ = io.WriteString(pw, "data: [DONE]\n\n")
	_ = pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if out, _ := te.Outcome(); out.Err() != nil {
		t.Errorf("outcome: %v", out.Err())
	}
}

// TestEventFunctionCallsTheTee: the event function may call the tee's
// methods, Outcome included, which ends the stream there: the events that
// ending causes follow, and nothing after.
func TestEventFunctionCallsTheTee(t *testing.T) {
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	var r recorder
	te.OnEvent(func(ev toolspec.Event) {
		r.add(ev)
		if ev.Kind == toolspec.EventCallStart {
			_ = te.Responses()
			_ = te.ClosedEarly()
			if _, err := te.Outcome(); err != nil {
				t.Error(err)
			}
		}
	})
	res := get(t, te, &transport{responses: []*http.Response{ok(&served{data: []byte(openCall + "data: [DONE]\n\n"), chunk: 1})}})
	readAll(res.Body)
	out, _ := te.Outcome()
	if out.Calls[0].Status != toolspec.StatusIncomplete || !te.ClosedEarly() {
		t.Errorf("Outcome from the event function did not end the stream:\n%s", out)
	}
	// The first frame's start, then the ends Outcome caused.
	want := "call-start 0 id=\"call_1\" name=\"search\"\ncall-end 0 incomplete name=\"search\" args=\"\"\nstop msg 0 choice 0 truncated"
	if got := r.String(); got != want {
		t.Errorf("events\n%s\nwant\n%s", got, want)
	}
}

// TestEventFunctionPanics: a panic in the event function reaches the
// reader, and leaves the tee usable.
func TestEventFunctionPanics(t *testing.T) {
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	te.OnEvent(func(ev toolspec.Event) {
		if ev.Kind == toolspec.EventCallStart {
			panic("boom")
		}
	})
	res := get(t, te, &transport{responses: []*http.Response{ok(&served{data: []byte(openCall)})}})
	func() {
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		_, _ = io.ReadAll(res.Body)
	}()
	var r recorder
	te.OnEvent(r.add)
	_ = res.Body.Close()
	if _, err := te.Outcome(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.String(), "call-end 0 incomplete") {
		t.Errorf("events after the panic:\n%s", r.String())
	}
}

const whole = `data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n"

// TestPassThrough: failed requests and responses that are not a success
// reach the caller untouched, and leave the tee without an outcome.
func TestPassThrough(t *testing.T) {
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	boom := errors.New("boom")
	if _, err := te.Middleware(nil, func(*http.Request) (*http.Response, error) { return nil, boom }); err != boom {
		t.Errorf("a failed request: %v", err)
	}
	for _, status := range []int{199, 300, 429, 500} {
		body := io.NopCloser(strings.NewReader("x"))
		res, err := te.Middleware(nil, func(*http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: status, Body: body}, nil
		})
		if err != nil || res.Body != body {
			t.Errorf("status %d: the body was replaced (%v)", status, err)
		}
	}
	if _, err := te.Outcome(); !errors.Is(err, ErrNoResponse) || te.Responses() != 0 {
		t.Errorf("Outcome: %v, %d responses", err, te.Responses())
	}
	client := &http.Client{Transport: te.RoundTripper(roundTrip(func(*http.Request) (*http.Response, error) { return nil, boom }))}
	if _, err := client.Get("http://tee.test/"); !errors.Is(err, boom) {
		t.Errorf("through the round tripper: %v", err)
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestLastResponse: the outcome is the last successful response's, read
// to its end; the earlier one ends where it was left, its open call
// reported as incomplete before the next response's events.
func TestLastResponse(t *testing.T) {
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	var r recorder
	te.OnEvent(r.add)
	first, _ := te.Middleware(nil, func(*http.Request) (*http.Response, error) { return ok(io.NopCloser(strings.NewReader(openCall))), nil })
	if _, err := io.ReadAll(first.Body); err != nil {
		t.Fatal(err)
	}
	// The first body read to its end: read again from the start.
	first, _ = te.Middleware(nil, func(*http.Request) (*http.Response, error) { return ok(io.NopCloser(strings.NewReader(openCall))), nil })
	buf := make([]byte, strings.Index(openCall, "\n\n")+2)
	if _, err := io.ReadFull(first.Body, buf); err != nil {
		t.Fatal(err)
	}
	second, _ := te.Middleware(nil, func(*http.Request) (*http.Response, error) { return ok(io.NopCloser(strings.NewReader(whole))), nil })
	if _, err := io.ReadAll(second.Body); err != nil {
		t.Fatal(err)
	}
	// Reading the discarded body changes nothing.
	_, _ = io.ReadAll(first.Body)
	out, err := te.Outcome()
	if err != nil || te.Responses() != 3 {
		t.Fatalf("Outcome: %v, %d responses", err, te.Responses())
	}
	want := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(whole), toolspec.Limits{})
	if d := diff(out, want); d != "" || out.Err() != nil {
		t.Error(d)
	}
	ev1, _ := reference(toolspec.FormatOpenAIChat, []byte(openCall))
	ev2, _ := reference(toolspec.FormatOpenAIChat, buf)
	ev3, _ := reference(toolspec.FormatOpenAIChat, []byte(whole))
	if got, want := r.String(), ev1+"\n"+ev2+"\n"+ev3; got != want {
		t.Errorf("events\n%s\nwant\n%s", got, want)
	}
}

// TestConcurrent: reads, closes, outcomes and events from several
// goroutines (run with -race); the events are those of the bytes read, in
// order, and the outcome does not change once the stream ended.
func TestConcurrent(t *testing.T) {
	wire := strings.Repeat(openCall, 100)
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	var r recorder
	te.OnEvent(r.add)
	body := &served{data: []byte(wire), chunk: 17}
	res := get(t, te, &transport{responses: []*http.Response{ok(body)}})
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			buf := make([]byte, 64)
			for j := 0; j < 50; j++ {
				switch i {
				case 0:
					_, _ = res.Body.Read(buf)
				case 1:
					if j%10 == 9 {
						_, _ = te.Outcome()
					}
				case 2:
					te.Responses()
					te.ClosedEarly()
				case 3:
					if j == 25 {
						_ = res.Body.Close()
					}
				}
			}
		}(i)
	}
	wg.Wait()
	a, _ := te.Outcome()
	b, _ := te.Outcome()
	if a.String() != b.String() {
		t.Error("the outcome changed after the stream ended")
	}
	// The outcome is of a prefix of the bytes served, and the events are
	// that prefix's.
	for n := 0; n <= body.n; n++ {
		if events, out := reference(toolspec.FormatOpenAIChat, []byte(wire[:n])); diff(out, a) == "" && events == r.String() {
			return
		}
	}
	t.Errorf("no prefix of the %d bytes served gives the outcome and the events:\n%s\n%s", body.n, a, r.String())
}

// TestDefaultTransport: a nil next round tripper is http.DefaultTransport,
// here to a server on the loopback.
func TestDefaultTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, whole)
	}))
	defer srv.Close()
	te := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	client := &http.Client{Transport: te.RoundTripper(nil)}
	res, err := client.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if !bytes.Equal(got, []byte(whole)) {
		t.Errorf("the client read %q", got)
	}
	if out, err := te.Outcome(); err != nil || out.Err() != nil || te.Responses() != 1 {
		t.Errorf("Outcome: %v, %v, %d responses", err, out.Err(), te.Responses())
	}
	client.CloseIdleConnections() // reaches http.DefaultTransport's
}

// TestNewPanics: an unknown format panics at New, not inside a request.
func TestNewPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	New("openai", toolspec.Limits{})
}
