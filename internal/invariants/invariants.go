package invariants

import (
	"fmt"
	"math/rand/v2"
)

// Sometimes reports, in the invariants build, true about percent times in a
// hundred, and false in a normal build: the caller then takes the general
// path instead of its shortcut.
func Sometimes(percent int) bool { return Enabled && rand.IntN(100) < percent }

// Broken panics: shortcut yielded other than the general path on input,
// as format and args say.
func Broken(shortcut string, input []byte, format string, args ...any) {
	panic(fmt.Sprintf("invariants: %s differs from the general path: %s\ninput: %q", shortcut, fmt.Sprintf(format, args...), input))
}
