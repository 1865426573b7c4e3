// Command toolspec reassembles streamed LLM tool calls from a recorded
// provider stream and reports the calls, the stop reason and every
// violation of spec/SPEC.md.
//
// # Usage
//
//	toolspec reassemble [--format F] [--max-calls N] [--max-arg-bytes N]
//	    [--max-response-bytes N] [--max-id-bytes N] [--max-name-bytes N]
//	    [--max-frame-bytes N] [--max-items N] [--max-messages N]
//	    [--max-choices N] [--no-parallel] [--text] FILE|-
//
// The --max flags set the fields of spec.Limits (SPEC.md section 6); 0, the
// default of each flag, means the limit's own default.
//
// Without --format the framing (SSE, NDJSON, one JSON object per line,
// Bedrock event-stream) and the format are detected from the bytes. The
// outcome is printed as JSON (the schema is in docs/command.md), or for a
// person with --text. The exit status is 0 for a whole success, 1 when the
// stream broke any rule, 2 on a usage or I/O error, and 3 when the stream
// broke no rule but is not whole: truncated, cut by its token limit,
// stopped for a reason not known to end a generation normally, calls
// incomplete, or a malformed call reported (Outcome.Err's reasons). The
// command runs the production reassembler (package impl), which is tested
// equal to the reference model.
//
// Conversation histories (SPEC.md section 11):
//
//	toolspec history check --from F [--text] FILE|-
//	toolspec history translate --from F --to G [--body] [--text] FILE|-
//	toolspec history repair --from F [--body] [--text] FILE|-
//	toolspec history turn [--format F] [--to G] [--message N] [--choice N]
//	                      [--drop-unfinished] [--request FILE] [--results FILE] [--body] [--text] STREAM|-
//
// check reports a request body's HIST violations, each at its JSON path,
// and its pending calls; translate writes it in format G with every loss
// named; repair writes it repaired in its own format with every change
// listed; turn writes the assistant turn of a recorded stream as a history
// document, failing closed on an incomplete or invalid call unless
// --drop-unfinished drops it with a change. --from is required: a request
// of one user message reads the same in OpenAI chat, Anthropic and Ollama.
// The exit statuses are reassemble's: 0, 1 a violation, 2 usage or I/O,
// 3 no violation but pending calls, losses or changes. These commands run
// the production history code (package impl/history, which the root
// package toolspec exposes as CheckHistory, TranslateHistory, RepairHistory
// and AssistantTurn), which the differential tests of package fuzz hold
// equal to the reference (package model/history).
//
// The JSON is spec.Outcome's MarshalJSON. --text prints the items in order,
// text and thinking shortened to one line, the calls as a table, the stops,
// the tail of a stream cut inside its last frame, and the violations.
//
// # The conformance kit
//
// The conformance kit's subcommands (check, replay, reduce, gen) are the
// command toolspec-kit (cmd/toolspec-kit): they link the kit (package
// spectest, the reference model, the scenario corpus, rapid and txtar),
// which this command does without, so that it builds from the standard
// library and toolspec's production packages alone, quickly from an empty
// module cache. Given one of them, toolspec says so and exits 2.
package main
