package impl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/toolspec/toolspec/internal/jsonwire"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var jsonSeeds = []string{
	`{}`, `[]`, `{"a":1}`, ` {"a" : [1, 2.5e3, -0, true, false, null, "x"]} `, `"\ud83d\ude00"`, `"\ud800"`,
	`"\ud800\u0041"`, "\"\xff\xfe\"", `"a\"b\\c\/d\b\f\n\r\t"`, `{"a":}`, `[1,]`, `01`, `1.`, `1e`, `-`, `"\x"`,
	"\"\x01\"", `{"a":1,"a":2}`, `nul`, `{"\u0074ype":"x"}`, `1e400`, `123456789012345678901234567890`,
}

// deepSeeds are at and just past encoding/json's nesting limit.
var deepSeeds = []string{
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	`{"a":` + strings.Repeat(`{"b":`, 9999) + "1" + strings.Repeat("}", 10000),
}

// FuzzJSON checks the toolkit against encoding/json on arbitrary bytes.
func FuzzJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkJSON(t, b)
	})
}

func TestJSONSeeds(t *testing.T) {
	for _, s := range append(jsonSeeds, deepSeeds...) {
		checkJSON(t, []byte(s))
	}
}

func checkJSON(t *testing.T, b []byte) {
	valid := json.Valid(b)
	if got := jsonwire.Valid(b); got != valid {
		t.Fatalf("jsonwire.Valid(%q) = %v, json.Valid = %v", b, got, valid)
	}
	var x jsonIndex
	if v := jsonwire.TrimSpace(b); len(v) > 0 && x.index(v) != valid {
		t.Fatalf("jsonIndex.index(%q) = %v, json.Valid = %v", b, !valid, valid)
	}
	if !valid {
		return
	}
	// The indexed walk and the byte-skipping walk see the same members and
	// elements at every level.
	if got, want := walk(&x, jsonwire.TrimSpace(b)), walk(&jsonIndex{}, jsonwire.TrimSpace(b)); got != want {
		t.Fatalf("indexed walk of %q:\n%s\nbyte-skipping walk:\n%s", b, got, want)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatal(err)
	}
	v := jsonwire.TrimSpace(b)
	if got := jsonwire.AppendCompact(nil, v); !bytes.Equal(got, c.Bytes()) {
		t.Fatalf("jsonwire.AppendCompact(%q) = %q, json.Compact = %q", b, got, c.Bytes())
	}
	switch v[0] {
	case '"':
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			t.Fatal(err)
		}
		if got := string(jsonwire.AppendUnquote(nil, v)); got != s {
			t.Fatalf("jsonwire.AppendUnquote(%q) = %q, encoding/json = %q", v, got, s)
		}
		if !jsonwire.KeyIs(v, s) {
			t.Fatalf("jsonwire.KeyIs(%q, %q) = false", v, s)
		}
	case '{':
		var m map[string]json.RawMessage
		if err := json.Unmarshal(v, &m); err != nil {
			t.Fatal(err)
		}
		last := map[string][]byte{}
		x.eachMember(v, func(k, val []byte) { last[string(jsonwire.AppendUnquote(nil, k))] = val })
		if len(last) != len(m) {
			t.Fatalf("eachMember(%q) saw %d keys, encoding/json %d", v, len(last), len(m))
		}
		for k, raw := range m {
			if !bytes.Equal(last[k], raw) {
				t.Fatalf("member %q = %q, encoding/json %q", k, last[k], raw)
			}
		}
	case '[':
		var a []json.RawMessage
		if err := json.Unmarshal(v, &a); err != nil {
			t.Fatal(err)
		}
		n := 0
		x.eachElem(v, func(i int, val []byte) {
			if i != n || !bytes.Equal(val, a[i]) {
				t.Fatalf("element %d = %q, encoding/json %q", i, val, a[i])
			}
			n++
		})
		if n != len(a) {
			t.Fatalf("eachElem saw %d elements, encoding/json %d", n, len(a))
		}
	default:
		if v[0] == '-' || (v[0] >= '0' && v[0] <= '9') {
			checkParseIndex(t.Fatalf, v)
		}
	}
	if jsonwire.IsObject(b) != (v[0] == '{') {
		t.Fatalf("jsonwire.IsObject(%q) = %v", b, jsonwire.IsObject(b))
	}
}

