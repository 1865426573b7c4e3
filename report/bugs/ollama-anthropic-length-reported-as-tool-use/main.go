// Ollama's Anthropic compatibility layer (middleware.AnthropicMessagesMiddleware,
// whose writer converts each /api/chat response with
// anthropic.StreamConverter) reports stop_reason "tool_use" whenever it
// has sent a tool call, also when the generation stopped at the token
// limit (done_reason "length"): mapStopReason checks for tool calls before
// it looks at the reason. A client reads "tool_use" as "the model has
// finished its turn: run the calls", and never learns that the turn was
// cut at max_tokens, where a second call, or the rest of the answer, was
// lost.
//
// The program runs the middleware in front of a handler that writes the
// model's /api/chat responses one per Write, as Ollama's chat handler does,
// and reads the SSE it answers with.
//
// Run: go run . (exit status 1 while the stop reason is tool_use, 0 once it
// is max_tokens).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/ollama/ollama/middleware"
)

// The chat handler's responses: a whole tool call (with the id the server
// gives it), then done at the token limit.
const stream = `{"model":"qwen3:14b","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_p2x8m4ta","function":{"index":0,"name":"read_file","arguments":{"path":"main.go"}}}]},"done":false}
{"model":"qwen3:14b","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"length","eval_count":64}
`

func main() {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.POST("/v1/messages", middleware.AnthropicMessagesMiddleware(), func(c *gin.Context) {
		c.Header("Content-Type", "application/x-ndjson")
		for _, line := range strings.SplitAfter(stream, "\n") {
			if line == "" {
				continue
			}
			if _, err := c.Writer.Write([]byte(line)); err != nil {
				return
			}
		}
	})
	srv := httptest.NewServer(r)
	defer srv.Close()

	req := `{"model":"qwen3:14b","max_tokens":64,"stream":true,"messages":[{"role":"user","content":"Read main.go and go.mod"}]}`
	resp, err := http.Post(srv.URL+"/v1/messages", "application/json", strings.NewReader(req))
	if err != nil {
		fmt.Println("request:", err)
		os.Exit(2)
	}
	defer resp.Body.Close()

	stop := ""
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type  string `json:"type"`
			Delta struct {
				StopReason string `json:"stop_reason"`
			} `json:"delta"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			fmt.Println("event:", err)
			os.Exit(2)
		}
		fmt.Println(ev.Type)
		if ev.Type == "message_delta" {
			stop = ev.Delta.StopReason
		}
	}
	fmt.Printf("stop_reason=%q\n", stop)
	if stop != "max_tokens" {
		fmt.Println(`BUG: want stop_reason "max_tokens": the generation stopped at the token limit`)
		os.Exit(1)
	}
	fmt.Println("ok")
}
