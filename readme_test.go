package toolspec_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
)

// TestReadmeProgram builds the program of README.md's "Install" section in
// a module of its own outside this one (with a replace directive to this
// checkout), serves it a capture of each format, a truncated stream, an
// HTML page and invalid arguments over HTTP, and checks what it prints.
func TestReadmeProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```go\n((?://[^\n]*\n)*package main\n.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no ```go block with package main")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/agent\n\ngo 1.23\n\nrequire github.com/toolspec/toolspec v0.0.0\n\nreplace github.com/toolspec/toolspec => " + root + "\n"
	for name, data := range map[string][]byte{"main.go": m[1], "go.mod": []byte(gomod)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "agent")
	build := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the README program: %v\n%s", err, out)
	}
	if _, err := os.Stat(captureDir); err != nil {
		captures.Absent(t, captureDir, err)
	}
	chat, err := os.ReadFile(filepath.Join(captureDir, "openai-chat/openai-gpt-4o-2calls.sse"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"truncated": chat[:1500],
		"html":      []byte("<!DOCTYPE html>\n<html><body><h1>502 Bad Gateway</h1></body></html>\n"),
		"invalid": []byte(`{"model":"m","message":{"role":"assistant","tool_calls":[{"function":{"name":"search","arguments":"q=go"}}]},"done":false}
{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
`),
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if b, ok := files[name]; ok {
			w.Write(b)
			return
		}
		http.ServeFile(w, r, filepath.Join(captureDir, filepath.FromSlash(name)))
	}))
	defer srv.Close()
	for _, c := range []struct {
		format, path string
		exit         int
		want         string
	}{
		{"openai-chat", "openai-chat/openai-gpt-4o-2calls.sse", 0,
			"call_ehIWdjL1abZk1h8FWGLQ0Hie add({\"a\": 2, \"b\": 3}) complete\ncall_fBSgA47J5VeONggizTIvl7AH multiply({\"a\": 2, \"b\": 3}) complete\n"},
		{"openai-responses", "openai-responses/openai-gpt-5-reasoning-2calls.sse", 0,
			"call_inViAUr9eV0GDtyOywkCxp59 add({\"a\":2,\"b\":3}) complete\ncall_Op66UUnzuOoKmgGeFJQJFTUY multiply({\"a\":2,\"b\":3}) complete\n"},
		{"anthropic", "anthropic/claude-sonnet-4-thinking-tool.sse", 0,
			"toolu_01Js4AMfx5qpTLhwTusnvT68 weather({\"location\": \"Florence, Italy\"}) complete\n"},
		{"ollama", "ollama/qwen3-14b-2calls-index-omitted-no-ids.ndjson", 0,
			" weather({\"city\":\"Detroit\"}) complete\n search({\"query\":\"Detroit Tigers game time today\"}) complete\n"},
		{"gemini", "gemini/gemini-3-pro-2calls-with-ids.sse", 0,
			"8hd01vsf add({\"a\":2,\"b\":3}) complete\nk0srpqrc multiply({\"b\":3,\"a\":2}) complete\n"},
		{"bedrock", "bedrock/nova-micro-text-then-tool.eventstream", 0,
			"tooluse_lAG_zP8QRHmSYOwZzzaCqA get_temperature({\"city\":\"Paris\"}) complete\n"},
		{"openai-chat", "truncated", 1,
			"call_ehIWdjL1abZk1h8FWGLQ0Hie add({\"a\": 2, ) incomplete\nerror: toolspec: the stream was cut inside its last frame; 1 call incomplete: #0 \"add\"\n"},
		{"openai-chat", "html", 1,
			"error: toolspec: FRAME-7: the input is not of format openai-chat: it holds no SSE event with data\n"},
		{"ollama", "invalid", 1,
			" search(q=go) invalid\nerror: toolspec: END-2: arguments are not one JSON object: a syntax error at byte 0; 1 call invalid: #0 \"search\"\n"},
	} {
		cmd := exec.Command(bin, c.format, srv.URL+"/"+c.path)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.exit || out.String() != c.want {
			t.Errorf("agent %s %s: exit %d, printed\n%s\nwant exit %d and\n%s", c.format, c.path, code, out.String(), c.exit, c.want)
		}
	}
}
