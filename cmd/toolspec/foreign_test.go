package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// TestForeignInputExitsOne: input that is not of the format named with
// --format (an HTML error page, an Anthropic stream read as openai-chat,
// Bedrock binary read as gemini) is a terminal FRAME-7 violation and exit
// status 1, never an empty success; the message names the format the
// detector sees where it sees one.
func TestForeignInputExitsOne(t *testing.T) {
	cases := []struct {
		scenario, format, looks string
	}{
		{"../../spectest/testdata/scenarios/framing/html-error-page.txtar", "openai-chat", ""},
		{"../../spectest/testdata/scenarios/framing/anthropic-read-as-chat.txtar", "openai-chat", "anthropic"},
		{"../../spectest/testdata/scenarios/framing/bedrock-read-as-gemini.txtar", "gemini", "bedrock"},
	}
	for _, c := range cases {
		sc, err := readScenario(c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCmd(t, string(sc.Input), "reassemble", "--format", c.format, "-")
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1 (stderr %q)", c.scenario, code, errOut)
		}
		var got jsonOutcome
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Violations) != 1 || got.Violations[0].Rule != string(spec.FrameNotFormat) || got.Violations[0].Class != "terminal" {
			t.Fatalf("%s: violations %+v, want one terminal FRAME-7", c.scenario, got.Violations)
		}
		msg := got.Violations[0].Message
		if !strings.Contains(msg, c.format) || (c.looks != "" && !strings.Contains(msg, "looks like "+c.looks)) {
			t.Errorf("%s: message %q should name %s and what the input looks like (%q)", c.scenario, msg, c.format, c.looks)
		}
	}
}

// TestCutStreamTail: a stream cut inside its last frame exits 3 with the
// truncated stop and its cut bytes in "tail".
func TestCutStreamTail(t *testing.T) {
	sc, err := readScenario("../../spectest/testdata/scenarios/framing/sse-cut-last-event.txtar")
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, string(sc.Input), "reassemble", "--format", "openai-chat", "-")
	var got jsonOutcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if code != 3 || got.StopReason != "truncated" || !strings.HasPrefix(got.Tail, `{"id":"chatcmpl-9xQ"`) {
		t.Errorf("exit %d, stop %q, tail %q", code, got.StopReason, got.Tail)
	}
}

// TestExitStatus: 0 for a whole success, 1 for any violation, 3 for a
// stream that broke no rule but is not whole.
func TestExitStatus(t *testing.T) {
	for _, c := range []struct {
		scenario string
		want     int
	}{
		{"ordering/chat-text-and-call", 0},
		{"completion/chat-custom-tool-call", 0},
		{"completion/eof-mid-call", 3},
		{"completion/empty-stream", 3},
		{"completion/gemini-finish-table", 3},
		{"framing/html-error-page", 1},
		{"completion/chat-invalid-args-kept", 1},
		{"completion/anthropic-overloaded-error", 1},
	} {
		sc, err := readScenario("../../spectest/testdata/scenarios/" + c.scenario + ".txtar")
		if err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCmd(t, string(sc.Input), "reassemble", "--format", string(sc.Format), "-"); code != c.want {
			t.Errorf("%s: exit %d, want %d; stderr %q", c.scenario, code, c.want, errOut)
		}
	}
}

func readScenario(path string) (*scenario.Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return scenario.Parse(path, data)
}

// TestCustomCallKind: a custom tool call is printed with "kind": "custom"
// and its raw input as the arguments.
func TestCustomCallKind(t *testing.T) {
	sc, err := readScenario("../../spectest/testdata/scenarios/completion/responses-custom-tool-call.txtar")
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd(t, string(sc.Input), "reassemble", "-")
	var got jsonOutcome
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if code != 0 || len(got.Calls) != 1 || got.Calls[0].Kind != "custom" || got.Calls[0].Arguments != `print("hello world")` || got.StopReason != "tool_use" {
		t.Errorf("exit %d, calls %+v, stop %q", code, got.Calls, got.StopReason)
	}
}
