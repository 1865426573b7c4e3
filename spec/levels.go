package spec

import "strconv"

// Level is how strongly SPEC.md binds an adapter (any reassembler other
// than toolspec) to a rule or a clause of one, in the key words of RFC 2119.
// The zero Level is LevelMust, so that a departure no clause lowers fails.
type Level uint8

// The levels, strongest first.
const (
	// LevelMust: what keeps an agent safe. A departure fails the adapter.
	LevelMust Level = iota
	// LevelShould: what a faithful reader does. A departure is safe but
	// loses or changes something: a warning, never a failure.
	LevelShould
	// LevelMay: toolspec's own choice. An adapter that chooses otherwise
	// is conformant: a departure is a note that never counts.
	LevelMay
)

var levelNames = [...]string{"MUST", "SHOULD", "MAY"}

// String returns the level's RFC 2119 key word: "MUST", "SHOULD" or "MAY".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "level(" + strconv.Itoa(int(l)) + ")"
}

// ParseLevel returns the level whose key word is s ("MUST", "SHOULD",
// "MAY").
func ParseLevel(s string) (Level, bool) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), true
		}
	}
	return 0, false
}

// Stronger returns the stronger of l and m: MUST before SHOULD before MAY.
func (l Level) Stronger(m Level) Level { return min(l, m) }

// Requirement is one row of SPEC.md's "Conformance levels" table: what a
// rule, or one clause of it, asks of an adapter, and how strongly. A rule
// whose clauses differ in level has one row per clause.
type Requirement struct {
	Rule RuleID
	// Clause names the row within its rule, a short lower-case name
	// ("read-whole", "duplicate-id"), unique within the rule.
	Clause string
	Level  Level
	// Text says what an adapter does at that level, as the table's cell
	// writes it ("read `text/event-stream` by the WHATWG rules: ...").
	Text string
}

