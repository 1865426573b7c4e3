package conformance

import "github.com/toolspec/toolspec"

// Notes on anthropic-sdk-go (Message.Accumulate).
func init() {
	Notes = append(Notes, Note{
		Library: "anthropic-sdk-go", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
		Cases: []string{"random/anthropic seed 20260101"},
		Kind:  KindByDesign,
		Text: "Message.Accumulate requires the content blocks to start in index order with no gaps (its comment: " +
			"\"Content blocks start in index order with no gaps\"; its own test \"start with an index gap\" wants the error): " +
			"a content_block_start whose index is not the number of blocks so far fails the stream with \"received event of " +
			"type content_block_start for content block at index 1, expected index 0\". The draw's first block starts at index 1 " +
			"(ID-9 keys with a gap, as jundot/omlx#1353 sent them); the SDK fails it closed, with no call presented.",
		Source: "https://github.com/anthropics/anthropic-sdk-go/blob/v2.18.0/messageutil.go#L63-L69",
	})
}
