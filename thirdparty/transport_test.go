package thirdparty

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
)

// The SDKs that have no public stream decoder of their own (genai, the
// AWS SDK, Ollama's client) are driven the way their users drive them:
// one client, made once, whose every request is answered in memory. The
// wire bytes of a run travel in the request's context (withBody), so one
// client serves any stream, from any goroutine, and nothing is dialed.

// bodyKey is the context key of the bytes a request is answered with.
type bodyKey struct{}

// withBody returns ctx carrying raw, the body the next request made with
// it is answered with.
func withBody(ctx context.Context, raw []byte) context.Context {
	return context.WithValue(ctx, bodyKey{}, raw)
}

// memTransport answers every request with a 200 response of the given
// content type whose body is the bytes its context carries.
type memTransport struct{ contentType string }

// errNoBody is the answer to a request whose context carries no bytes.
var errNoBody = errors.New("thirdparty: the request's context carries no response body")

// RoundTrip drains and closes the request body, then serves the bytes of
// the request's context.
func (t memTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
		_ = req.Body.Close()
	}
	raw, ok := req.Context().Value(bodyKey{}).([]byte)
	if !ok {
		return nil, errNoBody
	}
	return &http.Response{
		Status:        "200 OK",
		StatusCode:    http.StatusOK,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": []string{t.contentType}},
		Body:          io.NopCloser(bytes.NewReader(raw)),
		ContentLength: -1,
		Request:       req,
	}, nil
}

// memClient returns an HTTP client whose transport is memTransport with
// the given content type.
func memClient(contentType string) *http.Client {
	return &http.Client{Transport: memTransport{contentType}}
}
