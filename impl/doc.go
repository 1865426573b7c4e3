// Package impl is the production reassembler of toolspec: a streaming,
// bounded-memory, linear-time implementation of the rules of spec/SPEC.md
// for the six wire formats, proven equal to the reference model (package
// model) by differential tests and fuzzing. It never imports model or gen.
//
// # Usage
//
//	a := impl.New(spec.FormatOpenAIChat, spec.Limits{})
//	if _, err := io.Copy(a, body); err != nil { ... }
//	out := a.Close()
package impl
