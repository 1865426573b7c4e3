package thirdparty

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"google.golang.org/genai"

	"github.com/toolspec/toolspec/internal/workload"
)

// genai has no public stream decoder: its users call
// Models.GenerateContentStream, which posts the request, reads the SSE
// response and yields one GenerateContentResponse per event. Nor does it
// merge function calls across chunks. So the comparison drives
// GenerateContentStream over an in-memory client (genaiClient) and folds
// the chunks with geminiAcc.

// genaiClient returns the one genai client of the package: Gemini API
// backend, a placeholder key, and an HTTP client that answers from the
// request's context (memClient), so no name is resolved.
var genaiClient = sync.OnceValues(func() (*genai.Client, error) {
	return genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey:      "placeholder",
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  memClient("text/event-stream"),
		HTTPOptions: genai.HTTPOptions{BaseURL: "http://gemini.invalid/"},
	})
})

// genaiPrompt is the request's content: what is asked does not change
// what the transport answers.
var genaiPrompt = genai.Text("stream")

// runGenai streams raw through Models.GenerateContentStream and folds the
// chunks with geminiAcc.
func runGenai(raw []byte) (folded, error) {
	c, err := genaiClient()
	if err != nil {
		return nil, err
	}
	acc := &geminiAcc{}
	for chunk, err := range c.Models.GenerateContentStream(withBody(context.Background(), raw), "gemini-2.5-flash", genaiPrompt, nil) {
		if err != nil {
			return nil, err
		}
		if err := acc.add(chunk); err != nil {
			return nil, err
		}
	}
	if acc.streaming {
		return nil, fmt.Errorf("gemini: the stream ended inside the streamed call %q", acc.calls[len(acc.calls)-1].name)
	}
	if !acc.finished {
		return nil, fmt.Errorf("gemini: the stream ended without a finishReason")
	}
	return acc, nil
}

var genaiSDK = library{name: "genai", fold: runGenai, decodedArgs: true, ours: true}

// geminiAcc is the minimal correct merging of a Gemini stream's chunks
// into calls, as a genai user writes it. Each chunk holds one candidate
// (more is an error), whose parts come in stream order:
//
//   - a text part appends to the thinking (thought: true) or to the text;
//   - a functionCall part with a name and without willContinue is one
//     whole call: its id, name and args (none is {});
//   - Vertex AI's streamed arguments: a functionCall part with a name and
//     willContinue: true opens a call; the parts that follow without a
//     name add their partialArgs (a JSON path and one value each; string
//     values continue the string already at that path) until a part
//     without willContinue, the empty {} or the last partial one, closes
//     it;
//   - a finishReason on the candidate ends the stream. A stream that ends
//     without one, or with a call still open, is an error.
type geminiAcc struct {
	calls          []geminiCall
	streaming      bool // the last call is open: more of its parts follow
	text, thinking strings.Builder
	finished       bool
}

// geminiCall is one call: its arguments as a decoded object.
type geminiCall struct {
	id, name string
	args     map[string]any
}

// add folds one chunk.
func (a *geminiAcc) add(chunk *genai.GenerateContentResponse) error {
	if chunk == nil {
		return fmt.Errorf("gemini: nil chunk")
	}
	switch n := len(chunk.Candidates); {
	case n == 0:
		return nil
	case n > 1:
		return fmt.Errorf("gemini: %d candidates in one chunk", n)
	}
	cand := chunk.Candidates[0]
	if cand == nil || cand.Index != 0 {
		return fmt.Errorf("gemini: a chunk of a candidate other than 0")
	}
	if a.finished {
		return fmt.Errorf("gemini: a chunk after the finish")
	}
	if cand.Content != nil {
		for _, p := range cand.Content.Parts {
			if err := a.part(p); err != nil {
				return err
			}
		}
	}
	if cand.FinishReason != "" {
		a.finished = true
	}
	return nil
}

// part folds one part.
func (a *geminiAcc) part(p *genai.Part) error {
	if p == nil {
		return nil
	}
	if p.Text != "" {
		if a.streaming {
			return fmt.Errorf("gemini: text inside the streamed call %q", a.calls[len(a.calls)-1].name)
		}
		if p.Thought {
			a.thinking.WriteString(p.Text)
		} else {
			a.text.WriteString(p.Text)
		}
	}
	fc := p.FunctionCall
	if fc == nil {
		return nil
	}
	if !a.streaming {
		if fc.Name == "" {
			return fmt.Errorf("gemini: a function call without a name")
		}
		c := geminiCall{id: fc.ID, name: fc.Name, args: fc.Args}
		if c.args == nil {
			c.args = map[string]any{}
		}
		a.calls = append(a.calls, c)
	} else if fc.Name != "" {
		return fmt.Errorf("gemini: call %q opens while %q streams", fc.Name, a.calls[len(a.calls)-1].name)
	}
	c := &a.calls[len(a.calls)-1]
	for _, pa := range fc.PartialArgs {
		if err := setPartialArg(c.args, pa); err != nil {
			return fmt.Errorf("gemini: call %q: %w", c.name, err)
		}
	}
	a.streaming = fc.WillContinue != nil && *fc.WillContinue
	return nil
}

