// Package adapters wraps third-party Go reassemblers of streamed tool calls
// as spectest adapters, each at the exact version the report module
// requires, so that the conformance report (cmd/conformance) can judge them
// with toolspec's kit.
//
// Every adapter drives the library the way its documentation shows, over
// the raw bytes of one stream: an in-memory HTTP transport answers the
// library's streaming request with the bytes as the provider's 200
// response, so the library's own client, SSE decoder and accumulator all
// run, and nothing leaves the process. A stream in the one-payload-per-line
// form that SDK fixtures record (FRAME-2) is served as the SSE a provider
// sends, one event per line (see [ServedBytes]); every other stream is
// served byte for byte.
//
// A library reports no "finished" state of its own for a call, so each
// adapter presents a call as finished exactly when a user of the library
// would act on it; the adapter's doc says which rule it uses.
package adapters
