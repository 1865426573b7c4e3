package conformance

import "github.com/toolspec/toolspec"

// Notes on node-google-genai (@google/genai's models.generateContentStream,
// each chunk's functionCalls).
func init() {
	Notes = append(Notes, Note{
		Library: "node-google-genai", Rules: []toolspec.RuleID{toolspec.EndValidate, toolspec.IDKnown},
		Cases: []string{"pairing/vertex-streamed-args"},
		Kind:  KindByDesign,
		Text: "A Vertex AI streamed-arguments call (streamFunctionCallArguments: a part with the name and willContinue, then " +
			"parts of partialArgs, then an empty part) reaches the SDK's FunctionCall as partialArgs and willContinue, " +
			"which its type documents as \"not supported in Gemini API\", the client the adapter drives; the " +
			"GenerateContentResponse.functionCalls getter returns each part's functionCall as it came and the SDK has no " +
			"helper that joins a call's parts, so a caller that reads functionCalls as documented gets each part as a " +
			"call of its own.",
		Source: "https://unpkg.com/@google/genai@3.6.1/dist/genai.d.ts",
	})
}
