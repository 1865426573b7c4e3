// Package toolspec is the root of the toolspec module: the canonical,
// formally specified reassembler of streamed LLM tool calls. The package
// itself only ships the golden scenario corpus ([Scenarios]); the work is
// done by its sub-packages:
//
//   - spec: the vocabulary (events, outcome, limits, violations, rule IDs)
//     and SPEC.md, the normative rules;
//   - model: the executable reference, a pure state machine plus reference
//     decoders of the six wire formats;
//   - scenario: the txtar format of the golden scenarios;
//   - cmd/toolspec: the command-line tool.
//
// # Usage
//
//	out := model.Reassemble(spec.FormatOllama, body, spec.Limits{})
//	for _, c := range out.Calls { ... }
package toolspec
