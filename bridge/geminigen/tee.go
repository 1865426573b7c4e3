package geminigen

import (
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
// Use one Tee per request, so one client per request (a genai.Client is
// cheap to build once the HTTP client is given). It records the last
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
