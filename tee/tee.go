package tee

import (
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/toolspec/toolspec"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee (the request failed, or was never sent).
var ErrNoResponse = errors.New("toolspec tee: no successful streaming response went through the tee")

// Tee feeds the body of a streaming HTTP response to a toolspec assembler
// as the client reads it, and holds the outcome of the last successful
// (2xx) response that went through it. A response of any other status
// passes untouched: the client reads it into its own error, and may retry.
// Use one Tee per request.
//
// Its methods are safe for concurrent use.
type Tee struct {
	format toolspec.Format
	lim    toolspec.Limits

	mu         sync.Mutex
	cur        *body // the body of the last successful response
	responses  int   // successful responses seen
	on         func(toolspec.Event)
	queue      []toolspec.Event // events not yet handed to on
	delivering bool             // a goroutine is handing the queue to on
}

// New returns a tee for streams of format f under limits lim (the zero
// Limits means every default). It panics if f is not one of the six
// formats, as [toolspec.New] does.
func New(f toolspec.Format, lim toolspec.Limits) *Tee {
	if !f.Valid() {
		panic("toolspec tee: unknown format " + string(f))
	}
	return &Tee{format: f, lim: lim}
}

// OnEvent registers fn to be called with every [toolspec.Event] of the
// responses that arrive after it: the events an assembler fed the bytes
// the client reads reports, in order, as the client reads the bytes that
// cause them, and at the end of the body (or when it is closed, or
// [Tee.Outcome] ends it) the events that ending the stream causes. A
// response replaced by a retry ends there: its calls still open end as
// incomplete before the next response's events begin.
//
// fn is called from the goroutine that reads the body, closes it or calls
// Outcome, one event at a time, never with a lock of the tee held: it may
// call the tee's methods. While it runs, the read that caused the event
// waits; a tool that takes time should run in a goroutine of its own.
func (t *Tee) OnEvent(fn func(toolspec.Event)) {
	t.mu.Lock()
	t.on = fn
	t.mu.Unlock()
}

// RoundTripper returns next wrapped so that every response it returns
// goes through [Tee.Middleware]: install it as the Transport of the
// http.Client that makes the request. A nil next means
// [http.DefaultTransport].
func (t *Tee) RoundTripper(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return roundTripper{t: t, next: next}
}

// roundTripper is the tee as an http.RoundTripper.
type roundTripper struct {
	t    *Tee
	next http.RoundTripper
}

// RoundTrip sends req through the next round tripper and tees the response.
func (rt roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	return rt.t.Middleware(req, rt.next.RoundTrip)
}

// CloseIdleConnections closes the idle connections of the next round
// tripper, if it has the method, as [http.Client.CloseIdleConnections]
// asks.
func (rt roundTripper) CloseIdleConnections() {
	if c, ok := rt.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// Middleware sends req through next and, when the response is a success,
// replaces its body by one that feeds every byte read from it to a new
// assembler. A later successful response (a retry the client made after a
// 2xx) replaces the earlier one, whose body the client discarded: the
// outcome is always of the body the client streamed from. Its signature is
// that of openai-go's and anthropic-sdk-go's option.Middleware.
func (t *Tee) Middleware(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	res, err := next(req)
	if err != nil || res == nil || res.Body == nil || res.StatusCode < 200 || res.StatusCode > 299 {
		return res, err
	}
	b := &body{rc: res.Body, tee: t, a: toolspec.New(t.format, t.lim)}
	t.mu.Lock()
	if t.on != nil {
		// Called inside the assembler's feeding methods, which run with
		// t.mu held: the events wait in the queue for deliver.
		b.a.OnEvent(func(ev toolspec.Event) { t.queue = append(t.queue, ev) })
	}
	if t.cur != nil {
		t.cur.endLocked(false)
	}
	t.cur = b
	t.responses++
	t.mu.Unlock()
	t.deliver()
	res.Body = b
	return res, nil
}

// Outcome returns the outcome of the last successful response: of its
// whole body when the client read it to its end, or of the bytes read
// before the client closed it or a read failed (the stream then reads as
// truncated, as the raw bytes would). Called while the client is still
// reading, it ends the stream there: later bytes still reach the client but
// not the outcome. Later calls return the same outcome. It returns
// [ErrNoResponse] when no successful response went through the tee;
// otherwise [toolspec.Outcome.Err] says whether the stream is a whole
// success.
func (t *Tee) Outcome() (toolspec.Outcome, error) {
	t.mu.Lock()
	if t.cur == nil {
		t.mu.Unlock()
		return toolspec.Outcome{}, ErrNoResponse
	}
	t.cur.endLocked(false)
	out := t.cur.out
	t.mu.Unlock()
	t.deliver()
	return out, nil
}

// Responses returns how many successful responses went through the tee:
// one for a request, more when the client retried after a 2xx response, or
// when the tee was used for several requests, which it is not meant for.
func (t *Tee) Responses() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.responses
}

// ClosedEarly reports whether the last successful response's body was
// closed, a read of it failed, or its outcome was taken, before the body
// reached its end.
func (t *Tee) ClosedEarly() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cur != nil && t.cur.early
}

// deliver hands the queued events to the event function, in order and one
// at a time, with t.mu released while it runs. A goroutine that finds
// another delivering leaves its events to it.
func (t *Tee) deliver() {
	t.mu.Lock()
	if t.delivering || len(t.queue) == 0 {
		t.mu.Unlock()
		return
	}
	t.delivering = true
	done := false
	defer func() {
		if !done { // the event function panicked: t.mu is released
			t.mu.Lock()
			t.delivering = false
			t.mu.Unlock()
		}
	}()
	for len(t.queue) > 0 {
		ev, fn := t.queue[0], t.on
		t.queue[0] = toolspec.Event{}
		t.queue = t.queue[1:]
		t.mu.Unlock()
		if fn != nil {
			fn(ev)
		}
		t.mu.Lock()
	}
	t.queue = nil
	t.delivering = false
	done = true
	t.mu.Unlock()
}

// body is a response body that feeds what is read from it to a.
type body struct {
	rc  io.ReadCloser
	tee *Tee // its mutex guards the fields below

	a     *toolspec.Assembler
	ended bool // a is closed: nothing more is fed
	early bool // ended before the body's end
	out   toolspec.Outcome
}

// Read reads from the body and feeds what it read to the assembler. The
// end of the body, or a failed read, ends the stream.
func (b *body) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	t := b.tee
	t.mu.Lock()
	if !b.ended {
		if n > 0 {
			// A terminal violation makes the assembler ignore what
			// follows; the client's reading is left as it is.
			_, _ = b.a.Write(p[:n])
		}
		switch {
		case err == io.EOF:
			b.endLocked(true)
		case err != nil:
			b.endLocked(false)
		}
	}
	t.mu.Unlock()
	t.deliver()
	return n, err
}

// Close ends the stream (if the body did not reach its end, what was read
// is the whole stream) and closes the body.
func (b *body) Close() error {
	t := b.tee
	t.mu.Lock()
	b.endLocked(false)
	t.mu.Unlock()
	t.deliver()
	return b.rc.Close()
}

// endLocked closes the assembler once; atEOF says the body reached its
// end.
func (b *body) endLocked(atEOF bool) {
	if b.ended {
		return
	}
	b.ended, b.early = true, !atEOF
	b.out = b.a.Close()
	b.a = nil
}
