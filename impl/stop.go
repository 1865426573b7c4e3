package impl

import "github.com/toolspec/toolspec/spec"

// stopRows is the END-4 table of package spec (spec.StopTable) keyed by
// format and raw reason, built once: a lookup by a []byte reason then
// costs no allocation.
var stopRows = func() map[spec.Format]map[string]spec.StopReason {
	m := make(map[spec.Format]map[string]spec.StopReason, len(spec.Formats))
	for _, f := range spec.Formats {
		m[f] = map[string]spec.StopReason{}
	}
	for _, e := range spec.StopTable() {
		m[e.Format][e.Raw] = e.Canonical
	}
	return m
}()

// canonical mirrors model's canonical: END-4.
//
// It maps a raw reason of format f onto the canonical set (END-4);
// a raw reason not in f's row is spec.StopOther.
func canonical(f spec.Format, raw []byte) spec.StopReason {
	if r, ok := stopRows[f][string(raw)]; ok {
		return r
	}
	return spec.StopOther
}
