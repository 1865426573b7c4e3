package adapters

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spec"
)

// The exact versions the report module requires; TestVersions checks them
// against go.mod.
const (
	OpenAIGoVersion       = "v3.105.0" // github.com/openai/openai-go/v3
	AnthropicSDKVersion   = "v2.18.0"  // github.com/anthropics/anthropic-sdk-go/v2
	EinoVersion           = "v0.7.36"  // github.com/cloudwego/eino
	EinoExtOpenAIVersion  = "v0.1.7"   // github.com/cloudwego/eino-ext/components/model/openai
	EinoACLOpenAIVersion  = "v0.1.11"  // github.com/cloudwego/eino-ext/libs/acl/openai
	LangchaingoVersion    = "v0.1.14"  // github.com/tmc/langchaingo
	OllamaVersion         = "v0.34.4"  // github.com/ollama/ollama
	GenAIVersion          = "v1.79.1"  // google.golang.org/genai
	BedrockRuntimeVersion = "v1.64.0"  // github.com/aws/aws-sdk-go-v2/service/bedrockruntime
	SmithyGoVersion       = "v1.28.9"  // github.com/aws/smithy-go (bedrockruntime's event-stream reader)
	GoOpenAIVersion       = "v1.43.0"  // github.com/sashabaranov/go-openai
)

// stopOf is the canonical stop reason (SPEC.md END-4) of the raw reason
// raw of a stream of format f that a library hands its user: "" (none
// given) is StopNone.
func stopOf(f toolspec.Format, raw string) toolspec.StopReason {
	if raw == "" {
		return toolspec.StopNone
	}
	return spec.CanonicalStop(f, raw)
}

// timeout bounds one adapter call's HTTP exchange; the kit's own Timeout
// (10 s by default) is the one that judges.
const timeout = 30 * time.Second

// baseURL is the address the clients are pointed at; the transport answers
// every request itself, so no name is ever resolved.
const baseURL = "http://conformance.invalid/v1/"

// transport answers every request with body as a successful streaming
// response.
type transport struct{ body []byte }

// RoundTrip serves t.body.
func (t transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
		_ = req.Body.Close()
	}
	return &http.Response{
		Status:        "200 OK",
		StatusCode:    http.StatusOK,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": []string{"text/event-stream"}},
		Body:          io.NopCloser(bytes.NewReader(t.body)),
		ContentLength: -1,
		Request:       req,
	}, nil
}

// httpClient returns a client whose every request is answered with body.
func httpClient(body []byte) *http.Client {
	return &http.Client{Transport: transport{body}, Timeout: timeout}
}

// ServedBytes returns what the adapters serve a library for a stream of
// format f: data itself when it is SSE, and when it is JSON lines (FRAME-2:
// its first non-space byte is '{' or '['), the SSE a provider sends for
// it: one event per non-blank line, the line as its data, named by the
// payload's "type" in the Anthropic format, whose SDKs dispatch on the
// event name. A last line without a line end stays the stream's last
// event.
func ServedBytes(f toolspec.Format, data []byte) []byte {
	first := bytes.TrimLeft(data, " \t\r\n")
	if len(first) == 0 || first[0] != '{' && first[0] != '[' {
		return data
	}
	var b bytes.Buffer
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if f == toolspec.FormatAnthropic {
			var v struct {
				Type string `json:"type"`
			}
			if json.Unmarshal(line, &v) == nil && v.Type != "" {
				b.WriteString("event: " + v.Type + "\n")
			}
		}
		b.WriteString("data: ")
		b.Write(line)
		b.WriteString("\n\n")
	}
	return b.Bytes()
}
