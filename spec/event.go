package spec

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of an [Event]. The zero Kind is invalid.
type Kind uint8

// The event alphabet. Each constant's comment says which [Event] fields it
// uses; every other field is zero.
const (
	// KindInvalid is the zero Kind; a reassembler rejects it.
	KindInvalid Kind = iota
	// KindMessageStart begins a message (Anthropic message_start, Responses
	// response.created, Bedrock messageStart). ID is the message or response
	// id, if any.
	KindMessageStart
	// KindMessageEnd is the terminal signal of the current message: Anthropic
	// message_stop, Responses response.completed / .incomplete / .failed,
	// Bedrock messageStop, Ollama done:true, OpenAI data: [DONE].
	KindMessageEnd
	// KindFragment is one OpenAI-chat tool_calls entry: Choice, Index and
	// HasIndex (the wire index, any integer, when present), Pos (the
	// entry's position in its frame's array), ID, Name, Data (an argument
	// fragment) and Sig (opaque per-call metadata such as extra_content, as
	// raw JSON).
	KindFragment
	// KindWholeCall is one complete call delivered in one element (Ollama
	// tool_calls, a Gemini functionCall part, a tool_use inside an Anthropic
	// message_start): Choice, ID, Name, Data (the whole argument JSON text,
	// empty when absent), Server, Sig.
	KindWholeCall
	// KindBlockStart opens the block Index of the current message: Block,
	// ID, Name, Server, CallKind, Namespace, Data (the start's inline input
	// or redacted data, as text; empty when absent or {}), Sig, Item (the
	// block's item id, Responses item.id). With ByItem the block has no key
	// (Index is 0) and is named by Item alone (ID-9).
	KindBlockStart
	// KindBlockDelta adds to block Index, or, with ByItem, to the block
	// whose item id is Item: Delta and Data.
	KindBlockDelta
	// KindBlockStop closes block Index, or, with ByItem, the block whose
	// item id is Item. Data holds final arguments when the wire repeats them
	// at the stop (Responses output_item.done) and HasData says so; ID and
	// Name hold the call's identity when the stop repeats it (ID-10); Sig
	// holds opaque data that arrived with the stop.
	KindBlockStop
	// KindText is assistant text outside blocks: Choice, Data, Sig, and
	// Delta, which is DeltaRefusal for refusal text (END-8) and DeltaNone
	// otherwise.
	KindText
	// KindThinking is reasoning text outside blocks: Choice, Data, Sig.
	KindThinking
	// KindSignature is a reasoning signature that arrived on its own, outside
	// any block or call: Choice, Sig.
	KindSignature
	// KindPathOpen opens a Vertex streamed-arguments call: Choice, ID, Name,
	// Sig.
	KindPathOpen
	// KindPathArg adds one Vertex partialArgs leaf to the open path call:
	// Choice, Path (a JSONPath such as $.a.b[2]), Delta ([DeltaString] for a
	// stringValue fragment, [DeltaJSON] for a whole JSON literal), Data, More
	// (willContinue).
	KindPathArg
	// KindPathClose closes the open Vertex path call (an empty functionCall).
	KindPathClose
	// KindFinish reports a choice's stop reason: Choice, Data (the raw
	// provider reason, verbatim).
	KindFinish
	// KindError is an in-stream provider error: Data (the provider's message,
	// verbatim), Name (its type or code, if any).
	KindError
	// KindEOF is the end of the input bytes. HasData says the stream was
	// cut inside its last frame (FRAME-1, FRAME-2, FRAME-3), and Data holds
	// that frame's bytes, the outcome's tail (END-3).
	KindEOF

	kindCount // number of kinds; keep last
)

var kindNames = [...]string{
	KindInvalid:      "invalid",
	KindMessageStart: "message-start",
	KindMessageEnd:   "message-end",
	KindFragment:     "fragment",
	KindWholeCall:    "whole-call",
	KindBlockStart:   "block-start",
	KindBlockDelta:   "block-delta",
	KindBlockStop:    "block-stop",
	KindText:         "text",
	KindThinking:     "thinking",
	KindSignature:    "signature",
	KindPathOpen:     "path-open",
	KindPathArg:      "path-arg",
	KindPathClose:    "path-close",
	KindFinish:       "finish",
	KindError:        "error",
	KindEOF:          "eof",
}

// NumKinds is one more than the largest valid Kind; tables indexed by Kind
// have this length.
const NumKinds = int(kindCount)

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// CallKind is the kind of a tool call (NAME-4): a function call, whose
// arguments are one JSON object (END-2), a custom (freeform) tool call,
// whose input is raw text, or a call of one of the OpenAI Responses item
// types that ask for an action (computer_call, shell_call, ...) or report
// one the provider ran (web_search_call, mcp_call, ...), whose input is the
// item's input member as sent (NAME-5).
type CallKind uint8

