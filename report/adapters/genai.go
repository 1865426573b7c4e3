package adapters

import (
	"context"
	"encoding/json"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
	"google.golang.org/genai"
)

// GenAI returns an adapter that runs Google's Gen AI SDK for Go
// (google.golang.org/genai) on a Gemini API stream: Client.Models.
// GenerateContentStream, the Gemini API backend, its HTTP client answered
// in memory (the stream's bytes as the response to its
// streamGenerateContent?alt=sse request), and collects the FunctionCalls()
// of every chunk in order, as the SDK's guide does with a response's
// FunctionCalls() (codegen_instructions.md, "Function Calling") and with
// each result of GenerateContentStream ("Streaming").
//
// It fails the stream when the iterator yields an error. Otherwise every
// call is finished: the SDK hands each function call over whole, with its
// Args a map, which the adapter writes back as JSON ("" when the part has
// none). It claims the stop reason, the last FinishReason of the first
// candidate, the text (the first candidate's text parts, not marked
// Thought, as GenerateContentResponse.Text() reads them) and the thinking
// (its text parts marked Thought), read from the parts directly so that
// Text() does not log a warning for every chunk with a call. The client
// is made with one attempt (HTTPOptions.RetryOptions), so a stream is
// requested once.
func GenAI() spectest.Adapter { return genAI{} }

type genAI struct{}

func (genAI) Describe() spectest.Description {
	return spectest.Description{
		Name:       "google.golang.org/genai Models.GenerateContentStream FunctionCalls",
		Version:    GenAIVersion,
		Formats:    []toolspec.Format{toolspec.FormatGemini},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

func (genAI) Reassemble(s spectest.Stream) (spectest.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:     "test",
		Backend:    genai.BackendGeminiAPI,
		HTTPClient: httpClient(ServedBytes(s.Format, s.Data)),
		HTTPOptions: genai.HTTPOptions{
			BaseURL:      "http://conformance.invalid/",
			RetryOptions: &genai.HTTPRetryOptions{Attempts: genai.Ptr[int32](1)},
		},
	})
	if err != nil {
		return spectest.Result{}, err
	}
	r := spectest.Result{StopReason: toolspec.StopNone}
	raw := ""
	for resp, err := range client.Models.GenerateContentStream(ctx, "gemini-test", genai.Text("conformance"), nil) {
		if err != nil {
			return spectest.Result{}, err
		}
		for _, fc := range resp.FunctionCalls() {
			c := spectest.Call{ID: fc.ID, Name: fc.Name, Finished: true}
			if fc.Args != nil {
				b, err := json.Marshal(fc.Args)
				if err != nil {
					return spectest.Result{}, err
				}
				c.Arguments = string(b)
			}
			r.Calls = append(r.Calls, c)
		}
		if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
			continue
		}
		cand := resp.Candidates[0]
		if cand.FinishReason != "" {
			raw = string(cand.FinishReason)
		}
		if cand.Content == nil {
			continue
		}
		for _, p := range cand.Content.Parts {
			switch {
			case p == nil || p.Text == "":
			case p.Thought:
				r.Thinking += p.Text
			default:
				r.Text += p.Text
			}
		}
	}
	r.StopReason = stopOf(toolspec.FormatGemini, raw)
	return r, nil
}
