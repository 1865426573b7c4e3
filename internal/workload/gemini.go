package workload

import "github.com/toolspec/toolspec/spec"

// Gemini streamGenerateContent with alt=sse (wire-formats.md §5): each SSE
// event holds one GenerateContentResponse with one candidate whose content
// has one part: a text piece, a thought piece (thought: true) or a whole
// functionCall with its args object and, as Gemini 3 sends it, an id. The
// last chunk has an empty text part and finishReason STOP (which after
// calls is tool_use, SPEC.md END-4). The real dialect has the shape of
// shared/captures/gemini/gemini-3-pro-2calls-with-ids.sse: CRLF line ends,
// a space after every colon, usageMetadata on every chunk and the thought
// signature on the first call (on the last part when there is no call).
// The vertex dialect streams each call's arguments as partialArgs pieces
// (shared/captures/gemini/vertex-partial-args-2calls.jsonl): an opening
// part with the name and willContinue, the path whole, the content in
// fragments of the delta's size with willContinue, an empty last piece
// without it, and an empty functionCall that closes the call.

// geminiSig is the thought signature of the real and vertex dialects: an
// opaque base64 string, as long as real ones, that decodes (genai reads it
// into bytes).
var geminiSig = id("EsINCr8NAb4+", 17, 1198) + "=="

func (b *builder) gemini() {
	w := b.w
	real, vertex := w.Dialect == Real, w.Dialect == Vertex
	respID := id("", 23, 23)
	tokens := 0
	// chunk emits one response whose candidate has the part part writes;
	// finish is the finish reason ("" for none).
	chunk := func(part func(), finish string) {
		tokens++
		switch {
		case real:
			b.lit(`{"candidates": [{"content": {"parts": [`)
			part()
			b.lit(`],"role": "model"}`)
			if finish != "" {
				b.lit(`,"finishReason": "`)
				b.lit(finish)
				b.lit(`"`)
			}
			b.lit(`,"index": 0}],"usageMetadata": {"promptTokenCount": 157,"candidatesTokenCount": `)
			b.num(tokens)
			b.lit(`,"totalTokenCount": `)
			b.num(157 + tokens)
			b.lit(`,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 157}]},"modelVersion": "gemini-3.1-pro-preview","responseId": "`)
		case vertex:
			b.lit(`{"candidates":[{"content":{"role":"model","parts":[`)
			part()
			b.lit(`]}`)
			if finish != "" {
				b.lit(`,"finishReason":"`)
				b.lit(finish)
				b.lit(`"`)
			}
			b.lit(`}],"usageMetadata":{"trafficType":"ON_DEMAND"},"modelVersion":"gemini-3.1-pro-preview","createTime":"2026-04-02T17:03:50.399550Z","responseId":"`)
		default:
			b.lit(`{"candidates":[{"content":{"parts":[`)
			part()
			b.lit(`],"role":"model"}`)
			if finish != "" {
				b.lit(`,"finishReason":"`)
				b.lit(finish)
				b.lit(`"`)
			}
			b.lit(`,"index":0}],"modelVersion":"gemini-2.5-flash","responseId":"`)
		}
		b.lit(respID)
		b.lit(`"}`)
		b.emit("")
	}
	// textPart writes a text part, a thought if thought, with fragment f.
	textPart := func(f string, thought bool) func() {
		return func() {
			if real {
				b.lit(`{"text": `)
			} else {
				b.lit(`{"text":`)
			}
			b.bulkStr(f)
			if thought {
				b.lit(`,"thought":true`)
			}
			b.lit("}")
		}
	}
	b.want.Stop = spec.StopToolUse
	switch w.Kind {
	case KindThinking:
		b.want.Thinking = string(text(11, w.Size))
		for _, f := range fragments(b.want.Thinking, w.Delta) {
			chunk(textPart(f, true), "")
		}
	case KindText:
		b.want.Text = string(text(7, w.Size))
		b.want.Stop = spec.StopEnd
		for _, f := range fragments(b.want.Text, w.Delta) {
			chunk(textPart(f, false), "")
		}
	}
	if w.Calls > 0 {
		b.want.Calls = wantCalls(w, func(n int) string {
			if vertex {
				return ""
			}
			return lowerID("", n, 8)
		})
	}
	for i, c := range b.want.Calls {
		switch {
		case vertex:
			b.vertexCall(i, c, chunk)
		case real:
			chunk(func() {
				b.lit(`{"functionCall": {"name": `)
				b.str(c.Name)
				b.lit(`,"args": `)
				b.bulkRaw(spaced(c.Args))
				b.lit(`,"id": `)
				b.str(c.ID)
				b.lit("}")
				if i == 0 {
					b.lit(`,"thoughtSignature": "` + geminiSig + `"`)
				}
				b.lit("}")
			}, "")
		default:
			chunk(func() {
				b.lit(`{"functionCall":{"id":`)
				b.str(c.ID)
				b.lit(`,"name":`)
				b.str(c.Name)
				b.lit(`,"args":`)
				b.bulkRaw(c.Args)
				b.lit("}}")
			}, "")
		}
	}
	chunk(func() {
		switch {
		case real && w.Calls == 0:
			b.lit(`{"text": "","thoughtSignature": "` + geminiSig + `"}`)
		case real:
			b.lit(`{"text": ""}`)
		default:
			b.lit(`{"text":""}`)
		}
	}, "STOP")
}

// vertexCall emits call i as Vertex's streamed arguments: the opening part
// (with the thought signature on the first call), the path whole, the
// content in fragments, its empty last piece and the closing part.
func (b *builder) vertexCall(i int, c Call, chunk func(part func(), finish string)) {
	chunk(func() {
		b.lit(`{"functionCall":{"name":`)
		b.str(c.Name)
		b.lit(`,"willContinue":true}`)
		if i == 0 {
			b.lit(`,"thoughtSignature":"` + geminiSig + `"`)
		}
		b.lit("}")
	}, "")
	piece := func(path, v string, more bool) {
		chunk(func() {
			b.lit(`{"functionCall":{"partialArgs":[{"jsonPath":"`)
			b.lit(path)
			b.lit(`","stringValue":`)
			if v == "" {
				b.lit(`""`)
			} else {
				b.bulkStr(v)
			}
			if more {
				b.lit(`,"willContinue":true`)
			}
			b.lit(`}],"willContinue":true}}`)
		}, "")
	}
	piece("$.path", argPath(i), false)
	for _, f := range fragments(argContent(c.Args), b.w.Delta) {
		piece("$.content", f, true)
	}
	piece("$.content", "", false)
	chunk(func() { b.lit(`{"functionCall":{}}`) }, "")
}
