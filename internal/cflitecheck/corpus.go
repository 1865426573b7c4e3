package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"strconv"
	"strings"
)

// goFuzzHeader is the first line of every file of a testdata/fuzz/<Target>
// corpus, the encoding Go's own fuzzing reads and writes.
const goFuzzHeader = "go test fuzz v1"

// fuzzValue is one argument of one corpus entry: its Go type as the
// encoding names it (byte and uint8 are both "uint8") and its value (a
// []byte, a string, a bool, an int64 or a uint64).
type fuzzValue struct {
	typ string
	val any
}

// canonType maps the type names a fuzz function's parameters and a corpus
// file may use to the names reflect gives them, which is what the engine's
// harness switches on.
func canonType(name string) string {
	switch name {
	case "byte":
		return "uint8"
	case "rune":
		return "int32"
	case "[]byte":
		return "[]uint8"
	}
	return name
}

// parseGoFuzzFile reads one corpus file in the "go test fuzz v1" encoding:
// the header line, then one Go expression per argument, such as
// []byte("...") or uint16(86). Floats are not read: no target of the module
// takes one, and the engine's byte layout for them is not needed here.
func parseGoFuzzFile(data []byte) ([]fuzzValue, error) {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != goFuzzHeader {
		return nil, fmt.Errorf("first line is not %q", goFuzzHeader)
	}
	var vals []fuzzValue
	for i, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		v, err := parseGoFuzzValue(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+2, err)
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return nil, fmt.Errorf("no values after the header")
	}
	return vals, nil
}

func parseGoFuzzValue(line string) (fuzzValue, error) {
	expr, err := parser.ParseExpr(line)
	if err != nil {
		return fuzzValue{}, fmt.Errorf("not a Go expression: %q", line)
	}
	call, ok := expr.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return fuzzValue{}, fmt.Errorf("not a conversion T(v): %q", line)
	}
	typ := canonType(exprString(call.Fun))
	arg := call.Args[0]
	neg := false
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, arg = true, u.X
	}
	switch typ {
	case "[]uint8", "string":
		lit, ok := arg.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || neg {
			return fuzzValue{}, fmt.Errorf("%s wants a string literal: %q", typ, line)
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return fuzzValue{}, fmt.Errorf("bad string literal: %q", line)
		}
		if typ == "string" {
			return fuzzValue{typ, s}, nil
		}
		return fuzzValue{typ, []byte(s)}, nil
	case "bool":
		id, ok := arg.(*ast.Ident)
		if !ok || (id.Name != "true" && id.Name != "false") || neg {
			return fuzzValue{}, fmt.Errorf("bool wants true or false: %q", line)
		}
		return fuzzValue{typ, id.Name == "true"}, nil
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		lit, ok := arg.(*ast.BasicLit)
		if !ok || (lit.Kind != token.INT && lit.Kind != token.CHAR) {
			return fuzzValue{}, fmt.Errorf("%s wants an integer or character literal: %q", typ, line)
		}
		var mag uint64
		if lit.Kind == token.CHAR {
			s, err := strconv.Unquote(lit.Value)
			if err != nil || len([]rune(s)) != 1 {
				return fuzzValue{}, fmt.Errorf("bad character literal: %q", line)
			}
			mag = uint64([]rune(s)[0])
		} else if mag, err = strconv.ParseUint(lit.Value, 0, 64); err != nil {
			return fuzzValue{}, fmt.Errorf("bad integer literal: %q", line)
		}
		return intValue(typ, mag, neg, line)
	}
	return fuzzValue{}, fmt.Errorf("type %s is not read by this converter: %q", typ, line)
}

// intValue range-checks an integer of the given type.
func intValue(typ string, mag uint64, neg bool, line string) (fuzzValue, error) {
	bits := map[string]int{"int": 64, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
		"uint": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}[typ]
	if strings.HasPrefix(typ, "u") {
		if neg || (bits < 64 && mag >= 1<<bits) {
			return fuzzValue{}, fmt.Errorf("%s out of range: %q", typ, line)
		}
		return fuzzValue{typ, mag}, nil
	}
	limit := uint64(1) << (bits - 1)
	if (!neg && mag >= limit) || (neg && mag > limit) {
		return fuzzValue{}, fmt.Errorf("%s out of range: %q", typ, line)
	}
	v := int64(mag)
	if neg {
		v = -v // mag == limit wraps to the minimum, as wanted
	}
	return fuzzValue{typ, v}, nil
}

