package conformance

import "github.com/toolspec/toolspec"

// Notes on the Java adapters of report/java: java-openai-chat (openai-java's
// chat().completions().createStreaming with a ChatCompletionAccumulator) and
// java-anthropic-messages (anthropic-java's messages().createStreaming with a
// MessageAccumulator).
func init() {
	const oa = "https://github.com/openai/openai-java/blob/v4.109.0/openai-java-core/src/main/kotlin/com/openai/"
	const an = "https://github.com/anthropics/anthropic-sdk-java/blob/v3.17.0/anthropic-java-core/src/main/kotlin/com/anthropic/"
	Notes = append(Notes,
		Note{
			Library: "java-openai-chat", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "openai-java hands a call's function.arguments over as the text the model generated, unparsed, and documents " +
				"that the caller validates it: \"Note that the model does not always generate valid JSON, and may hallucinate " +
				"parameters not defined by your function schema. Validate the arguments in your code before calling your " +
				"function.\" The finish tool_calls is the provider's, which the accumulator passes through and the adapter " +
				"reports; the cut arguments fail the validation the documentation asks for, so a caller that follows it runs nothing.",
			Source: oa + "models/chat/completions/ChatCompletionMessageFunctionToolCall.kt#L288-L292",
		},
		Note{
			Library: "java-openai-chat", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"ordering/chat-choices-out-of-order"},
			Kind:  KindKit,
			Text: "ChatCompletionAccumulator builds the choices of an n > 1 request sorted by choice index (buildChoices), each " +
				"with its calls: alternatives of one request, with no order across choices. The adapter lists choice 0's calls " +
				"before choice 1's; the first-seen order the kit compares across choices (choice 1's call arrived first) is one " +
				"of the adapter's flattening, not something the library presents. Within each choice the calls are in index order.",
			Source: oa + "helpers/ChatCompletionAccumulator.kt#L377-L385",
		},
		Note{
			Library: "java-openai-chat", Rules: []toolspec.RuleID{toolspec.EndRepeatFinish},
			Cases: []string{"completion/chat-openrouter-double-finish"},
			Kind:  KindByDesign,
			Text: "ChatCompletionAccumulator takes the chunk that carries every choice's finish_reason as the last, and after it " +
				"one usage chunk at most; its documentation of accumulate says it throws IllegalStateException \"If accumulate is " +
				"called again after the last chunk has been accumulated\", and it checks so (\"Already accumulated the final " +
				"chunk(s).\"). The stream sends a chunk with an empty argument fragment after the first finish and a second " +
				"finish with usage after it (OpenRouter's shape); the accumulator throws at that chunk, failing the stream " +
				"closed with no call presented.",
			Source: oa + "helpers/ChatCompletionAccumulator.kt#L165-L191",
		},
		Note{
			Library: "java-openai-chat", Rules: []toolspec.RuleID{toolspec.IDFallback},
			Cases: []string{"identity/chat-second-call-new-index-no-id"},
			Kind:  KindByDesign,
			Text: "The accumulator keeps both calls, the second without an id, as the stream sent it. openai-java's types declare " +
				"a tool call's id required, and the getter id() documents that it throws OpenAIInvalidDataException \"if the " +
				"JSON field has an unexpected type or is unexpectedly missing or null (e.g. if the server responded with an " +
				"unexpected value)\". The adapter reads each call through the typed getters, as a caller does, so reading the " +
				"second call's id throws, and the stream is failed closed.",
			Source: oa + "models/chat/completions/ChatCompletionMessageFunctionToolCall.kt#L37-L43",
		},
		Note{
			Library: "java-anthropic-messages", Rules: []toolspec.RuleID{toolspec.OrdMessages},
			Cases: []string{"pairing/anthropic-repeated-message-start"},
			Kind:  KindByDesign,
			Text: "MessageAccumulator accumulates one message and checks the order of events on purpose: a message_start after " +
				"the first throws AnthropicInvalidDataException(\"'message_start' event already received.\"), failing the stream " +
				"closed, with no call presented. Anthropic's streaming contract has one message_start per response; the repeat " +
				"comes from a relay (LiteLLM's /v1/messages bridge, BerriAI/litellm#32478, fixed by #32667).",
			Source: an + "helpers/MessageAccumulator.kt#L276-L285",
		},
	)
}
