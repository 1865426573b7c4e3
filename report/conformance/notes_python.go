package conformance

import "github.com/toolspec/toolspec"

// Notes on the Python adapters of report/python.
func init() {
	Notes = append(Notes,
		Note{
			Library: "python-openai-chat", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "The SDK hands a call's function.arguments over as the text the model generated, unparsed, and documents that " +
				"the caller validates it: \"Note that the model does not always generate valid JSON, and may hallucinate " +
				"parameters not defined by your function schema. Validate the arguments in your code before calling your " +
				"function.\" The finish tool_calls is the provider's, which the SDK passes through and the adapter reports; " +
				"the cut arguments fail the validation the documentation asks for, so a caller that follows it runs nothing.",
			Source: "https://github.com/openai/openai-python/blob/v3.63.0/src/openai/types/chat/chat_completion_message_function_tool_call.py#L13-L18",
		},
	)

	// python-openai-responses: responses.stream and get_final_response.
	const responsesSource = "https://github.com/openai/openai-python/blob/v3.63.0/src/openai/lib/streaming/responses/_responses.py"
	Notes = append(Notes,
		Note{
			Library: "python-openai-responses", Rules: []toolspec.RuleID{toolspec.EndStopReason},
			Cases: []string{"completion/responses-done-terminal"},
			Kind:  KindByDesign,
			Text: "The stream ends with a gateway's response.done, which is not an event of OpenAI's Responses streaming API. " +
				"get_final_response() returns the response of the stream's response.completed event and raises " +
				"RuntimeError(\"Didn't receive a `response.completed` event.\") without one: the stream is failed closed, " +
				"with no call presented.",
			Source: responsesSource + "#L86-L93",
		},
		Note{
			Library: "python-openai-responses", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"completion/responses-item-status-incomplete"},
			Kind:  KindKit,
			Text: "The scenario marks one call item incomplete inside a response whose status is completed, with no " +
				"incomplete_details. The SDK hands over the item with its status, incomplete, which the adapter presents as " +
				"not finished, and the response's status, completed, which is the stop reason it reports. Its sources show a " +
				"cut as the response's status (OpenAI's response.incomplete; vLLM's incomplete response in response.completed, " +
				"scenario completion/responses-completed-status-incomplete); no provider is known to send the scenario's combination.",
			Source: "https://github.com/openai/openai-python/blob/v3.63.0/src/openai/types/responses/response_function_tool_call.py",
		},
		Note{
			Library: "python-openai-responses",
			Rules:   []toolspec.RuleID{toolspec.OrdFirstSeen, toolspec.IDKnown, toolspec.EndTruncation},
			Cases: []string{"framing/responses-data-before-event", "framing/responses-unknown-events",
				"random/openai-responses seed 20260103", "random/openai-responses seed 20260104"},
			Kind: KindKit,
			Text: "get_final_response() returns the response that the stream's response.completed event carries, with its own " +
				"output list (only when that event has no output at all does the SDK rebuild it from the items the events " +
				"finished). OpenAI's response.completed holds the whole output, as the capture behind framing/responses-data-before-event " +
				"does; these streams' response.completed disagrees with their events (an empty output in the hand-written " +
				"scenarios, other items than the streamed ones in the random draws), which no provider is known to send.",
			Source: responsesSource + "#L481-L503",
		},
	)

	// python-langchain-openai-chat: ChatOpenAI.stream, AIMessageChunks merged.
	Notes = append(Notes, Note{
		Library: "python-langchain-openai-chat", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
		Cases: []string{"identity/chat-legacy-function-call"},
		Kind:  KindByDesign,
		Text: "A legacy function_call (the answer to a request that declared functions, OpenAI's deprecated Functions API) " +
			"is kept in additional_kwargs[\"function_call\"] as the provider's raw data, outside tool_calls, the interface " +
			"LangChain's tool calling reads (bind_tools declares tools, never functions); the adapter presents it as not " +
			"finished. The call is handed over, not as a tool call to run.",
		Source: "https://github.com/langchain-ai/langchain/blob/langchain-openai%3D%3D1.8.1/libs/partners/openai/langchain_openai/chat_models/base.py#L566-L571",
	})
}
