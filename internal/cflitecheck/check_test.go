package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseBuildScript(t *testing.T) {
	lines, err := parseBuildScript("#!/bin/bash\nbuild_target() {\n}\nbuild_target ./impl FuzzJSON\n  # not-built . FuzzDetect: external test package\n# a comment\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []line{{no: 4, dir: "./impl", fn: "FuzzJSON", built: true}, {no: 5, dir: ".", fn: "FuzzDetect", reason: "external test package"}}
	if !reflect.DeepEqual(lines, want) {
		t.Fatalf("got %+v, want %+v", lines, want)
	}
	for _, bad := range []string{
		"build_target ./impl",
		"build_target ./impl FuzzJSON extra",
		"build_target impl FuzzJSON",
		"build_target ./impl/../x FuzzJSON",
		"build_target ./impl TestJSON",
		"# not-built ./impl FuzzJSON",
		"# not-built ./impl FuzzJSON:   ",
		"# not-built ./impl: why",
		"# nothing here",
	} {
		if _, err := parseBuildScript(bad + "\n"); err == nil {
			t.Errorf("parseBuildScript(%q) accepted it", bad)
		}
	}
}

func TestParseGoFuzzFile(t *testing.T) {
	// The module's own corpus files, as go test writes them.
	files, err := filepath.Glob("../../impl/testdata/fuzz/FuzzIndexResume/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		vals, err := parseGoFuzzFile(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var types []string
		for _, v := range vals {
			types = append(types, v.typ)
		}
		if strings.Join(types, " ") != "[]uint8 []uint8 uint16 uint16" {
			t.Errorf("%s: types %v", f, types)
		}
	}
	vals, err := parseGoFuzzFile([]byte("go test fuzz v1\n[]byte(\"a\\x00\\\"\")\nstring(\"é\")\nint8(-128)\nbyte('A')\nrune('é')\nbool(true)\nuint64(18446744073709551615)\nint(-5)\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []fuzzValue{{"[]uint8", []byte("a\x00\"")}, {"string", "é"}, {"int8", int64(-128)}, {"uint8", uint64('A')},
		{"int32", int64('é')}, {"bool", true}, {"uint64", uint64(1<<64 - 1)}, {"int", int64(-5)}}
	if !reflect.DeepEqual(vals, want) {
		t.Fatalf("got %#v\nwant %#v", vals, want)
	}
	for _, bad := range []string{
		"[]byte(\"a\")\n",
		"go test fuzz v2\n[]byte(\"a\")\n",
		"go test fuzz v1\n",
		"go test fuzz v1\nfloat64(1.5)\n",
		"go test fuzz v1\nuint8(256)\n",
		"go test fuzz v1\nint8(128)\n",
		"go test fuzz v1\nuint16(-1)\n",
		"go test fuzz v1\n[]byte(a)\n",
		"go test fuzz v1\nbool(1)\n",
		"go test fuzz v1\nos.Exit(1)\n",
		"go test fuzz v1\n[]byte(\"a\", \"b\")\n",
	} {
		if _, err := parseGoFuzzFile([]byte(bad)); err == nil {
			t.Errorf("parseGoFuzzFile(%q) accepted it", bad)
		}
	}
}