// walk lists every key and value of the valid value v, depth first, as x
// finds them.
func walk(x *jsonIndex, v []byte) string {
	var sb strings.Builder
	var rec func(v []byte, depth int)
	rec = func(v []byte, depth int) {
		if depth > 64 {
			return
		}
		fmt.Fprintf(&sb, "%*s%q\n", depth, "", v)
		switch v[0] {
		case '"':
			fmt.Fprintf(&sb, "%*splain %v\n", depth, "", x.plain(v))
		case '{':
			x.eachMember(v, func(k, val []byte) {
				fmt.Fprintf(&sb, "%*skey %q plain %v\n", depth, "", k, x.plain(k))
				rec(val, depth+1)
			})
		case '[':
			x.eachElem(v, func(_ int, val []byte) { rec(val, depth+1) })
		}
	}
	rec(v, 0)
	return sb.String()
}

// resumeKeySets are looked up in every document of FuzzIndexResume.
var resumeKeySets = []*keySet{
	newKeySet("choices", "error"),
	newKeySet("a", "c", "x"),
	newKeySet("b", "g", "0", "model"),
}

// FuzzIndexResume checks the skipping of a repeated leading part: documents
// indexed one after the other, each sharing a prefix with the one before,
// are read exactly as when each is indexed alone.
func FuzzIndexResume(f *testing.F) {
	for _, s := range []string{
		`{"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"a"}}],"usage":null}`,
		`{"a":1,"b":[1,2,{"c":"d"}],"e":{"f":null},"g":"h\u0041"}`,
		`{"a" : 1 , "b" : 2 ,"c":3}`,
		`{"a":1,"a":2,"a":3}`,
	} {
		f.Add([]byte(s), []byte(`"x":1}`), uint16(len(s)/2), uint16(len(s)/3))
		f.Add([]byte(s), []byte(`]}`), uint16(len(s)-1), uint16(4))
		f.Add([]byte(s), []byte(``), uint16(len(s)), uint16(len(s)))
	}
	f.Fuzz(func(t *testing.T, a, tail []byte, cut1, cut2 uint16) {
		b := append(append([]byte(nil), a[:int(cut1)%(len(a)+1)]...), tail...)
		c := append([]byte(nil), b[:int(cut2)%(len(b)+1)]...)
		c = append(c, a[min(len(c), len(a)):]...)
		var x jsonIndex
		for _, doc := range [][]byte{a, b, c, a, b} {
			doc = jsonwire.TrimSpace(doc)
			if len(doc) == 0 {
				continue
			}
			valid := json.Valid(doc)
			if got := x.index(doc); got != valid {
				t.Fatalf("index(%q) after others = %v, json.Valid = %v", doc, got, valid)
			}
			if !valid {
				continue
			}
			var fresh jsonIndex
			fresh.index(doc)
			if doc[0] == '{' {
				// The first key set again last: the next document starts with its memo.
				for _, ks := range append(resumeKeySets, resumeKeySets[0]) {
					got, want := make([][]byte, len(ks.keys)), make([][]byte, len(ks.keys))
					x.lookupN(doc, ks, got)
					fresh.lookupN(doc, ks, want)
					if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
						t.Fatalf("lookupN(%q, %q) after others = %q, indexed alone %q", doc, ks.keys, got, want)
					}
				}
			}
			if got, want := walk(&x, doc), walk(&fresh, doc); got != want {
				t.Fatalf("walk of %q after others:\n%s\nindexed alone:\n%s", doc, got, want)
			}
		}
	})
}

