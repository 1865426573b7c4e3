// Package spectest is toolspec's conformance kit: it tells the author of a
// reassembler of streamed tool calls (a library, an SDK's accumulator, a
// gateway) which rules of SPEC.md their code breaks, with a stream that
// shows it, by comparing what it makes of each stream with what the
// reference model (package model) makes of it.
//
// Wrap the code under test as an [Adapter]: it takes the raw bytes of one
// stream and returns the calls it reassembled, each marked Finished when it
// presents the call as ready to run, or an error when it fails the stream.
// Then run the kit from a test:
//
//	func TestConformance(t *testing.T) {
//		spectest.Run(t, func() spectest.Adapter { return myAdapter{} })
//	}
//
// [Run] runs one subtest per scenario of the corpus ([Scenarios], named
// area/name, or a corpus of one's own: [Corpus]), then random streams of
// every format, valid and broken in the ways the field notes describe
// (valid only with [RandomValid], for an adapter behind a trusted
// provider). The random streams go on past a failure and report up to
// [RandomFailures] distinct failing streams, each shrunk and printed as a
// scenario ready to commit with the seed that draws it again. [Check]
// returns the same as a [Report], case by case; [TestAdapter] returns
// every failure, one per line. [Report.Groups] gathers a report's failures
// by root cause (the rule and the form of the first difference, ids,
// names, arguments and numbers aside), each group with its smallest
// failing stream (of real traffic, when one is) first, so that a bug that
// fails fifty cases is read once; [Report.WarningGroups] gathers the
// warnings alike; [Report.Summary] counts the cases by outcome and the
// causes, those of real traffic apart from the robustness findings. [Expect]
// declares a known failure: kept apart, it fails neither the case nor the
// run until it no longer happens, which does. [Fuzz] is the same
// comparison as a native fuzz target, for go test -fuzz in an adapter's
// own CI, seeded with the scenarios Check would run under the same
// options (so that a known failure does not stop it before it fuzzes).
//
// A reassembler in another language is run as a program that speaks the
// adapter protocol (docs/adapter-protocol.md): [Command] runs it once per
// stream (the one-shot form), [Process] starts it once and exchanges JSON
// lines with it, a handshake first, in which it describes itself (the
// persistent form). A program that crashes, hangs or answers what is not
// an answer breaks the protocol: the case's [Failure] has Protocol set (a
// [*ProtocolError]), apart from wrong answers, and [Report.Broken] lists
// them. The command toolspec-kit check runs all this from the command line.
//
// # The comparison contract
//
// For each stream the model gives an outcome (toolspec.Outcome); an
// adapter's [Result] is compared with it, and each departure gets the
// level of the row of SPEC.md's section "Conformance levels" it breaks
// ([Failure.Level], [Failure.Clause]): a MUST departure is a failure (it
// fails the case and the run), a SHOULD departure a warning
// ([CaseResult.Warnings]: reported, failing nothing), a MAY departure is
// allowed ([CaseResult.Allowed]: toolspec's own choice, which an adapter
// need not share).
//
//   - Every call the adapter presents as finished must be a call the
//     model completed, in first-seen order (ORD-1, MUST), with the model's
//     arguments (END-2, MUST; empty ones for {} is SHOULD), name (NAME-1:
//     a concatenated name is MUST, another difference SHOULD) and id
//     (ID-1: SHOULD; MAY where the model's is "" or reused, ID-7), and no
//     other: no phantom call (ID-3) and no two calls merged into one
//     (ID-6), both MUST.
//   - A call the model holds incomplete (END-3: cut by a limit, a filter,
//     a refusal, an error, an unknown stop, EOF, a violation that ends the
//     stream) must never be presented as finished (MUST), nor one whose
//     arguments were cut short, whatever the finish. One the model holds
//     invalid gets the level of the rule that made it so: END-2's whole but
//     malformed JSON, NAME-3, NAME-4 and the PAIR rules SHOULD, ID-7's
//     reused id and NAME-2's name conflict MAY, a budget's or a provider
//     error's terminal violation MUST, another terminal violation SHOULD.
//   - An adapter that claims the stop reason and reports one that is no
//     normal end (length, an error, none: what a provider SDK passes
//     through for its user to check) hands its calls with that stop, and
//     presents none of them as finished: the cut calls among them pass,
//     and only a merge among them is judged. Reporting such a stop for the
//     calls of a whole normal stream fails it closed (END-3 read-whole),
//     unless a finish of the stream gives it (a second finish that
//     differs: the library hands the last one).
//   - Failing closed (an error for the stream, or none of its calls
//     presented as finished) is never a failure on a stream that did not
//     end normally: a stop that is no normal end, no stop at all, a cut, a
//     violation, or an SSE stream whose last event has no blank line after
//     it. On a stream that ended normally it is a MUST failure (END-3,
//     read-whole), lowered to SHOULD for a stream whose last message lacks
//     its end event (chat [DONE], Anthropic message_stop) or an Anthropic
//     or Responses stream with a [DONE], and to MAY for the JSON-lines
//     form of an SSE format. Presenting some calls as finished and not
//     another is no failing closed: the call left out is dropped (MUST).
//   - A stream whose last SSE event is unterminated is judged twice: as
//     the model reads it (toolspec dispatches the event) and as the WHATWG
//     standard reads it (the stream without that event); the adapter is
//     judged by the reading it departs less from, and passes when either
//     matches (FRAME-1).
//   - The stop reason departs at MUST only when the adapter reports a
//     normal end (end, tool_use, stop_sequence, pause, or a raw reason the
//     END-4 table maps to one) where the model's stop is no normal end
//     (and not none); any other difference is MAY: an adapter may report
//     the provider's reason its own way. Text (ORD-3) and thinking
//     (THINK-1) are SHOULD.
//   - Arguments compare as JSON values by default (white space and key
//     order aside, numbers by their value: 1e3 is 1000.0), byte for byte
//     with [ByteEqualArguments]; a custom call's raw input always byte for
//     byte.
//   - An adapter that declares a [Description] is judged only on what it
//     claims: the formats it reads, the stop reason (END-4, END-3), the
//     text (ORD-3) and thinking (THINK-1) it returns, the limits it
//     applies, custom calls, streams of several responses. A case that
//     needs more is skipped as not applicable, with the reason; [Skip]
//     skips the cases of chosen rules, and says so.
//   - A scenario whose stream holds several responses (several Anthropic
//     message_start … message_stop sequences, OpenAI chunks of several
//     response ids or [DONE]s, several Responses response.created events:
//     the model's outcome has more than one message) carries the tag
//     several-responses. A provider sends one response a stream and an
//     SDK reads a stream as one by design, so such a scenario applies only
//     to an adapter that claims SeveralResponses (the claim
//     several-responses); the others get it as not applicable, never as a
//     failure. So are the random streams: for an adapter that does not
//     claim it, each holds one response (a mutation may still splice in
//     another response's frames: a broken stream, judged as such).
//
// Each [Failure] names the case, the rule and what the adapter returned
// against what the model says: "identity/chat-same-index-new-ids: ID-6:
// got call #0 with arguments ..., want ..." ("... ID-1 (SHOULD): got ..."
// for a warning). Each says too whether it was met on real traffic
// ([Failure.Real]: a scenario with a seen: line, or a valid random draw)
// or is a robustness finding (a synthetic scenario, a mutated random
// draw, or a valid one that takes a liberty no provider is known to
// take, gen.Response.Liberties); [Report.Summary] and [Report.Groups] count and group them apart,
// and toolspec-kit check prints the failures on real traffic first, the
// robustness findings and the warnings in sections of their own. A
// departure that names no
// rule itself (an error on a whole stream, a panic, a time-out) is a
// scenario's first rule; on a random stream it is the rule the model's
// outcome of the shrunk stream gives (its violation, the rule that keeps a
// call from completing, ORD-1 for the calls it completes), or [NoRule]
// when there is none, and the failure's Why says which.
//
// # The corpus
//
// [Scenarios] holds the golden scenarios: one txtar archive per scenario,
// pairing the raw wire bytes of a stream with the transcript
// (toolspec.Outcome.String) that SPEC.md's rules give for it. Package
// scenario parses them. [Corpus] runs the kit on another tree of files
// in the same format, instead of it or beside it. Each scenario says where
// its shape was seen (a seen: line: a capture, a provider's document, an
// issue, a library's test) or why it is synthetic (a synthetic: line, a
// robustness case); [CaseResult.Seen] carries that to the report, and a
// stream [Scenario] writes out is synthetic until someone names a source.
//
// The corpus is embedded only in programs that import this package: the
// root package, spec and impl do not.
package spectest