// consume reads arguments of the given types from an engine input by the
// rules encodeEngineInput documents for the engine's consumer, to check
// the layout independently of how it is written.
func consume(in []byte, types []string) ([]fuzzValue, error) {
	pos := 0
	need := func(n int) ([]byte, error) {
		if pos >= len(in) || pos+n > len(in) {
			return nil, errors.New("input exhausted")
		}
		b := in[pos : pos+n]
		pos += n
		return b, nil
	}
	var out []fuzzValue
	for _, typ := range types {
		switch typ {
		case "[]uint8", "string":
			lb, err := need(4)
			if err != nil {
				return nil, err
			}
			n := int(binary.BigEndian.Uint32(lb))
			left := len(in) - pos
			if typ == "[]uint8" {
				if n == 0 {
					n = 30
				}
				if left == 0 {
					return nil, errors.New("no bytes left for a []byte")
				}
				if n != left {
					n %= left
				}
				out = append(out, fuzzValue{typ, append([]byte{}, in[pos:pos+n]...)})
				pos += n
				continue
			}
			if left == 0 || n > left {
				return nil, errors.New("no bytes for the string")
			}
			out = append(out, fuzzValue{typ, string(in[pos : pos+n])})
			pos += n
		case "bool":
			b, err := need(1)
			if err != nil {
				return nil, err
			}
			out = append(out, fuzzValue{typ, b[0]%2 == 0})
		case "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "uint", "int":
			size := map[string]int{"uint8": 1, "int8": 1, "uint16": 2, "int16": 2, "uint32": 4, "int32": 4}[typ]
			if size == 0 {
				size = 8
			}
			b, err := need(size)
			if err != nil {
				return nil, err
			}
			var u uint64
			switch size {
			case 1:
				u = uint64(b[0])
			case 2:
				u = uint64(binary.BigEndian.Uint16(b))
			case 4:
				u = uint64(binary.BigEndian.Uint32(b))
			default:
				u = binary.BigEndian.Uint64(b)
			}
			if size == 2 || size == 8 {
				e, err := need(1)
				if err != nil {
					return nil, err
				}
				if e[0]%2 == 0 {
					return nil, errors.New("little-endian marker: the encoder writes big endian")
				}
			}
			if strings.HasPrefix(typ, "u") {
				out = append(out, fuzzValue{typ, u})
			} else {
				out = append(out, fuzzValue{typ, int64(u<<(64-8*size)) >> (64 - 8*size)})
			}
		default:
			return nil, errors.New("type " + typ)
		}
	}
	return out, nil
}

func TestEncodeEngineInput(t *testing.T) {
	// Layouts worked out by hand from the consumer's rules.
	for _, c := range []struct {
		vals []fuzzValue
		want []byte
	}{
		{[]fuzzValue{{"[]uint8", []byte(" \v")}}, []byte{0, 0, 0, 2, ' ', '\v'}},
		{[]fuzzValue{{"[]uint8", []byte{}}}, []byte{0, 0, 0, 2, 0}}, // 2 % 1 == 0, then padding
		{[]fuzzValue{{"[]uint8", []byte("ab")}, {"uint16", uint64(0x0102)}}, []byte{0, 0, 0, 2, 'a', 'b', 1, 2, 1}},
		{[]fuzzValue{{"[]uint8", []byte{}}, {"uint8", uint64(7)}}, []byte{0, 0, 0, 2, 7}},
		{[]fuzzValue{{"string", ""}}, []byte{0, 0, 0, 0, 0}},
		{[]fuzzValue{{"bool", true}, {"bool", false}, {"int8", int64(-1)}}, []byte{0, 1, 0xff}},
		{[]fuzzValue{{"int32", int64(-2)}, {"int", int64(1)}}, []byte{0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 0, 0, 0, 0, 1, 1}},
	} {
		got, err := encodeEngineInput(c.vals)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("encodeEngineInput(%v) = %v, %v; want %v", c.vals, got, err, c.want)
		}
	}
	// Random entries read back as written.
	types := []string{"[]uint8", "string", "bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "uint", "int"}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		var vals []fuzzValue
		var want []string
		for n := 1 + rng.Intn(5); n > 0; n-- {
			typ := types[rng.Intn(len(types))]
			want = append(want, typ)
			switch typ {
			case "[]uint8":
				b := make([]byte, rng.Intn(4)*rng.Intn(40))
				rng.Read(b)
				vals = append(vals, fuzzValue{typ, b})
			case "string":
				b := make([]byte, rng.Intn(3)*rng.Intn(20))
				rng.Read(b)
				vals = append(vals, fuzzValue{typ, string(b)})
			case "bool":
				vals = append(vals, fuzzValue{typ, rng.Intn(2) == 0})
			default:
				v := fuzzValue{typ, rng.Uint64()}
				size := map[string]uint{"uint8": 8, "int8": 8, "uint16": 16, "int16": 16, "uint32": 32, "int32": 32}[typ]
				if size == 0 {
					size = 64
				}
				u := v.val.(uint64) >> (64 - size)
				if strings.HasPrefix(typ, "u") {
					v.val = u
				} else {
					v.val = int64(u<<(64-size)) >> (64 - size)
				}
				vals = append(vals, v)
			}
		}
		in, err := encodeEngineInput(vals)
		if err != nil {
			t.Fatalf("%v: %v", vals, err)
		}
		got, err := consume(in, want)
		if err != nil || !reflect.DeepEqual(got, vals) {
			t.Fatalf("%v encoded as %v reads back as %v, %v", vals, in, got, err)
		}
	}
	if _, err := encodeEngineInput([]fuzzValue{{"float64", 1.5}}); err == nil {
		t.Error("a float64 was encoded")
	}
}

