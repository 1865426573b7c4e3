// Package openaichat connects openai-go's Chat Completions streaming
// (github.com/openai/openai-go/v3) to toolspec, both ways: a stream the SDK
// reads becomes a [toolspec.Outcome], and an outcome becomes the
// openai.ChatCompletionAssistantMessageParam of the next request.
//
// # From the SDK's stream to an outcome
//
// openai-go's ssestream.Stream filters what it hands out: it stops at
// data: [DONE] and at any payload with an "error" member, which becomes
// stream.Err(), and it ends without an error both at [DONE] and at the end
// of the body, dropping an event the body was cut inside. A [Tee] gets the
// exact outcome anyway: it is a middleware that feeds the raw response
// body to an assembler as the SDK reads it, so the outcome is
// [toolspec.Reassemble]'s of the bytes received, a provider error ending
// it with END-5 (and its payload), a cut stream reading as truncated (and
// its cut event as the tail):
//
//	tee := openaichat.NewTee(toolspec.Limits{})
//	stream := client.Chat.Completions.NewStreaming(ctx, params, tee.Option())
//	for stream.Next() {
//		chunk := stream.Current() // as usual
//	}
//	out, err := tee.Outcome()
//
// [Tee.OnEvent] registers a function that is called with every
// [toolspec.Event] as the SDK reads the bytes that cause it: a tool can
// start when its call ends, while the SDK still reads the rest of the
// response. The tee is package tee's (github.com/toolspec/toolspec/tee),
// which serves any HTTP client through a RoundTripper.
//
// [Drain] (and [Push] and [Finish], for a loop of one's own) is the
// convenient form for a stream already made: it pushes each chunk's
// RawJSON and turns an error event the SDK intercepted back into the
// payload it was, so that END-5 is raised. What it cannot know is
// documented on it: whether [DONE] came, and the last event of a body cut
// inside it.
//
// # From an outcome to the next request
//
// [AssistantMessage] builds the assistant message of one choice: its text
// as the content and its calls as tool_calls (function calls with id, name
// and arguments verbatim; custom calls with id, name and input; a call's
// extra_content signature, which Gemini's compatible endpoint wants back,
// as its extra_content). It refuses an outcome whose Err is not nil unless
// [Options].AllowPartial says otherwise, and then leaves out the calls that
// are not complete. A refusal goes back as the refusal. It does not carry
// reasoning (the param has no field for it), or audio, logprobs and
// annotations (toolspec keeps none of them).
//
// Compared with the SDK's own ChatCompletionAccumulator and ToParam on the
// shared captures, the message is the same JSON but where the SDK is wrong:
// it drops a call whose deltas carry no type (Mistral), appends a name
// repeated on every delta, drops a custom call's name and input and a
// call's extra_content. The tests hold that list.
package openaichat
