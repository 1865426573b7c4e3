package ollamaapi

import (
	"net/http"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/tee"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee (the request failed, or was never sent). It is
// [tee.ErrNoResponse].
var ErrNoResponse = tee.ErrNoResponse

// Tee hands toolspec the raw bytes of a streaming Ollama chat response
// (/api/chat's NDJSON) as Ollama's api client reads them: build the client
// with api.NewClient(base, tee.Client(nil)), call Chat as usual, then ask
// [Tee.Outcome]. The outcome is the one [toolspec.Reassemble] gives for
// the bytes the client received, byte for byte, so nothing the client
// filters is lost: an in-stream error line ({"error":...}), which the
// client returns as a bare error, ends it with END-5 and the error's
// payload, and a stream cut inside a line, or before its done line, reads
// as truncated, with the cut line's bytes as its tail.
//
// Use one Tee per request, and so one client per request (api.NewClient
// is cheap; the clients may share the transport under the tee, and with
// it their connections). It records the last successful (2xx) response;
// other responses pass untouched. When the client closes the body before
// its end, the outcome is of the bytes read until then. A Tee is safe for
// concurrent use. It is a [tee.Tee], the tee for any HTTP client.
type Tee struct{ t *tee.Tee }

// NewTee returns a tee that reassembles under limits lim (the zero Limits
// means every default).
func NewTee(lim toolspec.Limits) *Tee {
	return &Tee{t: tee.New(toolspec.FormatOllama, lim)}
}

// OnEvent registers fn to be called with every [toolspec.Event] of the
// response as the client reads the bytes that cause it, so that a tool can
// start when its call ends (an [toolspec.EventCallEnd] whose call is
// complete) while the client is still reading the rest of the stream; see
// [tee.Tee.OnEvent], which this is. Call it before the request is sent.
func (t *Tee) OnEvent(fn func(toolspec.Event)) { t.t.OnEvent(fn) }

// RoundTripper returns next wrapped so that the body of every successful
// response is fed to an assembler as it is read. A nil next means
// [http.DefaultTransport].
func (t *Tee) RoundTripper(next http.RoundTripper) http.RoundTripper {
	return t.t.RoundTripper(next)
}

// Client returns a copy of base whose transport is base's wrapped by
// [Tee.RoundTripper], for api.NewClient. A nil base
// means a zero http.Client.
func (t *Tee) Client(base *http.Client) *http.Client {
	c := &http.Client{}
	if base != nil {
		*c = *base
	}
	c.Transport = t.t.RoundTripper(c.Transport)
	return c
}

// Outcome returns the outcome of the response's body: all of it when the
// client read it to its end, or the bytes read before the body was closed
// or a read failed. Call it once Chat has returned; called earlier, it ends the stream at the bytes
// read so far. It returns [ErrNoResponse] when no successful response went
// through the tee; otherwise [toolspec.Outcome.Err] says whether the
// stream is a whole success.
func (t *Tee) Outcome() (toolspec.Outcome, error) { return t.t.Outcome() }

// ClosedEarly reports whether the response's body was closed, a read of
// it failed, or its outcome was taken, before the body reached its end.
func (t *Tee) ClosedEarly() bool { return t.t.ClosedEarly() }

// Responses returns how many successful responses went through the tee.
func (t *Tee) Responses() int { return t.t.Responses() }
