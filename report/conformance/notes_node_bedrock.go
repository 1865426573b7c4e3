package conformance

import "github.com/toolspec/toolspec"

// Notes on node-bedrock-converse-stream (@aws-sdk/client-bedrock-runtime's
// ConverseStreamCommand).
func init() {
	Notes = append(Notes, Note{
		Library: "node-bedrock-converse-stream", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
		Cases: []string{
			"framing/bedrock-invoke-nova-text-then-tool",
			"random/bedrock seed 20260101", "random/bedrock seed 20260103", "random/bedrock seed 20260104",
		},
		Kind: KindKit,
		Text: "The stream is an InvokeModelWithResponseStream response (chunk events whose bytes hold the invoked model's " +
			"own events), which the kit reads as Bedrock too (FRAME-4), not a ConverseStream response: ConverseStream's " +
			"event stream has no chunk member (the API reference's ConverseStreamOutput lists messageStart, " +
			"contentBlockStart, contentBlockDelta, contentBlockStop, messageStop, metadata and five exceptions), so the " +
			"client the adapter drives hands each chunk over as the $unknown member its ConverseStreamOutput type " +
			"declares for events it does not know, and no call reaches it. InvokeModelWithResponseStreamCommand, the " +
			"SDK's command for that API, returns each chunk's bytes undecoded (PayloadPart.bytes) and reassembles no " +
			"call, so no client of this SDK presents these calls.",
		Source: "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html",
	})
}