// result returns what the stream holds, each call's arguments encoded
// with encoding/json.
func (a *geminiAcc) result() (result, error) {
	var r result
	for _, c := range a.calls {
		args, err := json.Marshal(builtStrings(c.args))
		if err != nil {
			return r, fmt.Errorf("gemini: call %q: %w", c.name, err)
		}
		r.calls = append(r.calls, workload.Call{ID: c.id, Name: c.name, Args: string(args)})
	}
	r.text, r.thinking = a.text.String(), a.thinking.String()
	return r, nil
}

// setPartialArg sets the value of pa at its JSON path in obj: a number,
// a boolean, null, or a string, which is appended to the string already
// there (a string streams in several partialArgs of one path).
func setPartialArg(obj map[string]any, pa *genai.PartialArg) error {
	if pa == nil {
		return nil
	}
	steps, err := parseJSONPath(pa.JsonPath)
	if err != nil {
		return err
	}
	var v any
	switch {
	case pa.NumberValue != nil:
		v = *pa.NumberValue
	case pa.BoolValue != nil:
		v = *pa.BoolValue
	case pa.NULLValue != "":
		v = nil
	default:
		v = pa.StringValue
	}
	_, err = assign(obj, steps, v)
	if err != nil {
		return fmt.Errorf("path %q: %w", pa.JsonPath, err)
	}
	return nil
}

// assign sets v at steps inside container (an object, an array, or nil
// for one still to make) and returns the container, which for an array
// may have moved as it grew. At the last step a string value continues a
// string already there: strings are held in a *strings.Builder while
// they stream (appending to a Go string would copy it whole each time),
// which strings turns back into strings.
func assign(container any, steps []pathStep, v any) (any, error) {
	st, rest := steps[0], steps[1:]
	set := func(old any) (any, error) {
		if len(rest) > 0 {
			return assign(old, rest, v)
		}
		s, ok := v.(string)
		if !ok {
			return v, nil
		}
		b, ok := old.(*strings.Builder)
		if !ok {
			b = &strings.Builder{}
		}
		b.WriteString(s)
		return b, nil
	}
	if st.member {
		obj, ok := container.(map[string]any)
		if container == nil {
			obj, ok = map[string]any{}, true
		}
		if !ok {
			return nil, fmt.Errorf("member %q of a %T", st.name, container)
		}
		nv, err := set(obj[st.name])
		if err != nil {
			return nil, err
		}
		obj[st.name] = nv
		return obj, nil
	}
	arr, ok := container.([]any)
	if container == nil {
		ok = true
	}
	if !ok {
		return nil, fmt.Errorf("index [%d] of a %T", st.index, container)
	}
	for len(arr) <= st.index {
		arr = append(arr, nil)
	}
	nv, err := set(arr[st.index])
	if err != nil {
		return nil, err
	}
	arr[st.index] = nv
	return arr, nil
}

// strings_ returns v with every *strings.Builder that assign left in it
// replaced by its string.
func builtStrings(v any) any {
	switch x := v.(type) {
	case *strings.Builder:
		return x.String()
	case map[string]any:
		for k, e := range x {
			x[k] = builtStrings(e)
		}
	case []any:
		for i, e := range x {
			x[i] = builtStrings(e)
		}
	}
	return v
}

// pathStep is one step of a JSON path: a member name or an array index.
type pathStep struct {
	member bool
	name   string
	index  int
}

// parseJSONPath parses the paths Vertex AI sends: $ then steps .name,
// ['name'], ["name"] or [n].
func parseJSONPath(p string) ([]pathStep, error) {
	if !strings.HasPrefix(p, "$") {
		return nil, fmt.Errorf("path %q does not start with $", p)
	}
	var steps []pathStep
	for s := p[1:]; s != ""; {
		switch {
		case s[0] == '.':
			end := strings.IndexAny(s[1:], ".[")
			if end < 0 {
				end = len(s) - 1
			}
			if end == 0 {
				return nil, fmt.Errorf("path %q: an empty member name", p)
			}
			steps = append(steps, pathStep{member: true, name: s[1 : 1+end]})
			s = s[1+end:]
		case strings.HasPrefix(s, "['") || strings.HasPrefix(s, `["`):
			q := s[1]
			end := strings.IndexByte(s[2:], q)
			if end < 0 || !strings.HasPrefix(s[2+end+1:], "]") {
				return nil, fmt.Errorf("path %q: an unclosed quoted member", p)
			}
			steps = append(steps, pathStep{member: true, name: s[2 : 2+end]})
			s = s[2+end+2:]
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, fmt.Errorf("path %q: an unclosed index", p)
			}
			n, err := strconv.Atoi(s[1:end])
			if err != nil || n < 0 || n > 1<<16 {
				return nil, fmt.Errorf("path %q: a bad index %q", p, s[1:end])
			}
			steps = append(steps, pathStep{index: n})
			s = s[end+1:]
		default:
			return nil, fmt.Errorf("path %q: unexpected %q", p, s[0])
		}
	}
	if len(steps) == 0 || !steps[0].member {
		return nil, fmt.Errorf("path %q names no member of the arguments", p)
	}
	return steps, nil
}
