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
// outcome is printed as JSON (the schema is in README.md), or for a person with
// --text. The exit status is 0 for a whole success, 1 when the stream broke
// any rule, 2 on a usage or I/O error, and 3 when the stream broke no rule
// but is not whole: truncated, cut by its token limit, calls incomplete, or
// a malformed call reported (Outcome.Err's reasons). The command runs the
// production reassembler (package impl), which is tested equal to the
// reference model.
//
// The JSON is spec.Outcome's MarshalJSON. --text prints the items in order,
// text and thinking shortened to one line, the calls as a table, the stops,
// the tail of a stream cut inside its last frame, and the violations.
package main
