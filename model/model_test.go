package model

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// The frame that motivated toolspec (Ollama Cloud, mistral-large-4): two
// distinct calls at index 0 in one frame must stay two calls (ID-8).
const seedFrame = `{"message":{"role":"assistant","content":"","tool_calls":[{"id":"PpZ8JqRmm","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/hostname"}}},{"id":"DDe4wZqkx","function":{"index":0,"name":"read_file","arguments":{"path":"/etc/os-release"}}}]},"done":false}` + "\n"

func TestSeedFrame(t *testing.T) {
	out := Reassemble(spec.FormatOllama, []byte(seedFrame), spec.Limits{})
	if len(out.Calls) != 2 {
		t.Fatalf("Reassemble(seed) gave %d calls, want 2\n%s", len(out.Calls), out.String())
	}
	for i, want := range []string{"PpZ8JqRmm", "DDe4wZqkx"} {
		if got := out.Calls[i].ID; got != want {
			t.Errorf("call %d id = %q, want %q", i, got, want)
		}
		if out.Calls[i].Status != spec.StatusComplete {
			t.Errorf("call %d status = %s, want complete", i, out.Calls[i].Status)
		}
	}
	if out.Calls[1].Args != `{"path":"/etc/os-release"}` {
		t.Errorf("call 1 args = %s", out.Calls[1].Args)
	}
}

func TestSeedFrameNoParallel(t *testing.T) {
	out := Reassemble(spec.FormatOllama, []byte(seedFrame), spec.Limits{NoParallel: true})
	if len(out.Violations) != 1 || out.Violations[0].Rule != spec.BudParallel {
		t.Fatalf("want one BUD-7 violation, got\n%s", out.String())
	}
	if !strings.Contains(out.Violations[0].Message, "parallel") {
		t.Errorf("message %q does not name the parallel-call rule", out.Violations[0].Message)
	}
}
