package thirdparty

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	brdocument "github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	smithydocument "github.com/aws/smithy-go/document"
)

// The AWS SDK for Go v2 has no JSON decoder of its request types: a
// ConverseStreamInput is built in Go, its unions (ContentBlock,
// SystemContentBlock, Tool, ToolChoice, ToolResultContentBlock, ...) are
// interfaces with one Member type per variant, and Client.ConverseStream
// serializes it. So converseInput maps a Converse body onto the input by
// hand, strictly: each object's members are those the Converse API
// reference gives its shape, each union object has exactly one member
// naming its variant, and every member it has no place for is noted at
// its path and left out: a member of an object, or a whole element whose
// union has no variant of that name, as the SDK writes none (checkRequest
// shows each as dropped at its path, and compares the rest). Nothing
// is defaulted: a member absent from the body stays nil. The mapping
// covers the members of the shapes a history uses (messages, system,
// toolConfig and what they hold); a member of the API it does not map is
// noted as unknown like a member of no API, so a body that uses one fails
// the check until the mapping learns it, never passes by accident.
//
// The SDK then writes the body: bedrockThrough calls ConverseStream over
// captureClient and returns the request body the SDK sent (the modelId
// goes in the URL).

// bedrockModel is the model of the checks' requests: the URL's, not the
// body's.
const bedrockModel = "anthropic.claude-sonnet-4-20250514-v1:0"

// bedrockCaptureClient is the Bedrock runtime client of the request checks:
// a fixed region, static placeholder credentials (requests are signed as
// usual), one attempt and captureClient.
var bedrockCaptureClient = sync.OnceValue(func() *bedrockruntime.Client {
	return bedrockruntime.New(bedrockruntime.Options{
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDPLACEHOLDER", "placeholder", ""),
		HTTPClient:       captureClient(),
		RetryMaxAttempts: 1,
	})
})

// bedrockThrough maps body onto a ConverseStreamInput and returns the
// body Client.ConverseStream sends for it, with the paths of the members
// the mapping had no place for.
func bedrockThrough(body []byte) ([]byte, []string, error) {
	in, unknown, err := converseInput(body)
	if err != nil {
		return nil, nil, err
	}
	in.ModelId = aws.String(bedrockModel)
	ctx, c := withCapture(context.Background())
	_, err = bedrockCaptureClient().ConverseStream(ctx, in)
	out, err := c.result(err, "/converse-stream")
	return out, unknown, err
}

// brMapper maps one body, noting the members it has no place for and the
// first error.
type brMapper struct {
	unknown []string
	err     error
}

// converseInput maps body onto a ConverseStreamInput.
func converseInput(body []byte) (*bedrockruntime.ConverseStreamInput, []string, error) {
	v, err := decodeJSON(body)
	if err != nil {
		return nil, nil, err
	}
	m := &brMapper{}
	in := &bedrockruntime.ConverseStreamInput{}
	top := m.object(v, "$", "messages", "system", "toolConfig", "inferenceConfig", "outputConfig")
	if ms, ok := top["messages"]; ok {
		in.Messages = []types.Message{}
		for i, e := range m.array(ms, "$.messages") {
			in.Messages = append(in.Messages, m.message(e, "$.messages["+strconv.Itoa(i)+"]"))
		}
	}
	if sys, ok := top["system"]; ok {
		in.System = []types.SystemContentBlock{}
		for i, e := range m.array(sys, "$.system") {
			if b := m.systemBlock(e, "$.system["+strconv.Itoa(i)+"]"); b != nil {
				in.System = append(in.System, b)
			}
		}
	}
	if tc, ok := top["toolConfig"]; ok {
		in.ToolConfig = m.toolConfig(tc, "$.toolConfig")
	}
	if ic, ok := top["inferenceConfig"]; ok {
		in.InferenceConfig = m.inferenceConfig(ic, "$.inferenceConfig")
	}
	if oc, ok := top["outputConfig"]; ok {
		o := m.object(oc, "$.outputConfig", "effort")
		in.OutputConfig = &types.OutputConfig{Effort: m.str(o, "effort", "$.outputConfig")}
	}
	if m.err != nil {
		return nil, nil, m.err
	}
	return in, m.unknown, nil
}

