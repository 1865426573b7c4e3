package history

import (
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// This file holds one native fuzz target and everything it needs, so
// that OSS-Fuzz's compile_native_go_fuzzer can build it alone.

// FuzzHistoryDecode decodes arbitrary bytes as a history document of each
// format: no decoder panics; every violation has a path, at most one is a
// HIST-8 shape error and it comes last (decoding stops there); the path map
// names exactly the elements of the History; and encoding what was decoded,
// in the same format, loses nothing and reads back as itself (Gemini's
// encoder giving a result without a name that of the call its id names),
// or, for a document that holds what its format's API refuses, names each
// element it leaves out and writes an encoding that is a fixed point.
func FuzzHistoryDecode(f *testing.F) {
	for _, s := range fhdSeeds {
		for k := range spec.Formats {
			f.Add(uint8(k), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, format uint8, doc []byte) {
		fm := spec.Formats[int(format)%len(spec.Formats)]
		h, pm, vs := DecodePaths(fm, doc)
		for n, v := range vs {
			if v.Path == "" {
				t.Fatalf("%s: violation without a path: %s", fm, v.Error())
			}
			if v.Rule == spec.HistShape && (v.Class != spec.ClassTerminal || n != len(vs)-1) {
				t.Fatalf("%s: HIST-8 not terminal, or not last: %v", fm, vs)
			}
		}
		if want := fhdPaths(h); !reflect.DeepEqual(fhdKeys(pm), want) {
			t.Fatalf("%s: path map keys %v, want the History's elements %v", fm, fhdKeys(pm), want)
		}
		out, losses := Encode(fm, h)
		if len(losses) > 0 {
			// The document holds what its own format's API refuses and
			// the encoder does not write (a Responses reasoning item
			// without its required id, an image in Anthropic's system, a
			// Bedrock tool choice without tools, each named); the
			// encoding it writes instead must be a fixed point: encoded
			// again, it loses nothing and reads back as itself.
			for _, l := range losses {
				if l.Class != spec.ClassLoss {
					t.Fatalf("%s: encoding what was decoded: %s", fm, l.Error())
				}
			}
			h, _ = Decode(fm, out)
			if out, losses = Encode(fm, h); len(losses) > 0 {
				t.Fatalf("%s: encoding its own encoding loses %s\n%s", fm, losses[0].Error(), out)
			}
		}
		back, _, vs2 := DecodePaths(fm, out)
		for _, v := range vs2 {
			if v.Rule == spec.HistShape || v.Class == spec.ClassLoss {
				t.Fatalf("%s: decoding its own encoding %s: %s", fm, out, v.Error())
			}
		}
		if fm == spec.FormatGemini {
			h = fhdGeminiNames(h)
		}
		if fm == spec.FormatAnthropic || fm == spec.FormatBedrock {
			h = fhdEmptySchemas(h)
		}
		if !reflect.DeepEqual(fhdNorm(back), fhdNorm(h)) {
			t.Fatalf("%s: %s reads back as\n%+v\nnot\n%+v", fm, out, back, h)
		}
	})
}

// fhdEmptySchemas is h with the schema Anthropic's and Bedrock's encoders
// write for a function tool without one (XLATE-6: no parameters, as chat
// and Gemini mean by leaving the schema out; both require one).
func fhdEmptySchemas(h spec.History) spec.History {
	h.Tools = append([]spec.Tool(nil), h.Tools...)
	for i, t := range h.Tools {
		if t.Schema == "" && t.Data == "" && t.Kind != spec.CallCustom {
			h.Tools[i].Schema = `{"type":"object","properties":{}}`
		}
	}
	return h
}

var fhdSeeds = []string{
	``, `[]`, `{}`, `null`, `{"messages":null}`, `{"messages":[{}]}`, `{"input":"hi"}`, `{"contents":[{"parts":[{"text":"x"}]}]}`,
	`{"instructions":"be nice","input":[{"role":"user","content":"hi"},{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"think"}],"encrypted_content":"ENC"},{"type":"function_call","call_id":"call_1","name":"add","arguments":"{\"a\": 1}"},{"type":"function_call_output","call_id":"call_1","output":"2"},{"type":"web_search_call","id":"ws"}],"tools":[{"type":"function","name":"add","parameters":{"type":"object"}},{"type":"web_search"}],"tool_choice":"auto","parallel_tool_calls":false}`,
	`{"messages":[{"role":"system","content":"s1"},{"role":"user","content":"hi","images":["aGk="]},{"role":"assistant","content":"","thinking":"hmm","tool_calls":[{"function":{"index":0,"name":"add","arguments":{"a": 1}}},{"id":"call_x","function":{"name":"add","arguments":{}}}]},{"role":"tool","tool_name":"add","content":"2"},{"role":"tool","tool_call_id":"call_x","content":"3"}],"tools":[{"type":"function","function":{"name":"add","parameters":{"type":"object"}}}]}`,
	`{"systemInstruction":{"parts":[{"text":"s1"}]},"contents":[{"role":"user","parts":[{"text":"hi"}]},{"role":"model","parts":[{"text":"plan","thought":true,"thoughtSignature":"SIG"},{"functionCall":{"name":"add","args":{"a":1}},"thoughtSignature":"S2"},{"functionCall":{"id":"x","name":"get"}}]},{"role":"user","parts":[{"functionResponse":{"name":"add","response":{"output":"2"}}},{"functionResponse":{"id":"x","response":{"v":[1,2]}}},{"text":"thanks"}]}],"tools":[{"functionDeclarations":[{"name":"add","parameters":{"type":"OBJECT"}}]},{"googleSearch":{}}],"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["add"]}}}`,
	`{"system":[{"text":"s"},{"cachePoint":{"type":"default"}}],"messages":[{"role":"user","content":[{"text":"hi"}]},{"role":"assistant","content":[{"reasoningContent":{"reasoningText":{"text":"t","signature":"sg"}}},{"reasoningContent":{"redactedContent":"UkVE"}},{"toolUse":{"toolUseId":"t1","name":"add","input":{"a":1}}}]},{"role":"user","content":[{"toolResult":{"toolUseId":"t1","content":[{"json":{"v":2}},{"text":"ok"}],"status":"error"}},{"text":"next"}]}],"toolConfig":{"tools":[{"toolSpec":{"name":"add","inputSchema":{"json":{"type":"object"}}}}],"toolChoice":{"any":{}}}}`,
}

// fhdKeys returns the keys of pm, in the order of fhdPaths.
func fhdKeys(pm PathMap) []string {
	var out []string
	for k := range pm {
		out = append(out, k)
	}
	return fhdSorted(out)
}

// fhdPaths returns the canonical path of every element of h.
func fhdPaths(h spec.History) []string {
	var out []string
	for i := range h.System {
		out = append(out, systemPath(i))
	}
	for i, m := range h.Messages {
		out = append(out, messagePath(i))
		for j, p := range m.Parts {
			out = append(out, partPath(i, j))
			for k := range p.Content {
				out = append(out, contentPath(i, j, k))
			}
		}
	}
	for i := range h.Tools {
		out = append(out, toolPath(i))
	}
	if h.ToolChoice != (spec.ToolChoice{}) {
		out = append(out, toolChoicePath)
	}
	return fhdSorted(out)
}

// fhdSorted sorts paths (insertion sort: the lists are short).
func fhdSorted(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && strings.Compare(s[j-1], s[j]) > 0; j-- {
			s[j-1], s[j] = s[j], s[j-1]
		}
	}
	return s
}

// fhdGeminiNames gives each result without a tool name the name of the
// call its id names in the turn before it, as the Gemini encoder writes
// it (the API requires one).
func fhdGeminiNames(h spec.History) spec.History {
	out := h
	out.Messages = make([]spec.Message, len(h.Messages))
	copy(out.Messages, h.Messages)
	for i, m := range out.Messages {
		if m.Role != spec.RoleTool {
			continue
		}
		parts := append([]spec.Part(nil), m.Parts...)
		for j, p := range parts {
			if p.Kind == spec.PartResult && p.Name == "" {
				if c, ok := callOf(h, i, p.ID); ok {
					parts[j].Name = c.Name
				}
			}
		}
		out.Messages[i].Parts = parts
	}
	return out
}

// fhdNorm makes empty slices nil.
func fhdNorm(h spec.History) spec.History {
	parts := func(ps []spec.Part) []spec.Part {
		if len(ps) == 0 {
			return nil
		}
		out := append([]spec.Part(nil), ps...)
		for i := range out {
			if len(out[i].Content) == 0 {
				out[i].Content = nil
			}
		}
		return out
	}
	out := spec.History{System: parts(h.System), ToolChoice: h.ToolChoice}
	for _, m := range h.Messages {
		out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: parts(m.Parts)})
	}
	if len(h.Tools) > 0 {
		out.Tools = h.Tools
	}
	return out
}
