package thirdparty

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// historyScenarioDir is the corpus of history scenarios (SPEC.md section
// 11), as model/history's scenario test reads it.
const historyScenarioDir = "../spectest/testdata/histories"

// requestBody is one request body the encoders wrote, and where it comes
// from.
type requestBody struct {
	name   string
	format spec.Format
	body   []byte
}

// scenarioBodies returns the bodies of every history scenario: its
// history, decoded from its document and made realistic as sdkHistory
// says (the scenarios' signatures and redacted reasoning are truncations
// of real ones, not base64; two scenarios have an invented block), encoded
// in each of the six formats (toolspec.EncodeHistory, production codecs),
// and for a translation scenario also the body the translation writes
// (toolspec.TranslateHistory), which carries no signature.
// A body written with losses is a body all the same. It fails t when the
// corpus is missing or a scenario yields no body.
func scenarioBodies(t *testing.T) []requestBody {
	t.Helper()
	var out []requestBody
	n := 0
	err := filepath.WalkDir(historyScenarioDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.ParseHistory(path, data)
		if err != nil {
			return err
		}
		n++
		name := strings.TrimSuffix(strings.TrimPrefix(path, historyScenarioDir+"/"), ".txtar")
		from := sc.Format
		if sc.Translation() {
			from = sc.From
			if doc, _ := toolspec.TranslateHistory(sc.From, sc.To, sc.Doc); doc != nil {
				out = append(out, requestBody{name + " translated", sc.To, doc})
			}
		}
		h, _ := toolspec.DecodeHistory(from, sc.Doc)
		h = toolspec.History(realistic(spec.History(h)))
		for _, f := range spec.Formats {
			doc, _ := toolspec.EncodeHistory(f, h)
			if doc == nil {
				t.Fatalf("%s: EncodeHistory(%s) wrote no body", name, f)
			}
			out = append(out, requestBody{name + " as " + string(f), f, doc})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("no history scenarios under %s", historyScenarioDir)
	}
	return out
}

// sdkHistory draws a history for the request checks: gen.AnyHistory, with
// ids or without, made what a provider's request holds where gen's draws
// are stand-ins (realistic):
//
//   - gen's invented blocks (an opaque part or result content of type
//     "x_unknown", a provider tool of type "x_provider_tool") are left
//     out: they stand for a block no rule knows, and are unknown to the
//     SDK by construction (TestRequestUnknownMembersFail shows the check
//     reporting such blocks);
//   - a tool choice of a tool without a name (gen draws the choice among
//     all the tools, a provider's tool among them, which a History keeps
//     without a name) is made "required": a request names a provider's
//     tool by its type, which a History's tool choice does not hold;
//   - every signature, redacted reasoning and image's bytes is made
//     base64 (its own base64 when it is not): gen draws short labels
//     ("sig/+==", "aW1n7"), while every provider's signatures, encrypted
//     reasoning and inline bytes are base64, and Gemini's thoughtSignature
//     and inlineData.data, Bedrock's redactedContent and image bytes and
//     Ollama's images are bytes fields, base64 in JSON, in the SDKs' types.
func sdkHistory(t *rapid.T) toolspec.History {
	return toolspec.History(realistic(gen.AnyHistory(t, rapid.Bool().Draw(t, "ids"))))
}

// realistic returns h as sdkHistory describes.
func realistic(h spec.History) spec.History {
	var parts func(ps []spec.Part) []spec.Part
	parts = func(ps []spec.Part) []spec.Part {
		var out []spec.Part
		for _, p := range ps {
			if invented(p.Data) {
				continue
			}
			p.Signature = base64Of(p.Signature)
			switch p.Kind {
			case spec.PartRedacted:
				p.Data = base64Of(p.Data)
			case spec.PartImage, spec.PartOpaque:
				p.Data = base64Bytes(p)
			}
			if p.Content != nil {
				p.Content = parts(p.Content)
			}
			out = append(out, p)
		}
		return out
	}
	out := spec.History{System: parts(h.System), ToolChoice: h.ToolChoice}
	for _, m := range h.Messages {
		ps := parts(m.Parts)
		if ps == nil && m.Parts != nil {
			ps = []spec.Part{}
		}
		out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: ps})
	}
	for _, tl := range h.Tools {
		if !invented(tl.Data) {
			out.Tools = append(out.Tools, tl)
		}
	}
	if h.ToolChoice.Mode == spec.ChoiceTool && h.ToolChoice.Name == "" {
		out.ToolChoice.Mode = spec.ChoiceRequired
	}
	return out
}

