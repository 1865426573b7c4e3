// Package invariants holds the switch of the invariants build: Enabled is
// true in a build with the tag invariants (go test -tags invariants, make
// test-invariants) and false otherwise, when every check it guards is dead
// code that the compiler removes with its call.
//
// impl checks each of its shortcuts (jsonIndex's replay and resume, the
// lookup memo, the index's skips, the chat and Anthropic fast paths) against
// the general path where it is taken when Enabled is set, panics through
// [Broken] on a difference, and bypasses a shortcut for the general path
// [Sometimes], so that the general path also runs in the middle of streams
// the shortcuts would otherwise read. The package imports only the
// standard library, so that any package of the module can use it.
//
// # Usage
//
//	if invariants.Enabled {
//		checkIndexed(x, doc, "replay")
//	}
//	if memo != nil && !invariants.Sometimes(10) {
//		// the shortcut
//	}
package invariants