// TestIndexReplay checks which documents are read by replaying the one
// before, that each is read as when indexed alone, and that a replay
// keeps the generation, a number changed or not (memos hold token
// indices, never values).
func TestIndexReplay(t *testing.T) {
	const chunk = `{"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"%s"},"x":[1,"%s",{"k":"%s"}]}],"usage":null,"o":"%s"}`
	for _, c := range []struct {
		prev, doc string
		replay    bool
	}{
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "ab", "c", "d", "e"), true},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "abcdef", "c", "d", "e"), true},
		{fmt.Sprintf(chunk, "abcdef", "c", "d", "e"), fmt.Sprintf(chunk, "a", "c", "d", "e"), true},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "a\\\"b", "cc", "", "ééé"), true},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "x", "\\u00e9\\ud800", "d", "\xff"), true},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "ab", "c", "d", "eeeeeeeeeeeeeeeeeeeeeee"), true},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "a\\x", "c", "d", "e"), false}, // invalid escape
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "a\"", "c", "d", "e"), false},  // the string ends early
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `"index":0`, `"index":1`, 1), true},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "abc", "c", "d", "e"), `[1,`, `[-12.5e+3,`, 1), true},
		{strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `[1,`, `[12,`, 1), fmt.Sprintf(chunk, "ab", "c", "d", "e"), true},  // shorter
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `[1,`, `[10,`, 1), true},  // the old number is a prefix of the new
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `[1,`, `[01,`, 1), false}, // not a number
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `[1,`, `[1.,`, 1), false},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `[1,`, `["1",`, 1), false}, // a number became a string
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `"k"`, `"kk"`, 1), false},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `"c"`, `7`, 1), false},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), strings.Replace(fmt.Sprintf(chunk, "ab", "c", "d", "e"), `null`, `true`, 1), false},
		{fmt.Sprintf(chunk, "ab", "c", "d", "e"), fmt.Sprintf(chunk, "ab", "c", "d", "e") + "}", false},
		{`"abc"`, `"abcd"`, true},
		{`["a","b"]`, `["a","bb","c"]`, false},
	} {
		var x, fresh jsonIndex
		if !x.index([]byte(c.prev)) {
			t.Fatalf("prev %q is not valid", c.prev)
		}
		doc := []byte(c.doc)
		valid := json.Valid(doc)
		// Whether replay reads doc, on a copy of the record.
		y := x
		y.ends, y.toks, y.tokEnd, y.holes = slices.Clone(x.ends), slices.Clone(x.toks), slices.Clone(x.tokEnd), slices.Clone(x.holes)
		y.commas, y.moved, y.flags = slices.Clone(x.commas), nil, nil
		if len(y.ends) < len(doc) {
			y.ends = append(y.ends, make([]int32, len(doc)-len(y.ends))...)
		}
		if got := y.replay(doc, commonPrefix(doc, y.prev)); got != c.replay {
			t.Errorf("replay(%q after %q) = %v, want %v", doc, c.prev, got, c.replay)
		} else if got {
			if y.gen != x.gen {
				t.Errorf("replay(%q after %q) moved the generation", doc, c.prev)
			}
		}
		if got := x.index(doc); got != valid {
			t.Fatalf("index(%q) after %q = %v, json.Valid %v", doc, c.prev, got, valid)
		}
		if !valid {
			continue
		}
		fresh.index(doc)
		if got, want := walk(&x, doc), walk(&fresh, doc); got != want {
			t.Errorf("walk of %q after %q:\n%s\nindexed alone:\n%s", doc, c.prev, got, want)
		}
	}
}