// inventedTypes are the block types that gen and the scenarios invent for
// a block no rule knows: gen's opaque parts and result content
// ("x_unknown", as a type or, in Gemini, a part's member) and provider
// tool ("x_provider_tool"), shape/anthropic-unknown-blocks-kept's
// "future_block" and translation/anthropic-to-ollama-thinking-system-
// parallel's "citations_placeholder".
var inventedTypes = map[string]bool{"x_unknown": true, "x_provider_tool": true, "future_block": true, "citations_placeholder": true}

// invented reports whether data, the JSON of an opaque or image part or
// a provider's tool, is an invented block: of an inventedTypes type, or
// with a member of that name.
func invented(data string) bool {
	var o map[string]json.RawMessage
	if json.Unmarshal([]byte(data), &o) != nil {
		return false
	}
	var typ string
	_ = json.Unmarshal(o["type"], &typ)
	if inventedTypes[typ] {
		return true
	}
	for k := range o {
		if inventedTypes[k] {
			return true
		}
	}
	return false
}

// base64Of returns s when it is standard base64, else the base64 of s.
func base64Of(s string) string {
	if _, err := base64.StdEncoding.DecodeString(s); err == nil {
		return s
	}
	return base64.StdEncoding.EncodeToString([]byte(s))
}

// base64Bytes returns p's data, the JSON of an image or opaque part of
// its format, with the bytes it holds made base64 (base64Of): an Ollama
// image (the JSON string itself), a Gemini part's inlineData.data, a
// Bedrock block's image.source.bytes. Any other data is returned as it is.
func base64Bytes(p spec.Part) string {
	v, err := decodeJSON([]byte(p.Data))
	if err != nil {
		return p.Data
	}
	var path []string
	switch p.Format {
	case spec.FormatOllama:
		if s, ok := v.(string); ok {
			return compact(base64Of(s))
		}
		return p.Data
	case spec.FormatGemini:
		path = []string{"inlineData", "data"}
	case spec.FormatBedrock:
		path = []string{"image", "source", "bytes"}
	default:
		return p.Data
	}
	o, _ := v.(map[string]any)
	for i, k := range path {
		if o == nil {
			return p.Data
		}
		if i == len(path)-1 {
			s, ok := o[k].(string)
			if !ok {
				return p.Data
			}
			o[k] = base64Of(s)
			return compact(v)
		}
		o, _ = o[k].(map[string]any)
	}
	return p.Data
}

// requireChecked fails t with the body, what the SDK wrote and every
// fault, when the check of a body found one.
func requireChecked(t interface {
	Helper()
	Fatalf(string, ...any)
}, name string, f spec.Format, body []byte, c requestCheck) {
	t.Helper()
	if !c.ok() {
		t.Fatalf("%s (%s): %s\nbody: %s\nSDK:  %s\nfaults:\n\t%s", name, f, sdkRequestOf(f).typ, body, c.out, strings.Join(c.problems, "\n\t"))
	}
}

// TestRequestScenarioBodies: every body of the history scenarios
// (scenarioBodies) goes through its format's official request type and
// comes back the same JSON value, but for the known differences.
func TestRequestScenarioBodies(t *testing.T) {
	bodies := scenarioBodies(t)
	perFormat := map[spec.Format]int{}
	used := make([]int, len(knownDiffs))
	for _, b := range bodies {
		c := checkRequest(b.format, b.body)
		requireChecked(t, b.name, b.format, b.body, c)
		if c.out != nil {
			perFormat[b.format]++
		}
		for _, i := range c.explained {
			used[i]++
		}
	}
	logUse(t, used)
	for _, f := range spec.Formats {
		if perFormat[f] == 0 {
			t.Errorf("no %s body of the scenarios went through the SDK", f)
		}
	}
	t.Logf("%d bodies; through the SDK, by format: %v", len(bodies), perFormat)
}

// TestRequestRandomBodies: every random history (sdkHistory), written in
// each of the six formats, goes through the format's official request
// type and comes back the same JSON value, but for the known
// differences; none is refused.
func TestRequestRandomBodies(t *testing.T) {
	through := map[spec.Format]int{}
	used := make([]int, len(knownDiffs))
	defer logUse(t, used)
	rapid.Check(t, func(rt *rapid.T) {
		h := sdkHistory(rt)
		for _, f := range spec.Formats {
			body, _ := toolspec.EncodeHistory(f, h)
			c := checkRequest(f, body)
			requireChecked(rt, "random history", f, body, c)
			for _, i := range c.explained {
				used[i]++
			}
			if c.out == nil {
				rt.Fatalf("%s: the SDK refuses the body:\n%s", f, body)
			}
			through[f]++
		}
	})
	for _, f := range spec.Formats {
		if through[f] == 0 {
			t.Errorf("%s: no body went through the SDK", f)
		}
	}
	t.Logf("through the SDK %v", through)
}

