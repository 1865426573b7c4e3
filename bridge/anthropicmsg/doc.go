// Package anthropicmsg connects anthropic-sdk-go's Messages streaming
// (github.com/anthropics/anthropic-sdk-go/v2) to toolspec, both ways: a
// stream the SDK reads becomes a [toolspec.Outcome], and an outcome
// becomes the anthropic.MessageParam of the next request.
//
// # From the SDK's stream to an outcome
//
// anthropic-sdk-go's ssestream.Stream filters what it hands out: an
// event: error becomes stream.Err(); ping events, events without an SSE
// event name and events with empty data are skipped; and an event the body
// was cut inside is dropped without an error. A [Tee] gets the exact
// outcome anyway: it is a middleware that feeds the raw response body to
// an assembler as the SDK reads it, so the outcome is
// [toolspec.Reassemble]'s of the bytes received, a provider error ending
// it with END-5 (and its payload), a cut stream reading as truncated (and
// its cut event as the tail):
//
//	tee := anthropicmsg.NewTee(toolspec.Limits{})
//	stream := client.Messages.NewStreaming(ctx, params, tee.Option())
//	for stream.Next() {
//		event := stream.Current() // as usual
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
// convenient form for a stream already made: it pushes each event's
// RawJSON with its type as the event name, and turns an error event the
// SDK intercepted back into the payload it was, so that END-5 is raised.
// What it cannot know is documented on it.
//
// # From an outcome to the next request
//
// [AssistantMessage] builds one message's content blocks in the order they
// arrived: text, thinking with its signature, redacted_thinking with its
// data, and tool_use with its id, name and input (the raw JSON; the SDK's
// encoder compacts its white space). It refuses an outcome whose Err is
// not nil unless [Options].AllowPartial says otherwise, and then leaves out
// the calls that are not complete.
//
// toolspec's outcome does not hold everything the provider sent:
//
//   - server tool calls are held without their block type (server_tool_use
//     or mcp_tool_use), an MCP call's server_name and their caller, and
//     server tool results (web_search_tool_result, mcp_tool_result,
//     code_execution_tool_result, ...) by their place only, so
//     AssistantMessage refuses them with [ErrNotCarried], or leaves them
//     out with [Options].OmitNotCarried;
//   - tool_use's caller (direct, or code_execution for programmatic tool
//     calling) and toolset_name, and text's citations, are not held and
//     cannot be told missing: they are left out without an error.
//
// Compared with the SDK's own Message.Accumulate and ToParam on the shared
// captures, the message is the same JSON but for those, and where the SDK
// sends a call whose input was cut back with its input made {}. The tests
// hold that list.
package anthropicmsg
