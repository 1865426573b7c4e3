package workload

import "github.com/toolspec/toolspec/spec"

// OpenAI Responses (wire-formats.md §2): response.created and
// response.in_progress, then each output item (output_item.added, its
// deltas, the .done event that repeats its text or arguments, and
// output_item.done with the whole item), then response.completed whose
// output repeats every item; each as "event: <type>" plus "data: {...}"
// with a sequence_number. Reasoning is a reasoning item with a summary
// part; text a message item with an output_text part. Interleaved calls
// are items added in turn whose deltas alternate by output_index. The real
// dialect has the whole response object of
// shared/captures/openai-responses/openai-gpt-4o-2calls.sse on created,
// in_progress and completed, and an obfuscation string of changing length
// on every delta.

// respTools is the tools member of the real dialect's response object.
const respTools = `[{"type":"function","description":"Write a file.","name":"write_file","parameters":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"],"additionalProperties":false},"strict":true},` +
	`{"type":"function","description":"Read a file.","name":"read_file","parameters":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false},"strict":true},` +
	`{"type":"function","description":"Run a shell command.","name":"run_shell","parameters":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"],"additionalProperties":false},"strict":true},` +
	`{"type":"function","description":"Search the code.","name":"search_code","parameters":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"],"additionalProperties":false},"strict":true}]`

// respItem is one output item: its output index, item id, and how it
// writes itself.
type respItem struct {
	index int
	id    string
}

