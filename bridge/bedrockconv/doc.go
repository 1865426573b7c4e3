// Package bedrockconv connects the AWS SDK's Bedrock ConverseStream
// (github.com/aws/aws-sdk-go-v2/service/bedrockruntime) to toolspec, both
// ways: a stream the SDK reads becomes a [toolspec.Outcome], and an
// outcome becomes the types.Message of the next request.
//
// # From the SDK's stream to an outcome
//
// The SDK decodes the binary AWS event-stream on a goroutine of its own and
// hands out types.ConverseStreamOutput events on a channel. What it does
// not hand out: an exception message becomes stream.Err() and ends the
// stream; a body cut inside a message, or whose read failed with
// io.ErrUnexpectedEOF, ends the channel without an error; an event type it
// does not model (the chunk of InvokeModelWithResponseStream) comes as a
// types.UnknownUnionMember holding the raw message. A [Tee] gets the exact
// outcome anyway: it wraps the client's HTTPClient for one call and feeds
// the raw response body to an assembler as the SDK reads it, so the
// outcome is [toolspec.Reassemble]'s of the bytes received (format
// bedrock, which reads the event-stream's binary framing and checks both
// CRCs), an exception ending it with END-5 (and its payload), a stream cut
// before messageStop reading as truncated (and a cut message as the
// tail):
//
//	tee := bedrockconv.NewTee(toolspec.Limits{})
//	resp, err := client.ConverseStream(ctx, input, tee.Option())
//	stream := resp.GetStream()
//	for ev := range stream.Events() {
//		// as usual
//	}
//	stream.Close()
//	out, err := tee.Outcome()
//
// [Tee.OnEvent] registers a function that is called with every
// [toolspec.Event] as the SDK reads the bytes that cause it: a tool can
// start when its call ends, while the SDK still reads the rest of the
// response. The tee is package tee's (github.com/toolspec/toolspec/tee).
//
// [Drain] (and [Push] and [Finish], for a loop of one's own) is the form
// for a stream already made, from the SDK's decoded events: the SDK keeps
// no raw JSON, so Push writes each event back as the JSON the API sent
// (an unknown member's payload as it came), and Finish turns an exception
// the SDK reported back into the exception event it was. What it cannot
// know is documented on Drain.
//
// # From an outcome to the next request
//
// [AssistantMessage] builds the assistant message of one response: text,
// reasoning text with its signature, redacted reasoning, and tool uses
// with their toolUseId, name and input, a document.NewLazyDocument of the
// arguments whose numbers are written back as they arrived.
// [ResultMessage] builds the user message of toolResult blocks that answer
// the calls by toolUseId. AssistantMessage refuses an outcome whose Err is
// not nil unless [Options].AllowPartial says otherwise, and then leaves
// out the calls that are not complete; it refuses a block toolspec keeps
// the place of, not the content (a server tool use, a tool result,
// citations, an image), with [ErrNotCarried], or leaves it out with
// [Options].OmitNotCarried.
//
// Compared with the message one accumulates from the SDK's events as its
// documentation shows (by contentBlockIndex), both written by the SDK as a
// Converse request, the message is the same JSON on every shared capture
// but InvokeModelWithResponseStream bytes read as ConverseStream, where
// the SDK hands out only unknown events and the bridge reads the
// Anthropic events they carry. The tests hold that list.
package bedrockconv
