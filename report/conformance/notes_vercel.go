package conformance

import "github.com/toolspec/toolspec"

// Notes on the Vercel AI SDK adapters (streamText with @ai-sdk/openai-compatible,
// @ai-sdk/anthropic and @ai-sdk/openai's Responses model): failures that are
// the kit's own, or that the SDK's source and docs state on purpose.
func init() {
	const (
		compatSrc    = "https://github.com/vercel/ai/blob/%40ai-sdk/openai-compatible%403.0.92/packages/openai-compatible/src/chat/"
		responsesSrc = "https://github.com/vercel/ai/blob/%40ai-sdk/openai%404.0.118/packages/openai/src/"
		openaiDocs   = "https://github.com/vercel/ai/blob/%40ai-sdk/openai%404.0.118/content/providers/01-ai-sdk-providers/03-openai.mdx"
		nChoices     = "The stream holds two choices (n = 2). The SDK never asks for more than one: the language-model call " +
			"options have no choice count and the chat model's request body has no \"n\", and its stream transform reads " +
			"choices[0] of each chunk as the one choice it models. A provider answers its requests with choice 0 only."
	)
	Notes = append(Notes,
		// @ai-sdk/openai-compatible
		Note{
			Library: "node-vercel-openai-compatible", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"identity/chat-legacy-function-call", "random/openai-chat seed 20260103"},
			Kind:  KindKit,
			Text: "The stream answers a request that declares legacy \"functions\": llama-cpp-python streams delta.function_call " +
				"only when the request has no tools (functionary_v1_v2_chat_handler in llama_cpp/llama_chat_format.py sends " +
				"tool_calls entries whenever tools is set). The SDK's chat model declares its tools as \"tools\" " +
				"(prepareTools) and sends no \"functions\" of its own, so no server answers its requests with function_call deltas. " +
				"The random openai-chat failure of this rule is the same shape: a function_call delta beside tool_calls null.",
			Source: compatSrc + "openai-compatible-prepare-tools.ts",
		},
		Note{
			Library: "node-vercel-openai-compatible", Rules: []toolspec.RuleID{toolspec.EndValidate, toolspec.OrdFirstSeen},
			Cases:  []string{"ordering/chat-choices-out-of-order"},
			Kind:   KindKit,
			Text:   nChoices,
			Source: compatSrc + "openai-compatible-chat-language-model.ts",
		},
		Note{
			Library: "node-vercel-openai-compatible", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"random/openai-chat seed 20260102"},
			Kind:  KindKit,
			Text: nChoices + " The random openai-chat failures of this rule are that shape: choice 1's finish read as the " +
				"finish of the one choice, whose own call was cut.",
			Source: compatSrc + "openai-compatible-chat-language-model.ts",
		},

		// @ai-sdk/openai Responses: client calls of provider-defined tools, handed over in the SDK's input shapes
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/responses-computer-call", "completion/responses-computer-call-actions"},
			Kind:  KindByDesign,
			Text: "A computer_call is handed over as a call of the SDK's computer tool, whose documented input is " +
				"{actions, pendingSafetyChecks, status} (mapComputerCallInput): the item's action or actions batch, with " +
				"the item's safety checks and status beside it, is what the tool's execute receives.",
			Source: openaiDocs,
		},
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/responses-local-shell-call", "completion/responses-shell-call"},
			Kind:  KindByDesign,
			Text: "A local_shell_call and a shell_call are handed over as calls of the SDK's localShell and shell tools, whose " +
				"input schemas wrap the item's action in {action: ...} with camelCase fields (timeoutMs, workingDirectory, " +
				"maxOutputLength): the same values, in the shape the tools' execute functions receive (src/tool/local-shell.ts, " +
				"src/tool/shell.ts).",
			Source: responsesSrc + "tool/local-shell.ts",
		},
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/responses-tool-search-client", "completion/responses-tool-search-server"},
			Kind:  KindByDesign,
			Text: "A tool_search_call, client or server, is handed over as a call of the SDK's toolSearch tool, whose input " +
				"schema is {arguments, call_id}: the item's arguments under \"arguments\", beside its call_id (null for a " +
				"server search).",
			Source: responsesSrc + "tool/tool-search.ts",
		},
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/responses-apply-patch-call"},
			Kind:  KindByDesign,
			Text: "An apply_patch_call is handed over as a call of the SDK's applyPatch tool, whose input schema is " +
				"{callId, operation}: the item's operation, beside its call_id.",
			Source: responsesSrc + "tool/apply-patch.ts",
		},

		// @ai-sdk/openai Responses: server calls, recorded as provider-executed tool calls
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{
				"completion/responses-web-search-call", "framing/responses-unknown-events", "completion/responses-file-search-call",
				"completion/responses-image-generation-call", "completion/responses-code-interpreter-call",
			},
			Kind: KindByDesign,
			Text: "Items of the tools OpenAI runs are recorded as provider-executed tool calls (streamText never runs them) " +
				"followed by a tool result, in the SDK's shapes: web_search_call, file_search_call and image_generation_call " +
				"as a call with input {} whose tool result holds the action, queries and results, or image (the docs read " +
				"the search query from toolResult.output.action.query); code_interpreter_call as a call with input " +
				"{code, containerId}, the code interpreter tool's input schema (openai-responses-language-model.ts builds each).",
			Source: openaiDocs,
		},

		// @ai-sdk/openai Responses: the stream's end
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"completion/responses-done-terminal"},
			Kind:  KindByDesign,
			Text: "The stream ends with a gateway's response.done, which is not an event of OpenAI's Responses streaming API. " +
				"The SDK takes only response.completed, response.incomplete and response.failed (or an error event) as the end, and states that " +
				"\"a clean end without the provider's completion signal is interrupted\"; streamText runs no call of a step " +
				"that finished interrupted. The call is handed over, not run: the stream is failed closed.",
			Source: responsesSrc + "responses/openai-responses-language-model.ts",
		},

		// @ai-sdk/openai Responses: the kit's streams
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"completion/responses-item-status-incomplete"},
			Kind:  KindKit,
			Text: "The scenario marks one call item incomplete inside a response whose status is completed, with no " +
				"incomplete_details. Its sources show a cut as the response's status: OpenAI ends a cut response with " +
				"response.incomplete, and vLLM sends an incomplete response in response.completed (vllm-project/vllm#45386, " +
				"scenario completion/responses-completed-status-incomplete), both of which the SDK reads from incomplete_details as " +
				"a length (or content-filter) finish whose calls streamText does not run. No provider is known to send the scenario's combination.",
			Source: responsesSrc + "responses/map-openai-responses-finish-reason.ts",
		},
		Note{
			Library: "node-vercel-openai-responses", Rules: []toolspec.RuleID{toolspec.IDKnown},
			Cases: []string{"pairing/responses-resumed-starting-after"},
			Kind:  KindKit,
			Text: "The stream is the tail of a background response resumed with starting_after. The SDK neither starts a " +
				"background response nor resumes one: its requests carry no background flag and it has no retrieve call, so " +
				"no stream it reads begins after a cursor.",
			Source: responsesSrc + "responses/openai-responses-language-model.ts",
		},
	)
}
