package conformance

import "github.com/toolspec/toolspec"

// Notes on genai: Google's Gen AI SDK for Go, Models.GenerateContentStream
// and each chunk's FunctionCalls().
func init() {
	Notes = append(Notes, Note{
		Library: "genai", Rules: []toolspec.RuleID{toolspec.EndValidate, toolspec.IDKnown},
		Cases: []string{"pairing/vertex-streamed-args", "random/gemini seed 20260101"},
		Kind:  KindByDesign,
		Text: "A Vertex AI streamed-arguments call (streamFunctionCallArguments: a part with the name and willContinue, then " +
			"parts of partialArgs, then an empty part) reaches the SDK's FunctionCall as PartialArgs and WillContinue, " +
			"which its documentation marks \"not supported in Gemini API\", the backend the adapter drives; the SDK hands " +
			"each part's FunctionCall over as it came (FunctionCalls() lists the parts that hold one) and has no helper " +
			"that joins a call's parts, so a caller that reads FunctionCalls() as documented gets each part as a call of " +
			"its own. The random draw is such a stream.",
		Source: "https://github.com/googleapis/go-genai/blob/v1.79.1/types.go#L1589-L1596",
	})
}
