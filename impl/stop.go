package impl

import "github.com/toolspec/toolspec/spec"

// stopTable maps raw stop reasons onto the canonical set (END-4), as the
// reference's table does.
var stopTable = map[spec.Format]map[string]spec.StopReason{
	spec.FormatOpenAIChat: {
		"stop": spec.StopEnd, "tool_calls": spec.StopToolUse, "function_call": spec.StopToolUse,
		"length": spec.StopLength, "content_filter": spec.StopContentFilter,
	},
	spec.FormatOpenAIResponses: {
		"completed": spec.StopEnd, "max_output_tokens": spec.StopLength, "content_filter": spec.StopContentFilter,
	},
	spec.FormatAnthropic: {
		"end_turn": spec.StopEnd, "tool_use": spec.StopToolUse, "max_tokens": spec.StopLength,
		"model_context_window_exceeded": spec.StopLength, "stop_sequence": spec.StopSequence,
		"pause_turn": spec.StopPause, "refusal": spec.StopRefusal,
	},
	spec.FormatOllama: {
		"": spec.StopEnd, "stop": spec.StopEnd, "length": spec.StopLength,
	},
	spec.FormatGemini: {
		"STOP": spec.StopEnd, "MAX_TOKENS": spec.StopLength,
		"SAFETY": spec.StopContentFilter, "RECITATION": spec.StopContentFilter, "BLOCKLIST": spec.StopContentFilter,
		"PROHIBITED_CONTENT": spec.StopContentFilter, "SPII": spec.StopContentFilter, "IMAGE_SAFETY": spec.StopContentFilter,
		"LANGUAGE": spec.StopContentFilter, "MALFORMED_FUNCTION_CALL": spec.StopMalformed,
		"UNEXPECTED_TOOL_CALL": spec.StopMalformed, "TOO_MANY_TOOL_CALLS": spec.StopMalformed,
	},
	spec.FormatBedrock: {
		"end_turn": spec.StopEnd, "tool_use": spec.StopToolUse, "max_tokens": spec.StopLength,
		"model_context_window_exceeded": spec.StopLength, "stop_sequence": spec.StopSequence,
		"guardrail_intervened": spec.StopContentFilter, "content_filtered": spec.StopContentFilter,
		"malformed_model_output": spec.StopMalformed, "malformed_tool_use": spec.StopMalformed,
	},
}

func canonical(f spec.Format, raw []byte) spec.StopReason {
	if r, ok := stopTable[f][string(raw)]; ok {
		return r
	}
	return spec.StopOther
}
