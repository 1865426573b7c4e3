package spec

// RuleID is the stable identifier of one rule of SPEC.md, such as "ID-3".
// IDs are never reused or renumbered; a retired rule keeps its ID.
type RuleID string

// Rule is one normative rule: its ID and one-line summary. SPEC.md holds the
// full text under a heading that starts with the ID.
type Rule struct {
	ID      RuleID
	Summary string
}

// Rule IDs, grouped by area: FRAME (wire framing), ID (identity), NAME,
// ORD (ordering), BUD (budgets), PAIR (block pairing), END (completion and
// termination), THINK (thinking and signatures), EVENT, HIST (conversation
// histories) and XLATE (history translation).
const (
	FrameSSE        RuleID = "FRAME-1"
	FrameLines      RuleID = "FRAME-2"
	FrameEventStrm  RuleID = "FRAME-3"
	FramePayload    RuleID = "FRAME-4"
	FrameUnknown    RuleID = "FRAME-5"
	FrameFieldType  RuleID = "FRAME-6"
	FrameNotFormat  RuleID = "FRAME-7"
	IDScope         RuleID = "ID-1"
	IDEmpty         RuleID = "ID-2"
	IDKnown         RuleID = "ID-3"
	IDFallback      RuleID = "ID-4"
	IDAdopt         RuleID = "ID-5"
	IDNewAtHeld     RuleID = "ID-6"
	IDDuplicate     RuleID = "ID-7"
	IDWhole         RuleID = "ID-8"
	IDBlock         RuleID = "ID-9"
	IDRepeated      RuleID = "ID-10"
	IDLegacyCall    RuleID = "ID-11"
	IDItem          RuleID = "ID-12"
	NameOnce        RuleID = "NAME-1"
	NameConflict    RuleID = "NAME-2"
	NameMissing     RuleID = "NAME-3"
	NameKind        RuleID = "NAME-4"
	NameItem        RuleID = "NAME-5"
	NameNamespace   RuleID = "NAME-6"
	OrdFirstSeen    RuleID = "ORD-1"
	OrdBudget       RuleID = "ORD-2"
	OrdMerge        RuleID = "ORD-3"
	OrdMessages     RuleID = "ORD-4"
	BudCalls        RuleID = "BUD-1"
	BudArgBytes     RuleID = "BUD-2"
	BudRespBytes    RuleID = "BUD-3"
	BudIDName       RuleID = "BUD-4"
	BudFrame        RuleID = "BUD-5"
	BudItems        RuleID = "BUD-6"
	BudParallel     RuleID = "BUD-7"
	PairMsgStart    RuleID = "PAIR-1"
	PairDupStart    RuleID = "PAIR-2"
	PairUnknown     RuleID = "PAIR-3"
	PairClosed      RuleID = "PAIR-4"
	PairDeltaType   RuleID = "PAIR-5"
	PairStartInput  RuleID = "PAIR-6"
	PairImplicit    RuleID = "PAIR-7"
	PairFinalArgs   RuleID = "PAIR-8"
	PairPathCall    RuleID = "PAIR-9"
	PairPathSyntax  RuleID = "PAIR-10"
	PairOpenAtEnd   RuleID = "PAIR-11"
	EndSignal       RuleID = "END-1"
	EndValidate     RuleID = "END-2"
	EndTruncation   RuleID = "END-3"
	EndStopReason   RuleID = "END-4"
	EndProviderErr  RuleID = "END-5"
	EndAfterFinish  RuleID = "END-6"
	EndRepeatFinish RuleID = "END-7"
	EndRefusal      RuleID = "END-8"
	ThinkOrder      RuleID = "THINK-1"
	ThinkSignature  RuleID = "THINK-2"
	ThinkRedacted   RuleID = "THINK-3"
	EventInvalid    RuleID = "EVENT-1"
	HistOrphan      RuleID = "HIST-1"
	HistDupID       RuleID = "HIST-2"
	HistUnanswered  RuleID = "HIST-3"
	HistMisplaced   RuleID = "HIST-4"
	HistDupResult   RuleID = "HIST-5"
	HistCall        RuleID = "HIST-6"
	HistTool        RuleID = "HIST-7"
	HistShape       RuleID = "HIST-8"
	HistRequest     RuleID = "HIST-9"
	XlateThinking   RuleID = "XLATE-1"
	XlateSystem     RuleID = "XLATE-2"
	XlateToolChoice RuleID = "XLATE-3"
	XlateOpaque     RuleID = "XLATE-4"
	XlateIdentity   RuleID = "XLATE-5"
	XlateTools      RuleID = "XLATE-6"
	XlateSettings   RuleID = "XLATE-7"
)

