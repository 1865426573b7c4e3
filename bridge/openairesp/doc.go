// Package openairesp connects openai-go's Responses API streaming
// (github.com/openai/openai-go/v3, client.Responses.NewStreaming) to
// toolspec, both ways: a stream the SDK reads becomes a
// [toolspec.Outcome], and an outcome becomes the input items of the next
// request, as the SDK's own responses param types.
//
// # From the SDK's stream to an outcome
//
// openai-go's ssestream.Stream stops at the first payload with an "error"
// member (the Responses error event), which becomes stream.Err(), and ends
// without an error at the end of the body, dropping an event the body was
// cut inside. A [Tee] gets the exact outcome anyway: it is a middleware
// that feeds the raw response body to an assembler as the SDK reads it, so
// the outcome is [toolspec.Reassemble]'s of the bytes received:
//
//	tee := openairesp.NewTee(toolspec.Limits{})
//	stream := client.Responses.NewStreaming(ctx, params, tee.Option())
//	for stream.Next() {
//		ev := stream.Current() // as usual
//	}
//	out, err := tee.Outcome()
//
// [Tee.OnEvent] registers a function called with every [toolspec.Event]
// as the SDK reads the bytes that cause it, so that a tool can start when
// its call ends. The tee is package tee's
// (github.com/toolspec/toolspec/tee).
//
// [Drain] (and [Push] and [Finish], for a loop of one's own) is the form
// for a stream already made: it pushes each event's RawJSON and turns an
// error event the SDK intercepted back into the payload it was, so that
// END-5 is raised. What it cannot know is documented on it.
//
// # From an outcome to the next request
//
// [InputItems] builds the function_call (and custom_tool_call) input items
// of the response's complete calls, with the call_id, name, arguments
// verbatim, namespace and item id; [FunctionCallOutput] builds the result
// that answers one. Compared on the shared captures with the items the SDK
// gives (response.output_item.done's item, AsFunctionCall().ToParam()),
// they are the same JSON but for the item's status, which the SDK copies
// and the bridge leaves out (the API fills it in); the tests hold that
// list.
package openairesp
