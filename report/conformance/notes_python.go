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
}
