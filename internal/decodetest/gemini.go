package decodetest

import "github.com/toolspec/toolspec/spec"

// parts wraps parts (a JSON array body) in one Gemini candidate.
func parts(parts string) string {
	return `{"candidates":[{"content":{"role":"model","parts":[` + parts + `]}}]}`
}

// geminiText is a chunk of candidate 0 with one text part s and, unless id
// is "-", the responseId id.
func geminiText(id, s string) string {
	p := `{"candidates":[{"content":{"parts":[{"text":"` + s + `"}]}}]`
	if id != "-" {
		p += `,"responseId":"` + id + `"`
	}
	return p + "}"
}

func init() { cases[spec.FormatGemini] = gemini }

// gemini are the Gemini and Vertex cases: one SSE event per chunk unless
// the case says otherwise.
var gemini = []Case{
	{Name: Name("text"), In: SSE(parts(`{"text":"Hello"}`)),
		Want: []string{`#1 text data="Hello"`}},
	{Name: Name("thought text"), In: SSE(parts(`{"text":"**Plan**","thought":true}`)),
		Want: []string{`#1 thinking data="**Plan**"`}},
	{Name: Name("thought false is text"), In: SSE(parts(`{"text":"a","thought":false}`)),
		Want: []string{`#1 text data="a"`}},
	{Name: Name("text with signature"), In: SSE(parts(`{"text":"done.","thoughtSignature":"c2ln"}`)),
		Want: []string{`#1 text data="done." sig="c2ln"`}},
	{Name: Name("empty text skipped"), In: SSE(`{"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}]}`),
		Want: []string{`#1 finish data="STOP"`}},
	{Name: Name("empty text kept for its signature"), In: SSE(parts(`{"text":"","thoughtSignature":"c2ln"}`)),
		Want: []string{`#1 text sig="c2ln"`}},
	{Name: Name("empty thought kept for its signature"), In: SSE(parts(`{"text":"","thought":true,"thoughtSignature":"c2ln"}`)),
		Want: []string{`#1 thinking sig="c2ln"`}},
	{Name: Name("signature alone"), In: SSE(parts(`{"thoughtSignature":"c2ln"}`)),
		Want: []string{`#1 signature sig="c2ln"`}},
	{Name: Name("empty signature alone"), In: SSE(parts(`{"thoughtSignature":""}`))},
	{Name: Name("signature on another kind of part"), In: SSE(parts(`{"executableCode":{"language":"PYTHON","code":"1"},"thoughtSignature":"c2ln"}`)),
		Want: []string{`#1 signature sig="c2ln"`}},
	{Name: Name("ignored parts"), In: SSE(parts(`{"executableCode":{"language":"PYTHON","code":"print(1)"}},` +
		`{"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"1"}},` +
		`{"functionResponse":{"name":"f","response":{}}},` +
		`{"inlineData":{"mimeType":"image/png","data":"AAAA"}},` +
		`{"future":1},{},null`))},
	{Name: Name("whole call with signature"), In: SSE(parts(`{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"}`)),
		Want: []string{`#1 whole-call name="weather" data="{\"city\":\"San Francisco\"}" sig="CiQB"`}},
	{Name: Name("whole call with id, args compacted in wire order"), In: SSE(parts(`{"functionCall": {"name": "add","args": {"b": 3,"a": 2},"id": "8hd01vsf"}}`)),
		Want: []string{`#1 whole-call id="8hd01vsf" name="add" data="{\"b\":3,\"a\":2}"`}},
	{Name: Name("whole call without args"), In: SSE(parts(`{"functionCall":{"name":"read_theme"},"thoughtSignature":"AY89"}`)),
		Want: []string{`#1 whole-call name="read_theme" sig="AY89"`}},
	{Name: Name("whole call with empty args and null id"), In: SSE(parts(`{"functionCall":{"name":"f","args":{},"id":null}}`)),
		Want: []string{`#1 whole-call name="f" data="{}"`}},
	{Name: Name("whole call willContinue false"), In: SSE(parts(`{"functionCall":{"name":"f","args":{"a":1},"willContinue":false}}`)),
		Want: []string{`#1 whole-call name="f" data="{\"a\":1}"`}},
	{Name: Name("nameless call with args is a whole call, not a close"), In: SSE(parts(`{"functionCall":{"args":{"a":1}}}`)),
		Want: []string{`#1 whole-call data="{\"a\":1}"`}},
	{Name: Name("parallel calls in one chunk"), In: SSE(`{"candidates": [{"content": {"parts": [{"functionCall": {"name": "weather","args": {"city": "San Francisco"}},"thoughtSignature": "CiQB"},` +
		`{"functionCall": {"name": "weather","args": {"city": "Santa Cruz"}}}],"role": "model"},"finishReason": "STOP","index": 0,"finishMessage": "Model generated function call(s)."}]}`),
		Want: []string{
			`#1 whole-call name="weather" data="{\"city\":\"San Francisco\"}" sig="CiQB"`,
			`#1 whole-call name="weather" data="{\"city\":\"Santa Cruz\"}"`,
			`#1 finish data="STOP"`,
		}},
	{Name: Name("path open"), In: SSE(parts(`{"functionCall":{"name":"getWeather","willContinue":true},"thoughtSignature":"CiMB"}`)),
		Want: []string{`#1 path-open name="getWeather" sig="CiMB"`}},
	{Name: Name("path open with id"), In: SSE(parts(`{"functionCall":{"id":"c1","name":"f","willContinue":true}}`)),
		Want: []string{`#1 path-open id="c1" name="f"`}},
	{Name: Name("path string arg continuing"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":"Bos","willContinue":true}],"willContinue":true}}`)),
		Want: []string{`#1 path-arg delta=string path="$.location" more data="Bos"`}},
	{Name: Name("path string arg last piece"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.location","stringValue":""}],"willContinue":true}}`)),
		Want: []string{`#1 path-arg delta=string path="$.location"`}},
	{Name: Name("path literals"), In: SSE(parts(`{"functionCall":{"partialArgs":[` +
		`{"jsonPath":"$.operations[0].price","numberValue":0.5},` +
		`{"jsonPath":"$.n","numberValue":-1e3},` +
		`{"jsonPath":"$.b","boolValue":true},` +
		`{"jsonPath":"$.c","boolValue":false},` +
		`{"jsonPath":"$.d","nullValue":null},` +
		`{"jsonPath":"$.e","nullValue":"NULL_VALUE"}]}}`)),
		Want: []string{
			`#1 path-arg delta=json path="$.operations[0].price" data="0.5"`,
			`#1 path-arg delta=json path="$.n" data="-1e3"`,
			`#1 path-arg delta=json path="$.b" data="true"`,
			`#1 path-arg delta=json path="$.c" data="false"`,
			`#1 path-arg delta=json path="$.d" data="null"`,
			`#1 path-arg delta=json path="$.e" data="null"`,
		}},
	{Name: Name("partial args with a name open the call first"), In: SSE(parts(`{"functionCall":{"id":"i","name":"f","partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":true}],"willContinue":true},"thoughtSignature":"s"}`)),
		Want: []string{
			`#1 path-open id="i" name="f" sig="s"`,
			`#1 path-arg delta=string path="$.a" more data="x"`,
		}},
	{Name: Name("empty partialArgs is a keep-alive"), In: SSE(parts(`{"functionCall":{"partialArgs":[],"willContinue":true}}`))},
	// FRAME-6: a null element is absent, so [null] is [].
	{Name: Name("null partialArgs element is absent: a keep-alive"), In: SSE(parts(`{"functionCall":{"partialArgs":[null],"willContinue":true}}`))},
	{Name: Name("null partialArgs element is absent: a close"), In: SSE(parts(`{"functionCall":{"partialArgs":[null]}}`)),
		Want: []string{`#1 path-close`}},
	{Name: Name("null partialArgs element is absent: a whole call"), In: SSE(parts(`{"functionCall":{"name":"f","partialArgs":[null]}}`)),
		Want: []string{`#1 whole-call name="f"`}},
	{Name: Name("null partialArgs elements skipped among others"), In: SSE(parts(`{"functionCall":{"partialArgs":[null,{"jsonPath":"$.a","stringValue":"x"},null],"willContinue":true}}`)),
		Want: []string{`#1 path-arg delta=string path="$.a" data="x"`}},
	{Name: Name("keep-alive"), In: SSE(parts(`{"functionCall":{"willContinue":true}}`))},
	{Name: Name("close"), In: SSE(parts(`{"functionCall":{}}`)),
		Want: []string{`#1 path-close`}},
	{Name: Name("close with empty name and willContinue false"), In: SSE(parts(`{"functionCall":{"name":"","willContinue":false}}`)),
		Want: []string{`#1 path-close`}},
	{Name: Name("close then finish (Vertex last chunk)"), In: SSE(`{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}`),
		Want: []string{
			`#1 path-close`,
			`#1 finish data="STOP"`,
		}},
	{Name: Name("choices from index or position"), In: SSE(`{"candidates":[` +
		`{"content":{"parts":[{"text":"a"}]},"index":2},` +
		`{"content":{"parts":[{"text":"b"}]},"finishReason":"MAX_TOKENS"},` +
		`null,` +
		`{"finishReason":"SAFETY","index":0}]}`),
		Want: []string{
			`#1 text choice=2 data="a"`,
			`#1 text choice=1 data="b"`,
			`#1 finish choice=1 data="MAX_TOKENS"`,
			`#1 finish data="SAFETY"`,
		}},
	{Name: Name("empty finishReason skipped"), In: SSE(`{"candidates":[{"content":{"parts":[]},"finishReason":""}]}`)},
	{Name: Name("no candidates (usage only)"), In: SSE(`{"usageMetadata":{"promptTokenCount":1},"promptFeedback":{"safetyRatings":[]},"modelVersion":"m"}`)},
	{Name: Name("blocked prompt: blockReason is choice 0's finish"), In: SSE(`{"usageMetadata":{"promptTokenCount":1},"promptFeedback":{"blockReason":"SAFETY"},"modelVersion":"m"}`),
		Want: []string{`#1 finish data="SAFETY"`}},
	{Name: Name("blockReason after the candidates"), In: SSE(`{"candidates":[{"content":{"parts":[{"text":"a"}]},"finishReason":"STOP"}],"promptFeedback":{"blockReason":"OTHER"}}`),
		Want: []string{`#1 text data="a"`, `#1 finish data="STOP"`, `#1 finish data="OTHER"`}},
	{Name: Name("null promptFeedback and blockReason ignored"), In: SSE(`{"promptFeedback":null,"usageMetadata":{}}` + "\n\n" + `data: {"promptFeedback":{"blockReason":null},"usageMetadata":{}}`)},
	{Name: Name("promptFeedback not an object"), In: SSE(`{"promptFeedback":"SAFETY"}`),
		Rule: spec.FrameFieldType, Msg: "promptFeedback: want an object, got \"\\\"SAFETY\\\"\""},
	{Name: Name("candidate without content"), In: SSE(`{"candidates":[{"index":0}]}`)},
	{Name: Name("error"), In: SSE(`{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`),
		Want: []string{`#1 error name="RESOURCE_EXHAUSTED" data="Resource has been exhausted"`}},
	{Name: Name("error wins over candidates"), In: SSE(`{"error":{"message":"m"},"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`),
		Want: []string{`#1 error data="m"`}},
	{Name: Name("null error ignored"), In: SSE(`{"error":null,"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`),
		Want: []string{`#1 text data="a"`}},
	{Name: Name("unknown fields ignored"), In: SSE(`{"candidates":[{"content":{"parts":[{"text":"a","videoMetadata":{},"partMetadata":{"x":1}}],"role":"model"},"safetyRatings":[],"citationMetadata":{},"avgLogprobs":-0.1}],"createTime":"t","responseId":"r"}`),
		Want: []string{`#1 text data="a"`}},
	{Name: Name("duplicate keys, the last wins"), In: SSE(`{"candidates":5,"candidates":[{"index":1,"content":{"parts":[{"text":"a","text":"b","thought":true,"thought":false}]},"index":3}]}`),
		Want: []string{`#1 text choice=3 data="b"`}},
	{Name: Name("escapes in strings and keys"), In: SSE(parts(`{"t\u0065xt":"caf\u00e9 \ud83d\ude00","thoughtSignature":"a\/b"}`)),
		Want: []string{`#1 text data="café 😀" sig="a/b"`}},
	{Name: Name("args compacted, escapes kept"), In: SSE(parts(`{"functionCall":{"name":"f","args":{ "a" : "x\u0020 y" , "b" : [ 1 , {} ] }}}`)),
		Want: []string{`#1 whole-call name="f" data="{\"a\":\"x\\u0020 y\",\"b\":[1,{}]}"`}},
	{Name: Name("stringValue wins over the others"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":"x","stringValue":"s","boolValue":7}]}}`)),
		Want: []string{`#1 path-arg delta=string path="$.a" data="s"`}},
	{Name: Name("null stringValue falls through to numberValue"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":null,"numberValue":12}]}}`)),
		Want: []string{`#1 path-arg delta=json path="$.a" data="12"`}},
	{Name: Name("several candidates, parts and path args"), In: SSE(`{"candidates":[{"content":{"parts":[{"text":"x"}]},"finishReason":"STOP"},` +
		`{"content":{"parts":[{"thoughtSignature":"s"},{"functionCall":{"name":"g","partialArgs":[{"jsonPath":"$.a","boolValue":false},{"jsonPath":"$.b","nullValue":0}]}}]}}]}`),
		Want: []string{
			`#1 text data="x"`,
			`#1 finish data="STOP"`,
			`#1 signature choice=1 sig="s"`,
			`#1 path-open choice=1 name="g"`,
			`#1 path-arg choice=1 delta=json path="$.a" data="false"`,
			`#1 path-arg choice=1 delta=json path="$.b" data="null"`,
		}},
	{Name: Name("negative index"), In: SSE(`{"candidates":[{"index":-1,"finishReason":"STOP"}]}`),
		Want: []string{`#1 finish choice=-1 data="STOP"`}},

	// Streams of several chunks.
	{Name: Name("SSE with CRLF line ends"), In: "data: " + parts(`{"functionCall":{"name":"f","args":{"a":1}},"thoughtSignature":"s"}`) + "\r\n\r\n" +
		"data: " + `{"candidates":[{"content":{"parts":[{"text":""}]},"finishReason":"STOP","index":0}]}` + "\r\n\r\n",
		Want: []string{`#1 whole-call name="f" data="{\"a\":1}" sig="s"`, `#2 finish data="STOP"`}},
	{Name: Name("JSON lines (the Vertex chunk format), no final line end"), In: parts(`{"functionCall":{"name":"f","args":{"a":1}},"thoughtSignature":"s"}`) + "\n" +
		`{"candidates":[{"content":{"parts":[{"text":""}]},"finishReason":"STOP","index":0}]}`,
		Want: []string{`#1 whole-call name="f" data="{\"a\":1}" sig="s"`, `#2 finish data="STOP"`}},
	// ORD-4: a non-empty responseId other than the current message's
	// starts a message before the chunk's content; the first id seen
	// names the current message, an absent or empty id belongs to it, and
	// a known id after another is new.
	{Name: Name("responseId starts a message"), In: JSONLines(geminiText("-", "a"), geminiText("r1", "b"), geminiText("-", "c"), geminiText("", "d"),
		geminiText("r1", "e"), geminiText("r2", "f"), `{"usageMetadata":{},"responseId":"r1"}`, geminiText("r1", "g")),
		Want: []string{
			`#1 text data="a"`,
			`#2 text data="b"`,
			`#3 text data="c"`,
			`#4 text data="d"`,
			`#5 text data="e"`,
			`#6 message-start id="r2"`,
			`#6 text data="f"`,
			`#7 message-start id="r1"`,
			`#8 text data="g"`,
		}},

	// Violations.
	{Name: Name("not json"), In: SSE(`[DONE]`),
		Rule: spec.FramePayload, Msg: "payload is not a JSON object: \"[DONE]\""},
	{Name: Name("array stream body"), In: SSE(`[{"candidates":[]}]`),
		Rule: spec.FramePayload, Msg: "payload is not a JSON object: \"[{\\\"candidates\\\":[]}]\""},
	{Name: Name("empty"), In: SSE(``),
		Rule: spec.FramePayload, Msg: "payload is not a JSON object: \"\""},
	{Name: Name("truncated"), In: SSE(`{"candidates":[`),
		Rule: spec.FramePayload, Msg: "payload is not valid JSON"},
	{Name: Name("candidates object"), In: SSE(`{"candidates":{}}`),
		Rule: spec.FrameFieldType, Msg: "candidates: want an array, got \"{}\""},
	{Name: Name("candidate string"), In: SSE(`{"candidates":["x"]}`),
		Rule: spec.FrameFieldType, Msg: "candidates[0]: want an object, got \"\\\"x\\\"\""},
	{Name: Name("index string"), In: SSE(`{"candidates":[{"index":"0"}]}`),
		Rule: spec.FrameFieldType, Msg: "candidates[0].index: want an integer, got \"\\\"0\\\"\""},
	{Name: Name("index fraction"), In: SSE(`{"candidates":[{"index":0.5}]}`),
		Rule: spec.FrameFieldType, Msg: "candidates[0].index: want an integer, got \"0.5\""},
	{Name: Name("content array"), In: SSE(`{"candidates":[{"content":[]}]}`),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content: want an object, got \"[]\""},
	{Name: Name("parts object"), In: SSE(`{"candidates":[{"content":{"parts":{}}}]}`),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts: want an array, got \"{}\""},
	{Name: Name("part string"), In: SSE(parts(`"hi"`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0]: want an object, got \"\\\"hi\\\"\""},
	{Name: Name("text number"), In: SSE(parts(`{"text":1}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].text: want a string, got \"1\""},
	{Name: Name("thought string"), In: SSE(parts(`{"text":"a","thought":"true"}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].thought: want a boolean, got \"\\\"true\\\"\""},
	{Name: Name("signature object"), In: SSE(parts(`{"thoughtSignature":{}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].thoughtSignature: want a string, got \"{}\""},
	{Name: Name("functionCall string"), In: SSE(parts(`{"functionCall":"f"}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall: want an object, got \"\\\"f\\\"\""},
	{Name: Name("name number"), In: SSE(parts(`{"functionCall":{"name":1}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.name: want a string, got \"1\""},
	{Name: Name("id number"), In: SSE(parts(`{"functionCall":{"name":"f","id":1}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.id: want a string, got \"1\""},
	{Name: Name("args string"), In: SSE(parts(`{"functionCall":{"name":"f","args":"{}"}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.args: want an object, got \"\\\"{}\\\"\""},
	{Name: Name("args array"), In: SSE(parts(`{"functionCall":{"name":"f","args":[]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.args: want an object, got \"[]\""},
	{Name: Name("willContinue string"), In: SSE(parts(`{"functionCall":{"name":"f","willContinue":"yes"}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.willContinue: want a boolean, got \"\\\"yes\\\"\""},
	{Name: Name("partialArgs object"), In: SSE(parts(`{"functionCall":{"partialArgs":{}}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs: want an array, got \"{}\""},
	{Name: Name("partialArg number"), In: SSE(parts(`{"functionCall":{"partialArgs":[1]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0]: want an object, got \"1\""},
	{Name: Name("partialArg without value"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","willContinue":true}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0]: no stringValue, numberValue, boolValue or nullValue"},
	{Name: Name("partialArg null stringValue only"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":null}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0]: no stringValue, numberValue, boolValue or nullValue"},
	{Name: Name("jsonPath number"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":1,"stringValue":"a"}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0].jsonPath: want a string, got \"1\""},
	{Name: Name("stringValue number"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":1}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0].stringValue: want a string, got \"1\""},
	{Name: Name("numberValue string"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":"1"}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0].numberValue: want a number, got \"\\\"1\\\"\""},
	{Name: Name("numberValue object"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","numberValue":{}}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0].numberValue: want a number, got \"{}\""},
	{Name: Name("boolValue string"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","boolValue":"true"}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0].boolValue: want a boolean, got \"\\\"true\\\"\""},
	{Name: Name("partial willContinue number"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":"x","willContinue":1}]}}`)),
		Rule: spec.FrameFieldType, Msg: "candidates[0].content.parts[0].functionCall.partialArgs[0].willContinue: want a boolean, got \"1\""},
	{Name: Name("finishReason number"), In: SSE(`{"candidates":[{"finishReason":1}]}`),
		Rule: spec.FrameFieldType, Msg: "candidates[0].finishReason: want a string, got \"1\""},
	{Name: Name("responseId number"), In: SSE(`{"responseId":1,"candidates":[]}`),
		Rule: spec.FrameFieldType, Msg: "responseId: want a string, got \"1\""},
	{Name: Name("error string"), In: SSE(`{"error":"boom"}`),
		Rule: spec.FrameFieldType, Msg: "error: want an object, got \"\\\"boom\\\"\""},
	{Name: Name("error message number"), In: SSE(`{"error":{"message":1}}`),
		Rule: spec.FrameFieldType, Msg: "error.message: want a string, got \"1\""},
	{Name: Name("error status number"), In: SSE(`{"error":{"message":"m","status":500}}`),
		Rule: spec.FrameFieldType, Msg: "error.status: want a string, got \"500\""},
	{Name: Name("later candidate and part"), In: SSE(`{"candidates":[null,{"content":{"parts":[{},null,{"text":[]}]}}]}`),
		Rule: spec.FrameFieldType, Msg: `candidates[1].content.parts[2].text: want a string, got "[]"`},
	{Name: Name("partial arg after a null one"), In: SSE(parts(`{"functionCall":{"partialArgs":[null,1]}}`)),
		Rule: spec.FrameFieldType, Msg: `candidates[0].content.parts[0].functionCall.partialArgs[1]: want an object, got "1"`},
	{Name: Name("later partial arg"), In: SSE(parts(`{"functionCall":{"partialArgs":[{"jsonPath":"$.a","stringValue":"x"},{"jsonPath":"$.b"}]}}`)),
		Rule: spec.FrameFieldType, Msg: `candidates[0].content.parts[0].functionCall.partialArgs[1]: no stringValue, numberValue, boolValue or nullValue`},
	{Name: Name("signature checked before text"), In: SSE(parts(`{"text":1,"thoughtSignature":2}`)),
		Rule: spec.FrameFieldType, Msg: `candidates[0].content.parts[0].thoughtSignature: want a string, got "2"`},
	{Name: Name("index checked before content"), In: SSE(`{"candidates":[{"content":1,"index":"x"}]}`),
		Rule: spec.FrameFieldType, Msg: `candidates[0].index: want an integer, got "\"x\""`},
	{Name: Name("parts checked before finishReason"), In: SSE(`{"candidates":[{"finishReason":1,"content":{"parts":[1]}}]}`),
		Rule: spec.FrameFieldType, Msg: `candidates[0].content.parts[0]: want an object, got "1"`},
	{Name: Name("partialArgs checked before args"), In: SSE(parts(`{"functionCall":{"args":1,"partialArgs":1}}`)),
		Rule: spec.FrameFieldType, Msg: `candidates[0].content.parts[0].functionCall.partialArgs: want an array, got "1"`},
	{Name: Name("args checked before partial args"), In: SSE(parts(`{"functionCall":{"args":1,"partialArgs":[1]}}`)),
		Rule: spec.FrameFieldType, Msg: `candidates[0].content.parts[0].functionCall.args: want an object, got "1"`},
	{Name: Name("error checked before candidates"), In: SSE(`{"candidates":1,"error":{"status":1}}`),
		Rule: spec.FrameFieldType, Msg: `error.status: want a string, got "1"`},
	{Name: Name("null error, bad candidates"), In: SSE(`{"error":null,"candidates":"x"}`),
		Rule: spec.FrameFieldType, Msg: `candidates: want an array, got "\"x\""`},
}
