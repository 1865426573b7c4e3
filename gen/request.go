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

// settingValues are the values RequestSettings draws for a setting of each
// kind: values inside and outside the formats' ranges, and values not of
// the kind, which a translation names.
var settingValues = map[spec.SettingKind][]string{
	spec.SettingInteger: {`-2`, `-1`, `0`, `1`, `16`, `512`, `1024`, `4096`, `1e3`, `2.5`, `"256"`},
	spec.SettingNumber:  {`-2.5`, `-0.5`, `0`, `0.2`, `0.5`, `1`, `1.3`, `2`, `2.5`, `1e400`, `"hot"`},
	spec.SettingString:  {`"m-1"`, `"caf\u00e9"`, `7`},
	spec.SettingBool:    {`true`, `false`, `"yes"`},
	spec.SettingStops:   {`"END"`, `["a"]`, `["a", "b", "c", "d", "e"]`, `[]`, `[1]`, `{}`},
	spec.SettingObject:  {`{"type": "object", "properties": {"n": {"type": "integer"}}}`, `{}`, `"json"`, `[]`},
}

// settingMember is one member of the settings RequestSettings draws, a
// value or an object of members.
type settingMember struct {
	key  string
	val  string
	kids []*settingMember
}

func (n *settingMember) put(path []string, val string) {
	for _, k := range path[:len(path)-1] {
		var next *settingMember
		for _, c := range n.kids {
			if c.key == k && c.val == "" {
				next = c
			}
		}
		if next == nil {
			next = &settingMember{key: k}
			n.kids = append(n.kids, next)
		}
		n = next
	}
	n.kids = append(n.kids, &settingMember{key: path[len(path)-1], val: val})
}

func (n *settingMember) text() string {
	if n.val != "" {
		return strconv.Quote(n.key) + ": " + n.val
	}
	parts := make([]string, len(n.kids))
	for i, c := range n.kids {
		parts[i] = c.text()
	}
	return strconv.Quote(n.key) + ": {" + strings.Join(parts, ", ") + "}"
}

// RequestSettings draws the settings of a request body of format f that a
// translation maps (XLATE-7, spec.Settings), each as a member of the body
// ("key": value, the settings of one object such as generationConfig
// together): some of the settings f holds, at their place or at another
// spelling, with the members a place writes beside its value (or a
// wrong one), values inside and outside the formats' ranges and values of
// another kind, and sometimes a member of a settings object no setting
// reads, or a member given twice. No key is a history member of f.
func RequestSettings(t *rapid.T, f spec.Format) []string {
	var root settingMember
	for i, st := range spec.Settings {
		pl, ok := st.In(f)
		if !ok || pl.Path == nil || !rapid.Bool().Draw(t, "set"+strconv.Itoa(i)) {
			continue
		}
		p := pl.Path
		if len(pl.Spellings) > 0 && rapid.IntRange(0, 3).Draw(t, "spelling") == 0 {
			p = pl.Spellings[0]
		}
		for _, w := range pl.With {
			v := w.JSON
			if rapid.IntRange(0, 5).Draw(t, "otherWith") == 0 {
				v = `"other"`
			}
			root.put(w.Path, v)
		}
		vals := settingValues[st.Kind]
		if pl.Values != nil {
			vals = nil
			for _, g := range spec.Settings {
				for _, q := range g.At {
					for _, v := range q.Values {
						if pl.Upper {
							v = strings.ToUpper(v)
						}
						vals = append(vals, strconv.Quote(v))
					}
				}
			}
			vals = append(vals, `"turbo"`, `true`)
		}
		if rapid.IntRange(0, 9).Draw(t, "null") == 0 {
			root.put(p, `null`)
			continue
		}
		root.put(p, rapid.SampledFrom(vals).Draw(t, "value"))
	}
	var out []string
	for _, c := range root.kids {
		if c.val == "" && rapid.IntRange(0, 3).Draw(t, "stray") == 0 {
			c.kids = append(c.kids, &settingMember{key: "x_stray", val: `1`})
		}
		out = append(out, c.text())
	}
	if len(out) > 0 && rapid.IntRange(0, 7).Draw(t, "twice") == 0 {
		out = append(out, out[0])
	}
	return out
}
