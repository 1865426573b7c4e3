package conformance

import "github.com/toolspec/toolspec"

// Notes on bedrockruntime: the AWS SDK for Go v2's Bedrock Runtime client,
// ConverseStream.
func init() {
	Notes = append(Notes, Note{
		Library: "bedrockruntime", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
		Cases: []string{"framing/bedrock-invoke-nova-text-then-tool", "random/bedrock seed 20260101", "random/bedrock seed 20260104"},
		Kind:  KindKit,
		Text: "These streams are InvokeModelWithResponseStream responses (every message a chunk event whose bytes are the " +
			"model's own events), the answer to another operation than the ConverseStream the adapter drives. The " +
			"SDK's ConverseStreamOutput union has six members (contentBlockStart, contentBlockDelta, contentBlockStop, " +
			"messageStart, messageStop, metadata), none of them chunk, so ConverseStream's reader hands a chunk over as " +
			"an UnknownUnionMember, which the adapter skips as the SDK's union examples do; the chunk is a member of " +
			"InvokeModelWithResponseStream's ResponseStream union (ResponseStreamMemberChunk), whose PayloadPart the SDK " +
			"hands over as bytes, unread. A ConverseStream caller never receives these streams.",
		Source: "https://github.com/aws/aws-sdk-go-v2/blob/service/bedrockruntime/v1.64.0/service/bedrockruntime/types/types.go#L1732-L1742",
	})
}
