package bedrockconv

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/tee"
)

// ErrNoResponse is returned by [Tee.Outcome] when no successful response
// went through the tee (the request failed, or was never sent). It is
// [tee.ErrNoResponse].
var ErrNoResponse = tee.ErrNoResponse

// Tee hands toolspec the raw bytes of a ConverseStream response (the
// binary AWS event-stream) as the SDK reads them: pass [Tee.Option] to
// client.ConverseStream, read stream.Events() as usual, then ask
// [Tee.Outcome]. The outcome is the one [toolspec.Reassemble] gives for
// the bytes the SDK received, byte for byte, so nothing the SDK stops at
// is lost: an exception message (modelStreamErrorException,
// throttlingException, ...) that the SDK turns into stream.Err() ends it
// with END-5 and its payload, an InvokeModelWithResponseStream chunk the
// SDK hands out as a types.UnknownUnionMember is read as the event it
// carries, and a stream cut before messageStop reads as truncated (the
// SDK ends such a stream without an error), the bytes of a message it was
// cut inside as its tail.
//
// Use one Tee per request. It records the last successful (2xx) response
// of that request (a response the SDK retried after is replaced); other
// responses pass untouched. The SDK reads the body on a goroutine of its
// own, one message ahead of the events it hands out, and closes it at the
// stream's end, at an exception, or when the caller closes the stream: the
// outcome is of the bytes read until then. [Tee.OnEvent] reports each
// event as the SDK reads it. A Tee is safe for concurrent use. It is a
// [tee.Tee], the tee for any HTTP client, installed as the SDK's
// HTTPClient.
type Tee struct{ t *tee.Tee }

// NewTee returns a tee that reassembles under limits lim (the zero Limits
// means every default).
func NewTee(lim toolspec.Limits) *Tee {
	return &Tee{t: tee.New(toolspec.FormatBedrock, lim)}
}

// OnEvent registers fn to be called with every [toolspec.Event] of the
// response as the SDK reads the bytes that cause it, so that a tool can
// start when its call ends (an [toolspec.EventCallEnd] whose call is
// complete) while the SDK is still reading the rest of the stream. See
// [tee.Tee.OnEvent], which this is. Call it before the request is sent;
// fn runs on the SDK's goroutine that reads the body, and holds up its
// reading while it runs.
func (t *Tee) OnEvent(fn func(toolspec.Event)) { t.t.OnEvent(fn) }

// Option returns the option that installs the tee around the client's
// HTTPClient, for one call of client.ConverseStream.
func (t *Tee) Option() func(*bedrockruntime.Options) {
	return func(o *bedrockruntime.Options) { o.HTTPClient = t.HTTPClient(o.HTTPClient) }
}

// HTTPClient returns next wrapped by the tee, for
// bedrockruntime.Options.HTTPClient: every response of a request it sends
// goes through the tee. A nil next is an empty http.Client.
func (t *Tee) HTTPClient(next bedrockruntime.HTTPClient) bedrockruntime.HTTPClient {
	if next == nil {
		next = &http.Client{}
	}
	return client{t: t, next: next}
}

// client is the tee as a bedrockruntime.HTTPClient.
type client struct {
	t    *Tee
	next bedrockruntime.HTTPClient
}

// Do sends req through the next client and tees the response.
func (c client) Do(req *http.Request) (*http.Response, error) {
	return c.t.t.Middleware(req, c.next.Do)
}

// RoundTripper returns next wrapped by the tee (a nil next is
// [http.DefaultTransport]), for an http.Client of one's own.
func (t *Tee) RoundTripper(next http.RoundTripper) http.RoundTripper {
	return t.t.RoundTripper(next)
}

// Outcome returns the outcome of the response's body: all of it when the
// SDK read it to its end, or the bytes read before the body was closed or
// a read failed. Call it once the events channel is closed, or the stream
// closed; called earlier, it ends the stream at the bytes read so far. It
// returns [ErrNoResponse] when no successful response went through the
// tee; otherwise [toolspec.Outcome.Err] says whether the stream is a whole
// success.
func (t *Tee) Outcome() (toolspec.Outcome, error) { return t.t.Outcome() }

// ClosedEarly reports whether the response's body was closed, a read of
// it failed, or its outcome was taken, before the body reached its end.
func (t *Tee) ClosedEarly() bool { return t.t.ClosedEarly() }

// Responses returns how many successful responses went through the tee:
// one for a request, more when the SDK retried after a 2xx response.
func (t *Tee) Responses() int { return t.t.Responses() }
