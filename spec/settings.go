package spec

// SettingKind is the JSON type of a request setting's value.
type SettingKind uint8

// The kinds of request settings.
const (
	// SettingInteger is a JSON number without a fraction or exponent.
	SettingInteger SettingKind = iota + 1
	// SettingNumber is any JSON number.
	SettingNumber
	// SettingString is a JSON string; where a place lists Values, one of
	// them.
	SettingString
	// SettingBool is true or false.
	SettingBool
	// SettingStops is a list of strings; a single string reads as a list of
	// one (OpenAI chat's stop).
	SettingStops
	// SettingObject is a JSON object, carried verbatim (a response schema).
	SettingObject
)

// SettingMember is a member a place writes beside a setting's value and
// reads as a condition: the setting is the format's only when the member
// has this value (Anthropic's thinking budget is the budget only when
// thinking.type is "enabled").
type SettingMember struct {
	// Path is the member's path from the body's root.
	Path []string
	// JSON is the member's value, JSON text.
	JSON string
}

// SettingPlace is where one format holds a setting, and what it admits.
type SettingPlace struct {
	// Path is the member's path from the body's root; nil when the
	// format's body has none.
	Path []string
	// Spellings are other paths the format reads for the setting, in
	// order, after Path: OpenAI chat's deprecated max_tokens, Gemini's
	// snake_case spelling.
	Spellings [][]string
	// Elsewhere says where the format takes the setting when its body
	// cannot ("in the URL"); "" when it has no counterpart at all.
	Elsewhere string
	// Retired says why the format's current API no longer takes the
	// setting (Anthropic's sampling settings, removed in API version
	// 2026-10-21): a translation reads it from a source of the format, and
	// writing it to the format is a loss with this reason.
	Retired string
	// With are members written beside the value and read as its
	// condition.
	With []SettingMember
	// Bounded says a number must lie in [Min, Max].
	Bounded  bool
	Min, Max float64
	// Values are the strings the format admits, in lower case; nil when
	// any string is.
	Values []string
	// Upper says the format spells Values in upper case (Gemini's enums);
	// it reads either case.
	Upper bool
	// MaxItems is the most stop sequences the format takes; 0 when it
	// sets no limit.
	MaxItems int
	// Default is the value, JSON text, the format assumes when the member
	// is absent; "" when the absence means the provider decides.
	Default string
	// Under names the setting whose object holds this one (a response
	// schema's name and strictness are members of the response format):
	// the place is written only with that setting, and a value without
	// it is a loss.
	Under string
	// Required says the format refuses a request without the setting;
	// with RequiredWith, only when that setting is written too.
	Required     bool
	RequiredWith string

	_ struct{} // keyed literals only
}

// Setting is one setting of a request that a translation maps between
// formats (XLATE-7, SPEC.md section 11): its name, its kind and where each
// format holds it. A format missing from At has no counterpart.
type Setting struct {
	Name string
	Kind SettingKind
	At   map[Format]SettingPlace
}

// In returns the place of s in format f; ok is false when f has none.
func (s Setting) In(f Format) (p SettingPlace, ok bool) {
	p, ok = s.At[f]
	return p, ok
}

func path(p ...string) []string { return p }

// inURL is a place of a setting that a format takes outside its body.
func inURL(where string) SettingPlace { return SettingPlace{Elsewhere: where} }

