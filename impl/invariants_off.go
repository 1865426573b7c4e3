//go:build !invariants

package impl

// invariants is false in a normal build: the checks of invariants.go
// compile away.
const invariants = false
