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
