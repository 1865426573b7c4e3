//go:build invariants

package impl

// invariants is true in a build with the invariants tag (go test -tags
// invariants): every shortcut is checked against the general path where it
// is taken, and some are bypassed (see invariants.go).
const invariants = true
