// Package refjson holds the JSON helpers of the reference role, written
// with encoding/json for clarity rather than speed: a decoded object whose
// members stay raw ([Object]), the compact form of a value, and the answers
// the END-2 and FRAME-1 rules ask of a text (whether it is one object, why
// it is not, whether it is cut). It is imported by model and model/history
// and never imports internal/jsonwire, the production role's own reading
// (TestImportRules), so that the two roles read JSON independently.
//
// # Usage
//
//	var o refjson.Object
//	if err := json.Unmarshal(doc, &o); err != nil { ... }
//	if !refjson.IsObject(args) {
//		msg := refjson.ArgsProblem(args)
//	}
package refjson
