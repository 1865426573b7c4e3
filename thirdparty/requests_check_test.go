package thirdparty

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
)

// A known difference is a difference between a body and what an SDK
// writes of it that the request tests explain, one by one, each of one
// kind, with the SDK's line that makes it (the versions of thirdparty's
// go.mod) or the rule that names it:
//
//   - sdkArtefact: the SDK writes the same request otherwise: the zero
//     value of a member without omitempty that the body lacks, a default
//     it sets, a string in the array form its type has;
//   - sdkMethod: a member the SDK writes by the method a program calls,
//     not from the request type (stream: openai-go's
//     Chat.Completions.NewStreaming and Responses.NewStreaming and
//     anthropic-sdk-go's Messages.NewStreaming set it); the body's value
//     says which method sends it;
//   - sdkLimitation: the SDK's type has no place for a member or value the
//     API takes, so it cannot send the body as it is;
//   - malformedHistory: the body holds what its history held, and the
//     history is malformed in a way the check names (a call or result
//     without the id its format needs, HIST-6; a tool whose schema is not
//     an object, HIST-7, carried over as HIST-7 requires of a translator);
//     the API refuses the body, and the SDK writes it otherwise;
//   - encoderFinding: toolspec's encoder writes what the API does not
//     take, and names no loss: open findings, each example written by
//     toolspec.EncodeHistory from a History that holds nothing malformed.
//
// Each entry says where (format, path with [*] for indexes) and what (the
// value in the body and from the SDK, compact JSON, absent or anyValue),
// narrowed by when where the path alone says too much; an entry with
// refusal instead explains the SDK refusing the body, each of its
// validation errors matching refusal. Each has an example, a body it
// explains alone (TestRequestKnownDifferences): the list is minimal, and
// a change of the SDK that mends one makes the test say so.
type knownDiff struct {
	kind      string
	format    spec.Format
	path      string
	want, got string
	when      func(body any, d jsonDiff) bool
	refusal   *regexp.Regexp
	why       string
	example   func() []byte
}

// The kinds of a knownDiff.
const (
	sdkArtefact      = "SDK artefact"
	sdkMethod        = "the SDK's method"
	sdkLimitation    = "SDK limitation"
	malformedHistory = "malformed history"
	encoderFinding   = "encoder finding (open)"
)

// anyValue, as a knownDiff's want or got, matches every value present.
const anyValue = "(any)"

// indexRE matches an array index in a path.
var indexRE = regexp.MustCompile(`\[[0-9]+\]`)

// explains reports whether k explains difference d of body, a body of
// format f decoded by decodeJSON.
func (k knownDiff) explains(f spec.Format, body any, d jsonDiff) bool {
	match := func(pat, v string) bool { return pat == v || pat == anyValue && v != absent }
	p := indexRE.ReplaceAllString(d.Path, "[*]")
	under, ok := strings.CutSuffix(k.path, ".**")
	return k.refusal == nil && k.format == f && (p == k.path || ok && strings.HasPrefix(p, under+".")) &&
		match(k.want, d.Want) && match(k.got, d.Got) && (k.when == nil || k.when(body, d))
}

