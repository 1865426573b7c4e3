package rapidfuzz

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// fakeTB is a rapid.TB that is not a *testing.T, as the engine's T is not:
// it records what it is told, and ends the check on a skip or a fatal
// report as the engine's T does (which panics).
type fakeTB struct {
	fatal   []string
	skipped bool
}

type stop struct{}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Name() string          { return "fake" }
func (f *fakeTB) Logf(string, ...any)   { panic("Logf reached the TB: the log is not held") }
func (f *fakeTB) Log(...any)            { panic("Log reached the TB: the log is not held") }
func (f *fakeTB) Skipf(string, ...any)  { f.SkipNow() }
func (f *fakeTB) Skip(...any)           { f.SkipNow() }
func (f *fakeTB) SkipNow()              { f.skipped = true; panic(stop{}) }
func (f *fakeTB) Errorf(string, ...any) { panic("Errorf reached the TB") }
func (f *fakeTB) Error(...any)          { panic("Error reached the TB") }
func (f *fakeTB) Fatalf(s string, a ...any) {
	f.fatal = append(f.fatal, fmt.Sprintf(s, a...))
	panic(stop{})
}
func (f *fakeTB) Fatal(a ...any) { f.Fatalf("%s", fmt.Sprint(a...)) }
func (f *fakeTB) FailNow()       { f.Fatalf("FailNow") }
func (f *fakeTB) Fail()          { panic("Fail reached the TB") }
func (f *fakeTB) Failed() bool   { return len(f.fatal) > 0 }

// onFake runs Check with a fakeTB and returns it.
func onFake(input []byte, prop func(*rapid.T)) (tb *fakeTB) {
	tb = &fakeTB{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stop); !ok {
				panic(r)
			}
		}
	}()
	Check(tb, input, prop)
	return tb
}

// draws is a property that draws from several generators and records what
// it drew.
func draws(rec *[]any) func(*rapid.T) {
	return func(t *rapid.T) {
		*rec = append(*rec,
			rapid.IntRange(0, 1000).Draw(t, "n"),
			rapid.String().Draw(t, "s"),
			rapid.SliceOfN(rapid.Byte(), 0, 8).Draw(t, "b"),
			rapid.Bool().Draw(t, "ok"))
	}
}

// TestCheckMatches: on the same inputs, Check with the standard *testing.T
// (rapid.MakeFuzz) and with another TB (rapid's own check, linked by name)
// draw the same values, skip the same inputs, and fail exactly the inputs
// whose draws fail the property, reporting the draws.
func TestCheckMatches(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var inputs [][]byte
	for i := 0; i < 600; i++ {
		b := make([]byte, rng.Intn(4)*rng.Intn(700))
		rng.Read(b)
		inputs = append(inputs, b)
	}
	inputs = append(inputs, nil, []byte{0}, make([]byte, 64))
	failing := func(t *rapid.T) {
		var d []any
		draws(&d)(t)
		if n := d[0].(int); n > 500 {
			t.Fatalf("n is %d", n)
		}
	}
	var nStd, nSkip, nFail int
	for i, in := range inputs {
		var std []any
		ran := false
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			Check(t, in, draws(&std))
			ran = true
		})
		var fake []any
		tb := onFake(in, draws(&fake))
		if ran {
			nStd++
		} else {
			nSkip++
		}
		if tb.skipped == ran {
			t.Fatalf("input %x: skipped with *testing.T %v, with another TB %v", in, !ran, tb.skipped)
		}
		if len(tb.fatal) > 0 {
			t.Fatalf("input %x: a passing property failed: %q", in, tb.fatal)
		}
		if ran && !reflect.DeepEqual(std, fake) {
			t.Fatalf("input %x: draws %v with *testing.T, %v with another TB", in, std, fake)
		}
		ftb := onFake(in, failing)
		wantFail := ran && std[0].(int) > 500
		if (len(ftb.fatal) > 0) != wantFail || ftb.skipped != !ran {
			t.Fatalf("input %x (n %v): failed %q, skipped %v", in, std, ftb.fatal, ftb.skipped)
		}
		if wantFail {
			nFail++
			if msg := ftb.fatal[0]; len(ftb.fatal) != 1 || !strings.Contains(msg, fmt.Sprintf("[rapid] draw n: %d", std[0])) || !strings.Contains(msg, fmt.Sprintf("n is %d", std[0])) {
				t.Fatalf("input %x: report %q does not show the draw and the failure", in, ftb.fatal)
			}
		}
	}
	if nStd < 100 || nSkip < 10 || nFail < 20 {
		t.Fatalf("inputs: %d ran, %d skipped, %d failed: too few of some", nStd, nSkip, nFail)
	}
	t.Logf("inputs: %d ran, %d skipped, %d failed", nStd, nSkip, nFail)
}

// TestCheckPanic: a panic in the property fails the input on the engine's
// path too, with the panic in the report.
func TestCheckPanic(t *testing.T) {
	tb := onFake(make([]byte, 64), func(t *rapid.T) {
		rapid.Int().Draw(t, "x")
		panic("boom")
	})
	if tb.skipped || len(tb.fatal) != 1 || !strings.Contains(tb.fatal[0], "boom") || !strings.Contains(tb.fatal[0], "[rapid] draw x:") {
		t.Fatalf("skipped %v, report %q", tb.skipped, tb.fatal)
	}
}
