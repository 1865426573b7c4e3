package toolspec

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
)

// Format names one provider wire format.
type Format = spec.Format

// The six wire formats.
const (
	// FormatOpenAIChat is OpenAI Chat Completions streaming (and compatible
	// servers: vLLM, Groq, OpenRouter, ...): SSE or JSON lines, ending with
	// data: [DONE].
	FormatOpenAIChat = spec.FormatOpenAIChat
	// FormatOpenAIResponses is the OpenAI Responses API event stream.
	FormatOpenAIResponses = spec.FormatOpenAIResponses
	// FormatAnthropic is the Anthropic Messages event stream.
	FormatAnthropic = spec.FormatAnthropic
	// FormatOllama is Ollama's native /api/chat NDJSON stream.
	FormatOllama = spec.FormatOllama
	// FormatGemini is Gemini and Vertex AI streamGenerateContent (SSE or a
	// JSON array).
	FormatGemini = spec.FormatGemini
	// FormatBedrock is AWS Bedrock ConverseStream: the binary event-stream,
	// or one {"<eventType>": payload} object per line.
	FormatBedrock = spec.FormatBedrock
)

// Formats returns every format, in a fixed order.
func Formats() []Format { return append([]Format(nil), spec.Formats...) }

// ParseFormat returns the format named name ("openai-chat",
// "openai-responses", "anthropic", "ollama", "gemini", "bedrock"), or an
// error that lists the names. Use it for names that come from outside the
// program, since [New] panics on a format that is not one of these.
func ParseFormat(name string) (Format, error) {
	if f := Format(name); f.Valid() {
		return f, nil
	}
	names := make([]string, len(spec.Formats))
	for i, f := range spec.Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("toolspec: unknown format %q (the formats are %s)", name, strings.Join(names, ", "))
}

// Limits bounds what one stream may make an assembler hold; the zero value
// means every default, and a zero or negative field its own default.
// Exceeding a limit is a terminal [Violation] raised before the bytes are
// kept (SPEC.md BUD-1 to BUD-7). Write it with keyed fields: fields may be
// added. It has the fields of package spec's Limits, so each converts to
// the other.
type Limits struct {
	// MaxCalls is the most calls one message may hold (BUD-1). Default 128.
	MaxCalls int
	// MaxArgBytes is the most argument bytes one call may hold (BUD-2).
	// Default 2 MiB.
	MaxArgBytes int
	// MaxResponseBytes is the most payload bytes one message may hold:
	// arguments, text, thinking and signatures together (BUD-3). Default
	// 32 MiB.
	MaxResponseBytes int
	// MaxIDBytes is the longest id, and MaxNameBytes the longest name, a
	// call may carry (BUD-4). Default 256 each.
	MaxIDBytes   int
	MaxNameBytes int
	// MaxFrameBytes is the largest wire frame (SSE event, JSON line,
	// event-stream message) an assembler buffers (BUD-5). Default 32 MiB.
	MaxFrameBytes int
	// MaxItems is the most items (calls, text, thinking, signature and other
	// blocks) one message may hold; MaxMessages the most messages one stream
	// may hold; MaxChoices bounds choice numbers (0 <= choice < MaxChoices)
	// (BUD-6). Defaults 4096, 1024 and 128.
	MaxItems    int
	MaxMessages int
	MaxChoices  int
	// NoParallel means parallel tool calls are disabled: a second distinct
	// call in one message is a terminal violation (BUD-7). Set it for
	// requests sent with parallel tool calls disabled.
	NoParallel bool
}

// Resolved returns l with every zero or negative field replaced by its
// default: the limits an assembler given l applies.
func (l Limits) Resolved() Limits { return Limits(spec.Limits(l).Resolved()) }

