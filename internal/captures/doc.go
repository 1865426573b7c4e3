// Package captures is how a test reaches the shared captures, real
// recorded provider streams kept beside the repository
// (../shared/captures), never copied into it.
//
// A test whose captures are absent does not pass silently: with
// TOOLSPEC_CAPTURES=required (CI sets it) it fails; otherwise it skips
// with Marker in its message, and make test, which reads go test's JSON
// through internal/testsum, counts such skips in one line.
package captures
