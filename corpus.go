package toolspec

import "embed"

// Scenarios holds the golden scenarios, testdata/scenarios/<area>/<name>.txtar,
// so that conformance tests outside this module can run them. Parse them
// with package scenario.
//
//go:embed testdata/scenarios
var Scenarios embed.FS
