package geminigen

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/internal/jsondiff"
	"google.golang.org/genai"
)

// difference is one way the bridge's content differs from genai's own
// record of the turn, and why.
type difference struct {
	line string // as jsondiff.Diff words it
	why  string
}

const (
	emptyTextWhy = `the {"text":""} Gemini sends with finishReason: genai keeps it as an empty part ({}), the bridge leaves empty text out`
	streamedWhy  = "Vertex AI streamed arguments: genai keeps every fragment as a part of its own (the opener with willContinue, each partialArgs, the empty closer), the bridge one call with its arguments joined"
)

// sdkDiffs lists, per capture, how ModelContent of the tee's outcome
// differs from genai's own record of the turn: the parts of every
// response's first candidate, in order, as Chat.SendStream records them
// in the history (one content per response; here one content of all their
// parts). A capture not listed must give the same JSON. The test fails
// when a listed difference disappears or an unlisted one appears; for the
// streamed-argument captures, where every part differs, the lines are
// counted, not listed.
var sdkDiffs = map[string][]difference{
	"gemini-3-pro-2calls-with-ids.sse": {{"parts[2] (object): only in the SDK", emptyTextWhy}},
}

// streamed are the captures of Vertex AI's streamed arguments (see
// streamedWhy), with the number of parts genai keeps and the bridge's.
// None of genai's parts holds the streamed calls' arguments.
var streamed = map[string][2]int{
	"vertex-partial-args-2calls.jsonl":                 {8, 2},
	"vertex-partial-args-array-missing-terminal.jsonl": {16, 1},
	"vertex-partial-args-noargs-and-3calls.jsonl":      {15, 5},
}

// sdkContent ranges over wire with genai and a tee, and returns genai's
// record of the turn as JSON, the tee's outcome and the function calls
// genai handed out.
func sdkContent(t *testing.T, wire []byte) ([]byte, toolspec.Outcome, []*genai.FunctionCall) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	var parts []*genai.Part
	var calls []*genai.FunctionCall
	for resp, err := range stream(t, &capture.Transport{Body: wire}, tee) {
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Candidates) > 0 && resp.Candidates[0].Content != nil {
			parts = append(parts, resp.Candidates[0].Content.Parts...)
		}
		calls = append(calls, resp.FunctionCalls()...)
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(genai.NewContentFromParts(parts, genai.RoleModel))
	if err != nil {
		t.Fatal(err)
	}
	return b, out, calls
}

