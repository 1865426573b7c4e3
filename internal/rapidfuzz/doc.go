// Package rapidfuzz runs a rapid property on one fuzz input, as
// rapid.MakeFuzz does, in both places the module's fuzz targets run: under
// go test -fuzz, and in the libFuzzer binaries that OSS-Fuzz's
// compile_native_go_fuzzer builds for ClusterFuzzLite
// (.clusterfuzzlite/build.sh).
//
// rapid.MakeFuzz(prop) returns a func(*testing.T, []byte), a function of
// the standard library's testing.T. The engine's harness (go-118-fuzz-build)
// replaces the testing package of the file that declares the target by its
// own and calls the function given to f.Fuzz through reflection with its own
// *testing.T, so f.Fuzz(rapid.MakeFuzz(prop)) panics on every input the
// harness can decode ("reflect: Call using *testing.T as type *testing.T");
// no exported rapid function feeds a fuzz input to a property with any
// other T. And rapid logs every draw through its T's Logf, which the
// standard T keeps for a failure's report but the engine's prints at once,
// two lines a draw on every input.
//
// [Check] takes the target's T as a [rapid.TB], which both testing.T's
// satisfy. Given the standard *testing.T it is rapid.MakeFuzz(prop), so go
// test -fuzz runs exactly what it ran before. Given another TB (the
// engine's) it runs rapid's own fuzz check, rapid.checkFuzz, which
// rapid.MakeFuzz wraps, reached with go:linkname, with a TB that keeps the
// log and hands it over with the failure: the same bytes give the same
// draws, a failure fails the input with the draws that led to it, and an
// input that does not decode into a valid draw is skipped. TestCheckMatches
// holds the two paths to the same draws and verdicts; the link is to
// rapid's unexported function at the version go.mod requires, so a rapid
// upgrade must pass that test.
//
// Only tests import the package (the module's fuzz targets, in fuzz/ and
// spectest/).
//
// # Usage
//
//	func FuzzEvents(f *testing.F) {
//		f.Fuzz(func(t *testing.T, input []byte) { rapidfuzz.Check(t, input, checkEvents) })
//	}
package rapidfuzz