// Requirements lists every row of SPEC.md's "Conformance levels" table, in
// its order (the rules in SPEC.md's order); every rule of [Rules] has at
// least one. A test holds it and SPEC.md equal. SPEC.md gives each row's
// reason beside it.
var Requirements = []Requirement{
	{FrameSSE, "whatwg", LevelMust, "read `text/event-stream` by the WHATWG rules: CR, LF and CRLF line ends, `data:` lines joined with LF, comments, a leading byte-order mark, fields in any order, one space after the colon removed"},
	{FrameSSE, "unterminated-last-event", LevelMay, "dispatch an event still pending at EOF, with no blank line after it; a reader that discards it, as the WHATWG standard says, is judged on the stream without that event, which it then reads as the cut it is when that event held the finish"},
	{FrameSSE, "cut-inside-event", LevelMust, "read a stream whose last event is a proper prefix of JSON as cut: present no call it leaves open as finished (keeping the bytes as a tail is toolspec's)"},
	{FrameLines, "ndjson", LevelMust, "read Ollama's NDJSON line by line: split at LF, remove a CR before it, skip blank lines, read a last line without LF, and read a cut last line as a cut"},
	{FrameLines, "fixture-form", LevelMay, "read the one-payload-per-line form of the formats providers send as SSE or event-stream (the form SDK fixtures record); an adapter may fail such a stream closed"},
	{FrameEventStrm, "framing", LevelMust, "check an event-stream message's prelude CRC, lengths and message CRC before using its payload, present no call still open at a message that fails them, and read a stream cut inside a message as cut"},
	{FramePayload, "shape", LevelMust, "present no call still open when a payload is not one JSON object of the format's shape (failing closed is right)"},
	{FramePayload, "done-sentinel", LevelShould, "ignore a `[DONE]` in an Anthropic or Responses stream"},
	{FrameUnknown, "ignore-unknown", LevelMust, "ignore unknown event types and unknown fields: never start, continue or end a call on one, and never fail a stream for one"},
	{FrameFieldType, "wrong-type", LevelMust, "present no call still open when a known field has a JSON type it cannot have (an index that is a string, a fraction, beyond 32 bits)"},
	{FrameFieldType, "null-absent", LevelMust, "read `null` as absent, and a `null` array element as an absent element that keeps its place"},
	{FrameFieldType, "arguments-object", LevelMust, "read an openai-chat `function.arguments` that is a JSON object as its compact JSON text"},
	{FrameNotFormat, "not-the-format", LevelMust, "never present a call as finished, nor report a normal end, for input in which no payload of the format is recognized"},
	{IDScope, "per-message-choice", LevelMust, "tell calls apart within one message and one choice only: never continue a call of another message or choice because of its id"},
	{IDScope, "wrapper-call", LevelMust, "report an undeclared wrapper call such as `multi_tool_use.parallel` as one call"},
	{IDScope, "verbatim-id", LevelShould, "report a call's id byte for byte as received"},
	{IDScope, "synthesised-id", LevelMay, "give an id to a call the provider sent without one"},
	{IDEmpty, "empty-absent", LevelMust, "read an empty-string id, name or type as absent: it never opens a call, overwrites a value or conflicts"},
	{IDKnown, "known-id", LevelMust, "continue the call that holds a fragment's id"},
	{IDFallback, "no-id", LevelMust, "route a fragment without id to the latest call at its effective index, open calls only at new indexes (never phantom calls in the gaps), and ignore an entry that carries nothing"},
	{IDAdopt, "adopt", LevelMust, "give a new id at an index held by a call without id to that call"},
	{IDNewAtHeld, "new-id-at-held", LevelMust, "open a call for a new id at a held index when it shares a frame with the held call's id or carries a name, and otherwise continue the held call"},
	{IDDuplicate, "kept-apart", LevelMust, "keep a second call whose id is already used in its message apart from the first: never merge the two or drop one"},
	{IDDuplicate, "duplicate-id", LevelMay, "keep the second call's id verbatim and not present the call as finished; repairing the id (a fresh one for the second call) and presenting it as finished is conformant too"},
	{IDWhole, "whole-elements", LevelMust, "read each whole-call element as one complete call, whatever its wire index"},
	{IDBlock, "block-key", LevelMust, "key a block call by its block key within its message, ignore secondary item ids, and open nothing in a gap between keys"},
	{IDRepeated, "first-stands", LevelShould, "keep a call's first id and name when its end repeats others, and not present it as finished"},
	{IDLegacyCall, "legacy-function-call", LevelMust, "read a chat delta's legacy `function_call` as the call it stands for, once, also when the delta repeats it in `tool_calls`"},
	{IDItem, "item-id", LevelShould, "keep a Responses output item's id with the call, reasoning and message content it carries, for the next request to send back"},
	{NameOnce, "no-concatenation", LevelMust, "never append a name to a call's name: a name resent on every chunk stays one name"},
	{NameOnce, "verbatim-name", LevelShould, "report a call's name byte for byte as received"},
	{NameConflict, "conflict", LevelMay, "keep the first name and not present the call as finished when a fragment brings another non-empty name; joining a name split across fragments (`get_` and `weather`) is conformant too"},
	{NameMissing, "nameless", LevelShould, "not present a call that has no name when it completes as finished"},
	{NameKind, "kind", LevelShould, "keep a call's first kind and not present it as finished when content of the other kind arrives for it"},
	{NameItem, "item-calls", LevelMust, "present a Responses output item that asks the client to act (`computer_call`, `shell_call`, `apply_patch_call`, `local_shell_call`, a client `tool_search_call`, `mcp_approval_request`) as a call, with its input"},
	{NameNamespace, "namespace", LevelMust, "keep a Responses call's namespace with it"},
	{OrdFirstSeen, "first-seen", LevelMust, "present calls in first-seen order, whatever their indexes, keys or stops"},
	{OrdFirstSeen, "every-call", LevelMust, "present every call a stream completes, once, and no other: never drop, invent, merge or split one"},
	{OrdFirstSeen, "server-calls", LevelShould, "present the calls the provider ran (server calls) too, each in its place"},
	{OrdBudget, "budget-order", LevelMust, "where it claims limits, charge budgets in first-seen order"},
	{OrdMerge, "merge", LevelShould, "where it claims text or thinking, return them in order, the pieces of one message and choice merged (or grouped by choice)"},
	{OrdMessages, "messages", LevelMust, "where it claims several responses, keep every message of a stream with its block keys restarting in each, and end a message that another start interrupts as cut"},
	{OrdMessages, "repeated-start", LevelMust, "ignore a repeat of the open message's own start (the same JSON text)"},
	{BudCalls, "limit", LevelMust, "where it claims limits, fail closed at more than MaxCalls calls in a message, and present no call over the limit, nor one left open, as finished"},
	{BudArgBytes, "limit", LevelMust, "where it claims limits, fail closed at more than MaxArgBytes argument bytes in a call, and present no call over the limit, nor one left open, as finished"},
	{BudRespBytes, "limit", LevelMust, "where it claims limits, fail closed at more than MaxResponseBytes payload bytes in a message, and present no call left open as finished"},
	{BudIDName, "limit", LevelMust, "where it claims limits, fail closed at an id or name longer than MaxIDBytes or MaxNameBytes, and present no call over the limit, nor one left open, as finished"},
	{BudFrame, "limit", LevelMust, "where it claims limits, fail closed at a frame longer than MaxFrameBytes, before buffering it whole"},
	{BudItems, "limit", LevelMust, "where it claims limits, fail closed at more than MaxItems items, MaxMessages messages or a choice at MaxChoices or above, and present no call left open as finished"},
	{BudParallel, "limit", LevelMust, "where it claims limits with parallel calls disabled, fail closed at a message's second distinct client call, and present neither it nor a call left open as finished"},
	{PairMsgStart, "before-start", LevelMust, "present no call from content before its message's start, nor one left open at it, as finished"},
	{PairDupStart, "duplicate-start", LevelMust, "never merge two blocks started at one key: present no call left open at the second start as finished"},
	{PairUnknown, "unknown-block", LevelMust, "route no delta or stop for a block never started to another block: present no call left open at it as finished"},
	{PairClosed, "after-stop", LevelShould, "not present as finished a call block that gets a delta after its stop, or a second stop"},
	{PairDeltaType, "delta-type", LevelShould, "not present as finished a call block that gets a delta of another block's type"},
	{PairStartInput, "start-and-deltas", LevelShould, "not present as finished a call whose arguments come both in its block start and in argument deltas"},
	{PairImplicit, "bedrock-implicit", LevelMust, "accept a Bedrock text, reasoning, signature or redacted delta that opens its block, and refuse a call delta for a block never started"},
	{PairFinalArgs, "args-in-done", LevelMust, "take a call's arguments from its final event when none streamed"},
	{PairFinalArgs, "args-differ", LevelShould, "not present a call as finished when its final arguments differ from the streamed ones"},
	{PairPathCall, "path-call", LevelMust, "run a Vertex streamed-arguments call from its opening part to an empty part, the next call, a finish or EOF, and read one open at EOF as cut"},
	{PairPathSyntax, "rebuild", LevelMust, "build a path call's arguments as the JSON object its paths and values describe (compared as JSON values)"},
	{PairPathSyntax, "malformed", LevelShould, "not present as finished a path call whose paths are malformed or inconsistent"},
	{PairOpenAtEnd, "stop-routing", LevelMust, "route each block stop to its own block, in any order, and read a call block still open when its message ends as cut"},
	{EndSignal, "terminal-signal", LevelMust, "complete a call only on its terminal signal, never because its arguments parse"},
	{EndValidate, "arguments", LevelMust, "present a complete call with the arguments the stream carried (compared as JSON values; a custom call's input byte for byte)"},
	{EndValidate, "empty-args", LevelShould, "present a complete call that received no argument bytes with the arguments `{}`"},
	{EndValidate, "not-an-object", LevelShould, "not present as finished a call whose arguments are whole but not one JSON object (two objects, snapshots, an array, a string); arguments cut short are END-3's"},
	{EndValidate, "kept-raw", LevelMay, "keep such arguments verbatim and report where they fail (toolspec's strictness); an adapter may refuse or repair them its own way"},
	{EndTruncation, "cut-never-finished", LevelMust, "never present as finished a call whose generation did not end normally (a length or context limit, a filter, a refusal, a malformed call, an error, an unknown reason, a missing finish, a cut, a violation that ends the stream), whatever its bytes parse to, nor one whose arguments were cut short (a proper prefix of JSON text), whatever the finish says"},
	{EndTruncation, "read-whole", LevelMust, "read a stream that ended normally (no violation, no cut, every stop a normal end, its last event terminated) whole: present every call as finished, without an error"},
	{EndTruncation, "no-end-event", LevelShould, "read a stream that ends after every finish but before the message's end event (chat `[DONE]`, Anthropic `message_stop`) as whole"},
	{EndTruncation, "no-finish", LevelMay, "complete the calls of a message whose end signal came without any finish (stop `none`); failing them closed is conformant"},
	{EndTruncation, "violation-call", LevelShould, "not present as finished the call a terminal violation of the stream's shape names (the call its event continued or would have opened)"},
	{EndStopReason, "never-normal-for-cut", LevelMust, "where it claims the stop reason, never report a normal end (`end`, `tool_use`, `stop_sequence`, `pause`, or a raw reason the END-4 table maps to one) for a generation whose stop is no normal end and not `none`"},
	{EndStopReason, "vocabulary", LevelMay, "report the canonical reason of the END-4 table, refined by client calls; an adapter may report the provider's raw reason, or another of its own"},
	{EndProviderErr, "provider-error", LevelMust, "end the stream at an in-stream provider error and present no call left open at it, nor one it names, as finished"},
	{EndProviderErr, "keeps-payload", LevelMay, "keep everything the provider said in the error"},
	{EndAfterFinish, "after-finish", LevelShould, "not add content that comes after a choice's finish to its calls, nor present a call it continued as finished"},
	{EndRepeatFinish, "repeated-finish", LevelMust, "read a repeated finish as nothing new: the first reason stands, and a finish alone never starts a message or fails a stream"},
	{EndRefusal, "refusal-item", LevelShould, "keep refusal text apart from the answer's text"},
	{EndRefusal, "refusal-stop", LevelMay, "report a normal end that carries a refusal and no client call as `refusal`; an adapter may report the end the provider said"},
	{ThinkOrder, "order", LevelShould, "where it claims thinking, keep it in arrival order, also after text or a call"},
	{ThinkSignature, "signatures", LevelShould, "keep signatures verbatim on the item they arrived with"},
	{ThinkRedacted, "redacted", LevelShould, "keep redacted reasoning verbatim"},
	{EventInvalid, "alphabet", LevelMay, "read streams through toolspec's event alphabet (`spec.Event`)"},
	{EventInvalid, "impossible-event", LevelMust, "where it takes `spec.Event`s, refuse an event of unknown kind or with impossible fields"},
	{HistOrphan, "verdict", LevelMust, "as a history translator, carry the source's orphans over, and create none"},
	{HistOrphan, "refuse", LevelMay, "refuse a source that has an orphan"},
	{HistDupID, "verdict", LevelMust, "as a history translator, carry the source's duplicate ids within a turn over, and create none"},
	{HistDupID, "refuse", LevelMay, "refuse a source with a duplicate id within a turn"},
	{HistUnanswered, "verdict", LevelMust, "as a history translator, carry the source's unanswered and pending calls over, and create none"},
	{HistUnanswered, "refuse", LevelMay, "refuse a source with an unanswered call"},
	{HistMisplaced, "verdict", LevelMust, "as a history translator, carry the source's misplaced results over, and create none"},
	{HistMisplaced, "refuse", LevelMay, "refuse a source with a misplaced result"},
	{HistDupResult, "verdict", LevelMust, "as a history translator, carry the source's duplicate results over, and create none"},
	{HistDupResult, "refuse", LevelMay, "refuse a source with a duplicate result"},
	{HistCall, "verdict", LevelMust, "as a history translator, carry the source's malformed calls over, and create none"},
	{HistCall, "refuse", LevelMay, "refuse a source with a malformed call"},
	{HistTool, "verdict", LevelMust, "as a history translator, carry the source's malformed tools over, and create none"},
	{HistTool, "refuse", LevelMay, "refuse a source with a malformed tool"},
	{HistShape, "target-shape", LevelMust, "as a history translator, write a document of the target format's shape, and keep unknown parts opaque rather than fail on them"},
	{HistShape, "refuse", LevelMay, "refuse a source that is not of its format's shape"},
	{HistRequest, "keep", LevelMust, "as a writer of a request body in the format it read, keep every member that holds no history, and every history member and element it did not change; name what it rewrites and cannot carry"},
	{HistRequest, "bytes", LevelShould, "keep those members and elements byte for byte"},
	{XlateThinking, "survive", LevelMust, "as a history translator, carry every thinking part, signature and redacted part, or name each one lost"},
	{XlateSystem, "survive", LevelMust, "carry every system block with its boundaries, and system messages mid-conversation, or name each one lost"},
	{XlateToolChoice, "survive", LevelMust, "carry the tool choice's mode, named tool and parallel setting, or name each one lost"},
	{XlateOpaque, "survive", LevelMust, "carry images, unknown parts and result content, or name each one lost"},
	{XlateIdentity, "survive", LevelMust, "pass ids verbatim and name pairing or calls the target cannot express; never make an id up"},
	{XlateTools, "survive", LevelMust, "carry tool names, descriptions and schemas, or name each one lost"},
	{XlateSettings, "survive", LevelMust, "carry the model, streaming, output limit, sampling, reasoning and response-format settings to their counterparts in the target, or name each one not carried and each one the target requires that the source lacks; never make a value up"},
}

// LevelOf returns the level of clause of rule id, and whether the table has
// that row.
func LevelOf(id RuleID, clause string) (Level, bool) {
	r, ok := LookupRequirement(id, clause)
	return r.Level, ok
}

// LookupRequirement returns the row of clause of rule id.
func LookupRequirement(id RuleID, clause string) (Requirement, bool) {
	for _, r := range Requirements {
		if r.Rule == id && r.Clause == clause {
			return r, true
		}
	}
	return Requirement{}, false
}

// RuleRequirements returns the rows of rule id, in the table's order.
func RuleRequirements(id RuleID) []Requirement {
	var out []Requirement
	for _, r := range Requirements {
		if r.Rule == id {
			out = append(out, r)
		}
	}
	return out
}