// Settings are the request settings a translation maps (XLATE-7), in the
// order a translation writes them. SPEC.md section 11 gives the source of
// each place. The members of a request that no Setting names are named as
// lost by a translation (XLATE-4).
var Settings = []Setting{
	{Name: "model", Kind: SettingString, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("model"), Required: true},
		FormatOpenAIResponses: {Path: path("model")},
		FormatAnthropic:       {Path: path("model"), Required: true},
		FormatOllama:          {Path: path("model"), Required: true},
		FormatGemini:          inURL("in the URL (models/{model}:generateContent)"),
		FormatBedrock:         inURL("in the URL (/model/{modelId}/converse-stream)"),
	}},
	{Name: "stream", Kind: SettingBool, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("stream"), Default: "false"},
		FormatOpenAIResponses: {Path: path("stream"), Default: "false"},
		FormatAnthropic:       {Path: path("stream"), Default: "false"},
		FormatOllama:          {Path: path("stream"), Default: "true"},
		FormatGemini:          inURL("in the method (streamGenerateContent)"),
		FormatBedrock:         inURL("in the operation (ConverseStream)"),
	}},
	{Name: "output limit", Kind: SettingInteger, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("max_completion_tokens"), Spellings: [][]string{{"max_tokens"}}, Bounded: true, Min: 1, Max: inf},
		FormatOpenAIResponses: {Path: path("max_output_tokens"), Bounded: true, Min: 16, Max: inf},
		FormatAnthropic:       {Path: path("max_tokens"), Bounded: true, Min: 1, Max: inf, Required: true},
		FormatOllama:          {Path: path("options", "num_predict"), Bounded: true, Min: -2, Max: inf},
		FormatGemini:          {Path: path("generationConfig", "maxOutputTokens"), Spellings: [][]string{{"generation_config", "max_output_tokens"}}, Bounded: true, Min: 1, Max: inf},
		FormatBedrock:         {Path: path("inferenceConfig", "maxTokens"), Bounded: true, Min: 1, Max: inf},
	}},
	{Name: "temperature", Kind: SettingNumber, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("temperature"), Bounded: true, Min: 0, Max: 2},
		FormatOpenAIResponses: {Path: path("temperature"), Bounded: true, Min: 0, Max: 2},
		FormatAnthropic:       {Path: path("temperature"), Bounded: true, Min: 0, Max: 1, Retired: anthropicSampling},
		FormatOllama:          {Path: path("options", "temperature"), Bounded: true, Min: 0, Max: inf},
		FormatGemini:          {Path: path("generationConfig", "temperature"), Spellings: [][]string{{"generation_config", "temperature"}}, Bounded: true, Min: 0, Max: 2},
		FormatBedrock:         {Path: path("inferenceConfig", "temperature"), Bounded: true, Min: 0, Max: 1},
	}},
	{Name: "top_p", Kind: SettingNumber, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("top_p"), Bounded: true, Min: 0, Max: 1},
		FormatOpenAIResponses: {Path: path("top_p"), Bounded: true, Min: 0, Max: 1},
		FormatAnthropic:       {Path: path("top_p"), Bounded: true, Min: 0, Max: 1, Retired: anthropicSampling},
		FormatOllama:          {Path: path("options", "top_p"), Bounded: true, Min: 0, Max: 1},
		FormatGemini:          {Path: path("generationConfig", "topP"), Spellings: [][]string{{"generation_config", "top_p"}}, Bounded: true, Min: 0, Max: 1},
		FormatBedrock:         {Path: path("inferenceConfig", "topP"), Bounded: true, Min: 0, Max: 1},
	}},
	{Name: "top_k", Kind: SettingInteger, At: map[Format]SettingPlace{
		FormatAnthropic: {Path: path("top_k"), Bounded: true, Min: 0, Max: inf, Retired: anthropicSampling},
		FormatOllama:    {Path: path("options", "top_k"), Bounded: true, Min: 0, Max: inf},
		FormatGemini:    {Path: path("generationConfig", "topK"), Spellings: [][]string{{"generation_config", "top_k"}}, Bounded: true, Min: 0, Max: inf},
	}},
	{Name: "stop sequences", Kind: SettingStops, At: map[Format]SettingPlace{
		FormatOpenAIChat: {Path: path("stop"), MaxItems: 4},
		FormatAnthropic:  {Path: path("stop_sequences")},
		FormatOllama:     {Path: path("options", "stop")},
		FormatGemini:     {Path: path("generationConfig", "stopSequences"), Spellings: [][]string{{"generation_config", "stop_sequences"}}},
		FormatBedrock:    {Path: path("inferenceConfig", "stopSequences"), MaxItems: 2500},
	}},
	{Name: "seed", Kind: SettingInteger, At: map[Format]SettingPlace{
		FormatOpenAIChat: {Path: path("seed")},
		FormatOllama:     {Path: path("options", "seed")},
		FormatGemini:     {Path: path("generationConfig", "seed"), Spellings: [][]string{{"generation_config", "seed"}}},
	}},
	{Name: "presence penalty", Kind: SettingNumber, At: map[Format]SettingPlace{
		FormatOpenAIChat: {Path: path("presence_penalty"), Bounded: true, Min: -2, Max: 2},
		FormatOllama:     {Path: path("options", "presence_penalty")},
		FormatGemini:     {Path: path("generationConfig", "presencePenalty"), Spellings: [][]string{{"generation_config", "presence_penalty"}}},
	}},
	{Name: "frequency penalty", Kind: SettingNumber, At: map[Format]SettingPlace{
		FormatOpenAIChat: {Path: path("frequency_penalty"), Bounded: true, Min: -2, Max: 2},
		FormatOllama:     {Path: path("options", "frequency_penalty")},
		FormatGemini:     {Path: path("generationConfig", "frequencyPenalty"), Spellings: [][]string{{"generation_config", "frequency_penalty"}}},
	}},
	{Name: "reasoning effort", Kind: SettingString, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("reasoning_effort"), Values: []string{"none", "minimal", "low", "medium", "high", "xhigh"}},
		FormatOpenAIResponses: {Path: path("reasoning", "effort"), Values: []string{"none", "minimal", "low", "medium", "high", "xhigh"}},
		FormatAnthropic:       {Path: path("output_config", "effort"), Values: []string{"low", "medium", "high", "xhigh", "max"}},
		FormatOllama:          {Path: path("think"), Values: []string{"low", "medium", "high"}},
		FormatGemini:          {Path: path("generationConfig", "thinkingConfig", "thinkingLevel"), Values: []string{"minimal", "low", "medium", "high"}, Upper: true},
		FormatBedrock:         {Path: path("outputConfig", "effort"), Values: []string{"low", "medium", "high", "xhigh", "max"}},
	}},
	{Name: "thinking budget", Kind: SettingInteger, At: map[Format]SettingPlace{
		FormatAnthropic: {Path: path("thinking", "budget_tokens"), With: []SettingMember{{Path: path("thinking", "type"), JSON: `"enabled"`}}, Bounded: true, Min: 1024, Max: inf},
		FormatGemini:    {Path: path("generationConfig", "thinkingConfig", "thinkingBudget"), Bounded: true, Min: -1, Max: inf},
	}},
	{Name: "response schema", Kind: SettingObject, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("response_format", "json_schema", "schema"), With: []SettingMember{{Path: path("response_format", "type"), JSON: `"json_schema"`}}},
		FormatOpenAIResponses: {Path: path("text", "format", "schema"), With: []SettingMember{{Path: path("text", "format", "type"), JSON: `"json_schema"`}}},
		FormatAnthropic:       {Path: path("output_config", "format", "schema"), With: []SettingMember{{Path: path("output_config", "format", "type"), JSON: `"json_schema"`}}},
		FormatOllama:          {Path: path("format")},
		FormatGemini:          {Path: path("generationConfig", "responseJsonSchema"), With: []SettingMember{{Path: path("generationConfig", "responseMimeType"), JSON: `"application/json"`}}},
	}},
	{Name: "response schema name", Kind: SettingString, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("response_format", "json_schema", "name"), Under: "response schema", Required: true, RequiredWith: "response schema"},
		FormatOpenAIResponses: {Path: path("text", "format", "name"), Under: "response schema", Required: true, RequiredWith: "response schema"},
	}},
	{Name: "response schema strict", Kind: SettingBool, At: map[Format]SettingPlace{
		FormatOpenAIChat:      {Path: path("response_format", "json_schema", "strict"), Under: "response schema", Default: "false"},
		FormatOpenAIResponses: {Path: path("text", "format", "strict"), Under: "response schema", Default: "false"},
	}},
}

// anthropicSampling is why Anthropic's temperature, top_p and top_k are
// not written: API version 2026-10-21, which anthropic-sdk-go v2 sends,
// has none of them in MessageNewParams (v1.84.0, on API version
// 2023-06-01, has all three).
const anthropicSampling = "has none in its API version 2026-10-21 (earlier versions took it)"

// inf is the upper bound of a setting bounded below only.
const inf = 1e308
