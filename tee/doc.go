// Package tee reassembles a streaming HTTP response with toolspec while
// another reader, an SDK or a program of one's own, consumes it: it wraps
// the response body so that every byte the reader reads from it is fed to a
// [toolspec.Assembler] too. It needs only net/http, so it serves any Go
// client that lets one reach its HTTP layer:
//
//   - [Tee.RoundTripper] wraps an [http.RoundTripper], for a client built on
//     an [http.Client] (&http.Client{Transport: t.RoundTripper(nil)}).
//   - [Tee.Middleware] has the shape of openai-go's and anthropic-sdk-go's
//     option.Middleware, and of any middleware that takes the request and
//     the next step: option.WithMiddleware(t.Middleware). The nested module
//     bridge wraps the tee for seven Go clients (openai-go's Chat
//     Completions and Responses, go-openai, anthropic-sdk-go, genai, the
//     AWS SDK's bedrockruntime, Ollama's api package), each with its
//     client's own types for the next request.
//
// # The outcome
//
// [Tee.Outcome] is the outcome [toolspec.Reassemble] gives for exactly the
// bytes the reader read: the whole body when it read to the end, or the
// bytes read before it closed the body, or before a read failed (the
// stream then reads as truncated, a cut last event as its tail). Nothing
// the reader filters is lost: an error event, data: [DONE], a last event
// without its blank line are all read as the raw bytes are.
//
// Use one Tee per request. It records the last successful (2xx) response;
// a response of any other status passes untouched, and a later 2xx (a
// retry the client made) replaces the earlier one, whose body the client
// discarded. A program that makes many requests gives each its own
// http.Client with its own tee; the clients may share the Transport under
// the tees, and with it their connections.
//
// # Events while the reader reads
//
// [Tee.OnEvent] registers a function called with every [toolspec.Event]
// as the bytes that cause it are read, so that a tool can start when its
// call ends (an [toolspec.EventCallEnd] whose call is complete) while the
// SDK is still reading the rest of the response:
//
//	t := tee.New(toolspec.FormatAnthropic, toolspec.Limits{})
//	t.OnEvent(func(ev toolspec.Event) {
//		if ev.Kind == toolspec.EventCallEnd && ev.Call.Status == toolspec.StatusComplete {
//			go run(*ev.Call)
//		}
//	})
//	client := &http.Client{Transport: t.RoundTripper(nil)}
//	// ... the SDK or the program reads the response through client ...
//	out, err := t.Outcome()
//
// The events are those an assembler fed the same bytes reports: the end of
// the stream is among them (the calls data: [DONE] completes, the calls a
// cut stream leaves incomplete and its truncated stop, a last event read
// without its blank line), where an SDK's decoded chunks, pushed with
// PushPayload, lose [DONE] and a last event the body was cut inside or
// that has no blank line after it.
//
// A Tee is safe for concurrent use: the reader may close the body from
// another goroutine while a read is under way, and Outcome may be called
// from anywhere, the event function included.
package tee
