package toolspec

import (
	"github.com/toolspec/toolspec/impl/history"
	"github.com/toolspec/toolspec/spec"
)

// Conversation histories (SPEC.md section 11): a request body holding the
// calls of earlier turns and their results, checked for the pairing of
// calls and results (the HIST rules) and translated between formats with
// every loss named (the XLATE rules).

// History is one conversation as a request carries it, in a form no format
// owns: the system prompt, the messages in order, the tools and the tool
// choice. Two histories that mean the same request are equal.
type History = spec.History

// Message is one turn's content by one author, its parts in wire order.
type Message = spec.Message

// Role is the author of a [Message].
type Role = spec.Role

// Roles.
const (
	RoleUser      = spec.RoleUser      // the user
	RoleAssistant = spec.RoleAssistant // one assistant turn
	RoleTool      = spec.RoleTool      // one tool result
	RoleSystem    = spec.RoleSystem    // a system message after the conversation began
)

// Part is one content element of a message: text, thinking, a call, a
// result, an image or a block no rule knows, kept verbatim.
type Part = spec.Part

// PartKind says what a [Part] holds.
type PartKind = spec.PartKind

// Part kinds.
const (
	PartText     = spec.PartText     // Text
	PartThinking = spec.PartThinking // Text and Signature
	PartRedacted = spec.PartRedacted // redacted reasoning: Data
	PartCall     = spec.PartCall     // a tool call: ID, Name, Args, CallKind
	PartResult   = spec.PartResult   // a tool result: ID (and Name), Content, IsError
	PartImage    = spec.PartImage    // an image, kept opaque
	PartOpaque   = spec.PartOpaque   // a block no rule knows, kept verbatim
)

// Tool is one tool offered to the model.
type Tool = spec.Tool

// ToolChoice is a request's tool choice and parallel-call setting.
type ToolChoice = spec.ToolChoice

// ToolChoiceMode is how the model may use the tools.
type ToolChoiceMode = spec.ToolChoiceMode

// Tool choice modes.
const (
	ChoiceUnset    = spec.ChoiceUnset    // the request does not say
	ChoiceAuto     = spec.ChoiceAuto     // the model decides
	ChoiceNone     = spec.ChoiceNone     // no tool calls
	ChoiceRequired = spec.ChoiceRequired // at least one call
	ChoiceTool     = spec.ChoiceTool     // a call of the tool ToolChoice.Name
)

// Parallel is a request's setting for parallel tool calls.
type Parallel = spec.Parallel

// Parallel settings.
const (
	ParallelUnset    = spec.ParallelUnset    // the request does not say
	ParallelAllowed  = spec.ParallelAllowed  // parallel calls allowed
	ParallelDisabled = spec.ParallelDisabled // at most one call per turn
)

// HistoryReport is what [CheckHistory] finds: the HIST violations in
// document order, and the pending calls of the last turn (no violation:
// the tools the caller is to run).
type HistoryReport = history.Report

// PendingCall is a call of the last assistant turn waiting for its result.
type PendingCall = history.PendingCall

// Change is one change [RepairHistory] made, or one element of a stream
// that [AssistantTurn] left out.
type Change = history.Change

// TurnOptions are the options of [AssistantTurn].
type TurnOptions = history.TurnOptions

// InterruptedResult is the text of the placeholder result [RepairHistory]
// adds for a call that has none.
const InterruptedResult = history.InterruptedResult

// CheckHistory decodes doc, a request body of format f, and checks its
// history: the pairing of calls and results (HIST-1 to HIST-5) and the
// calls and tools themselves (HIST-6, HIST-7), every violation and pending
// call at its JSON path in doc; a document without its format's shape is
// one terminal HIST-8 violation. It also returns the decoded history.
func CheckHistory(f Format, doc []byte) (History, HistoryReport) {
	return history.CheckDocument(f, doc)
}

// DecodeHistory decodes doc, a request body of format f, into its
// [History], with the violations of its shape (HIST-8, terminal: the
// History holds what was decoded before it) and of its calls and tools
// (HIST-6, HIST-7), at their paths in doc. Pairing is [CheckHistory]'s.
func DecodeHistory(f Format, doc []byte) (History, []Violation) {
	return history.Decode(f, doc)
}

// EncodeHistory writes h as a request body of format f, with a [ClassLoss]
// violation at the path of each element of h that f cannot carry.
func EncodeHistory(f Format, h History) ([]byte, []Violation) {
	return history.Encode(f, h)
}

// TranslateHistory translates doc, a request body of format from, into one
// of format to, keeping everything to can express; the violations are
// those of the decoding, then a [ClassLoss] violation for each element to
// cannot carry, every one at its path in doc. A document without its
// format's shape is not translated: the result is nil, with the HIST-8
// violation.
func TranslateHistory(from, to Format, doc []byte) ([]byte, []Violation) {
	return history.Translate(from, to, doc)
}

// RepairHistory returns h changed so that it passes the pairing rules
// HIST-1, HIST-3, HIST-4 and HIST-5 of format f, and every change it made:
// orphan and duplicate results dropped, misplaced results moved right
// after their turn, a placeholder result ([InterruptedResult], marked as
// an error) for each call of an earlier turn that has none. Pending calls
// of the last turn are left pending. h itself is not changed.
func RepairHistory(f Format, h History) (History, []Change) {
	return history.Repair(f, h)
}

// AssistantTurn turns message (0-based) of a stream's outcome into the
// assistant turn of a history in the same format: every text, thinking
// block, signature and complete call in order, so that the caller appends
// one [RoleTool] message per result and sends the history again
// ([EncodeHistory], in this format or another). It fails with a
// *[Violation] on a call it cannot carry faithfully (incomplete, invalid,
// run by the provider), unless opts.DropUnfinished, which leaves each out
// and lists it as a [Change].
func AssistantTurn(o Outcome, message int, opts TurnOptions) (Message, []Change, error) {
	return history.AssistantTurn(o, message, opts)
}
