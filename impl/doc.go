// Package impl is the production reassembler of toolspec: a streaming,
// bounded-memory, linear-time implementation of the rules of spec/SPEC.md
// for the six wire formats, proven equal to the reference model (package
// model) by differential tests and fuzzing. It never imports model or gen.
// Conversation histories (SPEC.md section 11) have their production code
// in package impl/history, the twin of model/history.
//
// Programs import the root package toolspec, which is this reassembler
// with events that carry the call, an iterator and Outcome.Err; this
// package is what it and the differential tests build on.
//
// # Usage
//
//	a := impl.New(spec.FormatOpenAIChat, spec.Limits{})
//	if _, err := io.Copy(a, body); err != nil { ... }
//	out := a.Close()
//
// # How it is fast
//
// A framer splits the input into frames in place (SSE, JSON lines, Bedrock
// event-stream), without rescanning a pending frame. Each payload is read in
// one pass that validates it by encoding/json's rules (with the scanner of
// internal/jsonwire: impl never imports encoding/json) and records where
// each value and key ends (jsonIndex); the decoders' field lookups jump
// through that record. A payload that repeats the previous one but for its
// strings and numbers is read by replaying the previous one; one that
// repeats it up to a top-level comma resumes after it. While payloads
// replay, lookups and the chat decoder's fast path reuse where they found
// what they read, by token index (the values they read again). An
// Anthropic content_block_delta and an OpenAI chat "choices" value of the
// providers' exact shapes are read straight from their bytes. Every one of
// these is exact: it yields what the general path yields, which its tests
// and fuzz targets check, and which the invariants build (go test -tags
// invariants) checks wherever it is taken, under every test (invariants.go).
//
// # The state machine
//
// step.go, state.go, blocks.go, path.go, stop.go and run.go are the
// in-place twin of model's files of the same names, function by function
// and in the same order, so that a change to the model's rules is made
// once in each and read side by side. Each twin's doc comment starts "X
// mirrors model's X:" and lists the rules it applies; its body cites them
// where model's does. The differences are what makes it fast: events
// borrow the frame's bytes, lookups scan only the current message, outputs
// go to a callback, and nothing is copied. TestMirror, in the module's root
// package, checks the names, the citations and the handler table.
package impl
