package conformance

import "github.com/toolspec/toolspec"

// Notes on node-anthropic-sdk (@anthropic-ai/sdk's messages.stream and
// finalMessage).
func init() {
	const repeatedStart = "MessageStream checks the order of events on purpose: a message_start while a message is open " +
		"throws AnthropicError(\"Unexpected event order, got message_start before receiving \\\"message_stop\\\"\"), failing " +
		"the stream closed, with no call presented. Anthropic's streaming contract has one message_start per response; " +
		"the repeat comes from a relay (LiteLLM's /v1/messages bridge, BerriAI/litellm#32478, fixed by #32667)."
	const source = "https://github.com/anthropics/anthropic-sdk-typescript/blob/sdk-v1.17.0/src/lib/MessageStream.ts#L626-L633"
	Notes = append(Notes,
		Note{
			Library: "node-anthropic-sdk", Rules: []toolspec.RuleID{toolspec.OrdMessages},
			Cases: []string{"pairing/anthropic-repeated-message-start"},
			Kind:  KindByDesign, Text: repeatedStart, Source: source,
		},
		Note{
			Library: "node-anthropic-sdk", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"random/anthropic seed 20260104"},
			Kind:  KindByDesign,
			Text: "A random stream that repeats its open message's message_start, byte for byte, in the middle of the message. " +
				repeatedStart,
			Source: source,
		},
	)
}
