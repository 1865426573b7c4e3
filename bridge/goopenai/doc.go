// Package goopenai connects go-openai's Chat Completions streaming
// (github.com/sashabaranov/go-openai, CreateChatCompletionStream) to
// toolspec, both ways: a stream the client reads becomes a
// [toolspec.Outcome], and an outcome becomes the openai.ChatCompletionMessage
// (with its ToolCalls) of the next request, followed by the tool messages.
//
// # From the client's stream to an outcome
//
// go-openai reads the body line by line: it ends with io.EOF both at
// data: [DONE] and at the end of the body, drops a last line without its
// line end, and keeps an in-stream error's payload to itself. A [Tee] gets
// the exact outcome anyway: installed as the client's HTTPClient, it feeds
// the raw response body to an assembler as the client reads it, so the
// outcome is [toolspec.Reassemble]'s of the bytes received:
//
//	tee := goopenai.NewTee(toolspec.Limits{})
//	cfg := openai.DefaultConfig(token)
//	cfg.HTTPClient = tee.Client(nil)
//	stream, err := openai.NewClientWithConfig(cfg).CreateChatCompletionStream(ctx, req)
//	for {
//		chunk, err := stream.Recv() // as usual, until io.EOF
//	}
//	out, err := tee.Outcome()
//
// [Tee.OnEvent] registers a function called with every [toolspec.Event]
// as the client reads the bytes that cause it, so that a tool can start
// when its call ends. The tee is package tee's
// (github.com/toolspec/toolspec/tee).
//
// [Drain] (and [Push] and [Finish], for a loop of one's own) reads a stream
// already made with go-openai's RecvRaw, which hands out each data payload
// as received. What it cannot know is documented on it.
//
// # From an outcome to the next request
//
// [AssistantMessage] builds the assistant message of one choice: its text
// as Content, its refusal as Refusal, its complete function calls as
// ToolCalls (id, name and arguments verbatim), and on request its
// reasoning as ReasoningContent; [ToolMessage] builds the result of one
// call. go-openai has no accumulator for streamed tool calls: its users
// merge the deltas by index. Compared on the shared captures with that
// merge (the loop of loop_test.go), the message is the same JSON but where
// the merge is wrong; the tests hold that list.
package goopenai
