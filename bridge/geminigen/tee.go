package geminigen

import (
	"context"
	"net/http"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/tee"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee (the request failed, or was never sent). It is
// [tee.ErrNoResponse].
var ErrNoResponse = tee.ErrNoResponse

// Tee hands toolspec the raw bytes of a streamGenerateContent response as
// genai reads them: build the client with [Tee.HTTPClient] as its
// ClientConfig.HTTPClient, range over Models.GenerateContentStream as
// usual, then ask [Tee.Outcome]. The outcome is the one
// [toolspec.Reassemble] gives for the bytes genai received, byte for byte,
// so nothing genai drops or stops at is lost: an {"error": ...} payload
// that genai yields as an APIError ends it with END-5 and the payload
// whole, Vertex AI's streamed arguments (partialArgs) are joined into the
// call's arguments, and a stream cut inside an event, or before a
// finishReason, reads as truncated, with the cut event's bytes as its
// tail.
//
// Use one Tee per request. Either build the client for the request with
// [Tee.HTTPClient], or build one client for all requests with the
// package's [HTTPClient] (or [Transport]) and make each request with the
// context [Tee.Context] returns. It records the last
// successful (2xx) response of that request: genai's automatic
// continuation, which sends the request again when a response ends with a
// continuation token, makes a second response, which replaces the first;
// set GenerateContentConfig.AutomaticContinuation to false for the
// outcome of one response. Other responses pass untouched. When genai
// closes the body before its end (at an error, or when the loop breaks),
// the outcome is of the bytes read until then. [Tee.OnEvent] reports each
// event as genai reads it. A Tee is safe for concurrent use. It is a
// [tee.Tee], the tee for any HTTP client, installed as the client's
// transport.
type Tee struct{ t *tee.Tee }

// NewTee returns a tee that reassembles under limits lim (the zero Limits
// means every default).
func NewTee(lim toolspec.Limits) *Tee {
	return &Tee{t: tee.New(toolspec.FormatGemini, lim)}
}

// OnEvent registers fn to be called with every [toolspec.Event] of the
// response as genai reads the bytes that cause it, so that a tool can start
// when its call ends (an [toolspec.EventCallEnd] whose call is complete)
// while genai is still reading the rest of the stream. See
// [tee.Tee.OnEvent], which this is. Call it before the request is sent; fn
// runs on the goroutine that ranges over the stream, and holds up its
// reading while it runs.
func (t *Tee) OnEvent(fn func(toolspec.Event)) { t.t.OnEvent(fn) }

// HTTPClient returns a copy of base whose transport is base's wrapped by
// the tee, for genai.ClientConfig.HTTPClient. A nil base is an empty
// http.Client (the one genai makes for the Gemini API when given none).
// For Vertex AI, give the authenticated client as base: genai adds no
// credentials to a client it is handed.
func (t *Tee) HTTPClient(base *http.Client) *http.Client {
	c := &http.Client{}
	if base != nil {
		*c = *base
	}
	c.Transport = t.t.RoundTripper(c.Transport)
	return c
}

// RoundTripper returns next wrapped by the tee (a nil next is
// [http.DefaultTransport]), for an http.Client of one's own.
func (t *Tee) RoundTripper(next http.RoundTripper) http.RoundTripper {
	return t.t.RoundTripper(next)
}

// Outcome returns the outcome of the response's body: all of it when
// genai read it to its end, or the bytes read before the body was closed
// or a read failed. Call it once the range over the stream has ended;
// called earlier, it ends the stream at the bytes read so far. It returns
// [ErrNoResponse] when no successful response went through the tee;
// otherwise [toolspec.Outcome.Err] says whether the stream is a whole
// success.
func (t *Tee) Outcome() (toolspec.Outcome, error) { return t.t.Outcome() }

// ClosedEarly reports whether the response's body was closed, a read of
// it failed, or its outcome was taken, before the body reached its end.
func (t *Tee) ClosedEarly() bool { return t.t.ClosedEarly() }

// Responses returns how many successful responses went through the tee:
// one for a request, more when genai retried after a 2xx response or
// continued the stream with a continuation token.
func (t *Tee) Responses() int { return t.t.Responses() }

// ctxKey is the context key of the tee a request carries.
type ctxKey struct{}

// Context returns ctx carrying the tee, for a request made through a
// client built with the package's [HTTPClient] or [Transport]: pass it to
// Models.GenerateContentStream, and the response of the request is teed
// into t. genai sends its requests with the context it is given (and the
// timeout it adds), so one client serves many requests, each with its own
// tee.
func (t *Tee) Context(ctx context.Context) context.Context {
	return context.WithValue(ctx, ctxKey{}, t)
}

// Transport returns next wrapped so that the response of a request whose
// context carries a tee ([Tee.Context]) goes through that tee; a request
// without one passes untouched. A nil next is [http.DefaultTransport].
func Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return ctxTransport{next: next}
}

// HTTPClient returns a copy of base whose transport is [Transport] of
// base's, for genai.ClientConfig.HTTPClient of a client that serves many
// requests, each teed into the tee its context carries. A nil base is an
// empty http.Client.
func HTTPClient(base *http.Client) *http.Client {
	c := &http.Client{}
	if base != nil {
		*c = *base
	}
	c.Transport = Transport(c.Transport)
	return c
}

// ctxTransport tees each response into the tee its request's context
// carries.
type ctxTransport struct{ next http.RoundTripper }

// RoundTrip sends req through the next round tripper, through the tee its
// context carries if any.
func (c ctxTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t, ok := req.Context().Value(ctxKey{}).(*Tee); ok && t != nil {
		return t.t.Middleware(req, c.next.RoundTrip)
	}
	return c.next.RoundTrip(req)
}

// CloseIdleConnections closes the idle connections of the next round
// tripper, if it has the method.
func (c ctxTransport) CloseIdleConnections() {
	if ci, ok := c.next.(interface{ CloseIdleConnections() }); ok {
		ci.CloseIdleConnections()
	}
}
