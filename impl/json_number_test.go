package impl

import (
	"encoding/json"
	"fmt"
	"github.com/toolspec/toolspec/internal/jsonwire"
	"strings"
	"testing"
)

// This file pins the JSON number grammar of both validators (jsonwire.Valid's
// jsonwire.ScanValue and the index's scan, both through jsonwire.ScanScalar) against
// encoding/json, in the default suite: a fuzzer may take minutes to find
// that a lone "-" before a comma is accepted, or that an exponent holding
// a 9 is not.

// numberLiterals returns the number-like literals the tests run through
// the validators:
//   - every string of up to four bytes over the bytes that matter to the
//     grammar's state machine (digits 0, 1 and 9, signs, point, e, E);
//   - every digit in every position of the integer part (first, middle,
//     last; after a leading zero), of the fraction and of the exponent
//     (bare, after + and after -, upper and lower case), each combined with
//     every sign and with representative values of the other parts;
//   - the literals other grammars accept and JSON does not.
func numberLiterals() []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	alphabet := []string{"0", "1", "9", "-", "+", ".", "e", "E"}
	level := []string{""}
	for n := 1; n <= 4; n++ {
		var next []string
		for _, p := range level {
			for _, c := range alphabet {
				add(p + c)
				next = append(next, p+c)
			}
		}
		level = next
	}

	const digits = "0123456789"
	signs := []string{"", "-", "+", "--"}
	var ints, fracs, exps []string
	ints = append(ints, "", "00", "-0")
	fracs = append(fracs, "", ".", "..", ".e", ".-1", ".+1")
	exps = append(exps, "", "e", "E", "e+", "e-", "E+", "E-", "e+-1", "e-+1", "ee1", "e.1", "e1.5", "e1e1", "e+e")
	for _, d := range digits {
		s := string(d)
		ints = append(ints, s, "1"+s, s+"1", "12"+s+"3", "0"+s)
		fracs = append(fracs, "."+s, ".1"+s, "."+s+"1", ".00"+s)
		for _, p := range []string{"e", "E", "e+", "e-", "E+", "E-"} {
			exps = append(exps, p+s, p+"1"+s, p+s+"1", p+"0"+s)
		}
	}
	someSigns := []string{"", "-"}
	someInts := []string{"0", "1", "9", "12", "90"}
	someFracs := []string{"", ".5", ".09", ".9"}
	someExps := []string{"", "e9", "E-19", "e+0"}
	for _, s := range signs {
		for _, i := range someInts {
			for _, f := range someFracs {
				for _, e := range someExps {
					add(s + i + f + e)
				}
			}
		}
	}
	for _, s := range someSigns {
		for _, i := range ints {
			for _, f := range someFracs {
				for _, e := range someExps {
					add(s + i + f + e)
				}
			}
		}
		for _, i := range someInts {
			for _, f := range fracs {
				for _, e := range someExps {
					add(s + i + f + e)
				}
			}
		}
		for _, i := range []string{"0", "9", "12"} {
			for _, f := range []string{"", ".9"} {
				for _, e := range exps {
					add(s + i + f + e)
				}
			}
		}
	}
	for _, s := range []string{
		"Infinity", "-Infinity", "NaN", "0x1F", "1_000", "0b1", "0o7", ".5", "-.5", "5.", "1e", "1E+",
		"٣", "１", "1\u00a0", "12345678901234567890123456789", "1e400", "-1e400", "4.9e-324", "2e-400",
		"9007199254740993", "1.7976931348623157e308", "-0.0e-0", "0e0", "0E+00", "1 2", "1,2", "-\t1",
	} {
		add(s)
	}
	return out
}

// numberContexts are the places a literal sits in a document: alone, in an
// array, as a member value, before and after a comma, before white space,
// at the top level of an object after a comma (where the index resumes a
// scan), and nested.
var numberContexts = []string{
	"%s",
	"[%s]",
	"[%s,0]",
	"[0,%s]",
	`{"x":%s}`,
	`{"x":%s }`,
	`{"x":%s,"y":1}`,
	`{"a":"s","x":%s}`,
	`{"a":"s","b":[1,{"c":%s}]}`,
}

// TestJSONNumbers: on every literal of numberLiterals in every context,
// jsonwire.Valid, the index (alone, over a document read just before, and over
// a large document) agree with encoding/json, and parseIndex with
// checkParseIndex.
func TestJSONNumbers(t *testing.T) {
	lits := numberLiterals()
	if len(lits) < 5000 {
		t.Fatalf("only %d literals", len(lits))
	}
	failures := 0
	fail := func(format string, args ...any) {
		t.Helper()
		if failures++; failures <= 20 {
			t.Errorf(format, args...)
		}
	}
	var fresh jsonIndex
	for _, ctx := range numberContexts {
		for _, lit := range lits {
			doc := []byte(fmt.Sprintf(ctx, lit))
			want := json.Valid(doc)
			if got := jsonwire.Valid(doc); got != want {
				fail("jsonwire.Valid(%q) = %v, json.Valid = %v", doc, got, want)
			}
			// The index reads a document without surrounding space.
			doc = jsonwire.TrimSpace(doc)
			if len(doc) == 0 {
				continue
			}
			want = json.Valid(doc)
			fresh.drop() // indexed alone
			if got := fresh.index(doc); got != want {
				fail("index(%q) = %v, json.Valid = %v", doc, got, want)
			}
			if ctx == "%s" && want {
				checkParseIndex(fail, doc)
			}
		}
	}
	if failures > 20 {
		t.Errorf("... and %d more", failures-20)
	}
}

