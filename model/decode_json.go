package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// This file holds the small JSON helpers the reference payload decoders
// share. They use encoding/json and favour clarity over speed.

// obj is a decoded JSON object whose members are kept raw.
type obj map[string]json.RawMessage

// payloadErr returns a terminal violation for the frame being decoded; the
// frame number and offset are stamped by Decoder.dispatch.
func payloadErr(rule spec.RuleID, format string, args ...any) *spec.Violation {
	return &spec.Violation{Rule: rule, Class: spec.ClassTerminal, Call: spec.NoCall, Message: fmt.Sprintf(format, args...)}
}

// parseObject decodes data as one JSON object (FRAME-4).
func parseObject(data []byte) (obj, *spec.Violation) {
	data = trimJSONSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, payloadErr(spec.FramePayload, "payload is not a JSON object: %s", clip(data))
	}
	var o obj
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, payloadErr(spec.FramePayload, "payload is not valid JSON")
	}
	return o, nil
}

// asObject decodes raw as an object; ok is false when raw is absent or null.
func asObject(raw json.RawMessage, field string) (obj, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an object, got %s", field, clip(raw))
	}
	var o obj
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, false, payloadErr(spec.FramePayload, "%s: %v", field, err)
	}
	return o, true, nil
}

// asArray decodes raw as an array; ok is false when raw is absent or null.
func asArray(raw json.RawMessage, field string) ([]json.RawMessage, bool, *spec.Violation) {
	if isNull(raw) {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, false, payloadErr(spec.FrameFieldType, "%s: want an array, got %s", field, clip(raw))
	}
	var a []json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, false, payloadErr(spec.FramePayload, "%s: %v", field, err)
	}
	return a, true, nil
}

// asString decodes raw as a string; ok is false when raw is absent or null.
func asString(raw json.RawMessage, field string) (string, bool, *spec.Violation) {
	if isNull(raw) {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, payloadErr(spec.FrameFieldType, "%s: want a string, got %s", field, clip(raw))
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
	if isNull(raw) {
		return 0, false, nil
	}
	digits := strings.TrimPrefix(string(raw), "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer, got %s", field, clip(raw))
	}
	n, err := strconv.ParseInt(string(raw), 10, 32)
	if err != nil {
		return 0, false, payloadErr(spec.FrameFieldType, "%s: want an integer of 32 bits, got %s", field, clip(raw))
	}
	return int(n), true, nil
}

// asBool decodes raw as a boolean; ok is false when raw is absent or null.
func asBool(raw json.RawMessage, field string) (bool, bool, *spec.Violation) {
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

// isNull reports whether raw is absent or the literal null.
func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// compactJSON returns raw (a valid JSON value) without insignificant space,
// the form in which whole-call arguments are reported.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// clip shortens b for an error message.
func clip(b []byte) string {
	const max = 64
	if len(b) > max {
		return fmt.Sprintf("%q...", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

// trimJSONSpace removes JSON white space (space, tab, CR, LF) from both ends
// of b; other Unicode spaces are not white space in JSON.
func trimJSONSpace(b []byte) []byte {
	return bytes.Trim(b, " \t\r\n")
}