// inferenceConfig maps an InferenceConfiguration, the settings a
// translation writes for Bedrock (SPEC.md XLATE-7).
func (m *brMapper) inferenceConfig(v any, path string) *types.InferenceConfiguration {
	o := m.object(v, path, "maxTokens", "temperature", "topP", "stopSequences")
	ic := &types.InferenceConfiguration{}
	num := func(k string) (float64, bool) {
		n, ok := o[k]
		if !ok {
			return 0, false
		}
		jn, ok := n.(json.Number)
		f, err := jn.Float64()
		if !ok || err != nil {
			m.fail(memberPath(path, k), "want a number, got %s", compact(n))
			return 0, false
		}
		return f, true
	}
	if f, ok := num("maxTokens"); ok {
		ic.MaxTokens = aws.Int32(int32(f))
	}
	if f, ok := num("temperature"); ok {
		ic.Temperature = aws.Float32(float32(f))
	}
	if f, ok := num("topP"); ok {
		ic.TopP = aws.Float32(float32(f))
	}
	if ss, ok := o["stopSequences"]; ok {
		ic.StopSequences = []string{}
		for i, e := range m.array(ss, memberPath(path, "stopSequences")) {
			s, ok := e.(string)
			if !ok {
				m.fail(memberPath(path, "stopSequences")+"["+strconv.Itoa(i)+"]", "want a string, got %s", compact(e))
			}
			ic.StopSequences = append(ic.StopSequences, s)
		}
	}
	return ic
}

