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

// TestReadmeProgram follows README.md's "Depending on it": in a module of
// its own outside this one, it writes the README's program (its first
// ```go block with package main) and the README's documented functions
// (its ```go blocks of a doc comment and a func: nextRequest), runs the
// go commands of the README's block that holds go mod edit -replace, with
// ../toolspec standing for this checkout, and so builds the program. Then
// it serves the program a capture of each format, a truncated stream, an
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
	decls := []byte("package main\n\nimport \"github.com/toolspec/toolspec\"\n")
	n := 0
	for _, d := range regexp.MustCompile("(?s)```go\n((?://[^\n]*\n)+func .*?)```").FindAllSubmatch(readme, -1) {
		if !bytes.Contains(d[1], []byte("package main")) {
			decls = append(append(decls, '\n'), d[1]...)
			n++
		}
	}
	if n == 0 {
		t.Fatal("README.md has no ```go block of a func (nextRequest)")
	}
	setup := regexp.MustCompile("(?s)```\n([^`]*go mod edit -replace [^`]*)```").FindSubmatch(readme)
	if setup == nil {
		t.Fatal("README.md has no block with go mod edit -replace")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "agent")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"main.go": m[1], "readme.go": decls} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ran := 0
	for _, line := range strings.Split(string(setup[1]), "\n") {
		line, _, _ = strings.Cut(line, "#")
		for _, cmd := range strings.Split(line, "&&") {
			args := strings.Fields(cmd)
			if len(args) == 0 || args[0] != "go" {
				continue // git clone: this checkout; mkdir, cd: the module's folder
			}
			for i, a := range args {
				args[i] = strings.ReplaceAll(a, "../toolspec", root)
			}
			c := exec.Command(args[0], args[1:]...)
			c.Dir = dir
			if out, err := c.CombinedOutput(); err != nil {
				t.Fatalf("%s (README.md): %v\n%s", strings.Join(args, " "), err, out)
			}
			ran++
		}
	}
	bin := filepath.Join(dir, "agent")
	if _, err := os.Stat(bin); ran < 4 || err != nil {
		t.Fatalf("the README's %d go commands did not build the program agent (%v)", ran, err)
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
