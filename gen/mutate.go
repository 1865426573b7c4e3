package gen

import (
	"sort"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file breaks valid streams in the ways the field notes (section 4)
// and SPEC.md describe. Each mutation is a named function; Mutated reports
// the names of those it applied, in order, so that a failure says what the
// input went through. Mutated streams have no known meaning: only the
// reference model says what they mean.

// Mutated draws a valid stream of format f and applies one to three
// mutations to it: first those that work on frames (identity, names,
// pairing, ordering, termination, budgets, provider errors), then those
// that work on bytes (truncation, garbage, line ends, event-stream CRCs
// and lengths). It returns the bytes and the names of the mutations
// applied. It panics if f is not one of spec.Formats.
func Mutated(t *rapid.T, f spec.Format) (data []byte, mutations []string) {
	return Options{}.Mutated(t, f)
}

// Mutated is [Mutated] under o: the valid stream it breaks is drawn as
// [Options.Valid] draws it.
func (o Options) Mutated(t *rapid.T, f spec.Format) (data []byte, mutations []string) {
	r, st := build(t, o, f)
	n := rapid.IntRange(1, 3).Draw(t, "mutationCount")
	var frameMuts, byteMuts []mutation
	for i := 0; i < n; i++ {
		var names []string
		for _, m := range mutationTable {
			if m.applies(st) {
				names = append(names, m.name)
			}
		}
		m := mutationByName[names[spread(rapid.IntRange(0, 1<<30).Draw(t, "mutationPick"), len(names))]]
		if m.frames != nil {
			frameMuts = append(frameMuts, m)
		} else {
			byteMuts = append(byteMuts, m)
		}
	}
	// Event-stream mutations find messages by their spans: they go before
	// any mutation that moves bytes.
	sort.SliceStable(byteMuts, func(i, j int) bool {
		return len(byteMuts[i].framings) == 1 && byteMuts[i].framings[0] == framingEventStream &&
			!(len(byteMuts[j].framings) == 1 && byteMuts[j].framings[0] == framingEventStream)
	})
	for _, m := range frameMuts {
		if m.frames(t, st, r) {
			mutations = append(mutations, m.name)
		}
	}
	serialize(t, st)
	for _, m := range byteMuts {
		if m.bytes(t, st) {
			mutations = append(mutations, m.name)
		}
	}
	if len(mutations) == 0 && mutGarbageBytes(t, st) {
		mutations = append(mutations, "garbage-bytes")
	}
	return st.data, mutations
}

// spread maps a drawn number onto 0..n-1 evenly. rapid draws small
// numbers far more often than large ones, so sampling a list directly
// favours its first entries; mixing the bits first gives every mutation
// its share, and a shrunk draw (0) still picks the first.
func spread(v, n int) int {
	return int((uint64(v) * 0x9E3779B97F4A7C15 >> 33) % uint64(n))
}

// mutation is one named way of breaking a stream. Exactly one of frames
// and bytes is set; each returns whether it changed anything.
type mutation struct {
	name     string
	formats  []spec.Format // nil: every format
	framings []framing     // nil: every framing
	frames   func(t *rapid.T, st *stream, r *Response) bool
	bytes    func(t *rapid.T, st *stream) bool
}

func (m mutation) applies(st *stream) bool {
	ok := m.formats == nil
	for _, f := range m.formats {
		ok = ok || f == st.format
	}
	fok := m.framings == nil
	for _, f := range m.framings {
		fok = fok || f == st.framing
	}
	return ok && fok
}

var (
	chatOnly   = []spec.Format{spec.FormatOpenAIChat}
	blockFmts  = []spec.Format{spec.FormatAnthropic, spec.FormatBedrock, spec.FormatOpenAIResponses}
	geminiOnly = []spec.Format{spec.FormatGemini}
	choiceFmts = []spec.Format{spec.FormatOpenAIChat, spec.FormatGemini}
	textFrames = []framing{framingSSE, framingLines}
)

// mutationTable lists every mutation. Its order is fixed so that rapid
// draws, and so shrinking, are stable.
var mutationTable = []mutation{
	// Frames, any format.
	{name: "drop-frame", frames: mutDropFrame},
	{name: "duplicate-frame", frames: mutDuplicateFrame},
	{name: "swap-frames", frames: mutSwapFrames},
	{name: "before-message-start", frames: mutBeforeMessageStart},
	{name: "splice-message-start", frames: mutSpliceMessageStart},
	{name: "repeat-message-start", formats: []spec.Format{spec.FormatAnthropic}, frames: mutRepeatMessageStart},
	{name: "drop-terminal", frames: mutDropTerminal},
	{name: "provider-error", frames: mutProviderError},
	{name: "garbage-frame", frames: mutGarbageFrame},
	{name: "unknown-event", frames: mutUnknownEvent},
	{name: "wrong-type", frames: mutWrongType},
	{name: "delete-member", frames: mutDeleteMember},
	{name: "empty-string", frames: mutEmptyString},
	{name: "null-member", frames: mutNullMember},
	{name: "shared-call-id", frames: mutSharedCallID},
	{name: "missing-call-ids", frames: mutMissingCallIDs},
	{name: "conflicting-name", frames: mutConflictingName},
	{name: "invalid-args", frames: mutInvalidArgs},
	{name: "args-trailing-json", frames: mutArgsTrailingJSON},
	{name: "deep-args", frames: mutDeepArgs},
	{name: "extra-calls-same-id", frames: mutExtraCallsSameID},
	{name: "many-calls", frames: mutManyCalls},
	{name: "long-id", frames: mutLongID},
	{name: "long-name", frames: mutLongName},
	{name: "huge-args", frames: mutHugeArgs},
	// OpenAI chat fragments.
	{name: "chat-shared-index-zero", formats: chatOnly, frames: mutChatSharedIndexZero},
	{name: "chat-strip-indexes", formats: chatOnly, frames: mutChatStripIndexes},
	{name: "chat-index-minus-one", formats: chatOnly, frames: mutChatIndexMinusOne},
	{name: "chat-sparse-indexes", formats: chatOnly, frames: mutChatSparseIndexes},
	{name: "chat-empty-ids", formats: chatOnly, frames: mutChatEmptyIDs},
	{name: "chat-rotate-ids", formats: chatOnly, frames: mutChatRotateIDs},
	{name: "chat-repeat-names", formats: chatOnly, frames: mutChatRepeatNames},
	{name: "chat-split-name", formats: chatOnly, frames: mutChatSplitName},
	{name: "chat-full-reemit", formats: chatOnly, frames: mutChatFullReemit},
	{name: "chat-cumulative-args", formats: chatOnly, frames: mutChatCumulativeArgs},
	{name: "chat-content-after-finish", formats: chatOnly, frames: mutChatContentAfterFinish},
	{name: "chat-mixed-call-kinds", formats: chatOnly, frames: mutChatMixedCallKinds},
	{name: "choice-out-of-range", formats: choiceFmts, frames: mutChoiceOutOfRange},
	// Block pairing (Anthropic, Bedrock, Responses).
	{name: "delta-after-stop", formats: blockFmts, frames: mutDeltaAfterStop},
	{name: "duplicate-stop", formats: blockFmts, frames: mutDuplicateStop},
	{name: "stop-unknown-block", formats: blockFmts, frames: mutStopUnknownBlock},
	{name: "unclosed-block", formats: blockFmts, frames: mutUnclosedBlock},
	{name: "duplicate-start", formats: blockFmts, frames: mutDuplicateStart},
	{name: "shared-block-key", formats: blockFmts, frames: mutSharedBlockKey},
	{name: "out-of-order-stops", formats: blockFmts, frames: mutOutOfOrderStops},
	{name: "delta-type-mismatch", formats: blockFmts, frames: mutDeltaTypeMismatch},
	{name: "start-input-and-deltas", formats: []spec.Format{spec.FormatAnthropic, spec.FormatBedrock}, frames: mutStartInputAndDeltas},
	{name: "invoke-shape", formats: []spec.Format{spec.FormatBedrock}, frames: mutInvokeShape},
	{name: "final-args-mismatch", formats: []spec.Format{spec.FormatOpenAIResponses}, frames: mutFinalArgsMismatch},
	{name: "done-identity-changes", formats: []spec.Format{spec.FormatOpenAIResponses}, frames: mutDoneIdentityChanges},
	// Vertex streamed arguments.
	{name: "gemini-partial-without-call", formats: geminiOnly, frames: mutGeminiPartialWithoutCall},
	{name: "gemini-close-without-call", formats: geminiOnly, frames: mutGeminiCloseWithoutCall},
	{name: "gemini-bad-path", formats: geminiOnly, frames: mutGeminiBadPath},
	{name: "gemini-path-twice", formats: geminiOnly, frames: mutGeminiPathTwice},
	// Bytes.
	{name: "truncate", bytes: mutTruncate},
	{name: "garbage-bytes", bytes: mutGarbageBytes},
	{name: "flip-byte", bytes: mutFlipByte},
	{name: "bom", bytes: mutBOM},
	{name: "line-ends", framings: textFrames, bytes: mutLineEnds},
	{name: "merge-events", framings: []framing{framingSSE}, bytes: mutMergeEvents},
	{name: "crc-prelude", framings: []framing{framingEventStream}, bytes: mutCRCPrelude},
	{name: "crc-message", framings: []framing{framingEventStream}, bytes: mutCRCMessage},
	{name: "bad-lengths", framings: []framing{framingEventStream}, bytes: mutBadLengths},
	{name: "bad-header", framings: []framing{framingEventStream}, bytes: mutBadHeader},
}

var mutationByName = func() map[string]mutation {
	m := map[string]mutation{}
	for _, x := range mutationTable {
		m[x.name] = x
	}
	return m
}()
