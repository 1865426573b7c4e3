package conformance

import (
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// anthropic-sdk-go's failures on random streams whose shapes the kit draws
// as valid but no provider is known to send.
func init() {
	Notes = append(Notes,
		Note{
			Library: "anthropic-sdk-go", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"random/anthropic seed 20260101", "random/anthropic seed 20260104"},
			Kind:  KindKit,
			Text: "The valid random draws that fail here have shapes no provider is known to send. (1) message_start " +
				"repeated after a block has started: Message.Accumulate resets the message at every message_start, so the " +
				"next block event finds no block (\"content_block_stop for content block at index 0 but there are only 0 " +
				"content blocks\"). The repeat that was seen, LiteLLM's /v1/messages bridge, comes right after the first " +
				"message_start, before any block (BerriAI/litellm#32478), and the SDK reads that stream whole; the kit's " +
				"generator also puts the repeat later in the message, which no report shows. (2) A byte-order mark before a " +
				"first data: line whose JSON continues on more data: lines: the SSE decoder (packages/ssestream) does not " +
				"skip a leading BOM, as the WHATWG rules do, so it drops that line as an unknown field and the rest of the " +
				"payload is no JSON (\"invalid character ':' after top-level value\"). No provider is known to send a BOM. " +
				"Both are the SDK's departures on robustness inputs.",
			Source: "https://github.com/anthropics/anthropic-sdk-go/blob/v2.18.0/messageutil.go#L31-L32",
		},
		Note{
			Library: "anthropic-sdk-go", Rules: []toolspec.RuleID{spectest.NoRule},
			Cases: []string{"random/anthropic seed 20260102"},
			Kind:  KindKit,
			Text: "The valid random draw that fails here ends a line with a bare CR (CR CR LF: a line end, then a blank " +
				"line). The SSE decoder (packages/ssestream) splits lines with bufio.Scanner, at LF only, so it reads no " +
				"blank line there and joins two events' data into one payload (\"invalid character '{' after top-level " +
				"value\"). The WHATWG rules end a line at a bare CR too, but no provider is known to send one: the SDK's " +
				"departure on a robustness input.",
			Source: "https://github.com/anthropics/anthropic-sdk-go/blob/v2.18.0/packages/ssestream/ssestream.go#L40",
		},
	)
}
