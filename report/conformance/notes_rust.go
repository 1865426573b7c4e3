package conformance

import "github.com/toolspec/toolspec"

// Notes on the Rust adapters of report/rust.
func init() {
	// rust-async-openai-chat: async-openai 0.43.0, chat().create_stream(),
	// published from commit e4daebb (the crate's .cargo_vcs_info.json).
	const aoai = "https://github.com/64bit/async-openai/blob/e4daebb3ef3f4b89df9fbab5fb319bff077dcfce/async-openai/"
	const chatTypes = aoai + "src/types/chat/chat_.rs"
	// The crate's README: "Even though the scope of the crate is official
	// OpenAI APIs, it is very configurable to work with compatible
	// providers", and Bring Your Own Types (the byot feature) is its way "to
	// escape deserialization errors on expected type and actual response
	// mismatch".
	const scope = aoai + "README.md#L113-L146"
	const strict = "async-openai's chunk types follow OpenAI's API, whose streams never take this shape, and a chunk that " +
		"does not deserialize into them is an OpenAIError::JSONDeserialize item of the stream (the stream fails closed, " +
		"nothing is made up). The crate's README scopes it to \"official OpenAI APIs\" and offers Bring Your Own Types " +
		"(the byot feature, create_stream_byot) \"to escape deserialization errors on expected type and actual response " +
		"mismatch\" with OpenAI-compatible providers; its maintainer answered a pull request that loosened a type for " +
		"Gemini's OpenAI-compatible endpoint (64bit/async-openai#311) with \"Please consider using Bring your own types\". "
	Notes = append(Notes,
		Note{
			Library: "rust-async-openai-chat", Rules: []toolspec.RuleID{toolspec.EndValidate},
			Cases: []string{"completion/chat-tool-calls-cut-args"},
			Kind:  KindByDesign,
			Text: "async-openai hands a call's FunctionCallStream.arguments over as the text the model generated, unparsed, " +
				"and documents that the caller validates it: \"Note that the model does not always generate valid JSON, and " +
				"may hallucinate parameters not defined by your function schema. Validate the arguments in your code before " +
				"calling your function.\" The finish tool_calls is the provider's, which the crate passes through and the " +
				"adapter reports; the cut arguments fail the validation the documentation asks for, so a caller that follows " +
				"it runs nothing.",
			Source: chatTypes + "#L1291-L1296",
		},
		Note{
			Library: "rust-async-openai-chat", Rules: []toolspec.RuleID{toolspec.IDFallback, toolspec.EndStopReason},
			Cases: []string{"completion/chat-stop-with-calls", "identity/chat-no-index-split-args", "identity/chat-no-index-whole-calls"},
			Kind:  KindByDesign,
			Text: "A tool-call entry without index (Mistral's API, Gemini's OpenAI-compatible endpoint) or a choice without " +
				"index (relays such as one-api): ChatCompletionMessageToolCallChunk.index and ChatChoiceStream.index are " +
				"required u32 fields, so the chunk fails with \"missing field `index`\". " + strict +
				"A pull request that made the entry's index optional (64bit/async-openai#432) was closed unmerged.",
			Source: scope,
		},
		Note{
			Library: "rust-async-openai-chat", Rules: []toolspec.RuleID{toolspec.FrameFieldType},
			Cases: []string{"framing/chat-arguments-object"},
			Kind:  KindByDesign,
			Text: "function.arguments sent as a JSON object instead of a string (text-generation-inference, llama.cpp's " +
				"server): FunctionCallStream.arguments is an Option<String>, so the chunk fails with \"invalid type: map, " +
				"expected a string\". " + strict,
			Source: scope,
		},
		Note{
			Library: "rust-async-openai-chat", Rules: []toolspec.RuleID{toolspec.IDKnown},
			Cases: []string{"identity/chat-index-minus-one-single-call"},
			Kind:  KindByDesign,
			Text: "A single call at index -1 (Amazon Bedrock's OpenAI-compatible endpoint, Z.ai's GLM API): " +
				"ChatCompletionMessageToolCallChunk.index is a u32, so the chunk fails with \"invalid value: integer `-1`, " +
				"expected u32\". " + strict,
			Source: scope,
		},
		Note{
			Library: "rust-async-openai-chat", Rules: []toolspec.RuleID{toolspec.FrameFieldType},
			Cases: []string{"thinking/chat-mistral-content-chunks"},
			Kind:  KindByDesign,
			Text: "delta.content sent by a Mistral reasoning model as an array of typed chunks (thinking, text) instead of a " +
				"string: ChatCompletionStreamResponseDelta.content is an Option<String>, so the chunk fails with \"invalid " +
				"type: sequence, expected a string\" (meilisearch, whose chat endpoint is built on async-openai, met it with " +
				"Mistral: meilisearch/meilisearch#6327). " + strict,
			Source: scope,
		},
		Note{
			Library: "rust-async-openai-chat", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"random/openai-chat seed 20260102", "random/openai-chat seed 20260104"},
			Kind:  KindByDesign,
			Text: "The random stream holds a chunk outside async-openai's types, as the notes above (its shrunk form depends " +
				"on the draw: a tool-call entry or a choice without index, arguments sent as an object); the error names no " +
				"rule, so the kit gives it the rule of the model's outcome, ORD-1 for the calls the error loses. " + strict,
			Source: scope,
		},
	)
}
