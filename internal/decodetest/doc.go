// Package decodetest is the decoder case table shared by the reference
// decoders (model) and the production ones (impl): for each wire format,
// whole inputs and what decoding them must give, either the events (as
// [spec.Event.String] lines) or the terminal violation that stops the
// stream (its rule and, where pinned, its message: impl mirrors the
// model's messages, so both must give the same).
//
// Every case is written once, with [Name], which records the file and line
// of the case, so that a failure in either package points at the row.
// Each package runs every case through its own whole-input decoder with
// [Run]; its native fuzz targets are seeded from the same inputs.
//
// The package imports only the standard library and spec: it is test data,
// and must not lean on the decoders it checks.
//
// # Usage
//
//	func TestGeminiCases(t *testing.T) { decodetest.Run(t, spec.FormatGemini, Decode) }
//
//	func FuzzGeminiDecode(f *testing.F) {
//		for _, c := range decodetest.Cases(spec.FormatGemini) {
//			f.Add([]byte(c.In))
//		}
//		...
//	}
package decodetest
