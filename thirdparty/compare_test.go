package thirdparty

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/workload"
)

// TestCompareCorrect checks that every library compared in
// BenchmarkCompare reassembles every workload and every local stream: the
// right number of calls, each with its id and its arguments whole, and
// the text and thinking whole. Names are checked too, except where a
// library is known to get them wrong (see knownWrongName); that is
// logged, not failed, since it costs the library nothing in the
// benchmark.
func TestCompareCorrect(t *testing.T) {
	streams := workloadStreams()
	for _, s := range localStreams() {
		if !containsStream(streams, s.name) {
			streams = append(streams, s)
		}
	}
	for _, s := range streams {
		if testing.Short() && len(s.raw) > 2*workload.MiB {
			continue
		}
		for _, lib := range libraries(s.format, s.raw) {
			t.Run(s.name+"/"+lib.name, func(t *testing.T) {
				got, err := lib.run(s.raw)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range differences(lib, s, got) {
					if d.name && knownWrongName(lib.name, s) {
						t.Logf("%s: %s concatenates names repeated on every delta", d, lib.name)
						continue
					}
					t.Error(d)
				}
			})
		}
	}
}

// TestCompareCaptures runs every library on every shared capture of its
// format. impl and the accumulations written here (library.ours) must
// give what the reference model gives, and fail on every capture that is
// not a whole success. The SDKs' own accumulators must too, except where
// knownCaptureDiffs says how one differs, and there it must still differ
// that way, so that the table cannot go stale.
func TestCompareCaptures(t *testing.T) {
	caps, err := captureStreams()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range caps {
		for _, lib := range libraries(s.format, s.raw) {
			t.Run(s.name+"/"+lib.name, func(t *testing.T) {
				got, err := lib.run(s.raw)
				var diffs []string
				switch {
				case s.fails && err == nil:
					diffs = append(diffs, "no error on a stream that is not a whole success")
				case !s.fails && err != nil:
					diffs = append(diffs, "error: "+err.Error())
				case err == nil:
					for _, d := range differences(lib, s, got) {
						diffs = append(diffs, d.String())
					}
				}
				known, isKnown := knownCaptureDiffs[s.name+"/"+lib.name]
				if lib.ours || lib.name == "impl" || !isKnown {
					for _, d := range diffs {
						t.Error(d)
					}
					return
				}
				if len(diffs) == 0 {
					t.Errorf("known to differ (%s), but does not: remove it from knownCaptureDiffs", known)
					return
				}
				t.Logf("known: %s: %s", known, strings.Join(diffs, "; "))
			})
		}
	}
}

// knownCaptureDiffs are the captures on which an SDK's own accumulator
// is known not to give what the reference model gives, keyed by
// <capture>/<library>, with why.
var knownCaptureDiffs = map[string]string{
	"capture-openai-chat-deepseek-reasoner-reasoning-tool/openai-go":       noChatReasoning,
	"capture-openai-chat-groq-gpt-oss-120b-reasoning-tool/openai-go":       noChatReasoning,
	"capture-openai-chat-llama-cpp-gpt-oss-reasoning-tool/openai-go":       noChatReasoning,
	"capture-openai-chat-vercel-gateway-gemini-3-reasoning-tool/openai-go": noChatReasoning,
	"capture-anthropic-SYNTHETIC-spliced-message-start/anthropic-sdk-go": "Message.Accumulate starts over at every message_start, " +
		"so a message cut off by the next one is never reported",
	"capture-anthropic-programmatic-tool-calling-multi-message/anthropic-sdk-go": "Message.Accumulate keeps one message: " +
		"each message_start replaces what was accumulated, so of 15 messages only the last remains",
}

// noChatReasoning is why openai-go reports no thinking on chat streams
// that carry some.
const noChatReasoning = "openai-go's ChatCompletionAccumulator keeps no reasoning: " +
	"the non-standard reasoning_content and reasoning deltas have no field in ChatCompletionChunk"

// containsStream reports whether ss has a stream named name.
func containsStream(ss []stream, name string) bool {
	for _, s := range ss {
		if s.name == name {
			return true
		}
	}
	return false
}

// difference is one way a library's result differs from what is wanted.
type difference struct {
	msg  string
	name bool // only the call's name differs
}

func (d difference) String() string { return d.msg }

// differences returns every way got differs from s.want: the number of
// calls, each call's arguments (as JSON values when lib decodes them, byte
// for byte otherwise), id and name, the text and the thinking.
func differences(lib library, s stream, got result) []difference {
	var out []difference
	add := func(name bool, format string, args ...any) {
		out = append(out, difference{msg: fmt.Sprintf(format, args...), name: name})
	}
	want := s.want
	if len(got.calls) != len(want.Calls) {
		add(false, "%d calls, want %d", len(got.calls), len(want.Calls))
	}
	for i := range min(len(got.calls), len(want.Calls)) {
		c, wc := got.calls[i], want.Calls[i]
		if lib.decodedArgs {
			if eq, err := jsonEqual(c.Args, wc.Args); err != nil || !eq {
				add(false, "call %d: arguments %.60q are not the JSON value of %.60q (%v)", i, c.Args, wc.Args, err)
			}
		} else if c.Args != wc.Args {
			add(false, "call %d: %d argument bytes (%.40q), want %d (%.40q)", i, len(c.Args), c.Args, len(wc.Args), wc.Args)
		}
		if c.ID != wc.ID {
			add(false, "call %d: id %q, want %q", i, c.ID, wc.ID)
		}
		if c.Name != wc.Name {
			add(true, "call %d: name %.40q (%d bytes), want %q", i, c.Name, len(c.Name), wc.Name)
		}
	}
	if got.text != want.Text {
		add(false, "text: %d bytes (%.40q), want %d (%.40q)", len(got.text), got.text, len(want.Text), want.Text)
	}
	if got.thinking != want.Thinking {
		add(false, "thinking: %d bytes (%.40q), want %d (%.40q)", len(got.thinking), got.thinking, len(want.Thinking), want.Thinking)
	}
	return out
}

// jsonEqual reports whether a and b are the same JSON value.
func jsonEqual(a, b string) (bool, error) {
	var va, vb any
	if err := json.Unmarshal([]byte(a), &va); err != nil {
		return false, err
	}
	if err := json.Unmarshal([]byte(b), &vb); err != nil {
		return false, err
	}
	return reflect.DeepEqual(va, vb), nil
}

// knownWrongName reports whether lib is known to return a wrong call name
// on s: openai-go's ChatCompletionAccumulator appends function.name on
// every delta, so a name repeated on every delta (LiteLLM, Fireworks,
// DeepSeek, Qwen) comes out repeated once per delta.
func knownWrongName(lib string, s stream) bool {
	if lib != "openai-go" {
		return false
	}
	w := workload.ByName(s.name)
	return w != nil && w.Dialect == workload.Repeat
}