// logUse logs how many differences each known difference explained.
func logUse(t *testing.T, used []int) {
	t.Helper()
	var b strings.Builder
	for i, n := range used {
		k := knownDiffs[i]
		what := k.path
		if k.refusal != nil {
			what = "refusal " + k.refusal.String()
		}
		fmt.Fprintf(&b, "\n%6d  %s %s: %s", n, k.format, k.kind, what)
	}
	t.Logf("differences explained, by known difference:%s", b.String())
}

// TestRequestKnownDifferences: each known difference is real and explains
// its example alone: the check of the example finds no fault, and the
// difference (or the refusal) is the entry's; an artefact's example, as
// the SDK writes it, reads back in toolspec as the example's History. An
// entry whose example no longer differs (the SDK, or toolspec's encoder,
// changed) fails here.
func TestRequestKnownDifferences(t *testing.T) {
	for i, k := range knownDiffs {
		name := fmt.Sprintf("%d-%s-%s", i, k.format, strings.ReplaceAll(k.kind, " ", "-"))
		t.Run(name, func(t *testing.T) {
			if k.why == "" || k.example == nil {
				t.Fatal("a known difference needs its reason and an example")
			}
			body := k.example()
			c := checkRequest(k.format, body)
			requireChecked(t, "example", k.format, body, c)
			if k.kind == sdkArtefact {
				// The same request: toolspec reads the SDK's body as
				// the example's.
				want, _ := toolspec.DecodeHistory(k.format, body)
				got, _ := toolspec.DecodeHistory(k.format, c.out)
				if w, g := canonical(want), canonical(got); g != w {
					t.Errorf("an artefact changes the request: the SDK's body reads back otherwise\nbody: %s\nSDK:  %s\n--- body's history\n%s--- SDK's\n%s", body, c.out, w, g)
				}
			}
			for _, j := range c.explained {
				if j == i {
					return
				}
			}
			t.Fatalf("the example differs in no way this entry explains (%s %s)\nbody: %s\nSDK:  %s", k.path, k.refusal, body, c.out)
		})
	}
}

