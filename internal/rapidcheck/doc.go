// Package rapidcheck sets the defaults of the module's rapid property
// tests: how many checks a package's properties run (fewer under -short)
// and the seed the mutation check fixes (TOOLSPEC_RAPID_SEED) for
// repeatable kills, each unless its rapid flag was given.
//
//	func TestMain(m *testing.M) {
//		flag.Parse()
//		rapidcheck.Defaults(2000, 200)
//		os.Exit(m.Run())
//	}
package rapidcheck
