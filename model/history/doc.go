// Package history is the executable reference for conversation histories
// (SPEC.md section 11): a request body holding the calls of earlier turns
// and their results, decoded into a [spec.History], checked for the
// pairing of calls and results and for the calls and tools themselves
// (the HIST rules), repaired, encoded in any of the six formats and
// translated between them with every loss named (the XLATE rules), and the
// assistant turn a reassembled stream adds to it. As package model is for
// streams, it is written to be obviously correct rather than fast: it
// decodes with encoding/json (through internal/refjson) and builds every
// value before writing it.
//
// # Two implementations
//
// Package impl/history is the production twin, which the root package
// toolspec exposes (CheckHistory, TranslateHistory, RepairHistory,
// AssistantTurn). The two have the same API, the same file names and,
// function by function, the same names in the codecs (TestMirror, in the
// module's root, checks it); their pairing checkers are written apart on
// purpose. The differential tests of package fuzz hold them equal:
// decoded histories, path maps, reports, repairs, translations and their
// losses, field by field. impl/history's doc says why it exists.
//
// # Usage
//
//	h, rep := history.CheckDocument(spec.FormatAnthropic, body)
//	for _, v := range rep.Violations {
//		fmt.Println(v) // toolspec: HIST-1: messages[2].content[0]: ...
//	}
//	fixed, changes := history.Repair(spec.FormatAnthropic, h)
//	doc, losses := history.Encode(spec.FormatOpenAIChat, fixed)
//
// # Paths
//
// Every element of a [spec.History] has a canonical path, which names it
// by its position in the History and in no format:
//
//	system[i]                          History.System[i]
//	messages[i]                        History.Messages[i]
//	messages[i].parts[j]               History.Messages[i].Parts[j]
//	messages[i].parts[j].content[k]    a result's Content[k]
//	tools[i]                           History.Tools[i]
//	tool_choice                        History.ToolChoice
//
// [Check] and the encoders report violations at canonical paths:
// they see only the History. A decoder knows more: where in its document
// each element came from. It returns that as a [PathMap], a side table
// from canonical path to document path ("messages[3]" →
// "messages[2].content[1]" for an Anthropic result that the canonical form
// made a message of its own), kept apart from the History so that
// spec's normalized equality never sees it. [PathMap.Locate] rewrites the
// Path of violations from canonical to document paths; the entry points
// that start from a document ([Decode], [CheckDocument],
// Translate) do so, and so every violation they return names
// the element in the document the caller gave.
//
// # Codecs
//
// Each format with a history codec has, in <format>.go:
//
//	func decodeX(doc []byte) (spec.History, PathMap, []spec.Violation)
//	func encodeX(h spec.History) ([]byte, []spec.Violation)
//
// A decoder returns the normalized History (spec/history.go), the path of
// every element it produced (every key of the list above that exists in
// the History, no other), and its shape violations (HIST-8, ClassTerminal,
// at document paths) in document order, with the losses (ClassLoss) of
// request elements that no History holds (codec.go describes them).
// It does not judge elements: the
// dispatcher runs the HIST-6 and HIST-7 checks on the canonical form and
// locates them, so each codec need not repeat them. After a HIST-8
// violation the History holds what was decoded before it.
//
// An encoder writes deterministic JSON with a fixed key order and returns
// a ClassLoss violation (XLATE rules, at canonical paths) for each element
// its format cannot carry, leaving that element out (or, for an order the
// format cannot keep, writing it where the format can put it). It never
// fails: every History has an encoding, possibly with losses. It never
// makes an id up, and it does not report a call without an id: checking
// the target names that (HIST-6). Encoding the History a decoder produced,
// in the same format, loses nothing, and decoding the result gives that
// History back (the history scenarios hold every codec to both).
//
// The codecs' shared helpers are in two files. json.go has those
// of OpenAI chat and Anthropic (and opaqueTool, which all use): decoding
// with a path in every error (docObject, asObject, asArray, asString, asBool,
// shapeErr), recording a message and its paths (addMessage), writing JSON
// with a fixed key order (jobj, jarr, jstr), the canonical text of
// arguments and schemas (argsText), a provider's own tool kept verbatim
// (opaqueTool) and a loss (loss). codec.go has those of Responses,
// Ollama, Gemini and Bedrock: the same decoding helpers, which quote the
// offending JSON (rootObject, readObject, readArray, readString,
// readBool, readStrings), the state a decoder builds its History and
// PathMap in (builder), an ordered JSON tree to write (jsonValue,
// jsonObject, jsonArray, ...), the encoder's loss bookkeeping (encoder),
// and the loss paths with a field step (".signature", ".name", ...).
//
// The encoders of Bedrock and Gemini, which write a History as
// alternating user and assistant turns, build those turns with the
// skeleton of turns.go (turns); its dropCustom, verbatimTool and parallel
// name the losses of the formats of function calls and tools (Bedrock,
// Gemini, Ollama, Responses) in one place.
//
// [Decode], [Encode] and [DecodePaths] dispatch with a
// plain switch over the formats; a format without a codec yields one
// HIST-8 violation that says so. The checker is in check.go,
// Repair in repair.go.
package history