func (b *builder) responses() {
	w := b.w
	real := w.Dialect == Real
	seq := 0
	respID := "resp_" + lowerID("", 5, 48)
	// event starts an event of type typ with its sequence number.
	event := func(typ string) {
		b.lit(`{"type":"`)
		b.lit(typ)
		b.lit(`","sequence_number":`)
		b.num(seq)
		seq++
	}
	// response writes the response object with status and output (JSON).
	response := func(status, output string) {
		b.lit(`{"id":"`)
		b.lit(respID)
		b.lit(`","object":"response","created_at":1764400000,"status":"`)
		b.lit(status)
		b.lit(`"`)
		if real {
			b.lit(`,"background":false,"error":null,"incomplete_details":null,"instructions":null,"max_output_tokens":2048,"model":"gpt-4o-2024-08-06","output":`)
			b.lit(output)
			b.lit(`,"parallel_tool_calls":true,"previous_response_id":null,"reasoning":{"effort":null,"summary":null},"service_tier":"default","store":true,"temperature":1.0,"text":{"format":{"type":"text"}},"tool_choice":"auto","tools":`)
			b.lit(respTools)
			b.lit(`,"top_p":1.0,"truncation":"disabled","usage":`)
			if status == "completed" {
				b.lit(`{"input_tokens":92,"input_tokens_details":{"cached_tokens":0},"output_tokens":52,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":144}`)
			} else {
				b.lit("null")
			}
			b.lit(`,"user":null,"metadata":{}}`)
			return
		}
		b.lit(`,"model":"gpt-4o-2024-08-06","output":`)
		b.lit(output)
		if status == "completed" {
			b.lit(`,"usage":{"input_tokens":92,"output_tokens":52,"total_tokens":144}`)
		}
		b.lit("}")
	}
	event("response.created")
	b.lit(`,"response":`)
	response("in_progress", "[]")
	b.lit("}")
	b.emit("response.created")
	event("response.in_progress")
	b.lit(`,"response":`)
	response("in_progress", "[]")
	b.lit("}")
	b.emit("response.in_progress")

	var final []byte // the completed response's output items
	item := func(it respItem) {
		b.lit(`,"item_id":"`)
		b.lit(it.id)
		b.lit(`","output_index":`)
		b.num(it.index)
	}
	// delta emits one delta event of typ with fragment f, then the
	// event's trailing members (e.g. content_index).
	delta := func(typ string, it respItem, extra, f string) {
		event(typ)
		item(it)
		b.lit(extra)
		b.lit(`,"delta":`)
		b.bulkStr(f)
		if typ == "response.output_text.delta" {
			b.lit(`,"logprobs":[]`)
		}
		if real {
			b.lit(`,"obfuscation":`)
			b.str(b.obfuscation(16))
		}
		b.lit("}")
		b.emit(typ)
	}
	added := func(it respItem, itemJSON string) {
		event("response.output_item.added")
		b.lit(`,"output_index":`)
		b.num(it.index)
		b.lit(`,"item":`)
		b.lit(itemJSON)
		b.lit("}")
		b.emit("response.output_item.added")
	}
	done := func(it respItem, itemJSON string) {
		event("response.output_item.done")
		b.lit(`,"output_index":`)
		b.num(it.index)
		b.lit(`,"item":`)
		b.lit(itemJSON)
		b.lit("}")
		b.emit("response.output_item.done")
		if len(final) > 0 {
			final = append(final, ',')
		}
		final = append(final, itemJSON...)
	}
	// other emits a non-delta event of an item with literal members.
	other := func(typ string, it respItem, members string) {
		event(typ)
		item(it)
		b.lit(members)
		b.lit("}")
		b.emit(typ)
	}
	index := 0
	b.want.Stop = spec.StopToolUse
	switch w.Kind {
	case KindThinking:
		b.want.Thinking = string(text(11, w.Size))
		it := respItem{index, "rs_" + lowerID("", 9, 48)}
		index++
		summary := string(appendString(nil, b.want.Thinking))
		added(it, `{"id":"`+it.id+`","type":"reasoning","summary":[]}`)
		other("response.reasoning_summary_part.added", it, `,"summary_index":0,"part":{"type":"summary_text","text":""}`)
		for _, f := range fragments(b.want.Thinking, w.Delta) {
			delta("response.reasoning_summary_text.delta", it, `,"summary_index":0`, f)
		}
		other("response.reasoning_summary_text.done", it, `,"summary_index":0,"text":`+summary)
		other("response.reasoning_summary_part.done", it, `,"summary_index":0,"part":{"type":"summary_text","text":`+summary+`}`)
		done(it, `{"id":"`+it.id+`","type":"reasoning","summary":[{"type":"summary_text","text":`+summary+`}]}`)
	case KindText:
		b.want.Text = string(text(7, w.Size))
		b.want.Stop = spec.StopEnd
		it := respItem{index, "msg_" + lowerID("", 8, 48)}
		index++
		t := string(appendString(nil, b.want.Text))
		part := `{"type":"output_text","annotations":[],"logprobs":[],"text":`
		added(it, `{"id":"`+it.id+`","type":"message","status":"in_progress","content":[],"role":"assistant"}`)
		other("response.content_part.added", it, `,"content_index":0,"part":`+part+`""}`)
		for _, f := range fragments(b.want.Text, w.Delta) {
			delta("response.output_text.delta", it, `,"content_index":0`, f)
		}
		other("response.output_text.done", it, `,"content_index":0,"text":`+t+`,"logprobs":[]`)
		other("response.content_part.done", it, `,"content_index":0,"part":`+part+t+`}`)
		done(it, `{"id":"`+it.id+`","type":"message","status":"completed","content":[`+part+t+`}],"role":"assistant"}`)
	}
	if w.Calls > 0 {
		b.want.Calls = wantCalls(w, func(n int) string { return id("call_", n, 24) })
	}
	items := make([]respItem, len(b.want.Calls))
	for i := range items {
		items[i] = respItem{index + i, "fc_" + lowerID("", 100+i, 48)}
	}
	fcItem := func(i int, status, args string) string {
		c := b.want.Calls[i]
		return `{"id":"` + items[i].id + `","type":"function_call","status":"` + status + `","arguments":` + args +
			`,"call_id":"` + c.ID + `","name":"` + c.Name + `"}`
	}
	b.schedule(func(i int) {
		added(items[i], fcItem(i, "in_progress", `""`))
	}, func(i int, f string) {
		delta("response.function_call_arguments.delta", items[i], "", f)
	}, func(i int) {
		a := string(appendString(nil, b.want.Calls[i].Args))
		other("response.function_call_arguments.done", items[i], `,"arguments":`+a)
		done(items[i], fcItem(i, "completed", a))
	})
	event("response.completed")
	b.lit(`,"response":`)
	response("completed", "["+string(final)+"]")
	b.lit("}")
	b.emit("response.completed")
}
