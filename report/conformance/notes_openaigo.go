package conformance

import "github.com/toolspec/toolspec"

// openai-go's departures that its documentation states.
func init() {
	Notes = append(Notes,
		Note{
			Library: "openai-go", Rules: []toolspec.RuleID{toolspec.IDNewAtHeld},
			Cases: []string{"identity/chat-index-minus-one-after-call"},
			Kind:  KindByDesign,
			Text: "AddChunk's documentation says that, \"for compatibility with providers that use -1 for a single tool call\", " +
				"the index -1 is treated as index 0 (checkedToolCallIndex names AWS Bedrock). The stream's -1 entry, a leftover " +
				"with arguments {} and no id or name after a real call at index 0 (BerriAI/litellm#8964), therefore continues " +
				"that call, whose arguments become {\"q\":\"x\"}{}.",
			Source: "https://github.com/openai/openai-go/blob/v3.105.0/streamaccumulator.go#L129-L130",
		},
		Note{
			Library: "openai-go", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "openai-go hands a call's arguments as the model generated them, and its documentation of them says that " +
				"\"the model does not always generate valid JSON\" and \"Validate the arguments in your code before calling your " +
				"function\" (ChatCompletionMessageFunctionToolCallFunction.Arguments). The cut object under finish_reason " +
				"tool_calls is handed as it came, and a user who validates as documented does not run it; the adapter, which " +
				"presents every call of a normal finish as finished, does not validate.",
			Source: "https://github.com/openai/openai-go/blob/v3.105.0/chatcompletion.go#L2842-L2845",
		},
	)
}
