package conformance

import "github.com/toolspec/toolspec"

// Notes on eino's failures that are not eino's bugs.
func init() {
	Notes = append(Notes,
		Note{
			Library: "eino", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"identity/chat-legacy-function-call"},
			Kind:  KindKit,
			Text: "The stream is a legacy function_call (delta.function_call, finish function_call), which servers send only " +
				"to a request that declares functions and no tools (llama-cpp-python's functionary handler sends tool_calls " +
				"when the request has tools). eino-ext's OpenAI component declares tools and never functions (genRequest sets " +
				"req.Tools only), so no server answers it in this form; its stream builder reads tool_calls and not " +
				"function_call.",
			Source: "https://github.com/cloudwego/eino-ext/blob/libs/acl/openai/v0.1.11/libs/acl/openai/chat_model.go#L553-L662",
		},
		Note{
			Library: "eino", Rules: []toolspec.RuleID{toolspec.FrameFieldType},
			Cases: []string{"framing/chat-arguments-object"},
			Kind:  KindKit,
			Text: "The stream carries function.arguments as a JSON object. The servers known to send an object there " +
				"(llama.cpp's server after its autoparser refactoring, ggml-org/llama.cpp#20198, closed; TGI, " +
				"huggingface/text-generation-inference#2136) showed it in non-streamed responses, and their streamed " +
				"arguments are strings; no stream carrying it is known. eino-ext's OpenAI component fails such a stream " +
				"closed with a decode error naming the field, as OpenAI's own SDKs do on that response.",
			Source: "https://github.com/ggml-org/llama.cpp/issues/20198",
		},
		Note{
			Library: "eino", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"random/openai-chat seed 20260103"},
			Kind:  KindKit,
			Text: "As the note on framing/chat-arguments-object: the random stream that fails here (seed 20260103) carries " +
				"function.arguments as a JSON object ({}), which eino-ext's component fails closed with a decode error.",
			Source: "https://github.com/ggml-org/llama.cpp/issues/20198",
		},
		Note{
			Library: "eino", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"random/openai-chat seed 20260101"},
			Kind:  KindByDesign,
			Text: "The random stream that fails here (seed 20260101) has two choices, choice 1 left without a finish. The " +
				"OpenAI component reads choice 0 of every chunk only (\"take 0 index as response\") and requests one " +
				"choice: the call and the stop it returns are choice 0's, which ended normally.",
			Source: "https://github.com/cloudwego/eino-ext/blob/libs/acl/openai/v0.1.11/libs/acl/openai/chat_model.go#L1194-L1200",
		},
	)
}
