package impl

import (
	"math"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// This file mirrors model/decode_json.go without allocating: the payload
// decoders of impl read raw member values of a validated object and check
// their JSON types with these helpers, which return exactly the
// reference's violations.

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
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an object, got %s", field, jsonwire.Clip(raw))
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
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an array, got %s", field, jsonwire.Clip(raw))
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
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want a string, got %s", field, jsonwire.Clip(raw))
	}
	return b.str(raw), true, nil
}

// asInt mirrors model's asInt: it decodes raw as an index (FRAME-6), a JSON
// number written as an integer, without fraction or exponent, from
// math.MinInt32 to math.MaxInt32; ok is false when raw is absent or null.
func asInt(raw []byte, field string) (int, bool, *spec.Violation) {
	if isNull(raw) {
		return 0, false, nil
	}
	n, integer, fits := parseIndex(raw)
	if !integer {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer, got %s", field, jsonwire.Clip(raw))
	}
	if !fits {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer of 32 bits, got %s", field, jsonwire.Clip(raw))
	}
	return n, true, nil
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
	return false, false, payloadErr(spec.FrameFieldType, "%s: want a boolean, got %s", field, jsonwire.Clip(raw))
}

// parseIndex reads lit as an index (FRAME-6): integer is whether it is a
// JSON integer written without fraction or exponent (an optional minus
// sign and digits), fits whether its value is also in the range of an
// int32, and n is then that value. It reads the digits exactly, never
// through floating point.
func parseIndex(lit []byte) (n int, integer, fits bool) {
	i := 0
	if len(lit) > 0 && lit[0] == '-' {
		i = 1
	}
	if i == len(lit) {
		return 0, false, false
	}
	var v int64
	for _, c := range lit[i:] {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if v <= 1<<31 { // past 2^31 the value is out of range: stop growing
			v = v*10 + int64(c-'0')
		}
	}
	if i == 1 {
		v = -v
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, true, false
	}
	return int(v), true, true
}