// TestIndexSequence indexes runs of documents that replay, resume and scan
// one after the other, each checked against the document indexed alone.
func TestIndexSequence(t *testing.T) {
	for _, docs := range [][]string{
		{`{"a":"x","b":1,"c":2}`, `{"a":"xxxx","b":1,"c":2}`, `{"a":"xxxx","b":1,"c":[3]}`, `{"a":"xxxx","b":1,"c":[3,4]}`},
		{`{"a":"xxxx","b":"y","c":2}`, `{"a":"x","b":"yy","c":2}`, `{"a":"x","b":"yy","c":{"d":"e"}}`, `{"a":"x","b":"yy","c":{"d":"eee"}}`},
		{`{"a":"x","b":1}`, `{"a":"\u00e9","b":1}`, `{"a":"\u00e9","b":1,"c":"z"}`, `{"a":"é","b":1,"c":"zz"}`, `{"b":1}`},
		{`["a",{"b":"c"}]`, `["aa",{"b":"c"}]`, `["aa",{"b":"cc"}]`, `["",{"b":""}]`, `["",{"b":"",}]`, `["",{"b":""}]`},
	} {
		var x jsonIndex
		for k, s := range docs {
			doc := []byte(s)
			valid := json.Valid(doc)
			if got := x.index(doc); got != valid {
				t.Fatalf("%q, document %d: index = %v, json.Valid %v", docs, k, got, valid)
			}
			if !valid {
				continue
			}
			var fresh jsonIndex
			fresh.index(doc)
			if got, want := walk(&x, doc), walk(&fresh, doc); got != want {
				t.Fatalf("%q, document %d: walk\n%s\nindexed alone:\n%s", docs, k, got, want)
			}
			if got, want := fmt.Sprint(x.commas), fmt.Sprint(fresh.commas); got != want {
				t.Fatalf("%q, document %d: commas %s, indexed alone %s", docs, k, got, want)
			}
		}
	}
}

// isCutRef is the reference's definition of a cut payload (FRAME-1): a
// proper prefix of a JSON text, which encoding/json's Decoder reports as
// io.ErrUnexpectedEOF.
func isCutRef(p []byte) bool {
	t := bytes.TrimLeft(p, " \t\r\n")
	if len(t) == 0 {
		return true
	}
	var raw json.RawMessage
	return json.NewDecoder(bytes.NewReader(t)).Decode(&raw) == io.ErrUnexpectedEOF
}

// TestIsCut pins isCut against encoding/json on every prefix of JSON texts
// that reach every scanner's way of running out of input: cut strings,
// escapes, \u escapes, literals, numbers, nesting and white space.
func TestIsCut(t *testing.T) {
	docs := []string{
		`{"a":"x\"y\\z\/\b\f\n\r\t\u00e9\uD83D\uDE00","b":[true,false,null,-1.5e+10,0,2E-3],"c":{}}`,
		`[ {"k" : "v" } , [ ] , "é" , 1e9 , -0.0 ]`,
		`"just a string \u0041"`, `-12.75e-3`, `null`, `tr`, `{"a":tx}`, `{"a":01}`, `{"a":"\q"}`,
		`{"a":"\u12g4"}`, "{\"a\":\"\x01\"}", `{"a":-}`, `{"a":1.}`, `{"a":1e}`, `{}}`, `{} {`, `[1,]`,
	}
	for _, d := range docs {
		for i := 0; i <= len(d); i++ {
			p := []byte(d[:i])
			if got, want := isCut(p), isCutRef(p); got != want {
				t.Errorf("isCut(%q) = %v, encoding/json says %v", p, got, want)
			}
		}
	}
}