// writeModule writes a small module whose fuzz targets cover what the
// engine's build can and cannot take.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

var testModule = map[string]string{
	"go.mod": "module example.com/cfl\n\ngo 1.23\n",
	"p/p.go": "package p\n\n// Sum adds.\nfunc Sum(b []byte) (n int) {\n\tfor _, c := range b {\n\t\tn += int(c)\n\t}\n\treturn n\n}\n",
	"p/a_test.go": `package p

import "testing"

func FuzzSelf(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte, n uint16) {
		if Sum(b) < 0 {
			t.Fatal(n)
		}
	})
}

func FuzzPre(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) { Sum(b) }) }

func FuzzPreLonger(f *testing.F) { f.Fuzz(func(t *testing.T, s string) { Sum([]byte(s)) }) }
`,
	"p/b_test.go": `package p

import "testing"

func FuzzHelper(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) { check(t, b) }) }
`,
	"p/c_test.go": `package p

import "testing"

func check(t *testing.T, b []byte) {
	if Sum(b) < 0 {
		t.Fatal("negative")
	}
}

func TestCheck(t *testing.T) { check(t, []byte("x")) }
`,
	"p/d_test.go": `package p

import "testing"

func body(t *testing.T, b []byte) { Sum(b) }

func FuzzNotLiteral(f *testing.F) { f.Fuzz(body) }
`,
	"p/testdata/fuzz/FuzzSelf/one": "go test fuzz v1\n[]byte(\"ab\")\nuint16(3)\n",
	"q/q.go":                       "package q\n\n// One is one.\nconst One = 1\n",
	"q/q_test.go": `package q_test

import "testing"

func FuzzExternal(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) {}) }
`,
}

const goodScript = `build_target ./p FuzzSelf
build_target ./p FuzzPreLonger
# not-built ./p FuzzPre: a prefix of FuzzPreLonger
# not-built ./p FuzzHelper: uses check of c_test.go
# not-built ./p FuzzNotLiteral: f.Fuzz(body)
# not-built ./q FuzzExternal: external test package
`

