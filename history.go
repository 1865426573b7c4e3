package toolspec

import (
	"errors"
	"fmt"

	"github.com/toolspec/toolspec/impl/history"
	"github.com/toolspec/toolspec/spec"
)

// Conversation histories (SPEC.md section 11): a request body holding the
// calls of earlier turns and their results, checked for the pairing of
// calls and results (the HIST rules) and translated between formats with
// every loss named (the XLATE rules).

// History is one conversation as a request carries it, in a form no format
// owns: the system prompt, the messages in order, the tools and the tool
// choice. Two histories that mean the same request are equal: every tool
// result is a [RoleTool] message of its own, consecutive assistant content
// of one turn is one message, and system content before the first other
// message is System (package spec's History states the whole normal
// form). It has the fields of package spec's History, so each converts to
// the other at no cost.
type History struct {
	// System is the system prompt before the first other message, one
	// part per system block or system message, boundaries kept.
	System []Part
	// Messages is the conversation in order.
	Messages []Message
	// Tools is the tools offered to the model.
	Tools []Tool
	// ToolChoice is the request's tool choice and parallel-call setting.
	ToolChoice ToolChoice
}

// String renders h as its canonical transcript, one line per system part,
// message part, tool and tool choice; two histories are equal exactly when
// their transcripts are.
func (h History) String() string { return spec.History(h).String() }

// Message is one turn's content by one author, its parts in wire order.
//
// Its fields are [spec.Message]'s.
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
//
// Its fields are [spec.Part]'s.
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
//
// Its fields are [spec.Tool]'s.
type Tool = spec.Tool

// ToolChoice is a request's tool choice and parallel-call setting.
//
// Its fields are [spec.ToolChoice]'s.
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

// HistoryReport is what [CheckHistory] finds.
type HistoryReport struct {
	// Violations is the HIST violations, in document order.
	Violations []Violation
	// Pending is the calls of the history's last assistant turn that no
	// result answers yet, when nothing but results follows that turn
	// (HIST-3): the tools the caller is to run. They are no violation.
	Pending []PendingCall
}

// OK reports whether r holds no violation (pending calls are no
// violation).
func (r HistoryReport) OK() bool { return len(r.Violations) == 0 }

// String renders r as transcript lines: one per violation, then one per
// pending call, "pending path="P" id="I" name="N"".
func (r HistoryReport) String() string { return history.Report(r).String() }

// PendingCall is a call of the last assistant turn waiting for its result.
//
// Its fields are [history.PendingCall]'s.
type PendingCall = history.PendingCall

// Change is one change [RepairHistory] made, or one element of a stream
// that [AssistantTurn] left out.
//
// Its fields are [history.Change]'s.
type Change = history.Change

// TurnOptions are the options of [AssistantTurn].
type TurnOptions struct {
	// Choice is the choice (OpenAI chat's n, Gemini's candidate) whose
	// content becomes the turn; 0 by default.
	Choice int
	// DropUnfinished drops each element the turn cannot hold faithfully
	// (an incomplete or invalid call, a call the provider ran), each with
	// a listed [Change], instead of failing on the first.
	DropUnfinished bool
}

// InterruptedResult is the text of the placeholder result [RepairHistory]
// adds for a call that has none.
const InterruptedResult = history.InterruptedResult

// CheckHistory decodes doc, a request body of format f, and checks its
// history: the pairing of calls and results (HIST-1 to HIST-5) and the
// calls and tools themselves (HIST-6, HIST-7), every violation and pending
// call at its JSON path in doc; a document without its format's shape is
// one terminal HIST-8 violation. It also returns the decoded history.
func CheckHistory(f Format, doc []byte) (History, HistoryReport) {
	h, r := history.CheckDocument(f, doc)
	return History(h), HistoryReport(r)
}

// DecodeHistory decodes doc, a request body of format f, into its
// [History], with the violations of its shape (HIST-8, terminal: the
// History holds what was decoded before it) and of its calls and tools
// (HIST-6, HIST-7), at their paths in doc. Pairing is [CheckHistory]'s.
func DecodeHistory(f Format, doc []byte) (History, []Violation) {
	h, vs := history.Decode(f, doc)
	return History(h), vs
}

// EncodeHistory writes h as a request body of format f, with a [ClassLoss]
// violation at the path of each element of h that f cannot carry. It
// writes the signatures and redacted reasoning h holds as they are: for a
// History read in another format, [TranslateHistory] leaves them out,
// since they are bound to the provider that made them (XLATE-1).
func EncodeHistory(f Format, h History) ([]byte, []Violation) {
	return history.Encode(f, spec.History(h))
}

// TranslateHistory translates doc, a request body of format from, into one
// of format to, keeping everything to can express; the violations are
// those of the decoding, then a [ClassLoss] violation for each element to
// cannot carry, every one at its path in doc. Between two formats the
// signatures and redacted reasoning of doc are left out, each named: they
// are bound to the provider that made them (XLATE-1). A document without its
// format's shape is not translated: the result is nil, with the HIST-8
// violation.
func TranslateHistory(from, to Format, doc []byte) ([]byte, []Violation) {
	return history.Translate(from, to, doc)
}

// SchemaFromGemini converts schema, the JSON text of a Gemini Schema (the
// OpenAPI 3.0 subset of a FunctionDeclaration's "parameters"), to the JSON
// Schema it means, as [DecodeHistory] does for a Gemini request: types in
// lower case, nullable as a type, enum or anyOf that admits null, example
// as examples. Each member that does not convert (one no Gemini Schema
// has, a value of the wrong type) is left out and named, a [ClassLoss]
// violation of XLATE-6 at its path in schema.
func SchemaFromGemini(schema string) (string, []Violation) {
	return history.SchemaFromGemini(schema)
}