// TestRequestUnknownMembersFail shows that the check fails: for each
// format, a body the SDK takes whole, with a member no API has added at
// the top and inside an element, and with a block of a type no API has
// (one of the invented blocks that sdkHistory leaves out), is reported,
// at the member's path or by its name.
func TestRequestUnknownMembersFail(t *testing.T) {
	cases := []struct {
		format spec.Format
		body   string
		want   string // a fault names this
	}{
		{spec.FormatOpenAIChat, `{"messages":[{"role":"user","content":"hi"}],"x_member":1}`, "$.x_member"},
		{spec.FormatOpenAIChat, `{"messages":[{"role":"user","content":"hi","x_member":1}]}`, "$.messages[0].x_member"},
		{spec.FormatOpenAIChat, `{"messages":[{"role":"user","content":[{"type":"x_unknown","v":1}]}]}`, "$.messages[0].content"},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"message","role":"user","content":"hi"}],"x_member":1}`, "$.x_member"},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"function_call","call_id":"c","name":"a","arguments":"{}","x_member":1}]}`, "$.input[0].x_member"},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"x_unknown","v":1}]}`, "$.input"},
		{spec.FormatAnthropic, `{"max_tokens":1,"messages":[{"role":"user","content":"hi"}],"x_member":1}`, "$.x_member"},
		{spec.FormatAnthropic, `{"max_tokens":1,"messages":[{"role":"user","content":[{"type":"text","text":"hi","x_member":1}]}]}`, "$.messages[0].content[0].x_member"},
		{spec.FormatAnthropic, `{"max_tokens":1,"messages":[{"role":"user","content":[{"type":"future_block","x":1}]}]}`, "$.messages[0].content"},
		{spec.FormatGemini, `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"x_member":1}`, "$.x_member"},
		{spec.FormatGemini, `{"contents":[{"role":"user","parts":[{"text":"hi","x_member":1}]}]}`, "$.contents[0].parts[0].x_member"},
		{spec.FormatGemini, `{"contents":[{"role":"user","parts":[{"functionResponse":{"name":"a","response":{"output":"r"},"parts":[{"x_unknown":{"v":1}}]}}]}]}`, "$.contents[0].parts[0].functionResponse.parts[0].x_unknown"},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"text":"hi"}]}],"x_member":1}`, "$.x_member"},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"toolResult":{"toolUseId":"c","content":[{"text":"r"}],"x_member":1}}]}]}`, "$.messages[0].content[0].toolResult.x_member"},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"x_unknown":{"v":1}},{"text":"hi"}]}]}`, "$.messages[0].content[0]"},
		{spec.FormatOllama, `{"model":"m","messages":[{"role":"user","content":"hi"}],"options":null,"x_member":1}`, "$.x_member"},
		{spec.FormatOllama, `{"model":"m","messages":[{"role":"user","content":"hi","x_member":1}],"options":null}`, "$.messages[0].x_member"},
	}
	for _, tc := range cases {
		c := checkRequest(tc.format, []byte(tc.body))
		if c.ok() {
			t.Errorf("%s: the check finds nothing in %s (SDK: %s)", tc.format, tc.body, c.out)
			continue
		}
		if !strings.Contains(strings.Join(c.problems, "\n"), tc.want) {
			t.Errorf("%s: no fault names %s in %s:\n\t%s", tc.format, tc.want, tc.body, strings.Join(c.problems, "\n\t"))
		}
	}
	// The same bodies without the unknown member pass: the faults above
	// are the member's.
	for _, body := range []struct {
		format spec.Format
		body   string
	}{
		{spec.FormatOpenAIChat, `{"messages":[{"role":"user","content":"hi"}]}`},
		{spec.FormatOpenAIResponses, `{"input":[{"type":"function_call","call_id":"c","name":"a","arguments":"{}"}]}`},
		{spec.FormatAnthropic, `{"max_tokens":1,"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}`},
		{spec.FormatGemini, `{"contents":[{"role":"user","parts":[{"functionResponse":{"name":"a","response":{"output":"r"}}}]}]}`},
		{spec.FormatBedrock, `{"messages":[{"role":"user","content":[{"toolResult":{"toolUseId":"c","content":[{"text":"r"}]}}]}]}`},
		{spec.FormatOllama, `{"model":"m","messages":[{"role":"user","content":"hi"}],"options":null}`},
	} {
		c := checkRequest(body.format, []byte(body.body))
		requireChecked(t, "the same body without the member", body.format, []byte(body.body), c)
	}
}

