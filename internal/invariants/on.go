//go:build invariants

package invariants

// Enabled is true in a build with the invariants tag (go test -tags
// invariants): every shortcut is checked against the general path where it
// is taken, and some are bypassed (Sometimes).
const Enabled = true
