package conformance

import "github.com/toolspec/toolspec"

// Notes on the LangChain.js adapters of report/node: node-langchain-openai
// (@langchain/openai ChatOpenAI.stream) and node-langchain-anthropic
// (@langchain/anthropic ChatAnthropic.stream), the AIMessageChunks merged
// with @langchain/core's concat.
func init() {
	const (
		lcOpenAI = "https://github.com/langchain-ai/langchainjs/blob/%40langchain/openai%401.6.0/libs/providers/langchain-openai/src"
	)
	Notes = append(Notes,
		Note{
			Library: "node-langchain-openai", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"identity/chat-legacy-function-call"},
			Kind:  KindByDesign,
			Text: "A legacy function_call (the answer to a request that declared functions, OpenAI's deprecated Functions API) " +
				"is kept in the chunk's additional_kwargs.function_call as the provider's raw data, outside tool_call_chunks, " +
				"from which LangChain.js makes tool_calls, the interface its tool calling reads (bindTools declares tools, " +
				"never functions); the adapter presents it as not finished. The call is handed over, not as a tool call to run.",
			Source: lcOpenAI + "/converters/completions.ts#L405-L408",
		},
		Note{
			Library: "node-langchain-openai",
			Cases:   []string{"ordering/chat-choices-out-of-order"},
			Kind:    KindByDesign,
			Text: "ChatOpenAI.stream() yields the deltas of every choice of an n > 1 request as chunks of one message stream, " +
				"each chunk marked with its choice only in response_metadata.completion; LangChain.js's own generate path " +
				"groups the chunks by that index, but merging the stream's chunks with concat, as its documentation of " +
				"streaming tool calls does, joins the choices' calls at one index and their finish reasons. Streaming " +
				"several choices into one message is not supported (the same in LangChain's Python package, " +
				"langchain-ai/langchain#26719, closed).",
			Source: lcOpenAI + "/chat_models/completions.ts#L468-L471",
		},
	)
}