// SchemaToGemini converts schema, the JSON text of a JSON Schema (a
// [Tool]'s Schema), to Gemini's Schema, for a FunctionDeclaration's
// "parameters", which Vertex AI and SDKs older than parametersJsonSchema
// write ([EncodeHistory] writes parametersJsonSchema, which needs no
// conversion). Each keyword Gemini's Schema has no counterpart for ($ref,
// oneOf, allOf, const, additionalProperties, a type of several kinds) is
// left out and named, a [ClassLoss] violation of XLATE-6 at its path in
// schema. A Schema converted from Gemini's converts back to the same
// schema, and to the same bytes when it was written as this writes one.
func SchemaToGemini(schema string) (string, []Violation) {
	return history.SchemaToGemini(schema)
}

// RepairHistory returns h changed so that it passes the pairing rules
// HIST-1, HIST-3, HIST-4 and HIST-5 of format f, and every change it made:
// orphan and duplicate results dropped, misplaced results moved right
// after their turn, a placeholder result ([InterruptedResult], marked as
// an error) for each call of an earlier turn that has none. Pending calls
// of the last turn are left pending. h itself is not changed.
func RepairHistory(f Format, h History) (History, []Change) {
	r, changes := history.Repair(f, spec.History(h))
	return History(r), changes
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
	return history.AssistantTurn(spec.Outcome(o), message, history.TurnOptions(opts))
}

// SpliceHistory writes h, a history of format f, into prev, a request body
// of format f, and returns the body (SPEC.md HIST-9): every member of prev
// that holds no history (the model, stream, the output limit, sampling
// settings, metadata, members no rule knows) is kept byte for byte, in its
// place; so is every history member, and every message, content, item or
// tool, that h does not change, with the members of its own that a History
// has no place for. What h changes is written as [EncodeHistory] writes
// it, and the body decodes to exactly that history. The violations are
// the HIST-8 violation of a prev that is not of its format's shape (the
// body is then nil), the members no History holds inside elements the body
// rewrote or removed (class loss, at their paths in prev), and the losses
// of writing h (at their paths in the body).
func SpliceHistory(f Format, prev []byte, h History) ([]byte, []Violation) {
	return history.Splice(f, prev, spec.History(h))
}

// RepairRequest repairs the history of body, a request body of format f,
// as [RepairHistory] does, and writes it back with every other member kept
// ([SpliceHistory]). It returns the repaired body, the changes (at their
// paths in body), and the violations: the losses of writing it, then
// those [CheckHistory] still finds in the repaired body (a malformed call
// or tool, which no repair mends; a pending call is no violation). A body
// that is not of its format's shape is not repaired: the result is nil,
// with the HIST-8 violation.
func RepairRequest(f Format, body []byte) ([]byte, []Change, []Violation) {
	h, pm, vs := history.DecodePaths(f, body)
	if terminal(vs) != nil {
		return nil, nil, vs
	}
	repaired, changes := history.Repair(f, h)
	for i := range changes {
		changes[i].Path = pm.Lookup(changes[i].Path)
	}
	out, losses := history.Splice(f, body, repaired)
	_, rep := history.CheckDocument(f, out)
	return out, changes, append(losses, rep.Violations...)
}

// NextRequest returns the body of the request that follows prev, a request
// body of format f, once the stream it was answered with has been read
// into out and its calls run: prev's history with the assistant turn of
// out's last message ([AssistantTurn] with opts) and then one tool message
// per result, in order, written back with every other member of prev kept
// ([SpliceHistory]): the model, stream, settings and unknown members as
// they were, so that the body can be sent as it is. Each result is a
// [PartResult] part: ID (and Name) of the call it answers, Content,
// IsError. The error is AssistantTurn's (an incomplete or invalid call,
// unless opts.DropUnfinished), a result that is not a PartResult, or the
// HIST-8 violation of a prev that is not of its format's shape. The
// violations are each element of the stream the turn left out (class
// loss, its path "items[k]"), the losses of writing the body, and what
// [CheckHistory] finds in it: a result that answers no call of the turn
// is an orphan (HIST-1); calls of the turn without a result are pending,
// no violation. For another format, translate the body
// ([TranslateHistory]).
func NextRequest(f Format, prev []byte, out Outcome, results []Part, opts TurnOptions) ([]byte, []Violation, error) {
	h, vs := history.Decode(f, prev)
	if v := terminal(vs); v != nil {
		return nil, vs, v
	}
	for i, r := range results {
		if r.Kind != PartResult {
			return nil, nil, fmt.Errorf("toolspec: results[%d] is a part of kind %s, not a result", i, r.Kind)
		}
	}
	if out.Messages == 0 {
		return nil, nil, errors.New("toolspec: the outcome holds no message, so there is no assistant turn to append")
	}
	turn, changes, err := history.AssistantTurn(spec.Outcome(out), out.Messages-1, history.TurnOptions(opts))
	if err != nil {
		return nil, nil, err
	}
	h.Messages = append(h.Messages, turn)
	for _, r := range results {
		h.Messages = append(h.Messages, Message{Role: RoleTool, Parts: []Part{r}})
	}
	body, losses := history.Splice(f, prev, h)
	var all []Violation
	for _, c := range changes {
		all = append(all, Violation{Rule: c.Rule, Class: ClassLoss, Call: NoCall, Path: c.Path, Message: c.Message})
	}
	_, rep := history.CheckDocument(f, body)
	return body, append(append(all, losses...), rep.Violations...), nil
}

// terminal returns the first terminal violation of vs (HIST-8), or nil.
func terminal(vs []Violation) *Violation {
	for i := range vs {
		if vs[i].Class == ClassTerminal {
			return &vs[i]
		}
	}
	return nil
}