// Call kinds. A kind beyond CallCustom is named after the Responses item
// type it comes from, and prints as that type.
const (
	// CallUnspecified: the event does not say. A call none of whose events
	// says is a function call.
	CallUnspecified CallKind = iota
	// CallFunction is a function call (OpenAI "function", and every call of
	// the other formats).
	CallFunction
	// CallCustom is an OpenAI custom tool call: Chat Completions
	// tool_calls entries with "custom", Responses custom_tool_call items.
	CallCustom
	// CallComputer is a Responses computer_call: a computer-use action the
	// client performs (its input: the item's action, or actions).
	CallComputer
	// CallShell is a Responses shell_call: shell commands the client runs
	// in its local environment (its input: action).
	CallShell
	// CallApplyPatch is a Responses apply_patch_call: a file operation the
	// client applies (its input: operation).
	CallApplyPatch
	// CallLocalShell is a Responses local_shell_call: a command the client
	// runs (its input: action).
	CallLocalShell
	// CallToolSearch is a Responses tool_search_call: a search of the
	// tools, run by the client (execution "client") or, as a server call,
	// by the provider (its input: arguments).
	CallToolSearch
	// CallMCPApproval is a Responses mcp_approval_request: the model waits
	// for the client to approve an MCP tool call (its input: arguments).
	CallMCPApproval
	// CallMCP is a Responses mcp_call: an MCP tool call the provider ran
	// (its input: arguments). Always a server call.
	CallMCP
	// CallWebSearch is a Responses web_search_call (its input: action).
	// Always a server call.
	CallWebSearch
	// CallFileSearch is a Responses file_search_call (its input: queries).
	// Always a server call.
	CallFileSearch
	// CallCodeInterpreter is a Responses code_interpreter_call (its input:
	// code, raw text). Always a server call.
	CallCodeInterpreter
	// CallImageGeneration is a Responses image_generation_call, which has
	// no input. Always a server call.
	CallImageGeneration

	callKindCount // number of call kinds; keep last
)

// NumCallKinds is one more than the largest valid CallKind.
const NumCallKinds = int(callKindCount)

var callKindNames = [...]string{
	CallUnspecified:     "unspecified",
	CallFunction:        "function",
	CallCustom:          "custom",
	CallComputer:        "computer_call",
	CallShell:           "shell_call",
	CallApplyPatch:      "apply_patch_call",
	CallLocalShell:      "local_shell_call",
	CallToolSearch:      "tool_search_call",
	CallMCPApproval:     "mcp_approval_request",
	CallMCP:             "mcp_call",
	CallWebSearch:       "web_search_call",
	CallFileSearch:      "file_search_call",
	CallCodeInterpreter: "code_interpreter_call",
	CallImageGeneration: "image_generation_call",
}

func (k CallKind) String() string {
	if int(k) < len(callKindNames) {
		return callKindNames[k]
	}
	return "callkind(" + strconv.Itoa(int(k)) + ")"
}

// IsItem reports whether k is the kind of a Responses call item other
// than function_call and custom_tool_call (NAME-5): its arguments are the
// item's input as sent, END-2's JSON-object check does not apply, and it
// needs no name (NAME-3).
func (k CallKind) IsItem() bool { return k > CallCustom && k < callKindCount }

// BlockType is the type of a block opened by [KindBlockStart].
type BlockType uint8

// Block types.
const (
	// BlockNone is the zero BlockType; a block start must not use it.
	BlockNone BlockType = iota
	// BlockText holds assistant text (text_delta).
	BlockText
	// BlockThinking holds reasoning (thinking_delta, signature_delta).
	BlockThinking
	// BlockRedacted holds redacted reasoning, opaque data kept verbatim.
	BlockRedacted
	// BlockCall is a tool call: arguments arrive as [DeltaArgs] fragments.
	BlockCall
	// BlockOther is any other block (tool results, hosted-tool items,
	// citations, compaction): paired like the rest, content not kept.
	BlockOther
)

var blockNames = [...]string{"none", "text", "thinking", "redacted", "call", "other"}

func (b BlockType) String() string {
	if int(b) < len(blockNames) {
		return blockNames[b]
	}
	return "block(" + strconv.Itoa(int(b)) + ")"
}

// DeltaType is the type of the data in a [KindBlockDelta] or [KindPathArg].
type DeltaType uint8