// Rules lists every rule in SPEC.md order. A test keeps it and SPEC.md in
// step.
var Rules = []Rule{
	{FrameSSE, "SSE is framed by the WHATWG rules; beyond them, toolspec dispatches an unterminated last event"},
	{FrameLines, "JSON-lines input carries one JSON value per line; blank lines are skipped"},
	{FrameEventStrm, "Bedrock event-stream messages must have consistent lengths and both CRCs correct"},
	{FramePayload, "every payload must be one JSON object of the format's shape"},
	{FrameUnknown, "unknown event types and unknown fields are ignored"},
	{FrameFieldType, "a known field with the wrong JSON type is a terminal violation"},
	{FrameNotFormat, "input in which no payload of the format is recognized is a terminal violation"},
	{IDScope, "identity is per message and choice; provider ids pass through verbatim"},
	{IDEmpty, "an empty-string id, name or type is absent"},
	{IDKnown, "a fragment with a known id continues that call"},
	{IDFallback, "a fragment without id continues the latest call at its index (wire index, else array position), else opens a call"},
	{IDAdopt, "a new id at an index held by a call without id is adopted by that call"},
	{IDNewAtHeld, "a new id at an index held by a call with another id opens a call if it shares a frame with it or carries a name, else continues it"},
	{IDDuplicate, "a second call with an id already used in the message is kept apart and is a call-scoped violation"},
	{IDWhole, "each whole-call element is a new complete call; its wire index is ignored"},
	{IDBlock, "in block formats a call is its block key within the message; secondary item ids are not identity"},
	{IDRepeated, "an id or name repeated at a call's end must equal the call's; the first value stands"},
	{IDLegacyCall, "a legacy function_call is the tool_calls entry it stands for, at position 0 without id or index, unless the delta has tool_calls entries"},
	{IDItem, "a Responses output item's id is kept with the calls and content it carries"},
	{NameOnce, "a name is set once; repeating the same name is accepted; names are never concatenated"},
	{NameConflict, "a different non-empty name for an existing call is a call-scoped violation"},
	{NameMissing, "a call with no name when it completes is a call-scoped violation"},
	{NameKind, "a call's kind, function or custom, is set once; content of the other kind is a call-scoped violation"},
	{NameItem, "a Responses output item that asks the client to act, or reports a tool the provider ran, is a call of its item's kind"},
	{NameNamespace, "a Responses call's namespace is kept verbatim"},
	{OrdFirstSeen, "calls and items are output in first-seen order, whatever their indexes"},
	{OrdBudget, "budgets are charged in first-seen order"},
	{OrdMerge, "consecutive text or thinking pieces of one message and choice merge into one item"},
	{OrdMessages, "a stream may hold several messages; block keys restart in each"},
	{BudCalls, "at most MaxCalls calls per message"},
	{BudArgBytes, "at most MaxArgBytes argument bytes per call"},
	{BudRespBytes, "at most MaxResponseBytes payload bytes per message"},
	{BudIDName, "ids and names are at most MaxIDBytes and MaxNameBytes long"},
	{BudFrame, "a wire frame is at most MaxFrameBytes long, checked before it is buffered"},
	{BudItems, "at most MaxItems items per message, MaxMessages messages per stream, choices below MaxChoices"},
	{BudParallel, "with parallel calls disabled, a second distinct call is a terminal violation"},
	{PairMsgStart, "formats with an explicit message start reject content before it"},
	{PairDupStart, "a second start for a block key of the message is a terminal violation"},
	{PairUnknown, "a delta or stop for a block never started is a terminal violation"},
	{PairClosed, "a delta after a block's stop, or a second stop, is a call-scoped violation"},
	{PairDeltaType, "a delta must fit its block's type"},
	{PairStartInput, "arguments given both in a block start and in argument deltas are a call-scoped violation"},
	{PairImplicit, "Bedrock text and reasoning blocks may start with their first delta; call blocks may not"},
	{PairFinalArgs, "final arguments repeated at the end of a call must equal the streamed ones, or supply them when none streamed"},
	{PairPathCall, "a Vertex streamed-arguments call runs from its opening part to an empty part, the next call, a finish or EOF"},
	{PairPathSyntax, "Vertex partial-argument paths must be well formed and consistent"},
	{PairOpenAtEnd, "blocks may stop in any order; blocks still open when their message ends are truncated"},
	{EndSignal, "a call completes only on a terminal signal for it, never because its arguments parse"},
	{EndValidate, "at completion empty arguments mean {}, a JSON object is complete, anything else is invalid and kept raw"},
	{EndTruncation, "a call is complete only when its generation ended normally; any other end leaves it incomplete"},
	{EndStopReason, "raw stop reasons map onto one canonical set; tool_use needs a client call"},
	{EndProviderErr, "an in-stream provider error is a terminal violation that keeps everything the provider said"},
	{EndAfterFinish, "content for a choice or message that already finished is a terminal violation"},
	{EndRepeatFinish, "a repeated finish for a choice is ignored; the first reason stands"},
	{EndRefusal, "refusal text is a refusal item; a normal end with a refusal and no client call is a refusal"},
	{ThinkOrder, "thinking is kept in arrival order, also after text or a call"},
	{ThinkSignature, "signatures stay verbatim on the block, call or text they arrived with"},
	{ThinkRedacted, "redacted reasoning is kept verbatim as its own item"},
	{EventInvalid, "an event of unknown kind or with impossible fields is a terminal violation"},
	{HistOrphan, "a tool result answers a call of the assistant turn right before it; a result with no such call is an orphan"},
	{HistDupID, "call ids are unique within an assistant turn; an id may come back in a later turn"},
	{HistUnanswered, "every call of an assistant turn is answered before anything else follows it; calls of the last turn may be pending"},
	{HistMisplaced, "results come first after their turn; a result after other content is misplaced"},
	{HistDupResult, "a call is answered once; a second result for it is a duplicate"},
	{HistCall, "a call needs a name, an id where the format requires one, and arguments that are one JSON object"},
	{HistTool, "a tool has a unique non-empty name and, when given, an input schema that is a JSON object"},
	{HistShape, "a history document must have its format's shape; unknown parts are kept opaque, never an error"},
	{HistRequest, "an operation in one format keeps the request: every member it does not change stays byte for byte"},
	{XlateThinking, "every thinking part, its signature and redacted reasoning survive a translation, or each one lost is named"},
	{XlateSystem, "every system block with its boundaries, and system messages mid-conversation, survive or are named"},
	{XlateToolChoice, "the tool choice's mode, named tool and parallel setting survive or are named"},
	{XlateOpaque, "images, unknown parts and result content the target cannot carry are named, never dropped silently"},
	{XlateIdentity, "ids pass verbatim; pairing or calls the target cannot express are named"},
	{XlateTools, "tool names, descriptions and schemas survive or are named"},
	{XlateSettings, "the request's settings map to the target's counterparts, or each one not carried is named"},
}

// Area returns the area of the rule id, its ID before the last dash:
// "FRAME" for FRAME-1, "HIST" for HIST-3.
func (id RuleID) Area() string {
	s := string(id)
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '-' {
			return s[:i]
		}
	}
	return s
}

// OfHistory reports whether the rule id is one of conversation histories
// (areas HIST and XLATE, SPEC.md section 11) rather than of a stream.
func (id RuleID) OfHistory() bool {
	a := id.Area()
	return a == "HIST" || a == "XLATE"
}

// LookupRule returns the rule with the given ID.
func LookupRule(id RuleID) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
