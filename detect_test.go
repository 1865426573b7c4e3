package toolspec_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/captures"
)

// TestDetectCaptures checks format detection on every shared capture.
func TestDetectCaptures(t *testing.T) {
	if _, err := os.Stat(captureDir); err != nil {
		captures.Absent(t, captureDir, err)
	}
	n := 0
	for _, f := range toolspec.Formats() {
		files, _ := filepath.Glob(filepath.Join(captureDir, string(f), "*"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			n++
			got, err := toolspec.Detect(data)
			if err != nil || got != f {
				t.Errorf("Detect(%s) = %q, %v; want %q", filepath.Base(p), got, err, f)
			}
		}
	}
	if n < 6 {
		t.Errorf("only %d captures under %s", n, captureDir)
	}
}

// TestDetectScenarios checks detection on every scenario that a format's
// own payloads start (not those made to look like another format).
func TestDetectScenarios(t *testing.T) {
	for _, s := range streams(t) {
		if strings.HasPrefix(s.name, "capture ") || strings.Contains(s.name, "-read-as-") {
			continue
		}
		got, err := toolspec.Detect(s.data)
		if err == nil && got != s.format {
			t.Errorf("%s: Detect = %s, the scenario's format is %s", s.name, got, s.format)
		}
	}
}

// TestDetectNotAStream checks that input that is no stream of any format
// is an error quoting its start, never a format.
func TestDetectNotAStream(t *testing.T) {
	inputs := map[string]string{
		"empty":       "",
		"white space": " \r\n\t\n",
		"html":        "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>\n",
		"plain error": "upstream connect error or disconnect/reset before headers\n",
		"json array":  "[1,2,3]\n",
		"other json":  `{"error":{"message":"Invalid API key"}}` + "\n",
		"sse comment": ": keep-alive\n\n",
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		b := make([]byte, r.Intn(300))
		r.Read(b)
		inputs["random "+string(rune('a'+i%26))+strings.Repeat("'", i/26)] = string(b)
	}
	for name, in := range inputs {
		f, err := toolspec.Detect([]byte(in))
		if err == nil {
			t.Errorf("%s: Detect = %s, want an error", name, f)
			continue
		}
		if !strings.HasPrefix(err.Error(), "toolspec: cannot tell the format") {
			t.Errorf("%s: error %q", name, err)
		}
	}
	if _, err := toolspec.Detect([]byte("<html>")); err == nil || !strings.Contains(err.Error(), `"<html>"`) {
		t.Errorf("Detect(<html>) = %v; want the error to quote the input", err)
	}
}

// TestParseFormat checks every name and an unknown one.
func TestParseFormat(t *testing.T) {
	for _, f := range toolspec.Formats() {
		if got, err := toolspec.ParseFormat(string(f)); got != f || err != nil {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
	for _, bad := range []string{"", "openai", "OpenAI-Chat", "anthropic "} {
		if f, err := toolspec.ParseFormat(bad); err == nil || f != "" || !strings.Contains(err.Error(), "openai-chat, openai-responses") {
			t.Errorf("ParseFormat(%q) = %q, %v; want an error listing the formats", bad, f, err)
		}
	}
}
