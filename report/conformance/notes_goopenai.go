package conformance

import "github.com/toolspec/toolspec"

// go-openai's failures that follow from its design: it decodes each chunk
// and hands the deltas over, and the caller folds the tool calls, by index,
// as OpenAI's function-calling guide shows (go-openai documents no fold of
// its own).
func init() {
	const (
		guide   = "https://platform.openai.com/docs/guides/function-calling?api-mode=chat#streaming"
		toolDef = "https://github.com/sashabaranov/go-openai/blob/v1.43.0/chat.go#L190-L202"
	)
	Notes = append(Notes,
		Note{
			Library: "go-openai", Rules: []toolspec.RuleID{toolspec.IDNewAtHeld},
			Cases: []string{"identity/chat-same-index-new-ids"},
			Kind:  KindByDesign,
			Text: "go-openai has no accumulator: it hands each chunk's ToolCall deltas, keyed by Index (*int, \"not nil only " +
				"in chat completion chunk object\"), and leaves the fold to the caller, for which it documents none. The fold " +
				"OpenAI's function-calling guide gives (final_tool_calls[index]: the first delta at an index opens the call, " +
				"later ones append their arguments) puts the stream's three whole calls, all at index 0 with their own ids, " +
				"into one call: the first id and name, the three argument objects end to end.",
			Source: toolDef,
		},
		Note{
			Library: "go-openai", Rules: []toolspec.RuleID{toolspec.IDNewAtHeld},
			Cases: []string{"identity/chat-no-index-whole-calls"},
			Kind:  KindByDesign,
			Text: "The stream's calls carry no index, which go-openai hands as a nil ToolCall.Index (*int); the guide's fold " +
				"keys each delta by its index, so every delta without one goes to one key and the second whole call's " +
				"arguments are appended to the first's. go-openai leaves the fold to the caller and documents none.",
			Source: guide,
		},
		Note{
			Library: "go-openai", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "go-openai hands the deltas as they came and the guide's fold appends them, checking nothing: the cut " +
				"object under finish_reason tool_calls is the call's arguments as the server sent them. go-openai documents " +
				"FunctionCall.Arguments only as \"call function with arguments in JSON format\", and neither it nor the guide's " +
				"streaming fold validates them; the adapter, which presents every call of a normal finish as finished, " +
				"does not either.",
			Source: toolDef,
		},
		Note{
			Library: "go-openai", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"identity/chat-legacy-function-call"},
			Kind:  KindKit,
			Text: "The stream is a legacy function_call (delta.function_call, finish function_call), which servers send only " +
				"to a request that declares functions and no tools (llama-cpp-python's functionary handler sends tool_calls " +
				"when the request has tools). The adapter drives the tool-calling fold of OpenAI's guide, for a request " +
				"with tools; go-openai marks ChatCompletionRequest.Functions \"Deprecated: use Tools instead\", and a fold of " +
				"delta.function_call is documented neither by go-openai nor by the guide, so the adapter does not invent one.",
			Source: "https://github.com/sashabaranov/go-openai/blob/v1.43.0/chat.go#L298-L299",
		},
		Note{
			Library: "go-openai", Rules: []toolspec.RuleID{toolspec.FrameFieldType},
			Cases: []string{"framing/chat-arguments-object"},
			Kind:  KindKit,
			Text: "The stream carries function.arguments as a JSON object. The servers known to send an object there " +
				"(llama.cpp's server after its autoparser refactoring, ggml-org/llama.cpp#20198, closed; TGI, " +
				"huggingface/text-generation-inference#2136) showed it in non-streamed responses, and their streamed " +
				"arguments are strings; no stream carrying it is known. go-openai's Recv fails such a stream closed with " +
				"a decode error naming the field, as OpenAI's own SDKs do on that response.",
			Source: "https://github.com/ggml-org/llama.cpp/issues/20198",
		},
	)
}
