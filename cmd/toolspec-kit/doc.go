// Command toolspec-kit is the conformance kit (package spectest) from the
// command line: it tests a reassembler, in any language, against the
// specification, by running it as a program that speaks the adapter
// protocol (docs/adapter-protocol.md):
//
//	toolspec-kit check --adapter 'CMD ARGS' [--serve] [--format F]... [--claim LIST]...
//	    [--name N] [--random N] [--seed S] [--random-valid] [--random-failures N]
//	    [--corpus DIR]... [--also-embedded] [--expect FILE] [--out DIR] [--timeout D]
//	    [--verbose]
//	toolspec-kit replay [--adapter 'CMD ARGS' ...] FILE.txtar
//	toolspec-kit reduce --adapter 'CMD ARGS' ... [--rule R] [--max-runs N] [--out FILE] FILE
//	toolspec-kit gen --format F --seed S [-n N] [--adversarial] [--out DIR]
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
// Reassembling a stream and conversation histories are the command toolspec
// (cmd/toolspec), which does without the kit: toolspec-kit check --adapter
// 'toolspec reassemble --format {format} {limits} -' --claim all checks it.
package main
