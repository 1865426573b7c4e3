// Package scenario reads and writes toolspec's golden scenarios: txtar
// archives (golang.org/x/tools/txtar) that pair raw wire bytes with the
// transcript the reference model gives for them.
//
// # Format
//
// The archive comment holds a free-text description followed by
// configuration lines:
//
//	seen: captures/ollama/x.ndjson, ollama/ollama#15457
//	                      where the shape was seen (or synthetic:, below)
//	synthetic: a robustness case: no provider is known to cut a frame here
//	                      why no provider is known to send it
//	rules: ID-5 ID-6      the rule IDs the scenario pins (required)
//	format: openai-chat   the wire format (required)
//	limits: max-calls=2 no-parallel
//	patterns: 1 5         field-notes pattern numbers it shows (optional)
//	tags: several-responses  what the stream is, beyond its rules (optional)
//
// Exactly one of seen: and synthetic: is required ([Scenario.Seen],
// [Scenario.Synthetic]): a scenario with both or neither does not parse. A
// source of seen: is a capture "captures/<format>/<file>" (relative to the
// shared captures folder), a provider document's URL, an issue or pull
// request "owner/repo#number", or a library's own test "owner/repo:path".
//
// The one tag, [TagSeveralResponses], marks a stream that holds several
// responses (the model's outcome has more than one message); the
// conformance kit judges it only for an adapter that claims so.
//
// Files: "input" holds the stream as text, or "input.hex" holds it as
// hexadecimal (white space ignored) for binary framings; "want" holds the
// expected transcript, [spec.Outcome.String]. See spectest/testdata/README.md.
//
// A history scenario ([History], [ParseHistory]) pairs a conversation
// history, a request body in a format, with what the reference model makes
// of it: its "format:" line (or "from:" and "to:" for a translation)
// replaces the stream's, and its files are "history.json" and "want".
package scenario
