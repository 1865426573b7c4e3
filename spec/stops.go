package spec

// StopEntry is one cell entry of the END-4 table of SPEC.md: a raw stop
// reason of a format and the canonical reason it maps to. The canonical
// reason is the one before END-4's refinement by calls (an end or tool_use
// reason becomes tool_use when the choice holds a client call and end when
// it holds none).
type StopEntry struct {
	Format    Format
	Raw       string
	Canonical StopReason
}

// stopEntries is the END-4 table, row by row in SPEC.md's order, each row
// by format in SPEC.md's column order. The entries of the other row map to
// StopOther as every unlisted reason does; they are listed because the
// providers document them and the choice is written down.
var stopEntries = [...]StopEntry{
	{FormatOpenAIChat, "stop", StopEnd},
	{FormatOpenAIResponses, "completed", StopEnd},
	{FormatAnthropic, "end_turn", StopEnd},
	{FormatOllama, "stop", StopEnd},
	{FormatOllama, "", StopEnd},
	{FormatGemini, "STOP", StopEnd},
	{FormatBedrock, "end_turn", StopEnd},

	{FormatOpenAIChat, "tool_calls", StopToolUse},
	{FormatOpenAIChat, "function_call", StopToolUse},
	{FormatAnthropic, "tool_use", StopToolUse},
	{FormatOllama, "tool_calls", StopToolUse},
	{FormatBedrock, "tool_use", StopToolUse},

	{FormatOpenAIChat, "length", StopLength},
	{FormatOpenAIChat, "model_length", StopLength},
	{FormatOpenAIResponses, "max_output_tokens", StopLength},
	{FormatAnthropic, "max_tokens", StopLength},
	{FormatAnthropic, "model_context_window_exceeded", StopLength},
	{FormatOllama, "length", StopLength},
	{FormatGemini, "MAX_TOKENS", StopLength},
	{FormatBedrock, "max_tokens", StopLength},
	{FormatBedrock, "model_context_window_exceeded", StopLength},

	{FormatAnthropic, "stop_sequence", StopSequence},
	{FormatBedrock, "stop_sequence", StopSequence},

	{FormatOpenAIChat, "content_filter", StopContentFilter},
	{FormatOpenAIResponses, "content_filter", StopContentFilter},
	{FormatGemini, "SAFETY", StopContentFilter},
	{FormatGemini, "RECITATION", StopContentFilter},
	{FormatGemini, "BLOCKLIST", StopContentFilter},
	{FormatGemini, "PROHIBITED_CONTENT", StopContentFilter},
	{FormatGemini, "SPII", StopContentFilter},
	{FormatGemini, "IMAGE_SAFETY", StopContentFilter},
	{FormatGemini, "LANGUAGE", StopContentFilter},
	{FormatGemini, "IMAGE_PROHIBITED_CONTENT", StopContentFilter},
	{FormatGemini, "IMAGE_RECITATION", StopContentFilter},
	{FormatGemini, "MODEL_ARMOR", StopContentFilter},
	{FormatGemini, "JAILBREAK", StopContentFilter},
	{FormatBedrock, "guardrail_intervened", StopContentFilter},
	{FormatBedrock, "content_filtered", StopContentFilter},

	{FormatAnthropic, "refusal", StopRefusal},

	{FormatAnthropic, "pause_turn", StopPause},
	{FormatAnthropic, "compaction", StopPause},

	{FormatGemini, "MALFORMED_FUNCTION_CALL", StopMalformed},
	{FormatGemini, "UNEXPECTED_TOOL_CALL", StopMalformed},
	{FormatGemini, "TOO_MANY_TOOL_CALLS", StopMalformed},
	{FormatGemini, "MALFORMED_RESPONSE", StopMalformed},
	{FormatBedrock, "malformed_model_output", StopMalformed},
	{FormatBedrock, "malformed_tool_use", StopMalformed},

	{FormatOpenAIChat, "error", StopError},
	{FormatOpenAIChat, "insufficient_system_resource", StopError},
	{FormatOpenAIChat, "abort", StopError},
	{FormatGemini, "MISSING_THOUGHT_SIGNATURE", StopError},

	{FormatOpenAIResponses, "incomplete", StopOther},
	{FormatOllama, "load", StopOther},
	{FormatOllama, "unload", StopOther},
	{FormatGemini, "OTHER", StopOther},
	{FormatGemini, "FINISH_REASON_UNSPECIFIED", StopOther},
	{FormatGemini, "NO_IMAGE", StopOther},
	{FormatGemini, "IMAGE_OTHER", StopOther},
	{FormatGemini, "BLOCKED_REASON_UNSPECIFIED", StopOther},
}

// stopIndex is stopEntries keyed by format and raw reason.
var stopIndex = func() map[Format]map[string]StopReason {
	m := make(map[Format]map[string]StopReason, len(Formats))
	for _, f := range Formats {
		m[f] = map[string]StopReason{}
	}
	for _, e := range stopEntries {
		row, ok := m[e.Format]
		if !ok {
			panic("toolspec: END-4 entry for unknown format " + string(e.Format))
		}
		if _, dup := row[e.Raw]; dup {
			panic("toolspec: END-4 lists " + string(e.Format) + " " + e.Raw + " twice")
		}
		row[e.Raw] = e.Canonical
	}
	return m
}()

// StopTable returns the END-4 table: every raw reason that SPEC.md lists,
// with its format and canonical reason, in SPEC.md's order. The slice is a
// copy; changing it changes nothing.
func StopTable() []StopEntry {
	return append([]StopEntry(nil), stopEntries[:]...)
}

// CanonicalStop returns the canonical reason of raw stop reason raw of
// format f (END-4), before the refinement by calls: a raw reason not in f's
// row is StopOther. It panics if f is not one of [Formats].
func CanonicalStop(f Format, raw string) StopReason {
	row, ok := stopIndex[f]
	if !ok {
		panic("toolspec: unknown format " + string(f))
	}
	if r, ok := row[raw]; ok {
		return r
	}
	return StopOther
}