// TestRequestOpenAIToolChoiceUnion holds openai-go to the decoding that
// toolChoiceByType works around: decoded as a whole, a named tool choice
// loses its name, in chat and in Responses. When this fails, the SDK
// decodes it, and toolChoiceByType can go.
func TestRequestOpenAIToolChoiceUnion(t *testing.T) {
	for _, tc := range []struct {
		through func([]byte) ([]byte, []string, error)
		body    string
	}{
		{paramsThrough[openai.ChatCompletionNewParams], `{"tool_choice":{"type":"function","function":{"name":"a"}}}`},
		{paramsThrough[responses.ResponseNewParams], `{"tool_choice":{"type":"function","name":"a"}}`},
	} {
		out, _, err := tc.through([]byte(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != `{"tool_choice":{"type":"function"}}` {
			t.Errorf("openai-go now writes %s back as %s: see toolChoiceByType", tc.body, out)
		}
	}
}

// throughSDK checks body as TestRequestRandomBodies does and returns what
// the SDK wrote, and whether it is the same request: every difference an
// sdkArtefact. ok is false when the SDK refused the body (a known
// refusal).
func throughSDK(t *rapid.T, f spec.Format, body []byte) (out []byte, same, ok bool) {
	t.Helper()
	c := checkRequest(f, body)
	requireChecked(t, "random history", f, body, c)
	if c.out == nil {
		return nil, false, false
	}
	for _, i := range c.explained {
		if knownDiffs[i].kind != sdkArtefact {
			return c.out, false, true
		}
	}
	return c.out, true, true
}

// TestRequestRoundTrip: what an SDK writes of a body reads back, in
// toolspec, as the body's own History, whenever the SDK wrote the same
// request (every difference an sdkArtefact: this holds each artefact to
// being one); and a translation there and back with each body through
// its SDK on the way (A → SDK → B → SDK → A) gives the History the same
// translation gives without the SDKs. That the translation alone keeps
// what both formats carry is model/history's TestHistoryThereAndBack
// (against gen.Expressible), which holds production's codecs through
// the model's (impl/history's tests).
func TestRequestRoundTrip(t *testing.T) {
	same, changed, pairs := 0, 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		h := sdkHistory(rt)
		for _, f := range spec.Formats {
			body, _ := toolspec.EncodeHistory(f, h)
			out, sameReq, ok := throughSDK(rt, f, body)
			if !ok {
				continue
			}
			if !sameReq {
				changed++
				continue
			}
			same++
			want, _ := toolspec.DecodeHistory(f, body)
			got, _ := toolspec.DecodeHistory(f, out)
			if w, g := canonical(want), canonical(got); g != w {
				rt.Fatalf("%s: the SDK's body reads back otherwise\nbody: %s\nSDK:  %s\n--- body's history\n%s--- SDK's\n%s", f, body, out, w, g)
			}
		}
		a := rapid.SampledFrom(spec.Formats).Draw(rt, "from")
		b := rapid.SampledFrom(spec.Formats).Draw(rt, "via")
		if a == b {
			// A translation into its own format keeps the body byte for
			// byte (HIST-9), an SDK's artefacts with it: the translation
			// there and back is between two formats.
			return
		}
		docA, _ := toolspec.EncodeHistory(a, h)
		plainB, _ := toolspec.TranslateHistory(a, b, docA)
		plainA, _ := toolspec.TranslateHistory(b, a, plainB)
		sA, sameA, okA := throughSDK(rt, a, docA)
		if !okA || !sameA {
			return
		}
		docB, _ := toolspec.TranslateHistory(a, b, sA)
		sB, sameB, okB := throughSDK(rt, b, docB)
		if !okB || !sameB {
			return
		}
		back, _ := toolspec.TranslateHistory(b, a, sB)
		want, _ := toolspec.DecodeHistory(a, plainA)
		got, _ := toolspec.DecodeHistory(a, back)
		if w, g := canonical(want), canonical(got); g != w {
			rt.Fatalf("%s→%s→%s through the SDKs differs from the translation alone\n--- alone\n%s--- through the SDKs\n%s", a, b, a, w, g)
		}
		pairs++
	})
	if same == 0 || pairs == 0 {
		t.Fatalf("nothing compared: %d bodies the same request, %d round trips", same, pairs)
	}
	t.Logf("%d bodies the same request through the SDK, %d changed by a known difference; %d round trips through two SDKs", same, changed, pairs)
}

// canonical returns h's transcript with each member that a History keeps
// as JSON text (a call's arguments, an image's or opaque part's data, a
// tool's schema or data) in one form, its object members sorted: the
// SDKs write JSON values, not bytes, and two histories are the same
// request when these are the same values.
func canonical(h toolspec.History) string {
	norm := func(s string) string {
		if v, err := decodeJSON([]byte(s)); err == nil {
			return compact(v)
		}
		return s
	}
	var parts func(ps []spec.Part) []spec.Part
	parts = func(ps []spec.Part) []spec.Part {
		out := make([]spec.Part, len(ps))
		for i, p := range ps {
			p.Args, p.Data = norm(p.Args), norm(p.Data)
			if p.Content != nil {
				p.Content = parts(p.Content)
			}
			out[i] = p
		}
		return out
	}
	c := toolspec.History{System: parts(h.System), ToolChoice: h.ToolChoice}
	for _, m := range h.Messages {
		c.Messages = append(c.Messages, spec.Message{Role: m.Role, Parts: parts(m.Parts)})
	}
	for _, tl := range h.Tools {
		tl.Schema, tl.Data = norm(tl.Schema), norm(tl.Data)
		c.Tools = append(c.Tools, tl)
	}
	return c.String()
}

// TestRequestRandomSettings: the settings a translation maps (SPEC.md
// XLATE-7), drawn by gen.RequestSettings into a random history's body of
// one format (values in and out of the formats' ranges, of other kinds,
// at other spellings), are written in every other format as its SDK's
// request type holds them: each body the translation writes decodes into
// the SDK's type, with each difference a known one.
func TestRequestRandomSettings(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		h := sdkHistory(rt)
		from := rapid.SampledFrom(spec.Formats).Draw(rt, "from")
		doc, _ := toolspec.EncodeHistory(from, h)
		ss := gen.RequestSettings(rt, from)
		doc = gen.WithRequestMembers(doc, ss, rapid.IntRange(0, len(ss)).Draw(rt, "before"))
		for _, to := range spec.Formats {
			if to == from {
				continue
			}
			out, _ := toolspec.TranslateHistory(from, to, doc)
			if out == nil {
				continue
			}
			requireChecked(rt, "random settings ("+string(from)+" → "+string(to)+")", to, out, checkRequest(to, out))
		}
	})
}
