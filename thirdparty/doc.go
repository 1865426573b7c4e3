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
// It has only benchmarks and their tests. It is a separate module so that
// the root module never requires the SDKs: `go test ./...` at the root does
// not descend into it. Run it with `make bench` at the root, or
// `go test -run '^$' -bench . -benchmem` here.
package thirdparty