// TestModelContentSDK compares ModelContent with genai's own record of the
// turn on every capture.
func TestModelContentSDK(t *testing.T) {
	for _, c := range captures(t) {
		sdk, out, calls := sdkContent(t, c.Wire)
		if _, ok := streamed[c.Name]; !ok {
			// resp.FunctionCalls(): the calls genai hands out, the same as
			// the outcome's but where streamed.
			var theirs, ours []string
			for _, fc := range calls {
				b, _ := json.Marshal(fc.Args)
				theirs = append(theirs, fc.ID+" "+fc.Name+" "+string(b))
			}
			for _, oc := range out.Calls {
				args, err := Args(oc)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(args)
				ours = append(ours, oc.ID+" "+oc.Name+" "+string(b))
			}
			if !slices.Equal(theirs, ours) {
				t.Errorf("%s: genai's calls %q, the outcome's %q", c.Name, theirs, ours)
			}
		}
		content, err := ModelContent(out, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		ours, err := json.Marshal(content)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jsondiff.Diff(sdk, ours)
		if err != nil {
			t.Fatal(err)
		}
		if n, ok := streamed[c.Name]; ok {
			var content genai.Content
			if err := json.Unmarshal(sdk, &content); err != nil {
				t.Fatal(err)
			}
			if len(content.Parts) != n[0] || len(ours) == 0 {
				t.Errorf("%s: genai kept %d parts, want %d", c.Name, len(content.Parts), n[0])
			}
			for _, p := range content.Parts {
				if p.FunctionCall != nil && len(p.FunctionCall.Args) > 0 {
					t.Errorf("%s: genai holds the arguments %v: %s", c.Name, p.FunctionCall.Args, streamedWhy)
				}
			}
			if len(content.Parts) > 0 && len(got) == 0 {
				t.Errorf("%s: no difference (%s)", c.Name, streamedWhy)
			}
			if len(contentParts(t, ours)) != n[1] {
				t.Errorf("%s: the bridge has %d parts, want %d", c.Name, len(contentParts(t, ours)), n[1])
			}
			continue
		}
		want := sdkDiffs[c.Name]
		for _, line := range got {
			if !slices.ContainsFunc(want, func(d difference) bool { return d.line == line }) {
				path, _, _ := strings.Cut(line, ":")
				path, _, _ = strings.Cut(path, " ")
				t.Errorf("%s: a new difference %q: genai has %s, the bridge %s", c.Name, line, jsondiff.Value(sdk, path), jsondiff.Value(ours, path))
			}
		}
		for _, d := range want {
			if !slices.Contains(got, d.line) {
				t.Errorf("%s: the listed difference %q (%s) is gone", c.Name, d.line, d.why)
			}
		}
	}
}

// TestModelContentErrors: what ModelContent refuses.
func TestModelContentErrors(t *testing.T) {
	c := load(t, "gemini-2.5-flash-thought-then-call.sse")
	cut := capture.Ends(c.Wire)[0]
	out := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
	if _, err := ModelContent(out, Options{}); !errors.Is(err, toolspec.ErrTruncated) {
		t.Errorf("a truncated outcome: %v", err)
	}
	if got, err := ModelContent(out, Options{AllowPartial: true}); err != nil || len(got.Parts) != 1 || !got.Parts[0].Thought {
		t.Errorf("AllowPartial: %v %+v", err, got)
	}
	if _, err := ModelContent(toolspec.Outcome{Format: toolspec.FormatAnthropic, Messages: 1}, Options{}); err == nil {
		t.Error("an Anthropic outcome was accepted")
	}
	whole := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
	if _, err := ModelContent(whole, Options{Message: 1}); err == nil {
		t.Error("message 1 of 1 was accepted")
	}
	if _, err := ModelContent(whole, Options{Candidate: 1}); err == nil {
		t.Error("candidate 1 of 1 was accepted")
	}
	other := whole
	other.Items = append([]toolspec.Item{{Kind: toolspec.ItemOther, Call: -1}}, whole.Items...)
	if _, err := ModelContent(other, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("an other part: %v", err)
	}
	if got, err := ModelContent(other, Options{OmitNotCarried: true}); err != nil || len(got.Parts) != 2 {
		t.Errorf("OmitNotCarried: %v %+v", err, got)
	}
	twoSigs := whole
	twoSigs.Calls = slices.Clone(whole.Calls)
	twoSigs.Calls[0].Signatures = []string{"AA==", "AA=="}
	if _, err := ModelContent(twoSigs, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("two signatures: %v", err)
	}
	twoSigs.Calls[0].Signatures = []string{"not base64!"}
	if _, err := ModelContent(twoSigs, Options{}); !errors.Is(err, ErrNotCarried) {
		t.Errorf("a signature that is not base64: %v", err)
	}
}

// TestArgsNumbers: numbers are kept as they arrived.
func TestArgsNumbers(t *testing.T) {
	args, err := Args(toolspec.Call{Args: `{"big":12345678901234567890,"f":1.50}`})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(args)
	if string(b) != `{"big":12345678901234567890,"f":1.50}` {
		t.Errorf("args marshal as %s", b)
	}
	for _, bad := range []string{`[1]`, `{"a":1} {}`, `{"a":`, `null`} {
		if _, err := Args(toolspec.Call{Args: bad}); err == nil {
			t.Errorf("Args(%s): no error", bad)
		}
	}
}

// TestResultContent: the results answer the calls by id and name, as the
// user's content.
func TestResultContent(t *testing.T) {
	c := ResultContent(
		Result{Call: toolspec.Call{ID: "8hd01vsf", Name: "add"}, Response: map[string]any{"output": 5}},
		Result{Call: toolspec.Call{Name: "multiply"}, Response: map[string]any{"error": "overflow"}},
	)
	b, _ := json.Marshal(c)
	want := `{"parts":[{"functionResponse":{"id":"8hd01vsf","name":"add","response":{"output":5}}},{"functionResponse":{"name":"multiply","response":{"error":"overflow"}}}],"role":"user"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// contentParts returns the parts of a content's JSON.
func contentParts(t *testing.T, b []byte) []*genai.Part {
	t.Helper()
	var c genai.Content
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c.Parts
}
