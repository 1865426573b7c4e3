package rapidfuzz

import (
	"fmt"
	"strings"
	"testing"
	_ "unsafe" // for go:linkname

	"pgregory.net/rapid"
)

// Check runs prop on one fuzz input, as the function rapid.MakeFuzz(prop)
// does: the input drives prop's draws; a failure of prop fails t with the
// draws that led to it; an input that gives no valid draw skips t. With
// the standard *testing.T, t is handed to rapid.MakeFuzz(prop); with any
// other TB (the engine's T of the OSS-Fuzz build) rapid's own fuzz check
// runs with t behind a TB that holds the log until a failure (see the
// package doc).
func Check(t rapid.TB, input []byte, prop func(*rapid.T)) {
	t.Helper()
	if st, ok := t.(*testing.T); ok {
		rapid.MakeFuzz(prop)(st, input)
		return
	}
	b := &heldLog{tb: t}
	checkFuzz(b, prop, input)
	if b.failed && !b.reported {
		b.report()
	}
}

// checkFuzz is rapid's fuzz check, the body of the function rapid.MakeFuzz
// returns: it reads input as rapid's bit stream (8 bytes a word, little
// endian) and runs prop once on it, reporting to tb. rapid declares its
// first parameter as its unexported copy of rapid.TB, an interface of the
// same methods.
//
//go:linkname checkFuzz pgregory.net/rapid.checkFuzz
func checkFuzz(tb rapid.TB, prop func(*rapid.T), input []byte)

// heldLog is the TB rapid reports to on the engine's path: it keeps what
// is logged (rapid logs every draw) and what fails, and hands it to tb in
// one Fatalf when the check fails; skips go straight to tb.
type heldLog struct {
	tb       rapid.TB
	log      strings.Builder
	failed   bool
	reported bool
}

// report fails tb with the log held so far.
func (b *heldLog) report() {
	b.reported = true
	b.tb.Fatalf("%s", strings.TrimSuffix(b.log.String(), "\n"))
}

func (b *heldLog) Helper()      {}
func (b *heldLog) Name() string { return b.tb.Name() }

func (b *heldLog) Logf(format string, args ...any) {
	b.log.WriteString(strings.TrimSuffix(fmt.Sprintf(format, args...), "\n") + "\n")
}

func (b *heldLog) Log(args ...any) {
	b.log.WriteString(strings.TrimSuffix(fmt.Sprintln(args...), "\n") + "\n")
}

func (b *heldLog) Skipf(format string, args ...any) { b.tb.SkipNow() }
func (b *heldLog) Skip(args ...any)                 { b.tb.SkipNow() }
func (b *heldLog) SkipNow()                         { b.tb.SkipNow() }

func (b *heldLog) Errorf(format string, args ...any) {
	b.Logf(format, args...)
	b.failed = true
}

func (b *heldLog) Error(args ...any) {
	b.Log(args...)
	b.failed = true
}

func (b *heldLog) Fatalf(format string, args ...any) {
	b.Logf(format, args...)
	b.FailNow()
}

func (b *heldLog) Fatal(args ...any) {
	b.Log(args...)
	b.FailNow()
}

func (b *heldLog) FailNow() {
	b.failed = true
	b.report()
}

func (b *heldLog) Fail()        { b.failed = true }
func (b *heldLog) Failed() bool { return b.failed }
