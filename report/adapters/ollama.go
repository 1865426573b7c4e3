package adapters

import (
	"bytes"
	"encoding/json"
	"fmt"
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
//
// The handler gives every tool call that has no id one (call_ and eight
// digits, numbered in the order of the stream), as Ollama's chat handler
// does before the middleware sees a response: since v0.12.10
// (server/routes.go, toolCallId) the server gives each tool call a local
// model emits an id of its own, and the Anthropic middleware came later
// (v0.14.0), so it never gets a call without an id from a local model. A
// call with an id (a cloud model's, passed through) keeps it, and a line
// that is not a chat response with tool calls is written as it came.
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
		ids := 0
		for _, line := range bytes.SplitAfter(bytes.TrimPrefix(s.Data, bom), []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			if _, err := c.Writer.Write(withCallIDs(line, &ids)); err != nil {
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

// withCallIDs returns the chat response line with an id given to each of
// its tool calls that has none (an absent, null or empty id), counting the
// ids given in *n; a line that is not a JSON chat response whose tool calls
// are objects, or whose calls all have ids, is returned as it is.
func withCallIDs(line []byte, n *int) []byte {
	var resp map[string]json.RawMessage
	if json.Unmarshal(line, &resp) != nil {
		return line
	}
	var msg map[string]json.RawMessage
	if json.Unmarshal(resp["message"], &msg) != nil {
		return line
	}
	var calls []map[string]json.RawMessage
	if json.Unmarshal(msg["tool_calls"], &calls) != nil {
		return line
	}
	given := false
	for _, call := range calls {
		if call == nil {
			return line
		}
		var id *string
		if raw, ok := call["id"]; ok && json.Unmarshal(raw, &id) != nil {
			return line // an id of another type: the middleware's to refuse
		}
		if id != nil && *id != "" {
			continue
		}
		*n++
		call["id"] = json.RawMessage(fmt.Sprintf(`"call_%08d"`, *n))
		given = true
	}
	if !given {
		return line
	}
	m, err := json.Marshal(calls)
	if err != nil {
		return line
	}
	msg["tool_calls"] = m
	if m, err = json.Marshal(msg); err != nil {
		return line
	}
	resp["message"] = m
	out, err := json.Marshal(resp)
	if err != nil {
		return line
	}
	return append(out, '\n')
}

// statusError is a response other than 200.
type statusError struct {
	code int
	body []byte
}

func (e *statusError) Error() string {
	return "status " + http.StatusText(e.code) + ": " + string(bytes.TrimSpace(e.body))
}