// explainsRefusal reports whether k explains err, the SDK's refusal of a
// body of format f: every validation error the refusal lists ("- ..."
// lines) matches k.refusal.
func (k knownDiff) explainsRefusal(f spec.Format, err error) bool {
	if k.refusal == nil || k.format != f {
		return false
	}
	n := 0
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.HasPrefix(line, "- ") {
			if !k.refusal.MatchString(line) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// lit returns an example that is the body s.
func lit(s string) func() []byte { return func() []byte { return []byte(s) } }

// encoded returns an example that is h written in format f by
// toolspec.EncodeHistory.
func encoded(f spec.Format, h spec.History) func() []byte {
	return func() []byte {
		b, _ := toolspec.EncodeHistory(f, toolspec.History(h))
		return b
	}
}

// valueAt returns the value at path in v.
func valueAt(v any, path string) (any, bool) {
	if !strings.HasPrefix(path, "$") {
		return nil, false
	}
	rest := path[1:]
	for rest != "" {
		m := pathStepRE.FindStringSubmatch(rest)
		if m == nil {
			return nil, false
		}
		rest = rest[len(m[0]):]
		if m[3] != "" {
			a, ok := v.([]any)
			i, _ := strconv.Atoi(m[3])
			if !ok || i >= len(a) {
				return nil, false
			}
			v = a[i]
			continue
		}
		k := m[1]
		if m[2] != "" {
			k, _ = strconv.Unquote(m[2])
		}
		o, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = o[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

// stepsUp returns path without its last n steps.
func stepsUp(path string, n int) string {
	var steps []string
	rest := path[1:]
	for rest != "" {
		m := pathStepRE.FindString(rest)
		if m == "" {
			return path
		}
		steps = append(steps, m)
		rest = rest[len(m):]
	}
	if n > len(steps) {
		n = len(steps)
	}
	return "$" + strings.Join(steps[:len(steps)-n], "")
}

// memberIs returns a when that holds when member key of the object n
// steps above the difference is one of values (absent: the member is
// not there).
func memberIs(n int, key string, values ...string) func(any, jsonDiff) bool {
	return func(body any, d jsonDiff) bool {
		o, _ := valueAt(body, stepsUp(d.Path, n))
		m, _ := o.(map[string]any)
		v, ok := m[key]
		for _, w := range values {
			if w == absent && !ok || ok && compact(v) == w {
				return true
			}
		}
		return false
	}
}

// notAnObject holds when the body's value is not a JSON object.
func notAnObject(_ any, d jsonDiff) bool { return !strings.HasPrefix(d.Want, "{") }

// asTextBlocks holds when the SDK wrote the body's string as one text
// block, the array form.
func asTextBlocks(_ any, d jsonDiff) bool {
	return strings.HasPrefix(d.Want, `"`) && d.Got == `[{"text":`+d.Want+`,"type":"text"}]`
}

// wantType holds when the body's value is an object of type typ.
func wantType(typ string) func(any, jsonDiff) bool {
	return func(_ any, d jsonDiff) bool {
		var o struct{ Type string }
		return json.Unmarshal([]byte(d.Want), &o) == nil && o.Type == typ
	}
}

// all holds when every one of whens holds.
func all(whens ...func(any, jsonDiff) bool) func(any, jsonDiff) bool {
	return func(body any, d jsonDiff) bool {
		for _, w := range whens {
			if !w(body, d) {
				return false
			}
		}
		return true
	}
}

// ollamaPropertyKeyword says d is a keyword of a property's schema that
// Ollama's api.ToolProperty has no field for.
func ollamaPropertyKeyword(_ any, d jsonDiff) bool {
	i := strings.LastIndex(d.Path, ".")
	switch d.Path[i+1:] {
	case "anyOf", "type", "items", "description", "enum", "properties":
		return false
	}
	return true
}

// ollamaParametersKeyword says d is a member of a tool's parameters, not
// within its properties, that Ollama's api.ToolFunctionParameters has no
// field for (additionalProperties has an entry of its own).
func ollamaParametersKeyword(_ any, d jsonDiff) bool {
	rest := d.Path[strings.Index(d.Path, ".parameters.")+len(".parameters."):]
	switch rest {
	case "type", "$defs", "items", "required", "properties", "additionalProperties":
		return false
	}
	return !strings.Contains(rest, ".")
}

// withMember is the body of a history of one user message in format f,
// as the encoder writes it, with the members ms (JSON text) after its
// own.
func withMember(f spec.Format, ms string) func() []byte {
	return func() []byte {
		b, _ := toolspec.EncodeHistory(f, toolspec.History{Messages: []spec.Message{userText}})
		return append(append(b[:len(b)-1:len(b)-1], ","+ms...), '}')
	}
}

// A few histories, for the encoder findings' examples.
var (
	userText = spec.Message{Role: spec.RoleUser, Parts: []spec.Part{{Kind: spec.PartText, Text: "hi"}}}
)

// knownDiffs is every difference the request tests explain.
var knownDiffs = []knownDiff{
	// OpenAI chat (openai-go v3.100.0, chatcompletion.go).
	{kind: sdkArtefact, format: spec.FormatOpenAIChat, path: "$.messages[*].content", want: "null", got: absent,
		why:     "an assistant message's content null (a turn of calls only) is not written back: ChatCompletionAssistantMessageParam.Content is `json:\"content,omitzero\"` (chatcompletion.go:721) and null decodes to its zero value; the API reads an absent content as null",
		example: lit(`{"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"a","arguments":"{}"}}]}]}`)},
	{kind: sdkLimitation, format: spec.FormatOpenAIChat, path: "$.messages[*].reasoning_content", want: anyValue, got: absent,
		why:     "reasoning_content is where OpenAI-compatible servers (DeepSeek, vLLM, Kimi, LiteLLM) read an assistant turn's reasoning back, and where the chat encoder writes a thinking part (SPEC.md XLATE-1); OpenAI's own API has no such member, so ChatCompletionAssistantMessageParam (chatcompletion.go:712-732) has none",
		example: lit(`{"messages":[{"role":"assistant","reasoning_content":"so","content":"ok"}]}`)},
	{kind: malformedHistory, format: spec.FormatOpenAIChat, path: "$.messages[*].tool_calls[*].id", want: absent, got: `""`,
		why:     "a call without an id (read from Gemini or Ollama, which need none; HIST-6 names it in the body): the SDK writes the required id as \"\" (ChatCompletionMessageFunctionToolCallParam.ID `json:\"id\" api:\"required\"`, chatcompletion.go:2869)",
		example: lit(`{"messages":[{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"a","arguments":"{}"}}]}]}`)},
	{kind: malformedHistory, format: spec.FormatOpenAIChat, path: "$.messages[*].tool_call_id", want: absent, got: `""`,
		why:     "a result without an id (HIST-6, as above): the SDK writes the required tool_call_id as \"\" (ChatCompletionToolMessageParam.ToolCallID, chatcompletion.go:3749)",
		example: lit(`{"messages":[{"role":"tool","content":"r"}]}`)},
	{kind: malformedHistory, format: spec.FormatOpenAIChat, path: "$.tools[*].function.parameters", want: anyValue, got: absent, when: notAnObject,
		why:     "a schema that is not an object (HIST-7, calls/anthropic-invalid-tools), carried over as HIST-7 requires: FunctionParameters is map[string]any (shared/shared.go) and the value does not decode into it",
		example: lit(`{"tools":[{"type":"function","function":{"name":"a","parameters":"object"}}]}`)},

	{kind: malformedHistory, format: spec.FormatOpenAIChat, path: "$.response_format.json_schema.name", want: absent, got: `""`,
		why:     "a response schema without the name chat requires of it, translated from a format that has none: the translation names it (SPEC.md XLATE-7, at \"$\") and makes none up; the SDK writes the required name as \"\" (ResponseFormatJSONSchemaJSONSchemaParam.Name, api:\"required\")",
		example: withMember(spec.FormatOpenAIChat, `"response_format":{"type":"json_schema","json_schema":{"schema":{"type":"object"}}}`)},
	{kind: sdkMethod, format: spec.FormatOpenAIChat, path: "$.stream", want: anyValue, got: absent,
		why:     "ChatCompletionNewParams has no stream member: Chat.Completions.NewStreaming sets \"stream\": true on the request it sends (chatcompletion.go), New sends none; a translated body says stream as the source did (SPEC.md XLATE-7), and a program sends it with the method that matches",
		example: lit(`{"messages":[{"role":"user","content":"hi"}],"stream":true}`)},
	{kind: sdkArtefact, format: spec.FormatOpenAIChat, path: "$.model", want: `""`, got: absent,
		why:     "an empty model is not written: ChatCompletionNewParams.Model is `json:\"model,omitzero\"` (chatcompletion.go:3903); a body with \"model\": \"\" comes from Ollama's api.ChatRequest, whose model has no omitempty (an artefact of that SDK carried by a translation)",
		example: lit(`{"messages":[{"role":"user","content":"hi"}],"model":""}`)},
	// OpenAI Responses (openai-go v3.100.0, responses/response.go).
	{kind: malformedHistory, format: spec.FormatOpenAIResponses, path: "$.text.format.name", want: absent, got: `""`,
		why:     "a response schema without the name Responses requires of it, translated from a format that has no name (Ollama's format, Gemini's responseJsonSchema): the translation names it (SPEC.md XLATE-7, at \"$\") and makes none up; the SDK writes the required name as \"\" (ResponseFormatTextJSONSchemaConfigParam.Name, api:\"required\")",
		example: withMember(spec.FormatOpenAIResponses, `"text":{"format":{"type":"json_schema","schema":{"type":"object"}}}`)},
	{kind: sdkMethod, format: spec.FormatOpenAIResponses, path: "$.stream", want: anyValue, got: absent,
		why:     "ResponseNewParams has no stream member: Responses.NewStreaming sets it (responses/response.go), as for chat",
		example: withMember(spec.FormatOpenAIResponses, `"stream":true`)},
	{kind: sdkArtefact, format: spec.FormatOpenAIResponses, path: "$.model", want: `""`, got: absent,
		why:     "an empty model is not written: ResponseNewParams.Model is `json:\"model,omitzero\"`, as for chat",
		example: withMember(spec.FormatOpenAIResponses, `"model":""`)},

	{kind: sdkLimitation, format: spec.FormatOpenAIResponses, path: "$.input[*].content[*]", want: anyValue, got: keptRaw, when: all(memberIs(2, "role", `"assistant"`), wantType("output_text")),
		why:     "an assistant message written as input, its text as output_text parts, without the output message's id and status (a History holds none for text): the API takes it, but no request type does, EasyInputMessageParam's content being input parts and ResponseOutputMessageParam requiring id and status (responses/response.go); openai-go passes it on verbatim. The request model's fault, says OpenAI (openai/openai-java#585, openai/openai-openapi#565)",
		example: encoded(spec.FormatOpenAIResponses, spec.History{Messages: []spec.Message{userText, {Role: spec.RoleAssistant, Parts: []spec.Part{{Kind: spec.PartText, Text: "ok"}}}}})},

	// Anthropic (anthropic-sdk-go v2.16.0, message.go).
	{kind: sdkMethod, format: spec.FormatAnthropic, path: "$.stream", want: anyValue, got: absent,
		why:     "MessageNewParams has no stream member: Messages.NewStreaming sets it (message.go), as openai-go does",
		example: withMember(spec.FormatAnthropic, `"max_tokens":16,"model":"m","stream":true`)},
	{kind: sdkArtefact, format: spec.FormatAnthropic, path: "$.model", want: `""`, got: absent,
		why:     "an empty model is not written: MessageNewParams.Model is `json:\"model,omitzero\"`, as in openai-go",
		example: withMember(spec.FormatAnthropic, `"max_tokens":16,"model":""`)},
	{kind: sdkArtefact, format: spec.FormatAnthropic, path: "$.max_tokens", want: absent, got: "0",
		why:     "a history body holds no max_tokens (a translation writes the history alone, XLATE-4); MessageNewParams.MaxTokens is `json:\"max_tokens\" api:\"required\"` (message.go:17988), so the SDK writes its zero",
		example: lit(`{"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}`)},
	{kind: sdkArtefact, format: spec.FormatAnthropic, path: "$.system", want: anyValue, got: anyValue, when: asTextBlocks,
		why:     "the system prompt as one string is written as one text block: MessageNewParams.System is []TextBlockParam (message.go:18124), which has no string form; the API takes both",
		example: lit(`{"max_tokens":1,"system":"be brief","messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}`)},
	{kind: sdkArtefact, format: spec.FormatAnthropic, path: "$.messages[*].content", want: anyValue, got: anyValue, when: asTextBlocks,
		why:     "a message's content given as a string, as a request kept byte for byte by a translation into its own format has it (HIST-9), is written as one text block: MessageParam.Content is []ContentBlockParamUnion, and the API reads the two alike",
		example: lit(`{"messages":[{"role":"user","content":"hi"}],"max_tokens":16,"model":"m"}`)},
	{kind: sdkArtefact, format: spec.FormatAnthropic, path: "$.messages[*].content[*].content", want: anyValue, got: anyValue, when: asTextBlocks,
		why:     "a tool_result's content as one string is written as one text block: ToolResultBlockParam.Content is []ToolResultBlockParamContentUnion (message.go:13705); the API takes both",
		example: lit(`{"max_tokens":1,"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"c","content":"r"}]}]}`)},
	{kind: malformedHistory, format: spec.FormatAnthropic, path: "$.messages[*].content[*].id", want: absent, got: `""`, when: memberIs(1, "type", `"tool_use"`),
		why:     "a call without an id (HIST-6): ToolUseBlockParam.ID is `json:\"id\" api:\"required\"` (message.go:16051)",
		example: lit(`{"max_tokens":1,"messages":[{"role":"assistant","content":[{"type":"tool_use","name":"a","input":{}}]}]}`)},
	{kind: malformedHistory, format: spec.FormatAnthropic, path: "$.messages[*].content[*].tool_use_id", want: absent, got: `""`, when: memberIs(1, "type", `"tool_result"`),
		why:     "a result without an id (HIST-6): ToolResultBlockParam.ToolUseID is `json:\"tool_use_id\" api:\"required\"` (message.go:13699)",
		example: lit(`{"max_tokens":1,"messages":[{"role":"user","content":[{"type":"tool_result","content":[{"type":"text","text":"r"}]}]}]}`)},
	{kind: malformedHistory, format: spec.FormatAnthropic, path: "$.tools[*].input_schema", want: anyValue, got: absent, when: notAnObject,
		why:     "a schema that is not an object (HIST-7, calls/anthropic-invalid-tools): ToolInputSchemaParam is an object",
		example: lit(`{"max_tokens":1,"messages":[],"tools":[{"name":"a","input_schema":"object"}]}`)},

	// Gemini (genai v1.77.0).
	{kind: sdkArtefact, format: spec.FormatGemini, path: "$.generationConfig", want: absent, got: "{}",
		why:     "Models.GenerateContent always writes the config's generation members as generationConfig, {} when there are none (generateContentParametersToMldev, models.go:1621)",
		example: lit(`{"contents":[{"role":"user","parts":[{"text":"hi"}]}]}`)},
	{kind: sdkArtefact, format: spec.FormatGemini, path: "$.systemInstruction.role", want: absent, got: `"user"`,
		why:     "Models.GenerateContent gives a system instruction without a role the role user (GenerateContentConfig.setDefaults, models_helpers.go:29)",
		example: lit(`{"systemInstruction":{"parts":[{"text":"be brief"}]},"contents":[{"role":"user","parts":[{"text":"hi"}]}]}`)},
	{kind: sdkArtefact, format: spec.FormatGemini, path: "$.contents", want: "[]", got: "null",
		why:     "no contents (a history of no message) are written as null: applyConverterToSliceWithRoot returns a nil slice for none (common.go:351)",
		example: lit(`{"contents":[]}`)},
	{kind: sdkArtefact, format: spec.FormatGemini, path: "$.contents[*].parts", want: "[]", got: absent,
		why:     "a content of no part (a message whose parts the format cannot carry, or an empty one) is written without parts: Content.Parts is `json:\"parts,omitempty\"` (types.go:1832); proto3 JSON reads both as no part",
		example: lit(`{"contents":[{"role":"user","parts":[]}]}`)},
	{kind: sdkArtefact, format: spec.FormatGemini, path: "$.systemInstruction.parts", want: "[]", got: absent,
		why:     "as for a content's parts (types.go:1832)",
		example: lit(`{"systemInstruction":{"parts":[]},"contents":[]}`)},
	{kind: sdkArtefact, format: spec.FormatGemini, path: "$.contents[*].parts[*].functionCall.args", want: "{}", got: absent,
		why:     "a call of no argument: FunctionCall.Args is `json:\"args,omitempty\"` (types.go:1418); proto3 JSON reads an absent Struct as empty",
		example: lit(`{"contents":[{"role":"model","parts":[{"functionCall":{"name":"a","args":{}}}]}]}`)},
	{kind: sdkLimitation, format: spec.FormatGemini, path: "$.contents[*].parts[*].functionResponse.response", want: "{}", got: absent,
		why:     "a result of no content is written as response {}; FunctionResponse.Response is `json:\"response,omitempty\"` (types.go:1522), so genai cannot send the empty response the API's FunctionResponse requires",
		example: lit(`{"contents":[{"role":"user","parts":[{"functionResponse":{"name":"a","response":{}}}]}]}`)},
	{kind: sdkLimitation, format: spec.FormatGemini, path: "$.contents[*].parts[*].text", want: `""`, got: absent,
		why:     "an empty text part: Part.Text is `json:\"text,omitempty\"` (types.go:1710), so genai cannot send one, and writes a part of no data; the API, for its part, has refused empty text parts in a history with \"Unable to submit request because it has an empty text parameter\" (google-gemini/deprecated-generative-ai-js#361), so the encoder's empty part may not be sent either",
		example: lit(`{"contents":[{"role":"user","parts":[{"text":""}]}]}`)},
	{kind: sdkLimitation, format: spec.FormatGemini, path: "$.systemInstruction.parts[*].text", want: `""`, got: absent,
		why:     "as for a content's empty text part (types.go:1710)",
		example: lit(`{"systemInstruction":{"parts":[{"text":""}]},"contents":[]}`)},
	{kind: malformedHistory, format: spec.FormatGemini, path: "$.contents[*].parts[*].functionCall.name", want: `""`, got: absent,
		why:     "a call without a name (HIST-6, calls/anthropic-tool-use-without-id-or-name): FunctionCall.Name is `json:\"name,omitempty\"` (types.go:1420)",
		example: lit(`{"contents":[{"role":"model","parts":[{"functionCall":{"name":"","args":{"a":1}}}]}]}`)},
	{kind: malformedHistory, format: spec.FormatGemini, path: "$.tools[*].functionDeclarations[*].name", want: `""`, got: absent,
		why:     "a tool without a name (HIST-7, calls/anthropic-invalid-tools): FunctionDeclaration.Name is `json:\"name,omitempty\"` (types.go:2533)",
		example: lit(`{"contents":[],"tools":[{"functionDeclarations":[{"name":"","description":"d"}]}]}`)},

	// Ollama (ollama v0.17.4, api/types.go).
	{kind: sdkArtefact, format: spec.FormatOllama, path: "$.model", want: absent, got: `""`,
		why:     "a history body holds no model; ChatRequest.Model is `json:\"model\"` (api/types.go:149), written when empty",
		example: lit(`{"messages":[{"role":"user","content":"hi"}]}`)},
	{kind: sdkArtefact, format: spec.FormatOllama, path: "$.options", want: absent, got: "null",
		why:     "ChatRequest.Options is `json:\"options\"` (api/types.go:168), written when nil",
		example: lit(`{"messages":[{"role":"user","content":"hi"}]}`)},
	{kind: sdkArtefact, format: spec.FormatOllama, path: "$.messages[*].tool_calls[*].function.index", want: absent, got: "0",
		why:     "ToolCallFunction.Index is `json:\"index\"` (api/types.go:241), written when 0",
		example: lit(`{"messages":[{"role":"assistant","content":"","tool_calls":[{"function":{"name":"a","arguments":{}}}]}]}`)},
	{kind: sdkLimitation, format: spec.FormatOllama, path: "$.tools[*].function.parameters", want: absent, got: `{"properties":null,"type":""}`,
		why:     "a tool without a schema cannot be sent: ToolFunction.Parameters is a struct `json:\"parameters\"` (api/types.go:502), its Type and Properties without omitempty (487, 491), so the client sends a schema of type \"\"",
		example: lit(`{"messages":[],"tools":[{"type":"function","function":{"name":"a"}}]}`)},
	{kind: sdkLimitation, format: spec.FormatOllama, path: "$.tools[*].function.parameters.properties", want: absent, got: "null",
		why:     "a schema without properties cannot be sent as it is: ToolFunctionParameters.Properties is `json:\"properties\"` (api/types.go:491), written as null when nil",
		example: lit(`{"messages":[],"tools":[{"type":"function","function":{"name":"a","parameters":{"type":"object"}}}]}`)},
	{kind: sdkLimitation, format: spec.FormatOllama, path: "$.tools[*].function.parameters.properties.**", want: anyValue, got: absent, when: ollamaPropertyKeyword,
		why:     "a property's schema holds only anyOf, type, items, description, enum and properties in Ollama's api.ToolProperty (api/types.go:432), the type its server decodes a request into: every other keyword (minimum, maxItems, default, pattern, format, ...) is dropped by Ollama itself, not only by its client",
		example: lit(`{"messages":[],"tools":[{"type":"function","function":{"name":"a","parameters":{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}}}]}`)},
	{kind: sdkLimitation, format: spec.FormatOllama, path: "$.tools[*].function.parameters.**", want: anyValue, got: absent, when: ollamaParametersKeyword,
		why:     "a tool's parameters hold only type, $defs, items, required and properties in Ollama's api.ToolFunctionParameters (api/types.go:486), the type its server decodes a request into: another keyword of the top schema (propertyOrdering, description, ...) is dropped by Ollama itself",
		example: lit(`{"messages":[],"tools":[{"type":"function","function":{"name":"a","parameters":{"type":"object","properties":{"n":{"type":"integer"}},"propertyOrdering":["n"]}}}]}`)},
	{kind: sdkLimitation, format: spec.FormatOllama, path: "$.tools[*].function.parameters.additionalProperties", want: anyValue, got: absent,
		why:     "ToolFunctionParameters (api/types.go:486) has type, $defs, items, required and properties only: a schema's other keywords are not sent, and Ollama's server, which decodes the same type, drops them too",
		example: lit(`{"messages":[],"tools":[{"type":"function","function":{"name":"a","parameters":{"type":"object","properties":{},"additionalProperties":false}}}]}`)},
}

// requestCheck is what the check of one body finds.
type requestCheck struct {
	out       []byte   // what the SDK wrote; nil when it refused the body
	explained []int    // the indexes in knownDiffs of the entries that explained a difference or the refusal
	problems  []string // every fault: an error, an unexplained difference, an unknown member the comparison does not show dropped
}

// ok reports whether the check found no fault.
func (c requestCheck) ok() bool { return len(c.problems) == 0 }

// checkRequest puts body, a request body of format f, through the SDK's
// request type and compares what the SDK writes with it.
func checkRequest(f spec.Format, body []byte) requestCheck {
	var c requestCheck
	r := sdkRequestOf(f)
	out, unknown, err := r.through(body)
	if err != nil {
		for i, k := range knownDiffs {
			if k.explainsRefusal(f, err) {
				c.explained = append(c.explained, i)
				return c
			}
		}
		c.problems = append(c.problems, fmt.Sprintf("%s does not take the body: %v", r.typ, err))
		return c
	}
	tree, err := decodeJSON(body)
	if err != nil {
		c.problems = append(c.problems, fmt.Sprintf("the body: %v", err))
		return c
	}
	c.out = out
	diffs, err := diffAgainst(body, out, unknown)
	if err != nil {
		c.problems = append(c.problems, err.Error())
		return c
	}
next:
	for _, d := range diffs {
		for i, k := range knownDiffs {
			if k.explains(f, tree, d) {
				c.explained = append(c.explained, i)
				continue next
			}
		}
		c.problems = append(c.problems, d.String())
	}
	for _, u := range unknown {
		if !strings.HasPrefix(u, "$") && !strings.HasPrefix(u, verbatimMark) && !droppedMember(diffs, u) {
			c.problems = append(c.problems, fmt.Sprintf("%s names the member %q unknown, but the comparison shows no member of that name dropped", r.typ, u))
		}
	}
	return c
}

// diffAgainst returns the differences between body and out, the SDK's
// output. Each path of unknown (the Bedrock mapping's, "$..."), a member
// or element the SDK was not given, is a difference of its own, dropped
// at its path, and is taken out of body before the comparison, so that
// the elements after it compare with their own. Each value the SDK kept
// verbatim (verbatimMark) is a difference of its own too, kept raw.
func diffAgainst(body, out []byte, unknown []string) ([]jsonDiff, error) {
	var paths []string
	var verbatim []jsonDiff
	for _, u := range unknown {
		if strings.HasPrefix(u, "$") {
			paths = append(paths, u)
		}
		if p, ok := strings.CutPrefix(u, verbatimMark); ok {
			verbatim = append(verbatim, jsonDiff{p, "", keptRaw})
		}
	}
	tree, err := decodeJSON(body)
	if err != nil {
		return nil, fmt.Errorf("the body: %w", err)
	}
	for i, d := range verbatim {
		v, ok := valueAt(tree, d.Path)
		if !ok {
			return nil, fmt.Errorf("the SDK kept verbatim a value at %s, which the body does not have", d.Path)
		}
		verbatim[i].Want = compact(v)
	}
	if len(paths) == 0 {
		ds, err := diffJSON(body, out)
		return append(verbatim, ds...), err
	}
	var drops []jsonDiff
	// Last first: taking an element out moves those after it.
	for i := len(paths) - 1; i >= 0; i-- {
		v, ok := removeAt(&tree, paths[i])
		if !ok {
			return nil, fmt.Errorf("the body has no member at %s, named unknown", paths[i])
		}
		drops = append([]jsonDiff{{paths[i], compact(v), absent}}, drops...)
	}
	rest, err := diffJSON([]byte(compact(tree)), out)
	if err != nil {
		return nil, err
	}
	return append(append(verbatim, drops...), rest...), nil
}

// pathStepRE matches one step of a path: .name, ["name"] or [index].
var pathStepRE = regexp.MustCompile(`^(?:\.([A-Za-z0-9_$]+)|\[("(?:[^"\\]|\\.)*")\]|\[([0-9]+)\])`)

// removeAt removes the member or element at path ("$" and steps) from
// *root, and returns it.
func removeAt(root *any, path string) (any, bool) {
	if !strings.HasPrefix(path, "$") {
		return nil, false
	}
	rest := path[1:]
	cur := root
	for {
		m := pathStepRE.FindStringSubmatch(rest)
		if m == nil {
			return nil, false
		}
		rest = rest[len(m[0]):]
		last := rest == ""
		switch {
		case m[3] != "":
			a, ok := (*cur).([]any)
			i, _ := strconv.Atoi(m[3])
			if !ok || i >= len(a) {
				return nil, false
			}
			if last {
				v := a[i]
				*cur = append(a[:i:i], a[i+1:]...)
				return v, true
			}
			cur = &a[i]
		default:
			k := m[1]
			if m[2] != "" {
				k, _ = strconv.Unquote(m[2])
			}
			o, ok := (*cur).(map[string]any)
			if !ok {
				return nil, false
			}
			v, ok := o[k]
			if !ok {
				return nil, false
			}
			if last {
				delete(o, k)
				return v, true
			}
			cur = &v
			// v is a copy of the interface; maps and slices under it
			// are shared, but a slice shortened must be stored back.
			defer func(o map[string]any, k string, p *any) { o[k] = *p }(o, k, cur)
		}
	}
}

// droppedMember reports whether diffs drop a member named u (encoding/json
// names an unknown field without its path): the last step of the path of
// a member dropped, or of an element or member that holds one (a value
// the SDK changed, or dropped whole, may hold it).
func droppedMember(diffs []jsonDiff, u string) bool {
	for _, d := range diffs {
		if d.Got == absent && (strings.HasSuffix(d.Path, "."+u) || strings.HasSuffix(d.Path, "["+strconv.Quote(u)+"]")) {
			return true
		}
		if d.Want != absent && strings.Contains(d.Want, strconv.Quote(u)+":") {
			return true
		}
	}
	return false
}