// exprString prints a type expression of a conversion or a parameter list:
// an identifier, []T, or pkg.T.
func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.ArrayType:
		if e.Len == nil {
			return "[]" + exprString(e.Elt)
		}
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.ParenExpr:
		return exprString(e.X)
	}
	return fmt.Sprintf("%T", e)
}

// engineTypes are the argument types the engine's harness (the testing
// package of go-118-fuzz-build, which compile_native_go_fuzzer links in)
// fills from the input; any other type panics in the harness on every input.
var engineTypes = map[string]bool{
	"[]uint8": true, "string": true, "bool": true, "float32": true, "float64": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
}

// encodeEngineInput lays out one corpus entry as the libFuzzer input that
// the engine's harness decodes back into the same arguments. The harness
// reads the arguments in order with go-fuzz-headers' consumer:
//
//   - []byte and string: a 4-byte big-endian length, then the bytes. A
//     []byte length is taken modulo the bytes left after it unless it equals
//     them, and 0 reads as 30, so an empty []byte is written as twice the
//     bytes left (which reads as 0); a string needs one byte after its
//     length even when empty.
//   - uint8 and int8: one byte; bool: one byte, even for true.
//   - uint16, int16: 2 bytes, then a byte whose evenness picks little
//     endian; written big endian with the byte 1.
//   - uint32, int32: 4 bytes big endian.
//   - uint64, int64, uint, int: 8 bytes, then the endianness byte as above.
//
// One padding byte ends the input when the last argument is an empty []byte
// or string, which the consumer cannot read at the very end of the input.
func encodeEngineInput(vals []fuzzValue) ([]byte, error) {
	type seg struct {
		b      []byte
		sized  bool // a []byte whose length field is fixed up below
		length int
	}
	var segs []seg
	for _, v := range vals {
		switch v.typ {
		case "[]uint8":
			b := v.val.([]byte)
			segs = append(segs, seg{b: append(make([]byte, 4), b...), sized: true, length: len(b)})
		case "string":
			s := v.val.(string)
			if uint64(len(s)) > math.MaxUint32 {
				return nil, fmt.Errorf("string of %d bytes is too long", len(s))
			}
			b := binary.BigEndian.AppendUint32(nil, uint32(len(s)))
			segs = append(segs, seg{b: append(b, s...)})
		case "bool":
			b := byte(1)
			if v.val.(bool) {
				b = 0
			}
			segs = append(segs, seg{b: []byte{b}})
		case "uint8", "int8":
			segs = append(segs, seg{b: []byte{byte(bitsOf(v))}})
		case "uint16", "int16":
			segs = append(segs, seg{b: append(binary.BigEndian.AppendUint16(nil, uint16(bitsOf(v))), 1)})
		case "uint32", "int32":
			segs = append(segs, seg{b: binary.BigEndian.AppendUint32(nil, uint32(bitsOf(v)))})
		case "uint64", "int64", "uint", "int":
			segs = append(segs, seg{b: append(binary.BigEndian.AppendUint64(nil, bitsOf(v)), 1)})
		default:
			return nil, fmt.Errorf("type %s is not encoded by this converter", v.typ)
		}
	}
	if last := vals[len(vals)-1]; (last.typ == "[]uint8" && len(last.val.([]byte)) == 0) ||
		(last.typ == "string" && last.val.(string) == "") {
		segs = append(segs, seg{b: []byte{0}})
	}
	total := 0
	for _, s := range segs {
		total += len(s.b)
	}
	var out bytes.Buffer
	for _, s := range segs {
		if s.sized {
			left := total - out.Len() - 4 // the bytes after the length field
			n := s.length
			if n == 0 {
				n = 2 * left // left > 0: padding or later arguments follow
			}
			if uint64(n) > math.MaxUint32 {
				return nil, fmt.Errorf("input too long for the engine's 4-byte lengths")
			}
			binary.BigEndian.PutUint32(s.b, uint32(n))
		}
		out.Write(s.b)
	}
	return out.Bytes(), nil
}

// bitsOf is an integer value's two's-complement bits.
func bitsOf(v fuzzValue) uint64 {
	if i, ok := v.val.(int64); ok {
		return uint64(i)
	}
	return v.val.(uint64)
}