// fail records the first error.
func (m *brMapper) fail(path, format string, args ...any) {
	if m.err == nil {
		m.err = fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
}

// object returns v as an object, noting each member not in known.
func (m *brMapper) object(v any, path string, known ...string) map[string]any {
	o, ok := v.(map[string]any)
	if !ok {
		m.fail(path, "want an object, got %s", compact(v))
		return nil
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
next:
	for _, k := range keys {
		for _, w := range known {
			if k == w {
				continue next
			}
		}
		m.unknown = append(m.unknown, memberPath(path, k))
	}
	return o
}

// union returns the one member of v, a union object, and its name. When
// the member is not in known, the whole union is noted (the SDK writes no
// element for a union of no variant it has), and name is "".
func (m *brMapper) union(v any, path string, known ...string) (string, any) {
	o, ok := v.(map[string]any)
	if !ok || len(o) != 1 {
		m.fail(path, "want an object of exactly one member, got %s", compact(v))
		return "", nil
	}
	for k, e := range o {
		for _, w := range known {
			if k == w {
				return k, e
			}
		}
	}
	m.unknown = append(m.unknown, path)
	return "", nil
}

// array returns v as an array.
func (m *brMapper) array(v any, path string) []any {
	a, ok := v.([]any)
	if !ok {
		m.fail(path, "want an array, got %s", compact(v))
	}
	return a
}

// str returns member k of o, a string, or nil when o has none.
func (m *brMapper) str(o map[string]any, k, path string) *string {
	v, ok := o[k]
	if !ok {
		return nil
	}
	s, ok := v.(string)
	if !ok {
		m.fail(memberPath(path, k), "want a string, got %s", compact(v))
		return nil
	}
	return &s
}

// blob returns member k of o, base64 in JSON as the SDK writes a blob.
func (m *brMapper) blob(o map[string]any, k, path string) []byte {
	s := m.str(o, k, path)
	if s == nil {
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(*s)
	if err != nil {
		m.fail(memberPath(path, k), "a blob is base64: %v", err)
	}
	return b
}

// document returns v as a document, its numbers as document numbers, so
// that the SDK writes them as they are.
func (m *brMapper) document(v any) brdocument.Interface {
	var conv func(v any) any
	conv = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, e := range x {
				out[k] = conv(e)
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = conv(e)
			}
			return out
		case json.Number:
			return smithydocument.Number(x)
		}
		return v
	}
	return brdocument.NewLazyDocument(conv(v))
}

// message maps a Message.
func (m *brMapper) message(v any, path string) types.Message {
	o := m.object(v, path, "role", "content")
	var msg types.Message
	if r := m.str(o, "role", path); r != nil {
		msg.Role = types.ConversationRole(*r)
	}
	if c, ok := o["content"]; ok {
		msg.Content = []types.ContentBlock{}
		for i, e := range m.array(c, path+".content") {
			if b := m.contentBlock(e, path+".content["+strconv.Itoa(i)+"]"); b != nil {
				msg.Content = append(msg.Content, b)
			}
		}
	}
	return msg
}

// contentBlock maps a ContentBlock: text, image, toolUse, toolResult,
// reasoningContent, guardContent or cachePoint.
func (m *brMapper) contentBlock(v any, path string) types.ContentBlock {
	k, e := m.union(v, path, "text", "image", "toolUse", "toolResult", "reasoningContent", "guardContent", "cachePoint")
	p := memberPath(path, k)
	switch k {
	case "text":
		s, ok := e.(string)
		if !ok {
			m.fail(p, "want a string")
		}
		return &types.ContentBlockMemberText{Value: s}
	case "image":
		return &types.ContentBlockMemberImage{Value: m.image(e, p)}
	case "toolUse":
		o := m.object(e, p, "toolUseId", "name", "input")
		b := types.ToolUseBlock{ToolUseId: m.str(o, "toolUseId", p), Name: m.str(o, "name", p)}
		if in, ok := o["input"]; ok {
			b.Input = m.document(in)
		}
		return &types.ContentBlockMemberToolUse{Value: b}
	case "toolResult":
		o := m.object(e, p, "toolUseId", "content", "status")
		b := types.ToolResultBlock{ToolUseId: m.str(o, "toolUseId", p)}
		if s := m.str(o, "status", p); s != nil {
			b.Status = types.ToolResultStatus(*s)
		}
		if c, ok := o["content"]; ok {
			b.Content = []types.ToolResultContentBlock{}
			for i, ce := range m.array(c, p+".content") {
				if rb := m.resultBlock(ce, p+".content["+strconv.Itoa(i)+"]"); rb != nil {
					b.Content = append(b.Content, rb)
				}
			}
		}
		return &types.ContentBlockMemberToolResult{Value: b}
	case "reasoningContent":
		rk, re := m.union(e, p, "reasoningText", "redactedContent")
		rp := memberPath(p, rk)
		switch rk {
		case "reasoningText":
			o := m.object(re, rp, "text", "signature")
			return &types.ContentBlockMemberReasoningContent{Value: &types.ReasoningContentBlockMemberReasoningText{
				Value: types.ReasoningTextBlock{Text: m.str(o, "text", rp), Signature: m.str(o, "signature", rp)}}}
		case "redactedContent":
			return &types.ContentBlockMemberReasoningContent{Value: &types.ReasoningContentBlockMemberRedactedContent{
				Value: m.blob(map[string]any{rk: re}, rk, p)}}
		}
	case "guardContent":
		if g := m.guardContent(e, p); g != nil {
			return &types.ContentBlockMemberGuardContent{Value: g}
		}
	case "cachePoint":
		return &types.ContentBlockMemberCachePoint{Value: m.cachePoint(e, p)}
	}
	return nil
}

// image maps an ImageBlock whose source is bytes.
func (m *brMapper) image(v any, path string) types.ImageBlock {
	o := m.object(v, path, "format", "source")
	var b types.ImageBlock
	if f := m.str(o, "format", path); f != nil {
		b.Format = types.ImageFormat(*f)
	}
	if s, ok := o["source"]; ok {
		sp := path + ".source"
		k, e := m.union(s, sp, "bytes")
		if k == "bytes" {
			b.Source = &types.ImageSourceMemberBytes{Value: m.blob(map[string]any{k: e}, k, sp)}
		}
	}
	return b
}

// guardContent maps a GuardrailConverseContentBlock whose variant is
// text.
func (m *brMapper) guardContent(v any, path string) types.GuardrailConverseContentBlock {
	k, e := m.union(v, path, "text")
	if k != "text" {
		return nil
	}
	p := memberPath(path, k)
	o := m.object(e, p, "text")
	return &types.GuardrailConverseContentBlockMemberText{Value: types.GuardrailConverseTextBlock{Text: m.str(o, "text", p)}}
}

// cachePoint maps a CachePointBlock.
func (m *brMapper) cachePoint(v any, path string) types.CachePointBlock {
	o := m.object(v, path, "type")
	var b types.CachePointBlock
	if t := m.str(o, "type", path); t != nil {
		b.Type = types.CachePointType(*t)
	}
	return b
}

// resultBlock maps a ToolResultContentBlock: text, json or image.
func (m *brMapper) resultBlock(v any, path string) types.ToolResultContentBlock {
	k, e := m.union(v, path, "text", "json", "image")
	p := memberPath(path, k)
	switch k {
	case "text":
		s, ok := e.(string)
		if !ok {
			m.fail(p, "want a string")
		}
		return &types.ToolResultContentBlockMemberText{Value: s}
	case "json":
		return &types.ToolResultContentBlockMemberJson{Value: m.document(e)}
	case "image":
		return &types.ToolResultContentBlockMemberImage{Value: m.image(e, p)}
	}
	return nil
}

// systemBlock maps a SystemContentBlock: text, guardContent or
// cachePoint.
func (m *brMapper) systemBlock(v any, path string) types.SystemContentBlock {
	k, e := m.union(v, path, "text", "guardContent", "cachePoint")
	p := memberPath(path, k)
	switch k {
	case "text":
		s, ok := e.(string)
		if !ok {
			m.fail(p, "want a string")
		}
		return &types.SystemContentBlockMemberText{Value: s}
	case "guardContent":
		if g := m.guardContent(e, p); g != nil {
			return &types.SystemContentBlockMemberGuardContent{Value: g}
		}
	case "cachePoint":
		return &types.SystemContentBlockMemberCachePoint{Value: m.cachePoint(e, p)}
	}
	return nil
}

// toolConfig maps a ToolConfiguration.
func (m *brMapper) toolConfig(v any, path string) *types.ToolConfiguration {
	o := m.object(v, path, "tools", "toolChoice")
	tc := &types.ToolConfiguration{}
	if ts, ok := o["tools"]; ok {
		tc.Tools = []types.Tool{}
		for i, e := range m.array(ts, path+".tools") {
			if t := m.tool(e, path+".tools["+strconv.Itoa(i)+"]"); t != nil {
				tc.Tools = append(tc.Tools, t)
			}
		}
	}
	if c, ok := o["toolChoice"]; ok {
		p := path + ".toolChoice"
		k, e := m.union(c, p, "auto", "any", "tool")
		cp := memberPath(p, k)
		switch k {
		case "auto":
			m.object(e, cp)
			tc.ToolChoice = &types.ToolChoiceMemberAuto{}
		case "any":
			m.object(e, cp)
			tc.ToolChoice = &types.ToolChoiceMemberAny{}
		case "tool":
			to := m.object(e, cp, "name")
			tc.ToolChoice = &types.ToolChoiceMemberTool{Value: types.SpecificToolChoice{Name: m.str(to, "name", cp)}}
		}
	}
	return tc
}

// tool maps a Tool: toolSpec, systemTool or cachePoint.
func (m *brMapper) tool(v any, path string) types.Tool {
	k, e := m.union(v, path, "toolSpec", "systemTool", "cachePoint")
	p := memberPath(path, k)
	switch k {
	case "toolSpec":
		o := m.object(e, p, "name", "description", "inputSchema", "strict")
		s := types.ToolSpecification{Name: m.str(o, "name", p), Description: m.str(o, "description", p)}
		if st, ok := o["strict"]; ok {
			b, ok := st.(bool)
			if !ok {
				m.fail(p+".strict", "want a boolean")
			}
			s.Strict = &b
		}
		if is, ok := o["inputSchema"]; ok {
			ip := p + ".inputSchema"
			if jk, je := m.union(is, ip, "json"); jk == "json" {
				s.InputSchema = &types.ToolInputSchemaMemberJson{Value: m.document(je)}
			}
		}
		return &types.ToolMemberToolSpec{Value: s}
	case "systemTool":
		o := m.object(e, p, "name")
		return &types.ToolMemberSystemTool{Value: types.SystemTool{Name: m.str(o, "name", p)}}
	case "cachePoint":
		return &types.ToolMemberCachePoint{Value: m.cachePoint(e, p)}
	}
	return nil
}
