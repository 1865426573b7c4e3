//go:build !invariants

package invariants

// Enabled is false in a normal build: the checks it guards compile away.
const Enabled = false
