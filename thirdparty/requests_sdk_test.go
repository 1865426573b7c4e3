package thirdparty

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/ollama/ollama/api"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"google.golang.org/genai"

	"github.com/toolspec/toolspec/spec"
)

// Each format's request body goes through the official Go SDK's request
// type: decoded into it, written back by the SDK, and compared with the
// body as a JSON value (diffJSON). A member the type has no place for is
// dropped on the way and shows as a difference; so is a value the type
// holds otherwise. How each SDK is driven, and why:
//
//   - openai-go's ChatCompletionNewParams and responses.ResponseNewParams
//     and anthropic-sdk-go's MessageNewParams implement json.Unmarshaler
//     (apijson.UnmarshalRoot) and json.Marshaler (param.MarshalObject).
//     Their decoder drops a member a params struct does not have (it is
//     only noted in metadata the marshaler does not write), and an array
//     whose element matches no variant of its union; json.Unmarshal then
//     json.Marshal shows both. One thing it passes on: a union value that
//     no variant takes is kept as raw JSON (param.SetJSON) and written
//     back as it came, so keptVerbatim finds those through the public
//     Overrides method of the decoded values, each a fault of its own.
//     openai-go's tool choice unions do not decode a named choice
//     (toolChoiceByType decodes it by its type, with the SDK's variant
//     types).
//   - genai has no type of the generateContent body: the Models methods
//     take []*genai.Content and a GenerateContentConfig and build the body
//     from them. So the body's members are decoded into the types the
//     method takes (contents and systemInstruction into genai.Content,
//     tools into genai.Tool, toolConfig into genai.ToolConfig), plain
//     structs, with a json.Decoder that disallows unknown fields; then
//     Models.GenerateContent is called with them over an HTTP client that
//     keeps the body it is asked to send (captureClient), and that body,
//     the one genai sends, is what is compared. Re-marshalling the types
//     with encoding/json would prove less: genai writes the body with its
//     own converters (generateContentParametersToMldev) and defaults, not
//     with the types' JSON tags alone.
//   - the AWS SDK's bedrockruntime.ConverseStreamInput has no JSON form
//     of its own and its unions are interfaces; requests_bedrock_test.go
//     maps the body onto it by hand, member by member, noting every member
//     it has no place for, and Client.ConverseStream validates and
//     serializes it over captureClient. The modelId is in the URL, not
//     the body.
//   - Ollama's api.ChatRequest is a plain struct with JSON tags: it is
//     decoded with unknown fields disallowed and written back with
//     json.Marshal, as api.Client.Chat writes it. Its Message has its own
//     UnmarshalJSON, which decodes without that check, so the comparison
//     is what finds an unknown member of a message.
//
// Where encoding/json's strict decoding names an unknown field (genai's
// types, Ollama's), the body is decoded again without the check, so that
// the comparison still runs; the field must then show as dropped by the
// comparison, or the check fails. No SDK is given anything but the
// body's own members.

// sdkRequest is the official request type of one format and the way a body
// goes through it.
type sdkRequest struct {
	format spec.Format
	typ    string // the SDK and its type, for messages
	// through decodes body into the SDK's request type and returns the
	// JSON the SDK writes of it, and the members its decoding found no
	// place for: a name (encoding/json's strict decoding), a path in the
	// body (the Bedrock mapping's) or a path after verbatimMark (a value
	// the Stainless decoder kept raw).
	through func(body []byte) (out []byte, unknown []string, err error)
}