// Outcome is the result of reassembling one stream: its calls, its content
// items in order, its stops and its violations. [Outcome.Err] says whether
// it is a whole success. It marshals to JSON in the command's schema
// (docs/command.md) and back; its enumerations marshal by name.
//
// It has the fields of package spec's Outcome, so each converts to the
// other (spec.Outcome(o)) at no cost.
type Outcome struct {
	// Format is the wire format the stream was read as.
	Format Format
	// Messages is the number of messages the stream held.
	Messages int
	// Items is every message's content in first-seen order: text,
	// thinking, signatures, calls (by index into Calls) and other blocks.
	Items []Item
	// Calls is every tool call, in first-seen order (Call.Ordinal is its
	// position).
	Calls []Call
	// Stops is each message's (or choice's) stop, in the order they came.
	Stops []Stop
	// Violations is every broken rule, in the order found; a terminal one
	// ended the stream.
	Violations []Violation
	// Tail holds the bytes of a last frame the stream was cut inside
	// (FRAME-1, FRAME-2, FRAME-3): the payload of an unterminated SSE event
	// or JSON line that is a proper prefix of JSON text, or a partial
	// event-stream message. It is never read as a payload; the stream ends
	// as truncated (END-3).
	Tail string
}

// Err returns nil only when the stream ended on its terminal signal, broke
// no rule, every message's generation ended normally (END-4) and every
// call is complete. Otherwise it returns an *[OutcomeError] that wraps
// each reason that applies ([ErrViolation], [ErrTruncated], [ErrLength],
// [ErrUnknownStop], [ErrIncomplete], [ErrInvalid]) and the *[Violation],
// if any, for errors.Is and errors.As. A stop for a content filter, a
// refusal or a pause is not an error by itself ([Outcome.StopReason] says
// why the stream stopped); a call such a stop cut is incomplete (END-3),
// which is.
func (o Outcome) Err() error { return spec.Outcome(o).Err() }

// StopReason returns the reason of the last stop, or [StopNone].
func (o Outcome) StopReason() StopReason { return spec.Outcome(o).StopReason() }

// String renders o as its canonical transcript: one line per item, stop and
// violation, in order. Two outcomes are equal exactly when their
// transcripts are.
func (o Outcome) String() string { return spec.Outcome(o).String() }

// MarshalJSON writes o in the command's schema (docs/command.md). It fails
// when o holds a value no constant names.
func (o Outcome) MarshalJSON() ([]byte, error) { return spec.Outcome(o).MarshalJSON() }

// UnmarshalJSON reads an outcome in the schema [Outcome.MarshalJSON]
// writes, and checks it; a failure is an error naming the field, and leaves
// o unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error { return (*spec.Outcome)(o).UnmarshalJSON(data) }

// Call is one reassembled tool call. Args is its final argument text,
// verbatim (a complete function call's is one JSON object).
//
// Its fields are [spec.Call]'s.
type Call = spec.Call

// Status is the final state of a call.
type Status = spec.Status

// Call statuses.
const (
	// StatusOpen: the call is still receiving bytes (only in events and
	// snapshots, never in a finished outcome).
	StatusOpen = spec.StatusOpen
	// StatusComplete: a terminal signal closed the call and its arguments
	// are one JSON object (a custom call's raw input is kept as it is).
	StatusComplete = spec.StatusComplete
	// StatusIncomplete: the stream was cut (a token limit, or no terminal
	// signal) before the call was closed.
	StatusIncomplete = spec.StatusIncomplete
	// StatusInvalid: the call was closed but its arguments are not one JSON
	// object, or a violation concerns it; its raw bytes are kept.
	StatusInvalid = spec.StatusInvalid
)

// CallKind is a call's kind: a function call (arguments are a JSON object),
// an OpenAI custom tool call (raw input text), or a call of an OpenAI
// Responses item type (its input as sent; SPEC.md NAME-5).
type CallKind = spec.CallKind

