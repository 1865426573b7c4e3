package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseBuildScript(t *testing.T) {
	lines, err := parseBuildScript("#!/bin/bash\nbuild_target() {\n}\nbuild_target ./impl FuzzJSON\n  build_target . FuzzDetect\n# a comment\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []line{{no: 4, dir: "./impl", fn: "FuzzJSON"}, {no: 5, dir: ".", fn: "FuzzDetect"}}
	if !reflect.DeepEqual(lines, want) {
		t.Fatalf("got %+v, want %+v", lines, want)
	}
	for _, bad := range []string{
		"build_target ./impl",
		"build_target ./impl FuzzJSON extra",
		"build_target impl FuzzJSON",
		"build_target ./impl/../x FuzzJSON",
		"build_target ./impl TestJSON",
		"# nothing here",
	} {
		if _, err := parseBuildScript(bad + "\n"); err == nil {
			t.Errorf("parseBuildScript(%q) accepted it", bad)
		}
	}
	// A target left unbuilt, the way build.sh once listed them, is refused
	// however it is written.
	for _, bad := range []string{
		"# not-built ./impl FuzzJSON: uses helpers of other _test.go files",
		"  #not-built . FuzzDetect: external test package",
		"# not-built ./impl FuzzJSON",
	} {
		_, err := parseBuildScript("build_target ./impl FuzzIsCut\n" + bad + "\n")
		if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "may not be left unbuilt") {
			t.Errorf("parseBuildScript with %q: %v", bad, err)
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

// testModule has two buildable targets (FuzzSelf, FuzzPreLonger) and one
// planted regression of each kind the check knows.
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
	"p/e_test.go": `package p

import "testing"

func FuzzUnsupported(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		t.Run("sub", func(t *testing.T) { Sum(b) })
	})
}
`,
	"p/f_test.go": `package p

import "testing"

func FuzzNamedTwice(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) { Sum(b) }) }
`,
	"p/testdata/notes.txt":         "FuzzNamedTwice is named here too.\n",
	"p/testdata/fuzz/FuzzSelf/one": "go test fuzz v1\n[]byte(\"ab\")\nuint16(3)\n",
	"q/q.go":                       "package q\n\n// One is one.\nconst One = 1\n",
	"q/q_test.go": `package q_test

import "testing"

func FuzzExternal(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) {}) }
`,
	"cfl.go": "package cfl\n\n// Two is two.\nconst Two = 2\n",
	"cfl_test.go": `package cfl

import "testing"

func FuzzRoot(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) {}) }
`,
	".clusterfuzzlite/build.sh": "build_target . FuzzRoot\n",
}

// goodScript lists the buildable targets of testModule.
const goodScript = `build_target ./p FuzzSelf
build_target ./p FuzzPreLonger
`

// only is f with only the targets of keys.
func only(f *facts, keys ...key) *facts {
	g := *f
	g.targets = map[key]*target{}
	for _, k := range keys {
		g.targets[k] = f.targets[k]
	}
	return &g
}

// TestCheck runs the check on a module made for it: its buildable targets
// pass; each planted regression fails it, naming the cause, whether it is
// listed as built or left off the script; and so does each way a script
// can be wrong.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command on a scratch module")
	}
	root := writeModule(t, testModule)
	f, err := gather(root)
	if err != nil {
		t.Fatal(err)
	}
	run := func(f *facts, script string) []error {
		t.Helper()
		lines, err := parseBuildScript(script)
		if err != nil {
			t.Fatal(err)
		}
		_, errs := verify(f, lines)
		return errs
	}
	good := []key{{"./p", "FuzzSelf"}, {"./p", "FuzzPreLonger"}}
	if errs := run(only(f, good...), goodScript); len(errs) != 0 {
		t.Fatalf("the buildable targets fail: %v", errs)
	}
	planted := []struct {
		key
		want string
	}{
		{key{"./p", "FuzzPre"}, `2 lines under ./p hold "func FuzzPre"`},
		{key{"./p", "FuzzHelper"}, "undefined: check"},
		{key{"./p", "FuzzNotLiteral"}, "is given body, not a function literal"},
		{key{"./p", "FuzzUnsupported"}, "it calls t.Run, which the engine's *testing.T does not support"},
		{key{"./p", "FuzzNamedTwice"}, "its name is in 2 files under ./p (p/f_test.go, p/testdata/notes.txt)"},
		{key{"./q", "FuzzExternal"}, "external test package q_test"},
		{key{".", "FuzzRoot"}, "its name is in 2 files under . (.clusterfuzzlite/build.sh, cfl_test.go)"},
	}
	if len(f.targets) != len(good)+len(planted) {
		t.Fatalf("the module has %d targets, the test knows %d", len(f.targets), len(good)+len(planted))
	}
	for _, p := range planted {
		if _, ok := f.targets[p.key]; !ok {
			t.Fatalf("%s: not a target of the module", p.key)
		}
		// Listed as built, it fails with its cause.
		errs := run(only(f, append(good, p.key)...), goodScript+"build_target "+p.dir+" "+p.fn+"\n")
		msg := errors.Join(errs...).Error()
		if len(errs) != 1 || !strings.Contains(msg, "line 3: build_target "+p.key.String()+", but the engine's build would not build it") || !strings.Contains(msg, p.want) {
			t.Errorf("%s listed as built: errors %q do not say %q", p.key, msg, p.want)
		}
		// Left off the script, it fails too.
		errs = run(only(f, append(good, p.key)...), goodScript)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), p.key.String()+" is a fuzz target of the module on no line") {
			t.Errorf("%s left off the script: errors %v", p.key, errs)
		}
	}
	for _, c := range []struct{ name, script, want string }{
		{"fake target", goodScript + "build_target ./p FuzzNope\n", "no such fuzz target"},
		{"fake package", goodScript + "build_target ./r FuzzSelf\n", "no package in directory ./r"},
		{"missing target", strings.Replace(goodScript, "build_target ./p FuzzSelf\n", "", 1), "./p FuzzSelf is a fuzz target of the module on no line"},
		{"duplicate", goodScript + "build_target ./p FuzzSelf\n", "already on line 1"},
	} {
		errs := run(only(f, good...), c.script)
		if len(errs) == 0 || !strings.Contains(errors.Join(errs...).Error(), c.want) {
			t.Errorf("%s: errors %v do not say %q", c.name, errs, c.want)
		}
	}
	// Seed corpora: an orphan directory and a file of the wrong types fail;
	// the good one is written as the engine reads it.
	for name, text := range map[string]string{
		"p/testdata/fuzz/FuzzGone/x":          "go test fuzz v1\n[]byte(\"a\")\n",
		"p/testdata/fuzz/FuzzSelf/bad":        "go test fuzz v1\nstring(\"a\")\n",
		"p/testdata/fuzz/FuzzPreLonger/broke": "go test fuzz v1\n[]byte(\n",
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
	all := errors.Join(run(only(f, good...), goodScript)...).Error()
	for _, want := range []string{
		"seed corpus p/testdata/fuzz/FuzzGone belongs to no fuzz target",
		"seed p/testdata/fuzz/FuzzSelf/bad: holds (string), but FuzzSelf takes ([]uint8, uint16)",
		"seed p/testdata/fuzz/FuzzPreLonger/broke: line 2",
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
	for _, name := range []string{"p/testdata/fuzz/FuzzSelf/bad", "p/testdata/fuzz/FuzzPreLonger"} {
		if err := os.RemoveAll(filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	n, err := writeSeedCorpora(root, lines, out)
	if err != nil || n != 1 {
		t.Fatalf("writeSeedCorpora: %d, %v", n, err)
	}
	if _, err := os.Stat(filepath.Join(out, "p_FuzzSelf_seed_corpus.zip")); err != nil {
		t.Error(err)
	}
}

// TestEngineHazards: calls in a target's body that compile against the
// engine's testing package but panic on every input are reported, however
// rapid and testing are imported; the same calls on another value, or
// rapidfuzz's, are not.
func TestEngineHazards(t *testing.T) {
	src := `package p

import (
	"testing"

	prop "pgregory.net/rapid"
	"example.com/cfl/internal/rapidfuzz"
)

func FuzzA(f *testing.F) {
	f.Fuzz(func(tt *testing.T, b []byte) {
		tt.Parallel()
		_ = testing.AllocsPerRun(1, func() {})
		prop.Check(tt, func(*prop.T) {})
		_ = prop.MakeFuzz(func(*prop.T) {})
	})
}

func FuzzB(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		var other struct{ Run func() }
		other.Run = func() {}
		other.Run()
		_ = testing.Short()
		rapidfuzz.Check(t, b, func(*prop.T) {})
		t.Fatal("x")
	})
}
`
	file := filepath.Join(t.TempDir(), "a_test.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for fn, want := range map[string][]string{
		"FuzzA": {
			"it calls tt.Parallel, which the engine's *testing.T does not support",
			"it calls testing.AllocsPerRun, which the engine's testing package does not support",
			"it calls rapid.Check, which needs the standard *testing.T",
			"it calls rapid.MakeFuzz, which needs the standard *testing.T",
		},
		"FuzzB": nil,
	} {
		tg := &target{key: key{"./p", fn}}
		if err := inspectFile(token.NewFileSet(), file, tg); err != nil {
			t.Fatal(err)
		}
		if tg.file != file {
			t.Fatalf("%s: not found", fn)
		}
		if !reflect.DeepEqual(tg.problems, want) {
			got := strings.Join(tg.problems, "\n")
			if len(tg.problems) != len(want) {
				t.Errorf("%s: problems\n%s\nwant %d of them", fn, got, len(want))
				continue
			}
			for i, w := range want {
				if !strings.HasPrefix(tg.problems[i], w) {
					t.Errorf("%s: problem %d is %q, want %q", fn, i, tg.problems[i], w)
				}
			}
		}
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