// FuzzIsCut compares isCut with encoding/json on arbitrary bytes.
func FuzzIsCut(f *testing.F) {
	for _, s := range []string{`{"a":"\u00`, `{"a":tru`, `{"a":[1,{"b":`, `{"a":-`, `[[[`, `{"a":"x\`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if got, want := isCut(p), isCutRef(p); got != want {
			t.Fatalf("isCut(%q) = %v, encoding/json says %v", p, got, want)
		}
	})
}

// argsProblemRef is refjson.ArgsProblem, asked of encoding/json, rebuilt
// here from its definition (impl may not import model).
func argsProblemRef(b []byte) string {
	start := len(b) - len(bytes.TrimLeft(b, " \t\r\n"))
	if json.Valid(b) {
		return fmt.Sprintf("arguments are a JSON %s, not an object, at byte %d", jsonwire.Kind(b[start]), start)
	}
	if isCutRef(b) {
		return fmt.Sprintf("arguments are not one JSON object: cut at byte %d", len(b))
	}
	var raw json.RawMessage
	var syn *json.SyntaxError
	if err := json.Unmarshal(b, &raw); !errors.As(err, &syn) {
		return "not a syntax error: " + err.Error()
	}
	if strings.HasSuffix(syn.Error(), "exceeded max depth") {
		return fmt.Sprintf("arguments are not one JSON object: nested deeper than 10000 levels at byte %d", syn.Offset-1)
	}
	return fmt.Sprintf("arguments are not one JSON object: a syntax error at byte %d", syn.Offset-1)
}

// TestArgsProblem pins jsonwire.ArgsProblem's offsets against encoding/json on every
// prefix and every one-byte change of argument texts, and on nesting at the
// depth limit.
func TestArgsProblem(t *testing.T) {
	docs := []string{`{"a":1} x`, `{"a":tx}`, `{"a":tru}`, `{"a":"\q"}`, `{"a":"\u12g4"}`, `{"a":-}`, `[1,2]`, `"s"`, ` 12`,
		`{}{}`, `{"a" 1}`, "{\"a\":\"\x01\"}", `x`, `{"a":1.}`, `{"a":01}`, `{"k":[true,false,null,{"n":-1.5e+3}],"s":"\u00e9\n"}`}
	check := func(b []byte) {
		if len(jsonwire.TrimSpace(b)) == 0 || jsonwire.IsObject(b) {
			return
		}
		if got, want := jsonwire.ArgsProblem(b), argsProblemRef(b); got != want {
			t.Errorf("jsonwire.ArgsProblem(%q) = %s\n   encoding/json: %s", b, got, want)
		}
	}
	for _, d := range docs {
		for i := 1; i <= len(d); i++ {
			check([]byte(d[:i]))
		}
		for i := 0; i < len(d); i++ {
			for _, c := range []byte{'x', '"', '\\', '}', ']', ',', ':', '1', ' ', 0x01} {
				b := []byte(d)
				b[i] = c
				check(b)
			}
		}
	}
	deep := strings.Repeat("[", jsonwire.MaxDepth) + "[" + strings.Repeat("]", jsonwire.MaxDepth+1)
	check([]byte(deep))
	check([]byte(`{"a":` + deep + `}`))
	check([]byte(`{"a":"[[[` + strings.Repeat("[", jsonwire.MaxDepth) + `"}x`))
}

// FuzzArgsProblem compares jsonwire.ArgsProblem with encoding/json on arbitrary bytes.
func FuzzArgsProblem(f *testing.F) {
	for _, s := range []string{`{"a":tx}`, `{"a":"\u12g4"}`, `{} x`, `[[[`, `{"a":"\q"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(jsonwire.TrimSpace(b)) == 0 || jsonwire.IsObject(b) {
			return
		}
		if got, want := jsonwire.ArgsProblem(b), argsProblemRef(b); got != want {
			t.Fatalf("jsonwire.ArgsProblem(%q) = %s\n   encoding/json: %s", b, got, want)
		}
	})
}

// checkParseIndex checks parseIndex on the valid JSON number lit against
// its definition (FRAME-6), written as model's asInt writes it: an optional
// minus sign and digits, whose value strconv.ParseInt reads into 32 bits.
// It lives beside FuzzJSON, which calls it, so that the fuzzing engine's
// build of this file alone compiles.
func checkParseIndex(fail func(string, ...any), lit []byte) {
	digits := strings.TrimPrefix(string(lit), "-")
	integer := digits != "" && strings.Trim(digits, "0123456789") == ""
	want, err := strconv.ParseInt(string(lit), 10, 32)
	fits := integer && err == nil
	n, gotInteger, gotFits := parseIndex(lit)
	if gotInteger != integer || gotFits != fits || (fits && int64(n) != want) {
		fail("parseIndex(%q) = %d, integer %v, fits %v; want %d, %v, %v", lit, n, gotInteger, gotFits, want, integer, fits)
	}
}
