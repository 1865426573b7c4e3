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
// The other commands test another reassembler, in any language, against
// the specification, by running it as a program that speaks the adapter
// protocol (docs/adapter-protocol.md):
//
//	toolspec check --adapter 'CMD ARGS' [--serve] [--format F]... [--claim LIST]...
//	    [--name N] [--random N] [--seed S] [--random-valid] [--random-failures N]
//	    [--corpus DIR]... [--also-embedded] [--expect FILE] [--out DIR] [--timeout D]
//	    [--verbose]
//	toolspec replay [--adapter 'CMD ARGS' ...] FILE.txtar
//	toolspec reduce --adapter 'CMD ARGS' ... [--rule R] [--max-runs N] [--out FILE] FILE
//	toolspec gen --format F --seed S [-n N] [--adversarial] [--out DIR]
//
// check runs the conformance kit (package spectest: every scenario of the
// corpus, or of the --corpus directories, then random streams, up to
// --random-failures distinct failing ones per format, valid ones only with
// --random-valid) and prints a summary, then the failures grouped by root
// cause (spectest.Report.Groups), each group with its rule's summary, its
// smallest failing stream and the replay command that reproduces it, and
// the others counted: the failures on real traffic first (seen scenarios,
// valid random draws), the robustness findings in a section of their own,
// then the warnings (SHOULD departures of SPEC.md's conformance levels,
// which fail nothing; --verbose: a table per rule and every failing or
// warned case too, with the departures SPEC.md allows); exit status 0 when
// all pass (or only warn), 1 on a failure, 2 on a usage error or a broken
// adapter. replay
// runs one scenario through the model and the production reassembler, or
// through an adapter; reduce shrinks a stream an adapter fails on; gen
// writes generated streams with the model's outcome of each. So the
// command links the kit, and carries the scenario corpus.
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
package main
