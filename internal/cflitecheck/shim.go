package main

// shimSource is a stand-in, for compiling only, of the testing package
// that compile_native_go_fuzzer builds a target against: go-118-fuzz-build
// (github.com/AdamKorcz/go-118-fuzz-build/testing, at the version that
// .clusterfuzzlite/build.sh pins) turns the file that declares the target
// into a non-test file of its package and points its "testing" import at
// that package. The stand-in has the same type names and method sets (what
// the compiler sees), written here from its API; no body does anything.
// It has no B, TB, InternalTest or the like, as the real one has none, so a
// target whose file uses them does not build with the engine either; its
// RegisterCover, RunExamples and RunTests take the standard package's
// types, as the real ones do.
const shimSource = `package testing

import (
	"testing"
	"time"
)

type F struct {
	Data     []byte
	T        *T
	FuzzFunc func(*T, any)
}

func (f *F) CleanupTempDirs()                  {}
func (f *F) Add(args ...any)                   {}
func (f *F) Cleanup(fn func())                 {}
func (f *F) Error(args ...any)                 {}
func (f *F) Errorf(format string, args ...any) {}
func (f *F) Fail()                             {}
func (f *F) FailNow()                          {}
func (f *F) Failed() bool                      { return false }
func (f *F) Fatal(args ...any)                 {}
func (f *F) Fatalf(format string, args ...any) {}
func (f *F) Fuzz(ff any)                       {}
func (f *F) Helper()                           {}
func (f *F) Log(args ...any)                   {}
func (f *F) Logf(format string, args ...any)   {}
func (f *F) Name() string                      { return "" }
func (f *F) Setenv(key, value string)          {}
func (f *F) Skip(args ...any)                  {}
func (f *F) SkipNow()                          {}
func (f *F) Skipf(format string, args ...any)  {}
func (f *F) Skipped() bool                     { return false }
func (f *F) TempDir() string                   { return "" }

type T struct {
	TempDirs []string
}

func NewT() *T { return &T{} }

func (t *T) Cleanup(fn func())                         {}
func (t *T) Deadline() (deadline time.Time, ok bool)   { return }
func (t *T) Error(args ...any)                         {}
func (t *T) Errorf(format string, args ...any)         {}
func (t *T) Fail()                                     {}
func (t *T) FailNow()                                  {}
func (t *T) Failed() bool                              { return false }
func (t *T) Fatal(args ...any)                         {}
func (t *T) Fatalf(format string, args ...any)         {}
func (t *T) Helper()                                   {}
func (t *T) Log(args ...any)                           {}
func (t *T) Logf(format string, args ...any)           {}
func (t *T) Name() string                              { return "" }
func (t *T) Parallel()                                 {}
func (t *T) Run(name string, fn func(t *T)) bool       { return false }
func (t *T) Setenv(key, value string)                  {}
func (t *T) Skip(args ...any)                          {}
func (t *T) SkipNow()                                  {}
func (t *T) Skipf(format string, args ...any)          {}
func (t *T) Skipped() bool                             { return false }
func (t *T) TempDir() string                           { return "" }
func (t *T) CleanupTempDirs()                          {}

func AllocsPerRun(runs int, fn func()) (avg float64) { return 0 }
func RegisterCover(c testing.Cover)                  {}
func RunExamples(matchString func(pat, str string) (bool, error), examples []testing.InternalExample) (ok bool) {
	return false
}
func RunTests(matchString func(pat, str string) (bool, error), tests []testing.InternalTest) (ok bool) {
	return false
}
func CoverMode() string                              { return "" }
func Coverage() float64                              { return 0 }
func Init()                                          {}
func Short() bool                                    { return false }
func Verbose() bool                                  { return false }

type M struct{}

func (m *M) Run() (code int) { return 0 }
`
