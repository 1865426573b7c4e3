package openaichat

import (
	"net/http"

	"github.com/openai/openai-go/v3/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/tee"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee (the request failed, or was never sent).
var ErrNoResponse = tee.ErrNoResponse

// Tee hands toolspec the raw bytes of a streaming Chat Completions response
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
// (at data: [DONE], at an error event, or when the caller closes the
// stream), the outcome is of the bytes read until then. A Tee is safe for
// concurrent use.
type Tee struct{ t *tee.Tee }

// NewTee returns a tee that reassembles under limits lim (the zero Limits
// means every default).
func NewTee(lim toolspec.Limits) *Tee {
	return &Tee{t: tee.New(toolspec.FormatOpenAIChat, lim)}
}

// Option returns the request option that installs the tee's middleware,
// for one call of client.Chat.Completions.NewStreaming.
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

// Responses returns how many successful responses went through the tee:
// one for a request, more when the SDK retried after a 2xx response that
// asked for it (x-should-retry), or when the tee was used for several
// requests, which it is not meant for.
func (t *Tee) Responses() int { return t.t.Responses() }