// Call kinds.
const (
	CallFunction        = spec.CallFunction        // a function call
	CallCustom          = spec.CallCustom          // an OpenAI custom (freeform) tool call
	CallComputer        = spec.CallComputer        // a Responses computer_call: a computer action
	CallShell           = spec.CallShell           // a Responses shell_call: commands to run
	CallApplyPatch      = spec.CallApplyPatch      // a Responses apply_patch_call: a file operation
	CallLocalShell      = spec.CallLocalShell      // a Responses local_shell_call: a command to run
	CallToolSearch      = spec.CallToolSearch      // a Responses tool_search_call
	CallMCPApproval     = spec.CallMCPApproval     // a Responses mcp_approval_request: an approval to give
	CallMCP             = spec.CallMCP             // a Responses mcp_call the provider ran
	CallWebSearch       = spec.CallWebSearch       // a Responses web_search_call the provider ran
	CallFileSearch      = spec.CallFileSearch      // a Responses file_search_call the provider ran
	CallCodeInterpreter = spec.CallCodeInterpreter // a Responses code_interpreter_call the provider ran
	CallImageGeneration = spec.CallImageGeneration // a Responses image_generation_call the provider ran
)

// Item is one element of a message's content, in first-seen order.
//
// Its fields are [spec.Item]'s.
type Item = spec.Item

// ItemKind is the kind of an [Item].
type ItemKind = spec.ItemKind

// Item kinds.
const (
	ItemText      = spec.ItemText      // assistant text
	ItemThinking  = spec.ItemThinking  // reasoning text
	ItemRefusal   = spec.ItemRefusal   // refusal text: the model declined
	ItemRedacted  = spec.ItemRedacted  // redacted reasoning, opaque
	ItemSignature = spec.ItemSignature // a signature that arrived on its own
	ItemCall      = spec.ItemCall      // a tool call: Item.Call is its ordinal
	ItemOther     = spec.ItemOther     // another block (a tool result, a hosted tool item)
)

// Stop is the end of one message (or one choice of it).
//
// Its fields are [spec.Stop]'s.
type Stop = spec.Stop

// StopReason is the canonical reason a message ended (SPEC.md END-4).
type StopReason = spec.StopReason

// Canonical stop reasons.
const (
	StopNone          = spec.StopNone          // no reason reported
	StopEnd           = spec.StopEnd           // the turn is over
	StopToolUse       = spec.StopToolUse       // the turn waits for tool results
	StopLength        = spec.StopLength        // cut by an output-token limit
	StopSequence      = spec.StopSequence      // a stop sequence matched
	StopContentFilter = spec.StopContentFilter // a safety filter intervened
	StopRefusal       = spec.StopRefusal       // the model refused
	StopPause         = spec.StopPause         // a long server-tool turn paused
	StopMalformed     = spec.StopMalformed     // the provider reports a malformed tool call
	StopError         = spec.StopError         // a provider error ended the stream
	StopTruncated     = spec.StopTruncated     // the stream ended without a terminal signal
	StopOther         = spec.StopOther         // a raw reason not in the table
)

// Violation is the one error type of toolspec: a broken rule of SPEC.md,
// the frame and byte offset where it broke, and the call it concerns.
//
// Its fields are [spec.Violation]'s.
type Violation = spec.Violation

// Class says how far a [Violation] reaches.
type Class = spec.Class

// Violation classes.
const (
	// ClassTerminal ends the stream: nothing later is applied, open calls
	// become incomplete.
	ClassTerminal = spec.ClassTerminal
	// ClassCall is confined to one call or block, which becomes invalid;
	// the stream goes on.
	ClassCall = spec.ClassCall
	// ClassLoss names an element of a conversation history that a target
	// format cannot carry (the XLATE rules): reported, never dropped
	// silently.
	ClassLoss = spec.ClassLoss
)

// NoCall is the Call of a [Violation] that concerns no particular call.
const NoCall = spec.NoCall

// RuleID is the stable identifier of a rule of SPEC.md, such as "BUD-7";
// the constants are in rules.go.
type RuleID = spec.RuleID

// OutcomeError is the error [Outcome.Err] returns.
//
// Its fields are [spec.OutcomeError]'s.
type OutcomeError = spec.OutcomeError

// The reasons an outcome is not a whole success; see [Outcome.Err].
var (
	ErrViolation   = spec.ErrViolation
	ErrTruncated   = spec.ErrTruncated
	ErrLength      = spec.ErrLength
	ErrUnknownStop = spec.ErrUnknownStop
	ErrIncomplete  = spec.ErrIncomplete
	ErrInvalid     = spec.ErrInvalid
)