// TestJSONNumbersAfterAnother: the index reads a document whose numbers
// differ from those of the document read just before (a number that
// changes between consecutive chunks: replay fails, the scan resumes after
// a repeated top-level comma or starts over) as encoding/json does, and as
// when the document is indexed alone; so does a document that differs from
// the one before only in a string (replay), whatever number it holds.
func TestJSONNumbersAfterAnother(t *testing.T) {
	lits := numberLiterals()
	contexts := []string{
		`{"x":%s}`,
		`{"a":"s","x":%s}`,
		`{"a":"s","x":%s,"y":"t"}`,
		`{"a":"s","x":[%s],"y":"t"}`,
		`{"x":%s,"a":"s"}`,
		`["s",%s,"t"]`,
	}
	failures := 0
	var x, fresh jsonIndex
	for _, ctx := range contexts {
		for _, lit := range lits {
			doc := []byte(fmt.Sprintf(ctx, lit))
			want := json.Valid(doc)
			// A prior document with another number, then one with another
			// string before it, then one with a longer number.
			x.drop()
			for k, prev := range []string{
				fmt.Sprintf(ctx, "1"),
				strings.Replace(fmt.Sprintf(ctx, "1"), `"s"`, `"ss"`, 1),
				fmt.Sprintf(ctx, "-12.5e+3"),
			} {
				if !x.index([]byte(prev)) {
					t.Fatalf("prior document %q is not valid", prev)
				}
				if got := x.index(doc); got != want {
					if failures++; failures <= 20 {
						t.Errorf("index(%q) after %q = %v, json.Valid = %v", doc, prev, got, want)
					}
					continue
				}
				if !want {
					continue
				}
				fresh.drop()
				fresh.index(doc)
				if got, w := walk(&x, doc), walk(&fresh, doc); got != w {
					t.Fatalf("walk of %q after %q:\n%s\nindexed alone:\n%s", doc, prev, got, w)
				}
				if k > 0 {
					continue
				}
				// The same numbers with another string: replay.
				other := []byte(strings.Replace(string(doc), `"s"`, `"sss"`, 1))
				if !x.index(other) {
					t.Fatalf("index(%q) after %q = false, json.Valid = true", other, doc)
				}
				fresh.drop()
				fresh.index(other)
				if got, w := walk(&x, other), walk(&fresh, other); got != w {
					t.Fatalf("walk of %q after %q:\n%s\nindexed alone:\n%s", other, doc, got, w)
				}
			}
		}
	}
	if failures > 20 {
		t.Errorf("... and %d more", failures-20)
	}
}

// TestJSONNumbersLarge: a document too large for the index is validated by
// jsonwire.ScanValue alone; it agrees with encoding/json on the literals of the
// grammar's corners.
func TestJSONNumbersLarge(t *testing.T) {
	pad := strings.Repeat("p", maxIndexed)
	var x jsonIndex
	for _, lit := range []string{
		"-", "-0", "0", "9", "-9", "01", "-01", "1.", "1.9", ".9", "1e", "1e9", "1E+9", "1e-9", "9e99", "2.5E+19",
		"1e+", "1e-", "+1", "--1", "1.e9", "1.5e", "19", "99.99e-99", "0.0", "00", "1ee9", "1e9.5",
	} {
		for _, ctx := range []string{`{"a":"%s","x":%s}`, `[%[2]s,"%[1]s"]`} {
			doc := []byte(fmt.Sprintf(ctx, pad, lit))
			want := json.Valid(doc)
			if got := x.index(doc); got != want {
				t.Errorf("index of a %d-byte document holding %q = %v, json.Valid = %v", len(doc), lit, got, want)
			}
		}
	}
}

// TestParseIndex: parseIndex reads the edges of the 32-bit range, and the
// numbers around them, as checkParseIndex says, whatever their length.
func TestParseIndex(t *testing.T) {
	lits := []string{
		"0", "-0", "7", "-1", "2147483647", "2147483648", "-2147483648", "-2147483649",
		"4294967296", "-4294967296", "9007199254740993", "9223372036854775807", "9223372036854775808",
		"-9223372036854775809", "18446744073709551616", "21474836470", "99999999999999999999999",
		"1e3", "1E0", "1.0", "2.5", "-0.0", "0e0", "1e-400", "0.99999999999999999999", "1.0000000000000001",
	}
	for _, lit := range lits {
		checkParseIndex(t.Errorf, []byte(lit))
	}
	for _, tc := range []struct {
		lit           string
		n             int
		integer, fits bool
	}{
		{"2147483647", 2147483647, true, true},
		{"-2147483648", -2147483648, true, true},
		{"-0", 0, true, true},
		{"2147483648", 0, true, false},
		{"9007199254740993", 0, true, false},
		{"1e3", 0, false, false},
		{"1.0", 0, false, false},
	} {
		n, integer, fits := parseIndex([]byte(tc.lit))
		if n != tc.n || integer != tc.integer || fits != tc.fits {
			t.Errorf("parseIndex(%q) = %d, %v, %v; want %d, %v, %v", tc.lit, n, integer, fits, tc.n, tc.integer, tc.fits)
		}
	}
}
