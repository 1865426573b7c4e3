// Package geminigen connects genai's streamGenerateContent
// (google.golang.org/genai, Models.GenerateContentStream) to toolspec,
// both ways: a stream genai reads becomes a [toolspec.Outcome], and an
// outcome becomes the *genai.Content of the next request.
//
// # From genai's stream to an outcome
//
// genai decodes each SSE event into a GenerateContentResponse and hands
// out the parts as they came: Vertex AI's streamed arguments
// (streamFunctionCallArguments) arrive as a part per fragment, with no
// call's arguments whole; an {"error": ...} payload is yielded as a
// genai.APIError, and the stream stops there; a body cut between events
// ends the range without an error. A [Tee] gets the exact outcome anyway:
// it is the client's transport, and feeds the raw response body to an
// assembler as genai reads it, so the outcome is [toolspec.Reassemble]'s
// of the bytes received: streamed arguments joined into their call, a
// provider error ending it with END-5 (and its payload), a cut stream
// reading as truncated (and a cut event as the tail):
//
//	client, err := genai.NewClient(ctx, &genai.ClientConfig{
//		APIKey:     key,
//		Backend:    genai.BackendGeminiAPI,
//		HTTPClient: geminigen.HTTPClient(nil), // once, for every request
//	})
//	// per request:
//	tee := geminigen.NewTee(toolspec.Limits{})
//	for resp, err := range client.Models.GenerateContentStream(tee.Context(ctx), model, contents, config) {
//		// as usual
//	}
//	out, err := tee.Outcome()
//
// The client's HTTPClient tees each request's response into the tee its
// context carries ([Tee.Context]); a client for one request can be given
// the tee's own [Tee.HTTPClient] instead.
//
// [Tee.OnEvent] registers a function that is called with every
// [toolspec.Event] as genai reads the bytes that cause it: a tool can
// start when its call ends, while genai still reads the rest of the
// response. The tee is package tee's (github.com/toolspec/toolspec/tee).
//
// [Drain] (and [Push] and [Finish], for a loop of one's own) is the form
// for a stream already made, from genai's decoded responses: genai keeps
// no raw JSON, so Push marshals each response back (giving Vertex AI's
// streamed arguments the empty stringValue that genai's types drop), and
// Finish turns an APIError genai read from the stream back into the error
// payload it was. What it cannot know is documented on Drain.
//
// # From an outcome to the next request
//
// [ModelContent] builds the model's content (role "model") of one
// candidate: text, thoughts with their thought signatures, a signature
// that came on an empty part, and function calls with their id, name,
// arguments (decoded into the Args map with numbers kept as they arrived)
// and the thoughtSignature Gemini 3 wants back. [ResultContent] builds the
// user's content of FunctionResponse parts that answer the calls, by id
// and name. ModelContent refuses an outcome whose Err is not nil unless
// [Options].AllowPartial says otherwise, and then leaves out the calls
// that are not complete; it refuses a part toolspec keeps the place of,
// not the content (executable code, its result, inline data), with
// [ErrNotCarried], or leaves it out with [Options].OmitNotCarried.
//
// Compared with genai's own record of the turn on the shared captures
// (the parts of every response, as Chat.SendStream keeps them), the
// content is the same JSON but where genai keeps what is no part to send
// back: the empty text part that comes with finishReason, and, for Vertex
// AI's streamed arguments, every fragment as a part of its own, none with
// the call's arguments. The tests hold that list.
package geminigen
