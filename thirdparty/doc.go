// Package thirdparty compares toolspec's production reassembler (package
// impl) with what the users of each wire format run today, side by side
// on the same wire bytes:
//
//   - OpenAI Chat Completions: openai-go's ssestream of
//     ChatCompletionChunk and its ChatCompletionAccumulator;
//   - OpenAI Responses: openai-go's ssestream of ResponseStreamEventUnion
//     (what Responses.NewStreaming returns) and the accumulation a user
//     writes, since openai-go has none for SSE;
//   - Anthropic Messages: anthropic-sdk-go's ssestream and
//     Message.Accumulate;
//   - Gemini and Vertex AI: google.golang.org/genai's
//     Models.GenerateContentStream and the merging of function calls
//     across chunks (Vertex's streamed partialArgs included) a user
//     writes;
//   - Bedrock ConverseStream: the AWS SDK for Go v2's
//     bedrockruntime.Client.ConverseStream and its event-stream reader,
//     and the accumulation of toolUse deltas a user writes;
//   - Ollama /api/chat: Ollama's api.Client.Chat and the accumulation a
//     user writes.
//
// The SDKs without a public stream decoder of their own (genai, the AWS
// SDK, Ollama's client) are driven through their clients, with an HTTP
// client that answers every request in memory: their runs include
// building and sending the request, as their users' do. The accumulations
// written here are minimal, documented where they are defined and tested
// for correctness like the SDKs' own, on the workloads of package
// internal/workload, on local streams of the formats it has no workloads
// of, and on the shared captures.
//
// It also holds the proof against the providers' own request types (its
// tests named Request*, requests_*_test.go): every body toolspec's
// encoders write, for the history scenarios of spectest/testdata/histories
// (each history in the six formats, and each translation's body) and for
// random histories of package gen, is decoded into the official Go SDK's
// request type of its format (openai-go's ChatCompletionNewParams and
// responses.ResponseNewParams, anthropic-sdk-go's MessageNewParams, the
// genai types that Models.GenerateContent takes, the AWS SDK's
// bedrockruntime.ConverseStreamInput, Ollama's api.ChatRequest), written
// back by the SDK and compared with the body as a JSON value: no member may
// be unknown to the type, and the value must come back the same, but for
// the known differences listed one by one with their reasons and an
// example each (knownDiffs: the SDKs' artefacts and limitations, the
// bodies of malformed histories, and the encoders' open findings). A
// property test holds the SDKs' bodies to reading back, in toolspec, as
// the same History, one hop and a translation there and back.
//
// It is a separate module so that the root module never requires the SDKs:
// `go test ./...` at the root does not descend into it. Run the benchmarks
// with `make bench` at the root, or `go test -run '^$' -bench . -benchmem`
// here; the request proof with `make requests` at the root, as CI does, or
// `go test -run Request` here.
package thirdparty
