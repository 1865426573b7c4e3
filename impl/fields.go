package impl

import (
	"math"

	"github.com/toolspec/toolspec/spec"
)

// This file mirrors model/decode_json.go without allocating: the payload
// decoders of impl read raw member values of a validated object and check
// their JSON types with these helpers, which return exactly the
// reference's violations.

// plainKey reports whether a raw key's content needs no decoding.
func plainKey(in []byte) bool {
	for _, c := range in {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// isNull reports whether raw is absent or the literal null.
func isNull(raw []byte) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// asObject returns raw when it is an object; ok is false when raw is absent
// or null.
func asObject(raw []byte, field string) ([]byte, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an object, got %s", field, clip(raw))
	}
	return raw, true, nil
}

// asArray returns raw when it is an array; ok is false when raw is absent
// or null.
func asArray(raw []byte, field string) ([]byte, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an array, got %s", field, clip(raw))
	}
	return raw, true, nil
}

// asString decodes raw as a string into b; ok is false when raw is absent
// or null.
func asString(b *batch, raw []byte, field string) ([]byte, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '"' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want a string, got %s", field, clip(raw))
	}
	return b.str(raw), true, nil
}

// asInt decodes raw as an integer that fits an int32; ok is false when raw
// is absent or null.
func asInt(raw []byte, field string) (int, bool, *spec.Violation) {
	if isNull(raw) {
		return 0, false, nil
	}
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer, got %s", field, clip(raw))
	}
	f, ok := parseNumber(raw)
	if !ok || f != math.Trunc(f) || f < math.MinInt32 || f > math.MaxInt32 {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer, got %s", field, clip(raw))
	}
	return int(f), true, nil
}

// asBool decodes raw as a boolean; ok is false when raw is absent or null.
func asBool(raw []byte, field string) (bool, bool, *spec.Violation) {
	if isNull(raw) {
		return false, false, nil
	}
	switch string(raw) {
	case "true":
		return true, true, nil
	case "false":
		return false, true, nil
	}
	return false, false, payloadErr(spec.FrameFieldType, "%s: want a boolean, got %s", field, clip(raw))
}
