package fuzz

import (
	"flag"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"

	"pgregory.net/rapid"
)

// TestHistoryModelImpl: on generated histories, well paired, with one
// pairing fault or broken at random, impl's checker, Repair and codecs
// give model's results. Each check encodes and decodes in every format
// with both implementations, so it runs a fifth of the package's checks.
func TestHistoryModelImpl(t *testing.T) {
	fewerChecks(t, 5)
	rapid.Check(t, historyProp)
}

// fewerChecks divides rapid's number of checks by n for the rest of t.
func fewerChecks(t *testing.T, n int) {
	f := flag.Lookup("rapid.checks")
	old := f.Value.String()
	k, err := strconv.Atoi(old)
	if err != nil {
		t.Fatalf("rapid.checks is %q: %v", old, err)
	}
	if err := f.Value.Set(strconv.Itoa(max(k/n, 1))); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}

// TestHistoryScenariosImpl runs every history scenario through impl and
// requires the result the model recorded in its want section; each
// scenario's document is also compared with the model's decoding, check
// and translations field by field.
func TestHistoryScenariosImpl(t *testing.T) {
	ran := 0
	for _, sc := range histories(t) {
		got := implHistoryTranscript(sc)
		ran++
		if got != sc.Want {
			t.Errorf("%s: impl's transcript differs from the model's\n--- impl\n%s--- model\n%s", sc.Name, got, sc.Want)
		}
		f := sc.Format
		if sc.Translation() {
			f = sc.From
		}
		compareHistoryDoc(t, f, sc.Doc)
	}
	if ran == 0 {
		t.Fatal("no history scenario")
	}
	t.Logf("%d history scenarios run through impl", ran)
}

// TestAssistantTurnModelImpl: on the outcome of every scenario and capture
// of the stream corpus, impl's AssistantTurn gives model's.
func TestAssistantTurnModelImpl(t *testing.T) {
	for _, in := range corpus(t) {
		compareTurns(t, impl.Reassemble(in.f, in.data, in.lim))
	}
}