// Delta types.
const (
	// DeltaNone is the zero DeltaType.
	DeltaNone DeltaType = iota
	// DeltaText appends text to a text block.
	DeltaText
	// DeltaArgs appends an argument fragment to a call block.
	DeltaArgs
	// DeltaFinalArgs carries a call block's complete arguments (Responses
	// function_call_arguments.done).
	DeltaFinalArgs
	// DeltaThinking appends reasoning text to a thinking block.
	DeltaThinking
	// DeltaSignature attaches a signature to a thinking block.
	DeltaSignature
	// DeltaRedacted appends opaque redacted reasoning to a thinking or
	// redacted block.
	DeltaRedacted
	// DeltaOther is any delta whose content is not kept (citations, tool
	// results, images).
	DeltaOther
	// DeltaString is a Vertex partialArgs stringValue fragment.
	DeltaString
	// DeltaJSON is a Vertex partialArgs whole literal (number, bool, null) as
	// JSON text.
	DeltaJSON
	// DeltaRefusal appends refusal text to a text block (Responses
	// response.refusal.delta); on a KindText event it marks the text as
	// refusal text (OpenAI chat delta.refusal). Refusal text is a refusal
	// item, not text (END-8).
	DeltaRefusal
)

var deltaNames = [...]string{"none", "text", "args", "final-args", "thinking", "signature", "redacted", "other", "string", "json", "refusal"}

func (d DeltaType) String() string {
	if int(d) < len(deltaNames) {
		return deltaNames[d]
	}
	return "delta(" + strconv.Itoa(int(d)) + ")"
}

// Event is one element of the dialect-neutral event alphabet. Decoders emit
// events; reassemblers consume them. Which fields a kind uses is documented
// on its [Kind] constant; the others are zero.
type Event struct {
	Kind Kind
	// Frame is the 1-based number of the wire frame (SSE event, JSON line,
	// event-stream message) the event came from; 0 for KindEOF of an empty
	// input.
	Frame int
	// Offset is the byte offset, in the whole input, of the start of Frame.
	Offset int64

	Choice   int  // choice or candidate number (0 when the format has none)
	Index    int  // block key, or a fragment's wire index
	HasIndex bool // whether a fragment carried an index
	Pos      int  // a fragment's position within its frame's tool_calls array

	ID   string // provider id, verbatim; "" means absent
	Name string // function name; "" means absent
	Item string // the block's item id (Responses item.id, or item_id)
	// ByItem says that a block event carries no block key: it names its
	// block by Item (Responses events without output_index, ID-9).
	ByItem bool
	// ItemByCall, on the start of a Responses call item sent without an
	// id of its own, says that Item is the call's call_id: it names the
	// block (ID-9) but is no item id, and the call has none (ID-12).
	ItemByCall bool
	Server     bool // the call is executed by the provider (server tool)
	// Namespace is the namespace of a Responses function call
	// (function_call item.namespace), verbatim; "" when absent (NAME-6).
	Namespace string
	// CallKind is the kind of the call a KindFragment, KindBlockStart (of
	// a BlockCall) or KindWholeCall belongs to, when the wire says it
	// (NAME-4); CallUnspecified otherwise.
	CallKind CallKind

	Block BlockType
	Delta DeltaType
	Path  string
	More  bool

	Data    string
	HasData bool
	Sig     string
}

// String formats e on one line, for logs and failure messages. Only the
// fields the kind uses, and that are set, are printed (CallKind only when it
// is custom).
func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "#%d %s", e.Frame, e.Kind)
	if e.Choice != 0 {
		fmt.Fprintf(&b, " choice=%d", e.Choice)
	}
	switch e.Kind {
	case KindBlockStart, KindBlockDelta, KindBlockStop:
		if e.ByItem {
			b.WriteString(" by-item")
		} else {
			fmt.Fprintf(&b, " index=%d", e.Index)
		}
	case KindFragment:
		if e.HasIndex {
			fmt.Fprintf(&b, " index=%d", e.Index)
		}
		fmt.Fprintf(&b, " pos=%d", e.Pos)
	}
	if e.Block != BlockNone {
		fmt.Fprintf(&b, " block=%s", e.Block)
	}
	if e.Delta != DeltaNone {
		fmt.Fprintf(&b, " delta=%s", e.Delta)
	}
	if e.ID != "" {
		fmt.Fprintf(&b, " id=%q", e.ID)
	}
	if e.Name != "" {
		fmt.Fprintf(&b, " name=%q", e.Name)
	}
	if e.Item != "" {
		fmt.Fprintf(&b, " item=%q", e.Item)
	}
	if e.ItemByCall {
		b.WriteString(" item-by-call")
	}
	if e.Namespace != "" {
		fmt.Fprintf(&b, " namespace=%q", e.Namespace)
	}
	if e.Server {
		b.WriteString(" server")
	}
	if e.CallKind > CallFunction { // a function call is the default: not printed
		fmt.Fprintf(&b, " kind=%s", e.CallKind)
	}
	if e.Path != "" {
		fmt.Fprintf(&b, " path=%q", e.Path)
	}
	if e.More {
		b.WriteString(" more")
	}
	if e.Data != "" || e.HasData {
		fmt.Fprintf(&b, " data=%q", e.Data)
	}
	if e.Sig != "" {
		fmt.Fprintf(&b, " sig=%q", e.Sig)
	}
	return b.String()
}