// TestCheck runs the check on a module made for it: it passes with the
// right script and fails, naming the cause, for each way a script or the
// module can be wrong.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command on a scratch module")
	}
	root := writeModule(t, testModule)
	f, err := gather(root)
	if err != nil {
		t.Fatal(err)
	}
	run := func(script string) []error {
		t.Helper()
		lines, err := parseBuildScript(script)
		if err != nil {
			t.Fatal(err)
		}
		_, errs := verify(f, lines)
		return errs
	}
	if errs := run(goodScript); len(errs) != 0 {
		t.Fatalf("the right script fails: %v", errs)
	}
	// Each problem the targets have is the one they were written to have.
	for fn, want := range map[string]string{
		"FuzzPre":        `2 lines under ./p hold "func FuzzPre"`,
		"FuzzHelper":     "undefined: check",
		"FuzzNotLiteral": "is given body, not a function literal",
		"FuzzExternal":   "external test package q_test",
	} {
		dir := "./p"
		if fn == "FuzzExternal" {
			dir = "./q"
		}
		if p := strings.Join(f.targets[key{dir, fn}].problems, "\n"); !strings.Contains(p, want) {
			t.Errorf("%s: problems %q do not say %q", fn, p, want)
		}
	}
	for _, c := range []struct{ name, script, want string }{
		{"fake target", goodScript + "build_target ./p FuzzNope\n", "no such fuzz target"},
		{"fake package", goodScript + "build_target ./r FuzzSelf\n", "no package in directory ./r"},
		{"missing target", strings.Replace(goodScript, "build_target ./p FuzzSelf\n", "", 1), "./p FuzzSelf is a fuzz target of the module on no line"},
		{"duplicate", goodScript + "build_target ./p FuzzSelf\n", "already on line 1"},
		{"unbuildable listed as built", strings.Replace(goodScript, "# not-built ./p FuzzHelper: uses check of c_test.go", "build_target ./p FuzzHelper", 1), "would not build it"},
		{"buildable listed as not built", strings.Replace(goodScript, "build_target ./p FuzzSelf", "# not-built ./p FuzzSelf: why not", 1), "nothing stops the engine's build now"},
	} {
		errs := run(c.script)
		if len(errs) == 0 || !strings.Contains(errors.Join(errs...).Error(), c.want) {
			t.Errorf("%s: errors %v do not say %q", c.name, errs, c.want)
		}
	}
	// Seed corpora: an orphan directory and a file of the wrong types fail;
	// the good one is written as the engine reads it.
	for name, text := range map[string]string{
		"p/testdata/fuzz/FuzzGone/x":    "go test fuzz v1\n[]byte(\"a\")\n",
		"p/testdata/fuzz/FuzzSelf/bad":  "go test fuzz v1\nstring(\"a\")\n",
		"p/testdata/fuzz/FuzzPre/broke": "go test fuzz v1\n[]byte(\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f.corpora, f.orphans = map[key][]corpusFile{}, nil
	if err := readCorpora(root, f); err != nil {
		t.Fatal(err)
	}
	all := errors.Join(run(goodScript)...).Error()
	for _, want := range []string{
		"seed corpus p/testdata/fuzz/FuzzGone belongs to no fuzz target",
		"seed p/testdata/fuzz/FuzzSelf/bad: holds (string), but FuzzSelf takes ([]uint8, uint16)",
		"seed p/testdata/fuzz/FuzzPre/broke: line 2",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("errors %q do not say %q", all, want)
		}
	}
	out := t.TempDir()
	lines, _ := parseBuildScript(goodScript)
	if _, err := writeSeedCorpora(root, lines, out); err == nil {
		t.Error("writeSeedCorpora took FuzzSelf/bad")
	}
	if err := os.Remove(filepath.Join(root, "p/testdata/fuzz/FuzzSelf/bad")); err != nil {
		t.Fatal(err)
	}
	n, err := writeSeedCorpora(root, lines, out)
	if err != nil || n != 1 {
		t.Fatalf("writeSeedCorpora: %d, %v", n, err)
	}
	if _, err := os.Stat(filepath.Join(out, "p_FuzzSelf_seed_corpus.zip")); err != nil {
		t.Error(err)
	}
}

// TestCheckTestsMustBuild: a package whose tests do not compile stops the
// check.
func TestCheckTestsMustBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command on a scratch module")
	}
	files := map[string]string{}
	for k, v := range testModule {
		files[k] = v
	}
	files["p/e_test.go"] = "package p\n\nfunc broken() int { return \"no\" }\n"
	if _, err := gather(writeModule(t, files)); err == nil || !strings.Contains(err.Error(), "e_test.go") {
		t.Fatalf("gather = %v, want the compile error of e_test.go", err)
	}
}