// sdkRequests has one sdkRequest per history format.
var sdkRequests = []sdkRequest{
	{spec.FormatOpenAIChat, "openai-go openai.ChatCompletionNewParams", chatThrough},
	{spec.FormatOpenAIResponses, "openai-go responses.ResponseNewParams", responsesThrough},
	{spec.FormatAnthropic, "anthropic-sdk-go anthropic.MessageNewParams", paramsThrough[anthropic.MessageNewParams]},
	{spec.FormatGemini, "genai Models.GenerateContent([]*genai.Content, *genai.GenerateContentConfig)", geminiThrough},
	{spec.FormatBedrock, "aws-sdk-go-v2 bedrockruntime.Client.ConverseStream(*ConverseStreamInput)", bedrockThrough},
	{spec.FormatOllama, "ollama api.ChatRequest", ollamaThrough},
}

// sdkRequestOf returns the sdkRequest of format f.
func sdkRequestOf(f spec.Format) sdkRequest {
	for _, r := range sdkRequests {
		if r.format == f {
			return r
		}
	}
	panic("no SDK request type for format " + string(f))
}

// paramsThrough decodes body into P with json.Unmarshal, which the SDK's
// params types implement, and writes it back with json.Marshal. The
// values the decoder kept verbatim (keptVerbatim) are returned as
// unknown.
func paramsThrough[P any](body []byte) ([]byte, []string, error) {
	var p P
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, nil, err
	}
	out, err := json.Marshal(p)
	return out, keptVerbatim(reflect.ValueOf(&p), "$"), err
}

// keptVerbatim returns the paths, marked with verbatimMark, of the values
// under v that the Stainless decoder (openai-go's and anthropic-sdk-go's
// apijson) kept as raw JSON: when no variant of a union takes a value, it
// keeps the value verbatim (param.SetJSON, internal/apijson/union.go,
// preserveParamJSON) and the marshaler writes it back as it came
// (param.MarshalUnion), so the comparison alone would see no difference
// though the type knows nothing of the value. Such a value reports itself
// through the public method Overrides of the param metadata every params
// struct and union embeds. Paths follow the JSON names of the fields; a
// union's variants are inline.
func keptVerbatim(v reflect.Value, path string) []string {
	var out []string
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = append(out, keptVerbatim(v.Elem(), path)...)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			out = append(out, keptVerbatim(v.Index(i), path+"["+strconv.Itoa(i)+"]")...)
		}
	case reflect.Struct:
		if o, ok := v.Interface().(interface{ Overrides() (any, bool) }); ok {
			if raw, ok := o.Overrides(); ok {
				if r, isRaw := raw.(json.RawMessage); isRaw && string(r) != "null" {
					return []string{verbatimMark + path}
				}
			}
		}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			p := path
			if name == "-" {
				continue
			} else if name != "" {
				p = memberPath(path, name)
			}
			out = append(out, keptVerbatim(v.Field(i), p)...)
		}
	}
	return out
}

// verbatimMark starts a path of keptVerbatim.
const verbatimMark = "verbatim:"

// chatThrough is paramsThrough for ChatCompletionNewParams, its tool
// choice decoded by its type (toolChoiceByType).
func chatThrough(body []byte) ([]byte, []string, error) {
	var p openai.ChatCompletionNewParams
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, nil, err
	}
	err := toolChoiceByType(body, map[string]func(raw []byte) error{
		"function": func(raw []byte) error {
			var v openai.ChatCompletionNamedToolChoiceParam
			p.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfFunctionToolChoice: &v}
			return json.Unmarshal(raw, &v)
		},
		"custom": func(raw []byte) error {
			var v openai.ChatCompletionNamedToolChoiceCustomParam
			p.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfCustomToolChoice: &v}
			return json.Unmarshal(raw, &v)
		},
	})
	if err != nil {
		return nil, nil, err
	}
	out, err := json.Marshal(p)
	return out, keptVerbatim(reflect.ValueOf(&p), "$"), err
}

