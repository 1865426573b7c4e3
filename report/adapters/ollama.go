package adapters

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/gin-gonic/gin"
	"github.com/ollama/ollama/middleware"
	"github.com/toolspec/toolspec/spectest"
)

// OllamaAnthropic returns a translator that runs Ollama's Anthropic
// compatibility layer, the gin middleware that serves /v1/messages
// (middleware.AnthropicMessagesMiddleware, whose writer converts each
// /api/chat response with anthropic.StreamConverter), on an Ollama
// /api/chat NDJSON stream, and returns the Anthropic SSE the middleware
// writes.
//
// The middleware runs in a gin engine in memory: a streaming Messages
// request goes in, and the chat handler behind the middleware writes the
// source stream one line per Write, as Ollama's server writes each
// response; the framing is FRAME-2's (a leading byte-order mark and lines
// of white space skipped), since Ollama's server writes each response it
// marshals as one line and the converter never sees the framing. When the
// middleware fails a Write (a line that is not a chat response), the
// handler stops, as the server does, and the client gets what was written
// until then. The result is the response body; Translate fails only when
// the middleware answers with a status other than 200.
func OllamaAnthropic() spectest.Translator { return ollamaAnthropic{} }

type ollamaAnthropic struct{}

func (ollamaAnthropic) Describe() spectest.Description {
	return spectest.Description{Name: "ollama anthropic", Version: OllamaVersion}
}

// bom is the UTF-8 byte-order mark.
var bom = []byte("\ufeff")

// request is the streaming Messages request the translator sends.
const request = `{"model":"test","max_tokens":1024,"stream":true,"messages":[{"role":"user","content":"conformance"}]}`

func init() { gin.SetMode(gin.ReleaseMode) }

func (ollamaAnthropic) Translate(s spectest.Stream) ([]byte, error) {
	e := gin.New()
	e.POST("/v1/messages", middleware.AnthropicMessagesMiddleware(), func(c *gin.Context) {
		for _, line := range bytes.SplitAfter(bytes.TrimPrefix(s.Data, bom), []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			if _, err := c.Writer.Write(line); err != nil {
				return
			}
		}
	})
	req := httptest.NewRequest(http.MethodPost, "/v1/messages", bytes.NewReader([]byte(request)))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	if rec.Code != http.StatusOK {
		return nil, &statusError{rec.Code, body}
	}
	return body, nil
}

// statusError is a response other than 200.
type statusError struct {
	code int
	body []byte
}

func (e *statusError) Error() string {
	return "status " + http.StatusText(e.code) + ": " + string(bytes.TrimSpace(e.body))
}