// historyDocs are hand-written documents at the edges of JSON reading: a
// repeated member (the last wins, as encoding/json's map decoding has it),
// escaped keys, strings that need decoding or escaping (invalid UTF-8, lone
// surrogates, U+2028, control bytes), white space everywhere, wrong JSON
// types at each level, and shapes each decoder refuses.
var historyDocs = []string{
	`{"messages":[{"role":"system","content":"a"},{"role":"user","role":"assistant","content":"b"}]}`,
	`{"messages":[{"role":"user","content":"x"}],"messages":[{"role":"assistant","content":[{"type":"text","text":"y"}]}]}`,
	`{"messages":[{"r\u006fle":"user","content":"\u2028\u2029 \ud800 \"q\" \b\f\u0001 <&> \u00e9"}]}`,
	"{\"messages\":[{\"role\":\"user\",\"content\":\"\xff\xfe bad utf-8\"}]}",
	" \n{ \"messages\" : [ { \"role\" : \"assistant\" , \"tool_calls\" : [ { \"id\" : \"c1\" , \"type\" : \"function\" , \"function\" : { \"name\" : \"f\" , \"arguments\" : \"{ \\\"a\\\" : [1, 2] }\" } } ] } ] } \t",
	`{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"f","input":{"a" : 1},"input":{"b":2}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"r"},{"type":"tool_result"}]}]}]}`,
	`{"messages":[{"role":"user","content":[{"type":"text","text":"a"},{"type":"tool_result","tool_use_id":"t1"}]}]}`,
	`{"system":[{"type":"text","text":"s1"},{"type":"tool_result","tool_use_id":"x"}],"messages":[]}`,
	`{"messages":[{"role":"assistant","content":[{"type":"text","text":"a"},{"type":"thinking"}]}]}`,
	`{"messages":[],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object"}}},{"type":"web_search","name":7}],"tool_choice":{"type":"function","function":{}}}`,
	`{"messages":[],"tool_choice":{"type":"tool"},"tools":[{"name":"f","input_schema":[1]}]}`,
	`{"messages":[],"parallel_tool_calls":"yes"}`,
	`{"messages":[],"tool_choice":"sometimes","parallel_tool_calls":false}`,
	`{"messages":[{"role":"tool","tool_call_id":3}]}`,
	`{"messages":[{"role":"critic","content":"x"}]}`,
	`{"messages":[null]}`,
	`{"messages":{}}`,
	`{"messages":[{"role":"user","content":7}]}`,
	`{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:,"}},{"type":"input_audio"},{"text":"no type"}]}]}`,
	`{"messages":[{"role":"system","content":"s","images":["aGk="]},{"role":"user","content":"u"},{"role":"user","content":"","images":["aGk=",null]}]}`,
	`{"messages":[{"role":"assistant","thinking":"t","content":"c","tool_calls":[{"id":"1","function":{"index":0,"name":"f","arguments":{"a":1}}},{"function":{"name":"g"}}]},{"role":"tool","tool_name":"f","content":"r","images":["x"]},{"role":"tool","tool_call_id":"1"}]}`,
	`{"messages":[{"role":"user","thinking":"t"}]}`,
	`{"messages":[{"role":"user","tool_name":"f"}]}`,
	`{"messages":[{"role":"assistant","tool_calls":[{"function":{"name":"f","arguments":"{}"}}]}]}`,
	`{"messages":[],"tools":[{"type":"function","function":{"name":"f","parameters":[]}},{"type":"mcp","name":"m"}]}`,
	`{"messages":[{"content":"no role"}]}`,
	`{"system":[{"text":"s"},{"cachePoint":{"type":"default"}},{"image":null}],"messages":[{"role":"user","content":[{"toolResult":{"toolUseId":"t","status":"error","content":[{"text":"r"},{"json":{"a":1}},{"image":{}}]}},{"text":"u"},{"toolResult":{"toolUseId":"u"}}]}]}`,
	`{"messages":[{"role":"assistant","content":[{"reasoningContent":{"reasoningText":{"text":"t","signature":"s"}}},{"reasoningContent":{"redactedContent":"cmVk"}},{"toolUse":{"toolUseId":"t","name":"f","input":[1]}},{"toolUse":{"type":"server_tool_use","name":"x"}}]},{"role":"assistant","content":[{"text":"more"}]}],"toolConfig":{"tools":[{"toolSpec":{"name":"f","inputSchema":{"json":{"type":"object"}}}},{"cachePoint":{}}],"toolChoice":{"tool":{"name":"f"}}}}`,
	`{"messages":[{"role":"user","content":[{"toolUse":{"toolUseId":"t"}}]}]}`,
	`{"messages":[{"role":"user","content":[{"toolResult":{"status":"maybe"}}]}]}`,
	`{"messages":[],"toolConfig":{"toolChoice":{}}}`,
	`{"messages":[],"toolConfig":{"tools":[{"toolSpec":{"name":"f","inputSchema":{"json":"x"}}}]}}`,
	`{"system_instruction":{"parts":[{"text":"s"},{"thoughtSignature":"x"}]},"contents":[{"role":"user","parts":[{"functionResponse":{"id":"1","name":"f","response":{"output":"a","output":"b"}},"thoughtSignature":"q"},{"text":"u"},{"inline_data":{"data":"aGk="}}]},{"parts":[]},{"role":"function","parts":[{"function_response":{"name":"f","response":{"error":"e"},"parts":[{"inlineData":{}},{"x":1}]}}]}]}`,
	`{"contents":[{"role":"model","parts":[{"text":"t","thought":true,"thoughtSignature":"s"},{"thought":true,"thoughtSignature":"s2"},{"functionCall":{"name":"f","args":{"b":1}},"thoughtSignature":"c"},{"executableCode":{}}]},{"role":"model","parts":[{"text":"more"}]},{"role":"user","parts":[{"functionResponse":{"name":"f","response":{"z":1,"a":[1]}}}]}],"tools":[{"functionDeclarations":[{"name":"f","parametersJsonSchema":{"type":"object"},"response":{},"behavior":"BLOCKING"}],"googleSearch":{},"function_declarations":[],"codeExecution":{}},{"googleSearchRetrieval":{}}],"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["f"]}}}`,
	`{"contents":[],"tool_config":{"function_calling_config":{"mode":"VALIDATED","allowed_function_names":["a","b"]}}}`,
	`{"contents":[],"toolConfig":{"functionCallingConfig":{"mode":"SOMETIMES"}}}`,
	`{"contents":[],"toolConfig":{"functionCallingConfig":{"allowedFunctionNames":[null]}}}`,
	`{"contents":[{"role":"model","parts":[{"functionResponse":{"name":"f"}}]}]}`,
	`{"contents":[{"role":"user","parts":[{"functionCall":{"name":"f"}}]}]}`,
	`{"contents":[{"role":"user","parts":[{"text":"x","thought":"yes"}]}]}`,
	`{"contents":[{"role":"tool"}]}`,
	`{"systemInstruction":{"parts":[{"functionCall":{"name":"f"}}]}}`,
	`{"contents":[],"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"OBJECT"}},{"name":"g","parameters":"x"}]}]}`,
	`{"instructions":"be brief","input":[{"role":"developer","content":[{"type":"input_text","text":"d"},{"type":"input_image","image_url":"x"}]},{"type":"message","role":"user","content":"hi"},{"role":"system","content":"mid"},{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"s1"},{"type":"summary_text","text":"s2"}],"encrypted_content":"enc"},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"a"}]},{"type":"function_call","call_id":"c1","name":"f","arguments":"{ \"a\": 1 }"},{"type":"custom_tool_call","call_id":"c2","name":"g","input":"free"},{"type":"web_search_call","id":"ws"},{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"r"},{"type":"x"}]},{"type":"custom_tool_call_output","call_id":"c2","output":"ok"}],"tools":[{"type":"function","name":"f","parameters":{"type":"object"},"strict":true},{"type":"custom","name":"g","format":{"type":"grammar"}},{"type":"custom","name":"h","format":{"type":"text"}},{"type":"web_search","TYPE":"custom"}],"tool_choice":{"type":"allowed_tools","mode":"required"},"parallel_tool_calls":true}`,
	`{"instructions":[{"role":"system","content":"s"}],"input":[{"type":"reasoning","id":"r","content":[{"type":"reasoning_text"}]},{"type":"reasoning","summary":[{"type":"x"}]},{"type":"reasoning"},{"role":"assistant","content":[{"type":"refusal","refusal":"no"}]}],"tool_choice":{"type":"web_search_preview"}}`,
	`{"input":[{"id":"no type or role"}]}`,
	`{"input":[{"role":"user"}]}`,
	`{"input":[{"role":"user","content":[{"type":"input_text"}]}]}`,
	`{"input":[{"role":"assistant","content":[{"type":"output_text"}]}]}`,
	`{"input":[{"role":"critic","content":"x"}]}`,
	`{"input":[],"tools":[{"name":"untyped"}]}`,
	`{"input":[],"tool_choice":{"type":""}}`,
	`{"input":[],"tool_choice":"maybe"}`,
	`{"input":[],"tools":[{"type":"web_search","name":"w","TyPe":"custom","tYPE":3}],"tool_choice":{"type":"function","name":"w"}}`,
	`{"input":[],"tools":[{"type":"web_search","name":"w","type":"custom"}],"tool_choice":{"type":"function","name":"w"}}`,
	`{"input":7}`,
	`{"instructions":7}`,
	`[]`,
	`{"messages":[]} {}`,
	`{"messages":[` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `]}`,
}

// TestHistoryDocumentsModelImpl runs historyDocs in every format: impl
// decodes, checks, repairs and translates each as the model does.
func TestHistoryDocumentsModelImpl(t *testing.T) {
	for _, f := range spec.Formats {
		for _, doc := range historyDocs {
			compareHistoryDoc(t, f, []byte(doc))
		}
	}
}

// TestHistoryHostileDocumentsImpl feeds prefixes of every history
// scenario's document (every seventh one) and the document with some of
// its bytes replaced (every 61st) to impl and the model, in the
// scenario's format: the same decoding, check, repair and translations.
func TestHistoryHostileDocumentsImpl(t *testing.T) {
	for _, sc := range histories(t) {
		f := sc.Format
		if sc.Translation() {
			f = sc.From
		}
		doc := []byte(strings.TrimSpace(string(sc.Doc)))
		for n := 0; n < len(doc); n += 7 {
			compareHistoryDoc(t, f, doc[:n])
		}
		for n := 0; n < len(doc); n += 61 {
			for _, c := range []byte{'"', '{', ']', 'x', 0xff} {
				mut := append([]byte(nil), doc...)
				mut[n] = c
				compareHistoryDoc(t, f, mut)
			}
		}
	}
}
