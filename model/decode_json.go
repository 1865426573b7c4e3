package model

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the small JSON helpers the reference payload decoders
// share. They use encoding/json and favour clarity over speed.

// payloadErr returns a terminal violation for the frame being decoded; the
// frame number and offset are stamped by Decoder.dispatch.
func payloadErr(rule spec.RuleID, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
}

// parseObject decodes data as one JSON object (FRAME-4).
func parseObject(data []byte) (refjson.Object, *spec.Violation) {
	data = refjson.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, payloadErr(spec.FramePayload, "payload is not a JSON object: %s", refjson.Clip(data))
	}
	var o refjson.Object
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, payloadErr(spec.FramePayload, "payload is not valid JSON")
	}
	return o, nil
}

// asObject decodes raw as an object; ok is false when raw is absent or null.
func asObject(raw json.RawMessage, field string) (refjson.Object, bool, *spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an object, got %s", field, refjson.Clip(raw))
	}
	var o refjson.Object
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, false, payloadErr(spec.FramePayload, "%s: %v", field, err)
	}
	return o, true, nil
}

// asArray decodes raw as an array; ok is false when raw is absent or null.
func asArray(raw json.RawMessage, field string) ([]json.RawMessage, bool, *spec.Violation) {
	if refjson.IsNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an array, got %s", field, refjson.Clip(raw))
	}
	var a []json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, false, payloadErr(spec.FramePayload, "%s: %v", field, err)
	}
	return a, true, nil
}

// asString decodes raw as a string; ok is false when raw is absent or null.
func asString(raw json.RawMessage, field string) (string, bool, *spec.Violation) {
	if refjson.IsNull(raw) {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, payloadErr(spec.FrameFieldType, "%s: want a string, got %s", field, refjson.Clip(raw))
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, payloadErr(spec.FramePayload, "%s: %v", field, err)
	}
	return s, true, nil
}

// asInt decodes raw as an index (FRAME-6): a JSON number written as an
// integer, without fraction or exponent, from math.MinInt32 to
// math.MaxInt32; ok is false when raw is absent or null.
func asInt(raw json.RawMessage, field string) (int, bool, *spec.Violation) {
	if refjson.IsNull(raw) {
		return 0, false, nil
	}
	digits := strings.TrimPrefix(string(raw), "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer, got %s", field, refjson.Clip(raw))
	}
	n, err := strconv.ParseInt(string(raw), 10, 32)
	if err != nil {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer of 32 bits, got %s", field, refjson.Clip(raw))
	}
	return int(n), true, nil
}

// asBool decodes raw as a boolean; ok is false when raw is absent or null.
func asBool(raw json.RawMessage, field string) (bool, bool, *spec.Violation) {
	if refjson.IsNull(raw) {
		return false, false, nil
	}
	switch string(raw) {
	case "true":
		return true, true, nil
	case "false":
		return false, true, nil
	}
	return false, false, payloadErr(spec.FrameFieldType, "%s: want a boolean, got %s", field, refjson.Clip(raw))
}
