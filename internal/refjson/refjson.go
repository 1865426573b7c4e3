package refjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Object is a decoded JSON object whose members are kept raw.
type Object map[string]json.RawMessage

// IsNull reports whether raw is absent or the literal null.
func IsNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// Compact returns raw (a valid JSON value) without insignificant space,
// the form in which whole-call arguments are reported.
func Compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// Clip shortens b for an error message.
func Clip(b []byte) string {
	const max = 64
	if len(b) > max {
		return fmt.Sprintf("%q...", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

// TrimSpace removes JSON white space (space, tab, CR, LF) from both ends
// of b; other Unicode spaces are not white space in JSON.
func TrimSpace(b []byte) []byte {
	return bytes.Trim(b, " \t\r\n")
}

// ArgsProblem says why the arguments b, which are not white space, are not
// one JSON object (END-2), with the byte offset in b where that shows: the
// first byte no JSON text can continue with, the end of b for a cut value
// (a proper prefix of JSON text, IsCut), the start of a value of another
// type. encoding/json decides; its SyntaxError.Offset counts the bytes read
// up to and including the bad one.
func ArgsProblem(b []byte) string {
	start := len(b) - len(bytes.TrimLeft(b, " \t\r\n"))
	if json.Valid(b) {
		return fmt.Sprintf("arguments are a JSON %s, not an object, at byte %d", Kind(b[start]), start)
	}
	if IsCut(b) {
		return fmt.Sprintf("arguments are not one JSON object: cut at byte %d", len(b))
	}
	var raw json.RawMessage
	err := json.Unmarshal(b, &raw)
	var syn *json.SyntaxError
	switch {
	case !errors.As(err, &syn):
		return "arguments are not one JSON object" // unreachable: invalid JSON is a syntax error
	case strings.HasSuffix(syn.Error(), "exceeded max depth"):
		return fmt.Sprintf("arguments are not one JSON object: nested deeper than 10000 levels at byte %d", syn.Offset-1)
	}
	return fmt.Sprintf("arguments are not one JSON object: a syntax error at byte %d", syn.Offset-1)
}

// Kind names the kind of JSON value that starts with byte c.
func Kind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return "number"
	}
	return "text"
}

// IsObject reports whether b is one JSON object (END-2).
func IsObject(b []byte) bool {
	t := TrimSpace(b)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}

// IsCut reports whether the payload of an unterminated last frame is a
// proper prefix of a JSON text: no byte of it is a syntax error, but the
// value is not finished (white space alone included). encoding/json's
// Decoder reports exactly that as io.ErrUnexpectedEOF.
func IsCut(p []byte) bool {
	t := bytes.TrimLeft(p, " \t\r\n") // trailing space may be a syntax error ("-" then " ")
	if len(t) == 0 {
		return true
	}
	var raw json.RawMessage
	return json.NewDecoder(bytes.NewReader(t)).Decode(&raw) == io.ErrUnexpectedEOF
}
