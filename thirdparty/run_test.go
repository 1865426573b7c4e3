package thirdparty

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	antssestream "github.com/anthropics/anthropic-sdk-go/v2/packages/ssestream"
	"github.com/openai/openai-go/v3"
	oaissestream "github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spec"
)

// A library reassembles one stream's raw bytes as its users do (fold,
// what the benchmarks measure) and reports the calls, text and thinking
// it got in a common shape (run).
type library struct {
	name string
	fold func(raw []byte) (folded, error)
	// decodedArgs says the library hands a call's arguments as a decoded
	// value (Go maps, re-encoded here with encoding/json), so they are
	// compared with what is wanted as JSON values, not byte for byte.
	decodedArgs bool
	// ours says the accumulation is written in this package (the SDK has
	// none): it must then be correct on every stream, captures included,
	// and report an error on every stream that is not a whole success.
	ours bool
}

// folded is what a library's fold returns: the state its users hold at
// the end of a stream, which result converts to the common shape.
type folded interface {
	result() (result, error)
}

// run folds raw and converts what it got.
func (l library) run(raw []byte) (result, error) {
	f, err := l.fold(raw)
	if err != nil {
		return result{}, err
	}
	return f.result()
}

// result is what a library got from one stream: the calls the client
// runs (server tools excluded), and all text and thinking concatenated.
type result struct {
	calls    []workload.Call
	text     string
	thinking string
}

// response wraps raw as the body of a successful streaming HTTP response,
// as the SDKs receive it from their HTTP client.
func response(raw []byte) *http.Response {
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": []string{"text/event-stream"}},
		Body:       io.NopCloser(bytes.NewReader(raw)),
	}
}

// runOpenAI decodes raw with openai-go's SSE stream into
// openai.ChatCompletionChunk values and folds them with
// openai.ChatCompletionAccumulator, as the SDK's streaming example does.
func runOpenAI(raw []byte) (openai.ChatCompletionAccumulator, error) {
	stream := oaissestream.NewStream[openai.ChatCompletionChunk](oaissestream.NewDecoder(response(raw)), nil)
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		if !acc.AddChunk(stream.Current()) {
			return acc, fmt.Errorf("openai-go: AddChunk rejected a chunk")
		}
	}
	return acc, stream.Err()
}

// runAnthropic decodes raw with anthropic-sdk-go's SSE stream into
// anthropic.MessageStreamEventUnion values and folds them with
// anthropic.Message.Accumulate, as the SDK's streaming example does.
func runAnthropic(raw []byte) (anthropic.Message, error) {
	stream := antssestream.NewStream[anthropic.MessageStreamEventUnion](antssestream.NewDecoder(response(raw)), nil)
	var msg anthropic.Message
	for stream.Next() {
		if err := msg.Accumulate(stream.Current()); err != nil {
			return msg, err
		}
	}
	return msg, stream.Err()
}

// runImpl returns the fold of impl.Reassemble on format f.
func runImpl(f spec.Format) func(raw []byte) (folded, error) {
	return func(raw []byte) (folded, error) {
		return implOutcome{impl.Reassemble(f, raw, spec.Limits{})}, nil
	}
}

// implOutcome is impl's outcome. A violation, a call that is not complete
// or a stream that ended without its terminal signal is an error.
type implOutcome struct{ o spec.Outcome }

func (x implOutcome) result() (result, error) {
	o := x.o
	var r result
	if len(o.Violations) > 0 {
		return r, &o.Violations[0]
	}
	for _, s := range o.Stops {
		if s.Reason == spec.StopTruncated {
			return r, fmt.Errorf("impl: message %d is truncated", s.Message)
		}
	}
	for _, c := range o.Calls {
		if c.Status != spec.StatusComplete {
			return r, fmt.Errorf("impl: call %d is %s", c.Ordinal, c.Status)
		}
		if c.Server {
			continue
		}
		r.calls = append(r.calls, workload.Call{ID: c.ID, Name: c.Name, Args: c.Args})
	}
	var text, thinking strings.Builder
	for _, it := range o.Items {
		switch it.Kind {
		case spec.ItemText:
			text.WriteString(it.Text)
		case spec.ItemThinking:
			thinking.WriteString(it.Text)
		}
	}
	r.text, r.thinking = text.String(), thinking.String()
	return r, nil
}

var openaiGo = library{name: "openai-go", fold: func(raw []byte) (folded, error) {
	acc, err := runOpenAI(raw)
	return chatAcc{acc}, err
}}

// chatAcc is openai-go's accumulator at the end of a stream.
type chatAcc struct {
	acc openai.ChatCompletionAccumulator
}

func (a chatAcc) result() (result, error) {
	acc := a.acc
	var r result
	if len(acc.Choices) != 1 {
		return r, fmt.Errorf("openai-go: %d choices", len(acc.Choices))
	}
	m := acc.Choices[0].Message
	for _, c := range m.ToolCalls {
		r.calls = append(r.calls, workload.Call{ID: c.ID, Name: c.Function.Name, Args: c.Function.Arguments})
	}
	r.text = m.Content
	return r, nil
}

var anthropicSDK = library{name: "anthropic-sdk-go", fold: func(raw []byte) (folded, error) {
	msg, err := runAnthropic(raw)
	return anthropicMsg{msg}, err
}}

// anthropicMsg is anthropic-sdk-go's accumulated message at the end of a
// stream.
type anthropicMsg struct{ msg anthropic.Message }

func (m anthropicMsg) result() (result, error) {
	var r result
	for _, b := range m.msg.Content {
		switch b.Type {
		case "tool_use":
			r.calls = append(r.calls, workload.Call{ID: b.ID, Name: b.Name, Args: string(b.Input)})
		case "text":
			r.text += b.Text
		case "thinking":
			r.thinking += b.Thinking
		}
	}
	return r, nil
}

// libraries returns the libraries compared on a stream of format f whose
// wire bytes are raw: impl, then what the users of f run today. A Bedrock
// stream of InvokeModelWithResponseStream (chunk events, see
// isBedrockInvoke) is not one ConverseStream reads, so it gets impl alone.
func libraries(f spec.Format, raw []byte) []library {
	libs := []library{{name: "impl", fold: runImpl(f)}}
	switch f {
	case spec.FormatOpenAIChat:
		libs = append(libs, openaiGo)
	case spec.FormatOpenAIResponses:
		libs = append(libs, openaiResponses)
	case spec.FormatAnthropic:
		libs = append(libs, anthropicSDK)
	case spec.FormatGemini:
		libs = append(libs, genaiSDK)
	case spec.FormatBedrock:
		if !isBedrockInvoke(raw) {
			libs = append(libs, bedrockSDK)
		}
	case spec.FormatOllama:
		libs = append(libs, ollamaSDK)
	}
	return libs
}
