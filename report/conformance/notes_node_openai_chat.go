package conformance

import "github.com/toolspec/toolspec"

// Notes on node-openai-chat (the openai npm package's
// chat.completions.stream and finalChatCompletion).
func init() {
	Notes = append(Notes,
		Note{
			Library: "node-openai-chat", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "The SDK hands a call's function.arguments over as the text the model generated, unparsed, and documents that " +
				"the caller validates it: \"Note that the model does not always generate valid JSON, and may hallucinate " +
				"parameters not defined by your function schema. Validate the arguments in your code before calling your " +
				"function.\" The finish tool_calls is the provider's, which the SDK passes through and the adapter reports; " +
				"the cut arguments fail the validation the documentation asks for, so a caller that follows it runs nothing.",
			Source: "https://github.com/openai/openai-node/blob/v7.60.0/src/resources/chat/completions/completions.ts#L2019-L2026",
		},
		Note{
			Library: "node-openai-chat", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"ordering/chat-choices-out-of-order"},
			Kind:  KindKit,
			Text: "finalChatCompletion() returns the choices of an n > 1 request as an array indexed by choice index " +
				"(snapshot.choices[index]): alternatives of one request, each with its calls in their order, and no order " +
				"across choices. The adapter lists choice 0's calls before choice 1's; the first-seen order the kit compares " +
				"across choices (choice 1's call arrived first) is one of the adapter's flattening, not something the library " +
				"presents. Within each choice the calls are in first-seen order.",
			Source: "https://github.com/openai/openai-node/blob/v7.60.0/src/lib/ChatCompletionStream.ts#L1917-L1926",
		},
	)
}
