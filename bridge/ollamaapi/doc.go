// Package ollamaapi connects the streaming chat of Ollama's Go client
// (github.com/ollama/ollama/api, Client.Chat over /api/chat's NDJSON) to
// toolspec, both ways: a stream the client reads becomes a
// [toolspec.Outcome], and an outcome becomes the api.Message (with its
// ToolCalls) of the next request, followed by the tool messages.
//
// # From the client's stream to an outcome
//
// Ollama's client decodes each line into an api.ChatResponse and hands it
// to the function given to Chat; it keeps no raw bytes, returns an error
// line ({"error":...}) as a bare error, decodes a line the body was cut
// inside as if it were whole, and returns nil when the body ends between
// lines before the done line (a cut it cannot tell from the end). A [Tee]
// gets the exact outcome anyway:
// given to api.NewClient as its http.Client, it feeds the raw response
// body to an assembler as the client reads it, so the outcome is
// [toolspec.Reassemble]'s of the bytes received:
//
//	tee := ollamaapi.NewTee(toolspec.Limits{})
//	client := api.NewClient(base, tee.Client(nil))
//	err := client.Chat(ctx, req, func(r api.ChatResponse) error {
//		return nil // as usual
//	})
//	out, err := tee.Outcome()
//
// [Tee.OnEvent] registers a function called with every [toolspec.Event]
// as the client reads the bytes that cause it. The tee is package tee's
// (github.com/toolspec/toolspec/tee).
//
// [Collect] (with [Push] and [Finish]) is the form for a client one cannot
// build: it pushes each decoded response, re-encoded, into an assembler.
// What it cannot know is documented on [Push] and [Finish].
//
// # From an outcome to the next request
//
// [AssistantMessage] builds the assistant api.Message (thinking, content
// and ToolCalls), [ToolMessage] the result of one call. Compared on the
// shared captures with what Ollama's docs do (append each response's
// tool_calls, join the content and thinking), the message is the same
// JSON. Where they part: the bridge numbers the calls' index by position,
// where Ollama Cloud repeats index 0 on every call, and it refuses a stream
// that ended without its done line, which the docs' loop sends back as if
// it were whole (and Chat reports no error for a read that failed between
// lines).
package ollamaapi
