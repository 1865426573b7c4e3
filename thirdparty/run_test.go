package thirdparty

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"
	antssestream "github.com/anthropics/anthropic-sdk-go/packages/ssestream"
	"github.com/openai/openai-go/v3"
	oaissestream "github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/spec"
)

// A library reassembles one workload's raw bytes and reports the calls,
// text and thinking it got, in a common shape.
type library struct {
	name string
	run  func(raw []byte) (result, error)
}

// result is what a library got from one stream.
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

func runImpl(f spec.Format) func(raw []byte) (result, error) {
	return func(raw []byte) (result, error) {
		o := impl.Reassemble(f, raw, spec.Limits{})
		var r result
		if len(o.Violations) > 0 {
			return r, &o.Violations[0]
		}
		for _, c := range o.Calls {
			if c.Status != spec.StatusComplete {
				return r, fmt.Errorf("impl: call %d is %s", c.Ordinal, c.Status)
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
}

var openaiGo = library{"openai-go", func(raw []byte) (result, error) {
	acc, err := runOpenAI(raw)
	var r result
	if err != nil {
		return r, err
	}
	if len(acc.Choices) != 1 {
		return r, fmt.Errorf("openai-go: %d choices", len(acc.Choices))
	}
	m := acc.Choices[0].Message
	for _, c := range m.ToolCalls {
		r.calls = append(r.calls, workload.Call{ID: c.ID, Name: c.Function.Name, Args: c.Function.Arguments})
	}
	r.text = m.Content
	return r, nil
}}

var anthropicSDK = library{"anthropic-sdk-go", func(raw []byte) (result, error) {
	msg, err := runAnthropic(raw)
	var r result
	if err != nil {
		return r, err
	}
	for _, b := range msg.Content {
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
}}

// libraries returns the libraries compared on w: impl and the SDK of w's
// format.
func libraries(w *workload.Workload) []library {
	libs := []library{{"impl", runImpl(w.Format)}}
	switch w.Format {
	case spec.FormatOpenAIChat:
		libs = append(libs, openaiGo)
	case spec.FormatAnthropic:
		libs = append(libs, anthropicSDK)
	}
	return libs
}
