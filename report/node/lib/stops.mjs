// toolspec's canonical stop reasons for the raw reasons of the formats the
// adapters of Gemini, Ollama and Bedrock clients read: SPEC.md's END-4 table
// (spec/stops.go), without its refinement by calls. lib/protocol.mjs holds
// the same for the other formats.

const tables = {
  ollama: { stop: 'end', '': 'end', tool_calls: 'tool_use', length: 'length' },
  gemini: {
    STOP: 'end',
    MAX_TOKENS: 'length',
    ...Object.fromEntries(
      [
        'SAFETY',
        'RECITATION',
        'BLOCKLIST',
        'PROHIBITED_CONTENT',
        'SPII',
        'IMAGE_SAFETY',
        'LANGUAGE',
        'IMAGE_PROHIBITED_CONTENT',
        'IMAGE_RECITATION',
        'MODEL_ARMOR',
        'JAILBREAK',
      ].map((r) => [r, 'content_filter']),
    ),
    ...Object.fromEntries(
      ['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL', 'TOO_MANY_TOOL_CALLS', 'MALFORMED_RESPONSE'].map((r) => [
        r,
        'malformed_call',
      ]),
    ),
    MISSING_THOUGHT_SIGNATURE: 'error',
  },
  bedrock: {
    end_turn: 'end',
    tool_use: 'tool_use',
    max_tokens: 'length',
    model_context_window_exceeded: 'length',
    stop_sequence: 'stop_sequence',
    guardrail_intervened: 'content_filter',
    content_filtered: 'content_filter',
    malformed_model_output: 'malformed_call',
    malformed_tool_use: 'malformed_call',
  },
};

/**
 * The canonical name of a raw stop reason of format (ollama, gemini,
 * bedrock) a library passes through verbatim; null or undefined is "none",
 * an unlisted reason "other".
 */
export function canonicalStop(format, raw) {
  if (raw == null) return 'none';
  return Object.hasOwn(tables[format] ?? {}, raw) ? tables[format][raw] : 'other';
}
