// Ollama's Anthropic compatibility layer (middleware.AnthropicMessagesMiddleware,
// whose writer converts each /api/chat response with
// anthropic.StreamConverter) starts a tool_use block at the index of a
// thinking block it never stopped, when a model thinks and then calls a
// tool with no text in between. The /v1/messages stream then has two
// content_block_start events for index 0; Anthropic clients reject it
// (Claude Code: "Content block not found") or lose the call.
//
// The program runs the middleware in front of a handler that writes the
// model's /api/chat responses one per Write, as Ollama's chat handler does,
// and reads the SSE it answers with.
//
// Run: go run . (exit status 1 while a block index is started twice, 0
// once the thinking block is stopped and the tool_use block gets index 1).
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

// The chat handler's responses: thinking, then a tool call (with the id the
// server gives it), then done.
const stream = `{"model":"glm-4.7-flash","created_at":"2026-03-13T10:00:00Z","message":{"role":"assistant","content":"","thinking":"The user wants me to ask with the tool."},"done":false}
{"model":"glm-4.7-flash","created_at":"2026-03-13T10:00:01Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_k3v9x2qa","function":{"index":0,"name":"AskUserQuestion","arguments":{"question":"Dogs or cats?"}}}]},"done":false}
{"model":"glm-4.7-flash","created_at":"2026-03-13T10:00:02Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","eval_count":42}
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

	req := `{"model":"glm-4.7-flash","max_tokens":1024,"stream":true,"messages":[{"role":"user","content":"Use the AskUserQuestion tool to ask me: dogs or cats?"}]}`
	resp, err := http.Post(srv.URL+"/v1/messages", "application/json", strings.NewReader(req))
	if err != nil {
		fmt.Println("request:", err)
		os.Exit(2)
	}
	defer resp.Body.Close()

	started := map[int]string{} // block index -> type
	twice := false
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type         string `json:"type"`
			Index        int    `json:"index"`
			ContentBlock struct {
				Type string `json:"type"`
				Name string `json:"name"`
			} `json:"content_block"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			fmt.Println("event:", err)
			os.Exit(2)
		}
		switch ev.Type {
		case "content_block_start":
			fmt.Printf("%s index=%d type=%s %s\n", ev.Type, ev.Index, ev.ContentBlock.Type, ev.ContentBlock.Name)
			if t, ok := started[ev.Index]; ok {
				fmt.Printf("  block %d (%s) started again\n", ev.Index, t)
				twice = true
			}
			started[ev.Index] = ev.ContentBlock.Type
		case "content_block_delta", "content_block_stop":
			fmt.Printf("%s index=%d\n", ev.Type, ev.Index)
		default:
			fmt.Println(ev.Type)
		}
	}
	if twice {
		fmt.Println("BUG: want the thinking block stopped and the tool_use block at index 1")
		os.Exit(1)
	}
	fmt.Println("ok")
}
