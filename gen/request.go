package gen

import (
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// requestMembers are members a request body of each format carries beside
// its history, as the providers document them: the model, streaming, the
// output limit, sampling, reasoning and provider options. None is a history
// member of its format (spec.FormatRules.HistoryMembers).
var requestMembers = map[spec.Format][]string{
	spec.FormatOpenAIChat: {`"model": "gpt-4.1"`, `"stream": true`, `"stream_options": {"include_usage": true}`,
		`"temperature": 0.2`, `"max_completion_tokens": 512`, `"seed": 7`, `"response_format": {"type": "json_object"}`},
	spec.FormatOpenAIResponses: {`"model": "gpt-5"`, `"stream": true`, `"store": false`, `"reasoning": {"effort": "low", "summary": "auto"}`,
		`"include": ["reasoning.encrypted_content"]`, `"max_output_tokens": 800`, `"previous_response_id": null`},
	spec.FormatAnthropic: {`"model": "claude-sonnet-4-5"`, `"max_tokens": 1024`, `"stream": true`, `"temperature": 1`,
		`"thinking": {"type": "enabled", "budget_tokens": 1024}`, `"metadata": {"user_id": "u-1"}`, `"stop_sequences": ["\n\nHuman:"]`},
	spec.FormatOllama: {`"model": "qwen3:8b"`, `"stream": false`, `"think": true`, `"keep_alive": "5m"`,
		`"options": {"num_ctx": 8192, "num_predict": 256, "temperature": 0.7}`, `"format": "json"`},
	spec.FormatGemini: {`"generationConfig": {"temperature": 0.4, "maxOutputTokens": 800, "thinkingConfig": {"thinkingBudget": 256}}`,
		`"safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_ONLY_HIGH"}]`, `"cachedContent": "cachedContents/c1"`},
	spec.FormatBedrock: {`"inferenceConfig": {"maxTokens": 512, "temperature": 0.5, "stopSequences": ["END"]}`,
		`"additionalModelRequestFields": {"top_k": 40}`, `"requestMetadata": {"team": "a"}`},
}

// RequestMembers draws members a request body of format f carries beside
// its history, each as it would appear in a body ("key": value, with the
// white space of a hand-written body): some of the format's documented
// settings and some members no format knows (an escaped key among them),
// for the tests of SPEC.md HIST-9. Every key is distinct, and none is a
// history member of f.
func RequestMembers(t *rapid.T, f spec.Format) []string {
	known := requestMembers[f]
	var out []string
	for i, m := range known {
		if rapid.Bool().Draw(t, "setting"+strconv.Itoa(i)) {
			out = append(out, m)
		}
	}
	values := []string{`null`, `0`, `-1.5e3`, `"x"`, `"<&>"`, `[]`, `{}`, `[1, {"a": [true]}]`, `{"b": null, "c": "d"}`}
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, "unknown"); i < n; i++ {
		key := `"x_member_` + strconv.Itoa(i) + `"`
		if i == 2 {
			key = `"\u0078_escaped"`
		}
		out = append(out, key+rapid.SampledFrom([]string{": ", ":", " : "}).Draw(t, "colon")+rapid.SampledFrom(values).Draw(t, "value"))
	}
	return rapid.Permutation(out).Draw(t, "order")
}

// WithRequestMembers returns doc, a JSON object, with the members ms put
// among its own: the first k before them and the rest after.
func WithRequestMembers(doc []byte, ms []string, k int) []byte {
	d := strings.TrimSpace(string(doc))
	if len(d) < 2 || d[0] != '{' {
		return doc
	}
	k = min(max(k, 0), len(ms))
	parts := append([]string(nil), ms[:k]...)
	if inner := strings.TrimSpace(d[1 : len(d)-1]); inner != "" {
		parts = append(parts, inner)
	}
	parts = append(parts, ms[k:]...)
	return []byte("{" + strings.Join(parts, ", ") + "}")
}