// responsesThrough is paramsThrough for ResponseNewParams, its tool
// choice decoded by its type (toolChoiceByType).
func responsesThrough(body []byte) ([]byte, []string, error) {
	var p responses.ResponseNewParams
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, nil, err
	}
	err := toolChoiceByType(body, map[string]func(raw []byte) error{
		"function": func(raw []byte) error {
			var v responses.ToolChoiceFunctionParam
			p.ToolChoice = responses.ResponseNewParamsToolChoiceUnion{OfFunctionTool: &v}
			return json.Unmarshal(raw, &v)
		},
		"custom": func(raw []byte) error {
			var v responses.ToolChoiceCustomParam
			p.ToolChoice = responses.ResponseNewParamsToolChoiceUnion{OfCustomTool: &v}
			return json.Unmarshal(raw, &v)
		},
	})
	if err != nil {
		return nil, nil, err
	}
	out, err := json.Marshal(p)
	return out, keptVerbatim(reflect.ValueOf(&p), "$"), err
}

// toolChoiceByType decodes the tool_choice of body, when it is an object
// whose type is a key of variants, with that variant's function. openai-go
// v3.100.0's decoder of the tool choice unions
// (ChatCompletionToolChoiceOptionUnionParam, chatcompletion.go:3681, and
// ResponseNewParamsToolChoiceUnion, responses/response.go:37743) does not
// dispatch on type: every object becomes the first object variant,
// OfAllowedTools, so {"type":"function","function":{"name":"f"}} is
// written back as {"type":"function"} (TestRequestOpenAIToolChoiceUnion
// holds the SDK to that, so that this goes when the SDK mends it). The
// variant types are the SDK's, set in the union as its constructors
// (ToolChoiceOptionFunctionToolChoice) set them: what the SDK writes is
// still all its own.
func toolChoiceByType(body []byte, variants map[string]func(raw []byte) error) error {
	var top struct {
		ToolChoice json.RawMessage `json:"tool_choice"`
	}
	if err := json.Unmarshal(body, &top); err != nil {
		return err
	}
	var typ struct {
		Type string `json:"type"`
	}
	if len(top.ToolChoice) == 0 || top.ToolChoice[0] != '{' {
		return nil
	}
	if err := json.Unmarshal(top.ToolChoice, &typ); err != nil {
		return err
	}
	if decode, ok := variants[typ.Type]; ok {
		return decode(top.ToolChoice)
	}
	return nil
}

// strictDecode decodes raw into a T with unknown fields disallowed. When
// that fails on an unknown field, raw is decoded again into a new T
// without the check, and the field's name is returned with it; any other
// error is returned.
func strictDecode[T any](raw []byte) (T, []string, error) {
	var v T
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(&v)
	if err == nil {
		return v, nil, nil
	}
	const prefix = `json: unknown field "`
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) {
		return v, nil, err
	}
	var again T // the failed decoding may have filled part of v
	if err := json.Unmarshal(raw, &again); err != nil {
		return again, nil, err
	}
	return again, []string{strings.TrimSuffix(strings.TrimPrefix(msg, prefix), `"`)}, nil
}

// ollamaThrough decodes body into api.ChatRequest, strictly, and writes
// it back with json.Marshal, as api.Client does (api/client.go, do).
func ollamaThrough(body []byte) ([]byte, []string, error) {
	req, unknown, err := strictDecode[api.ChatRequest](body)
	if err != nil {
		return nil, nil, err
	}
	out, err := json.Marshal(&req)
	return out, unknown, err
}

// geminiBody is the generateContent body, member by member, in the types
// that Models.GenerateContent takes. The members are those of the Gemini
// history format (spec.FormatRules.HistoryMembers); any other is unknown
// here, and the encoders write no other.
type geminiBody struct {
	Contents          []*genai.Content  `json:"contents"`
	SystemInstruction *genai.Content    `json:"systemInstruction"`
	Tools             []*genai.Tool     `json:"tools"`
	ToolConfig        *genai.ToolConfig `json:"toolConfig"`
	// GenerationConfig holds the settings a translation maps (SPEC.md
	// XLATE-7); genai's GenerateContentConfig spells them as the REST
	// generationConfig does and writes them there.
	GenerationConfig *genai.GenerateContentConfig `json:"generationConfig"`
}