// ErrReentrant is returned by an Assembler's Write, ReadFrom, PushPayload
// and Close when they are called from inside its event callback, or from
// the body of a loop over its Events.
var ErrReentrant = errors.New("toolspec: the assembler was fed from inside its own event callback")

// Reassemble reassembles a whole stream held in memory.
func Reassemble(f Format, data []byte, lim Limits) Outcome {
	return Outcome(impl.Reassemble(f, data, spec.Limits(lim)))
}

// Assembler reassembles one stream as it arrives: feed it the raw bytes
// with Write or ReadFrom in chunks of any size (or the decoded payloads an
// SDK hands out, with PushPayload), then Close it for the [Outcome]. It
// holds only the frame in progress and what the stream made it keep, within
// its [Limits]. Register OnEvent, or range over Events, to act on calls as
// they finish.
//
// After a terminal violation every feeding method returns it again. An
// Assembler is not safe for concurrent use.
type Assembler struct {
	a         *impl.Assembler
	on        func(Event)
	pending   []Event
	ended     []bool                  // by call ordinal: a call-end was reported
	shown     []*Call                 // by call ordinal: the Call its last event before the end held
	reported  bool                    // the terminal violation was reported
	inside    bool                    // events are being delivered
	listening bool                    // impl's outputs are converted into pending
	yield     func(Event, error) bool // the loop over Events, while it runs
	stopped   bool                    // that loop was broken
}

// New returns an assembler for a stream of format f under limits lim (the
// zero Limits means every default). It panics if f is not one of the six
// formats: use [ParseFormat] or [Detect] for names and bytes from outside.
func New(f Format, lim Limits) *Assembler {
	return &Assembler{a: impl.New(f, spec.Limits(lim))}
}

// Write consumes raw stream bytes, in chunks of any size. It returns
// len(p) and, once the stream broke a terminal rule, the *Violation.
// Events the bytes caused are delivered before it returns.
func (a *Assembler) Write(p []byte) (int, error) {
	if a.inside {
		return 0, ErrReentrant
	}
	n, err := a.a.Write(p)
	a.afterFeed(err)
	return n, err
}

// ReadFrom reads r to its end, or to a terminal violation, into the
// assembler. It does not close it: call Close for the outcome. A read
// error is returned as it is; the stream then ends, at Close, as
// truncated.
func (a *Assembler) ReadFrom(r io.Reader) (int64, error) {
	if a.inside {
		return 0, ErrReentrant
	}
	n, err := a.a.ReadFrom(r) // events are delivered frame by frame (OnFrame)
	a.afterFeed(err)
	return n, err
}

// PushPayload consumes one decoded payload, as an SDK hands it out: the
// JSON of one chunk or event, and the SSE event name (Anthropic, OpenAI
// Responses) or the event-stream event type (Bedrock) when there is one.
// Each payload is one frame; offsets count payload bytes. Do not mix it
// with Write on one assembler.
func (a *Assembler) PushPayload(eventName string, payload []byte) error {
	if a.inside {
		return ErrReentrant
	}
	err := a.a.PushPayload(eventName, payload)
	a.afterFeed(err)
	return err
}

// Close ends the input (what was received so far is the whole stream),
// delivers the events that ending it causes (calls still open end as
// incomplete) and returns the outcome. Later calls return it again. Called
// from inside an event callback it ends nothing and returns Snapshot.
func (a *Assembler) Close() Outcome {
	if a.inside {
		// Called from an event callback: the stream is not ended here.
		return Outcome(a.a.Snapshot())
	}
	out := Outcome(a.a.Close())
	if a.listening {
		a.closeEvents(out)
		a.deliver()
	}
	return out
}

// Snapshot returns the outcome the stream would have if it ended now,
// without ending it: calls still open show as incomplete. It copies the state;
// it is meant for diagnostics, not for every event. Inside an event
// callback it shows the state after the chunk that caused the event.
func (a *Assembler) Snapshot() Outcome { return Outcome(a.a.Snapshot()) }

// Err returns the terminal violation that ended the stream, or nil. For
// whether the stream is a whole success, Close it and ask [Outcome.Err].
func (a *Assembler) Err() error { return a.a.Err() }
