// Package model is the executable reference of toolspec: a pure state
// machine that applies the rules of spec/SPEC.md to a stream of
// [spec.Event] values, and simple reference decoders that turn the raw bytes
// of each wire format into those events. Obviously correct beats fast: the
// state is plain slices searched linearly, and decoders use encoding/json.
//
// # Usage
//
//	out := model.Reassemble(spec.FormatOllama, data, spec.Limits{})
//	fmt.Print(out.String())
//
// or, one event at a time:
//
//	s := model.New(spec.FormatAnthropic, spec.Limits{})
//	s, outs, err := model.Step(s, ev)
//
// Step never mutates its argument and returns it unchanged with an error
// when the event breaks a rule. The package imports only the standard
// library, package spec and internal/refjson (the JSON helpers its
// decoders share, on encoding/json).
//
// Conversation histories (SPEC.md section 11), the other subject of the
// spec, have their reference in package model/history.
package model