// genaiCaptureClient is the genai client of the request checks: the
// Gemini API backend, a placeholder key and captureClient, so that nothing
// is dialed.
var genaiCaptureClient = sync.OnceValues(func() (*genai.Client, error) {
	return genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey:      "placeholder",
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  captureClient(),
		HTTPOptions: genai.HTTPOptions{BaseURL: "http://gemini.invalid/"},
	})
})

// geminiModel is the model of the checks' requests; it goes in the URL.
const geminiModel = "gemini-2.5-flash"

// geminiThrough decodes body into geminiBody, strictly, hands its members
// to Models.GenerateContent and returns the body genai sends.
func geminiThrough(body []byte) ([]byte, []string, error) {
	b, unknown, err := strictDecode[geminiBody](body)
	if err != nil {
		return nil, nil, err
	}
	client, err := genaiCaptureClient()
	if err != nil {
		return nil, nil, err
	}
	cfg := b.GenerationConfig
	if cfg == nil {
		cfg = &genai.GenerateContentConfig{}
	}
	cfg.SystemInstruction, cfg.Tools, cfg.ToolConfig = b.SystemInstruction, b.Tools, b.ToolConfig
	ctx, c := withCapture(context.Background())
	_, err = client.Models.GenerateContent(ctx, geminiModel, b.Contents, cfg)
	out, err := c.result(err, "/models/"+geminiModel+":generateContent")
	return out, unknown, err
}

// The HTTP client of the checks that drive an SDK's client (genai, the AWS
// SDK): it keeps the body of the request it is asked to send and answers
// with errCaptured, so the SDK's call fails after building and sending
// the request, and nothing is dialed. The capture travels in the
// request's context, so one client serves every check.

// captureKey is the context key of a *capture.
type captureKey struct{}

// capture is the request one call sent.
type capture struct {
	mu   sync.Mutex
	n    int // requests sent
	url  *url.URL
	body []byte
}

// errCaptured is captureTransport's answer to every request.
var errCaptured = errors.New("thirdparty: request captured, not sent")

// withCapture returns ctx carrying a new capture, and the capture.
func withCapture(ctx context.Context) (context.Context, *capture) {
	c := &capture{}
	return context.WithValue(ctx, captureKey{}, c), c
}

// captureTransport keeps each request's body in the capture of its
// context.
type captureTransport struct{}

// RoundTrip reads and closes the request body into the request's capture
// and answers errCaptured.
func (captureTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	c, ok := req.Context().Value(captureKey{}).(*capture)
	if !ok {
		return nil, errors.New("thirdparty: the request's context carries no capture")
	}
	var body []byte
	if req.Body != nil {
		var err error
		body, err = io.ReadAll(req.Body)
		_ = req.Body.Close()
		if err != nil {
			return nil, err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	c.url, c.body = req.URL, body
	return nil, errCaptured
}

// captureClient returns an HTTP client whose transport is
// captureTransport.
func captureClient() *http.Client { return &http.Client{Transport: captureTransport{}} }

// result returns the body of the one request the call sent, given the
// call's error, which must be errCaptured's (the SDKs wrap it), and the
// path the request's URL must end with.
func (c *capture) result(callErr error, pathSuffix string) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.n == 0:
		return nil, fmt.Errorf("the SDK sent no request: %v", callErr)
	case c.n > 1:
		return nil, fmt.Errorf("the SDK sent %d requests, want 1", c.n)
	case !errors.Is(callErr, errCaptured):
		return nil, fmt.Errorf("the SDK's call failed otherwise than by the capture: %v", callErr)
	case !strings.HasSuffix(c.url.Path, pathSuffix):
		return nil, fmt.Errorf("the SDK sent the request to %s, want a path ending %s", c.url, pathSuffix)
	}
	return c.body, nil
}
