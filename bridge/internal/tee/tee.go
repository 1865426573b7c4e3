// Package tee feeds the raw body of a streaming HTTP response into a
// toolspec assembler as an SDK reads it. It knows nothing of any SDK: its
// Middleware has the shape of openai-go's and anthropic-sdk-go's
// option.Middleware, which packages openaichat and anthropicmsg wrap.
package tee

import (
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/toolspec/toolspec"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee.
var ErrNoResponse = errors.New("toolspec bridge: no successful streaming response went through the tee")

// Tee records the outcome of the last successful (2xx) response that went
// through its middleware. A response of any other status passes untouched:
// the SDK reads it into its own error, and may retry.
//
// Its methods are safe for concurrent use: the SDK may close the body from
// another goroutine while a read is under way.
type Tee struct {
	format toolspec.Format
	lim    toolspec.Limits

	mu        sync.Mutex
	cur       *body // the body of the last successful response
	responses int   // successful responses seen
}

// New returns a tee for streams of format f under limits lim.
func New(f toolspec.Format, lim toolspec.Limits) *Tee {
	return &Tee{format: f, lim: lim}
}

// Middleware sends req through next and, when the response is a success,
// replaces its body by one that feeds every byte read from it to a new
// assembler. A later successful response (a retry the SDK made after a 2xx
// with x-should-retry) replaces the earlier one, whose body the SDK
// discarded: the outcome is always of the body the SDK streamed from.
func (t *Tee) Middleware(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	res, err := next(req)
	if err != nil || res == nil || res.Body == nil || res.StatusCode < 200 || res.StatusCode > 299 {
		return res, err
	}
	b := &body{rc: res.Body, tee: t, a: toolspec.New(t.format, t.lim)}
	t.mu.Lock()
	if t.cur != nil {
		t.cur.endLocked(false)
	}
	t.cur = b
	t.responses++
	t.mu.Unlock()
	res.Body = b
	return res, nil
}

// Outcome returns the outcome of the last successful response: of its
// whole body when the SDK read it to its end, or of the bytes read before
// the SDK closed it or a read failed (the stream then reads as truncated,
// as the raw bytes would). Called while the SDK is still reading, it ends
// the stream there: later bytes still reach the SDK but not the outcome.
// Later calls return the same outcome.
func (t *Tee) Outcome() (toolspec.Outcome, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cur == nil {
		return toolspec.Outcome{}, ErrNoResponse
	}
	t.cur.endLocked(false)
	return t.cur.out, nil
}

// Responses returns how many successful responses went through the tee
// (more than one only when the SDK retried after a 2xx, or when the tee is
// used for more than one request).
func (t *Tee) Responses() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.responses
}

// ClosedEarly reports whether the last successful response's body was
// closed, or the outcome taken, before the body reached its end.
func (t *Tee) ClosedEarly() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cur != nil && t.cur.early
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
	b.tee.mu.Lock()
	defer b.tee.mu.Unlock()
	if b.ended {
		return n, err
	}
	if n > 0 {
		// A terminal violation makes the assembler ignore what follows;
		// the SDK's reading is left as it is.
		_, _ = b.a.Write(p[:n])
	}
	switch {
	case err == io.EOF:
		b.endLocked(true)
	case err != nil:
		b.endLocked(false)
	}
	return n, err
}

// Close ends the stream (if the body did not reach its end, what was read
// is the whole stream) and closes the body.
func (b *body) Close() error {
	b.tee.mu.Lock()
	b.endLocked(false)
	b.tee.mu.Unlock()
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
