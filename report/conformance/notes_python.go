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
		Cases: []string{"identity/chat-legacy-function-call", "random/openai-chat seed 20260103"},
		Kind:  KindByDesign,
		Text: "A legacy function_call (the answer to a request that declared functions, OpenAI's deprecated Functions API) " +
			"is kept in additional_kwargs[\"function_call\"] as the provider's raw data, outside tool_calls, the interface " +
			"LangChain's tool calling reads (bind_tools declares tools, never functions); the adapter presents it as not " +
			"finished. The call is handed over, not as a tool call to run.",
		Source: "https://github.com/langchain-ai/langchain/blob/langchain-openai%3D%3D1.8.1/libs/partners/openai/langchain_openai/chat_models/base.py#L566-L571",
	})

	// ChatOpenAI streams one generation.
	Notes = append(Notes, Note{
		Library: "python-langchain-openai-chat",
		Cases:   []string{"ordering/chat-choices-out-of-order"},
		Kind:    KindByDesign,
		Text: "ChatOpenAI.stream() yields one message's chunks and does not tell the choices of an n > 1 request apart: " +
			"every choice's delta becomes a chunk of the same message, so merging them joins the choices' calls at one " +
			"index and their finish reasons. Streaming several choices is not supported (langchain-ai/langchain#26719, " +
			"\"Streamed responses incompatible with multiple choices (n>1)\", closed).",
		Source: "https://github.com/langchain-ai/langchain/issues/26719",
	})

	// python-litellm-stream: litellm.completion(stream=True) and
	// stream_chunk_builder, in OpenAI's chat form.
	Notes = append(Notes,
		Note{
			Library: "python-litellm-stream", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "litellm hands a streamed response over as OpenAI's chat completion object, a call's function.arguments the " +
				"text the model generated, unparsed, with the provider's finish_reason (tool_calls here); that object's " +
				"documentation has the caller validate the arguments (\"the model does not always generate valid JSON ... " +
				"Validate the arguments in your code before calling your function\"), and the cut arguments fail that " +
				"validation, so a caller that follows it runs nothing.",
			Source: "https://github.com/openai/openai-python/blob/v3.63.0/src/openai/types/chat/chat_completion_message_function_tool_call.py#L13-L18",
		},
		Note{
			Library: "python-litellm-stream", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"ordering/chat-choices-out-of-order"},
			Kind:  KindKit,
			Text: "stream_chunk_builder returns the choices of an n > 1 request in index order, each with its own calls: " +
				"alternatives of one request, with no order across choices. The adapter lists choice 0's calls before " +
				"choice 1's; the first-seen order the kit compares across choices (choice 1's call arrived first) is one of " +
				"the adapter's flattening, not something the library presents. Within each choice the calls are in " +
				"first-seen order.",
			Source: "https://github.com/BerriAI/litellm/blob/v1.110.2/litellm/litellm_core_utils/streaming_chunk_builder_utils.py",
		},
	)

	// python-google-genai: generate_content_stream, each chunk's function_calls.
	Notes = append(Notes, Note{
		Library: "python-google-genai", Rules: []toolspec.RuleID{toolspec.EndValidate, toolspec.IDKnown},
		Cases: []string{"pairing/vertex-streamed-args"},
		Kind:  KindByDesign,
		Text: "A Vertex AI streamed-arguments call (streamFunctionCallArguments: a part with the name and willContinue, then " +
			"parts of partialArgs, then an empty part) reaches the SDK's FunctionCall as partial_args and will_continue, " +
			"which its documentation marks \"not supported in Gemini API\", the client the adapter drives; the SDK hands " +
			"each part's function_call over as it came and has no helper that joins a call's parts, so a caller that " +
			"reads function_calls as documented gets each part as a call of its own.",
		Source: "https://github.com/googleapis/python-genai/blob/v3.6.1/google/genai/types.py#L2050-L2072",
	})

	// python-pydantic-ai-stream: pydantic_ai.direct.model_request_stream.
	Notes = append(Notes,
		Note{
			Library: "python-pydantic-ai-stream", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"completion/eof-mid-call"},
			Kind:  KindByDesign,
			Text: "A Chat Completions stream that reaches a clean end of input without any finish_reason is read as " +
				"finish_reason 'stop' unless the model profile sets openai_chat_streaming_requires_finish_reason, which " +
				"\"defaults to False because OpenAI-compatible APIs do not consistently guarantee the field\" (then it " +
				"raises ModelAPIError). The cut call itself is not handed over as ready: its typed_args is None (\"check " +
				"for None even on a finalized response\"), which the adapter presents as invalid.",
			Source: "https://github.com/pydantic/pydantic-ai/blob/v2.66.0/pydantic_ai_slim/pydantic_ai/profiles/openai.py#L332-L337",
		},
		Note{
			Library: "python-pydantic-ai-stream", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"identity/chat-legacy-function-call", "random/openai-chat seed 20260102"},
			Kind:  KindByDesign,
			Text: "OpenAIChatModel declares tools, never functions, and reads only the tool_calls of a delta: a legacy " +
				"function_call (the answer to a request that declared functions, OpenAI's deprecated Functions API) is " +
				"not mapped to a ToolCallPart.",
			Source: "https://github.com/pydantic/pydantic-ai/blob/v2.66.0/pydantic_ai_slim/pydantic_ai/models/openai.py#L6313-L6329",
		},
	)
}
