package toolspec

import "github.com/toolspec/toolspec/spec"

// Rule IDs, one per rule of SPEC.md, grouped by area: FRAME (wire framing),
// ID (identity), NAME, ORD (ordering), BUD (budgets), PAIR (block pairing),
// END (completion and termination), THINK (thinking and signatures),
// EVENT, HIST (conversation histories) and XLATE (history translation). IDs
// are never reused or renumbered. [LookupRule] gives a rule's summary.
const (
	FrameSSE        = spec.FrameSSE        // FRAME-1
	FrameLines      = spec.FrameLines      // FRAME-2
	FrameEventStrm  = spec.FrameEventStrm  // FRAME-3
	FramePayload    = spec.FramePayload    // FRAME-4
	FrameUnknown    = spec.FrameUnknown    // FRAME-5
	FrameFieldType  = spec.FrameFieldType  // FRAME-6
	FrameNotFormat  = spec.FrameNotFormat  // FRAME-7
	IDScope         = spec.IDScope         // ID-1
	IDEmpty         = spec.IDEmpty         // ID-2
	IDKnown         = spec.IDKnown         // ID-3
	IDFallback      = spec.IDFallback      // ID-4
	IDAdopt         = spec.IDAdopt         // ID-5
	IDNewAtHeld     = spec.IDNewAtHeld     // ID-6
	IDDuplicate     = spec.IDDuplicate     // ID-7
	IDWhole         = spec.IDWhole         // ID-8
	IDBlock         = spec.IDBlock         // ID-9
	IDRepeated      = spec.IDRepeated      // ID-10
	IDLegacyCall    = spec.IDLegacyCall    // ID-11
	IDItem          = spec.IDItem          // ID-12
	NameOnce        = spec.NameOnce        // NAME-1
	NameConflict    = spec.NameConflict    // NAME-2
	NameMissing     = spec.NameMissing     // NAME-3
	NameKind        = spec.NameKind        // NAME-4
	NameItem        = spec.NameItem        // NAME-5
	NameNamespace   = spec.NameNamespace   // NAME-6
	OrdFirstSeen    = spec.OrdFirstSeen    // ORD-1
	OrdBudget       = spec.OrdBudget       // ORD-2
	OrdMerge        = spec.OrdMerge        // ORD-3
	OrdMessages     = spec.OrdMessages     // ORD-4
	BudCalls        = spec.BudCalls        // BUD-1
	BudArgBytes     = spec.BudArgBytes     // BUD-2
	BudRespBytes    = spec.BudRespBytes    // BUD-3
	BudIDName       = spec.BudIDName       // BUD-4
	BudFrame        = spec.BudFrame        // BUD-5
	BudItems        = spec.BudItems        // BUD-6
	BudParallel     = spec.BudParallel     // BUD-7
	PairMsgStart    = spec.PairMsgStart    // PAIR-1
	PairDupStart    = spec.PairDupStart    // PAIR-2
	PairUnknown     = spec.PairUnknown     // PAIR-3
	PairClosed      = spec.PairClosed      // PAIR-4
	PairDeltaType   = spec.PairDeltaType   // PAIR-5
	PairStartInput  = spec.PairStartInput  // PAIR-6
	PairImplicit    = spec.PairImplicit    // PAIR-7
	PairFinalArgs   = spec.PairFinalArgs   // PAIR-8
	PairPathCall    = spec.PairPathCall    // PAIR-9
	PairPathSyntax  = spec.PairPathSyntax  // PAIR-10
	PairOpenAtEnd   = spec.PairOpenAtEnd   // PAIR-11
	EndSignal       = spec.EndSignal       // END-1
	EndValidate     = spec.EndValidate     // END-2
	EndTruncation   = spec.EndTruncation   // END-3
	EndStopReason   = spec.EndStopReason   // END-4
	EndProviderErr  = spec.EndProviderErr  // END-5
	EndAfterFinish  = spec.EndAfterFinish  // END-6
	EndRepeatFinish = spec.EndRepeatFinish // END-7
	EndRefusal      = spec.EndRefusal      // END-8
	ThinkOrder      = spec.ThinkOrder      // THINK-1
	ThinkSignature  = spec.ThinkSignature  // THINK-2
	ThinkRedacted   = spec.ThinkRedacted   // THINK-3
	EventInvalid    = spec.EventInvalid    // EVENT-1
	HistOrphan      = spec.HistOrphan      // HIST-1
	HistDupID       = spec.HistDupID       // HIST-2
	HistUnanswered  = spec.HistUnanswered  // HIST-3
	HistMisplaced   = spec.HistMisplaced   // HIST-4
	HistDupResult   = spec.HistDupResult   // HIST-5
	HistCall        = spec.HistCall        // HIST-6
	HistTool        = spec.HistTool        // HIST-7
	HistShape       = spec.HistShape       // HIST-8
	HistRequest     = spec.HistRequest     // HIST-9
	XlateThinking   = spec.XlateThinking   // XLATE-1
	XlateSystem     = spec.XlateSystem     // XLATE-2
	XlateToolChoice = spec.XlateToolChoice // XLATE-3
	XlateOpaque     = spec.XlateOpaque     // XLATE-4
	XlateIdentity   = spec.XlateIdentity   // XLATE-5
	XlateTools      = spec.XlateTools      // XLATE-6
	XlateSettings   = spec.XlateSettings   // XLATE-7
)

// Rule is one rule of SPEC.md: its ID and one-line summary.
//
// Its fields are [spec.Rule]'s.
type Rule = spec.Rule

// Rules returns every rule of SPEC.md, in the order of the document.
func Rules() []Rule { return append([]Rule(nil), spec.Rules...) }

// LookupRule returns the rule with the given ID, if there is one.
func LookupRule(id RuleID) (Rule, bool) { return spec.LookupRule(id) }
