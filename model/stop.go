package model

import "github.com/toolspec/toolspec/spec"

// canonical maps a raw reason of format f onto the canonical set by the
// END-4 table that package spec holds (spec.CanonicalStop). A raw reason
// not in its format's row maps to spec.StopOther. StopEnd is further
// refined to StopToolUse when the choice holds a client call, and
// StopToolUse back to StopEnd when it holds none (stepFinish).
func canonical(f spec.Format, raw string) spec.StopReason {
	return spec.CanonicalStop(f, raw)
}
