// Package spec is the shared vocabulary of toolspec: the dialect-neutral event
// alphabet that every wire decoder produces, the outcome of reassembling a
// stream (calls, text, thinking, stop reasons), the resource [Limits], and the
// single structured error type [Violation]. It holds no behaviour beyond
// formatting (the canonical transcript, [Outcome.String], and the JSON the
// toolspec command prints, [Outcome.MarshalJSON], which
// [Outcome.UnmarshalJSON] reads back; every enumeration is its name in text)
// and the normative tables of SPEC.md as data: the END-4 stop
// table ([StopTable], [CanonicalStop]) and the rules that differ by format
// ([FormatRules]), which tests hold equal to the text. The rules themselves
// are written in SPEC.md, beside this file, and executed by package model.
//
// # Usage
//
// A decoder turns wire bytes into a sequence of [Event] values, one or more
// per wire frame, ending with [KindEOF]. A reassembler folds those events into
// an [Outcome]. Two reassemblers agree when their outcomes have the same
// [Outcome.String] form, which is the canonical transcript used by the golden
// scenarios, the differential tests and the conformance kit.
//
// Every rule of SPEC.md has a stable [RuleID]; every [Violation] names one.
package spec
