// Package toolspec reassembles the tool calls, text and thinking of a
// streamed LLM response, by the rules of a written specification (SPEC.md,
// https://github.com/toolspec/toolspec/blob/main/spec/SPEC.md), for six
// wire formats: OpenAI Chat Completions and Responses, Anthropic Messages,
// Ollama /api/chat, Gemini (and Vertex AI) streamGenerateContent and AWS
// Bedrock ConverseStream.
//
// It keeps distinct calls distinct when they share an index, never
// concatenates names, completes a call only on the stream's terminal
// signal (never because a JSON prefix parsed), tells a cut stream from a
// finished one, and reports every broken rule as a [Violation] that names
// the rule, the frame, the byte offset and the call. Its memory is bounded
// by [Limits] and its time is linear in the input.
//
// # Reading a stream
//
// Feed the response body to an [Assembler], act on each call as it
// finishes, and ask the outcome whether it is a whole success:
//
//	a := toolspec.New(toolspec.FormatOpenAIChat, toolspec.Limits{})
//	for ev, err := range a.Events(ctx, resp.Body) {
//		if err != nil {
//			return err // truncated, invalid arguments, a provider error...
//		}
//		if ev.Kind == toolspec.EventCallEnd {
//			run(ev.Call.Name, ev.Call.Args)
//		}
//	}
//	out := a.Close() // every call, text and stop, for the next request
//
// Or feed it with io.Copy (or ReadFrom), register [Assembler.OnEvent] if
// you want events, and check [Outcome.Err] after Close. An SDK that
// decodes the stream itself hands out payloads: give each to
// [Assembler.PushPayload]. [Detect] tells the format from the first bytes
// when it is not known, and [ParseFormat] checks a format's name.
//
// [Outcome.Err] is nil only when the stream ended on its terminal signal,
// broke no rule, its generation ended normally and every call is complete;
// otherwise its error wraps each reason ([ErrViolation], [ErrTruncated],
// [ErrLength], [ErrUnknownStop], [ErrIncomplete], [ErrInvalid]) and the
// *[Violation], for errors.Is and errors.As.
//
// # The other packages
//
// This package is the production API; it links only the standard library.
// The types its functions take and return ([Outcome], [Limits], [History],
// [HistoryReport], [TurnOptions], [Event]) are its own; the elements inside
// them ([Call], [Item], [Stop], [Violation], [Message], [Part], [Tool], the
// enumerations) are aliases of package spec's, which holds the vocabulary
// and SPEC.md: "go doc github.com/toolspec/toolspec/spec Call" shows a
// Call's fields. Each of the former converts to spec's type of the same
// name at no cost (spec.Outcome(o)). Package model is the executable reference that the production
// code (package impl) is proven equal to by differential tests and
// fuzzing; it copies its state at every event and is meant for tests.
// The history functions ([CheckHistory], [DecodeHistory], [EncodeHistory],
// [TranslateHistory], [RepairHistory], [AssistantTurn], and the tool
// schema converters [SchemaFromGemini] and [SchemaToGemini]) forward to
// package impl/history, whose reference is model/history. Package gen generates
// valid and hostile streams for property tests and go test -fuzz. Package
// tee reassembles a streaming HTTP response while an SDK, or any client on
// an http.Client, reads it, and reports each event as it is read. The
// command toolspec (cmd/toolspec) reassembles a stream file and prints the
// outcome as JSON; the command toolspec-kit (cmd/toolspec-kit) runs the
// conformance kit (package spectest) on a reassembler in any language.
package toolspec
