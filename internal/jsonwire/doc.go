// Package jsonwire is the JSON reading of the production role: a small
// toolkit that works on byte slices without allocating, imported by impl
// (the stream's payload decoders and their index) and impl/history (the
// history codecs). It never imports encoding/json (TestImportRules): its
// answers match encoding/json's exactly, and the reference role
// (internal/refjson, model) gets them from encoding/json itself, so that
// the differential tests compare two independent readings. What it matches:
// what json.Valid accepts ([Valid], [ScanValue]), how json.Unmarshal
// decodes a string ([AppendUnquote]: invalid UTF-8 and lone surrogates
// become U+FFFD), what json.Compact writes ([AppendCompact]), and the
// nesting limit of 10000 ([MaxDepth]).
//
// # Usage
//
//	end, ok := jsonwire.ScanValue(doc, jsonwire.SkipSpace(doc, 0), 0)
//	valid := ok && jsonwire.SkipSpace(doc, end) == len(doc)
//
//	if !jsonwire.IsObject(args) {
//		return jsonwire.ArgsProblem(args) // "arguments are a JSON array, not an object, at byte 0"
//	}
package jsonwire
