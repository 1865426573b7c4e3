package spec

// Format names one provider wire format.
type Format string

// The six wire formats toolspec reassembles.
const (
	// FormatOpenAIChat is OpenAI Chat Completions streaming (and compatible
	// servers): SSE, or one chunk JSON per line, with data: [DONE] at the end.
	FormatOpenAIChat Format = "openai-chat"
	// FormatOpenAIResponses is the OpenAI Responses API event stream.
	FormatOpenAIResponses Format = "openai-responses"
	// FormatAnthropic is the Anthropic Messages event stream.
	FormatAnthropic Format = "anthropic"
	// FormatOllama is Ollama's native /api/chat NDJSON stream.
	FormatOllama Format = "ollama"
	// FormatGemini is Gemini / Vertex AI streamGenerateContent.
	FormatGemini Format = "gemini"
	// FormatBedrock is AWS Bedrock ConverseStream (binary event-stream or one
	// {"<eventType>": payload} object per line).
	FormatBedrock Format = "bedrock"
)

// Formats lists every format in a fixed order.
var Formats = []Format{FormatOpenAIChat, FormatOpenAIResponses, FormatAnthropic, FormatOllama, FormatGemini, FormatBedrock}

// Valid reports whether f is one of [Formats].
func (f Format) Valid() bool {
	for _, g := range Formats {
		if f == g {
			return true
		}
	}
	return false
}

// FormatRules are the rules that differ by format, as data: what a
// reassembler must know of a format beyond its decoder.
type FormatRules struct {
	// ExplicitStart says the format opens each message with a start event
	// (Anthropic message_start, Responses response.created) and that
	// content before it is a violation (PAIR-1).
	ExplicitStart bool
	// ImplicitBlocks says a text or reasoning delta for an unknown block
	// key opens a block of that type (Bedrock, PAIR-7).
	ImplicitBlocks bool
	// HistoryIDs says that in a conversation history of the format every
	// tool call carries an id and a result names the call it answers by
	// that id alone (HIST-1, HIST-6): OpenAI chat, Responses, Anthropic and
	// Bedrock. Without it (Ollama, Gemini) ids are optional, and a result
	// without one pairs by its tool name and by order.
	HistoryIDs bool
	// HistoryMembers are the members of a request body of the format that
	// hold its history (SPEC.md section 11), as its encoder writes them;
	// every other member is the request's own, kept as it is by an
	// operation in the format (HIST-9).
	HistoryMembers []string
	// HistorySpellings maps a second spelling of a history member that the
	// decoder also reads (Gemini's "system_instruction") to the member's
	// name in HistoryMembers.
	HistorySpellings map[string]string

	_ struct{} // keyed literals only
}

// formatRules holds the FormatRules of every format, keyed by format.
var formatRules = map[Format]FormatRules{
	FormatOpenAIChat: {HistoryIDs: true,
		HistoryMembers: []string{"messages", "tools", "tool_choice", "parallel_tool_calls"}},
	FormatOpenAIResponses: {ExplicitStart: true, HistoryIDs: true,
		HistoryMembers: []string{"instructions", "input", "tools", "tool_choice", "parallel_tool_calls"}},
	FormatAnthropic: {ExplicitStart: true, HistoryIDs: true,
		HistoryMembers: []string{"system", "messages", "tools", "tool_choice"}},
	FormatOllama: {
		HistoryMembers: []string{"messages", "tools"}},
	FormatGemini: {
		HistoryMembers:   []string{"systemInstruction", "contents", "tools", "toolConfig"},
		HistorySpellings: map[string]string{"system_instruction": "systemInstruction", "tool_config": "toolConfig"}},
	FormatBedrock: {ImplicitBlocks: true, HistoryIDs: true,
		HistoryMembers: []string{"system", "messages", "toolConfig"}},
}

// LookupFormatRules returns the rules of format f; ok is false when f is
// not one of [Formats].
func LookupFormatRules(f Format) (r FormatRules, ok bool) {
	r, ok = formatRules[f]
	return r, ok
}
