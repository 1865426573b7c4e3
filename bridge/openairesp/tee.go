package openairesp

import (
	"net/http"

	"github.com/openai/openai-go/v3/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/tee"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee (the request failed, or was never sent). It is
// [tee.ErrNoResponse].
var ErrNoResponse = tee.ErrNoResponse

// Tee hands toolspec the raw bytes of a streaming Responses API response
// as openai-go reads them: pass [Tee.Option] to the request, read the SDK
// stream as usual, then ask [Tee.Outcome]. The outcome is the one
// [toolspec.Reassemble] gives for the bytes the SDK received, byte for
// byte, so nothing the SDK filters is lost: an in-stream error the SDK
// turns into stream.Err() ends it with END-5 and the error's payload, and a
// stream cut inside a frame, or before its terminal signal, reads as
// truncated, with the cut frame's bytes as its tail.
//
// Use one Tee per request. It records the last successful (2xx) response
// of that request (a response the SDK retried after is replaced); other
// responses pass untouched. When the SDK closes the body before its end
// (at an error event, or when the caller closes the stream), the outcome
// is of the bytes read until then. [Tee.OnEvent]
// reports each event as the SDK reads it. A Tee is safe for concurrent
// use. It is a [tee.Tee], the tee for any HTTP client, installed as the
// SDK's middleware.
type Tee struct{ t *tee.Tee }

// NewTee returns a tee that reassembles under limits lim (the zero Limits
// means every default).
func NewTee(lim toolspec.Limits) *Tee {
	return &Tee{t: tee.New(toolspec.FormatOpenAIResponses, lim)}
}

// OnEvent registers fn to be called with every [toolspec.Event] of the
// response as the SDK reads the bytes that cause it, so that a tool can
// start when its call ends (an [toolspec.EventCallEnd] whose call is
// complete) while the SDK is still reading the rest of the stream. The
// events are those of the raw bytes, where [Drain]'s pushed payloads lose
// some at the end of the stream: see [tee.Tee.OnEvent], which this is. Call
// it before the request is sent; fn runs on the goroutine that reads the
// SDK stream, and holds up its reading while it runs.
func (t *Tee) OnEvent(fn func(toolspec.Event)) { t.t.OnEvent(fn) }

// Option returns the request option that installs the tee's middleware,
// for one call of client.Responses.NewStreaming.
func (t *Tee) Option() option.RequestOption {
	return option.WithMiddleware(t.Middleware)
}

// Middleware is the tee as an option.Middleware: it wraps the body of a
// successful response so that every byte the SDK reads from it is fed to
// an assembler.
func (t *Tee) Middleware(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	return t.t.Middleware(req, next)
}

// Outcome returns the outcome of the response's body: all of it when the
// SDK read it to its end, or the bytes read before the body was closed or a
// read failed. Call it once the SDK stream has ended (Next returned false)
// or been closed; called earlier, it ends the stream at the bytes read so
// far. It returns [ErrNoResponse] when no successful response went through
// the tee; otherwise [toolspec.Outcome.Err] says whether the stream is a
// whole success.
func (t *Tee) Outcome() (toolspec.Outcome, error) { return t.t.Outcome() }

// ClosedEarly reports whether the response's body was closed, a read of
// it failed, or its outcome was taken, before the body reached its end.
func (t *Tee) ClosedEarly() bool { return t.t.ClosedEarly() }

// Responses returns how many successful responses went through the tee:
// one for a request, more when the SDK retried after a 2xx response that
// asked for it (x-should-retry), or when the tee was used for several
// requests, which it is not meant for.
func (t *Tee) Responses() int { return t.t.Responses() }
